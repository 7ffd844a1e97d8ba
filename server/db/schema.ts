/**
 * Kysely table types of the trust site's database: one interface per table, gathered in
 * {@link Database}. The SQL that creates them lives in `./migrations/`; a new migration that adds
 * a table adds its interface here.
 *
 * Conventions
 * - Flags are stored as integers `0` / `1` (SQLite has no boolean type; PostgreSQL accepts them as
 *   smallint). The API turns them into `'1'` / `'0'` or booleans at the edge.
 * - JSON columns are stored as text and parsed by the code that reads them.
 * - Days are `YYYY-MM-DD` strings in UTC. Instants (from migration 002 on: record times,
 *   commissioning dates) are INTEGER epoch milliseconds, UTC; the API turns them into ISO 8601.
 * - Data centers, regions and every later taxonomy-like entity (services, severities, notification
 *   categories) share one integer id space, the term id `tid`, allocated in {@link TermsTable}.
 *   The spec's subscription calls send a bare `tid` (docs/requirements/calls.md POST /api/subscribe), so a tid must
 *   name exactly one thing.
 */
import type { ColumnType, Generated } from 'kysely'
import type { RecordEventKind } from '../../contract/desk.js'
import type { RecordType } from '../../contract/records.js'

/** `0` or `1`. */
export type IntFlag = number

/** Site-wide key/value settings (variant flags, links, single sign-on alias). */
export interface SettingsTable {
  key: string
  value: string
}

/** Products; a cloud belongs to one (docs/requirements/entities.md#product). */
export interface ProductsTable {
  id: Generated<number>
  machine_name: string
  title: string
  sort: Generated<number>
}

/** Clouds (docs/requirements/entities.md#cloud) with their home-page banner (spec docs/requirements/entities.md#banner). */
export interface CloudsTable {
  id: Generated<number>
  machine_name: string
  domain: string
  title: string
  product_id: number
  /** Menu route the cloud opens on; `''` is the cloud's home page. */
  default_page: Generated<string>
  banner_title: string
  banner_description: string
  status_core_cloud_services: Generated<IntFlag>
  status_datacenter: Generated<IntFlag>
  status_premium_datacenter: Generated<IntFlag>
  sort: Generated<number>
}

/** Main and top menu entries (docs/requirements/entities.md#menu-item). */
export interface MenuItemsTable {
  id: Generated<number>
  menu: 'main' | 'top'
  parent_id: number | null
  label: string
  /** JSON: a string, or an object keyed by cloud machine_name with a `commercial` fallback. */
  route: string
  component: Generated<string>
  deep_link: Generated<IntFlag>
  /** JSON array of cloud machine_names. */
  hide_from_clouds: Generated<string>
  sort: Generated<number>
}

/** The shared term id space: which vocabulary each tid belongs to. */
export interface TermsTable {
  tid: number
  /** `'region'`, `'data_center'`, `'service'`, `'severity'`, `'notification_category'`, `'subscription_topic'`; later issues add more. */
  vocabulary: string
}

/** Data center regions (continents: EMEA, Americas, APAC). */
export interface RegionsTable {
  tid: number
  name: string
  sort: Generated<number>
}

/** Data centers, one per city entry of the data-center list. Coordinates in degrees, WGS84. */
export interface DataCentersTable {
  tid: number
  /** e.g. `'Amsterdam II'`. */
  name: string
  /** The name without its trailing roman numeral, e.g. `'Amsterdam'`. */
  city: string
  /** ISO 3166-1 alpha-2 country code. */
  country: string
  region_tid: number
  latitude: number
  longitude: number
  sort: Generated<number>
}

/** Which data centers serve which cloud, and on what terms. */
export interface CloudDataCentersTable {
  cloud_id: number
  data_center_tid: number
  regional_surcharge: Generated<IntFlag>
  premium_dc: Generated<IntFlag>
  /** `0` once the data center is decommissioned for this cloud. */
  active: Generated<IntFlag>
  /** When the data center went into service for this cloud, epoch ms (UTC); `null` = unknown. */
  start_date: number | null
  /** When it was decommissioned for this cloud, epoch ms (UTC); `null` while in service. */
  end_date: number | null
}

