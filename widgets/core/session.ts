import { map } from 'nanostores'
import type { UserDetailsData } from '../../contract/accounts'
import { COOKIE, readCookie } from './cookies'
import { shared } from './shared'

/**
 * The visitor's session (docs/requirements/entities.md#session). The store is shared by the shell and every widget on
 * the page; the actions that change it (sign-in, sign-out, sign-up, details, resend) live in the
 * shell (`shell/accounts/account.ts`), so the drop-in widgets, which only read it, do not carry them.
 */
export interface SessionState {
  /** IANA time zone every timestamp is shown in. @default 'UTC' */
  timezone: string
  /** Signed in: both token cookies exist and the session has not timed out (docs/requirements/states.md#session). */
  isLoggedIn: boolean
  /** `z_csrf_token`, sent back as `X-CSRF-Token` (the API client reads the cookie). */
  csrfToken: string | null
  /** `z_logout_token`, the `token` query of `POST /user/logout`. */
  logoutToken: string | null
  /** The login details of `POST /api/user/details` (user and roles); `null` until loaded. */
  apiData: UserDetailsData['auth'] | null
  /** The last sign-in failure (plain text from the server), '' when none. */
  errorSignIn: string
  /** The last sign-up failure: HTML from the server, shown sanitised above the form; '' when none. */
  errorSignUp: string
  /** Why the email address cannot sign up (the server's `data.message`), shown under the email field. */
  emailError: string
  /** The resend-verification answer, shown 10 s in a success banner; '' when none. */
  resendMessage: string
  /** True after a sign-out ended the session (docs/requirements/entities.md isLogOut). */
  isLogOut: boolean
  /** A sign-in (before-login, login, details) is running. */
  signingIn: boolean
  /** A sign-up (email check, register, automatic sign-in) is running. */
  signingUp: boolean
  /** A sign-out is running. */
  signingOut: boolean
}

/** The signed-out state (timezone is kept by the callers that reset the rest). */
export const SIGNED_OUT: Omit<SessionState, 'timezone'> = {
  isLoggedIn: false,
  csrfToken: null,
  logoutToken: null,
  apiData: null,
  errorSignIn: '',
  errorSignUp: '',
  emailError: '',
  resendMessage: '',
  isLogOut: false,
  signingIn: false,
  signingUp: false,
  signingOut: false,
}

/** The shared session store; timezone defaults to UTC (docs/requirements/entities.md, docs/requirements/constants.md). */
export const $session = shared('session', () => map<SessionState>({ timezone: 'UTC', ...SIGNED_OUT }))

/** Sets the time zone timestamps are shown in (docs/requirements/entities.md#session, docs/requirements/constants.md); a zone {@link isTimeZone} rejects falls back to UTC. */
export function setTimezone(timezone: string): void {
  $session.setKey('timezone', isTimeZone(timezone) ? timezone : 'UTC')
}

/**
 * True when the platform knows the IANA zone `tz`. UTC, every visitor's default, is taken without
 * asking `Intl`: a page's first `Intl.DateTimeFormat` costs some 15–20 ms, which a page would
 * otherwise spend in the task that hydrates it.
 */
export function isTimeZone(tz: string): boolean {
  try {
    return tz === 'UTC' || !!new Intl.DateTimeFormat('en', { timeZone: tz })
  } catch {
    return false
  }
}

/** The session cookies as the client wrote them at sign-in (docs/requirements/entities.md#cookies). */
export interface SessionCookies {
  csrfToken?: string
  logoutToken?: string
  /** `z_session_timeout`: epoch milliseconds; absent means "far in the future" (docs/requirements/states.md#session). */
  sessionTimeout?: string
}

/** Reads the session cookies of this document. */
export function readSessionCookies(): SessionCookies {
  return {
    csrfToken: readCookie(COOKIE.csrfToken),
    logoutToken: readCookie(COOKIE.logoutToken),
    sessionTimeout: readCookie(COOKIE.sessionTimeout),
  }
}

/**
 * The session rule (docs/requirements/states.md#session): signed in only when both the csrf and the logout cookie
 * exist, and not once `now` has reached the `z_session_timeout` cookie (epoch ms). A missing or
 * unreadable timeout counts as far in the future.
 *
 * @param cookies the cookies to judge @default the document's
 * @param now epoch milliseconds @default Date.now()
 */
export function isSignedIn(cookies: SessionCookies = readSessionCookies(), now: number = Date.now()): boolean {
  if (!cookies.csrfToken || !cookies.logoutToken) return false
  const timeout = Number(cookies.sessionTimeout)
  if (cookies.sessionTimeout === undefined || cookies.sessionTimeout === '' || !Number.isFinite(timeout)) return true
  return now < timeout
}
