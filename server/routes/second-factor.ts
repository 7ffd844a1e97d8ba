/**
 * Second-factor routes (docs/operating/staff-sign-in.md; shapes in `contract/staff-identity.ts`).
 * All need a signed-in session; POSTs also its `X-CSRF-Token` (403 `not_signed_in` | `csrf`).
 *
 * - `GET /api/user/security` → `SecurityData`: the account's factors and what this session owes.
 * - `POST /api/user/totp/enrol` → `TotpEnrolment` (secret, otpauth URI, QR code as SVG); 409
 *   `totp_enrolled` when an authenticator is already confirmed (remove it first). Like the
 *   confirmation, it needs a proved session when the account already has a factor (a passkey):
 *   403 `second_factor_required`.
 * - `POST /api/user/totp/confirm {code}` → `RecoveryCodesData`: confirms the enrolment with its
 *   first code, proves this session, and shows new recovery codes once when the account had none.
 * - `DELETE /api/user/totp` → `SecurityData`: removes the authenticator; needs a proved session
 *   (403 `second_factor_required`).
 * - `POST /api/user/second-factor {method: 'totp' | 'recovery', code}` → `ProvedData`: proves this
 *   session.
 * - `POST /api/user/recovery-codes` → `RecoveryCodesData`: ten new codes (the old ones stop
 *   working); needs a proved session.
 *
 * A wrong code answers 400 `bad_code`; after 5 wrong codes per account in 6 hours, or 50 per IP
 * address in an hour, 429 `too_many_attempts` (as passwords). Enrolments, removals and failures go
 * to the audit log (`account.second_factor.*`).
 */
import type { FastifyRequest } from 'fastify'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { canReadAdmin } from '../../contract/permissions.js'
import {
  CodeBody,
  ProvedData,
  RecoveryCodesData,
  SECOND_FACTOR_CODES,
  SECOND_FACTOR_MESSAGES,
  SecondFactorBody,
  SecurityData,
  TotpEnrolment,
} from '../../contract/staff-identity.js'
import { recordAudit } from '../admin/audit.js'
import { isAllowed, register } from '../accounts/flood.js'
import {
  checkTotp,
  hasTotp,
  markProved,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  SECOND_FACTOR_IP_RULE,
  SECOND_FACTOR_USER_RULE,
  spendRecoveryCode,
  startTotpEnrolment,
} from '../accounts/second-factor.js'
import { requireSession, secondFactorDue, type UserSession } from '../accounts/sessions.js'
import { HttpError } from '../http/errors.js'
import { readSiteName } from '../repo/settings.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The words of the 400 and 429 answers. */
export const SECOND_FACTOR_TEXTS = {
  badCode: 'The code is not right. Type the six digits your authenticator app shows now, or one of your recovery codes.',
  tooMany: 'Too many wrong codes for this account. It is blocked from confirming for a while: try again later, or ask an administrator.',
  enrolled: 'An authenticator app is already set up for this account. Remove it first to set up another.',
} as const

const actorOf = (s: UserSession) => ({ uid: s.uid, name: s.name })

