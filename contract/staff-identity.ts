/**
 * Staff identity: employee single sign-on, the second factor of privileged accounts, and the
 * sessions an account can see and end (docs/operating/staff-sign-in.md). Every answer is `{ data }`
 * or `{ error: { code, message } }` like the rest of the API; every POST needs the session's
 * `X-CSRF-Token` unless it says otherwise. A body that breaks its schema answers 400 `bad_request`.
 */

import Type, { type Static } from 'typebox'

// ---------------------------------------------------------------------------------------------
// Second factor
// ---------------------------------------------------------------------------------------------

/** How a session proved its second factor. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number]

/**
 * What a session still owes before the console opens: `'verify'` (the account has a factor this
 * session has not proved), `'enrol'` (a privileged account without any factor, where one is
 * required), or null (nothing: not privileged, signed in by single sign-on, or already proved).
 */
export const SecondFactorDue = Type.Union([Type.Literal('verify'), Type.Literal('enrol'), Type.Null()])
export type SecondFactorDue = Static<typeof SecondFactorDue>

export { RECOVERY_CODE_COUNT, SECOND_FACTOR_CODES, SECOND_FACTOR_MESSAGES } from './constants.js'

/** A passkey of the account, as the security settings list it. */
export const PasskeySummary = Type.Object({
  /** base64url credential id (the id of `DELETE /api/user/passkeys/{id}`). */
  id: Type.String(),
  name: Type.String(),
  /** Epoch ms. */
  created: Type.Number(),
  /** Epoch ms, or null when never used to sign in. */
  last_used: Type.Union([Type.Number(), Type.Null()]),
})
export type PasskeySummary = Static<typeof PasskeySummary>

/**
 * `GET /api/user/security` (session) → `{ data: SecurityData }`: the account's factors and what
 * this session still owes.
 */
export const SecurityData = Type.Object({
  /** `'password'` or `'sso'`: how this session signed in. */
  auth_method: Type.Union([Type.Literal('password'), Type.Literal('sso')]),
  /** Whether the account holds a privileged role (docs/requirements/roles.md). */
  privileged: Type.Boolean(),
  /** Whether the site requires a second factor of every privileged account signing in with a password. */
  required: Type.Boolean(),
  /** The factor this session proved, or null. */
  proved: Type.Union([Type.Literal('totp'), Type.Literal('passkey'), Type.Literal('recovery'), Type.Null()]),
  due: SecondFactorDue,
  /** Whether an authenticator app is enrolled (confirmed). */
  totp: Type.Boolean(),
  passkeys: Type.Array(PasskeySummary),
  /** Unused recovery codes left. */
  recovery_codes_left: Type.Integer({ minimum: 0 }),
})
export type SecurityData = Static<typeof SecurityData>

/**
 * `POST /api/user/totp/enrol` (session + CSRF) → `{ data: TotpEnrolment }`: a new secret waiting
 * for its first code (it replaces an unconfirmed one; 409 `totp_enrolled` when one is confirmed).
 */
export const TotpEnrolment = Type.Object({
  /** Base32 secret, for typing into an app that cannot scan. */
  secret: Type.String(),
  /** The `otpauth://totp/…` URI the QR code carries. */
  otpauth_url: Type.String(),
  /** The QR code of `otpauth_url` as an SVG document (text). */
  qr_svg: Type.String(),
})
export type TotpEnrolment = Static<typeof TotpEnrolment>

/** A six-digit authenticator code, or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
export const CodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) })
export type CodeBody = Static<typeof CodeBody>

/**
 * `POST /api/user/totp/confirm {code}` → `{ data: RecoveryCodesData }`: the enrolment is
 * confirmed, this session counts as proved (`totp`), and when the account had no recovery codes
 * yet, {@link RECOVERY_CODE_COUNT} new ones are shown this once (else `codes` is empty).
 * 400 `bad_code`; 429 `too_many_attempts`.
 */
export const RecoveryCodesData = Type.Object({ codes: Type.Array(Type.String()) })
export type RecoveryCodesData = Static<typeof RecoveryCodesData>

/**
 * `POST /api/user/second-factor {method, code}` (session + CSRF) → `{ data: { proved } }`: proves
 * this session with an authenticator code or a recovery code. 400 `bad_code` 'The code is not
 * right. …'; 429 `too_many_attempts` (throttled like passwords).
 */
export const SecondFactorBody = Type.Object({
  method: Type.Union([Type.Literal('totp'), Type.Literal('recovery')]),
  code: Type.String({ minLength: 1, maxLength: 40 }),
})
export type SecondFactorBody = Static<typeof SecondFactorBody>
export const ProvedData = Type.Object({ proved: Type.Union([Type.Literal('totp'), Type.Literal('passkey'), Type.Literal('recovery')]) })
export type ProvedData = Static<typeof ProvedData>

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** One session of the account, as the settings page lists it. */
export const SessionSummary = Type.Object({
  /** The session's public id (never the cookie or its hash). */
  id: Type.String(),
  /** Whether it is the session of this request. */
  current: Type.Boolean(),
  /** The browser and system read from the user agent, e.g. 'Chrome on Linux'; '' when unknown. */
  device: Type.String(),
  user_agent: Type.String(),
  /** The client address the server saw at sign-in. */
  ip: Type.String(),
  /** Epoch ms. */
  created: Type.Number(),
  /** Epoch ms (refreshed at most once a minute). */
  last_seen: Type.Number(),
  auth_method: Type.Union([Type.Literal('password'), Type.Literal('sso')]),
})
export type SessionSummary = Static<typeof SessionSummary>

/** `GET /api/user/sessions` (session) → `{ data: { sessions } }`, newest first. */
export const SessionsData = Type.Object({ sessions: Type.Array(SessionSummary) })
export type SessionsData = Static<typeof SessionsData>

/**
 * `POST /api/user/sessions/{id}/end` (session + CSRF) → `{ data: SessionEndData }`: that session of
 * the account has ended. When it was this request's own, the answer also clears the session cookie
 * and `signed_out` is true. 404 `not_found` for an id the account has no session of.
 */
export const SessionEndData = Type.Object({ signed_out: Type.Boolean() })
export type SessionEndData = Static<typeof SessionEndData>

/**
 * `POST /api/user/sessions/end-all` (session + CSRF) → `{ data: SessionsEndedData }`: every session
 * of the account has ended, this one included (the answer clears the session cookie).
 * `POST /api/user/password/change` answers the same shape for the OTHER sessions it ended.
 */
export const SessionsEndedData = Type.Object({
  /** How many sessions ended. */
  ended: Type.Integer({ minimum: 0 }),
})
export type SessionsEndedData = Static<typeof SessionsEndedData>

/**
 * `POST /api/user/password/change {current, pass}` (session + CSRF) → `{ data: SessionsEndedData }`:
 * the password is `pass` now and every other session of the account has ended; this one goes on.
 * 400 `bad_current_password` (counted like a failed sign-in), 400 `invalid` (the password rule,
 * docs/requirements/validation.md), 409 `sso_account` (the account signs in through single
 * sign-on and has no local password), 429 `too_many_attempts`.
 */
export const PasswordChangeBody = Type.Object({
  current: Type.String({ minLength: 1, maxLength: 1000 }),
  pass: Type.String({ maxLength: 1000 }),
})
export type PasswordChangeBody = Static<typeof PasswordChangeBody>
