/**
 * Accounts and sessions (docs/requirements/screens.md#sign-in, Sign-up; docs/requirements/entities.md#session, Cookies; docs/requirements/states.md#sign-in, Logout, Sign-up,
 * Session, Idle logout; docs/requirements/validation.md; docs/requirements/roles.md; docs/requirements/calls.md user calls; docs/requirements/constants.md).
 */

import Type, { type Static, type TSchema } from 'typebox'
import { SecondFactorDue } from './staff-identity.js'

// ---------------------------------------------------------------------------------------------
// Accounts and sessions (docs/requirements/screens.md#sign-in, Sign-up; docs/requirements/entities.md#session, Cookies; docs/requirements/states.md#sign-in, Logout,
// Sign-up, Session, Idle logout; docs/requirements/validation.md; docs/requirements/roles.md; docs/requirements/calls.md user calls; docs/requirements/constants.md). Every answer is `{ data }` or, on
// failure, `{ error: { code, message } }` with a 4xx status, like the rest of the API. A request
// body that breaks its schema is refused with 400 `bad_request`.
// ---------------------------------------------------------------------------------------------

/** Longest accepted email address, characters (RFC 5321 path limit); also the sign-in name's limit. */
export const MAX_MAIL_LENGTH = 254

/**
 * Longest password a request may carry, characters. Longer than `PASSWORD_POLICY.maxLength` on
 * purpose: a too-long password is refused by the password rule with its message, not as a bad request.
 */
const MAX_PASS = 1000

/** Longest other free-text field of a request (an email address being checked or reset), characters. */
const MAX_FIELD = 1000

/** Longest one-time token (verification, password reset), characters. */
const MAX_TOKEN = 200

/**
 * A Drupal-style field value list, e.g. `mail: [{ value: 'a@b.example' }]`: exactly one value
 * (requests and answers alike).
 */
export function FieldValues<T extends TSchema>(value: T) {
  return Type.Array(Type.Object({ value }), { minItems: 1, maxItems: 1 })
}
export type FieldValues<T = string> = Array<{ value: T }>

/** `POST /api/user/before-login` → `{ data: { message: 'success' } }`: any session of this browser is ended first. */
export const BeforeLoginData = Type.Object({ message: Type.Literal('success') })
export type BeforeLoginData = Static<typeof BeforeLoginData>

/** `POST /api/user/login` body. `name` is the email address or the username. */
export const LoginBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_MAIL_LENGTH }),
  pass: Type.String({ minLength: 1, maxLength: MAX_PASS }),
})
export type LoginBody = Static<typeof LoginBody>

/** The signed-in user of {@link LoginData}. */
export const CurrentUser = Type.Object({
  /** The user id, as a string. */
  uid: Type.String(),
  name: Type.String(),
  /** `'authenticated'` first, then the stored roles (docs/requirements/roles.md). */
  roles: Type.Array(Type.String()),
})
export type CurrentUser = Static<typeof CurrentUser>

/**
 * `POST /api/user/login` → `{ data: LoginData }` and a new `trust_session` cookie (a new session
 * id at every login). The client keeps the two tokens in the `z_csrf_token` / `z_logout_token`
 * cookies (86400 s), `security_string` in `z_security_string` and `session_timeout` in
 * `z_session_timeout`. Errors: 400 `bad_credentials` 'Unrecognized username or password.' (unknown
 * user and wrong password alike), 429 `too_many_attempts` (5 failures per account per 6 h, 50 per
 * IP per hour), 403 `cross_site`, 400 `bad_request`.
 */
export const LoginData = Type.Object({
  /** Sent back as `X-CSRF-Token` on every state-changing request. */
  csrf_token: Type.String(),
  /** The `token` query of `POST /user/logout`. */
  logout_token: Type.String(),
  /** Opaque per-session string; a change tells other tabs another account signed in. */
  security_string: Type.String(),
  /** When the server session ends, epoch milliseconds. */
  session_timeout: Type.Number(),
  current_user: CurrentUser,
  /**
   * What this session still owes before the console opens: `'verify'` (prove the account's second
   * factor: `POST /api/user/second-factor` or a passkey), `'enrol'` (set one up first), or null
   * (docs/operating/staff-sign-in.md; `contract/staff-identity.ts`).
   */
  second_factor: SecondFactorDue,
})
export type LoginData = Static<typeof LoginData>

/**
 * `POST /api/user/details` body: the cloud being viewed (a machine name or domain), as the client
 * sends it. The server does not read it; an empty body is accepted too.
 */
export const UserDetailsBody = Type.Union([Type.Object({ cloud: Type.Optional(Type.String()) }), Type.Null()])
export type UserDetailsBody = Static<typeof UserDetailsBody>

/**
 * `POST /api/user/details {cloud}` → `{ data: UserDetailsData }` (docs/requirements/entities.md#session apiData).
 * Errors: 403 `not_signed_in` (no or expired session), 403 `csrf`.
 */
export const UserDetailsData = Type.Object({
  auth: Type.Object({
    user: Type.Object({
      /** IANA time zone, e.g. `'Europe/Berlin'`. */
      timezone: FieldValues(Type.String()),
      /** The saved language (contract/locale.ts code; docs/languages-and-themes.md), absent when none was saved. */
      locale: Type.Optional(FieldValues(Type.String())),
      mail: FieldValues(Type.String()),
      /** The user id, as a string. */
      uid: FieldValues(Type.String()),
      name: FieldValues(Type.String()),
      /** Whether the email address is verified. */
      verified: FieldValues(Type.Boolean()),
    }),
    /** `'authenticated'` first, then the stored roles (docs/requirements/roles.md). */
    roles: Type.Array(Type.String()),
  }),
})
export type UserDetailsData = Static<typeof UserDetailsData>

