/**
 * Migration 006: basic pages (the FAQ) and compliance (docs/requirements/screens.md#faq, Compliance; docs/requirements/entities.md#faq,
 * Compliance; docs/requirements/calls.md `GET /api/basic-page/faq`, `GET /api/compliance`). Markup of the FAQ body:
 * `contract/content.ts`.
 *
 * - `basic_pages`: static HTML pages by machine name (`'faq'`). A row with a `cloud_id`
 *   overrides the shared row (`cloud_id` null) for that cloud.
 * - `compliance_pages`: the HTML shown above a cloud's compliance table (`page_top`).
 * - `compliance_rows`: a cloud's authorisations: description (HTML), estimated approval date
 *   (`YYYY-MM-DD`), sort order.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import { sql, type Kysely } from 'kysely'
import { globMatch } from '../dialect.js'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('basic_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('machine_name', 'text', (c) => c.notNull())
    .addColumn('cloud_id', 'integer', (c) => c.references('clouds.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute()
  // One shared row and at most one override per cloud (SQLite treats NULLs as distinct, hence the expression).
  await sql`CREATE UNIQUE INDEX basic_pages_name_cloud ON basic_pages (machine_name, coalesce(cloud_id, 0))`.execute(db)

  await db.schema
    .createTable('compliance_pages')
    .addColumn('cloud_id', 'integer', (c) => c.primaryKey().references('clouds.id').onDelete('cascade'))
    .addColumn('page_top', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('compliance_rows')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull().check(globMatch(db, 'date', '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('compliance_rows_cloud').on('compliance_rows').columns(['cloud_id', 'sort']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('compliance_rows').execute()
  await db.schema.dropTable('compliance_pages').execute()
  await db.schema.dropTable('basic_pages').execute()
}
