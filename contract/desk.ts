/**
 * The incident desk of the admin console (issue "the incident desk"): the records staff publish,
 * their update history, templates, and maintenance that moves through its states by itself.
 * Publishing itself is `contract/publishing.ts` (`POST /api/admin/records`, `PATCH …/{id}`); this
 * module adds the desk's reads, the maintenance actions and templates. Every route needs a session
 * (writes its CSRF header); reads any privileged role, writes the permission of the record's type
 * (`recordPermission` in `contract/permissions.ts`): 403 `not_signed_in` / `csrf` / `forbidden` /
 * `not_permitted`. 400 `invalid` names the bad field; 404 `not_found` for an unknown id.
 *
 * Record events (each mails the subscribers of the record once, unless `notify` is false):
 * `published`, `updated` (an update entry, a resolve), and for maintenance `reminder` (the
 * record's reminder lead before the start, `reminder_minutes`, else the server's
 * `MAINTENANCE_REMINDER_MINUTES`, default 60; 0 = none; none for a window announced inside it),
 * `started` (Scheduled or Postponed → In Progress at `from`), `completed` (In Progress → Completed
 * at `to`), `postponed` and `cancelled`. The server makes the automatic ones exactly once per
 * window (an atomic claim in the database), also after downtime, attributed to `system` in the
 * audit log.
 */
import Type, { type Static } from 'typebox'
import { AdvisoryDetails } from './advisories.js'
import { Nullable } from './common.js'
import { MAX_REMINDER_MINUTES } from './constants.js'
import { NotificationType, RecordType, RecordUpdate } from './records.js'

export { RecordUpdate }

/** An ISO 8601 instant in UTC. */
const Instant = Type.String()

/** The kinds of record event. */
export const RecordEventKind = Type.Union([
  Type.Literal('published'),
  Type.Literal('updated'),
  Type.Literal('reminder'),
  Type.Literal('started'),
  Type.Literal('completed'),
  Type.Literal('postponed'),
  Type.Literal('cancelled'),
])
export type RecordEventKind = Static<typeof RecordEventKind>

