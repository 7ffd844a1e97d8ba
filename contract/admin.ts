/**
 * The admin console's API (issue "the operator's own site"; docs/requirements/roles.md roles). Every route is under
 * `/api/admin/`, needs a session with a privileged role (reads) or the permission of the part it
 * changes (writes; table in `contract/permissions.ts`), and writes need the session's CSRF header.
 *
 * Errors of every route: 403 `not_signed_in` / `csrf` / `forbidden` (no privileged role) /
 * `not_permitted` (the roles do not grant the permission; the message names it); 400 `invalid` with
 * one message per bad field, naming its path (`data_centers[3].latitude: must be a latitude in
 * degrees, -90 to 90`), joined by `; `, and nothing changed; 404 `not_found` / `unknown_cloud`;
 * 409 `stale` when the catalogue changed since `revision` was read.
 *
 * Every change is written to the audit log in the transaction that makes it.
 */
import Type, { type Static } from 'typebox'
import { Catalog } from './catalog.js'
import { Nullable } from './common.js'
import { RecordEventKind } from './desk.js'
import { RecordType } from './records.js'

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

/** The parts of the catalogue a console screen edits; each is a top-level key of {@link Catalog}. */
export const CATALOG_SECTIONS = [
  'products',
  'clouds',
  'core_services',
  'regions',
  'data_centers',
  'main_menu',
  'top_menu',
  'severities',
  'notification_categories',
  'settings',
] as const
export type CatalogSection = (typeof CATALOG_SECTIONS)[number]

/**
 * `GET /api/admin/catalog` → `{ data: CatalogData }`; any privileged role.
 * `revision` names this state of the catalogue (a hash of its export); a write sends it back.
 */
export const CatalogData = Type.Object({
  catalog: Catalog,
  /** Opaque; changes whenever the catalogue changes. */
  revision: Type.String(),
})
export type CatalogData = Static<typeof CatalogData>

/** `PUT /api/admin/catalog/{section}` path. */
export const CatalogSectionParams = Type.Object({ section: Type.Union(CATALOG_SECTIONS.map((s) => Type.Literal(s))) })
export type CatalogSectionParams = Static<typeof CatalogSectionParams>

/**
 * `PUT /api/admin/catalog/{section}` body → 200 `{ data: CatalogData }` (the new state); permission
 * `catalog`. The section's new value replaces the current one and the whole catalogue is checked and
 * applied exactly as `npm run catalog -- import` does (same messages, one transaction; a data center
 * or a cloud's data center left out is decommissioned; a notification category left out is deleted,
 * or the save refused when a notification or a subscriber uses it). 409 `stale` when `revision` is
 * not the current one; 400 `invalid` naming each bad field's path from the catalogue's root.
 */
export const CatalogSectionBody = Type.Object({
  revision: Type.String({ maxLength: 200 }),
  /** The section's value, shaped as in {@link Catalog} (checked by the import). */
  value: Type.Unknown(),
})
export type CatalogSectionBody = Static<typeof CatalogSectionBody>

// ---------------------------------------------------------------------------------------------
// Content: FAQ and compliance
// ---------------------------------------------------------------------------------------------

/** A FAQ page: the shared one (`cloud` null) or one cloud's own. */
export const AdminFaqPage = Type.Object({
  /** A cloud's machine name, or `null` for the shared page every cloud without its own shows. */
  cloud: Nullable(Type.String()),
  /** Plain text. */
  title: Type.String({ minLength: 1, maxLength: 200 }),
  /** HTML (markup: `contract/content.ts`), sanitised by the server when saved. */
  body: Type.String({ maxLength: 200_000 }),
})
export type AdminFaqPage = Static<typeof AdminFaqPage>

/** A cloud's compliance page. */
export const AdminCompliancePage = Type.Object({
  /** The cloud's machine name. */
  cloud: Type.String(),
  /** HTML above the table, sanitised by the server when saved; `''` for none. */
  page_top: Type.String({ maxLength: 50_000 }),
  /** In display order. */
  rows: Type.Array(
    Type.Object({
      /** HTML, sanitised by the server when saved. */
      description: Type.String({ minLength: 1, maxLength: 5_000 }),
      /** Estimated approval date, `YYYY-MM-DD`. */
      date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    }),
    { maxItems: 500 },
  ),
})
export type AdminCompliancePage = Static<typeof AdminCompliancePage>

/** `GET /api/admin/content` → `{ data: ContentData }`; any privileged role. Every cloud has a compliance entry. */
export const ContentData = Type.Object({
  faq: Type.Array(AdminFaqPage),
  compliance: Type.Array(AdminCompliancePage),
})
export type ContentData = Static<typeof ContentData>

/**
 * `PUT /api/admin/faq` body `AdminFaqPage` → 200 `{ data: AdminFaqPage }` as saved (body sanitised);
 * permission `faq`. 404 `unknown_cloud`.
 */
export const SaveFaqBody = AdminFaqPage

