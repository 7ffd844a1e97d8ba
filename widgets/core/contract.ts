/**
 * The API contract between the trust site's front end and its backend (spec §3 Entities, §7 Calls).
 *
 * Type definitions and the spec's constants only: the server (`server/`) and the widgets both read
 * this file, and nothing here may carry logic or imports. Every answer of the API is wrapped in `{ data: … }`
 * ({@link ApiAnswer}); errors are `{ error: { code, message } }` with a non-2xx status.
 */

/** A `'1'` / `'0'` flag, as the spec's backend sends booleans. */
export type Flag = '1' | '0'

/** Every successful answer: `{ data }`. */
export interface ApiAnswer<T> {
  data: T
}

/** Every failed answer (status 4xx/5xx): a machine code and a human sentence. */
export interface ApiErrorBody {
  error: { code: string; message: string }
}

/** Which status blocks a cloud shows (spec §3 Cloud.cloud_status). */
export interface CloudStatusFlags {
  datacenter: Flag
  core_cloud_services: Flag
  premium_datacenter: Flag
}

/**
 * A cloud (spec §3 Cloud). `machine_name` is the stable key used in `cloud` query parameters,
 * the `machineName` cookie and `hide_from_clouds`; `domain` (also given as `cloudDomain`) is the
 * first path segment of the cloud's pages, e.g. `/auroraedge.net/cloud-status`.
 */
export interface Cloud {
  id: string
  machine_name: string
  domain: string
  cloudDomain: string
  title: string
  /** machine_name of the product the cloud belongs to. */
  type: string
  /** Route name (a menu route, without the domain) the cloud opens on, e.g. `'home'`. */
  default_page: string
  cloud_status: CloudStatusFlags
}

/** A product; clouds belong to one (spec §3 Product). */
export interface Product {
  machine_name: string
  title: string
}

/**
 * A menu route: one path for all clouds, or one per cloud machine name with a `commercial`
 * fallback (spec §2 Header and menus, top menu).
 */
export type MenuRoute = string | ({ commercial: string } & Record<string, string>)

/** One menu entry (spec §3 Menu item). */
export interface MenuItem {
  id: string
  /** The label. */
  item: string
  /**
   * Main menu: a route name relative to the cloud (`'cloud-status'`), or an absolute path.
   * Top menu: an absolute URL or path, opened in a new tab.
   */
  route: MenuRoute
  /** Which page component renders the route (`'home'`, `'dc-map'`, …). */
  component: string
  /** When true the route lives under the cloud's domain prefix: `/{cloudDomain}/{route}`. */
  deep_link: boolean
  /** machine_names of clouds for which the item (and its page) is hidden. */
  hide_from_clouds: string[]
  sub_menus: MenuItem[]
}

export interface Menu {
  main_menu: MenuItem[]
  top_menu: MenuItem[]
}

/** Employee single sign-on (spec §2 Sign-in, Employee login link). */
export interface Sso {
  /** SSO alias path, e.g. `/saml/login`; the sign-in page appends `?destination=sign-in|subscribe`. */
  alias: string
  /**
   * The vendor's employee email domains (e.g. `auroraedge.example`): a sign-in name containing
   * one is refused with a pointer to the Employee login (spec §5). Empty when none are set.
   */
  employee_domains: string[]
}

/** Site-wide links and texts that differ by deployment (spec §1 Variants, §2 Home and Footer). */
export interface SiteLinks {
  /** Help site (the government variant has its own). */
  help_site: string
  /** Continuity-policy help article linked from the home page. */
  continuity_policy: string
  /** Address of the footer's feedback line. */
  feedback_email: string
  /** Vendor name shown in the copyright line. */
  vendor: string
  /**
   * Cookie-consent domain id of the current variant (commercial or government; configuration
   * `COOKIE_CONSENT_ID` / `COOKIE_CONSENT_GOV_ID` or the settings). Carried by the shell's consent
   * banner as `data-domain-id`; no third-party script is ever loaded. Always set by the reference server.
   */
  cookie_consent_id?: string
}

/**
 * `component` of the two external status pages in the main menu's Notifications dropdown (spec §2
 * Header and menus); the server sets their routes from the configuration.
 */
