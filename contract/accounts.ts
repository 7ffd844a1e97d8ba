/**
 * Accounts and sessions (spec §2 Sign-in, Sign-up; §3 Session, Cookies; §4 Sign-in, Logout, Sign-up,
 * Session, Idle logout; §5; §6; §7 user calls; §9).
 */

// ---------------------------------------------------------------------------------------------
// Accounts and sessions (spec §2 Sign-in, Sign-up; §3 Session, Cookies; §4 Sign-in, Logout,
// Sign-up, Session, Idle logout; §5; §6; §7 user calls; §9). Every answer is `{ data }` or, on
// failure, `{ error: { code, message } }` with a 4xx status, like the rest of the API.
// ---------------------------------------------------------------------------------------------





/** `POST /api/user/before-login` → `{ data: { message: 'success' } }`: any session of this browser is ended first. */
export interface BeforeLoginData {
  message: 'success'
}

/** `POST /api/user/login` body. `name` is the email address or the username. */
export interface LoginBody {
  name: string
  pass: string
}

/**
 * `POST /api/user/login` → `{ data: LoginData }` and a new `trust_session` cookie (a new session
 * id at every login). The client keeps the two tokens in the `z_csrf_token` / `z_logout_token`
 * cookies (86400 s), `security_string` in `z_security_string` and `session_timeout` in
 * `z_session_timeout`. Errors: 400 `bad_credentials` 'Unrecognized username or password.' (unknown
 * user and wrong password alike), 429 `too_many_attempts` (5 failures per account per 6 h, 50 per
 * IP per hour), 403 `cross_site`, 400 `bad_request`.
 */
export interface LoginData {
  /** Sent back as `X-CSRF-Token` on every state-changing request. */
  csrf_token: string
  /** The `token` query of `POST /user/logout`. */
  logout_token: string
  /** Opaque per-session string; a change tells other tabs another account signed in. */
  security_string: string
  /** When the server session ends, epoch milliseconds. */
  session_timeout: number
  current_user: { uid: string; name: string; roles: string[] }
}

/** A Drupal-style field value list, e.g. `mail: [{ value: 'a@b.example' }]`. */
export type FieldValues<T = string> = Array<{ value: T }>

/**
 * `POST /api/user/details {cloud}` → `{ data: UserDetailsData }` (spec §3 Session apiData).
 * Errors: 403 `not_signed_in` (no or expired session), 403 `csrf`.
 */
export interface UserDetailsData {
  auth: {
    user: { timezone: FieldValues; mail: FieldValues; uid: FieldValues; name: FieldValues; verified: FieldValues<boolean> }
    roles: string[]
  }
}

/**
 * `POST /user/logout?token={logout_token}` → 204; the session is destroyed and its cookie cleared
 * (a replayed old cookie is refused afterwards). Errors: 403 `bad_token` (token mismatch; the
 * client only logs it and signs out locally anyway).
 */
export type LogoutAnswer = undefined

/** `POST /api/validate-email {method: 'sign-up', email}` → `{ data: ValidateEmailData }`; 429 `too_many_requests`. */
export interface ValidateEmailData {
  valid: 'true' | 'false'
  /** Why not, shown under the email field, e.g. 'The email address is already registered.' */
  message?: string
}

/** `POST /api/user/register` body: `mail` and `name` are both the email address (spec §7). */
export interface RegisterBody {
  mail: FieldValues
  name: FieldValues
  pass: FieldValues
}

/**
 * `POST /api/user/register` → `{ data: { uid, mail } }` and a verification email. Errors: 400
 * `invalid` whose `message` is HTML (shown sanitised above the form), 403 `cross_site`.
 */
export interface RegisterData {
  uid: string
  mail: string
}

/** `POST /api/resend/verification` (signed in) → `{ data: { message } }`, e.g. 'A new verification email has been sent to a@b.example.' */
export interface ResendVerificationData {
  message: string
}

/** `POST /api/user/password {mail}` → `{ data: { message } }`, the same answer whether or not the account exists. */
export interface PasswordResetRequestData {
  message: string
}

/** `POST /api/user/reset {token, pass}` → `{ data: { message } }`; 400 `invalid_token` or `invalid` (password rule). */
export interface PasswordResetData {
  message: string
}

/** `POST /api/user/settings {timezone}` (signed in, CSRF) → `{ data: { timezone } }`; 400 for an unknown IANA zone. */
export interface UserSettingsData {
  timezone: string
}
