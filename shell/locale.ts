/**
 * The site's language in the browser (docs/languages-and-themes.md): the page's locale, as the server chose it
 * (`?lang=`, the `trust_lang` cookie, `Accept-Language`; contract/locale.ts) and painted on
 * `<html lang dir>`; the signed-in user's saved language when neither the address nor the cookie
 * decides; and the visitor's choice in the language picker, remembered in the cookie and applied
 * without a reload.
 *
 * The site's catalogues are fingerprinted files the page lists (`#trust-catalogues`, written by
 * the build): `site` for the public pages, `console` for the admin console, loaded when it opens.
 */
import { atom } from 'nanostores'
import { DEFAULT_LOCALE, LANG_COOKIE, LANG_COOKIE_MAX_AGE_S, type Locale, textDirection, toLocale } from '../contract/locale'
import { readCookie, writeCookie } from '../widgets/core/cookies'
import { type Catalogue, loadLocale, setCatalogueLoader } from '../contract/i18n/index.js'

/** The id of the page's list of catalogue addresses (rollup.config.mjs `htmlShell`). */
export const CATALOGUES_ID = 'trust-catalogues'

type CatalogueUrls = Partial<Record<Locale, { site?: string; console?: string }>>

function catalogueUrls(): CatalogueUrls {
  try {
    return JSON.parse(document.getElementById(CATALOGUES_ID)?.textContent ?? '{}') as CatalogueUrls
  } catch {
    return {}
  }
}

async function fetchCatalogue(url: string | undefined, locale: Locale): Promise<Catalogue> {
  if (!url) throw new Error(`This build has no ${locale} catalogue.`)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${response.status} for ${url}`)
  return (await response.json()) as Catalogue
}

if (typeof document !== 'undefined') {
  setCatalogueLoader((locale) => fetchCatalogue(catalogueUrls()[locale]?.site, locale))
}

/**
 * Loads the console's texts of a locale (the admin console's chunk awaits it, so the console
 * opens in the page's language). A failure leaves the console in English and is logged.
 */
export async function loadConsoleCatalogue(locale: Locale = $locale.get()): Promise<void> {
  if (locale === DEFAULT_LOCALE) return
  const { addCatalogue } = await import('../contract/i18n/index.js')
  try {
    addCatalogue(locale, await fetchCatalogue(catalogueUrls()[locale]?.console, locale))
  } catch (error) {
    console.error(`The console's ${locale} texts could not be loaded; they show in English.`, error)
  }
}

/** The locale the page was painted in (`<html lang>`); English where there is no document. */
function paintedLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE
  return toLocale(document.documentElement.getAttribute('lang')) ?? DEFAULT_LOCALE
}

/** The page's locale (the server render sets it per request). */
export const $locale = atom<Locale>(paintedLocale())

/** Puts a locale on the document: `lang` and `dir` of `<html>`. */
export function applyLocale(locale: Locale, root: HTMLElement = document.documentElement): void {
  root.lang = locale
  root.dir = textDirection(locale)
}

/**
 * Shows the site in `locale`: loads its catalogue, then switches every text and the document's
 * `lang`/`dir` at once. `remember` (the picker) writes the cookie for a year and drops a `?lang=`
 * from the address, so the choice holds on the next page.
 */
export async function setLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  if (remember) {
    writeCookie(LANG_COOKIE, locale, LANG_COOKIE_MAX_AGE_S)
    const url = new URL(location.href)
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang')
      history.replaceState(history.state, '', url.pathname + url.search + url.hash)
    }
  }
  await loadLocale(locale)
  $locale.set(locale)
  applyLocale(locale)
}

/**
 * The signed-in user's saved language applies when neither the address (`?lang=`) nor the cookie
 * chose one (contract/locale.ts `chooseLocale`); called once the session's details are known.
 */
export function applyUserLocale(saved: string | null | undefined): void {
  const userLocale = toLocale(saved)
  if (!userLocale || userLocale === $locale.get()) return
  if (new URLSearchParams(location.search).has('lang') || toLocale(readCookie(LANG_COOKIE))) return
  void setLocale(userLocale)
}