export const STATUS_PAGE_COMPONENT = {
  vulnerabilityManagement: 'status-vulnerability-management',
  zeroTrustBranch: 'status-zero-trust-branch',
} as const

/** GET /api/global (spec §3 Global, §7). */
export interface GlobalData {
  menu: Menu
  clouds: Cloud[]
  products: Product[]
  sso: Sso
  isGov: boolean
  isTrustDR: boolean
  links: SiteLinks
}

/** GET /api/cloud-banner?cloud= (spec §3 Banner). */
export interface BannerData {
  title: string
  description: string
}

/** One data center of the map (spec §3 Data center (map)). Degrees, WGS84. */
export interface MapDataCenter {
  name: string
  city: string
  /** Region the data center belongs to (a continent: EMEA, Americas, APAC). */
  region: string
  latitude: number
  longitude: number
  /** 1 when the data center carries a regional surcharge. */
  regional_surcharge: 0 | 1
  /** 1 when the data center is a premium data center. */
  premium_dc: 0 | 1
}

/** GET /api/dc_map/{cloud} (spec §3 Data center (map)). */
export interface DcMapData {
  status: 'success'
  datacenters: MapDataCenter[]
}

/**
 * One gauge of the speedometer (spec §2 Home). Values are daily counts over the last complete
 * 24 hours; `max` is the highest daily value of the last 365 days, so the needle shows today
 * against the year's peak.
 */
export interface Gauge {
  id: 'transactions' | 'threats_blocked' | 'policy_enforcements'
  label: string
  /** The count for the last 24 hours. */
  value: number
  /** The scale's end: the largest daily count of the last 365 days. */
  max: number
  /** The 24 hours the value covers, ISO 8601 UTC. */
  from: string
  to: string
}

/** GET /api/speedometer?cloud= — three gauges (spec §2 Home; shape defined by this project). */
export interface SpeedometerData {
  gauges: Gauge[]
}

/* ------------------------------------------------------------------------------------------ */
/* Cloud status (spec §2 Cloud status page, §3 Status response, §7 GET /api/cloud-status).    */
/* ------------------------------------------------------------------------------------------ */

/** Minutes in one timeline page: 7 days (spec §9). */
export const WEEK_MINUTES = 10080

/** How many weeks back the timeline may page (spec §4 Timeline paging, §9). */
export const MAX_WEEK_OFFSET = 12

/**
 * What a cloud-status request asks for: the core services, or the data centers of one type
 * (spec §7 `requestType`).
 */
export type CloudStatusRequestType = 'core_cloud_services' | 'public' | 'premium'

/** Severity ids with a fixed meaning (spec §3 Severity, §9). Every other id is informational. */
export const SEVERITY_DISRUPTION = '20'
export const SEVERITY_DEGRADATION = '19'

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

/* ------------------------------------------------------------------------------------------ */
/* Records: incidents, maintenance, security advisories, notifications (spec §2 lists,        */
/* Calendar, Notification list page, Single post; §3 Record, List response, Calendar          */
/* response, Notification list; §4 Record statuses, Lists, Pagination, Calendar; §7).         */
/* ------------------------------------------------------------------------------------------ */

/** The record lists and their endpoints: `GET /api/incident`, `/api/maintenance`, `/api/advisory`. */
export type RecordListType = 'incident' | 'maintenance' | 'advisory'

/** Every kind of record (spec §3 Record `type`). */
export type RecordType = RecordListType | 'notification'

/** Records per page of `/api/incident`, `/api/maintenance`, `/api/advisory` and `/api/notifications`. */
export const RECORDS_PAGE_SIZE = 10

/** Page numbers the pagination shows at most (spec §4 Pagination, §9). */
export const PAGINATION_WINDOW = 5

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

/**
 * The internal-use fields of a record (spec §3 Record). A public answer never carries them; the
 * server adds them only for signed-in users with a privileged role (spec §6 Admin roles).
 */
export const INTERNAL_FIELDS = [
  'internal_note',
  'slack_link',
  'jira_link',
  'sfdc_link',
  'severity_link',
  'author',
  'created_by',
  'updated_by',
  'resolved_by',
] as const

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

