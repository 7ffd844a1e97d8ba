/**
 * Passkey routes (docs/operating/staff-sign-in.md "Passkeys"; shapes and errors in
 * contract/passkeys.ts, the ceremonies in `server/accounts/passkeys.ts`). Every route needs a
 * signed-in session and its `X-CSRF-Token` (403 `not_signed_in` | `csrf`).
 *
 * - `POST /api/user/passkeys/registration-options` → the options of `startRegistration`.
 * - `POST /api/user/passkeys {name, response}` → `RecoveryCodesData`: stores the passkey; the
 *   session counts as proved, and the account's first recovery codes are shown once.
 * - `POST /api/user/passkeys/authentication-options` → the options of `startAuthentication`.
 * - `POST /api/user/passkeys/authenticate {response}` → `ProvedData`: proves this session.
 * - `DELETE /api/user/passkeys/{id}` → `PasskeyRemovedData` (404 `not_found` for no passkey of
 *   this account).
 *
 * Adding or removing a passkey of an account that already has a factor needs a proved session
 * (403 `second_factor_required`): a password alone never changes the factors. Wrong passkeys count
 * against the same limits as wrong codes (5 per account in 6 hours, 50 per IP address in an hour:
 * 429 `too_many_attempts`). Enrolments, proofs, failures and removals go to the audit log
 * (`account.second_factor.*`, method `passkey`).
 */
import type { FastifyRequest } from 'fastify'
import Type from 'typebox'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import {
  PasskeyAuthenticationBody,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationBody,
  PasskeyRegistrationOptions,
  PasskeyRemovedData,
} from '../../contract/passkeys.js'
import { ProvedData, RecoveryCodesData, SECOND_FACTOR_CODES, SECOND_FACTOR_MESSAGES } from '../../contract/staff-identity.js'
import { recordAudit } from '../admin/audit.js'
import { isAllowed, register } from '../accounts/flood.js'
import { finishAuthentication, finishRegistration, relyingPartyOf, startAuthentication, startRegistration } from '../accounts/passkeys.js'
import {
  markProved,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  SECOND_FACTOR_IP_RULE,
  SECOND_FACTOR_USER_RULE,
} from '../accounts/second-factor.js'
import { requireSession, type UserSession } from '../accounts/sessions.js'
import { HttpError } from '../http/errors.js'
import { documentOrigin } from '../http/origin.js'
import { readSiteName } from '../repo/settings.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The words of the passkey answers that are not ceremony failures. */
export const PASSKEY_ROUTE_TEXTS = {
  tooMany: 'Too many wrong attempts for this account. It is blocked from confirming for a while: try again later, or ask an administrator.',
  blankName: 'Give the passkey a name, such as "Work laptop", so you can tell your passkeys apart.',
  notFound: 'This account has no such passkey. Reload the page to see its passkeys.',
} as const

const EmptyBody = Type.Optional(Type.Object({}))

/** Registers the routes described above. */
export function registerPasskeyRoutes(app: TrustApp, { db, now, accounts }: RouteDeps): void {
  const nowMs = () => now().getTime()
  const actor = (s: UserSession) => ({ uid: s.uid, name: s.name })

  /** The relying party of this request: `PUBLIC_URL`'s host (development: the request's). */
  async function rpOf(request: FastifyRequest) {
    return relyingPartyOf(documentOrigin(request, accounts.publicUrl), await readSiteName(db, accounts.publicUrl))
  }

  /** The request's session, when it may change the account's factors: it proved the one the account has (else 403). */
  function provedSession(request: FastifyRequest): UserSession {
    const s = requireSession(request)
    if (s.factorEnrolled && s.secondFactor === null) throw new HttpError(403, SECOND_FACTOR_CODES.verify, SECOND_FACTOR_MESSAGES.verify)
    return s
  }

  // The options of both ceremonies: a new challenge for this session (replacing a waiting one).
  // Registration changes the factors, so it needs the proof the account has; authentication gives it.
  const ceremonies = [
    ['registration-options', PasskeyRegistrationOptions, provedSession, startRegistration],
    ['authentication-options', PasskeyAuthenticationOptions, requireSession, startAuthentication],
  ] as const
  for (const [path, options, sessionOf, start] of ceremonies) {
    app.post(
      `/api/user/passkeys/${path}`,
      { schema: { body: EmptyBody, response: { 200: answer(options), ...ERROR_RESPONSES } } },
      async (request, reply) => {
        const s = sessionOf(request)
        reply.header('cache-control', 'private, no-store')
        return { data: await start(db, s, await rpOf(request), nowMs()) }
      },
    )
  }

  app.post(
    '/api/user/passkeys',
    { schema: { body: PasskeyRegistrationBody, response: { 200: answer(RecoveryCodesData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const s = provedSession(request)
      const name = request.body.name.trim()
      if (name === '') throw new HttpError(400, 'bad_request', PASSKEY_ROUTE_TEXTS.blankName)
      const at = nowMs()
      await finishRegistration(db, s, await rpOf(request), name, request.body.response, at)
      if (s.secondFactor === null) await markProved(db, s.idHash, 'passkey')
      const codes = (await recoveryCodesLeft(db, s.uid)) === 0 ? await replaceRecoveryCodes(db, s.uid, at) : []
      await recordAudit(
        db,
        { actor: actor(s), action: 'account.second_factor.enrol', target: s.name, after: { method: 'passkey', name } },
        at,
      )
      reply.header('cache-control', 'private, no-store')
      return { data: { codes } }
    },
  )

  app.post(
    '/api/user/passkeys/authenticate',
    { schema: { body: PasskeyAuthenticationBody, response: { 200: answer(ProvedData), ...ERROR_RESPONSES } } },
    async (request) => {
      const at = nowMs()
      const s = requireSession(request)
      const uid = String(s.uid)
      if (!(await isAllowed(db, SECOND_FACTOR_IP_RULE, request.ip, at)) || !(await isAllowed(db, SECOND_FACTOR_USER_RULE, uid, at))) {
        throw new HttpError(429, 'too_many_attempts', PASSKEY_ROUTE_TEXTS.tooMany)
      }
      try {
        await finishAuthentication(db, s, await rpOf(request), request.body.response, at)
      } catch (error) {
        if (error instanceof HttpError && error.code === 'passkey_refused') {
          await register(db, SECOND_FACTOR_IP_RULE, request.ip, at)
          await register(db, SECOND_FACTOR_USER_RULE, uid, at)
          const after = { method: 'passkey', ip: request.ip }
          await recordAudit(db, { actor: actor(s), action: 'account.second_factor.failure', target: s.name, after }, at)
        }
        throw error
      }
      await markProved(db, s.idHash, 'passkey')
      const after = { method: 'passkey', ip: request.ip }
      await recordAudit(db, { actor: actor(s), action: 'account.second_factor.proved', target: s.name, after }, at)
      return { data: { proved: 'passkey' as const } }
    },
  )

  app.delete(
    '/api/user/passkeys/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 1400 }) }),
        response: { 200: answer(PasskeyRemovedData), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const s = provedSession(request)
      const { id } = request.params
      const gone = await db
        .deleteFrom('passkeys')
        .where('credential_id', '=', id)
        .where('uid', '=', s.uid)
        .returning('name')
        .executeTakeFirst()
      if (!gone) throw new HttpError(404, 'not_found', PASSKEY_ROUTE_TEXTS.notFound)
      const at = nowMs()
      await recordAudit(
        db,
        { actor: actor(s), action: 'account.second_factor.remove', target: s.name, before: { method: 'passkey', name: gone.name } },
        at,
      )
      return { data: { removed: id } }
    },
  )
}
