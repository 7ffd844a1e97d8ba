/**
 * The site's languages (docs/languages-and-themes.md, "locales"): the locale codes, their names, their writing
 * direction, the cookie that remembers a visitor's choice and the order a page's language is
 * chosen in. Both sides use it: the server picks the language of a rendered page and of an email,
 * the shell's picker writes the cookie, a drop-in reads its `lang` attribute. Plain values and
 * functions, no schema.
 */

/** The locales, English first (the default: the spec's texts are its messages). */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const

/** A locale code (a BCP 47 primary language subtag). */
export type Locale = (typeof LOCALES)[number]

/** The default locale, and the language of the spec's texts. */
export const DEFAULT_LOCALE: Locale = 'en'

/** The language cookie (a functional preference, like the theme's). */
export const LANG_COOKIE = 'trust_lang'

/** Lifetime of {@link LANG_COOKIE}: one year, seconds. */
export const LANG_COOKIE_MAX_AGE_S = 31_536_000

/** Each locale's own name for itself, as a language picker lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  ar: 'العربية',
}

/**
 * The locale a language tag names (`de`, `de-AT`, `DE_de` all give `de`), `undefined` for an
 * absent, malformed or unsupported one.
 *
 * @example toLocale('fr-CA') // 'fr'
 * @example toLocale('pt-BR') // undefined
 */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined
  const primary = /^\s*([a-z]{2,3})(?:[-_][a-z0-9-_]*)?\s*$/i.exec(tag)?.[1]?.toLowerCase()
  return (LOCALES as readonly string[]).includes(primary ?? '') ? (primary as Locale) : undefined
}

/** The writing direction of a locale: `rtl` for Arabic, `ltr` for the others. */
export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The first supported locale an `Accept-Language` header lists, skipping refused ones (`q=0`);
 * `undefined` when it names none of {@link LOCALES}. The order of the list decides, not the
 * q-values: browsers list languages in the visitor's order of preference, and a shared cache can
 * then key a page on the same choice with one pattern (examples/cdn/nginx.conf).
 *
 * @example fromAcceptLanguage('pt-BR, de;q=0.8, en;q=0.5') // 'de'
 */
export function fromAcceptLanguage(header: string | string[] | null | undefined): Locale | undefined {
  if (!header) return undefined
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',').slice(0, 32)) {
    const [tag = '', ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean)
    const locale = toLocale(tag)
    if (locale && (q === undefined || Number(q) > 0)) return locale
  }
  return undefined
}

const LANG_IN_COOKIE_HEADER = new RegExp(`(?:^|;)\\s*${LANG_COOKIE}=([^;]*)`)

/** The locale named by a request's `Cookie` header's {@link LANG_COOKIE}; `undefined` when none or unsupported. */
export function localeOfCookieHeader(header: string | string[] | undefined): Locale | undefined {
  if (!header) return undefined
  return toLocale(LANG_IN_COOKIE_HEADER.exec(Array.isArray(header) ? header.join('; ') : header)?.[1])
}

/** Where a request's locale may come from, in the order {@link chooseLocale} consults them. */
export interface LocaleSources {
  /** The address's `?lang=` value. */
  query?: string | null
  /** The {@link LANG_COOKIE} value. */
  cookie?: string | null
  /** The signed-in user's saved language (settings page). */
  user?: string | null
  /** The request's `Accept-Language` header. */
  acceptLanguage?: string | string[] | null
}

/**
 * A page's locale (docs/languages-and-themes.md "choice"): the URL's `?lang=`, then the cookie, then the signed-in
 * user's setting, then `Accept-Language`, then English. Unsupported values are skipped.
 *
 * @example chooseLocale({ query: 'xx', cookie: 'ja', acceptLanguage: 'de' }) // 'ja'
 */
export function chooseLocale(sources: LocaleSources): Locale {
  return (
    toLocale(sources.query) ??
    toLocale(sources.cookie) ??
    toLocale(sources.user) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  )
}

/**
 * The attributes of a page's `<html>` for a locale.
 *
 * @example htmlLangAttributes('ar') // 'lang="ar" dir="rtl"'
 */
export function htmlLangAttributes(locale: Locale): string {
  return `lang="${locale}" dir="${textDirection(locale)}"`
}