// ---------------------------------------------------------------------------------------------
// Accounts and sessions (spec §2 Sign-in, Sign-up; §3 Session, Cookies; §4 Sign-in, Logout,
// Sign-up, Session, Idle logout; §5; §6; §7 user calls; §9). Every answer is `{ data }` or, on
// failure, `{ error: { code, message } }` with a 4xx status, like the rest of the API.
// ---------------------------------------------------------------------------------------------

/**
 * The password rule (spec §5), the one place it is configured for client and server. It is below
 * OWASP ASVS 6.2.1 / NIST 800-63B (≥ 8, better ≥ 12 characters, no composition rules); raising
 * `minLength` here (and the message with it) raises it everywhere.
 */
export const PASSWORD_POLICY = {
  /** Characters, at least. */
  minLength: 5,
  /** Characters, at most (scrypt input stays bounded). */
  maxLength: 128,
  uppercase: 1,
  digits: 1,
  message: 'Password should be of minimum 5 character & include at least 1 uppercase alphabet and 1 number',
} as const

/** Idle time after which a signed-in visitor is logged out: 7200 s (spec §4 Idle logout, §9). */
export const IDLE_LOGOUT_S = 7200

/** Roles that see the Admin link and the internal-use block (spec §6). */
export const PRIVILEGED_ROLES = [
  'administrator',
  'blog_editor',
  'jab_compliance',
  'url_editor',
  'customer_success_manager',
  'cloud_apps',
  'legal_team',
  'trust_admin',
] as const

/** The server's HttpOnly session cookie (never readable by scripts). */
export const SESSION_COOKIE = 'trust_session'

/** `POST /api/user/before-login` → `{ data: { message: 'success' } }`: any session of this browser is ended first. */
export interface BeforeLoginData {
  message: 'success'
}

/** `POST /api/user/login` body. `name` is the email address or the username. */
export interface LoginBody {
  name: string
  pass: string
}

/**
 * `POST /api/user/login` → `{ data: LoginData }` and a new `trust_session` cookie (a new session
 * id at every login). The client keeps the two tokens in the `z_csrf_token` / `z_logout_token`
 * cookies (86400 s), `security_string` in `z_security_string` and `session_timeout` in
 * `z_session_timeout`. Errors: 400 `bad_credentials` 'Unrecognized username or password.' (unknown
 * user and wrong password alike), 429 `too_many_attempts` (5 failures per account per 6 h, 50 per
 * IP per hour), 403 `cross_site`, 400 `bad_request`.
 */
export interface LoginData {
  /** Sent back as `X-CSRF-Token` on every state-changing request. */
  csrf_token: string
  /** The `token` query of `POST /user/logout`. */
  logout_token: string
  /** Opaque per-session string; a change tells other tabs another account signed in. */
  security_string: string
  /** When the server session ends, epoch milliseconds. */
  session_timeout: number
  current_user: { uid: string; name: string; roles: string[] }
}

/** A Drupal-style field value list, e.g. `mail: [{ value: 'a@b.example' }]`. */
export type FieldValues<T = string> = Array<{ value: T }>

/**
 * `POST /api/user/details {cloud}` → `{ data: UserDetailsData }` (spec §3 Session apiData).
 * Errors: 403 `not_signed_in` (no or expired session), 403 `csrf`.
 */
export interface UserDetailsData {
  auth: {
    user: { timezone: FieldValues; mail: FieldValues; uid: FieldValues; name: FieldValues; verified: FieldValues<boolean> }
    roles: string[]
  }
}

/**
 * `POST /user/logout?token={logout_token}` → 204; the session is destroyed and its cookie cleared
 * (a replayed old cookie is refused afterwards). Errors: 403 `bad_token` (token mismatch; the
 * client only logs it and signs out locally anyway).
 */
export type LogoutAnswer = undefined

/** `POST /api/validate-email {method: 'sign-up', email}` → `{ data: ValidateEmailData }`; 429 `too_many_requests`. */
export interface ValidateEmailData {
  valid: 'true' | 'false'
  /** Why not, shown under the email field, e.g. 'The email address is already registered.' */
  message?: string
}

