/**
 * Same-origin redirect targets (spec standards: "redirects go only to same-origin paths"; spec
 * docs/requirements/screens.md#sign-in return location, /notification url_redirect).
 */
const PROBE_ORIGIN = 'https://same-origin.invalid'

/**
 * Returns `target` as a path on this site, or `fallback` when it would leave the site.
 *
 * Accepted: strings starting with a single `/` that resolve on this origin (`/x/y?q#h`).
 * Refused: protocol-relative (`//evil.example`), backslash tricks (`/\evil.example`),
 * absolute URLs (`https://…`, `javascript:…`), encoded slashes at the start
 * (`%2F%2Fevil.example`), control characters, non-strings.
 *
 * @param target untrusted redirect target
 * @param fallback path used instead @default '/'
 */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string') return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejects targets with control characters, which browsers strip or mangle in URLs
  if (!target.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback
  if (target.startsWith('//')) return fallback
  let url: URL
  try {
    url = new URL(target, PROBE_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== PROBE_ORIGIN) return fallback
  const path = url.pathname + url.search + url.hash
  return path.startsWith('//') ? fallback : path
}

/**
 * Turns a `url_redirect` value (docs/requirements/screens.md: the user goes to `/{url_redirect}`) into a safe path.
 * A value that is itself a URL or tries to escape the origin gives `undefined`.
 */
export function redirectFromRecord(urlRedirect: unknown): string | undefined {
  if (typeof urlRedirect !== 'string' || urlRedirect.trim() === '') return undefined
  const raw = urlRedirect.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('/') || raw.startsWith('\\')) return undefined
  const path = safeRedirectPath(`/${raw}`, '')
  return path || undefined
}
