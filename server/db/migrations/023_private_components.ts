/**
 * Migration 023: private components and customer groups (docs/operating/catalogue.md#private-components,
 * docs/embedding.md).
 *
 * - `component_groups`: one row per (cloud, data center or core service, customer group). A cloud's
 *   data center or core service with at least one row is private on that cloud: it is left out of
 *   every public answer and shown only to viewers of one of its groups (a verified console token).
 *   `tid` is a data center's or a service's term id; `customer_group` a short machine name such as
 *   `acme`. A component without rows is public.
 * - `user_customer_groups`: which customer groups a registered subscriber belongs to; mail about a
 *   record on private components goes only to subscribers of the groups that may see it.
 *
 * Records are not marked: a record is private when it concerns a private component of one of its
 * clouds (computed when it is read, so a catalogue change takes effect at once).
 *
 * Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('component_groups')
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('customer_group', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('component_groups_pk', ['cloud_id', 'tid', 'customer_group'])
    .execute()
  await db.schema.createIndex('component_groups_tid').on('component_groups').columns(['tid', 'cloud_id']).execute()
  await db.schema
    .createTable('user_customer_groups')
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('customer_group', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_customer_groups_pk', ['uid', 'customer_group'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_customer_groups').ifExists().execute()
  await db.schema.dropTable('component_groups').ifExists().execute()
}