/** `POST /api/user/register` body: `mail` and `name` are both the email address (spec §7). */
export interface RegisterBody {
  mail: FieldValues
  name: FieldValues
  pass: FieldValues
}

/**
 * `POST /api/user/register` → `{ data: { uid, mail } }` and a verification email. Errors: 400
 * `invalid` whose `message` is HTML (shown sanitised above the form), 403 `cross_site`.
 */
export interface RegisterData {
  uid: string
  mail: string
}

/** `POST /api/resend/verification` (signed in) → `{ data: { message } }`, e.g. 'A new verification email has been sent to a@b.example.' */
export interface ResendVerificationData {
  message: string
}

/** `POST /api/user/password {mail}` → `{ data: { message } }`, the same answer whether or not the account exists. */
export interface PasswordResetRequestData {
  message: string
}

/** `POST /api/user/reset {token, pass}` → `{ data: { message } }`; 400 `invalid_token` or `invalid` (password rule). */
export interface PasswordResetData {
  message: string
}

/** `POST /api/user/settings {timezone}` (signed in, CSRF) → `{ data: { timezone } }`; 400 for an unknown IANA zone. */
export interface UserSettingsData {
  timezone: string
}

// ---------------------------------------------------------------------------------------------
// Subscriptions (spec §2 Subscriptions page, Cloud status subscribe stars; §3 Subscription data,
// Notification subscriptions; §4 Subscribe star; §7 subscription calls; §8 toasts). Every call is
// a POST for signed-in users only, with the CSRF header: 403 `not_signed_in` / `csrf` /
// `cross_site` otherwise, 400 `bad_request` for a malformed body, 404 `unknown_cloud` /
// `unknown_tid`.
//
// The subscription model, per user and cloud, is a set of *targets* arranged in a tree:
//
//   all ─┬─ core_cloud_services ── each core service of the cloud (tid)
//        ├─ public ── each region (tid) ── each public data center of the region (tid)
//        ├─ premium ── each region (tid) ── each premium data center of the region (tid)
//        ├─ each maintenance topic (tid)
//        └─ each advisory topic (tid, one per advisory event type)
//
// A region is one term for both data-center types: its star covers the region's public and
// premium data centers. A target is *subscribed* when it or any target above it is stored.
// `subscribe` stores the target (and drops the stored targets below it, now redundant);
// `unsubscribe` leaves the target and everything below it unsubscribed: a stored target above it
// is replaced by its other children, so pressing one star never changes another's state.
// Notification subscriptions are one tree per user (not per cloud): all ── each notification type
// ── each category.
// ---------------------------------------------------------------------------------------------

/** `subscribe` or `unsubscribe` (spec §7 POST /api/subscribe `action`). */
export type SubscriptionAction = 'subscribe' | 'unsubscribe'

/**
 * What `POST /api/subscribe` accepts as `tid`: a term id (service, region, data center, maintenance
 * or advisory topic; as a number or a string of digits), `'core_cloud_services'`, a data-center
 * type (`'public'` | `'premium'`, the cloud-status request types) or `'all'`.
 */
export type SubscriptionTarget = number | `${number}` | 'all' | 'core_cloud_services' | 'public' | 'premium'

/** A subscribable row: a service, data center, maintenance topic or advisory topic. */
export interface SubscriptionItem {
  tid: number
  name: string
  /** `'1'` when the user is subscribed to it, directly or through a group above it. */
  subscribed: Flag
}

/** A region with its data centers of one type; `subscribed` is the region star. */
export interface SubscriptionRegion extends SubscriptionItem {
  subCategory: SubscriptionItem[]
}

/** The public or premium data centers of a cloud; `subscribed` is the type's "All" toggle. */
export interface SubscriptionDataCenters {
  /** `'public'` or `'premium'`: the tid that subscribes the whole type. */
  tid: 'public' | 'premium'
  /** 'Public Data Center' or 'Premium Data Center'. */
  name: string
  subscribed: Flag
  /** Regions in region order; regions without a data center of this type are left out. */
  category: SubscriptionRegion[]
}

