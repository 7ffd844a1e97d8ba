import Cookies from 'js-cookie'

/** Cookie names of the spec (§3 Cookies). */
export const COOKIE = {
  csrfToken: 'z_csrf_token',
  logoutToken: 'z_logout_token',
  securityString: 'z_security_string',
  sessionTimeout: 'z_session_timeout',
  machineName: 'machineName',
} as const

/** Max age of the token and selected-cloud cookies: 86400 s (spec §9). */
export const COOKIE_MAX_AGE_S = 86400

/** Reads a cookie; `undefined` when absent or when there is no document (server, worker). */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return Cookies.get(name)
}

/**
 * Writes a first-party cookie on path `/` that lives `maxAgeS` seconds (default 86400, spec §9).
 * SameSite=Lax; Secure when the page is served over https.
 */
export function writeCookie(name: string, value: string, maxAgeS: number = COOKIE_MAX_AGE_S): void {
  if (typeof document === 'undefined') return
  Cookies.set(name, value, {
    path: '/',
    expires: new Date(Date.now() + maxAgeS * 1000),
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  })
}

/** Removes a cookie written by {@link writeCookie}. */
export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return
  Cookies.remove(name, { path: '/' })
}