/** Daily traffic totals per cloud, the speedometer's source. `day` is a UTC day. */
export interface TrafficDailyTable {
  cloud_id: number
  day: string
  transactions: number
  threats_blocked: number
  policy_enforcements: number
}

/**
 * Severities (docs/requirements/entities.md#severity): terms of the `severity` vocabulary, tids below 1000 ('20' Service
 * Disruption, '19' Service Degradation, others informational).
 */
export interface SeveritiesTable {
  tid: number
  name: string
  /** `#rrggbb`. */
  color_code: string
  /** Icon names (`'ban'`, `'minus'`, `'info'`, …), mapped to SVGs by the widgets. */
  icon: string
  status_icon: string
  show_legend: Generated<IntFlag>
  sort: Generated<number>
}

/** Record statuses (docs/requirements/states.md): Scheduled, In Progress, Completed, Resolved, … */
export interface RecordStatusesTable {
  id: number
  name: string
  /** CSS class name of the status, e.g. `'in_progress'`. */
  class: string
  /** Icon name, e.g. `'hourglass'`. */
  icon: string
  sort: Generated<number>
}

/** Core cloud services: terms of the `service` vocabulary, shared by the clouds that run them. */
export interface ServicesTable {
  tid: number
  name: string
  /** One plain-text sentence, shown in the row's tooltip. */
  description: Generated<string>
}

/** Which cloud runs which core service, in which order, and since / until when. */
export interface CloudServicesTable {
  cloud_id: number
  service_tid: number
  sort: Generated<number>
  /** `0` once the service is decommissioned on this cloud. */
  active: Generated<IntFlag>
  /** Epoch ms (UTC); `null` = unknown. */
  start_date: number | null
  /** Epoch ms (UTC); `null` while in service. */
  end_date: number | null
}

/** The kinds of record, written once in `contract/reference-data.ts` (`RECORD_TYPES`). */
export type { RecordType }

/**
 * Incidents, maintenance, security advisories and notifications (docs/requirements/entities.md#record). Times are epoch
 * milliseconds (UTC). `to_time = null` means ongoing. The fields marked internal are never part of a
 * public answer.
 */
export interface RecordsTable {
  id: Generated<number>
  type: RecordType
  title: string
  /** Path of the record's page without the cloud domain, e.g. `/incidents/123`. */
  alias: string
  /** Plain text, a few sentences. */
  summary: Generated<string>
  /** HTML as authored; the front end sanitises it before display. */
  body: Generated<string>
  status_id: number
  severity_tid: number | null
  event_type: string | null
  customer_impact: string | null
  available_workaround: string | null
  next_update: string | null
  how_found: string | null
  incident_type: string | null
  post_type: string | null
  notification_type: string | null
  /** Epoch ms. */
  posted_on: number
  created: number
  updated_on: number
  closed_on: number | null
  /** When the event starts / ends, epoch ms; `to_time = null` while ongoing. */
  from_time: number
  to_time: number | null
  /** Internal. */
  internal_note: string | null
  /** Internal. */
  slack_link: string | null
  /** Internal. */
  jira_link: string | null
  /** Internal. */
  sfdc_link: string | null
  /** Internal. */
  severity_link: string | null
  /** Internal. */
  author: string | null
  /** Internal. */
  created_by: string | null
  /** Internal. */
  updated_by: string | null
  /** Internal. */
  resolved_by: string | null
  /**
   * Notifications: where the reader is sent instead (docs/requirements/screens.md /notification/{id}), a path below the
   * site without the leading slash; `null` for none. Stored as authored (migration 003).
   */
  url_redirect: Generated<string | null>
  /**
   * Maintenance: minutes before `from_time` that the reminder is mailed; `0` for none; `null` for
   * the server's setting (`MAINTENANCE_REMINDER_MINUTES`). `null` for other types (migration 012).
   */
  reminder_minutes: Generated<number | null>
}

/** Which clouds a record concerns. */
export interface RecordCloudsTable {
  record_id: number
  cloud_id: number
}

/** Which terms (services, data centers, notification categories) a record concerns. */
export interface RecordTermsTable {
  record_id: number
  tid: number
}

