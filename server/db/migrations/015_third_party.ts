/**
 * Migration 015: third-party components (docs/operating/console-and-desk.md#third-party-components).
 *
 * - `upstream_groups`: a component group of one cloud that follows another Statuspage-v2-compatible
 *   page. `base_url` is the page's base (`https://status.example.com`, no trailing slash; its
 *   summary is `${base_url}/api/v2/summary.json`); `name` the group's display name; `sort` its
 *   place among the cloud's third-party groups. Poll state (instants in epoch ms):
 *   `last_success_at` (the last answer that was a valid summary, or a 304), `last_failure_at` and
 *   `last_error` (the last failed poll and why, in words), `failing_since` (the first failure of
 *   the current run of failures, null while the page answers), `failures` (failures in a row: the
 *   backoff step), `next_poll_at` (when the next poll is due; pollers claim a poll by moving it),
 *   `etag` / `last_modified` (validators of the last good answer, sent back as `If-None-Match` /
 *   `If-Modified-Since`), `page_name` (the upstream page's own name).
 * - `upstream_components`: the components of the last good answer (group rows of the upstream page
 *   are not stored; a member carries its upstream group's name in `group_name`). `upstream_id` is
 *   the page's id of the component (unique per group); `status` is Statuspage's component status as
 *   the upstream said it; `position` its place in the upstream page's order; `updated_at` the
 *   upstream's `updated_at` (epoch ms), or the poll's instant when the upstream gave none.
 *
 * Both are public data (the cloud status page shows them), so they are not private tables.
 * Subscriptions to an upstream component are rows of `subscriptions` whose target is
 * `third-party:{upstream_components.id}`.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('upstream_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('page_name', 'text')
    .addColumn('last_success_at', 'integer')
    .addColumn('last_failure_at', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('failing_since', 'integer')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_poll_at', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .execute()
  await db.schema.createIndex('upstream_groups_cloud').on('upstream_groups').columns(['cloud_id', 'sort']).execute()
  await db.schema.createIndex('upstream_groups_due').on('upstream_groups').column('next_poll_at').execute()
  await db.schema
    .createTable('upstream_components')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('upstream_groups.id').onDelete('cascade'))
    .addColumn('upstream_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addUniqueConstraint('upstream_components_upstream_id', ['group_id', 'upstream_id'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('upstream_components').execute()
  await db.schema.dropTable('upstream_groups').execute()
}