/**
 * `PUT /api/admin/compliance/{cloud}` body → 200 `{ data: AdminCompliancePage }` as saved (HTML
 * sanitised); permission `compliance`. 404 `unknown_cloud`. Invalid dates (`2026-02-30`) are refused.
 */
export const SaveComplianceBody = Type.Object({
  page_top: AdminCompliancePage.properties.page_top,
  rows: AdminCompliancePage.properties.rows,
})
export type SaveComplianceBody = Static<typeof SaveComplianceBody>

/** `PUT /api/admin/compliance/{cloud}` path. */
export const CloudParams = Type.Object({ cloud: Type.String({ minLength: 1, maxLength: 64 }) })
export type CloudParams = Static<typeof CloudParams>

// ---------------------------------------------------------------------------------------------
// Dashboard and mail outbox
// ---------------------------------------------------------------------------------------------

/** A record as the dashboard lists it. */
export const DashboardRecord = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('incident'), Type.Literal('maintenance'), Type.Literal('advisory'), Type.Literal('notification')]),
  title: Type.String(),
  /** The status's name, e.g. `'In Progress'`. */
  status: Type.String(),
  /** The severity's name, `''` for none. */
  severity: Type.String(),
  /** ISO 8601 instants (UTC); `to` null while ongoing. */
  from: Type.String(),
  to: Nullable(Type.String()),
  /** The public page, e.g. `/auroraedge.net/posts/123`. */
  href: Type.String(),
})
export type DashboardRecord = Static<typeof DashboardRecord>

/** A subscription topic and how many accounts subscribe to it. */
export const SubscriberCount = Type.Object({
  /** The stored target: `'all'`, `'core_cloud_services'`, `'public'`, `'premium'` or a tid. */
  target: Type.String(),
  /** What a person reads, e.g. `'All notifications'`, `'Core cloud services'`, `'Amsterdam II'`. */
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
})
export type SubscriberCount = Static<typeof SubscriberCount>

/** One cloud on the dashboard. */
export const DashboardCloud = Type.Object({
  machine_name: Type.String(),
  title: Type.String(),
  domain: Type.String(),
  /** Incidents, maintenance and advisories going on now (started, not ended), newest first. */
  live: Type.Array(DashboardRecord),
  /** Scheduled maintenance (and other records) starting in the next 7 days, soonest first. */
  upcoming: Type.Array(DashboardRecord),
  /** Subscribers per topic on this cloud, most first; topics nobody subscribes to are left out. */
  subscribers: Type.Array(SubscriberCount),
})
export type DashboardCloud = Static<typeof DashboardCloud>

/** One mail of the outbox. */
export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  /** `queued` (not sent, attempts left), `sent`, or `failed` (gave up after the last attempt). */
  state: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer({ minimum: 0 }),
  /** The last delivery error, `null` when none. */
  error: Nullable(Type.String()),
  /** ISO 8601 (UTC). */
  created: Type.String(),
  sent_at: Nullable(Type.String()),
})
export type OutboxMessage = Static<typeof OutboxMessage>

/**
 * How mail leaves the site: `smtp` through the configured mail server (`SMTP_URL`); `dev_mail` not
 * sent, only listed at `/dev/mail` (development without `SMTP_URL`); `off` not sent at all, queued
 * until the server runs with `SMTP_URL` (production without it: the console shows a banner).
 */
export const MailDelivery = Type.Union([Type.Literal('smtp'), Type.Literal('dev_mail'), Type.Literal('off')])
export type MailDelivery = Static<typeof MailDelivery>

/**
 * One record event's notification fan-out (its emails to the subscribers it matched) as the
 * dashboard shows it. `enqueued = sent + queued + failed`; once `expanding` is false, `enqueued` is
 * the final number of emails (it can end below `recipients` when subscribers left or were
 * unverified before their chunk was expanded).
 */
export const OutboxFanout = Type.Object({
  event_id: Type.Integer(),
  record_id: Type.Integer(),
  /** The record's title. */
  title: Type.String(),
  type: RecordType,
  /** What happened to the record: `published`, `updated`, `reminder`, … */
  kind: RecordEventKind,
  /** Subscribers the event matched when it was committed (one email each). */
  recipients: Type.Integer({ minimum: 0 }),
  /** Emails put in the outbox so far. */
  enqueued: Type.Integer({ minimum: 0 }),
  /** Emails the mail server accepted. */
  sent: Type.Integer({ minimum: 0 }),
  /** Emails waiting to be sent (attempts left). */
  queued: Type.Integer({ minimum: 0 }),
  /** Emails given up on after the last attempt (Retry queues one again). */
  failed: Type.Integer({ minimum: 0 }),
  /** Whether recipients are still being added to the outbox (chunk by chunk). */
  expanding: Type.Boolean(),
  /** ISO 8601 (UTC): when the event was committed. */
  started: Type.String(),
  /**
   * ISO 8601 (UTC): when the fan-out finished — every recipient added and every email sent or
   * failed: when its last email was sent, at the earliest when its last recipient was added;
   * `null` while expanding or while any email is queued.
   */
  finished: Nullable(Type.String()),
})
export type OutboxFanout = Static<typeof OutboxFanout>