/**
 * Notification categories (migration 003): terms of the `notification_category` vocabulary, each
 * belonging to one notification type (`url_change_notification`, `cloud_app`,
 * `privacy_notification`), e.g. a URL category or a group of cloud applications.
 */
export interface NotificationCategoriesTable {
  tid: number
  notification_type: string
  name: string
  sort: Generated<number>
}

/** Every table of the database, as Kysely sees it. */
export interface Database {
  settings: SettingsTable
  products: ProductsTable
  clouds: CloudsTable
  menu_items: MenuItemsTable
  terms: TermsTable
  regions: RegionsTable
  data_centers: DataCentersTable
  cloud_data_centers: CloudDataCentersTable
  traffic_daily: TrafficDailyTable
  severities: SeveritiesTable
  record_statuses: RecordStatusesTable
  services: ServicesTable
  cloud_services: CloudServicesTable
  records: RecordsTable
  record_clouds: RecordCloudsTable
  record_terms: RecordTermsTable
  notification_categories: NotificationCategoriesTable
  users: UsersTable
  user_roles: UserRolesTable
  sessions: SessionsTable
  flood: FloodTable
  user_tokens: UserTokensTable
  outbox: OutboxTable
  outbox_acks: OutboxAcksTable
  fanout_jobs: FanoutJobsTable
  subscription_topics: SubscriptionTopicsTable
  subscriptions: SubscriptionsTable
  advisory_minimums: AdvisoryMinimumsTable
  notification_subscriptions: NotificationSubscriptionsTable
  record_events: RecordEventsTable
  record_updates: RecordUpdatesTable
  record_postmortems: RecordPostmortemsTable
  advisory_details: AdvisoryDetailsTable
  advisory_revisions: AdvisoryRevisionsTable
  csaf_documents: CsafDocumentsTable
  record_templates: RecordTemplatesTable
  unsubscribe_tokens: UnsubscribeTokensTable
  subscriber_invites: SubscriberInvitesTable
  basic_pages: BasicPagesTable
  compliance_pages: CompliancePagesTable
  compliance_rows: ComplianceRowsTable
  audit_log: AuditLogTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  upstream_groups: UpstreamGroupsTable
  upstream_components: UpstreamComponentsTable
  totp_factors: TotpFactorsTable
  recovery_codes: RecoveryCodesTable
  passkeys: PasskeysTable
  sso_flows: SsoFlowsTable
  api_keys: ApiKeysTable
  alert_rules: AlertRulesTable
  alert_incidents: AlertIncidentsTable
  component_groups: ComponentGroupsTable
  user_customer_groups: UserCustomerGroupsTable
}

/** Registered accounts (migration 004). `mail` is lower-cased; `name` is unique regardless of case. */
export interface UsersTable {
  uid: Generated<number>
  name: string
  mail: string
  /** `scrypt$N$r$p$salt$hash`, base64 parts (see `server/accounts/passwords.ts`). */
  pass_hash: string
  verified: Generated<IntFlag>
  /** IANA zone; `'UTC'` by default. */
  timezone: Generated<string>
  /**
   * The saved language, a contract/locale.ts `LOCALES` code (migration 010; docs/languages-and-themes.md); null when
   * none was saved (the emails are then English).
   */
  locale: string | null
  /** Epoch ms. */
  created: number
  /** Epoch ms of the last successful sign-in, or null. */
  last_login: number | null
  /** The identity provider's issuer of an account made or linked by single sign-on, else null (migration 020). */
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>
  /** The provider's `sub` claim of that account, else null (migration 020). */
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>
}

/** Role machine names of a user (docs/requirements/roles.md). */
export interface UserRolesTable {
  uid: number
  role: string
}

/** Server sessions; the cookie carries a random value whose SHA-256 hex is `id_hash`. */
export interface SessionsTable {
  id_hash: string
  uid: number
  csrf_token: string
  logout_token: string
  security_string: string
  /** Epoch ms. */
  created: number
  /** Epoch ms; `created` + 86 400 000. */
  expires: number
  /** The random id the session list shows and ends sessions by (migration 020). */
  public_id: string | null
  /** The `User-Agent` header at sign-in ('' when none). */
  user_agent: Generated<string>
  /** The client address the server saw at sign-in. */
  ip: Generated<string>
  /** Epoch ms of the last request seen, refreshed at most once a minute. */
  last_seen: number | null
  /** `'password'` or `'sso'`. */
  auth_method: Generated<string>
  /** The second factor this session proved (`'totp'` | `'passkey'` | `'recovery'`), else null. */
  second_factor: ColumnType<string | null, string | null | undefined, string | null>
  /** The WebAuthn challenge this session is answering, else null. */
  challenge: ColumnType<string | null, string | null | undefined, string | null>
}

