/**
 * The maintenance schedule table of the maintenance list (docs/requirements/screens.md Maintenance list "a
 * maintenance schedule table (regions by days, in UTC)", docs/requirements/entities.md#list-response `maintenanceSchedule`).
 */
import type { Kysely } from 'kysely'
import type { MaintenanceSchedule } from '../../contract/records.js'
import type { Database } from '../db/schema.js'
import { addDays, dayStart, utcDay } from '../lib/days.js'
import { DAY_MS } from '../lib/week.js'
import { cloudDataCenters } from './data-centers.js'
import { type CustomerGroups, PUBLIC_GROUPS, recordVisible } from './private-components.js'

/** Days the table shows: today (UTC) and the 6 after it. */
export const SCHEDULE_DAYS = 7

/** The statuses of windows the table shows: those still to happen or running. */
const SCHEDULE_STATUSES = ['Scheduled', 'In Progress', 'Postponed'] as const

/** `HH:MM` in UTC. */
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16)

/**
 * The schedule of a cloud's data-center maintenance: one row per region of the cloud's active data
 * centers (region order), one cell per UTC day from today on ({@link SCHEDULE_DAYS} days).
 *
 * A cell holds the windows (maintenance Scheduled, In Progress or Postponed, linked to a data
 * center of the region) overlapping that UTC day. Its `className` is `'scheduled'` when one of them
 * is not postponed, `'postponed'` when all are, `''` when there are none; its `value` is the window
 * `'HH:MM–HH:MM UTC'` (its full start and end, even across midnight) for one window, `'N windows'`
 * for several, `''` for none. A window without an end covers its start instant only. Private data
 * centers and records are left out unless `groups` may see them (`server/repo/private-components.ts`).
 */
export async function maintenanceSchedule(
  db: Kysely<Database>,
  cloudId: number,
  now: Date,
  groups: CustomerGroups = PUBLIC_GROUPS,
): Promise<MaintenanceSchedule> {
  const today = utcDay(now)
  const days = Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i))
  const start = dayStart(today)
  const end = start + SCHEDULE_DAYS * DAY_MS

  const [regions, windows] = await Promise.all([
    cloudDataCenters(db, cloudId, groups)
      // `sort` is selected because it is ordered by (PostgreSQL's rule for SELECT DISTINCT).
      .select(['r.tid', 'r.name', 'r.sort'])
      .distinct()
      .where('cdc.active', '=', 1)
      .orderBy('r.sort')
      .orderBy('r.tid')
      .execute(),
    db
      .selectFrom('records as r')
      .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
      .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
      .innerJoin('record_terms as rt', 'rt.record_id', 'r.id')
      .innerJoin('data_centers as dc', 'dc.tid', 'rt.tid')
      .select(['r.id', 'r.from_time', 'r.to_time', 'st.name as status', 'dc.region_tid'])
      .distinct()
      .where('rc.cloud_id', '=', cloudId)
      .where('r.type', '=', 'maintenance')
      .where((eb) => recordVisible(eb, 'r.id', groups))
      .where('st.name', 'in', SCHEDULE_STATUSES)
      .where('r.from_time', '<', end)
      .where((eb) => eb.or([eb('r.to_time', '>', start), eb('r.from_time', '>=', start)]))
      .orderBy('r.from_time')
      .orderBy('r.id')
      .execute(),
  ])

  return {
    days,
    regions: regions.map((region) => ({
      title: region.name,
      data: days.map((day) => {
        const from = dayStart(day)
        const to = from + DAY_MS
        const cell = windows.filter(
          (w) => w.region_tid === region.tid && w.from_time < to && Math.max(w.to_time ?? w.from_time + 1, w.from_time + 1) > from,
        )
        if (cell.length === 0) return { className: '', value: '' }
        const className = cell.some((w) => w.status !== 'Postponed') ? 'scheduled' : 'postponed'
        const [one] = cell
        const value =
          cell.length === 1 ? `${clock(one.from_time)}–${one.to_time === null ? '' : clock(one.to_time)} UTC` : `${cell.length} windows`
        return { className, value }
      }),
    })),
  }
}