/** `POST /user/logout?token=` query: the session's `logout_token` (a missing one answers 403 `bad_token`). */
export const LogoutQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: MAX_TOKEN })) })
export type LogoutQuery = Static<typeof LogoutQuery>

/**
 * `POST /user/logout?token={logout_token}` → 204 without a body (declared as `null`, Fastify's
 * schema of an empty answer); the session is destroyed and its cookie cleared (a replayed old
 * cookie is refused afterwards). Errors: 403 `bad_token` (token mismatch; the client only logs it
 * and signs out locally anyway).
 */
export const LogoutAnswer = Type.Null()
export type LogoutAnswer = Static<typeof LogoutAnswer>

/** `POST /api/validate-email` body: `method` is always `'sign-up'`. */
export const ValidateEmailBody = Type.Object({
  method: Type.Literal('sign-up'),
  email: Type.String({ maxLength: MAX_FIELD }),
})
export type ValidateEmailBody = Static<typeof ValidateEmailBody>

/** `POST /api/validate-email {method: 'sign-up', email}` → `{ data: ValidateEmailData }`; 429 `too_many_requests`. */
export const ValidateEmailData = Type.Object({
  valid: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  /** Why not, shown under the email field, e.g. 'The email address is already registered.' */
  message: Type.Optional(Type.String()),
})
export type ValidateEmailData = Static<typeof ValidateEmailData>

/** `POST /api/user/register` body: `mail` and `name` are both the email address (docs/requirements/calls.md). */
export const RegisterBody = Type.Object({
  mail: FieldValues(Type.String({ maxLength: MAX_FIELD })),
  name: FieldValues(Type.String({ maxLength: MAX_FIELD })),
  pass: FieldValues(Type.String({ maxLength: MAX_PASS })),
})
export type RegisterBody = Static<typeof RegisterBody>

/**
 * `POST /api/user/register` → `{ data: { uid, mail } }` and a verification email. Errors: 400
 * `invalid` whose `message` is HTML (shown sanitised above the form), 403 `cross_site`.
 */
export const RegisterData = Type.Object({
  /** The new user's id, as a string. */
  uid: Type.String(),
  /** The address, lower-cased. */
  mail: Type.String(),
})
export type RegisterData = Static<typeof RegisterData>

/**
 * `GET /user/verify/{token}` (the link of the verification email) → 302 to `/thank-you`, or to
 * `/thank-you?status=invalid` for an unknown, used or expired token (24 hours). HEAD is not answered,
 * so link scanners do not use the token up.
 */
export const VerifyParams = Type.Object({ token: Type.String() })
export type VerifyParams = Static<typeof VerifyParams>

/** The 302 of `GET /user/verify/{token}`: no body (the target is the `Location` header). */
export const VerifyAnswer = Type.Null()
export type VerifyAnswer = Static<typeof VerifyAnswer>

/** `POST /api/resend/verification` (signed in) → `{ data: { message } }`, e.g. 'A new verification email has been sent to a@b.example.' */
export const ResendVerificationData = Type.Object({ message: Type.String() })
export type ResendVerificationData = Static<typeof ResendVerificationData>

/** `POST /api/user/password` body: the address (or username) whose password is to be reset. */
export const PasswordResetRequestBody = Type.Object({ mail: Type.String({ maxLength: MAX_FIELD }) })
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>

/** `POST /api/user/password {mail}` → `{ data: { message } }`, the same answer whether or not the account exists. */
export const PasswordResetRequestData = Type.Object({ message: Type.String() })
export type PasswordResetRequestData = Static<typeof PasswordResetRequestData>

/** `POST /api/user/reset` body: the token of the mailed link and the new password. */
export const PasswordResetBody = Type.Object({
  token: Type.String({ maxLength: MAX_TOKEN }),
  pass: Type.String({ maxLength: MAX_PASS }),
})
export type PasswordResetBody = Static<typeof PasswordResetBody>

/** `POST /api/user/reset {token, pass}` → `{ data: { message } }`; 400 `invalid_token` or `invalid` (password rule). */
export const PasswordResetData = Type.Object({ message: Type.String() })
export type PasswordResetData = Static<typeof PasswordResetData>

/** `POST /api/user/settings` body: either setting or both (an empty body is refused). */
export const UserSettingsBody = Type.Object({
  /** An IANA time zone, e.g. `'Europe/Berlin'` (surrounding spaces are ignored). */
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  /** A language of contract/locale.ts `LOCALES` (docs/languages-and-themes.md): the site's on other browsers and the emails'. */
  locale: Type.Optional(Type.String({ maxLength: 16 })),
})
export type UserSettingsBody = Static<typeof UserSettingsBody>

/**
 * `POST /api/user/settings {timezone?, locale?}` (signed in, CSRF) → `{ data: { timezone, locale } }`
 * (both as saved now; `locale` '' when none was ever saved); 400 for an unknown IANA zone or locale.
 */
export const UserSettingsData = Type.Object({ timezone: Type.String(), locale: Type.String() })
export type UserSettingsData = Static<typeof UserSettingsData>