/** Flood-control events (failed logins, rate-limited calls); `at` is epoch ms. */
export interface FloodTable {
  id: Generated<number>
  event: string
  identifier: string
  at: number
}

/** One-time email tokens, stored as SHA-256 hex; instants are epoch ms. */
export interface UserTokensTable {
  token_hash: string
  uid: number
  purpose: 'verify' | 'reset'
  expires: number
  used_at: number | null
}

/**
 * A mail handed to the SMTP server while its outbox row was still claimed (PostgreSQL; migration
 * 013, `server/mail/outbox.ts`): `id` is the outbox row's, `sent_at` epoch ms.
 */
export interface OutboxAcksTable {
  id: number
  sent_at: number
}

/**
 * One record event's fan-out to its subscribers (migration 013, `server/publishing/fanout.ts`);
 * instants are epoch ms.
 */
export interface FanoutJobsTable {
  id: Generated<number>
  event_id: number
  /** Subscribers the event matched when it was committed. */
  recipients: Generated<number>
  /** The highest user id expanded so far (users are expanded in uid order). */
  cursor_uid: Generated<number>
  /** Emails enqueued so far. */
  mails: Generated<number>
  created: number
  /** When the last chunk was expanded; null while the fan-out runs. */
  finished_at: number | null
  /** The origin of the links in its mails, e.g. `https://trust.example`; null = the server's. */
  link_origin: string | null
}

/** Mail to deliver (see `server/mail/outbox.ts`); instants are epoch ms. */
export interface OutboxTable {
  id: Generated<number>
  to_address: string
  subject: string
  text: string
  html: string | null
  /** JSON object of extra headers. */
  headers: Generated<string>
  created: number
  sent_at: number | null
  attempts: Generated<number>
  last_error: string | null
  /** Unique when set: the same event is enqueued at most once. */
  event_key: string | null
  /** `1`: signed with the provider's OpenPGP key when sent (PGP/MIME; advisory mails, migration 019). */
  sign: Generated<number>
}

/**
 * The maintenance and advisory rows of the Subscriptions page (migration 005): terms of the
 * `subscription_topic` vocabulary. The maintenance topic matches every maintenance record; an
 * advisory topic matches the advisories whose `event_type` equals its `event_type`.
 */
export interface SubscriptionTopicsTable {
  tid: number
  kind: 'maintenance' | 'advisory'
  name: string
  event_type: string | null
  sort: Generated<number>
}

/**
 * A user's stored subscription targets per cloud (migration 005; model: `server/subscriptions/tree.ts`).
 * `target` is `'all'`, `'core_cloud_services'`, `'public'`, `'premium'` or a tid as a decimal string.
 */
export interface SubscriptionsTable {
  uid: number
  cloud_id: number
  target: string
  /** Epoch ms. */
  created: number
}

/**
 * The lowest CVSS rating of the advisories a user hears about on a cloud (migration 019; contract
 * `AdvisoryMinimum`); no row: every advisory. `updated` epoch ms.
 */
export interface AdvisoryMinimumsTable {
  uid: number
  cloud_id: number
  rating: 'Medium' | 'High' | 'Critical'
  updated: number
}

/** A user's stored notification targets, over every cloud: `'all'`, a notification type or a category tid string. */
export interface NotificationSubscriptionsTable {
  uid: number
  target: string
  /** Epoch ms. */
  created: number
}

/** The kinds of record event (migration 008), written once in `contract/desk.ts`. */
export type { RecordEventKind }

/**
 * One event of a record: a publish, an update, or a step of maintenance (migrations 005, 008); its
 * id keys the emails it causes (`record-event:{id}:uid:{uid}`).
 */