/** The core cloud services group; `subscribed` is its "All" toggle. */
export interface SubscriptionCoreGroup {
  tid: 'core_cloud_services'
  /** 'Core Cloud Services'. */
  name: string
  subscribed: Flag
  subCategory: SubscriptionItem[]
}

/**
 * `POST /api/subscriptions {cloud}` → `{ data: SubscriptionsData }` (spec §3 Subscription data).
 * Decommissioned services and data centers are left out. `core_cloud_services` is empty, and
 * `datacenter` / `premium_datacenters` have no regions, when the cloud shows no such block (spec §3
 * Cloud.cloud_status).
 */
export interface SubscriptionsData {
  /** The cloud's machine name. */
  cloud: string
  /** `'1'` when `all` is stored: every row of the cloud is subscribed. */
  all_subscribed: Flag
  core_cloud_services: SubscriptionCoreGroup[]
  datacenter: SubscriptionDataCenters
  premium_datacenters: SubscriptionDataCenters
  maintenance: SubscriptionItem[]
  advisory: SubscriptionItem[]
  /**
   * How many rows of this cloud (services, data centers, maintenance and advisory topics) the user
   * is subscribed to, plus the notification categories they are subscribed to (the heading's count).
   */
  subscriptions_count: number
}

/** `POST /api/subscribe` body (spec §7). `cloud` is a machine name or domain. */
export interface SubscribeBody {
  cloud: string
  tid: SubscriptionTarget
  action: SubscriptionAction
}

/**
 * `POST /api/subscribe` → `{ data: SubscribeData }` (the spec leaves the shape open): what was
 * changed, its display name for the toast, and the cloud's whole tree after the change.
 */
export interface SubscribeData {
  tid: string
  action: SubscriptionAction
  /** e.g. 'Amsterdam II', 'EMEA', 'Core Cloud Services', 'Public Data Center'; 'all' for `all`. */
  name: string
  subscriptions: SubscriptionsData
}

/** A notification category with the user's state (spec §3 Notification subscriptions). */
export interface NotificationSubscriptionCategory {
  /** The category's tid, as a string. */
  notification_subcategory_id: string
  notification_subcategory_name: string
  /** `'1'` when subscribed, directly or through its type or `all`. */
  notification_subcategory_sub_status: Flag
}

/** One notification type of the Notifications tab. */
export interface NotificationSubscriptionType {
  /** The type's machine name, also accepted as a `tid` of `notification_manage_subscription`. */
  type: NotificationType
  /** Display name, e.g. 'URL Category Notifications'. */
  notification_type: string
  categories: NotificationSubscriptionCategory[]
  /** `'1'` when the type (or `all`) is stored: every category of the type is subscribed. */
  all_subscribed: Flag
}

/**
 * `POST /api/user_notifications` (no body) → `{ data: UserNotificationsData }`.
 * `terms.totalCount` is the number of URL categorization categories (spec §3).
 */
export interface UserNotificationsData {
  terms: Partial<Record<NotificationType, NotificationSubscriptionType>> & { totalCount: number }
  /** `'1'` when `all` is stored. */
  all_subscribed: Flag
  /** Categories the user is subscribed to, over every type. */
  subscriptions_count: number
}

/** `POST /api/notification_manage_subscription` body: `tid` is a category tid, a notification type or `'all'`. */
export interface NotificationManageBody {
  tid: number | `${number}` | NotificationType | 'all'
  action: SubscriptionAction
}

/** `POST /api/notification_manage_subscription` → `{ data: NotificationManageData }` (shape left open by the spec). */
export interface NotificationManageData {
  tid: string
  action: SubscriptionAction
  /** e.g. 'Gambling', 'URL Category Notifications'; 'all' for `all`. */
  name: string
  notifications: UserNotificationsData
}

/**
 * `GET /api/unsubscribe/{token}` → `{ data: UnsubscribeData }`: what the one-click link of a
 * notification email stops (no sign-in needed; the token is the authority). `POST` to the same URL
 * (RFC 8058 `List-Unsubscribe=One-Click` form body, or an empty/JSON body) unsubscribes and answers
 * the same shape with `done: true`. 404 `invalid_token` for an unknown token.
 */
