/**
 * Publishing and admin: create and update incidents, scheduled maintenance, security advisories and
 * notifications (admin API; privileged roles, CSRF); the development mail viewer.
 */

import Type, { type Static, type TSchema } from 'typebox'
import type { MAX_REMINDER_MINUTES } from './constants'
import { NotificationType, RecordType } from './records'

// ---------------------------------------------------------------------------------------------
// Publishing (admin API; privileged roles, CSRF): create and update incidents, maintenance,
// advisories and notifications. Each create or update is a *record event*; every verified user
// subscribed to one of the record's targets gets one email per event (outbox, idempotent).
//
// The body schemas check the shape (types, the record type, the notification type); what depends
// on the database (statuses, severities, clouds, terms, event types) and on other fields is
// checked by the server. Either way a refusal is 400 `invalid` with a message naming the field
// (`type: must be one of incident, maintenance, advisory, notification.`), or 400 `bad_request`
// when the body is not a JSON object. Only permitted users get that far: the roles are checked
// before the body (403 `forbidden` without a privileged role, `not_permitted` when the roles do not
// grant the record type's permission, `contract/permissions.ts`). HTML fields (`body`,
// `customer_impact`, `available_workaround`) are sanitised when saved; title and summary are text.
// ---------------------------------------------------------------------------------------------

/**
 * `schema` or `null`. The null comes first: Fastify's validator coerces types, and would turn a
 * `null` into `''` for a string tried first (an empty string becomes `null` instead).
 */
function OrNull<T extends TSchema>(schema: T) {
  return Type.Union([Type.Null(), schema])
}

/**
 * An integer or `null`, as one `type` list: unlike a union (see {@link OrNull}), the validator
 * leaves a `0` a `0` (a union would coerce it to `null`, or a `null` to `0`).
 */
const IntegerOrNull = Type.Unsafe<number | null>({ type: ['integer', 'null'] })

/** A term id: a number, or a string of digits. */
const Tid = Type.Union([Type.Integer(), Type.TemplateLiteral([Type.Number()])])

/**
 * `POST /api/admin/records` body → 201 `{ data: PublishData }`. Times are ISO 8601. `clouds` are
 * machine names or domains; `terms` are tids of services, data centers and (for notifications)
 * notification categories. `status` is a status name ('In Progress', 'Resolved', …); `severity` a
 * severity tid. Errors: 403 `forbidden` (not privileged) / `not_permitted` (the roles do not grant
 * `recordPermission(type, notification_type)`), 400 `bad_request` / `invalid` with a message
 * naming the field.
 */
export const PublishRecordBody = Type.Object({
  /** Every record type can be published. */
  type: RecordType,
  /** Plain text, at most 300 characters (after trimming), not empty. */
  title: Type.String(),
  /** Plain text. */
  summary: Type.Optional(Type.String()),
  /** HTML; sanitised on display. */
  body: Type.Optional(Type.String()),
  /** A status name, e.g. 'In Progress' (case-insensitive). */
  status: Type.String(),
  /** A severity tid; `null`, `''` or absent for none. */
  severity: Type.Optional(OrNull(Tid)),
  /** Advisories: the event type (docs/requirements/states.md). */
  event_type: Type.Optional(OrNull(Type.String())),
  /** Notifications: the type. */
  notification_type: Type.Optional(OrNull(NotificationType)),
  /** At least one. */
  clouds: Type.Array(Type.String()),
  terms: Type.Array(Tid),
  /** ISO 8601 date-time, e.g. `2026-03-15T09:30:00Z`. */
  from: Type.String(),
  /** `null` or absent while ongoing; not before `from`. */
  to: Type.Optional(OrNull(Type.String())),
  customer_impact: Type.Optional(OrNull(Type.String())),
  available_workaround: Type.Optional(OrNull(Type.String())),
  next_update: Type.Optional(OrNull(Type.String())),
  /**
   * Maintenance: the reminder lead, whole minutes before `from` that subscribers get the reminder
   * mail, from 0 (no reminder) to {@link MAX_REMINDER_MINUTES} (7 days); `null` or absent: the
   * server's setting (`MAINTENANCE_REMINDER_MINUTES`, default 60). No reminder is sent for a window
   * announced (published, updated or postponed) inside its lead. Other types: `null` or absent.
   */
  reminder_minutes: Type.Optional(IntegerOrNull),
  /**
   * How `body`, `customer_impact`, `available_workaround` and an update's text are written:
   * `'html'` (default) or `'markdown'` (rendered to HTML by the server with `marked`). Either way
   * the HTML is sanitised when saved.
   */
  body_format: Type.Optional(Type.Union([Type.Literal('html'), Type.Literal('markdown')])),
  /** Mail the subscribers about this change; default `true`. */
  notify: Type.Optional(Type.Boolean()),
  /** Internal-use fields (never in public answers): a note (HTML, sanitised) and http(s) links. */
  internal_note: Type.Optional(OrNull(Type.String())),
  slack_link: Type.Optional(OrNull(Type.String())),
  jira_link: Type.Optional(OrNull(Type.String())),
  sfdc_link: Type.Optional(OrNull(Type.String())),
  severity_link: Type.Optional(OrNull(Type.String())),
})
export type PublishRecordBody = Static<typeof PublishRecordBody>

/**
 * `PATCH /api/admin/records/{id}`: any subset of the publish fields, plus an optional update text.
 * A change of status or an update text adds an entry to the record's update history
 * (`contract/desk.ts` RecordUpdate: when, the status, the text) and its email; the body is left as
 * it is. The type of a record cannot change; a field that is not one of a record is refused (400
 * `invalid`). 404 `not_found` for an unknown id.
 */
export const UpdateRecordBody = Type.Partial(
  Type.Object({
    ...PublishRecordBody.properties,
    /** Text of the update (format `body_format`), shown in the update history and the email. */
    update: Type.String(),
  }),
)
export type UpdateRecordBody = Static<typeof UpdateRecordBody>

/** `/api/admin/records/{id}` path parameters. */
export const RecordIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type RecordIdParams = Static<typeof RecordIdParams>

/** What publishing answers. */
export const PublishData = Type.Object({
  id: Type.Integer(),
  /** Path of the post below the cloud domain, e.g. `/posts/123`. */
  alias: Type.String(),
  /** The record event this change made (mail idempotency key). */
  event_id: Type.Integer(),
  /** Emails this event sends: the verified subscribers it matched when it was committed (its fan-out job's count; `server/publishing/fanout.ts`), each mailed once; 0 with `notify: false`. */
  mails: Type.Integer(),
})
export type PublishData = Static<typeof PublishData>

// ---------------------------------------------------------------------------------------------
// Development mail viewer (development mode only; absent, 404, in production): `GET /dev/mail` is
// an HTML page of the outbox, `GET /api/dev/mail` → `{ data: DevMail[] }`, newest first (at most 200).
// ---------------------------------------------------------------------------------------------

/** One outbox message as `/api/dev/mail` lists it; instants are epoch ms. */
export const DevMail = Type.Object({
  id: Type.Integer(),
  /** The recipient's address. */
  to: Type.String(),
  subject: Type.String(),
  /** The plain-text body. */
  text: Type.String(),
  /** The HTML body, if the message has one. */
  html: OrNull(Type.String()),
  created: Type.Number(),
  /** When it was delivered; `null` while it waits in the outbox. */
  sent_at: OrNull(Type.Number()),
})
export type DevMail = Static<typeof DevMail>