export interface RecordEventsTable {
  id: Generated<number>
  record_id: number
  kind: RecordEventKind
  /** Epoch ms. */
  at: number
  /** The update text (sanitised HTML), if any. */
  note: string | null
  /**
   * The scheduler's events (`reminder`, `started`, `completed`): the `from_time` of the window they
   * belong to, epoch ms; `null` for the others. Unique with `record_id` and `kind`: the atomic claim
   * of an automatic event (see `server/publishing/scheduler.ts`).
   */
  window_from: number | null
}

/** One entry of a record's update history (migration 008; contract `RecordUpdate`). */
/** The postmortem of a record (migration 014): Markdown `body`, sanitised `html`; instants epoch ms. */
/** An advisory record's security details (migration 018; `contract/advisories.ts`). */
export interface AdvisoryDetailsTable {
  record_id: number
  /** The CSAF tracking id, e.g. `NIMBUS-SA-2026-0001`; never changes. */
  tracking_id: string
  /** JSON: `{ vex_only, vulnerabilities, products, acknowledgements }` as saved, scores computed. */
  details: string
  /** The CVE ids joined by single spaces. */
  cves: string
  highest_score: number | null
  /** One of `CVSS_RATINGS`; null without a vector. */
  highest_rating: string | null
  created: number
  updated: number
}

/** One published change of an advisory (migration 018): `number` 1, 2, … is the CSAF tracking version. */
export interface AdvisoryRevisionsTable {
  record_id: number
  number: number
  /** Epoch ms. */
  date: number
  summary: string
}

/** An advisory's CSAF 2.0 document as last generated (migration 018). */
export interface CsafDocumentsTable {
  record_id: number
  /** Below `/.well-known/csaf/`, e.g. `white/2026/nimbus-sa-2026-0001.json`. */
  path: string
  json: string
  sha256: string
  sha512: string
  /** Armored detached OpenPGP signature of `json`; null without a signing key. */
  asc: string | null
  /** Epoch ms of the document's `current_release_date`. */
  released: number
}

export interface RecordPostmortemsTable {
  record_id: number
  body: string
  html: string
  created: number
  updated: number
  updated_by: number | null
  /** When first published on the post; null while a draft. */
  published_at: number | null
  /** When subscribers were told (once); null before. */
  notified_at: number | null
  /** The record event whose fan-out told them. */
  notify_event_id: number | null
}

export interface RecordUpdatesTable {
  id: Generated<number>
  record_id: number
  /** The event that announced it; `null` when there is none. */
  event_id: number | null
  /** Epoch ms. */
  at: number
  /** The status the record had after the update. */
  status_id: number
  /** Sanitised HTML; `''` for a status change without text. */
  text: Generated<string>
}

/** Templates of the desk's publish form (migration 008; contract `RecordTemplate`). */
export interface RecordTemplatesTable {
  id: Generated<number>
  /** Unique. */
  name: string
  /** The record type the template is for (`fields.type`). */
  type: RecordType
  /** Notifications: `fields.notification_type`; `null` otherwise. */
  notification_type: string | null
  /** JSON text of the contract's `TemplateFields`. */
  fields: string
  /** Epoch ms of the last save. */
  updated: number
  /** Name of who saved it last. */
  updated_by: string
}

/** One-click unsubscribe links of notification emails; the token is stored as SHA-256 hex. */
export interface UnsubscribeTokensTable {
  token_hash: string
  uid: number
  scope: 'cloud' | 'notification'
  /** The cloud of a `cloud` token; null for `notification`. */
  cloud_id: number | null
  /** JSON array of the target strings the mail was sent for. */
  targets: string
  /** Epoch ms. */
  created: number
}

/**
 * Invitations of the subscriber import (migration 016): topics waiting for the person's opt-in.
 * The token is stored as SHA-256 hex.
 */
export interface SubscriberInvitesTable {
  id: Generated<number>
  uid: number
  token_hash: string
  /** JSON `{ clouds: { [cloud id]: string[] }, notifications: string[] }` of stored targets. */
  topics: string
  /** JSON array of the topics as the file named them (the CSV notation). */
  names: string
  /** Epoch ms. */
  created: number
  /** Epoch ms; the link works until then. */
  expires: number
  /** Epoch ms of the confirmation; null while open. */
  confirmed_at: number | null
}

