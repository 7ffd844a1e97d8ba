/**
 * Migration 002: what the cloud status timeline and the record lists are made of (docs/requirements/entities.md#record,
 * Severity, Service or location item; docs/requirements/states.md#record-statuses).
 *
 * - `severities`: terms of the `severity` vocabulary (ids below 1000, e.g. the spec's fixed '19' and
 *   '20'), with the colour and icon names the status answers send.
 * - `record_statuses`: the lifecycle states of a record (docs/requirements/states.md).
 * - `services` and `cloud_services`: core cloud services (terms of the `service` vocabulary) and
 *   which cloud runs which, with commissioning dates.
 * - `cloud_data_centers` gains `start_date` / `end_date`: when a data center went into and out of
 *   service for a cloud.
 * - `records`: incidents, maintenance, security advisories and notifications in one table, with
 *   `record_clouds` (which clouds a record concerns) and `record_terms` (which services, data
 *   centers and, later, categories it concerns).
 *
 * Every instant added here is an INTEGER of epoch milliseconds (UTC). Never edit this migration once
 * it has shipped; add a new one.
 */
import { sql, type Kysely } from 'kysely'
import { globMatch } from '../dialect.js'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('severities')
    .addColumn('tid', 'integer', (c) => c.primaryKey().references('terms.tid').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color_code', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('status_icon', 'text', (c) => c.notNull())
    .addColumn('show_legend', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('severities_show_legend', sql`show_legend in (0, 1)`)
    .addCheckConstraint(
      'severities_color_code',
      globMatch(db, 'color_code', '#[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]'),
    )
    .execute()

  await db.schema
    .createTable('record_statuses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('services')
    .addColumn('tid', 'integer', (c) => c.primaryKey().references('terms.tid').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute()

  await db.schema
    .createTable('cloud_services')
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('service_tid', 'integer', (c) => c.notNull().references('services.tid').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_date', 'integer')
    .addColumn('end_date', 'integer')
    .addPrimaryKeyConstraint('cloud_services_pk', ['cloud_id', 'service_tid'])
    .addCheckConstraint('cloud_services_active', sql`active in (0, 1)`)
    .addCheckConstraint('cloud_services_dates', sql`end_date is null or start_date is null or end_date >= start_date`)
    .execute()
  await db.schema.createIndex('cloud_services_service_tid').on('cloud_services').column('service_tid').execute()

  // SQLite cannot add a column with a check constraint referencing other columns; the seed keeps
  // end_date >= start_date.
  await db.schema.alterTable('cloud_data_centers').addColumn('start_date', 'integer').execute()
  await db.schema.alterTable('cloud_data_centers').addColumn('end_date', 'integer').execute()

  await db.schema
    .createTable('records')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull().unique())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status_id', 'integer', (c) => c.notNull().references('record_statuses.id').onDelete('restrict'))
    .addColumn('severity_tid', 'integer', (c) => c.references('severities.tid').onDelete('restrict'))
    .addColumn('event_type', 'text')
    .addColumn('customer_impact', 'text')
    .addColumn('available_workaround', 'text')
    .addColumn('next_update', 'text')
    .addColumn('how_found', 'text')
    .addColumn('incident_type', 'text')
    .addColumn('post_type', 'text')
    .addColumn('notification_type', 'text')
    .addColumn('posted_on', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated_on', 'integer', (c) => c.notNull())
    .addColumn('closed_on', 'integer')
    .addColumn('from_time', 'integer', (c) => c.notNull())
    .addColumn('to_time', 'integer')
    // Internal use only: never part of a public answer.
    .addColumn('internal_note', 'text')
    .addColumn('slack_link', 'text')
    .addColumn('jira_link', 'text')
    .addColumn('sfdc_link', 'text')
    .addColumn('severity_link', 'text')
    .addColumn('author', 'text')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('resolved_by', 'text')
    .addCheckConstraint('records_type', sql`type in ('incident', 'maintenance', 'advisory', 'notification')`)
    .addCheckConstraint('records_times', sql`to_time is null or to_time >= from_time`)
    .execute()
  // The timeline asks for records of some types overlapping a week; the lists page by type and time.
  await db.schema.createIndex('records_type_from_time').on('records').columns(['type', 'from_time']).execute()
  await db.schema.createIndex('records_status_id').on('records').column('status_id').execute()

  await db.schema
    .createTable('record_clouds')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('record_clouds_pk', ['cloud_id', 'record_id'])
    .execute()
  await db.schema.createIndex('record_clouds_record_id').on('record_clouds').column('record_id').execute()

  await db.schema
    .createTable('record_terms')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('tid', 'integer', (c) => c.notNull().references('terms.tid').onDelete('cascade'))
    .addPrimaryKeyConstraint('record_terms_pk', ['record_id', 'tid'])
    .execute()
  await db.schema.createIndex('record_terms_tid').on('record_terms').column('tid').execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['record_terms', 'record_clouds', 'records', 'cloud_services', 'services', 'record_statuses', 'severities']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await db.schema.alterTable('cloud_data_centers').dropColumn('end_date').execute()
  await db.schema.alterTable('cloud_data_centers').dropColumn('start_date').execute()
}