/** Registers the routes described above. */
export function registerSecondFactorRoutes(app: TrustApp, { db, now, accounts }: RouteDeps): void {
  const nowMs = () => now().getTime()

  /** Throws 429 when the account or the address used up its wrong codes. */
  async function throttle(request: FastifyRequest, s: UserSession, at: number): Promise<void> {
    if (
      !(await isAllowed(db, SECOND_FACTOR_IP_RULE, request.ip, at)) ||
      !(await isAllowed(db, SECOND_FACTOR_USER_RULE, String(s.uid), at))
    ) {
      throw new HttpError(429, 'too_many_attempts', SECOND_FACTOR_TEXTS.tooMany)
    }
  }

  /** Counts a wrong code, audits it, and throws 400 `bad_code`. */
  async function wrongCode(request: FastifyRequest, s: UserSession, method: string, at: number): Promise<never> {
    await register(db, SECOND_FACTOR_IP_RULE, request.ip, at)
    await register(db, SECOND_FACTOR_USER_RULE, String(s.uid), at)
    await recordAudit(
      db,
      { actor: actorOf(s), action: 'account.second_factor.failure', target: s.name, after: { method, ip: request.ip } },
      at,
    )
    throw new HttpError(400, 'bad_code', SECOND_FACTOR_TEXTS.badCode)
  }

  /** A proved session (or one whose account has no factor at all), else 403. */
  function requireProved(s: UserSession): void {
    if (s.secondFactor === null && s.factorEnrolled) {
      throw new HttpError(403, SECOND_FACTOR_CODES.verify, SECOND_FACTOR_MESSAGES.verify)
    }
  }

  async function securityOf(s: UserSession): Promise<SecurityData> {
    const [totp, passkeys, left] = await Promise.all([
      hasTotp(db, s.uid),
      db
        .selectFrom('passkeys')
        .select(['credential_id', 'name', 'created', 'last_used'])
        .where('uid', '=', s.uid)
        .orderBy('created')
        .execute(),
      recoveryCodesLeft(db, s.uid),
    ])
    const fresh = { ...s, factorEnrolled: totp || passkeys.length > 0 }
    return {
      auth_method: s.authMethod,
      privileged: canReadAdmin(s.roles),
      required: accounts.requireSecondFactor,
      proved: s.secondFactor,
      due: secondFactorDue(fresh, accounts.requireSecondFactor),
      totp,
      passkeys: passkeys.map((p) => ({ id: p.credential_id, name: p.name, created: p.created, last_used: p.last_used })),
      recovery_codes_left: left,
    }
  }

  app.get('/api/user/security', { schema: { response: { 200: answer(SecurityData), ...ERROR_RESPONSES } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    return { data: await securityOf(requireSession(request, { csrf: false })) }
  })

  app.post('/api/user/totp/enrol', { schema: { response: { 200: answer(TotpEnrolment), ...ERROR_RESPONSES } } }, async (request, reply) => {
    const s = requireSession(request)
    // A password alone never adds a factor: an account with a passkey proves it first.
    requireProved(s)
    const site = await readSiteName(db, accounts.publicUrl)
    const enrolment = await startTotpEnrolment(db, s.uid, site, s.mail, nowMs())
    if (!enrolment) throw new HttpError(409, 'totp_enrolled', SECOND_FACTOR_TEXTS.enrolled)
    reply.header('cache-control', 'private, no-store')
    return { data: enrolment }
  })

  app.post(
    '/api/user/totp/confirm',
    { schema: { body: CodeBody, response: { 200: answer(RecoveryCodesData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const s = requireSession(request)
      requireProved(s)
      const at = nowMs()
      await throttle(request, s, at)
      if (!(await checkTotp(db, s.uid, request.body.code, at, true))) return wrongCode(request, s, 'totp enrolment', at)
      await markProved(db, s.idHash, 'totp')
      const codes = (await recoveryCodesLeft(db, s.uid)) === 0 ? await replaceRecoveryCodes(db, s.uid, at) : []
      await recordAudit(db, { actor: actorOf(s), action: 'account.second_factor.enrol', target: s.name, after: { method: 'totp' } }, at)
      reply.header('cache-control', 'private, no-store')
      return { data: { codes } }
    },
  )

  app.delete('/api/user/totp', { schema: { response: { 200: answer(SecurityData), ...ERROR_RESPONSES } } }, async (request) => {
    const s = requireSession(request)
    requireProved(s)
    const at = nowMs()
    await db.deleteFrom('totp_factors').where('uid', '=', s.uid).execute()
    await recordAudit(db, { actor: actorOf(s), action: 'account.second_factor.remove', target: s.name, before: { method: 'totp' } }, at)
    return { data: await securityOf(s) }
  })

  app.post(
    '/api/user/second-factor',
    { schema: { body: SecondFactorBody, response: { 200: answer(ProvedData), ...ERROR_RESPONSES } } },
    async (request) => {
      const s = requireSession(request)
      const at = nowMs()
      await throttle(request, s, at)
      const { method, code } = request.body
      const ok = method === 'totp' ? await checkTotp(db, s.uid, code, at) : await spendRecoveryCode(db, s.uid, code, at)
      if (!ok) return wrongCode(request, s, method, at)
      await markProved(db, s.idHash, method)
      await recordAudit(
        db,
        { actor: actorOf(s), action: 'account.second_factor.proved', target: s.name, after: { method, ip: request.ip } },
        at,
      )
      return { data: { proved: method } }
    },
  )

  app.post(
    '/api/user/recovery-codes',
    { schema: { response: { 200: answer(RecoveryCodesData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const s = requireSession(request)
      requireProved(s)
      const at = nowMs()
      const codes = await replaceRecoveryCodes(db, s.uid, at)
      await recordAudit(db, { actor: actorOf(s), action: 'account.second_factor.recovery_codes', target: s.name }, at)
      reply.header('cache-control', 'private, no-store')
      return { data: { codes } }
    },
  )
}
