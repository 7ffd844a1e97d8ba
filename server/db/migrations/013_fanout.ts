/**
 * Migration 013: the notification storm (docs/operating/scaling.md) — fan-out jobs, delivery acknowledgements and
 * an index of the pending mail only.
 *
 * - `fanout_jobs`: one row per record event whose subscribers are to be told. The transaction
 *   that publishes (or updates, or the scheduler's step) commits the record and this row only;
 *   the recipients are expanded afterwards in chunks (`server/publishing/fanout.ts`).
 *   `event_id` is unique (one fan-out per event); `recipients` is the number of subscribers the
 *   event matched when it was committed; `cursor_uid` the highest user id expanded so far (users
 *   are expanded in uid order); `mails` the emails enqueued so far; `finished_at` (epoch ms) set
 *   when the last chunk is in, null while it runs; `link_origin` the origin of the links in its
 *   mails when the publishing request chose one (`server/http/origin.ts` `linkOrigin`), null for
 *   the server's own (`PUBLIC_URL`).
 * - `outbox_acks`: on PostgreSQL, the mails a server handed to the SMTP server while its claim on
 *   their outbox rows was still open (`server/mail/outbox.ts`). Each is committed the moment the
 *   mail is accepted, outside the claim's transaction, so a server killed mid-batch leaves a
 *   record of what it had sent and no other server sends it again. No foreign key: the claim holds
 *   its rows `for update`, and a key check would wait for it.
 * - `outbox_pending`: replaced by a partial index on `id` of the rows not yet sent, so claiming
 *   pending mail reads the pending rows only, however long the sent history is; `outbox_sent_at`
 *   (partial: the sent rows) serves pruning by age and the dashboard's send rate, and
 *   `outbox_pending_event` (partial: the unsent rows) counts one event's unsent mail without
 *   reading its sent mail.
 * - `subscriptions_cloud_target` and `notification_subscriptions_target` end with `uid`, so a chunk
 *   reads the subscribers of its uid range only, not every subscriber of the target.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('fanout_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('event_id', 'integer', (c) => c.notNull().unique().references('record_events.id').onDelete('cascade'))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor_uid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'integer')
    .addColumn('link_origin', 'text')
    .execute()
  await db.schema.createIndex('fanout_jobs_running').on('fanout_jobs').column('id').where(sql.ref('finished_at'), 'is', null).execute()
  await db.schema
    .createTable('outbox_acks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sent_at', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.dropIndex('outbox_pending').execute()
  await db.schema.createIndex('outbox_pending').on('outbox').column('id').where(sql.ref('sent_at'), 'is', null).execute()
  await db.schema.createIndex('outbox_sent_at').on('outbox').column('sent_at').where(sql.ref('sent_at'), 'is not', null).execute()
  await db.schema
    .createIndex('outbox_pending_event')
    .on('outbox')
    .columns(['event_key', 'attempts', 'sent_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute()
  // A chunk reads the subscribers of a target in a uid range: the index ends with the uid.
  await db.schema.dropIndex('subscriptions_cloud_target').execute()
  await db.schema.createIndex('subscriptions_cloud_target').on('subscriptions').columns(['cloud_id', 'target', 'uid']).execute()
  await db.schema.dropIndex('notification_subscriptions_target').execute()
  await db.schema.createIndex('notification_subscriptions_target').on('notification_subscriptions').columns(['target', 'uid']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notification_subscriptions_target').execute()
  await db.schema.createIndex('notification_subscriptions_target').on('notification_subscriptions').column('target').execute()
  await db.schema.dropIndex('subscriptions_cloud_target').execute()
  await db.schema.createIndex('subscriptions_cloud_target').on('subscriptions').columns(['cloud_id', 'target']).execute()
  await db.schema.dropIndex('outbox_pending_event').execute()
  await db.schema.dropIndex('outbox_sent_at').execute()
  await db.schema.dropIndex('outbox_pending').execute()
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'id']).execute()
  await db.schema.dropTable('outbox_acks').execute()
  await db.schema.dropTable('fanout_jobs').execute()
}
