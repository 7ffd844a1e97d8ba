/**
 * The side calendar of the record lists (docs/requirements/screens.md#calendar, docs/requirements/entities.md#calendar-response, docs/requirements/states.md#calendar, docs/requirements/calls.md
 * `GET /api/calendar`).
 */
import type { Kysely } from 'kysely'
import type { CalendarData, CalendarDataCenterGroup, CalendarType, RecordListType } from '../../contract/records.js'
import type { Database } from '../db/schema.js'
import { addDays } from '../lib/days.js'
import { zonedDay, zonedDayStart } from '../lib/zones.js'
import type { CloudRow } from './clouds.js'
import { cloudDataCenters } from './data-centers.js'
import { type CustomerGroups, PUBLIC_GROUPS, recordVisible } from './private-components.js'
import { ADVISORY_EVENT_TYPES } from './records.js'

/** The list each calendar kind belongs to. */
export const CALENDAR_LISTS: Record<CalendarType, RecordListType> = {
  recent_incident: 'incident',
  scheduled_maintenance: 'maintenance',
  advisory: 'advisory',
}

/**
 * The day classes (docs/requirements/states.md#calendar style classes), most severe first: a day shows the first of
 * these that one of its records has.
 */
export const CALENDAR_CLASSES = [
  'service_disruption',
  'service_degradation',
  'under_investigation',
  'security_advisory',
  'postponed',
  'scheduled',
  'informational',
  'completed',
  'no-service-impact',
] as const

export type CalendarClass = (typeof CALENDAR_CLASSES)[number]

/** How many days one record may mark at most, from its start (bounds the work for long open records). */
const MAX_DAYS_PER_RECORD = 366

const EVENT_CLASS = new Map<string, string>(ADVISORY_EVENT_TYPES.map((e) => [e.name, e.class]))

/**
 * The calendar class of one record:
 * - incident: by severity — '20' `service_disruption`, '19' `service_degradation`, otherwise
 *   `informational`;
 * - maintenance: by status — Postponed `postponed`, Completed and Archived `completed`, otherwise
 *   (Scheduled, In Progress) `scheduled`;
 * - advisory: its event type's class (docs/requirements/states.md), `informational` when it has none.
 */
export function calendarClass(
  type: RecordListType,
  record: { severity_tid: number | null; status: string; event_type: string | null },
): CalendarClass {
  if (type === 'incident') {
    return record.severity_tid === 20 ? 'service_disruption' : record.severity_tid === 19 ? 'service_degradation' : 'informational'
  }
  if (type === 'maintenance') {
    if (record.status === 'Postponed') return 'postponed'
    return record.status === 'Completed' || record.status === 'Archived' ? 'completed' : 'scheduled'
  }
  return (EVENT_CLASS.get(record.event_type ?? '') as CalendarClass | undefined) ?? 'informational'
}

/**
 * The data-center groups of the calendar's multi-select: the cloud's data centers (public and
 * premium, decommissioned ones too, since past records concern them), grouped by region in region
 * order, by name within a region. Option values are term ids as strings.
 */
export async function dataCenterGroups(
  db: Kysely<Database>,
  cloudId: number,
  viewerGroups: CustomerGroups = PUBLIC_GROUPS,
): Promise<CalendarDataCenterGroup[]> {
  const rows = await cloudDataCenters(db, cloudId, viewerGroups)
    .select(['dc.tid', 'dc.name', 'r.tid as region_tid', 'r.name as region'])
    .orderBy('r.sort')
    .orderBy('r.tid')
    .orderBy('dc.name')
    .execute()
  const groups: Array<CalendarDataCenterGroup & { tid: number }> = []
  for (const row of rows) {
    let group = groups[groups.length - 1]
    if (!group || group.tid !== row.region_tid) {
      group = { tid: row.region_tid, label: row.region, options: [] }
      groups.push(group)
    }
    group.options.push({ value: String(row.tid), label: row.name })
  }
  return groups.map(({ label, options }) => ({ label, options }))
}

/**
 * `GET /api/calendar` (docs/requirements/entities.md#calendar-response): every day (`YYYY-MM-DD` in `zone`) that one of
 * the cloud's records of the kind overlaps — the same overlap the lists' `date` filter uses, an
 * ongoing record running until now — with the class of its most severe record
 * ({@link CALENDAR_CLASSES}). `start_date` is the first such day (today in `zone` when there is
 * none); `datacenters` the cloud's data centers by region, empty for advisories (their page has
 * no data-center filter). Private data centers and records only for `groups` that may see them.
 */
export async function recordCalendar(
  db: Kysely<Database>,
  cloud: CloudRow,
  kind: CalendarType,
  zone: string,
  now: Date,
  groups: CustomerGroups = PUBLIC_GROUPS,
): Promise<CalendarData> {
  const type = CALENDAR_LISTS[kind]
  const t = now.getTime()
  const [rows, datacenters] = await Promise.all([
    db
      .selectFrom('records as r')
      .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
      .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
      .select(['r.from_time', 'r.to_time', 'r.severity_tid', 'r.event_type', 'st.name as status'])
      .where('rc.cloud_id', '=', cloud.id)
      .where('r.type', '=', type)
      .where((eb) => recordVisible(eb, 'r.id', groups))
      .orderBy('r.from_time')
      .execute(),
    type === 'advisory' ? Promise.resolve([]) : dataCenterGroups(db, cloud.id, groups),
  ])

  const rank = new Map<string, number>(CALENDAR_CLASSES.map((c, i) => [c, i]))
  const calendar: Record<string, { status: string }> = {}
  let first: string | undefined
  for (const row of rows) {
    const cls = calendarClass(type, row)
    // [from, end): an ongoing record runs until now; an empty or future open one covers its start.
    const end = Math.max(row.from_time + 1, row.to_time ?? t)
    let day = zonedDay(row.from_time, zone)
    if (first === undefined || day < first) first = day
    for (let n = 0; n < MAX_DAYS_PER_RECORD; n++) {
      const current = calendar[day]
      if (!current || rank.get(cls)! < rank.get(current.status)!) calendar[day] = { status: cls }
      day = addDays(day, 1)
      if (zonedDayStart(day, zone) >= end) break
    }
  }
  return { start_date: first ?? zonedDay(t, zone), datacenters, calendar }
}
