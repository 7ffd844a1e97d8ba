/**
 * Same-origin redirect targets (spec standards: "redirects go only to same-origin paths"; spec
 * §2 Sign-in return location, /notification url_redirect).
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
  // eslint-disable-next-line no-control-regex
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
 * Turns a `url_redirect` value (spec §2: the user goes to `/{url_redirect}`) into a safe path.
 * A value that is itself a URL or tries to escape the origin gives `undefined`.
 */
export function redirectFromRecord(urlRedirect: unknown): string | undefined {
  if (typeof urlRedirect !== 'string' || urlRedirect.trim() === '') return undefined
  const raw = urlRedirect.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('/') || raw.startsWith('\\')) return undefined
  const path = safeRedirectPath('/' + raw, '')
  return path || undefined
}

/** Pages a sign-in must never return to (they would loop or sign the visitor up again). */
const NOT_A_DESTINATION = /^\/(?:sign-in|sign-up)(?:[/?#]|$)/

/**
 * The `destination` a sign-in returns to (spec §2 Sign-in: "the page they came from"), as a
 * same-origin path, or `fallback`.
 *
 * Accepted: a path starting with a single `/` ({@link safeRedirectPath}), or a bare Drupal-style
 * path of letters, digits, `-`, `_` and `/` such as `subscribe` (made `/subscribe`). Refused:
 * everything {@link safeRedirectPath} refuses, paths whose percent-decoded form starts with `//`
 * or `/\` (`/%2F%2Fevil.example`), bare values with a scheme or encoded characters
 * (`%2F%2Fevil.example`, `javascript:alert(1)`), and the sign-in and sign-up pages themselves.
 *
 * @param destination untrusted `destination` query value (already URL-decoded once)
 * @param fallback path used instead @default ''
 */
export function signInDestination(destination: unknown, fallback = ''): string {
  if (typeof destination !== 'string') return fallback
  const raw = destination.trim()
  if (raw === '') return fallback
  let path: string
  if (raw.startsWith('/')) {
    path = safeRedirectPath(raw, '')
    if (!path) return fallback
    let decoded = path
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return fallback
    }
    if (/^\/[/\\]/.test(decoded)) return fallback
  } else if (/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/i.test(raw)) {
    path = '/' + raw
  } else {
    return fallback
  }
  return NOT_A_DESTINATION.test(path) ? fallback : path
}
