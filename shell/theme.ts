/**
 * The site's colour theme in the browser (docs/languages-and-themes.md): the visitor's choice of light, dark or
 * system, kept in the `trust_theme` cookie (`contract/theme.ts`) and shown on `<html>` as
 * `data-theme` and its `color-scheme`, which every `light-dark()` colour of the palette follows.
 *
 * The server paints the choice into the page before it is sent (`server/http/page-render.ts`), so
 * the first paint needs no script; this module takes the choice over from there, writes the
 * cookie when the visitor changes it, and applies it at once without a reload.
 */
import { atom } from 'nanostores'
import { PAGE_DATA_ID } from '../contract/constants'
import { colorSchemeOf, parseTheme, THEME_COOKIE, THEME_COOKIE_MAX_AGE_S, type Theme } from '../contract/theme'
import { readCookie, writeCookie } from '../widgets/core/cookies'

/**
 * What the page was painted with, which its rendered switch shows (so hydration matches): the
 * server's `data-theme` on `<html>`; no attribute on a server-rendered page is `system`; a page
 * the browser renders itself takes the cookie.
 */
function paintedTheme(): Theme {
  if (typeof document === 'undefined') return 'system'
  const painted = document.documentElement.getAttribute('data-theme')
  if (painted !== null || document.getElementById(PAGE_DATA_ID)) return parseTheme(painted)
  return parseTheme(readCookie(THEME_COOKIE))
}

/** The visitor's theme choice (the server render sets it per request). */
export const $theme = atom<Theme>(paintedTheme())

/** Puts `theme` on the document: `data-theme` and its `color-scheme`. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', theme)
  root.style.colorScheme = colorSchemeOf(theme)
}

/**
 * The visitor chooses a theme: applied at once, remembered for a year in the cookie (SameSite=Lax,
 * path `/`), so the next page the server sends is painted with it.
 */
export function chooseTheme(theme: Theme): void {
  writeCookie(THEME_COOKIE, theme, THEME_COOKIE_MAX_AGE_S)
  $theme.set(theme)
  applyTheme(theme)
}

/**
 * Once hydrated: the cookie is the choice. A page that came from a cache keyed without the
 * cookie (a misconfigured CDN) may have been painted with another theme; this puts it right.
 */
export function syncThemeWithCookie(): void {
  const theme = parseTheme(readCookie(THEME_COOKIE))
  if (theme !== $theme.get() || parseTheme(document.documentElement.getAttribute('data-theme')) !== theme) {
    $theme.set(theme)
    applyTheme(theme)
  }
}
