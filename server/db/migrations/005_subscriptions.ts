/**
 * Migration 005: subscriptions and publishing (docs/requirements/screens.md#subscriptions-page; docs/requirements/entities.md#subscription-data,
 * Notification subscriptions; docs/requirements/states.md#subscribe-star; docs/requirements/calls.md subscription calls). The model is described
 * at `contract/subscriptions.ts` and implemented in `server/subscriptions/tree.ts`.
 *
 * - `subscription_topics`: the maintenance and advisory rows of the Subscriptions page, terms of
 *   the `subscription_topic` vocabulary (tids from `TID_BASE.subscription_topic` + 1, seeded by
 *   `server/subscriptions/topics.ts`). An advisory topic matches records by `event_type`.
 * - `subscriptions`: the stored targets of a user per cloud: `'all'`, `'core_cloud_services'`,
 *   `'public'`, `'premium'` or a tid as a decimal string.
 * - `notification_subscriptions`: stored targets of a user over every cloud: `'all'`, a
 *   notification type or a category tid string.
 * - `record_events`: one row per publish or update of a record; its id keys the emails it causes.
 * - `unsubscribe_tokens`: the one-click links of notification emails, SHA-256 hex of the token,
 *   with the targets (JSON array of strings) the email was sent for.
 *
 * Instants are epoch ms. Never edit this migration once it has shipped; add a new one.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('subscription_topics')
    .addColumn('tid', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('maintenance', 'advisory')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['uid', 'cloud_id', 'target'])
    .execute()
  // Dispatch looks subscribers up by cloud and target.
  await db.schema.createIndex('subscriptions_cloud_target').on('subscriptions').columns(['cloud_id', 'target']).execute()

  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_subscriptions_pk', ['uid', 'target'])
    .execute()
  await db.schema.createIndex('notification_subscriptions_target').on('notification_subscriptions').column('target').execute()

  await db.schema
    .createTable('record_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('published', 'updated')`))
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute()
  await db.schema.createIndex('record_events_record').on('record_events').column('record_id').execute()

  await db.schema
    .createTable('unsubscribe_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('cloud', 'notification')`))
    .addColumn('cloud_id', 'integer')
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['unsubscribe_tokens', 'record_events', 'notification_subscriptions', 'subscriptions', 'subscription_topics']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
