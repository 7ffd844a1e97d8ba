/**
 * Migration 011: the reference data publishing needs, on every database (docs/operating/catalogue.md "Production is
 * the product"). Until now only the demo seed inserted it, so a production database refused every
 * status.
 *
 * - `record_statuses`: the eight statuses of docs/requirements/states.md with their ids, style classes, icons and
 *   order (`contract/reference-data.ts` RECORD_STATUSES), each inserted only when neither its id
 *   nor its name is there yet, so databases the demo seed filled migrate without a change.
 * - `severities`: the two severities docs/requirements/entities.md fixes, '20' Service Disruption and '19' Service
 *   Degradation (terms of the `severity` vocabulary), inserted when missing. A tid that is already
 *   the id of a term of another vocabulary is left alone.
 *
 * The values are written out here as they were when this migration was written (a later change of
 * the contract's constants must not change what this migration did); `test/server/reference-data.test.ts`
 * checks they match the contract. Never edit this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'
import { syncIdentitySequences } from '../dialect.js'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

/** The record statuses of docs/requirements/states.md, in order (`sort` is the position). */
const STATUSES = [
  { id: 1, name: 'Scheduled', class: 'scheduled', icon: 'calendar' },
  { id: 2, name: 'In Progress', class: 'in_progress', icon: 'hourglass' },
  { id: 3, name: 'Completed', class: 'completed', icon: 'check' },
  { id: 4, name: 'Resolved', class: 'resolved', icon: 'check' },
  { id: 5, name: 'Postponed', class: 'postponed', icon: 'clock' },
  { id: 6, name: 'Archived', class: 'archived', icon: 'calendar-x' },
  { id: 7, name: 'Monitoring', class: 'monitoring', icon: 'eye' },
  { id: 8, name: 'Remediated', class: 'remediated', icon: 'shield' },
]

/** The severities of docs/requirements/entities.md whose ids are fixed, most severe first (`sort` is the position). */
const SEVERITIES = [
  { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: 1 },
  { tid: 19, name: 'Service Degradation', color_code: '#f59e0b', icon: 'minus', status_icon: 'circle-minus', show_legend: 1 },
]

export async function up(db: AnyDb): Promise<void> {
  for (const [sort, status] of STATUSES.entries()) {
    const existing = await db
      .selectFrom('record_statuses')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', status.id), eb('name', '=', status.name)]))
      .executeTakeFirst()
    if (!existing)
      await db
        .insertInto('record_statuses')
        .values({ ...status, sort })
        .execute()
  }

  for (const [sort, severity] of SEVERITIES.entries()) {
    const term = await db.selectFrom('terms').select('vocabulary').where('tid', '=', severity.tid).executeTakeFirst()
    if (term && term.vocabulary !== 'severity') continue
    if (!term) await db.insertInto('terms').values({ tid: severity.tid, vocabulary: 'severity' }).execute()
    const existing = await db.selectFrom('severities').select('tid').where('tid', '=', severity.tid).executeTakeFirst()
    if (!existing)
      await db
        .insertInto('severities')
        .values({ ...severity, sort })
        .execute()
  }

  // The ids were written explicitly: PostgreSQL's sequences must move past them.
  await syncIdentitySequences(db)
}

/**
 * Leaves the rows in place: older code reads them as it read the demo seed's, and a record or a
 * catalogue may use them by now.
 */
export async function down(_db: AnyDb): Promise<void> {}
