/**
 * Migration 020: staff identity — employee single sign-on, a second factor, sessions a person can
 * see and end (docs/operating/staff-sign-in.md).
 *
 * - `sessions` gains what the account's session list shows and what the admin routes check:
 *   `public_id` (a random id the list and "Sign out this session" use; the cookie's hash never
 *   leaves the server), `user_agent` and `ip` as the server saw them at sign-in, `last_seen`
 *   (epoch ms, refreshed at most once a minute), `auth_method` (`password` | `sso`),
 *   `second_factor` (null until the session proved one: `totp` | `passkey` | `recovery`) and
 *   `challenge` (the WebAuthn challenge this session is answering, else null). Rows from before
 *   get a `public_id` from their hash's first 32 characters.
 * - `users` gains `sso_issuer` and `sso_subject`: an account created or linked by single sign-on
 *   (the pair is unique). Such an account has no usable local password.
 * - `totp_factors`: one authenticator (RFC 6238) per account: `secret` base32, `confirmed`
 *   (epoch ms, null while the enrolment waits for its first code), `last_step` (the last accepted
 *   30-second step: a code is never accepted twice).
 * - `recovery_codes`: one-time codes, stored as SHA-256 hex; `used_at` epoch ms once spent.
 * - `passkeys`: WebAuthn credentials: `credential_id` base64url, `public_key` base64url (COSE),
 *   `counter`, `transports` (JSON array), `name`, `created` and `last_used` epoch ms.
 * - `sso_flows`: one row per started sign-in at the identity provider, keyed by the SHA-256 of
 *   its `state`: the PKCE `code_verifier`, the `nonce`, the destination path, `expires` epoch ms.
 *   A row is deleted when its callback comes, so a replayed callback finds none. In the database,
 *   not in process memory, so several origins behind a CDN share it.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute()
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('sessions').addColumn('last_seen', 'integer').execute()
  await db.schema
    .alterTable('sessions')
    .addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('password'))
    .execute()
  await db.schema.alterTable('sessions').addColumn('second_factor', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('challenge', 'text').execute()
  await db.updateTable('sessions').set({ public_id: sql`substr(id_hash, 1, 32)`, last_seen: sql`created` }).execute()
  await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute()

  await db.schema.alterTable('users').addColumn('sso_issuer', 'text').execute()
  await db.schema.alterTable('users').addColumn('sso_subject', 'text').execute()
  await db.schema.createIndex('users_sso').on('users').columns(['sso_issuer', 'sso_subject']).unique().execute()

  await db.schema
    .createTable('totp_factors')
    .addColumn('uid', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('confirmed', 'integer')
    .addColumn('last_step', 'integer')
    .execute()

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .execute()
  await db.schema.createIndex('recovery_codes_uid').on('recovery_codes').column('uid').execute()

  await db.schema
    .createTable('passkeys')
    .addColumn('credential_id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('last_used', 'integer')
    .execute()
  await db.schema.createIndex('passkeys_uid').on('passkeys').column('uid').execute()

  await db.schema
    .createTable('sso_flows')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('expires', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['sso_flows', 'passkeys', 'recovery_codes', 'totp_factors']) await db.schema.dropTable(table).ifExists().execute()
  await db.schema.dropIndex('users_sso').ifExists().execute()
  await db.schema.alterTable('users').dropColumn('sso_subject').execute()
  await db.schema.alterTable('users').dropColumn('sso_issuer').execute()
  await db.schema.dropIndex('sessions_public_id').ifExists().execute()
  for (const column of ['challenge', 'second_factor', 'auth_method', 'last_seen', 'ip', 'user_agent', 'public_id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute()
  }
}
