/**
 * Flood control in the manner of Drupal's `flood` service: events are counted per identifier
 * (an account id, an IP address) within a sliding window.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** A limit: at most `limit` events per identifier within `windowMs` milliseconds. */
export interface FloodRule {
  /** Event name stored in `flood.event`, e.g. `'login_user'`. */
  event: string
  limit: number
  windowMs: number
}

const HOUR = 3_600_000

/** Failed sign-ins per account: 5 per 6 hours (Drupal `user_limit` / `user_window`). */
export const LOGIN_USER_RULE: FloodRule = { event: 'login_user', limit: 5, windowMs: 6 * HOUR }
/** Failed sign-ins per IP address: 50 per hour (Drupal `ip_limit` / `ip_window`). */
export const LOGIN_IP_RULE: FloodRule = { event: 'login_ip', limit: 50, windowMs: HOUR }
/** `POST /api/validate-email` per IP address: 20 per minute. */
export const VALIDATE_EMAIL_RULE: FloodRule = { event: 'validate_email', limit: 20, windowMs: 60_000 }
/** `POST /api/user/password` per IP address: 20 per minute. */
export const PASSWORD_REQUEST_IP_RULE: FloodRule = { event: 'password_request_ip', limit: 20, windowMs: 60_000 }
/** Reset mails per account: 5 per 6 hours (over it the answer stays the same, no mail is sent). */
export const PASSWORD_REQUEST_USER_RULE: FloodRule = { event: 'password_request_user', limit: 5, windowMs: 6 * HOUR }
/** Verification mails re-sent per account: 5 per hour. */
export const RESEND_RULE: FloodRule = { event: 'resend_verification', limit: 5, windowMs: HOUR }

/** Whether another event is allowed: fewer than `rule.limit` events of `identifier` in the window ending at `now` (epoch ms). */
export async function isAllowed(db: Kysely<Database>, rule: FloodRule, identifier: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('flood')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event', '=', rule.event)
    .where('identifier', '=', identifier)
    .where('at', '>', now - rule.windowMs)
    .executeTakeFirstOrThrow()
  return Number(row.n) < rule.limit
}

/** Counts one event of `identifier` at `now` (epoch ms), dropping this event's rows older than its window. */
export async function register(db: Kysely<Database>, rule: FloodRule, identifier: string, now: number): Promise<void> {
  await db
    .deleteFrom('flood')
    .where('event', '=', rule.event)
    .where('at', '<=', now - rule.windowMs)
    .execute()
  await db.insertInto('flood').values({ event: rule.event, identifier, at: now }).execute()
}

/** Forgets the events of `identifier` (e.g. an account's failed sign-ins after a successful one). */
export async function clear(db: Kysely<Database>, rule: FloodRule, identifier: string): Promise<void> {
  await db.deleteFrom('flood').where('event', '=', rule.event).where('identifier', '=', identifier).execute()
}

/**
 * Checks and counts in one step (for plain rate limits).
 * @returns `false` when the limit is already reached (nothing is counted then).
 */
export async function take(db: Kysely<Database>, rule: FloodRule, identifier: string, now: number): Promise<boolean> {
  if (!(await isAllowed(db, rule, identifier, now))) return false
  await register(db, rule, identifier, now)
  return true
}
