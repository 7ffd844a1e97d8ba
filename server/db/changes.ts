/**
 * Telling a process that another one wrote to the database: the origin's response cache must not
 * outlive a write made through another origin or a command-line tool, and a mail enqueued
 * anywhere should go out at once (docs/operating/scaling.md#scaling-out).
 *
 * - PostgreSQL: statement triggers on every table whose rows public answers are made of send
 *   `NOTIFY trust_changes` when the writing transaction commits, and inserts into `outbox`,
 *   `webhook_deliveries` and `fanout_jobs` send `NOTIFY trust_outbox`. Every process LISTENs on one connection of
 *   its own. Delivery takes milliseconds, so no process serves an answer older than the write by
 *   more than that.
 *   Chosen over a short cache TTL, which would serve stale answers for the whole TTL and cost one
 *   query per URL per TTL on every origin.
 * - SQLite (one machine): `PRAGMA data_version` changes when another connection commits; it is
 *   read once a second, never per request.
 */
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { isPostgres } from './dialect.js'
import type { Database } from './schema.js'

/** The channel of writes to public data. */
export const CHANGES_CHANNEL = 'trust_changes'
/** The channel of new outbox rows. */
export const OUTBOX_CHANNEL = 'trust_outbox'
/** How often SQLite's `data_version` is read, ms. */
const SQLITE_POLL_MS = 1000
/** Wait before listening again after the listening connection broke, ms. */
const RECONNECT_MS = 1000

/**
 * Tables no public answer is made of (accounts, sessions, mail, subscriptions, the audit log,
 * the desk's templates, webhook endpoints and deliveries): writing them leaves the response caches
 * alone. Every other table — including any a later migration adds — notifies.
 */
export const PRIVATE_TABLES: readonly string[] = [
  'users',
  'user_roles',
  'sessions',
  'flood',
  'user_tokens',
  'outbox',
  'outbox_acks',
  'fanout_jobs',
  'subscriptions',
  'notification_subscriptions',
  'unsubscribe_tokens',
  'subscriber_invites',
  'audit_log',
  'record_templates',
  'webhook_endpoints',
  'webhook_deliveries',
]

/**
 * PostgreSQL: creates (or replaces) the notifying functions and the triggers on every table of
 * the current schema but {@link PRIVATE_TABLES} and Kysely's migration tables. Idempotent; run at
 * start-up after the migrations, under `withStartupLock`. Does nothing on SQLite.
 */
export async function installChangeNotifications(db: Kysely<Database>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`create or replace function trust_notify_changes() returns trigger language plpgsql as $$
    begin perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, ''); return null; end $$`.execute(db)
  await sql`create or replace function trust_notify_outbox() returns trigger language plpgsql as $$
    begin perform pg_notify(${sql.lit(OUTBOX_CHANNEL)}, ''); return null; end $$`.execute(db)
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
  for (const { table_name: table } of rows) {
    if (table.startsWith('kysely_') || PRIVATE_TABLES.includes(table)) continue
    await sql`create or replace trigger trust_changes after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function trust_notify_changes()`.execute(db)
  }
  await sql`create or replace trigger trust_outbox after insert on outbox
    for each statement execute function trust_notify_outbox()`.execute(db)
  // Webhook deliveries are an outbox too: the same channel wakes every origin's worker.
  await sql`create or replace trigger trust_webhook_outbox after insert on webhook_deliveries
    for each statement execute function trust_notify_outbox()`.execute(db)
  // A fan-out job (a record event's subscribers to tell) wakes every origin's fan-out.
  await sql`create or replace trigger trust_fanout after insert on fanout_jobs
    for each statement execute function trust_notify_outbox()`.execute(db)
}

/** What {@link watchChanges} calls. */
export interface ChangeHandlers {
  /** Public data changed (in any process, this one included on PostgreSQL). */
  onChange(): void
  /** Mail was enqueued in some process (PostgreSQL only; SQLite's mailer polls). */
  onMail(): void
  /** Where a broken listening connection is reported. */
  log?: { warn(obj: object, msg: string): void }
}

/** A running watch; `close()` stops it. */
export interface ChangeWatch {
  close(): Promise<void>
}

/**
 * Starts watching for writes of other processes to the database at `location` (`db`'s own): a
 * LISTEN connection on PostgreSQL (reconnecting after {@link RECONNECT_MS} when it breaks, with an
 * `onChange` then, since notifications may have been missed), the `data_version` poll on SQLite.
 *
 * @throws When the first PostgreSQL connection fails.
 */
export async function watchChanges(db: Kysely<Database>, location: string, handlers: ChangeHandlers): Promise<ChangeWatch> {
  if (!isPostgres(db)) return pollDataVersion(db, handlers)
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined
  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: location })
    next.on('notification', ({ channel }) => {
      if (channel === CHANGES_CHANNEL) handlers.onChange()
      else if (channel === OUTBOX_CHANNEL) handlers.onMail()
    })
    let lost = false
    const onLost = (reason: string) => {
      if (lost || closed) return
      lost = true
      handlers.log?.warn({ err: reason }, 'database notifications: connection lost')
      next.end().catch(() => undefined)
      if (client === next) client = null
      retry = setTimeout(() => void reconnect(), RECONNECT_MS)
    }
    next.on('error', (error) => onLost(error.message))
    next.on('end', () => onLost('connection ended'))
    await next.connect()
    await next.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${OUTBOX_CHANNEL}`)
    client = next
  }
  const reconnect = async (): Promise<void> => {
    try {
      await listen()
      handlers.onChange()
      handlers.onMail()
    } catch (error) {
      handlers.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'database notifications: reconnect failed')
      if (!closed) retry = setTimeout(() => void reconnect(), RECONNECT_MS)
    }
  }
  await listen()
  return {
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    },
  }
}

/** SQLite: `onChange` when `PRAGMA data_version` moves (a commit on another connection). */
async function pollDataVersion(db: Kysely<Database>, { onChange }: ChangeHandlers): Promise<ChangeWatch> {
  const read = async () => (await sql<{ data_version: number }>`PRAGMA data_version`.execute(db)).rows[0]?.data_version
  let version = await read()
  const timer = setInterval(() => {
    read().then(
      (next) => {
        if (next !== version) onChange()
        version = next
      },
      () => undefined, // closing
    )
  }, SQLITE_POLL_MS)
  timer.unref()
  return { close: async () => clearInterval(timer) }
}
