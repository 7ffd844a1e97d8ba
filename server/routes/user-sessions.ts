/**
 * The sessions a person can see and end, and the password change (docs/operating/staff-sign-in.md
 * "Sessions"; shapes in `contract/staff-identity.ts`). All need a signed-in session; POSTs also its
 * `X-CSRF-Token` (403 `not_signed_in` | `csrf`). Every answer is `{ data }` or
 * `{ error: { code, message } }`.
 *
 * - `GET /api/user/sessions` → `SessionsData`: the account's unexpired sessions, newest first, with
 *   the device read from the user agent, the address and first / last seen (epoch ms).
 * - `POST /api/user/sessions/{id}/end` → `SessionEndData`: ends that session ("Sign out this
 *   session"); ending this request's own signs it out (the cookie is cleared). 404 `not_found`.
 * - `POST /api/user/sessions/end-all` → `SessionsEndedData`: "Sign out everywhere", every session
 *   of the account, this one included.
 * - `POST /api/user/password/change {current, pass}` → `SessionsEndedData`: checks the current
 *   password (a wrong one counts as a failed sign-in: 400 `bad_current_password`, then 429
 *   `too_many_attempts` as the sign-in), the password rule (400 `invalid`), refuses an account of
 *   single sign-on (409 `sso_account`), then ends every OTHER session of the account.
 *
 * A session that signed in with a password and has not yet proved the account's second factor
 * gets 403 `second_factor_required` from all but ending itself.
 *
 * Audit (the console's audit log): `account.session.end`, `account.session.end_all` and
 * `account.password.change`, for every account (the actor is the account itself).
 */
import Type from 'typebox'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import {
  PasswordChangeBody,
  SECOND_FACTOR_CODES,
  SECOND_FACTOR_MESSAGES,
  SessionEndData,
  SessionsData,
  SessionsEndedData,
} from '../../contract/staff-identity.js'
import { recordAudit } from '../admin/audit.js'
import { clear, isAllowed, LOGIN_IP_RULE, LOGIN_USER_RULE, register } from '../accounts/flood.js'
import { hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.js'
import { endSession, endSessions, listSessions } from '../accounts/session-list.js'
import { clearSessionCookie, requireSession, type UserSession } from '../accounts/sessions.js'
import { HttpError, notFound } from '../http/errors.js'
import { MESSAGES } from './accounts.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The words of the refusals of these routes. */
export const SESSION_TEXTS = {
  notFound: 'This session has already ended, or it is not one of your sessions. Reload the list.',
  badCurrent: 'The current password is not right. Type the password you signed in with.',
  ssoAccount:
    "This account signs in through your organisation's single sign-on and has no password here. Change the password at your identity provider.",
} as const

const SessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })

const actorOf = (s: UserSession) => ({ uid: s.uid, name: s.name })

/**
 * `s`, unless it signed in with a password and has not yet proved the account's second factor:
 * such a session holds only the password, which is not enough to see the account's other sessions,
 * end them or change the password (403 `second_factor_required`). Signing itself out always works.
 */
function proved(s: UserSession): UserSession {
  if (s.authMethod === 'password' && s.secondFactor === null && s.factorEnrolled) {
    throw new HttpError(403, SECOND_FACTOR_CODES.verify, SECOND_FACTOR_MESSAGES.verify)
  }
  return s
}

/** Registers the routes described above. */
export function registerUserSessionRoutes(app: TrustApp, { db, now, accounts }: RouteDeps): void {
  const nowMs = () => now().getTime()

  app.get('/api/user/sessions', { schema: { response: { 200: answer(SessionsData), ...ERROR_RESPONSES } } }, async (request, reply) => {
    const s = proved(requireSession(request, { csrf: false }))
    reply.header('cache-control', 'private, no-store')
    return { data: { sessions: await listSessions(db, s.uid, s.idHash, nowMs()) } }
  })

  app.post(
    '/api/user/sessions/:id/end',
    {
      schema: {
        params: SessionParams,
        body: Type.Optional(Type.Object({})),
        response: { 200: answer(SessionEndData), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const s = requireSession(request)
      if (request.params.id !== s.publicId) proved(s)
      const at = nowMs()
      const ended = await endSession(db, s.uid, request.params.id)
      if (!ended) throw notFound(SESSION_TEXTS.notFound)
      const own = ended.idHash === s.idHash
      await recordAudit(
        db,
        {
          actor: actorOf(s),
          action: 'account.session.end',
          target: s.name,
          before: { session: request.params.id, device: ended.device, ip: ended.ip, own },
        },
        at,
      )
      if (own) clearSessionCookie(request, reply, accounts.publicUrl)
      return { data: { signed_out: own } }
    },
  )

  app.post(
    '/api/user/sessions/end-all',
    { schema: { body: Type.Optional(Type.Object({})), response: { 200: answer(SessionsEndedData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const s = proved(requireSession(request))
      const at = nowMs()
      const ended = await endSessions(db, s.uid)
      await recordAudit(db, { actor: actorOf(s), action: 'account.session.end_all', target: s.name, after: { ended, ip: request.ip } }, at)
      clearSessionCookie(request, reply, accounts.publicUrl)
      return { data: { ended } }
    },
  )

  app.post(
    '/api/user/password/change',
    { schema: { body: PasswordChangeBody, response: { 200: answer(SessionsEndedData), ...ERROR_RESPONSES } } },
    async (request) => {
      const s = proved(requireSession(request))
      const at = nowMs()
      const user = await db.selectFrom('users').select(['pass_hash', 'sso_issuer']).where('uid', '=', s.uid).executeTakeFirstOrThrow()
      if (user.sso_issuer !== null) throw new HttpError(409, 'sso_account', SESSION_TEXTS.ssoAccount)
      if (!(await isAllowed(db, LOGIN_IP_RULE, request.ip, at))) throw new HttpError(429, 'too_many_attempts', MESSAGES.ipBlocked)
      if (!(await isAllowed(db, LOGIN_USER_RULE, String(s.uid), at))) throw new HttpError(429, 'too_many_attempts', MESSAGES.accountBlocked)
      if (!(await verifyPassword(request.body.current, user.pass_hash))) {
        await register(db, LOGIN_IP_RULE, request.ip, at)
        await register(db, LOGIN_USER_RULE, String(s.uid), at)
        throw new HttpError(400, 'bad_current_password', SESSION_TEXTS.badCurrent)
      }
      const problem = passwordProblem(request.body.pass)
      if (problem) throw new HttpError(400, 'invalid', problem)
      const passHash = await hashPassword(request.body.pass)
      const ended = await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ pass_hash: passHash }).where('uid', '=', s.uid).execute()
        const count = await endSessions(trx, s.uid, s.idHash)
        await recordAudit(
          trx,
          { actor: actorOf(s), action: 'account.password.change', target: s.name, after: { sessions_ended: count, ip: request.ip } },
          at,
        )
        return count
      })
      await clear(db, LOGIN_USER_RULE, String(s.uid))
      return { data: { ended } }
    },
  )
}