export interface UnsubscribeData {
  /** The recipient, masked (`v•••@example.com`). */
  mail: string
  /** The cloud's title, or '' for notification subscriptions. */
  cloud: string
  /** Display names of the subscriptions the mail was sent for, e.g. ['EMEA']. */
  names: string[]
  /** `true` once they are unsubscribed. */
  done: boolean
}

// ---------------------------------------------------------------------------------------------
// Publishing (admin API; privileged roles, CSRF): create and update incidents, maintenance,
// advisories and notifications. Each create or update is a *record event*; every verified user
// subscribed to one of the record's targets gets one email per event (outbox, idempotent).
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/admin/records` body → 201 `{ data: PublishData }`. Times are ISO 8601. `clouds` are
 * machine names or domains; `terms` are tids of services, data centers and (for notifications)
 * notification categories. `status` is a status name ('In Progress', 'Resolved', …); `severity` a
 * severity tid. Errors: 403 `forbidden` (not privileged), 400 `bad_request` / `invalid` with a
 * message naming the field.
 */
export interface PublishRecordBody {
  type: 'incident' | 'maintenance' | 'advisory' | 'notification'
  title: string
  /** Plain text. */
  summary?: string
  /** HTML; sanitised on display. */
  body?: string
  status: string
  severity?: number | `${number}` | null
  /** Advisories: the event type (spec §4). */
  event_type?: string | null
  /** Notifications: the type. */
  notification_type?: NotificationType | null
  clouds: string[]
  terms: Array<number | `${number}`>
  from: string
  /** `null` or absent while ongoing. */
  to?: string | null
  customer_impact?: string | null
  available_workaround?: string | null
  next_update?: string | null
}

/** `PATCH /api/admin/records/{id}`: any subset of the publish fields, plus an optional update text appended to the body. */
export type UpdateRecordBody = Partial<PublishRecordBody> & {
  /** Plain text of the update, added to the body as a dated paragraph and to the email. */
  update?: string
}

/** What publishing answers. */
export interface PublishData {
  id: number
  /** Path of the post below the cloud domain, e.g. `/posts/123`. */
  alias: string
  /** The record event this change made (mail idempotency key). */
  event_id: number
  /** Emails enqueued for this event. */
  mails: number
}

// ---------------------------------------------------------------------------------------------
// FAQ and Compliance (spec §2 FAQ, Compliance; §3; §7; §8 'No rows')
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/basic-page/faq?cloud=` → `{ data: BasicPageData }` (public, cacheable 30 s, CORS `*`).
 * The cloud's own FAQ when it has one, else the shared one. 400 `bad_request` without `cloud`,
 * 404 `unknown_cloud`, 404 `not_found` when no page exists.
 *
 * Markup of the FAQ `body` (HTML; `<trust-faq>` turns it into collapsible sections, anything else
 * is shown as sanitised HTML):
 *
 * ```html
 * <section id="subscriptions">            <!-- a section; id = its deep-link anchor -->
 *   <h2>Subscriptions and email notifications</h2>
 *   <details id="how-to-manage-your-subscription">   <!-- a question; id = its anchor -->
 *     <summary>How to Manage Your Subscription?</summary>
 *     <div><p>Answer HTML…</p></div>
 *   </details>
 * </section>
 * ```
 *
 * Ids match `[A-Za-z][A-Za-z0-9_-]*` and are unique in the page; `/faq#{id}` opens that section
 * or question about 1 s after load (spec §9).
 */
export interface BasicPageData {
  page_content: {
    title: string
    /** HTML, sanitised on display. */
    body: string
  }
}

/** One compliance row (spec §3 Compliance). */
export interface ComplianceRow {
  /** HTML or text, sanitised on display. */
  description: string
  /** Estimated approval date, `YYYY-MM-DD`. */
  date: string
}

/**
 * `GET /api/compliance?cloud=` → `{ data: ComplianceData }` (public, cacheable 30 s, CORS `*`).
 * 400 `bad_request` without `cloud`, 404 `unknown_cloud`. An empty `page_content` shows 'No rows'.
 */
export interface ComplianceData {
  /** HTML above the table ('' when the cloud has none), sanitised on display. */
  page_top: string
  /** In display order. */
  page_content: ComplianceRow[]
}