/** `GET /api/admin/records?type=&open=&q=&page=` query (0-based pages of 25, newest first). */
export const DeskListQuery = Type.Object({
  type: Type.Optional(RecordType),
  /** `1`: only records not closed yet (open incidents, maintenance to come or in progress). */
  open: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
  /** Words of the title. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
})
export type DeskListQuery = Static<typeof DeskListQuery>

/** A record as the desk lists it. */
export const DeskRecord = Type.Object({
  id: Type.Integer(),
  type: RecordType,
  notification_type: Nullable(NotificationType),
  title: Type.String(),
  status: Type.String(),
  statusClass: Type.String(),
  /** Severity name, `''` for none. */
  severity: Type.String(),
  /** Machine names. */
  clouds: Type.Array(Type.String()),
  from: Instant,
  to: Nullable(Instant),
  updated_on: Instant,
  /** The public post, e.g. `/auroraedge.net/posts/123`. */
  href: Type.String(),
})
export type DeskRecord = Static<typeof DeskRecord>

/** `GET /api/admin/records` → `{ data: DeskListData }`; any privileged role. */
export const DeskListData = Type.Object({
  records: Type.Array(DeskRecord),
  page: Type.Integer(),
  /** At least 1. */
  pages: Type.Integer(),
})
export type DeskListData = Static<typeof DeskListData>

/**
 * A record's postmortem as the desk shows it: `body` the Markdown the operator wrote, `html` its
 * sanitised rendering (what the post shows); instants ISO 8601; `published_at` null for a draft,
 * `notified_at` null until subscribers were mailed (once).
 */
export const Postmortem = Type.Object({
  body: Type.String(),
  html: Type.String(),
  updated_at: Instant,
  published_at: Nullable(Instant),
  notified_at: Nullable(Instant),
})
export type Postmortem = Static<typeof Postmortem>

/**
 * `GET /api/admin/records/{id}` → `{ data: DeskRecordDetail }`; any privileged role. Everything the
 * edit form needs: the publish fields as stored (terms as tids), internal-use fields, the update
 * history (newest first) and the events with their mail counts, and the postmortem.
 */
export const DeskRecordDetail = Type.Object({
  id: Type.Integer(),
  type: RecordType,
  title: Type.String(),
  summary: Type.String(),
  /** HTML as stored (sanitised). */
  body: Type.String(),
  status: Type.String(),
  /** Severity tid, `null` for none. */
  severity: Nullable(Type.Integer()),
  event_type: Nullable(Type.String()),
  notification_type: Nullable(NotificationType),
  clouds: Type.Array(Type.String()),
  terms: Type.Array(Type.Integer()),
  from: Instant,
  to: Nullable(Instant),
  customer_impact: Nullable(Type.String()),
  available_workaround: Nullable(Type.String()),
  next_update: Nullable(Type.String()),
  internal_note: Nullable(Type.String()),
  slack_link: Nullable(Type.String()),
  jira_link: Nullable(Type.String()),
  sfdc_link: Nullable(Type.String()),
  severity_link: Nullable(Type.String()),
  /** Maintenance: the record's reminder lead, minutes (0 = none); `null` follows the server's setting. */
  reminder_minutes: Nullable(Type.Integer()),
  /** The server's reminder lead, minutes (`MAINTENANCE_REMINDER_MINUTES`; 0 = none): what `null` means. */
  reminder_default_minutes: Type.Integer(),
  href: Type.String(),
  updates: Type.Array(RecordUpdate),
  events: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: RecordEventKind,
      at: Instant,
      /** Emails this event sends (its fan-out job's subscriber count; for events older than fan-out jobs, its outbox rows). */
      mails: Type.Integer(),
      /** Whether this event mailed the record's postmortem. */
      postmortem: Type.Boolean(),
    }),
  ),
  /** The record's postmortem (draft or published), or null (docs/operating/console-and-desk.md#postmortems). */
  postmortem: Nullable(Postmortem),
  /** An advisory's security details, null until saved and for other records (docs/operating/console-and-desk.md#security-details). */
  advisory: Nullable(AdvisoryDetails),
})
export type DeskRecordDetail = Static<typeof DeskRecordDetail>

/**
 * `PUT /api/admin/records/{id}/postmortem` body → 200 `{ data: PostmortemData }` (README
 * "Postmortems"): saves the postmortem of a resolved incident. `body` is Markdown (rendered and
 * sanitised like record bodies). `publish` true shows it on the post (under its own heading) and
 * in the v2 API; false keeps it a draft, or takes a published one off the post. `notify` true (with
 * `publish`) mails it to the incident's subscribers — once: a second `notify` is refused.
 * 400 `invalid` for a record that is not an incident or not resolved, an empty body, or a second
 * notification; 404 `not_found`.
 */
export const SavePostmortemBody = Type.Object({
  body: Type.String({ maxLength: 100_000 }),
  publish: Type.Boolean(),
  /** Mail the subscribers the incident reached; default false. Needs `publish`. */
  notify: Type.Optional(Type.Boolean()),
})
export type SavePostmortemBody = Static<typeof SavePostmortemBody>

/** The answer of {@link SavePostmortemBody}: the postmortem as saved, and the emails it sends now. */
export const PostmortemData = Type.Object({
  postmortem: Postmortem,
  /** Emails this save sends (the fan-out's subscriber count); 0 without `notify`. */
  mails: Type.Integer(),
})
export type PostmortemData = Static<typeof PostmortemData>

/**
 * `POST /api/admin/records/{id}/resolve` body → 200 `{ data: PublishData }`: closes an incident
 * (Resolved), advisory (Remediated) or maintenance (Completed) now: status set, `to` = now unless
 * already set and past, an update entry with `update` (may be empty), event `updated`.
 * 400 `invalid` when already closed.
 */
export const ResolveBody = Type.Object({
  /** Text of the closing update (Markdown), optional. */
  update: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** Mail the subscribers; default true. */
  notify: Type.Optional(Type.Boolean()),
})
export type ResolveBody = Static<typeof ResolveBody>

