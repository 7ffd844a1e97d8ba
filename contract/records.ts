/**
 * Records and lists: incidents, scheduled maintenance, security advisories, notifications, the
 * calendar and single posts (docs/requirements/screens.md lists, Calendar, Notification list page, Single post; docs/requirements/entities.md#record, List
 * response, Calendar response, Notification list; docs/requirements/calls.md).
 *
 * Answer objects are closed (`additionalProperties: false`): the server's serialiser drops any
 * field they do not name, and a contract check reports it. The public schemas name no internal-use
 * field ({@link INTERNAL_FIELDS}); a privileged viewer's answer goes out through the `Privileged…`
 * schemas, which add them.
 */

import Type, { type Static, type TLiteral, type TLiteralValue } from 'typebox'
import { AdvisoryDetails, AdvisorySummary } from './advisories'
import { answer, Nullable } from './common'
import type { INTERNAL_FIELDS } from './constants'
import { RECORD_TYPES } from './reference-data.js'

/* ------------------------------------------------------------------------------------------ */
/* Records: incidents, maintenance, security advisories, notifications (docs/requirements/screens.md lists,        */
/* Calendar, Notification list page, Single post; docs/requirements/entities.md#record, List response, Calendar          */
/* response, Notification list; docs/requirements/states.md#record-statuses, Lists, Pagination, Calendar; docs/requirements/calls.md).         */
/* ------------------------------------------------------------------------------------------ */

/** Answer objects name every field they may carry; nothing else leaves the server. */
const CLOSED = { additionalProperties: false } as const

/** An instant, ISO 8601 UTC (e.g. `2026-03-15T09:30:00.000Z`). */
const Instant = Type.String({ format: 'date-time' })

/** A day, `YYYY-MM-DD`. */
const Day = Type.String({ format: 'date' })

/** One literal schema per value of a list, as a tuple (so `Static` of their union is the union of the values). */
function literals<const Values extends readonly TLiteralValue[]>(values: Values) {
  return values.map((value) => Type.Literal(value)) as unknown as { -readonly [K in keyof Values]: TLiteral<Values[K]> }
}

/** The record lists and their endpoints: `GET /api/incident`, `/api/maintenance`, `/api/advisory`. */
export const RecordListType = Type.Union([Type.Literal('incident'), Type.Literal('maintenance'), Type.Literal('advisory')])
export type RecordListType = Static<typeof RecordListType>

/** Every kind of record (docs/requirements/entities.md#record `type`): the schema of `contract/reference-data.ts` `RECORD_TYPES`. */
export const RecordType = Type.Union(literals(RECORD_TYPES))
export type RecordType = Static<typeof RecordType>

/**
 * The record statuses (docs/requirements/states.md#record-statuses) with their style class and icon name:
 * Scheduled, In Progress (hourglass), Completed, Resolved (check), Postponed, Archived
 * (calendar-x), Monitoring (eye), Remediated (shield). `id` is the `category` filter value.
 */
export const RecordStatus = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** Style class, e.g. `'in_progress'`, `'resolved'`, `'postponed'`. */
    class: Type.String(),
    /** Icon name, e.g. `'hourglass'`, `'check'`, `'eye'`; never a URL. */
    icon: Type.String(),
  },
  CLOSED,
)
export type RecordStatus = Static<typeof RecordStatus>

/** A severity as list answers send it (docs/requirements/entities.md#severity). */
export const ListSeverity = Type.Object(
  {
    tid: Type.String(),
    name: Type.String(),
    /** `#rrggbb` */
    color_code: Type.String(),
  },
  CLOSED,
)
export type ListSeverity = Static<typeof ListSeverity>

/**
 * Advisory event types (docs/requirements/states.md) and their style classes: Under Investigation
 * (`under_investigation`), Service Disruption (`service_disruption`), Service Degradation
 * (`service_degradation`), Informational (`informational`), No Service Impact
 * (`no-service-impact`), Security Advisory (`security_advisory`).
 */
export const AdvisoryEventType = Type.Union([
  Type.Literal('Under Investigation'),
  Type.Literal('Service Disruption'),
  Type.Literal('Service Degradation'),
  Type.Literal('Informational'),
  Type.Literal('No Service Impact'),
  Type.Literal('Security Advisory'),
])
export type AdvisoryEventType = Static<typeof AdvisoryEventType>

/** Notification list types (docs/requirements/calls.md `notification_type`; default `url_change_notification`). */
export const NotificationType = Type.Union([
  Type.Literal('url_change_notification'),
  Type.Literal('cloud_app'),
  Type.Literal('privacy_notification'),
])
export type NotificationType = Static<typeof NotificationType>

