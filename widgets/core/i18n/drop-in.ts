/**
 * The language of a drop-in element (docs/languages-and-themes.md): its own `lang` attribute, else the nearest
 * ancestor's, else the host page's `<html lang>`, else English; and where a drop-in script finds
 * the catalogue of a locale: `i18n/{script}.{locale}.json` beside the running script (built per
 * drop-in with only the groups it uses, so a translated drop-in adds at most its catalogue's bytes).
 * Module builds (the npm package) have no script to load beside: a host adds the kit's catalogue
 * with `addCatalogue` (docs/embedding.md#embedding-a-widget).
 */
import { DEFAULT_LOCALE, type Locale, toLocale } from '../../../contract/locale'
import { here } from '../companion'
import { type Catalogue, setCatalogueLoader } from '../../../contract/i18n/index.js'

/** The locale an element renders in (see the module comment). */
export function elementLocale(element: Element): Locale {
  return (
    toLocale(element.closest('[lang]')?.getAttribute('lang')) ??
    toLocale(element.ownerDocument.documentElement.getAttribute('lang')) ??
    DEFAULT_LOCALE
  )
}

if (here) {
  const script = new URL(here).pathname.split('/').pop()?.replace(/\.js$/, '') ?? 'kit'
  setCatalogueLoader(async (locale) => {
    const response = await fetch(new URL(`i18n/${script}.${locale}.json`, here), { credentials: 'omit' })
    if (!response.ok) throw new Error(`${response.status} for the ${locale} catalogue`)
    return (await response.json()) as Catalogue
  })
}
