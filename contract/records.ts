/**
 * Records and lists: incidents, scheduled maintenance, security advisories, notifications, the
 * calendar and single posts (spec §2 lists, Calendar, Notification list page, Single post; §3 Record, List
 * response, Calendar response, Notification list; §7).
 */

import type { INTERNAL_FIELDS } from './constants'

/* ------------------------------------------------------------------------------------------ */
/* Records: incidents, maintenance, security advisories, notifications (spec §2 lists,        */
/* Calendar, Notification list page, Single post; §3 Record, List response, Calendar          */
/* response, Notification list; §4 Record statuses, Lists, Pagination, Calendar; §7).         */
/* ------------------------------------------------------------------------------------------ */

/** The record lists and their endpoints: `GET /api/incident`, `/api/maintenance`, `/api/advisory`. */
export type RecordListType = 'incident' | 'maintenance' | 'advisory'

/** Every kind of record (spec §3 Record `type`). */
export type RecordType = RecordListType | 'notification'

/**
 * The record statuses (spec §4 Record statuses) with their style class and icon name:
 * Scheduled, In Progress (hourglass), Completed, Resolved (check), Postponed, Archived
 * (calendar-x), Monitoring (eye), Remediated (shield). `id` is the `category` filter value.
 */
export interface RecordStatus {
  id: string
  name: string
  /** Style class, e.g. `'in_progress'`, `'resolved'`, `'postponed'`. */
  class: string
  /** Icon name, e.g. `'hourglass'`, `'check'`, `'eye'`; never a URL. */
  icon: string
}

/** A severity as list answers send it (spec §3 Severity). */
export interface ListSeverity {
  tid: string
  name: string
  /** `#rrggbb` */
  color_code: string
}

/**
 * Advisory event types (spec §4) and their style classes: Under Investigation
 * (`under_investigation`), Service Disruption (`service_disruption`), Service Degradation
 * (`service_degradation`), Informational (`informational`), No Service Impact
 * (`no-service-impact`), Security Advisory (`security_advisory`).
 */
export type AdvisoryEventType =
  | 'Under Investigation'
  | 'Service Disruption'
  | 'Service Degradation'
  | 'Informational'
  | 'No Service Impact'
  | 'Security Advisory'

/** Notification list types (spec §7 `notification_type`; default `url_change_notification`). */
export type NotificationType = 'url_change_notification' | 'cloud_app' | 'privacy_notification'

/** One of {@link INTERNAL_FIELDS}. */
export type InternalField = (typeof INTERNAL_FIELDS)[number]

/**
 * One record (spec §3 Record) as lists, posts and notifications send it. Instants are ISO 8601
 * UTC strings; `body`, `summary`, `customer_impact` and `available_workaround` are server HTML
 * (always sanitised before display); `title` is plain text. Internal-use fields
 * ({@link INTERNAL_FIELDS}) are present only in privileged answers.
 */
export interface TrustRecord extends Partial<Record<InternalField, string | null>> {
  id: number
  type: RecordType
  title: string
  /** Path of the record's page below the cloud domain, e.g. `/posts/123`. */
  alias: string
  summary: string
  body: string
  /** Status name (spec §4), e.g. `'Resolved'`. */
  status: string
  /** `RecordStatus.id` of `status`. */
  statusId: string
  /** Severity term id (`'20'`, `'19'`, …); `null` for records without one (notifications). */
  severityId: string | null
  /** Tag names. */
  tags: string[]
  /** Names of the data centers the record concerns. */
  clusters: string[]
  /** Machine names of the clouds the record concerns. */
  clouds: string[]
  customer_impact: string | null
  available_workaround: string | null
  next_update: string | null
  how_found: string | null
  posted_on: string
  created: string
  updated_on: string
  closed_on: string | null
  /** When it started (incidents) or is scheduled from (maintenance). */
  fromTime: string
  /** When it ended or is scheduled to end; `null` while ongoing or open-ended. */
  toTime: string | null
  incident_type: string | null
  post_type: string | null
  notification_type: NotificationType | null
  /** Advisories: the event type (spec §4). */
  event_type: AdvisoryEventType | null
  /** Which page kind shows it: `'incident'`, `'maintenance'`, `'advisory'`, `'notification'`. */
  pageType: RecordType
  /** The record was resolved by an update (the post shows the resolved-update marker, spec §2 Visual hints). */
  resolved: boolean
  /** Notifications only: categories (e.g. URL categories, cloud applications) it concerns. */
  categories?: string[]
}

