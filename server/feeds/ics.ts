/**
 * The maintenance calendar subscription (`/ics/maintenance/{cloud}.ics`, the maintenance list's
 * "Add to calendar" link): an iCalendar (RFC 5545) document written with the `ics` package.
 */
import { createEvents, type EventAttributes, type EventStatus } from 'ics'
import type { LoadedRecord } from '../repo/records.js'
import { MINUTE_MS } from '../lib/week.js'

const HOUR_MS = 60 * MINUTE_MS

/**
 * The stable UID of a maintenance window: calendar clients replace the event with the same UID
 * when the window moves, is postponed or is cancelled.
 * @example maintenanceUid(42) // 'maintenance-42@trust-site'
 */
export function maintenanceUid(id: number): string {
  return `maintenance-${id}@trust-site`
}

/** Event status by record status class: postponed is tentative, archived is cancelled. */
function eventStatus(statusClass: string): EventStatus {
  if (statusClass === 'postponed') return 'TENTATIVE'
  if (statusClass === 'archived') return 'CANCELLED'
  return 'CONFIRMED'
}

/**
 * The iCalendar document of a cloud's maintenance windows, one VEVENT each, times in UTC:
 * `UID` {@link maintenanceUid}, `SUMMARY` the title, `DESCRIPTION` the plain-text summary and the
 * record's page, `URL` the page, `LOCATION` the data centers and services concerned, `STATUS`
 * CONFIRMED / TENTATIVE (Postponed) / CANCELLED (Archived), `SEQUENCE` the whole minutes between
 * the record's creation and its last update (so it grows when a window is edited),
 * `LAST-MODIFIED` the last update. A window without an end lasts one hour.
 *
 * @param pageUrl The record's page on the site.
 * @throws Error when the `ics` package refuses an event (it validates every field).
 */
export function renderMaintenanceIcs(o: {
  records: readonly LoadedRecord[]
  calendarName: string
  pageUrl: (loaded: LoadedRecord) => string
}): string {
  const events: EventAttributes[] = o.records.map((loaded) => {
    const { record } = loaded
    const url = o.pageUrl(loaded)
    const where = [...record.clusters, ...record.tags].join(', ')
    return {
      uid: maintenanceUid(record.id),
      start: loaded.from,
      startInputType: 'utc',
      startOutputType: 'utc',
      end: loaded.to ?? loaded.from + HOUR_MS,
      endInputType: 'utc',
      endOutputType: 'utc',
      title: record.title,
      description: `${record.summary}\n\nStatus: ${record.status}\n${url}`,
      url,
      ...(where ? { location: where } : {}),
      status: eventStatus(loaded.statusClass),
      sequence: Math.max(0, Math.floor((loaded.updated - loaded.created) / 60_000)),
      lastModified: loaded.updated,
      categories: ['Maintenance'],
    }
  })
  const { error, value } = createEvents(events, { productId: '-//trust-site//maintenance//EN', calName: o.calendarName })
  if (error || value === null) throw error ?? new Error('The maintenance calendar could not be written.')
  return value
}
