/**
 * Migration 014: postmortems of resolved incidents (docs/operating/console-and-desk.md#postmortems;
 * `contract/desk.ts` `Postmortem`).
 *
 * - `record_postmortems`: at most one per record. `body` is the operator's Markdown, `html` its
 *   rendering sanitised with the site's allow-list (what the public post shows); `created` and
 *   `updated` epoch ms, `updated_by` the staff member who saved it last (null once their account
 *   is gone); `published_at` epoch ms when it was first published on the post, null while it is a
 *   draft; `notified_at` and `notify_event_id` when subscribers were told: the record event
 *   (`kind` `updated`, its note the postmortem) whose fan-out mailed them — there is only ever one,
 *   so a postmortem is mailed once.
 *
 * A new table only: nothing existing is rewritten. Never edit this migration once it has shipped;
 * add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('record_postmortems')
    .addColumn('record_id', 'integer', (c) => c.primaryKey().references('records.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('published_at', 'integer')
    .addColumn('notified_at', 'integer')
    .addColumn('notify_event_id', 'integer', (c) => c.unique().references('record_events.id').onDelete('set null'))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('record_postmortems').ifExists().execute()
}