/** One of {@link INTERNAL_FIELDS}. */
export type InternalField = (typeof INTERNAL_FIELDS)[number]

/**
 * One entry of a record's update history, as the public post shows it (newest first): when, the
 * status it set, and its text (HTML, sanitised when saved). Posts and notifications carry
 * `updates` (`TrustRecord.updates`); lists do not.
 */
export const RecordUpdate = Type.Object(
  {
    /** ISO 8601 (UTC). */
    at: Type.String(),
    /** Status name after the update, e.g. `'Monitoring'`, `'Resolved'`. */
    status: Type.String(),
    /** Style class of that status, e.g. `'resolved'`. */
    statusClass: Type.String(),
    /** HTML; `''` for a status change without text. */
    text: Type.String(),
    /** The update closed the record (Resolved, Completed, Remediated): the resolved-update marker (docs/requirements/screens.md#visual-hints). */
    resolved: Type.Boolean(),
  },
  CLOSED,
)
export type RecordUpdate = Static<typeof RecordUpdate>

/**
 * One record (docs/requirements/entities.md#record) as lists, posts and notifications send it. Instants are ISO 8601
 * UTC strings; `body`, `summary`, `customer_impact` and `available_workaround` are server HTML
 * (always sanitised before display); `title` is plain text. Internal-use fields
 * ({@link INTERNAL_FIELDS}) are not part of it: only privileged answers carry them
 * ({@link PrivilegedRecord}).
 */
export const TrustRecord = Type.Object(
  {
    id: Type.Integer(),
    type: RecordType,
    title: Type.String(),
    /** Path of the record's page below the cloud domain, e.g. `/posts/123`. */
    alias: Type.String(),
    summary: Type.String(),
    body: Type.String(),
    /** Status name (docs/requirements/states.md), e.g. `'Resolved'`. */
    status: Type.String(),
    /** `RecordStatus.id` of `status`. */
    statusId: Type.String(),
    /** Severity term id (`'20'`, `'19'`, …); `null` for records without one (notifications). */
    severityId: Nullable(Type.String()),
    /** Tag names. */
    tags: Type.Array(Type.String()),
    /** Names of the data centers the record concerns. */
    clusters: Type.Array(Type.String()),
    /** Machine names of the clouds the record concerns. */
    clouds: Type.Array(Type.String()),
    customer_impact: Nullable(Type.String()),
    available_workaround: Nullable(Type.String()),
    next_update: Nullable(Type.String()),
    how_found: Nullable(Type.String()),
    posted_on: Instant,
    created: Instant,
    updated_on: Instant,
    closed_on: Nullable(Instant),
    /** When it started (incidents) or is scheduled from (maintenance). */
    fromTime: Instant,
    /** When it ended or is scheduled to end; `null` while ongoing or open-ended. */
    toTime: Nullable(Instant),
    incident_type: Nullable(Type.String()),
    post_type: Nullable(Type.String()),
    notification_type: Nullable(NotificationType),
    /** Advisories: the event type (docs/requirements/states.md). */
    event_type: Nullable(AdvisoryEventType),
    /** Which page kind shows it: `'incident'`, `'maintenance'`, `'advisory'`, `'notification'`. */
    pageType: RecordType,
    /** The record was resolved by an update (the post shows the resolved-update marker, docs/requirements/screens.md#visual-hints). */
    resolved: Type.Boolean(),
    /** Notifications only: categories (e.g. URL categories, cloud applications) it concerns. */
    categories: Type.Optional(Type.Array(Type.String())),
    /** Posts and notifications only (not lists): the update history, newest first ({@link RecordUpdate}). */
    updates: Type.Optional(Type.Array(RecordUpdate)),
    /** Advisory list rows only, for an advisory with security details: its tracking id, CVE ids and highest score (`contract/advisories.ts`). */
    advisory_summary: Type.Optional(AdvisorySummary),
  },
  CLOSED,
)
export type TrustRecord = Static<typeof TrustRecord>

/**
 * The internal-use fields of a record ({@link INTERNAL_FIELDS}, docs/requirements/entities.md#record internal-only
 * fields): a privileged viewer's answers carry every one of them (`null` when unset); public
 * answers none. Links are URLs as stored (the widget checks them before linking).
 */
