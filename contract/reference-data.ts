/**
 * The reference data every site has from its migrations on, whatever its catalogue: the record
 * statuses of docs/requirements/states.md and the two severities spec docs/requirements/entities.md fixes. Publishing, the incident desk, the
 * maintenance scheduler, the lists and the status answers name these statuses in code, so they are
 * a fixed vocabulary: neither the catalogue file nor the console adds or removes one.
 *
 * Plain values only (no schema library), so the console may import them. The database rows come
 * from migration 011 (`server/db/migrations/011_reference_data.ts`), which keeps its own copy of
 * these values as they were when it was written; a server test compares the two.
 */
import type { RecordType } from './records.js'

/**
 * Every type of record, in the order the console lists them (docs/requirements/entities.md, Record
 * `type`); `contract/records.ts` `RecordType` is its schema.
 */
export const RECORD_TYPES = ['incident', 'maintenance', 'advisory', 'notification'] as const

/** The name of a record status (docs/requirements/states.md#record-statuses). */
export type RecordStatusName =
  | 'Scheduled'
  | 'In Progress'
  | 'Completed'
  | 'Resolved'
  | 'Postponed'
  | 'Archived'
  | 'Monitoring'
  | 'Remediated'

/** A record status as stored in `record_statuses` (its `sort` is its position in {@link RECORD_STATUSES}). */
export interface RecordStatusDefinition {
  /** The row id; also the `category` filter value of the lists. */
  id: number
  name: RecordStatusName
  /** Style class, e.g. `'in_progress'`. */
  class: string
  /** Icon name, e.g. `'hourglass'`; never a URL. */
  icon: string
  /** A record with this status is closed (`closed_on` is set; the desk's "open records" leave it out). */
  closes: boolean
}

/**
 * Every record status, in display order (docs/requirements/states.md): Scheduled, In Progress (hourglass), Completed,
 * Resolved (check), Postponed, Archived (calendar cross; shown as cancelled for maintenance),
 * Monitoring (eye), Remediated (shield).
 */
export const RECORD_STATUSES: readonly RecordStatusDefinition[] = [
  { id: 1, name: 'Scheduled', class: 'scheduled', icon: 'calendar', closes: false },
  { id: 2, name: 'In Progress', class: 'in_progress', icon: 'hourglass', closes: false },
  { id: 3, name: 'Completed', class: 'completed', icon: 'check', closes: true },
  { id: 4, name: 'Resolved', class: 'resolved', icon: 'check', closes: true },
  { id: 5, name: 'Postponed', class: 'postponed', icon: 'clock', closes: false },
  { id: 6, name: 'Archived', class: 'archived', icon: 'calendar-x', closes: true },
  { id: 7, name: 'Monitoring', class: 'monitoring', icon: 'eye', closes: false },
  { id: 8, name: 'Remediated', class: 'remediated', icon: 'shield', closes: true },
]

/** The statuses that close a record: Completed, Resolved, Archived, Remediated. */
export const CLOSED_STATUSES: readonly RecordStatusName[] = RECORD_STATUSES.filter((s) => s.closes).map((s) => s.name)

/** True when a record with the status named `name` is closed (an unknown name is not). */
export function isClosedStatus(name: string): boolean {
  return (CLOSED_STATUSES as readonly string[]).includes(name)
}

/** The status that closes a record of each type when it is resolved (`POST /api/admin/records/{id}/resolve`). */
export const CLOSING_STATUS: Readonly<Record<RecordType, RecordStatusName>> = {
  incident: 'Resolved',
  maintenance: 'Completed',
  advisory: 'Remediated',
  notification: 'Completed',
}

/** The id of the status named `name`. */
export function recordStatusId(name: RecordStatusName): number {
  return RECORD_STATUSES.find((s) => s.name === name)!.id
}

/** A severity as stored in `severities` (catalogue `CatalogSeverity`). */
export interface SeverityDefinition {
  tid: number
  name: string
  /** `#rrggbb`. */
  color_code: string
  icon: string
  status_icon: string
  show_legend: boolean
}

/**
 * The severities whose ids docs/requirements/entities.md fixes, most severe first: '20' Service Disruption (red, ban) and
 * '19' Service Degradation (amber, minus). Uptime counts records of these two; the incident desk
 * starts a new record with 19. Every database has both; the catalogue may rename and restyle them
 * and add severities of its own, but never removes them.
 */
export const SPEC_SEVERITIES: readonly SeverityDefinition[] = [
  { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: true },
  { tid: 19, name: 'Service Degradation', color_code: '#f59e0b', icon: 'minus', status_icon: 'circle-minus', show_legend: true },
]

/** The tids of {@link SPEC_SEVERITIES}. */
export const SPEC_SEVERITY_TIDS: readonly number[] = SPEC_SEVERITIES.map((s) => s.tid)

/** The severity a new incident, maintenance or advisory starts with on the desk: 19, Service Degradation. */
export const DEFAULT_SEVERITY_TID = 19
