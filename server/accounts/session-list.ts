/**
 * The sessions an account can see and end (docs/operating/staff-sign-in.md "Sessions";
 * docs/requirements/entities.md#session). Each row of `sessions` (migration 020) carries the
 * user agent and address the server saw at sign-in, and `last_seen`, which the session hook
 * refreshes at most once a minute ({@link LAST_SEEN_STEP_MS}). Sessions are listed and ended by
 * their `public_id`, never by the cookie or its hash.
 *
 * Ending sessions is also what a password change, a password reset, a role removal and a single
 * sign-on deprovisioning do: {@link endSessions} ends every session of an account but one.
 */
import Bowser from 'bowser'
import type { Kysely, Transaction } from 'kysely'
import type { SessionSummary } from '../../contract/staff-identity.js'
import type { Database } from '../db/schema.js'

type Db = Kysely<Database> | Transaction<Database>

/** `last_seen` is written again only when it is at least this old (ms): one write a minute per session. */
export const LAST_SEEN_STEP_MS = 60_000

/**
 * The browser and system of a `User-Agent` header, e.g. 'Chrome on Linux', 'Safari on iOS',
 * 'Firefox' (system unknown); '' when the header names no known browser or system.
 */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return ''
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? ''
  const system = parsed.os.name ?? ''
  if (browser && system) return `${browser} on ${system}`
  return browser || system
}

/**
 * The unexpired sessions of account `uid` at `now` (epoch ms), newest sign-in first; the one whose
 * id hash is `currentIdHash` is marked `current`.
 */
export async function listSessions(db: Db, uid: number, currentIdHash: string, now: number): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'public_id', 'user_agent', 'ip', 'created', 'last_seen', 'auth_method'])
    .where('uid', '=', uid)
    .where('expires', '>', now)
    .orderBy('created', 'desc')
    .orderBy('public_id')
    .execute()
  return rows.map((row) => ({
    id: row.public_id ?? row.id_hash.slice(0, 32),
    current: row.id_hash === currentIdHash,
    device: deviceOf(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    created: row.created,
    last_seen: row.last_seen ?? row.created,
    auth_method: row.auth_method === 'sso' ? 'sso' : 'password',
  }))
}

/** A session {@link endSession} ended: its id hash (to tell whether it was the caller's own) and device. */
export interface EndedSession {
  idHash: string
  device: string
  ip: string
}

/**
 * Ends the session of account `uid` whose public id is `publicId`.
 * @returns what it was, or null when the account has no such session (another account's id
 *   counts as unknown).
 */
export async function endSession(db: Db, uid: number, publicId: string): Promise<EndedSession | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['id_hash', 'user_agent', 'ip'])
    .where('uid', '=', uid)
    .where('public_id', '=', publicId)
    .executeTakeFirst()
  if (!row) return null
  await db.deleteFrom('sessions').where('id_hash', '=', row.id_hash).execute()
  return { idHash: row.id_hash, device: deviceOf(row.user_agent), ip: row.ip }
}

/**
 * Ends every session of account `uid`, but the one whose id hash is `keepIdHash` when given.
 * @returns how many sessions ended.
 */
export async function endSessions(db: Db, uid: number, keepIdHash?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('uid', '=', uid)
  if (keepIdHash !== undefined) query = query.where('id_hash', '!=', keepIdHash)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Records that the session `idHash` was seen at `now` (epoch ms) when its `lastSeen` is older than
 * {@link LAST_SEEN_STEP_MS} (or unknown); otherwise writes nothing.
 */
export async function touchSession(db: Db, idHash: string, lastSeen: number | null, now: number): Promise<void> {
  if (lastSeen !== null && now - lastSeen < LAST_SEEN_STEP_MS) return
  await db.updateTable('sessions').set({ last_seen: now }).where('id_hash', '=', idHash).execute()
}