export const InternalFields = Type.Object(
  {
    /** A note for staff (HTML, sanitised before display). */
    internal_note: Type.Optional(Nullable(Type.String())),
    /** The incident's chat channel. */
    slack_link: Type.Optional(Nullable(Type.String())),
    /** The ticket. */
    jira_link: Type.Optional(Nullable(Type.String())),
    /** The CRM case. */
    sfdc_link: Type.Optional(Nullable(Type.String())),
    /** The severity runbook. */
    severity_link: Type.Optional(Nullable(Type.String())),
    author: Type.Optional(Nullable(Type.String())),
    created_by: Type.Optional(Nullable(Type.String())),
    updated_by: Type.Optional(Nullable(Type.String())),
    resolved_by: Type.Optional(Nullable(Type.String())),
  } satisfies Record<InternalField, unknown>,
  CLOSED,
)
export type InternalFields = Static<typeof InternalFields>

/**
 * A record as a privileged viewer gets it (docs/requirements/roles.md#admin-roles): {@link TrustRecord} plus the
 * {@link InternalFields}. A public record is one too (without them), so the front end parses
 * every record into this shape.
 */
export const PrivilegedRecord = Type.Object({ ...TrustRecord.properties, ...InternalFields.properties }, CLOSED)
export type PrivilegedRecord = Static<typeof PrivilegedRecord>

/** One row of the maintenance schedule table: a region and one cell per day (docs/requirements/entities.md). */
export const MaintenanceScheduleRegion = Type.Object(
  {
    title: Type.String(),
    /** One cell per entry of `days`: its style class (`'scheduled'`, `'postponed'`, `''`) and text. */
    data: Type.Array(Type.Object({ className: Type.String(), value: Type.String() }, CLOSED)),
  },
  CLOSED,
)
export type MaintenanceScheduleRegion = Static<typeof MaintenanceScheduleRegion>

/** Upcoming maintenance by region and UTC day (docs/requirements/entities.md#list-response `maintenanceSchedule`). */
export const MaintenanceSchedule = Type.Object(
  {
    /** The table's days, `YYYY-MM-DD` (UTC), today first. */
    days: Type.Array(Day),
    regions: Type.Array(MaintenanceScheduleRegion),
  },
  CLOSED,
)
export type MaintenanceSchedule = Static<typeof MaintenanceSchedule>

/** A category of a record list (incident types, advisory event types, …). */
export const RecordCategory = Type.Object({ id: Type.String(), name: Type.String() }, CLOSED)
export type RecordCategory = Static<typeof RecordCategory>

/**
 * The query string of `GET /api/{incident|maintenance|advisory}` (docs/requirements/calls.md): `cloud` (machine name
 * or domain), `category` a `RecordStatus.id` (absent or empty = all statuses), `page` 1-based
 * (default 1), `date` a `YYYY-MM-DD` day in the `tz` zone (IANA, absent or empty = UTC),
 * `datacenter` comma-separated data-center term ids. The server checks `category`, `date`, `tz`
 * and `datacenter` further (400 `bad_request` naming the parameter).
 *
 * The advisory list also takes `rating`, a minimum CVSS rating (one of `CVSS_RATINGS`, any case:
 * only advisories whose highest score reaches it; advisories without a score are left out), and
 * every list takes `q`: a CVE id finds the advisories naming it; other words must each appear in
 * the title, the summary, the tracking id or the CVE ids (case-insensitive). Empty = no filter
 * (docs/operating/security-advisories.md#the-public-pages).
 */
