/** Cookie names of the spec (docs/requirements/entities.md#cookies). */
export const COOKIE = {
  csrfToken: 'z_csrf_token',
  logoutToken: 'z_logout_token',
  securityString: 'z_security_string',
  sessionTimeout: 'z_session_timeout',
  machineName: 'machineName',
} as const

/** Max age of the token and selected-cloud cookies: 86400 s (docs/requirements/constants.md). */
export const COOKIE_MAX_AGE_S = 86400

/** Decodes a cookie value; a malformed escape leaves the value as it is. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * Reads a cookie; `undefined` when absent or when there is no document (server, worker).
 * Values are percent-decoded (RFC 6265 cookie-octets as js-cookie and the server write them).
 * Parsing `document.cookie` takes a few lines, which keeps a cookie library out of every
 * drop-in script (README, size budgets).
 */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  for (const pair of document.cookie.split('; ')) {
    const eq = pair.indexOf('=')
    if (eq > 0 && decode(pair.slice(0, eq)) === name) return decode(pair.slice(eq + 1))
  }
  return undefined
}

/**
 * Writes a first-party cookie for the whole site: path `/`, SameSite=Lax, Secure on https.
 *
 * @param maxAgeS lifetime, seconds @default COOKIE_MAX_AGE_S (86400)
 */
export function writeCookie(name: string, value: string, maxAgeS: number = COOKIE_MAX_AGE_S): void {
  if (typeof document === 'undefined') return
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : ''
  const expires = new Date(Date.now() + maxAgeS * 1000).toUTCString()
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one cookie helper; the Cookie Store API is not in all supported browsers
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Expires=${expires}; SameSite=Lax${secure}`
}

/** Removes a cookie written by {@link writeCookie}. */
export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one cookie helper; the Cookie Store API is not in all supported browsers
  document.cookie = `${encodeURIComponent(name)}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`
}
