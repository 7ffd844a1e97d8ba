/**
 * The calls of the settings page's Sessions and Change password sections
 * (docs/operating/staff-sign-in.md "Sessions"; shapes in `contract/staff-identity.ts`), and the
 * list both sections read: {@link $sessions}.
 */
import { atom } from 'nanostores'
import type { SessionEndData, SessionsData, SessionsEndedData, SessionSummary } from '../../../../contract/staff-identity'
import type { ApiAnswer } from '../../../../contract/common'
import { dataOf, is, request } from '../../../../widgets/core/request'
import { clearSession } from '../../../accounts/account'

/** The account's sessions as last loaded: null before the first answer. */
export const $sessions = atom<SessionSummary[] | null>(null)

const isSessions = (d: unknown): d is SessionsData => is.object(d) && is.array(d.sessions)
const isEnded = (d: unknown): d is SessionsEndedData => is.object(d) && is.number(d.ended)
const isEnd = (d: unknown): d is SessionEndData => is.object(d) && typeof d.signed_out === 'boolean'

/**
 * `GET /api/user/sessions` into {@link $sessions}.
 * @throws ApiError (403 `not_signed_in`, `second_factor_required`, …)
 */
export async function loadSessions(): Promise<SessionSummary[]> {
  const { sessions } = dataOf(await request<ApiAnswer<SessionsData>>('/api/user/sessions'), isSessions)
  $sessions.set(sessions)
  return sessions
}

/**
 * "Sign out this session": `POST /api/user/sessions/{id}/end`. When it was this browser's own, the
 * server has cleared its cookie and this signs out here too.
 * @returns whether this browser is signed out now
 * @throws ApiError (404 `not_found` when it has already ended)
 */
export async function endSession(id: string): Promise<boolean> {
  const answer = await request<ApiAnswer<SessionEndData>>(`/api/user/sessions/${encodeURIComponent(id)}/end`, { method: 'POST', body: {} })
  const { signed_out } = dataOf(answer, isEnd)
  if (signed_out) clearSession({ isLogOut: true })
  else $sessions.set(($sessions.get() ?? []).filter((s) => s.id !== id))
  return signed_out
}

/**
 * "Sign out everywhere": `POST /api/user/sessions/end-all`, then signs out here too.
 * @returns how many sessions ended
 */
export async function endAllSessions(): Promise<number> {
  const { ended } = dataOf(await request<ApiAnswer<SessionsEndedData>>('/api/user/sessions/end-all', { method: 'POST', body: {} }), isEnded)
  clearSession({ isLogOut: true })
  $sessions.set(null)
  return ended
}

/**
 * `POST /api/user/password/change {current, pass}`; the other sessions have ended, so the list is
 * loaded again.
 * @returns how many other sessions ended
 * @throws ApiError (400 `bad_current_password` | `invalid`, 409 `sso_account`, 429 `too_many_attempts`)
 */
export async function changePassword(current: string, pass: string): Promise<number> {
  const answer = await request<ApiAnswer<SessionsEndedData>>('/api/user/password/change', { method: 'POST', body: { current, pass } })
  const { ended } = dataOf(answer, isEnded)
  await loadSessions().catch(() => undefined)
  return ended
}
