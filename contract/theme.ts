/**
 * The site's colour theme (docs/languages-and-themes.md, "a dark site"): the visitor's choice, kept in the cookie
 * {@link THEME_COOKIE}, and the CSS `color-scheme` it gives the document. Both sides use it: the
 * server paints the choice into a page's `<html>` before it is sent (`server/http/page-render.ts`)
 * and keys its response cache on it; the shell's switch writes it (`shell/theme.ts`). Plain
 * values and functions, no schema.
 */

/** The theme cookie: `light`, `dark` or `system` (a functional preference, like `machineName`). */
export const THEME_COOKIE = 'trust_theme'

/** Lifetime of {@link THEME_COOKIE}: one year, seconds. */
export const THEME_COOKIE_MAX_AGE_S = 31_536_000

/** The choices, in the switch's order; `system` (follow `prefers-color-scheme`) is the default. */
export const THEMES = ['system', 'light', 'dark'] as const

/** A theme choice. */
export type Theme = (typeof THEMES)[number]

/**
 * The theme a stored value names; anything else (absent, empty, an unknown or tampered value) is
 * `system`, so a bad cookie can neither break a page nor add a cache variant.
 *
 * @example parseTheme('dark') // 'dark'
 * @example parseTheme('purple') // 'system'
 */
export function parseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/**
 * The document's CSS `color-scheme` for a theme: `light dark` follows the visitor's
 * `prefers-color-scheme` (every colour of the palette is a `light-dark()` pair); `light` and
 * `dark` force one.
 */
export function colorSchemeOf(theme: Theme): 'light' | 'dark' | 'light dark' {
  return theme === 'system' ? 'light dark' : theme
}

const THEME_IN_COOKIE_HEADER = new RegExp(`(?:^|;)\\s*${THEME_COOKIE}=([^;]*)`)
const CANONICAL_THEME_COOKIE = new RegExp(`(?:^|; )${THEME_COOKIE}=(?:light|dark|system)(?:;|$)`)
const ANY_THEME_COOKIE = new RegExp(THEME_COOKIE, 'gi')

/** One `Cookie` header value (HTTP/2 may send several). */
const joined = (header: string | string[]) => (Array.isArray(header) ? header.join('; ') : header)

/**
 * The theme named by a request's `Cookie` header (server side; the first `trust_theme` wins, as
 * browsers send the most specific path first, and as nginx's `$cookie_trust_theme` reads it).
 *
 * @example themeOfCookieHeader('machineName=auroraedge; trust_theme=dark') // 'dark'
 */
export function themeOfCookieHeader(header: string | string[] | undefined): Theme {
  if (!header) return 'system'
  return parseTheme(THEME_IN_COOKIE_HEADER.exec(joined(header))?.[1])
}

/**
 * Whether a page asked for with this `Cookie` header may be kept by a shared cache keyed on the
 * cookie's value: there is no theme cookie, or exactly one, written as the switch writes it
 * (`trust_theme=light|dark|system` between `; ` separators). Anything else (another spelling of
 * the name, spaces, commas, two of them) could be read differently by a CDN's cookie parser than
 * by {@link themeOfCookieHeader}, and a page of one theme would be kept under another's key; such
 * a page goes out `private` (`server/http/static-site.ts`). Browsers send only the written form.
 */
export function themeCookieIsShareable(header: string | string[] | undefined): boolean {
  if (!header) return true
  const value = joined(header)
  const mentions = value.match(ANY_THEME_COOKIE)?.length ?? 0
  return mentions === 0 || (mentions === 1 && CANONICAL_THEME_COOKIE.test(value))
}

/**
 * The attributes a page's `<html>` carries for a forced theme, so its first paint is already in
 * that scheme: `data-theme` (the shell's CSS and its switch read it) and the `color-scheme` itself
 * as an inline style (native controls and the canvas follow it even before the stylesheet). The
 * default, `system`, adds nothing: the stylesheet's `:root { color-scheme: light dark }` is it,
 * so the page most visitors get is the unchanged `index.html`.
 *
 * @example htmlThemeAttributes('dark') // ' data-theme="dark" style="color-scheme:dark"'
 * @example htmlThemeAttributes('system') // ''
 */
export function htmlThemeAttributes(theme: Theme): string {
  return theme === 'system' ? '' : ` data-theme="${theme}" style="color-scheme:${colorSchemeOf(theme)}"`
}
