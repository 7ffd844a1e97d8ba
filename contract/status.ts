/**
 * The status timeline (docs/requirements/screens.md#cloud-status-page, docs/requirements/entities.md#status-response, docs/requirements/calls.md GET /api/cloud-status).
 */

import Type, { type Static } from 'typebox'
import { Flag } from './common'
import { MAX_WEEK_OFFSET, WEEK_MINUTES } from './constants'
import { UptimePercent, UptimeSince } from './statuspage'

/* ------------------------------------------------------------------------------------------ */
/* Cloud status (docs/requirements/screens.md#cloud-status-page, docs/requirements/entities.md#status-response, docs/requirements/calls.md GET /api/cloud-status).    */
/* ------------------------------------------------------------------------------------------ */

/**
 * What a cloud-status request asks for: the core services, or the data centers of one type
 * (docs/requirements/calls.md `requestType`).
 */
export const CloudStatusRequestType = Type.Union([Type.Literal('core_cloud_services'), Type.Literal('public'), Type.Literal('premium')])
export type CloudStatusRequestType = Static<typeof CloudStatusRequestType>

/**
 * The query string of `GET /api/cloud-status?cloud=&requestType=&dateOffset=&tz=` (docs/requirements/calls.md).
 * 400 `bad_request` without `cloud` or `requestType`, for an unknown `requestType`, a
 * `dateOffset` that is not an integer in 0…12, or a `tz` the server does not know.
 */
export const CloudStatusQuery = Type.Object({
  /** A cloud machine name or domain. */
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  requestType: CloudStatusRequestType,
  /** Whole weeks back, 0…12; default 0. */
  dateOffset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WEEK_OFFSET, default: 0 })),
  /** IANA time zone whose days the week's columns are (absent or empty = UTC). */
  tz: Type.Optional(Type.String({ maxLength: 64 })),
})
export type CloudStatusQuery = Static<typeof CloudStatusQuery>

/** Minutes from the week's start, 0…10080. */
const WeekMinute = Type.Integer({ minimum: 0, maximum: WEEK_MINUTES })

/** An instant, ISO 8601 UTC. */
const Instant = Type.String({ format: 'date-time' })

/**
 * A severity as status answers send it (docs/requirements/entities.md#severity). `icon` and `status_icon` are icon
 * names (`'ban'`, `'minus'`, `'info'`, …) the widget maps to its own inline SVGs, never URLs.
 */
export const StatusSeverity = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  /** CSS colour, `#rrggbb`. */
  color_code: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  icon: Type.String(),
  status_icon: Type.String(),
  /** Whether the legend lists it. */
  show_legend: Type.Boolean(),
})
export type StatusSeverity = Static<typeof StatusSeverity>

/**
 * One incident or scheduled maintenance on one row of the timeline (docs/requirements/entities.md#issue), clipped to
 * the week: `from`/`to` are minutes from the week's start, 0 ≤ from ≤ to ≤ 10080.
 * `startTime`/`endTime` are the record's real times (ISO 8601 UTC), not clipped; `endTime` is
 * `null` while the issue is ongoing.
 */
export const StatusIssue = Type.Object({
  /** The record's id (a `GET /api/posts/{id}` key). */
  id: Type.Integer(),
  title: Type.String(),
  /** Path of the record's page without the cloud domain, e.g. `/incidents/123`. */
  alias: Type.String(),
  /** Plain text, at most a few sentences. */
  short_description: Type.String(),
  /** Record body, HTML from the server: always sanitised before display. */
  description: Type.String(),
  /** Minutes from the week's start, clipped to 0…10080. */
  from: WeekMinute,
  to: WeekMinute,
  /** The severity's tid (see `severity`); `''` when the record has none. */
  severityTid: Type.String(),
  /** The record's status name (docs/requirements/states.md), e.g. `'In Progress'`, `'Resolved'`, `'Scheduled'`. */
  status: Type.String(),
  /** Record kind: an incident or a scheduled maintenance. */
  type: Type.Union([Type.Literal('incident'), Type.Literal('maintenance')]),
  startTime: Instant,
  endTime: Type.Union([Instant, Type.Null()]),
})
export type StatusIssue = Static<typeof StatusIssue>

