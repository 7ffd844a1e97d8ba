/**
 * Migration 009: webhook and Slack subscriptions (docs/subscriptions.md; `contract/webhooks.ts`,
 * `server/webhooks/`).
 *
 * - `webhook_endpoints`: a signed-in user's HTTPS endpoints. `kind` is `webhook` (a receiver of
 *   Standard Webhooks signed JSON) or `slack` (a Slack incoming-webhook URL, sent a Block Kit
 *   message). `secret` is the endpoint's signing secret (`whsec_` + base64 of 32 random bytes;
 *   `null` for Slack, which verifies nothing), shown to its owner once when the endpoint is added.
 *   `consecutive_failures` counts failed attempts since the last successful one; once it reaches
 *   the limit (`server/webhooks/deliver.ts`) the endpoint is disabled: `disabled_at` (epoch ms) and
 *   `disabled_reason` are set, and nothing more is delivered to it. Unique per (`uid`, `url`).
 * - `webhook_deliveries`: one row per endpoint and event, the webhook outbox. `event_key`
 *   (`record-event:{id}`) is unique per endpoint, so enqueueing an event twice adds nothing;
 *   `message_id` is the `webhook-id` header, the same on every attempt; `payload` is the exact JSON
 *   text that is POSTed (and signed). `attempts`, `next_attempt_at` (epoch ms: the backoff),
 *   `delivered_at` (epoch ms once a 2xx came back), `last_status` (HTTP status, null when no answer
 *   came) and `last_error` record the delivery's progress.
 *
 * Instants are epoch ms in `integer` columns (bigint on PostgreSQL). Never edit this migration
 * once it has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('webhook', 'slack')`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'integer')
    .addColumn('disabled_reason', 'text')
    .execute()
  await db.schema.createIndex('webhook_endpoints_user_url').on('webhook_endpoints').columns(['uid', 'url']).unique().execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('delivered_at', 'integer')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .execute()
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['endpoint_id', 'event_key']).unique().execute()
  // The worker looks for due, undelivered rows.
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['delivered_at', 'next_attempt_at']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute()
  await db.schema.dropTable('webhook_endpoints').ifExists().execute()
}
