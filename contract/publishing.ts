/**
 * Publishing and admin: create and update incidents, scheduled maintenance, security advisories and
 * notifications (admin API; privileged roles, CSRF).
 */

import type { NotificationType } from './records'

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