/** Per row: how many of the week's issues have each severity (docs/requirements/entities.md category_status). */
export const StatusCount = Type.Object({
  severityTid: Type.String(),
  count: Type.Integer({ minimum: 1 }),
})
export type StatusCount = Static<typeof StatusCount>

/**
 * One row of the timeline: a core service or a data center (docs/requirements/entities.md#service-or-location-item).
 * `status` is the active flag: `false` marks a decommissioned item. `uptime_30d` / `uptime_90d`
 * are additions of this site (docs/statuspage-api.md), the same figures as the v2 API's components.
 */
export const StatusItem = Type.Object({
  /** Term id of the service or data center (the key subscriptions use). */
  tid: Type.Integer(),
  name: Type.String(),
  status: Type.Boolean(),
  subscribed: Flag,
  /** When the item went into service, ISO 8601 UTC (`''` when unknown). */
  startDate: Type.String(),
  /** When it was decommissioned, ISO 8601 UTC; `''` while in service. */
  endDate: Type.String(),
  /** Tooltip HTML for the row's name (sanitise before display). */
  info: Type.String(),
  category_status: Type.Array(StatusCount),
  issues: Type.Array(StatusIssue),
  /**
   * Uptime over the 30 days ending now, percent with two decimals rounded down (README
   * "Statuspage-compatible API", "Uptime"). Always relative to the server's now, whatever week
   * `dateOffset` asks for. `null` when the row had no time in service in those days (it starts
   * later, or was decommissioned before they began) or was decommissioned on an unknown date.
   */
  uptime_30d: UptimePercent,
  /** The same over the 90 days ending now. */
  uptime_90d: UptimePercent,
  /**
   * The day both figures count from, `YYYY-MM-DD` (UTC), when the row went into service less than
   * 90 days ago (its window is clipped to its life: show "99.87% since 12 Nov 2026"); `null` otherwise.
   * Set with both figures `null` during the row's first day in service.
   */
  uptime_since: UptimeSince,
})
export type StatusItem = Static<typeof StatusItem>

/** A group of rows: the core services (one group), or the data centers of one region. */
export const StatusCategory = Type.Object({
  /** `'core_cloud_services'` for the services group, the region's term id otherwise. */
  tid: Type.Union([Type.Integer(), Type.Literal('core_cloud_services')]),
  title: Type.String(),
  subCategory: Type.Array(StatusItem),
})
export type StatusCategory = Static<typeof StatusCategory>

/**
 * `GET /api/cloud-status?cloud=&requestType=&dateOffset=&tz=` (docs/requirements/entities.md#status-response, docs/requirements/calls.md).
 *
 * The week is 7 whole days of the `tz` zone (UTC when absent): offset 0 ends at the coming
 * midnight there (today is its last day), offset n ends n × 7 days earlier; it is always 10080
 * minutes long. `current_time` is the minutes from `start_date` to the server's now, capped at
 * 10080 (so a past week has 10080 and shows no marker).
 * Errors: 400 `bad_request` (unknown requestType, offset outside 0…12, unknown tz), 404 `unknown_cloud`.
 */
export const CloudStatusData = Type.Object({
  category: Type.Array(StatusCategory),
  /** Week start and end, ISO 8601 UTC (end = start + 7 days). */
  start_date: Instant,
  end_date: Instant,
  /** Minutes from the week's start to now, 0…10080. */
  current_time: WeekMinute,
  /** The week offset answered, 0…12. */
  page_number: Type.Integer({ minimum: 0, maximum: MAX_WEEK_OFFSET }),
  severity: Type.Array(StatusSeverity),
})
export type CloudStatusData = Static<typeof CloudStatusData>
