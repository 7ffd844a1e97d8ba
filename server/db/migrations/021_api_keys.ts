/**
 * Migration 021: API keys for machines (docs/operating/api-keys.md).
 *
 * - `api_keys`: one row per key an administrator made. The key itself is shown once and never
 *   stored: `key_hash` is its SHA-256 (hex; a key holds 256 random bits, so a plain hash is as
 *   strong as a slow one), `prefix` its first characters for people to recognise it. `role` is a
 *   privileged role (docs/requirements/roles.md) whose permissions the key has; `cloud_id` limits it
 *   to one cloud (null: every cloud). `created`, `expires`, `last_used` and `revoked` are epoch ms;
 *   `created_by` the name of the administrator who made it.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('cloud_id', 'integer', (c) => c.references('clouds.id').onDelete('cascade'))
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('expires', 'integer', (c) => c.notNull())
    .addColumn('last_used', 'integer')
    .addColumn('revoked', 'integer')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_keys').ifExists().execute()
}