/** Static HTML pages by machine name (migration 006); a row with `cloud_id` overrides the shared one for that cloud. */
export interface BasicPagesTable {
  id: Generated<number>
  /** e.g. `'faq'`. */
  machine_name: string
  /** Null for the page every cloud shares. */
  cloud_id: number | null
  title: string
  /** HTML (FAQ markup: `contract/content.ts`); sanitised on display. */
  body: string
}

/** The HTML above a cloud's compliance table (migration 006). */
export interface CompliancePagesTable {
  cloud_id: number
  /** HTML; sanitised on display. */
  page_top: string
}

/** One authorisation of a cloud on the Compliance page (migration 006). */
export interface ComplianceRowsTable {
  id: Generated<number>
  cloud_id: number
  /** HTML or text; sanitised on display. */
  description: string
  /** Estimated approval date, `YYYY-MM-DD`. */
  date: string
  sort: Generated<number>
}

/** One change made through the admin API or the catalogue import (migration 007); `at` is epoch ms. */
export interface AuditLogTable {
  id: Generated<number>
  at: number
  /** `null` for the command line. */
  actor_uid: number | null
  actor_name: string
  /** e.g. `'catalog.data_centers'`, `'compliance.update'`, `'record.publish'`. */
  action: string
  /** What was changed, e.g. a cloud's machine name or a record id; `''` for the whole site. */
  target: Generated<string>
  /** JSON of the value before; `null` when there was none. */
  before: string | null
  /** JSON of the value after; `null` when it was removed. */
  after: string | null
}

/** The kinds of webhook endpoint (migration 009; `teams` from migration 017; contract `WebhookKind`). */
export type WebhookKind = 'webhook' | 'slack' | 'teams'

/** A user's webhook or Slack endpoint (migration 009; `server/webhooks/`); instants are epoch ms. */
export interface WebhookEndpointsTable {
  id: Generated<number>
  uid: number
  kind: WebhookKind
  url: string
  /** Standard Webhooks signing secret `whsec_…` (base64); `null` for Slack and Teams endpoints. */
  secret: string | null
  created: number
  /** Failed attempts since the last successful one. */
  consecutive_failures: Generated<number>
  /** When the endpoint was disabled after repeated failures; `null` while enabled. */
  disabled_at: number | null
  /** Why it was disabled (shown to its owner); `null` while enabled. */
  disabled_reason: string | null
}

/** One event for one endpoint: the webhook outbox (migration 009; `server/webhooks/deliver.ts`). */
export interface WebhookDeliveriesTable {
  id: Generated<number>
  endpoint_id: number
  /** Unique per endpoint: `record-event:{eventId}`. */
  event_key: string
  /** The `webhook-id` header, the same on every attempt. */
  message_id: string
  /** The JSON text POSTed (and signed). */
  payload: string
  created: number
  attempts: Generated<number>
  /** When the next attempt is due, epoch ms. */
  next_attempt_at: number
  /** When a 2xx answer came back; `null` until then. */
  delivered_at: number | null
  /** HTTP status of the last attempt; `null` when none came back. */
  last_status: number | null
  last_error: string | null
}

/**
 * A third-party component group of a cloud that follows another Statuspage-v2-compatible page
 * (migration 015; docs/operating/console-and-desk.md#third-party-components). Instants are epoch ms.
 */
export interface UpstreamGroupsTable {
  id: Generated<number>
  cloud_id: number
  name: string
  /** The page's base URL without a trailing slash; its summary is `${base_url}/api/v2/summary.json`. */
  base_url: string
  sort: Generated<number>
  created: number
  /** The upstream page's own name, from its last good answer. */
  page_name: string | null
  last_success_at: number | null
  last_failure_at: number | null
  /** Why the last poll failed, in words. */
  last_error: string | null
  /** The first failure of the current run of failures; null while the page answers. */
  failing_since: number | null
  /** Failures in a row (the backoff step). */
  failures: Generated<number>
  /** When the next poll is due. */
  next_poll_at: Generated<number>
  etag: string | null
  last_modified: string | null
}

