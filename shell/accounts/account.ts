import { $cloudName } from '../../widgets/core/cloud'
import type {
  LoginData,
  PasswordResetData,
  PasswordResetRequestData,
  ResendVerificationData,
  UserDetailsData,
  UserSettingsData,
  ValidateEmailData,
} from '../../contract/accounts'
import type { ApiAnswer } from '../../contract/common'
import { COOKIE, COOKIE_MAX_AGE_S, removeCookie, writeCookie } from '../../widgets/core/cookies'
import { ApiError, dataOf, is, request } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import { $session, isSignedIn, readSessionCookies, SIGNED_OUT } from '../../widgets/core/session'
import { accountError, accountNotice } from './errors'
import { $secondFactorOwed } from './second-factor/owed'
import { applySavedLocale, followSavedLocale } from './locale-setting'
import { accountErrorMessages } from './messages'
import { $locale } from '../locale'
import { effectiveTimezone, applyTimezone, chosenTimezone, updateChosenTimezone } from '../timezone/choice'

/**
 * The accounts state machine (docs/requirements/entities.md#session, docs/requirements/states.md#sign-in, Logout, Sign-up, Session; docs/requirements/calls.md user
 * calls): every function updates {@link $session} and the session cookies, and never throws.
 */

/** How long the resend-verification message stays (docs/requirements/constants.md: 10 seconds). */
export const RESEND_MESSAGE_MS = 10_000

const POST = 'POST' as const

function isLoginData(d: unknown): d is LoginData {
  return is.object(d) && is.string(d.csrf_token) && is.string(d.logout_token) && d.csrf_token !== '' && d.logout_token !== ''
}

function isFieldList(v: unknown): boolean {
  return is.array(v) && v.every((x) => is.object(x) && 'value' in x)
}

function isDetails(d: unknown): d is UserDetailsData {
  if (!is.object(d) || !is.object(d.auth) || !is.object(d.auth.user) || !is.array(d.auth.roles)) return false
  const u = d.auth.user
  return isFieldList(u.mail) && isFieldList(u.uid) && isFieldList(u.timezone)
}

function hasMessage(d: unknown): d is { message: string } {
  return is.object(d) && is.string(d.message)
}

/** The first value of a Drupal-style field list, or `fallback`. */
export function fieldValue<T>(list: Array<{ value: T }> | undefined, fallback: T): T {
  return list && list.length > 0 ? list[0].value : fallback
}

/** The four cookies the client writes at sign-in (docs/requirements/entities.md#cookies). */
const SESSION_COOKIES = [COOKIE.csrfToken, COOKIE.logoutToken, COOKIE.securityString, COOKIE.sessionTimeout]

/** Removes the session cookies (sign-in failure, sign-out, expired or refused session). */
export function clearSessionCookies(): void {
  for (const name of SESSION_COOKIES) removeCookie(name)
}

/**
 * Ends the local session: cookies removed, state signed out (the time zone goes back to the
 * visitor's own choice, else UTC: shell/timezone/choice.ts).
 */
export function clearSession(extra: Partial<typeof SIGNED_OUT> = {}): void {
  clearSessionCookies()
  $session.set({ ...$session.get(), ...SIGNED_OUT, timezone: effectiveTimezone(chosenTimezone()), ...extra })
}

function writeSessionCookies(login: LoginData): void {
  writeCookie(COOKIE.csrfToken, login.csrf_token, COOKIE_MAX_AGE_S)
  writeCookie(COOKIE.logoutToken, login.logout_token, COOKIE_MAX_AGE_S)
  writeCookie(COOKIE.securityString, String(login.security_string ?? ''), COOKIE_MAX_AGE_S)
  if (Number.isFinite(login.session_timeout)) writeCookie(COOKIE.sessionTimeout, String(login.session_timeout), COOKIE_MAX_AGE_S)
  else removeCookie(COOKIE.sessionTimeout)
}

/**
 * `POST /api/user/details {cloud}`: stores the user and roles, and shows times in the user's saved
 * zone unless this browser's visitor chose one (shell/timezone/choice.ts). An answer carrying a
 * `message` instead of details is an error (docs/requirements/calls.md).
 *
 * @throws ApiError when the call fails (403 `not_signed_in` when the session is gone)
 */
export async function loadDetails(cloud: string = $cloudName.get() ?? ''): Promise<void> {
  const answer = await request<ApiAnswer<UserDetailsData>>('/api/user/details', { method: POST, body: { cloud } })
  const data = (answer as { data?: unknown } | undefined)?.data
  if (hasMessage(data) && !isDetails(data)) throw new ApiError(data.message, 0, 'Refused')
  const details = dataOf(answer, isDetails)
  $session.setKey('apiData', details.auth)
  applyTimezone(String(fieldValue(details.auth.user.timezone, '')))
  applySavedLocale()
}

let signInOwes: LoginData['second_factor'] = null

