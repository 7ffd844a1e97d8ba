/**
 * Migration 001: the foundation tables — settings, products, clouds (with their banner and status
 * flags), menus, the shared term id space, regions, data centers, the cloud ↔ data center links and
 * daily traffic for the speedometer.
 *
 * Later slices add their own numbered migrations (services, records, users, subscriptions, outbox)
 * that reference these tables by id; never edit this one once it has shipped.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was at the time they were written, not as `schema.ts` says
// today, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('machine_name', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('clouds')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('machine_name', 'text', (c) => c.notNull().unique())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('default_page', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banner_title', 'text', (c) => c.notNull())
    .addColumn('banner_description', 'text', (c) => c.notNull())
    .addColumn('status_core_cloud_services', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status_datacenter', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status_premium_datacenter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'clouds_status_flags',
      sql`status_core_cloud_services in (0, 1) and status_datacenter in (0, 1) and status_premium_datacenter in (0, 1)`,
    )
    .execute()
  await db.schema.createIndex('clouds_product_id').on('clouds').column('product_id').execute()

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('menu', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('menu_items.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('component', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deep_link', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_from_clouds', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('menu_items_menu', sql`menu in ('main', 'top')`)
    .addCheckConstraint('menu_items_deep_link', sql`deep_link in (0, 1)`)
    .execute()
  await db.schema.createIndex('menu_items_menu_parent_sort').on('menu_items').columns(['menu', 'parent_id', 'sort']).execute()

  await db.schema
    .createTable('terms')
    .addColumn('tid', 'integer', (c) => c.primaryKey())
    .addColumn('vocabulary', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('terms_vocabulary').on('terms').column('vocabulary').execute()

  await db.schema
    .createTable('regions')
    .addColumn('tid', 'integer', (c) => c.primaryKey().references('terms.tid').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('data_centers')
    .addColumn('tid', 'integer', (c) => c.primaryKey().references('terms.tid').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region_tid', 'integer', (c) => c.notNull().references('regions.tid').onDelete('restrict'))
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('data_centers_coordinates', sql`latitude between -90 and 90 and longitude between -180 and 180`)
    .execute()
  await db.schema.createIndex('data_centers_region_tid').on('data_centers').column('region_tid').execute()

  await db.schema
    .createTable('cloud_data_centers')
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('data_center_tid', 'integer', (c) => c.notNull().references('data_centers.tid').onDelete('cascade'))
    .addColumn('regional_surcharge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium_dc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('cloud_data_centers_pk', ['cloud_id', 'data_center_tid'])
    .addCheckConstraint('cloud_data_centers_flags', sql`regional_surcharge in (0, 1) and premium_dc in (0, 1) and active in (0, 1)`)
    .execute()
  await db.schema.createIndex('cloud_data_centers_data_center_tid').on('cloud_data_centers').column('data_center_tid').execute()

  await db.schema
    .createTable('traffic_daily')
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('transactions', 'bigint', (c) => c.notNull())
    .addColumn('threats_blocked', 'bigint', (c) => c.notNull())
    .addColumn('policy_enforcements', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_daily_pk', ['cloud_id', 'day'])
    .addCheckConstraint('traffic_daily_counts', sql`transactions >= 0 and threats_blocked >= 0 and policy_enforcements >= 0`)
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'traffic_daily',
    'cloud_data_centers',
    'data_centers',
    'regions',
    'terms',
    'menu_items',
    'clouds',
    'products',
    'settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
