/**
 * Migration 017: Microsoft Teams endpoints (docs/subscriptions.md; `contract/webhooks.ts`,
 * `server/webhooks/`, docs/subscriptions.md#webhooks-slack-and-teams).
 *
 * `webhook_endpoints.kind` also allows `teams`: a Teams incoming-webhook or Workflows URL, sent an
 * Adaptive Card; like `slack`, its `secret` is `null`. Nothing else changes; every row is kept.
 *
 * - PostgreSQL changes the CHECK constraint in place (dropped and added again, in the migration's
 *   transaction).
 * - SQLite cannot change a CHECK constraint, so `webhook_endpoints` is rebuilt the way SQLite
 *   documents for schema changes ("Making Other Kinds Of Table Schema Changes"): with foreign keys
 *   off — `webhook_deliveries` references it with `on delete cascade`, and dropping the old table
 *   with foreign keys on would delete every delivery — and inside one transaction: create the new
 *   table, copy the rows (ids kept: the deliveries point at them), drop the old one, rename the new
 *   one, create its unique (`uid`, `url`) index again, keep the AUTOINCREMENT counter, then
 *   `foreign_key_check` (a dangling delivery rolls everything back) before foreign keys go back on.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect.js'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

/** The kinds from this migration on (`contract/webhooks.ts` `WebhookKind`). */
const KINDS = ['webhook', 'slack', 'teams']
/** The kinds of migration 009. */
const OLD_KINDS = ['webhook', 'slack']

const kindCheck = (kinds: readonly string[]) => sql`kind IN (${sql.join(kinds.map((k) => sql.lit(k)))})`

/** PostgreSQL: replaces the CHECK constraint on `kind` (whatever its name) by one allowing `kinds`. */
async function replaceCheckPostgres(db: AnyDb, kinds: readonly string[]): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'webhook_endpoints'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(db)
  for (const { conname } of rows) await sql`alter table webhook_endpoints drop constraint ${sql.id(conname)}`.execute(db)
  await sql`alter table webhook_endpoints add constraint webhook_endpoints_kind_check check (${kindCheck(kinds)})`.execute(db)
}

/** SQLite: rebuilds `webhook_endpoints` with a CHECK allowing `kinds` (see the module comment). */
async function rebuildSqlite(db: AnyDb, kinds: readonly string[]): Promise<void> {
  const before = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)
  const foreignKeys = Number(before.rows[0]?.foreign_keys ?? 0) === 1
  // Only outside a transaction does this pragma take effect.
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (trx) => {
      const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'webhook_endpoints'`.execute(trx)
      await trx.schema
        .createTable('webhook_endpoints_new')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(kindCheck(kinds)))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text')
        .addColumn('created', 'integer', (c) => c.notNull())
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled_at', 'integer')
        .addColumn('disabled_reason', 'text')
        .execute()
      const columns = ['id', 'uid', 'kind', 'url', 'secret', 'created', 'consecutive_failures', 'disabled_at', 'disabled_reason']
      await trx
        .insertInto('webhook_endpoints_new')
        .columns(columns)
        .expression(trx.selectFrom('webhook_endpoints').select(columns))
        .execute()
      await trx.schema.dropTable('webhook_endpoints').execute()
      await trx.schema.alterTable('webhook_endpoints_new').renameTo('webhook_endpoints').execute()
      await trx.schema.createIndex('webhook_endpoints_user_url').on('webhook_endpoints').columns(['uid', 'url']).unique().execute()
      const seq = counter.rows[0]?.seq
      if (seq !== undefined) {
        const now = await sql`select seq from sqlite_sequence where name = 'webhook_endpoints'`.execute(trx)
        if (now.rows.length > 0) {
          await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'webhook_endpoints'`.execute(trx)
        } else await sql`insert into sqlite_sequence (name, seq) values ('webhook_endpoints', ${seq})`.execute(trx)
      }
      const dangling = await sql`pragma foreign_key_check`.execute(trx)
      if (dangling.rows.length > 0) throw new Error(`017_teams: ${dangling.rows.length} rows break a foreign key after the rebuild`)
    })
  } finally {
    if (foreignKeys) await sql`pragma foreign_keys = on`.execute(db)
  }
}

async function widen(db: AnyDb, kinds: readonly string[]): Promise<void> {
  if (isPostgres(db)) await replaceCheckPostgres(db, kinds)
  else await rebuildSqlite(db, kinds)
}

export async function up(db: AnyDb): Promise<void> {
  await widen(db, KINDS)
}

export async function down(db: AnyDb): Promise<void> {
  // Teams endpoints cannot go back into the old table (their deliveries go with them).
  await db.deleteFrom('webhook_endpoints').where('kind', 'not in', OLD_KINDS).execute()
  await widen(db, OLD_KINDS)
}