/**
 * What the session of the last {@link signIn} still owed (`LoginData.second_factor`:
 * `'verify'`, `'enrol'` or null; docs/operating/staff-sign-in.md): the sign-in page asks for the
 * second factor when it is `'verify'`; the console's gate (`shell/admin/SecondFactorGate.tsx`)
 * follows `$secondFactorOwed`, set here too.
 */
export const secondFactorOfSignIn = (): LoginData['second_factor'] => signInOwes

/**
 * Signs in (docs/requirements/states.md#sign-in): `POST /api/user/before-login`, then `POST /api/user/login
 * {name, pass}`; writes `z_csrf_token`, `z_logout_token`, `z_security_string` and
 * `z_session_timeout` (86400 s); marks the session signed in; then loads the details for
 * `cloud`. Any failure removes those cookies, signs out locally and stores the message in
 * `errorSignIn`.
 *
 * @returns true when signed in with details loaded
 */
export async function signIn(name: string, pass: string, cloud: string = $cloudName.get() ?? ''): Promise<boolean> {
  $session.set({ ...$session.get(), signingIn: true, errorSignIn: '', isLogOut: false })
  try {
    const before = await request<ApiAnswer<{ message: string }>>('/api/user/before-login', { method: POST })
    const message = dataOf(before, hasMessage).message
    if (message !== 'success') throw new ApiError(message, 0, 'Refused')
    const login = dataOf(await request<ApiAnswer<LoginData>>('/api/user/login', { method: POST, body: { name, pass } }), isLoginData)
    writeSessionCookies(login)
    signInOwes = login.second_factor ?? null
    $secondFactorOwed.set(signInOwes)
    $session.set({ ...$session.get(), isLoggedIn: true, csrfToken: login.csrf_token, logoutToken: login.logout_token })
    await loadDetails(cloud)
    $session.setKey('signingIn', false)
    return true
  } catch (error) {
    clearSession({ errorSignIn: accountError(error) })
    return false
  }
}

/**
 * Signs out (docs/requirements/states.md#logout): `POST /user/logout?token={logout_token}`; a failure (e.g. 403
 * `bad_token`) is only logged with `console.warn`. Either way the cookies and the state are
 * cleared and `isLogOut` is set.
 */
export async function signOut(): Promise<void> {
  const token = $session.get().logoutToken ?? readSessionCookies().logoutToken ?? ''
  $session.setKey('signingOut', true)
  try {
    await request<void>('/user/logout', { method: POST, query: { token } })
  } catch (error) {
    console.warn('Sign-out was refused by the server; signed out locally.', errorMessage(error))
  } finally {
    clearSession({ isLogOut: true })
  }
}

/** What {@link signUp} ended with. */
export type SignUpResult =
  /** Registered and signed in. */
  | 'signed-in'
  /** Registered, but the automatic sign-in failed (`errorSignIn` says why). */
  | 'registered'
  /** The email check refused the address (`emailError` says why). */
  | 'email-refused'
  /** Registration or the email check failed (`errorSignUp` says why, as HTML). */
  | 'failed'

/**
 * Signs up (docs/requirements/states.md#sign-up): `POST /api/validate-email {method: 'sign-up', email}` — `valid:
 * 'false'` stores `data.message` in `emailError` and stops; then `POST /api/user/register`
 * (mail and name both the email) — an error stores its message (HTML) in `errorSignUp`; then
 * signs in automatically.
 */
export async function signUp(email: string, pass: string, cloud: string = $cloudName.get() ?? ''): Promise<SignUpResult> {
  $session.set({ ...$session.get(), signingUp: true, errorSignUp: '', emailError: '', errorSignIn: '' })
  const done = (result: SignUpResult, extra: Partial<typeof SIGNED_OUT> = {}) => {
    $session.set({ ...$session.get(), signingUp: false, ...extra })
    return result
  }
  try {
    const check = dataOf(
      await request<ApiAnswer<ValidateEmailData>>('/api/validate-email', { method: POST, body: { method: 'sign-up', email } }),
      (d): d is ValidateEmailData => is.object(d) && (d.valid === 'true' || d.valid === 'false'),
    )
    if (check.valid === 'false')
      return done('email-refused', {
        emailError: check.message ? accountNotice(check.message) : accountErrorMessages.in($locale.get()).get().emailRefused,
      })
    await request('/api/user/register', {
      method: POST,
      body: { mail: [{ value: email }], name: [{ value: email }], pass: [{ value: pass }] },
    })
  } catch (error) {
    return done('failed', { errorSignUp: accountError(error, { html: true }) })
  }
  const signedIn = await signIn(email, pass, cloud)
  return done(signedIn ? 'signed-in' : 'registered')
}

let resendTimer: ReturnType<typeof setTimeout> | undefined

/**
 * `POST /api/resend/verification`: success stores the message in `resendMessage` for 10 s
 * ({@link RESEND_MESSAGE_MS}); failure clears it (docs/requirements/states.md#sign-up).
 *
 * @returns the message, or '' on failure
 */
