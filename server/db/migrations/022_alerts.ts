/**
 * Migration 022: incidents from the vendor's alerts (docs/operating/alertmanager.md; shapes in
 * `contract/alerts.ts`).
 *
 * - `alert_rules`: the operator's ordered rules mapping an Alertmanager alert group onto a cloud,
 *   its services and data centers. `position` orders them (0 first; the first enabled match wins);
 *   `matchers`, `services` and `data_centers` are JSON arrays; `cloud` is a cloud's machine name or
 *   null when `cloud_label` names the label that gives it; `severity` is `disruption` or
 *   `degradation`, `mode` `draft` or `publish`, `on_resolve` `resolve` or `offer`; `grace_seconds`
 *   the flapping grace period.
 * - `alert_incidents`: one row per (rule, Alertmanager group key, episode). An episode ends when
 *   the incident is resolved (or a dismissed draft's alerts resolve); the group firing later starts
 *   the next one. `state` is `draft`, `open`, `resolving`, `resolved` or `dismissed`; `record_id`
 *   the published record (null before publishing); `affected` a JSON array of `{kind, tid}`;
 *   `rule_name`, `mode`, `on_resolve`, `severity` and `grace_seconds` are copied from the rule when
 *   the incident starts, so editing or deleting a rule never changes a running incident. Instants
 *   are epoch ms.
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('matchers', 'text', (c) => c.notNull())
    .addColumn('cloud', 'text')
    .addColumn('cloud_label', 'text')
    .addColumn('services', 'text', (c) => c.notNull())
    .addColumn('services_label', 'text')
    .addColumn('data_centers', 'text', (c) => c.notNull())
    .addColumn('data_centers_label', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('on_resolve', 'text', (c) => c.notNull())
    .addColumn('title_template', 'text', (c) => c.notNull())
    .addColumn('body_template', 'text', (c) => c.notNull())
    .addColumn('grace_seconds', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('alert_incidents')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('rule_id', 'integer', (c) => c.references('alert_rules.id').onDelete('set null'))
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('episode', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.references('records.id').onDelete('set null'))
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('on_resolve', 'text', (c) => c.notNull())
    .addColumn('grace_seconds', 'integer', (c) => c.notNull())
    .addColumn('affected', 'text', (c) => c.notNull())
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    .addColumn('first_fired', 'integer', (c) => c.notNull())
    .addColumn('last_fired', 'integer', (c) => c.notNull())
    .addColumn('resolving_since', 'integer')
    .addColumn('resolves_at', 'integer')
    .addColumn('resolution_offered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resolved_at', 'integer')
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addUniqueConstraint('alert_incidents_group', ['rule_id', 'group_key', 'episode'])
    .execute()
  await db.schema.createIndex('alert_incidents_state').on('alert_incidents').columns(['state', 'resolves_at']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('alert_incidents').ifExists().execute()
  await db.schema.dropTable('alert_rules').ifExists().execute()
}
