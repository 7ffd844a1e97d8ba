// Where a sign-in returns to (docs/requirements/screens.md#sign-in): shell-only, the drop-in widgets have no sign-in page.
import { safeRedirectPath } from '../../widgets/core/redirect'

/** Pages a sign-in must never return to (they would loop or sign the visitor up again). */
const NOT_A_DESTINATION = /^\/(?:sign-in|sign-up)(?:[/?#]|$)/

/**
 * The `destination` a sign-in returns to (docs/requirements/screens.md#sign-in: "the page they came from"), as a
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
    path = `/${raw}`
  } else {
    return fallback
  }
  return NOT_A_DESTINATION.test(path) ? fallback : path
}
