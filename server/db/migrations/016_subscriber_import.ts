/**
 * Migration 016: subscriber invitations of the CSV import (docs/subscriptions.md#subscriber-import-and-export;
 * `server/subscriptions/invites.ts`).
 *
 * - `subscriber_invites`: one row per person an import asked to subscribe. Nothing of it is a
 *   subscription yet: the topics wait here until the person opens the opt-in link of their mail
 *   and confirms. `token_hash` is the SHA-256 (hex) of the link's token, never the token itself;
 *   `topics` is JSON `{ clouds: { [cloud id]: string[] }, notifications: string[] }` (stored
 *   targets, `server/subscriptions/tree.ts`); `names` the topics as the file named them (JSON
 *   array of strings, the CSV notation); `created` / `expires` / `confirmed_at` epoch ms
 *   (`confirmed_at` null until confirmed). An address has at most one open invitation: a later
 *   import within its validity replaces its topics without a second mail.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('subscriber_invites')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('topics', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('expires', 'integer', (c) => c.notNull())
    .addColumn('confirmed_at', 'integer')
    .execute()
  await db.schema.createIndex('subscriber_invites_uid').on('subscriber_invites').columns(['uid', 'expires']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('subscriber_invites').ifExists().execute()
}