/**
 * `POST /api/admin/records/{id}/postpone` body → 200 `{ data: PublishData }`: maintenance only,
 * not started or in progress: a new window, status Postponed, event `postponed` (the scheduler
 * starts it at the new `from`; a new reminder goes out before it). 400 `invalid` for other records,
 * closed ones, or `to` before `from`.
 */
export const PostponeBody = Type.Object({
  /** ISO 8601. */
  from: Type.String(),
  to: Type.String(),
  update: Type.Optional(Type.String({ maxLength: 20_000 })),
  notify: Type.Optional(Type.Boolean()),
})
export type PostponeBody = Static<typeof PostponeBody>

/**
 * `POST /api/admin/records/{id}/cancel` body (`ResolveBody`) → 200 `{ data: PublishData }`:
 * maintenance only, not completed: status Archived (shown as cancelled), event `cancelled`; the
 * scheduler leaves it alone.
 */
export const CancelBody = ResolveBody
export type CancelBody = ResolveBody

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/**
 * What a template fills in: any publish field except the window (`from`, `to`), which is always
 * the moment of use. Shapes as in `PublishRecordBody`; `type` is required.
 */
export const TemplateFields = Type.Object(
  {
    type: RecordType,
    title: Type.Optional(Type.String({ maxLength: 300 })),
    summary: Type.Optional(Type.String({ maxLength: 20_000 })),
    body: Type.Optional(Type.String({ maxLength: 100_000 })),
    body_format: Type.Optional(Type.Union([Type.Literal('html'), Type.Literal('markdown')])),
    status: Type.Optional(Type.String({ maxLength: 100 })),
    severity: Type.Optional(Nullable(Type.Integer())),
    event_type: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    notification_type: Type.Optional(Nullable(NotificationType)),
    clouds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    terms: Type.Optional(Type.Array(Type.Integer(), { maxItems: 1000 })),
    customer_impact: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
    available_workaround: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
    next_update: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    /** Maintenance: the reminder lead, minutes (0 = none); `null` for the server's setting. */
    reminder_minutes: Type.Optional(
      // One `type` list, not a union: the validator would coerce a union's `null` to `0` or back.
      Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: MAX_REMINDER_MINUTES }),
    ),
  },
  { additionalProperties: false },
)
export type TemplateFields = Static<typeof TemplateFields>

/** A saved template. */
export const RecordTemplate = Type.Object({
  id: Type.Integer(),
  /** Unique, e.g. `'Authentication outage'`. */
  name: Type.String(),
  fields: TemplateFields,
  updated: Instant,
  updated_by: Type.String(),
})
export type RecordTemplate = Static<typeof RecordTemplate>

/**
 * `GET /api/admin/templates` → `{ data: TemplatesData }`: the templates (by name) and the server's
 * defaults the new post form starts from; any privileged role.
 */
export const TemplatesData = Type.Object({
  templates: Type.Array(RecordTemplate),
  /** The server's reminder lead of maintenance, minutes (`MAINTENANCE_REMINDER_MINUTES`; 0 = none). */
  reminder_default_minutes: Type.Integer(),
})
export type TemplatesData = Static<typeof TemplatesData>

/**
 * `POST /api/admin/templates` (→ 201) and `PUT /api/admin/templates/{id}` (→ 200) body →
 * `{ data: RecordTemplate }`; `DELETE /api/admin/templates/{id}` → 200 `{ data: { id } }`. The
 * permission of `fields.type` (and of the stored template's type for PUT and DELETE). 400
 * `invalid` for a name already taken.
 */
export const SaveTemplateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  fields: TemplateFields,
})
export type SaveTemplateBody = Static<typeof SaveTemplateBody>

/** `DELETE /api/admin/templates/{id}` → `{ data: TemplateDeletedData }`: the id of the deleted template. */
export const TemplateDeletedData = Type.Object({ id: Type.Integer() })
export type TemplateDeletedData = Static<typeof TemplateDeletedData>

/** `/api/admin/templates/{id}` path. */
export const TemplateIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type TemplateIdParams = Static<typeof TemplateIdParams>