/**
 * The outbox: how mail is delivered and by whom, counts per state, the oldest queued message's
 * age, the sending rate, the notification fan-outs running or just finished, and the latest 50
 * messages, failed first.
 */
export const OutboxData = Type.Object({
  delivery: MailDelivery,
  /** The From header mail goes out with now, e.g. `'Nimbus Security <no-reply@status.nimbus.example>'`. */
  sender: Type.String(),
  queued: Type.Integer({ minimum: 0 }),
  sent: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** ISO 8601 (UTC): when the oldest queued message was created; `null` when nothing is queued. */
  oldest_queued: Nullable(Type.String()),
  /** How long it has waited at the dashboard's `now`, whole seconds; `null` when nothing is queued. */
  oldest_queued_seconds: Nullable(Type.Integer({ minimum: 0 })),
  /** Emails sent in the 10 seconds up to the dashboard's `now`, divided by 10 (one decimal). */
  sent_per_second: Type.Number({ minimum: 0 }),
  /**
   * Record events whose fan-out is expanding or has queued emails, and those finished in the last
   * 15 minutes; newest first (by when they were committed), at most 5. Events that matched no
   * subscriber are left out.
   */
  fanouts: Type.Array(OutboxFanout),
  messages: Type.Array(OutboxMessage),
})
export type OutboxData = Static<typeof OutboxData>

/** `GET /api/admin/dashboard` → `{ data: DashboardData }`; any privileged role. */
export const DashboardData = Type.Object({
  /** ISO 8601 (UTC): the moment "now" and "next 7 days" were measured from. */
  now: Type.String(),
  clouds: Type.Array(DashboardCloud),
  /** Notification subscribers (over every cloud) per target. */
  notification_subscribers: Type.Array(SubscriberCount),
  outbox: OutboxData,
})
export type DashboardData = Static<typeof DashboardData>

// `GET /api/admin/outbox` → `{ data: OutboxData }` at the server's clock; any privileged role. The
// dashboard reads it again every 5 seconds while a fan-out runs.

/** `POST /api/admin/outbox/{id}/retry` path. */
export const OutboxIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type OutboxIdParams = Static<typeof OutboxIdParams>
// → 200 `{ data: OutboxMessage }` (queued again, attempts reset to 0) and the mailer is kicked;
// permission `outbox`; 404 `not_found`; 400 `invalid` when the message was already sent.

/** `POST /api/admin/outbox/{id}/retry` body: none, or an empty object (`{}`). */
export const OutboxRetryBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()])
export type OutboxRetryBody = Static<typeof OutboxRetryBody>

// ---------------------------------------------------------------------------------------------
// Staff accounts
// ---------------------------------------------------------------------------------------------

/** A staff member: an account with at least one privileged role. */
export const StaffMember = Type.Object({
  uid: Type.Integer(),
  name: Type.String(),
  mail: Type.String(),
  /** Privileged roles only, sorted. */
  roles: Type.Array(Type.String()),
  /** ISO 8601 (UTC) of the last sign-in, `null` when never. */
  last_login: Nullable(Type.String()),
})
export type StaffMember = Static<typeof StaffMember>

/** `GET /api/admin/staff` → `{ data: StaffData }`; any privileged role. */
export const StaffData = Type.Object({
  staff: Type.Array(StaffMember),
  /** Every privileged role, in the order of `PRIVILEGED_ROLES`. */
  roles: Type.Array(Type.String()),
})
export type StaffData = Static<typeof StaffData>

/**
 * `PUT /api/admin/staff` body → 200 `{ data: StaffMember }`; permission `staff`. Sets the privileged
 * roles of the existing account with this email (`[]` removes it from the staff). 404 `not_found`
 * for an unknown email; 400 `invalid` for a role that is not privileged, or when it would leave the
 * site without an administrator.
 */
export const SetStaffRolesBody = Type.Object({
  mail: Type.String({ minLength: 3, maxLength: 254 }),
  roles: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }),
})
export type SetStaffRolesBody = Static<typeof SetStaffRolesBody>

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

/** One audit-log entry. `before` / `after` are the JSON values as stored (`null` when none). */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  /** ISO 8601 (UTC). */
  at: Type.String(),
  /** Account name, or `'command line'`. */
  actor: Type.String(),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
})
export type AuditEntry = Static<typeof AuditEntry>

/** `GET /api/admin/audit?page=` (0-based, 50 per page, newest first) query. */
export const AuditQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type AuditQuery = Static<typeof AuditQuery>

/** `GET /api/admin/audit` → `{ data: AuditData }`; any privileged role. */
export const AuditData = Type.Object({
  entries: Type.Array(AuditEntry),
  page: Type.Integer(),
  /** Pages in all, at least 1. */
  pages: Type.Integer(),
})
export type AuditData = Static<typeof AuditData>
