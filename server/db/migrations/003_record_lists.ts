/**
 * Migration 003: what the record lists, single posts and notification lists add to migration 002
 * (docs/requirements/screens.md#notification-list-page, Single post; docs/requirements/entities.md#record, Notification list; docs/requirements/calls.md).
 *
 * - `records.url_redirect`: a notification may send its reader elsewhere on the site (docs/requirements/screens.md#route-table
 *   /notification/{id}): a path below the site without the leading slash, stored as authored.
 *   The client checks it stays on its origin before following it.
 * - `notification_categories`: terms of the `notification_category` vocabulary (URL categories,
 *   cloud-application groups, privacy topics), each belonging to one notification type. A
 *   notification is linked to its categories through `record_terms`, like services and data
 *   centers.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('records').addColumn('url_redirect', 'text').execute()

  await db.schema
    .createTable('notification_categories')
    .addColumn('tid', 'integer', (c) => c.primaryKey().references('terms.tid').onDelete('restrict'))
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('notification_categories_type_name', ['notification_type', 'name'])
    .execute()
  // The notification lists page by type and time.
  await db.schema.createIndex('records_notification_type_from_time').on('records').columns(['notification_type', 'from_time']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('records_notification_type_from_time').ifExists().execute()
  await db.schema.dropTable('notification_categories').ifExists().execute()
  await db.schema.alterTable('records').dropColumn('url_redirect').execute()
}