export async function resendVerification(): Promise<string> {
  clearTimeout(resendTimer)
  try {
    const data = dataOf(await request<ApiAnswer<ResendVerificationData>>('/api/resend/verification', { method: POST }), hasMessage)
    const message = accountNotice(data.message)
    $session.setKey('resendMessage', message)
    resendTimer = setTimeout(() => {
      if ($session.get().resendMessage === message) $session.setKey('resendMessage', '')
    }, RESEND_MESSAGE_MS)
    return message
  } catch {
    $session.setKey('resendMessage', '')
    return ''
  }
}

/** Clears every account error (docs/requirements/states.md#sign-up "Reset clears all errors"). */
export function resetAccountErrors(): void {
  $session.set({ ...$session.get(), errorSignIn: '', errorSignUp: '', emailError: '' })
}

/** Clears only the email error (the visitor changed the address). */
export function clearEmailError(): void {
  if ($session.get().emailError) $session.setKey('emailError', '')
}

/**
 * Takes the session over from the cookies, synchronously: signed in when {@link isSignedIn}
 * holds; otherwise any left-over (expired or half-written) session cookies are removed.
 *
 * @returns whether the visitor is signed in
 */
export function adoptSessionCookies(): boolean {
  const cookies = readSessionCookies()
  if (isSignedIn(cookies)) {
    $session.set({ ...$session.get(), isLoggedIn: true, csrfToken: cookies.csrfToken!, logoutToken: cookies.logoutToken! })
    return true
  }
  if (cookies.csrfToken || cookies.logoutToken || cookies.sessionTimeout) clearSession()
  else if ($session.get().isLoggedIn) $session.set({ ...$session.get(), ...SIGNED_OUT, timezone: effectiveTimezone(chosenTimezone()) })
  return false
}

/**
 * At startup (docs/requirements/entities.md#session): when the cookies say signed in, loads the details for `cloud`;
 * a 403 (session gone on the server, or CSRF refused) signs out locally. Other failures keep the
 * session and leave `apiData` empty.
 */
export async function restoreSession(cloud: string = $cloudName.get() ?? ''): Promise<boolean> {
  if (!adoptSessionCookies()) return false
  try {
    await loadDetails(cloud)
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      clearSession()
      return false
    }
    return true
  }
}

/** `POST /api/user/password {mail}` → the server's message (the same whether the account exists), in English as sent. */
export async function requestPasswordReset(mail: string): Promise<string> {
  return dataOf(await request<ApiAnswer<PasswordResetRequestData>>('/api/user/password', { method: POST, body: { mail } }), hasMessage)
    .message
}

/** `POST /api/user/reset {token, pass}` → the server's message, in English as sent. @throws ApiError (400 `invalid_token`, `invalid`) */
export async function resetPassword(token: string, pass: string): Promise<string> {
  return dataOf(await request<ApiAnswer<PasswordResetData>>('/api/user/reset', { method: POST, body: { token, pass } }), hasMessage).message
}

/**
 * `POST /api/user/settings {timezone, locale?}` (signed in): stores the saved zone (and language)
 * in the loaded details and, with `apply` (the settings page), shows times in it at once — also
 * in a browser whose visitor chose a zone with the picker, whose cookie takes the saved zone — and
 * switches the page to the saved language when it differs (docs/languages-and-themes.md; the language cookie follows
 * the same rule, `./locale-setting.ts` `followSavedLocale`). The picker itself passes
 * `apply: false`: it has applied the zone already, and an answer arriving after a later choice
 * must not undo that. @throws ApiError (400 for an unknown zone or language)
 *
 * @param apply show times in the saved zone @default true
 * @param locale the language to save too (contract/locale.ts code); none: the language is left as it is
 */
export async function saveSettings(timezone: string, apply = true, locale?: string): Promise<string> {
  const data = dataOf(
    await request<ApiAnswer<UserSettingsData>>('/api/user/settings', { method: POST, body: { timezone, ...(locale ? { locale } : {}) } }),
    (d): d is UserSettingsData => is.object(d) && is.string(d.timezone),
  )
  const savedLocale = locale ? (is.string(data.locale) && data.locale ? data.locale : locale) : undefined
  if (apply) {
    updateChosenTimezone(data.timezone)
    applyTimezone(data.timezone)
  }
  const apiData = $session.get().apiData
  if (apiData) {
    const user = { ...apiData.user, timezone: [{ value: data.timezone }], ...(savedLocale ? { locale: [{ value: savedLocale }] } : {}) }
    $session.setKey('apiData', { ...apiData, user })
  }
  if (apply && savedLocale) await followSavedLocale(savedLocale)
  return data.timezone
}

/** True when `roles` include one of the privileged roles (docs/requirements/roles.md: they see the Admin link). */
export function isPrivileged(roles: readonly string[] | undefined, privileged: readonly string[]): boolean {
  return !!roles && roles.some((r) => privileged.includes(r))
}
