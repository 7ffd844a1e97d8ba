/**
 * The status timeline (spec §2 Cloud status page, §3 Status response, §7 GET /api/cloud-status).
 */

import type { Flag } from './common'

/* ------------------------------------------------------------------------------------------ */
/* Cloud status (spec §2 Cloud status page, §3 Status response, §7 GET /api/cloud-status).    */
/* ------------------------------------------------------------------------------------------ */



/**
 * What a cloud-status request asks for: the core services, or the data centers of one type
 * (spec §7 `requestType`).
 */
export type CloudStatusRequestType = 'core_cloud_services' | 'public' | 'premium'


/**
 * A severity as status answers send it (spec §3 Severity). `icon` and `status_icon` are icon
 * names (`'ban'`, `'minus'`, `'info'`, …) the widget maps to its own inline SVGs, never URLs.
 */
export interface StatusSeverity {
  tid: string
  name: string
  /** CSS colour, `#rrggbb`. */
  color_code: string
  icon: string
  status_icon: string
  /** Whether the legend lists it. */
  show_legend: boolean
}

/**
 * One incident or scheduled maintenance on one row of the timeline (spec §3 Issue), clipped to
 * the week: `from`/`to` are minutes from the week's start, 0 ≤ from ≤ to ≤ 10080.
 * `startTime`/`endTime` are the record's real times (ISO 8601 UTC), not clipped; `endTime` is
 * `null` while the issue is ongoing.
 */
export interface StatusIssue {
  /** The record's id (a `GET /api/posts/{id}` key). */
  id: number
  title: string
  /** Path of the record's page without the cloud domain, e.g. `/incidents/123`. */
  alias: string
  /** Plain text, at most a few sentences. */
  short_description: string
  /** Record body, HTML from the server: always sanitised before display. */
  description: string
  /** Minutes from the week's start, clipped to 0…10080. */
  from: number
  to: number
  severityTid: string
  /** The record's status name (spec §4), e.g. `'In Progress'`, `'Resolved'`, `'Scheduled'`. */
  status: string
  /** Record kind: an incident or a scheduled maintenance. */
  type: 'incident' | 'maintenance'
  startTime: string
  endTime: string | null
}

/** Per row: how many of the week's issues have each severity (spec §3 category_status). */
export interface StatusCount {
  severityTid: string
  count: number
}

/**
 * One row of the timeline: a core service or a data center (spec §3 Service or location item).
 * `status` is the active flag: `false` marks a decommissioned item.
 */
export interface StatusItem {
  /** Term id of the service or data center (the key subscriptions use). */
  tid: number
  name: string
  status: boolean
  subscribed: Flag
  /** When the item went into service, ISO 8601 UTC. */
  startDate: string
  /** When it was decommissioned, ISO 8601 UTC; `''` while in service. */
  endDate: string
  /** Tooltip HTML for the row's name (sanitise before display). */
  info: string
  category_status: StatusCount[]
  issues: StatusIssue[]
}

/** A group of rows: the core services (one group), or the data centers of one region. */
export interface StatusCategory {
  /** `'core_cloud_services'` for the services group, the region's term id otherwise. */
  tid: number | 'core_cloud_services'
  title: string
  subCategory: StatusItem[]
}

/**
 * `GET /api/cloud-status?cloud=&requestType=&dateOffset=` (spec §3 Status response, §7).
 *
 * The week is 7 whole UTC days: offset 0 ends at the coming UTC midnight (today is its last day),
 * offset n starts n × 7 days earlier. `current_time` is the minutes from `start_date` to the
 * server's now, capped at 10080 (so a past week has 10080 and shows no marker).
 * Errors: 400 `bad_request` (unknown requestType, offset outside 0…12), 404 `unknown_cloud`.
 */
export interface CloudStatusData {
  category: StatusCategory[]
  /** Week start and end, ISO 8601 UTC (end = start + 7 days). */
  start_date: string
  end_date: string
  /** Minutes from the week's start to now, 0…10080. */
  current_time: number
  /** The week offset answered, 0…12. */
  page_number: number
  severity: StatusSeverity[]
}