/** A component of an upstream page as its last good answer gave it (migration 015). */
export interface UpstreamComponentsTable {
  id: Generated<number>
  group_id: number
  upstream_id: string
  name: string
  /** Statuspage's component status as the upstream said it. */
  status: string
  /** The name of the upstream group it belongs to, if any. */
  group_name: string | null
  position: number
  /** The upstream's `updated_at`, epoch ms (the poll's instant when it gave none). */
  updated_at: number
}

/** One authenticator app (RFC 6238 TOTP) per account (migration 020). */
export interface TotpFactorsTable {
  uid: number
  /** Base32 secret. */
  secret: string
  /** Epoch ms. */
  created: number
  /** Epoch ms of the enrolment's first accepted code; null while it waits for one. */
  confirmed: number | null
  /** The last accepted 30-second step (a code is never accepted twice). */
  last_step: number | null
}

/** One-time recovery codes, SHA-256 hex (migration 020). */
export interface RecoveryCodesTable {
  id: Generated<number>
  uid: number
  code_hash: string
  /** Epoch ms. */
  created: number
  /** Epoch ms once spent, else null. */
  used_at: number | null
}

/** WebAuthn credentials (passkeys) of an account (migration 020). */
export interface PasskeysTable {
  /** base64url credential id. */
  credential_id: string
  uid: number
  /** base64url COSE public key. */
  public_key: string
  counter: Generated<number>
  /** JSON array of transports (`["internal","hybrid"]`). */
  transports: Generated<string>
  name: string
  /** Epoch ms. */
  created: number
  /** Epoch ms, else null. */
  last_used: number | null
}

/** Started single sign-on flows, keyed by the SHA-256 of their `state` (migration 020). */
export interface SsoFlowsTable {
  state_hash: string
  code_verifier: string
  nonce: string
  /** A same-origin path to return to. */
  destination: string
  /** Epoch ms. */
  created: number
  /** Epoch ms. */
  expires: number
}

/** Alert rules (migration 022; `contract/alerts.ts` `AlertRule`): JSON arrays in `matchers`, `services`, `data_centers`. */
export interface AlertRulesTable {
  id: Generated<number>
  /** 0 first; the first enabled match wins. */
  position: number
  name: string
  enabled: IntFlag
  matchers: string
  cloud: string | null
  cloud_label: string | null
  services: string
  services_label: string | null
  data_centers: string
  data_centers_label: string | null
  severity: string
  mode: string
  on_resolve: string
  title_template: string
  body_template: string
  grace_seconds: number
}

/** Alert incidents (migration 022; `contract/alerts.ts` `AlertIncident`); instants epoch ms, `affected` JSON `[{kind, tid}]`. */
export interface AlertIncidentsTable {
  id: Generated<number>
  rule_id: number | null
  rule_name: string
  group_key: string
  /** Unique with (rule_id, group_key): the group's nth incident. */
  episode: number
  state: string
  record_id: number | null
  cloud_id: number
  title: string
  body: string
  severity: string
  mode: string
  on_resolve: string
  grace_seconds: number
  affected: string
  alert_count: number
  first_fired: number
  last_fired: number
  resolving_since: number | null
  resolves_at: number | null
  resolution_offered: IntFlag
  resolved_at: number | null
  updated: number
}

/** API keys for machines (migration 021); the key itself is never stored. */
export interface ApiKeysTable {
  id: Generated<number>
  name: string
  /** The key's first characters, to recognise it. */
  prefix: string
  /** SHA-256 hex of the key. */
  key_hash: string
  /** A privileged role (docs/requirements/roles.md). */
  role: string
  /** The one cloud the key may act on, or null for every cloud. */
  cloud_id: number | null
  /** Epoch ms. */
  created: number
  /** The name of the administrator who made it. */
  created_by: string
  /** Epoch ms. */
  expires: number
  /** Epoch ms, or null. */
  last_used: number | null
  /** Epoch ms, or null while the key works. */
  revoked: number | null
}

/**
 * Private components (migration 023): a cloud's data center or core service (`tid`) with at least
 * one row is private on that cloud, seen only by viewers of one of its customer groups.
 */
export interface ComponentGroupsTable {
  cloud_id: number
  tid: number
  /** A short machine name, e.g. `acme`. */
  customer_group: string
}

/** The customer groups a registered subscriber belongs to (migration 023). */
export interface UserCustomerGroupsTable {
  uid: number
  customer_group: string
}
