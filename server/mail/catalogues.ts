/**
 * The server's message catalogues: the translations of the message groups the server shows (the
 * account and notification emails, `./messages.ts`; the third-party mail,
 * `../upstream/messages.ts`; the single sign-on pages, `../accounts/messages.ts`) and of the shared names of statuses and severities
 * (`contract/messages.ts`). Each group keeps its translations beside its `messages.ts` in
 * `locales/<code>.json`; they are imported here as JSON modules, so they travel with the server's
 * modules wherever those are compiled to, and added (`addCatalogue`) when this module loads, before
 * the first text is made. {@link mailTexts} is the one way the server reads a group. The site's
 * pages bring their own catalogues (`server/http/page-render.ts`); docs/languages-and-themes.md.
 */
import type { Translations } from '@nanostores/i18n'
import { addCatalogue, type Catalogue, type MessageGroup } from '../../contract/i18n/index.js'
import { type Locale, textDirection } from '../../contract/locale.js'
import accountsAr from '../accounts/locales/ar.json' with { type: 'json' }
import accountsDe from '../accounts/locales/de.json' with { type: 'json' }
import accountsEs from '../accounts/locales/es.json' with { type: 'json' }
import accountsFr from '../accounts/locales/fr.json' with { type: 'json' }
import accountsJa from '../accounts/locales/ja.json' with { type: 'json' }
import termsAr from '../../contract/locales/ar.json' with { type: 'json' }
import termsDe from '../../contract/locales/de.json' with { type: 'json' }
import termsEs from '../../contract/locales/es.json' with { type: 'json' }
import termsFr from '../../contract/locales/fr.json' with { type: 'json' }
import termsJa from '../../contract/locales/ja.json' with { type: 'json' }
import thirdPartyAr from '../upstream/locales/ar.json' with { type: 'json' }
import thirdPartyDe from '../upstream/locales/de.json' with { type: 'json' }
import thirdPartyEs from '../upstream/locales/es.json' with { type: 'json' }
import thirdPartyFr from '../upstream/locales/fr.json' with { type: 'json' }
import thirdPartyJa from '../upstream/locales/ja.json' with { type: 'json' }
import mailAr from './locales/ar.json' with { type: 'json' }
import mailDe from './locales/de.json' with { type: 'json' }
import mailEs from './locales/es.json' with { type: 'json' }
import mailFr from './locales/fr.json' with { type: 'json' }
import mailJa from './locales/ja.json' with { type: 'json' }

/** Every catalogue file the server shows texts from, per translated locale (English is in the code). */
const SERVER_CATALOGUES: Readonly<Record<Exclude<Locale, 'en'>, readonly Catalogue[]>> = {
  ar: [termsAr, thirdPartyAr, mailAr, accountsAr],
  de: [termsDe, thirdPartyDe, mailDe, accountsDe],
  es: [termsEs, thirdPartyEs, mailEs, accountsEs],
  fr: [termsFr, thirdPartyFr, mailFr, accountsFr],
  ja: [termsJa, thirdPartyJa, mailJa, accountsJa],
}

for (const [locale, catalogues] of Object.entries(SERVER_CATALOGUES) as [Locale, readonly Catalogue[]][]) {
  for (const catalogue of catalogues) addCatalogue(locale, catalogue)
}

/**
 * A server message group's texts in `locale` (English for `'en'`).
 *
 * @example mailTexts(verificationMailMessages, 'de').subject // 'Bestätigen Sie Ihre E-Mail-Adresse'
 */
export function mailTexts<Body extends Translations>(group: MessageGroup<Body>, locale: Locale): Body {
  return group.in(locale).get()
}

/** A mail's HTML body, wrapped in `<div dir="rtl">` for a right-to-left locale (Arabic); unchanged otherwise. */
export function rtlWrapped(html: string, locale: Locale): string {
  return textDirection(locale) === 'rtl' ? `<div dir="rtl">\n${html}\n</div>` : html
}