/** One row of the maintenance schedule table: a region and one cell per day (spec §3). */
export interface MaintenanceScheduleRegion {
  title: string
  /** One cell per entry of `days`: its style class (`'scheduled'`, `'postponed'`, `''`) and text. */
  data: Array<{ className: string; value: string }>
}

/** Upcoming maintenance by region and UTC day (spec §3 List response `maintenanceSchedule`). */
export interface MaintenanceSchedule {
  /** The table's days, `YYYY-MM-DD` (UTC), today first. */
  days: string[]
  regions: MaintenanceScheduleRegion[]
}

/**
 * `GET /api/{incident|maintenance|advisory}?cloud=&category=&page=&date=&datacenter=&tz=`
 * (spec §3 List response, §7). `category` is a `RecordStatus.id` (absent = all statuses), `page`
 * is 1-based, `date` a `YYYY-MM-DD` day in the `tz` zone (IANA, default UTC), `datacenter` a
 * comma-separated list of data-center term ids. Newest first, {@link RECORDS_PAGE_SIZE} a page.
 * Errors: 400 `bad_request` (malformed page, date, category, datacenter or tz), 404 `unknown_cloud`.
 */
export interface RecordListData {
  records: TrustRecord[]
  severity: ListSeverity[]
  /** The statuses this list filters by (the dropdown after 'All Statuses'). */
  statuses: RecordStatus[]
  /** Record categories of the list (incident types, advisory event types, …): `{ id, name }`. */
  categories: Array<{ id: string; name: string }>
  /** A message shown above the list; `''` for none. Plain text. */
  topMessage: string
  /** Maintenance only: the schedule table (7 UTC days from today); `null` on other lists. */
  maintenanceSchedule: MaintenanceSchedule | null
  /** 1-based; 1 when there are no records. */
  currentPage: number
  /** 0 when there are no records. */
  totalPages: number
}

/** The calendar kinds (spec §7 `type`); `advisory` also sends `cc_term=241`. */
export type CalendarType = 'recent_incident' | 'scheduled_maintenance' | 'advisory'

/** A group of the data-center multi-select: a region and its data centers. */
export interface CalendarDataCenterGroup {
  label: string
  /** `value` is the data center's term id as a string (the lists' `datacenter` filter). */
  options: Array<{ value: string; label: string }>
}

/**
 * `GET /api/calendar?cloud=&type=&tz=` (spec §3 Calendar response, §7). `start_date` (`YYYY-MM-DD`)
 * is the first day with data (the previous-month button stops one month after it). `calendar`
 * has one entry per day (`YYYY-MM-DD` in `tz`) that has records, with the style class of the
 * day's most severe record: `service_disruption`, `service_degradation`, `informational`,
 * `scheduled`, `completed`, `postponed`, `under_investigation`, `security_advisory`,
 * `no-service-impact`. Errors: 400 `bad_request`, 404 `unknown_cloud`.
 */
export interface CalendarData {
  start_date: string
  datacenters: CalendarDataCenterGroup[]
  calendar: Record<string, { status: string }>
}

/**
 * `GET /api/posts/{id}?cloud=` answers the record; `GET /api/notification/{id}/{cloud}` answers
 * the record plus, when the record says so, `url_redirect` (a path below this site, without the
 * leading slash; the client still checks it stays on this origin). Errors: 404 `not_found`
 * ('No records found.'), 404 `not_on_cloud` ('Post not available on this cloud.'), 404
 * `unknown_cloud`.
 */
export interface PostData extends TrustRecord {
  /** Notifications only: a same-site path (without the leading `/`) the page redirects to. */
  url_redirect?: string
  /** The record's severity with its name; `null` when it has none (notifications). */
  severity: ListSeverity | null
  /** The record's status with its style class and icon (the list answers carry these in `statuses`). */
  statusDetail: RecordStatus
}

/**
 * `GET /api/notifications?notification_type=&category=&page=&cloud=` (spec §3 Notification list,
 * §7): `cloud` is read only for `cloud_app`. Pages are zero-based here: `page=0` is the first,
 * `currentPage` 0-based, `totalPages` the count.
 */
export interface NotificationListData {
  records: TrustRecord[]
  currentPage: number
  totalPages: number
  statuses: RecordStatus[]
}
