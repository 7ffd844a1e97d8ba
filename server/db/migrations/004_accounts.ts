/**
 * Migration 004: accounts and sessions (docs/requirements/entities.md#session, Cookies; docs/requirements/states.md#sign-in, Logout, Sign-up;
 * docs/requirements/validation.md; docs/requirements/roles.md) and the mail outbox.
 *
 * - `users`: `name` is unique without regard to case (`COLLATE NOCASE`); `mail` is stored
 *   lower-cased and unique. `pass_hash` is `scrypt$N$r$p$salt$hash` (base64, see
 *   `server/accounts/passwords.ts`). `verified` is 0/1. Instants are epoch ms.
 * - `user_roles`: role machine names per user (docs/requirements/roles.md).
 * - `sessions`: `id_hash` is the SHA-256 (hex) of the random cookie value, never the value itself.
 *   `expires` = `created` + 86 400 000 ms.
 * - `flood`: one row per counted event (failed login, rate-limited call) for flood control.
 * - `user_tokens`: one-time email tokens (`purpose` `'verify'` | `'reset'`), stored as SHA-256 hex.
 * - `outbox`: mail waiting for (or done with) delivery; `event_key` (unique when set) lets a
 *   caller enqueue a given notification at most once.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import { sql, type Kysely } from 'kysely'
import { caseInsensitiveText, enableCaseInsensitiveText } from '../dialect.js'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  // `name` compares and stays unique without regard to case (`../dialect.ts`).
  await enableCaseInsensitiveText(db)
  await db.schema
    .createTable('users')
    .addColumn('uid', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', caseInsensitiveText(db), (c) => c.notNull().unique())
    .addColumn('mail', 'text', (c) => c.notNull().unique())
    .addColumn('pass_hash', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('last_login', 'integer')
    .execute()

  await db.schema
    .createTable('user_roles')
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['uid', 'role'])
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('logout_token', 'text', (c) => c.notNull())
    .addColumn('security_string', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('expires', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_uid').on('sessions').column('uid').execute()
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires').execute()

  await db.schema
    .createTable('flood')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('at', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('flood_event_identifier_at').on('flood').columns(['event', 'identifier', 'at']).execute()

  await db.schema
    .createTable('user_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('verify', 'reset')`))
    .addColumn('expires', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .execute()
  await db.schema.createIndex('user_tokens_uid').on('user_tokens').column('uid').execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('event_key', 'text', (c) => c.unique())
    .execute()
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'id']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['outbox', 'user_tokens', 'flood', 'sessions', 'user_roles', 'users']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
