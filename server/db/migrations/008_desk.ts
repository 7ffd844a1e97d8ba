/**
 * Migration 008: the incident desk (issue "The incident desk: publish, update and resolve from the
 * console, and maintenance that runs itself"; `contract/desk.ts`).
 *
 * - `record_events` is rebuilt so that `kind` allows every kind of `RecordEventKind`
 *   (`published`, `updated`, `reminder`, `started`, `completed`, `postponed`, `cancelled`) and
 *   gains `window_from` (epoch ms, nullable): for the events the maintenance scheduler makes by
 *   itself (`reminder`, `started`, `completed`) the `from_time` of the window they belong to, `null`
 *   for the others. The UNIQUE index on (`record_id`, `kind`, `window_from`) is the scheduler's
 *   atomic claim: inserting the event row is what makes a transition happen, and a second insert
 *   for the same window does nothing (NULLs are distinct, so manual events never collide).
 *   A CHECK constraint cannot be changed in place in SQLite, so the table is rebuilt portably with
 *   the schema builder: create the new table, copy the rows (ids kept: they key the outbox's
 *   `record-event:{id}:uid:{uid}` mails), drop the old one, rename the new one.
 *   On PostgreSQL, whose identity sequence does not follow copied ids, the sequence is then moved
 *   past the highest id (`syncIdentitySequences`).
 * - `record_updates`: the update history of a record (`RecordUpdate`): when (`at`, epoch ms), the
 *   status it set, its text (sanitised HTML, `''` for a status change without text) and the record
 *   event it belongs to (`null` when there is none).
 * - `record_templates`: templates of the desk's publish form: a unique `name`, the record `type`
 *   and `notification_type` they are for (the permission that changes them), the fields they fill
 *   in (JSON text of `TemplateFields`), when (epoch ms) and by whom they were last saved.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'
import { syncIdentitySequences } from '../dialect.js'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

/** The kinds of record event from this migration on (`contract/desk.ts` `RecordEventKind`). */
const KINDS = ['published', 'updated', 'reminder', 'started', 'completed', 'postponed', 'cancelled']

/** Creates `record_events` under `name` with the `kinds` it allows, with or without `window_from`. */
async function createEvents(db: AnyDb, name: string, kinds: readonly string[], windowFrom: boolean): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN (${sql.join(kinds.map((k) => sql.lit(k)))})`))
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
  if (windowFrom) table = table.addColumn('window_from', 'integer')
  await table.execute()
}

/** Copies the rows of `from` into `to` (the columns both have), ids included. */
async function copyEvents(db: AnyDb, from: string, to: string): Promise<void> {
  const columns = ['id', 'record_id', 'kind', 'at', 'note']
  await db.insertInto(to).columns(columns).expression(db.selectFrom(from).select(columns)).execute()
}

/** Replaces `record_events` by a copy made by `create`, with its indexes. */
async function rebuildEvents(db: AnyDb, kinds: readonly string[], windowFrom: boolean): Promise<void> {
  await createEvents(db, 'record_events_new', kinds, windowFrom)
  await copyEvents(db, 'record_events', 'record_events_new')
  await db.schema.dropTable('record_events').execute()
  await db.schema.alterTable('record_events_new').renameTo('record_events').execute()
  await db.schema.createIndex('record_events_record').on('record_events').column('record_id').execute()
  // The copied ids: PostgreSQL's sequence must move past them (nothing to do on SQLite).
  await syncIdentitySequences(db)
  if (windowFrom) {
    await db.schema.createIndex('record_events_window').on('record_events').columns(['record_id', 'kind', 'window_from']).unique().execute()
  }
}

export async function up(db: AnyDb): Promise<void> {
  await rebuildEvents(db, KINDS, true)

  await db.schema
    .createTable('record_updates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('record_events.id').onDelete('set null'))
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull().references('record_statuses.id'))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('record_updates_record').on('record_updates').columns(['record_id', 'at']).execute()

  await db.schema
    .createTable('record_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('notification_type', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('record_templates').ifExists().execute()
  await db.schema.dropTable('record_updates').ifExists().execute()
  // Events of the new kinds cannot go back into the old table.
  await db.deleteFrom('record_events').where('kind', 'not in', ['published', 'updated']).execute()
  await rebuildEvents(db, ['published', 'updated'], false)
}
