/**
 * Migration 007: the admin console's audit log (issue "the operator's own site").
 *
 * - `audit_log`: one row per change made through the admin API or the catalogue import: who
 *   (`actor_uid`, `actor_name`; `null` uid for the command line), when (`at`, epoch ms), what
 *   (`action`, e.g. `'catalog.data_centers'`, `'compliance.update'`; `target`, e.g. a cloud's
 *   machine name) and the values before and after (JSON text; `null` when there was none).
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('actor_uid', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
}
