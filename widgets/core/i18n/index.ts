/**
 * Message catalogues (issue 25): every user-visible text of the shell, the widgets, the console
 * and the emails is a message of a {@link defineMessages} group, whose English (the spec's exact
 * texts) is written in the code and whose translations come from one catalogue per locale.
 *
 * Built on `@nanostores/i18n` (its `params` for `{name}` placeholders and `count` for plurals by
 * `Intl.PluralRules`). Unlike the library's usual single page-wide locale, every locale has its own
 * instance here, because two drop-ins on one page may speak different languages (each follows its
 * own `lang` attribute). A group's messages for a locale are an atom, {@link MessageGroup.in}.
 *
 * Catalogues are plain JSON, `{ "<group>": { "<key>": "text" | { "one": …, "other": … } } }`.
 * Sources live beside each `messages.ts` in `locales/<code>.json`; the build merges them into one
 * catalogue per locale for the site (`site`), one for the console (`console`) and one per drop-in
 * holding only the groups it uses (rollup.config.mjs `catalogues`). English needs none.
 */
import { type Components, createI18n, type I18n, type Messages, type Translations } from '@nanostores/i18n'
import { atom } from 'nanostores'
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale'
import { shared } from '../shared'

export { count, params } from '@nanostores/i18n'
export type { Locale }

/** A catalogue: group name → message key → translation (a string, or plural forms). */
export type Catalogue = Record<string, Record<string, string | Record<string, string>>>

/** Loads the catalogue of a locale for the running bundle; rejects when it cannot. */
export type CatalogueLoader = (locale: Locale) => Promise<Catalogue>

/** The catalogues loaded so far on this page, per locale (shared by every bundle of the page). */
const catalogues = shared('catalogues', () => ({}) as Partial<Record<Locale, Catalogue>>)
/** The locales whose catalogue has arrived on this page. */
const arrived = shared('cataloguesArrived', () => new Set<Locale>())

let loader: CatalogueLoader = () => Promise.reject(new Error('No catalogue loader is set.'))
const loads = new Map<Locale, Promise<void>>()
const instances = new Map<Locale, I18n<Locale>>()

/** Sets how this bundle loads a catalogue (the shell: its fingerprinted file; a drop-in: the file beside its script). */
export function setCatalogueLoader(load: CatalogueLoader): void {
  loader = load
}

/**
 * Adds translations for a locale (the server's renderer, which holds every catalogue, and the
 * loaders). Groups already turned into messages keep theirs: add a catalogue before rendering.
 */
export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  const kept = catalogues[locale] ?? {}
  catalogues[locale] = kept
  for (const [group, messages] of Object.entries(catalogue)) kept[group] = { ...kept[group], ...messages }
  arrived.add(locale)
}

/** Whether a locale can render now: English always, another once its catalogue has arrived. */
export function isLocaleReady(locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || arrived.has(locale)
}

/**
 * Loads a locale's catalogue once per page (English needs none). A failure is logged and
 * resolves all the same: the texts then show in English rather than not at all.
 */
export function loadLocale(locale: Locale): Promise<void> {
  if (isLocaleReady(locale)) return Promise.resolve()
  let load = loads.get(locale)
  if (!load) {
    load = loader(locale).then(
      (catalogue) => addCatalogue(locale, catalogue),
      (error: unknown) => {
        loads.delete(locale)
        console.error(`The ${locale} texts could not be loaded; they show in English.`, error)
      },
    )
    loads.set(locale, load)
  }
  return load
}

function instance(locale: Locale): I18n<Locale> {
  let i18n = instances.get(locale)
  if (!i18n) {
    const cache = (catalogues[locale] ??= locale === DEFAULT_LOCALE ? undefined : {})
    i18n = createI18n(atom(locale), {
      baseLocale: DEFAULT_LOCALE,
      ...(cache && { cache: { [locale]: cache } as unknown as Record<Locale, Components> }),
      // A group missing from the loaded catalogue: fetch the catalogue (again) for it; a failure
      // leaves the group in English (never an unhandled rejection, which would end a server).
      get: (code) =>
        loader(code).then(
          (c): Catalogue => (addCatalogue(code, c), c),
          (): Catalogue => ({}),
        ),
    })
    instances.set(locale, i18n)
  }
  return i18n
}

/** A group of messages: its name (unique across the project), its English, and its messages per locale. */
export interface MessageGroup<Body extends Translations> {
  /** The group's name: the catalogues' top-level key. */
  readonly name: string
  /** The English messages, as written in the code. */
  readonly base: Body
  /**
   * The group's messages in a locale: an atom whose value has the shape of `base` (strings, and
   * functions for `params` and `count` messages). Created once per locale.
   */
  in(locale: Locale): Messages<Body>
}

/**
 * Declares a group of messages (at module level, once).
 *
 * @param name unique name, e.g. `'records'`; the catalogues' key
 * @param base the English texts, wrapped in `params()` / `count()` where they take values
 * @example
 * export const messages = defineMessages('records', {
 *   empty: 'No records found.',
 *   shown: count({ one: '{count} record', other: '{count} records' }),
 *   updated: params('Updated {time}'),
 * })
 * messages.in('de').get().shown(3) // '3 Einträge'
 */
export function defineMessages<Body extends Translations>(name: string, base: Body): MessageGroup<Body> {
  const atoms = new Map<Locale, Messages<Body>>()
  return {
    name,
    base,
    in(locale) {
      let messages = atoms.get(locale)
      if (!messages) {
        messages = instance(locale)(name, base)
        atoms.set(locale, messages)
      }
      return messages
    },
  }
}