export const RecordListQuery = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  category: Type.Optional(Type.String({ maxLength: 40 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  date: Type.Optional(Type.String({ maxLength: 40 })),
  tz: Type.Optional(Type.String({ maxLength: 64 })),
  datacenter: Type.Optional(Type.String({ maxLength: 4000 })),
  rating: Type.Optional(Type.String({ maxLength: 20 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
})
export type RecordListQuery = Static<typeof RecordListQuery>

/** The fields every record list answer carries besides its records. */
const LIST_FIELDS = {
  severity: Type.Array(ListSeverity),
  /** The statuses this list filters by (the dropdown after 'All Statuses'). */
  statuses: Type.Array(RecordStatus),
  /** Record categories of the list (incident types, advisory event types, …): `{ id, name }`. */
  categories: Type.Array(RecordCategory),
  /** A message shown above the list; `''` for none. Plain text. */
  topMessage: Type.String(),
  /** Maintenance only: the schedule table (7 UTC days from today); `null` on other lists. */
  maintenanceSchedule: Nullable(MaintenanceSchedule),
  /** 1-based; 1 when there are no records. */
  currentPage: Type.Integer({ minimum: 1 }),
  /** 0 when there are no records. */
  totalPages: Type.Integer({ minimum: 0 }),
}

/**
 * `GET /api/{incident|maintenance|advisory}?cloud=&category=&page=&date=&datacenter=&tz=`
 * (docs/requirements/entities.md#list-response, docs/requirements/calls.md). `category` is a `RecordStatus.id` (absent = all statuses), `page`
 * is 1-based, `date` a `YYYY-MM-DD` day in the `tz` zone (IANA, default UTC), `datacenter` a
 * comma-separated list of data-center term ids. Newest first, {@link RECORDS_PAGE_SIZE} a page.
 * Errors: 400 `bad_request` (malformed page, date, category, datacenter or tz), 404 `unknown_cloud`.
 */
export const RecordListData = Type.Object({ records: Type.Array(TrustRecord), ...LIST_FIELDS }, CLOSED)
export type RecordListData = Static<typeof RecordListData>

/** {@link RecordListData} for a privileged viewer: its records are {@link PrivilegedRecord}s. */
export const PrivilegedRecordListData = Type.Object({ records: Type.Array(PrivilegedRecord), ...LIST_FIELDS }, CLOSED)
export type PrivilegedRecordListData = Static<typeof PrivilegedRecordListData>

/** `{ data: RecordListData }`. */
export const RecordListAnswer = answer(RecordListData)
export type RecordListAnswer = Static<typeof RecordListAnswer>

/** `{ data: PrivilegedRecordListData }`. */
export const PrivilegedRecordListAnswer = answer(PrivilegedRecordListData)
export type PrivilegedRecordListAnswer = Static<typeof PrivilegedRecordListAnswer>

/** The calendar kinds (docs/requirements/calls.md `type`); `advisory` also sends `cc_term=241`. */
export const CalendarType = Type.Union([Type.Literal('recent_incident'), Type.Literal('scheduled_maintenance'), Type.Literal('advisory')])
export type CalendarType = Static<typeof CalendarType>

/**
 * The query string of `GET /api/calendar` (docs/requirements/calls.md): `cloud`, `type`, `tz` (IANA, absent or
 * empty = UTC). `cc_term` (sent with `advisory`) is accepted and ignored.
 */
export const CalendarQuery = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  type: CalendarType,
  tz: Type.Optional(Type.String({ maxLength: 64 })),
  cc_term: Type.Optional(Type.String({ maxLength: 40 })),
})
export type CalendarQuery = Static<typeof CalendarQuery>

/** A group of the data-center multi-select: a region and its data centers. */
export const CalendarDataCenterGroup = Type.Object(
  {
    label: Type.String(),
    /** `value` is the data center's term id as a string (the lists' `datacenter` filter). */
    options: Type.Array(Type.Object({ value: Type.String(), label: Type.String() }, CLOSED)),
  },
  CLOSED,
)
export type CalendarDataCenterGroup = Static<typeof CalendarDataCenterGroup>

/**
 * `GET /api/calendar?cloud=&type=&tz=` (docs/requirements/entities.md#calendar-response, docs/requirements/calls.md). `start_date` (`YYYY-MM-DD`)
 * is the first day with data (the previous-month button stops one month after it). `calendar`
 * has one entry per day (`YYYY-MM-DD` in `tz`) that has records, with the style class of the
 * day's most severe record: `service_disruption`, `service_degradation`, `informational`,
 * `scheduled`, `completed`, `postponed`, `under_investigation`, `security_advisory`,
 * `no-service-impact`. Errors: 400 `bad_request`, 404 `unknown_cloud`.
 */
export const CalendarData = Type.Object(
  {
    start_date: Day,
    datacenters: Type.Array(CalendarDataCenterGroup),
    calendar: Type.Record(Type.String(), Type.Object({ status: Type.String() }, CLOSED)),
  },
  CLOSED,
)
export type CalendarData = Static<typeof CalendarData>

/** `{ data: CalendarData }`. */
export const CalendarAnswer = answer(CalendarData)
export type CalendarAnswer = Static<typeof CalendarAnswer>

/** A record id in a path (`/api/posts/{id}`, `/api/notification/{id}/{cloud}`): a positive 32-bit integer. */
const RecordId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

/** The path parameters of `GET /api/posts/{id}` (its `cloud` is the query string's, `CloudQuery`). */
export const PostParams = Type.Object({ id: RecordId })
export type PostParams = Static<typeof PostParams>

/** The path parameters of `GET /api/notification/{id}/{cloud}`: `cloud` is a machine name or a domain. */
export const NotificationParams = Type.Object({ id: RecordId, cloud: Type.String({ minLength: 1, maxLength: 200 }) })
export type NotificationParams = Static<typeof NotificationParams>

/** The fields a post adds to its record. */
const POST_FIELDS = {
  /** Notifications only: a same-site path (without the leading `/`) the page redirects to. */
  url_redirect: Type.Optional(Type.String()),
  /** The record's severity with its name; `null` when it has none (notifications). */
  severity: Nullable(ListSeverity),
  /** The record's status with its style class and icon (the list answers carry these in `statuses`). */
  statusDetail: RecordStatus,
  /**
   * Incidents only, once published: the postmortem (docs/operating/console-and-desk.md#postmortems), `html` sanitised with
   * the site's allow-list, instants ISO 8601. Absent for a draft or none.
   */
  postmortem: Type.Optional(
    Type.Object({ html: Type.String(), published_at: Type.String(), updated_at: Type.String() }, { additionalProperties: false }),
  ),
  /** Advisories with security details only: CVEs, CVSS, products, VEX, revisions (`contract/advisories.ts`). */
  advisory: Type.Optional(AdvisoryDetails),
}

/**
 * `GET /api/posts/{id}?cloud=` answers the record; `GET /api/notification/{id}/{cloud}` answers
 * the record plus, when the record says so, `url_redirect` (a path below this site, without the
 * leading slash; the client still checks it stays on this origin). Errors: 404 `not_found`
 * ('No records found.'), 404 `not_on_cloud` ('Post not available on this cloud.'), 404
 * `unknown_cloud`.
 */
export const PostData = Type.Object({ ...TrustRecord.properties, ...POST_FIELDS }, CLOSED)
export type PostData = Static<typeof PostData>

/** {@link PostData} for a privileged viewer: the record with its {@link InternalFields}. */
export const PrivilegedPostData = Type.Object({ ...PrivilegedRecord.properties, ...POST_FIELDS }, CLOSED)
export type PrivilegedPostData = Static<typeof PrivilegedPostData>

/** `{ data: PostData }`. */
export const PostAnswer = answer(PostData)
export type PostAnswer = Static<typeof PostAnswer>

/** `{ data: PrivilegedPostData }`. */
export const PrivilegedPostAnswer = answer(PrivilegedPostData)
export type PrivilegedPostAnswer = Static<typeof PrivilegedPostAnswer>

/**
 * The query string of `GET /api/notifications` (docs/requirements/calls.md): `notification_type` (absent or empty =
 * `url_change_notification`; the server names the allowed types in its 400), `category` a
 * notification status id, `page` ZERO-based (default 0), `cloud` read only for `cloud_app`.
 */
export const NotificationListQuery = Type.Object({
  notification_type: Type.Optional(Type.String({ maxLength: 64 })),
  category: Type.Optional(Type.String({ maxLength: 40 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  cloud: Type.Optional(Type.String({ maxLength: 200 })),
})
export type NotificationListQuery = Static<typeof NotificationListQuery>

/** The fields every notification list answer carries besides its records. */
const NOTIFICATION_LIST_FIELDS = {
  /** ZERO-based; 0 when there are none. */
  currentPage: Type.Integer({ minimum: 0 }),
  /** The number of pages; 0 when there are none. */
  totalPages: Type.Integer({ minimum: 0 }),
  statuses: Type.Array(RecordStatus),
}

/**
 * `GET /api/notifications?notification_type=&category=&page=&cloud=` (docs/requirements/entities.md#notification-list,
 * docs/requirements/calls.md): `cloud` is read only for `cloud_app`. Pages are zero-based here: `page=0` is the first,
 * `currentPage` 0-based, `totalPages` the count.
 */
export const NotificationListData = Type.Object({ records: Type.Array(TrustRecord), ...NOTIFICATION_LIST_FIELDS }, CLOSED)
export type NotificationListData = Static<typeof NotificationListData>

/** {@link NotificationListData} for a privileged viewer: its records are {@link PrivilegedRecord}s. */
export const PrivilegedNotificationListData = Type.Object({ records: Type.Array(PrivilegedRecord), ...NOTIFICATION_LIST_FIELDS }, CLOSED)
export type PrivilegedNotificationListData = Static<typeof PrivilegedNotificationListData>

/** `{ data: NotificationListData }`. */
export const NotificationListAnswer = answer(NotificationListData)
export type NotificationListAnswer = Static<typeof NotificationListAnswer>

/** `{ data: PrivilegedNotificationListData }`. */
export const PrivilegedNotificationListAnswer = answer(PrivilegedNotificationListData)
export type PrivilegedNotificationListAnswer = Static<typeof PrivilegedNotificationListAnswer>
