/**
 * The language of a page navigation (docs/languages-and-themes.md, contract/locale.ts `chooseLocale`): the address's
 * `?lang=`, then the `trust_lang` cookie, then `Accept-Language`, then English. The signed-in
 * user's saved language comes next after the cookie, in the browser (`shell/locale.ts`), because
 * pages are rendered and cached for every visitor alike.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { chooseLocale, LANG_COOKIE, type Locale, localeOfCookieHeader } from '../../contract/locale.js'

/**
 * The locale a page request is rendered in.
 *
 * @param headers the request's headers (`cookie`, `accept-language`)
 * @param url the request's path and query
 */
export function requestLocale(headers: IncomingHttpHeaders, url: string): Locale {
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#')[0] : ''
  return chooseLocale({
    query: search ? new URLSearchParams(search).get('lang')?.slice(0, 16) : undefined,
    cookie: localeOfCookieHeader(headers.cookie),
    acceptLanguage: headers['accept-language'],
  })
}

const CANONICAL_LANG_COOKIE = new RegExp(`(?:^|; )${LANG_COOKIE}=(?:en|de|fr|es|ja|ar)(?:;|$)`)
const ANY_LANG_COOKIE = new RegExp(LANG_COOKIE, 'gi')

/**
 * Whether a page asked for with this `Cookie` header may be kept by a shared cache keyed on its
 * language: no language cookie, or exactly one written as the picker writes it. Otherwise a CDN's
 * cookie parser could read it differently from this server (see `contract/theme.ts`'s twin rule).
 */
export function langCookieIsShareable(header: string | string[] | undefined): boolean {
  if (!header) return true
  const value = Array.isArray(header) ? header.join('; ') : header
  const mentions = value.match(ANY_LANG_COOKIE)?.length ?? 0
  return mentions === 0 || (mentions === 1 && CANONICAL_LANG_COOKIE.test(value))
}
