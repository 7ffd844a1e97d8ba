/**
 * Message catalogues (docs/languages-and-themes.md): every user-visible text of the shell, the widgets, the console
 * and the emails is a message of a {@link defineMessages} group, whose English (the spec's exact
 * texts) is written in the code and whose translations come from one catalogue per locale.
 *
 * The messages are `@nanostores/i18n`'s: `params` fills `{name}` placeholders (through the
 * library's `transform`, see {@link params}), its `count` picks a plural form by
 * `Intl.PluralRules` of the locale, and catalogues are its flat JSON. Its
 * `createI18n` store is not used: it keeps one locale per page, while two drop-ins on one page may
 * speak different languages (each follows its own `lang`), and it costs about 0.6 KB gzip in every
 * drop-in, which their budgets do not have (docs/languages-and-themes.md#locales). Here a group's messages in a locale
 * are composed once from the English and the locale's catalogue ({@link MessageGroup.in}), and a
 * locale renders only once its catalogue has arrived ({@link loadLocale}), so nothing changes under
 * a rendered text.
 *
 * Catalogues are plain JSON, `{ "<group>": { "<key>": "text" | { "one": …, "other": … } } }`.
 * Sources live beside each `messages.ts` in `locales/<code>.json`; the build merges them into one
 * catalogue per locale for the site (`site`), one for the console (`console`) and one per drop-in
 * holding only the groups it uses (rollup.config.mjs `bundleCatalogues`). English needs none.
 */
import { count as countOf, type params as paramsOf, strings, type Translations, transform } from '@nanostores/i18n'
import { DEFAULT_LOCALE, type Locale } from '../locale.js'

export type { Locale }

/** A `{name}` placeholder of a message. */
const PLACEHOLDER = /\{(\w+)\}/g

/**
 * Fills a message's placeholders in one pass: each `{name}` with `String(values[name])`, a
 * placeholder without a value left as it is. A value is put in as it is: never read as a
 * replacement pattern (`$&`, `$'`) and never filled in again when it holds a placeholder itself
 * (a data center named '{severity}').
 */
const fill = /* @__PURE__ */ transform((_locale, translation, values: Record<string, string | number>) =>
  strings(translation, (text) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole)),
  ),
)

/**
 * `params` of `@nanostores/i18n`, with the same signature and catalogue format, built on the
 * library's own `transform` and `strings`; it differs in how it fills the values ({@link fill}).
 * The library's builds a `RegExp` and runs a `replace` per value, in turn, so a value holding `$&`
 * or another placeholder came out changed ('A $& B' as 'A {name} B'), and the 500 bar names of
 * the bench's long cloud-status week took about 5 ms of its render in a CPU profile. Marked free
 * of side effects for the bundler: a group a script never reads leaves no `params('…')` call (and
 * its English) behind in that script.
 *
 * @example
 * const texts = defineMessages('example', { bar: params('{name}: {severity}') })
 * texts.in('en').get().bar({ name: 'A $& B', severity: 'Informational' }) // 'A $& B: Informational'
 */
/* @__NO_SIDE_EFFECTS__ */
function pureParams(input: never) {
  return fill(input)
}
export const params = pureParams as typeof paramsOf

/** `@nanostores/i18n`'s `count`, marked like {@link params}. */
/* @__NO_SIDE_EFFECTS__ */
function pureCount(input: never) {
  return countOf(input)
}
export const count = pureCount as typeof countOf

/** A catalogue: group name → message key → translation (a string, or plural forms). */
export type Catalogue = Record<string, Record<string, string | Record<string, string>>>

/** Loads the catalogue of a locale for the running bundle; rejects when it cannot. */
export type CatalogueLoader = (locale: Locale) => Promise<Catalogue>

/**
 * The catalogues arrived, per locale. Per bundle, not per page: two drop-in scripts on one page
 * each load their own catalogue, which holds their own groups only.
 */
const catalogues: Partial<Record<Locale, Catalogue>> = {}

let loader: CatalogueLoader = () => Promise.reject(new Error('no catalogue loader'))
const loads: Partial<Record<Locale, Promise<void>>> = {}
/** Bumped by every catalogue added: composed messages older than it are composed again. */
let version = 0

/** Sets how this bundle loads a catalogue (the shell: its fingerprinted file; a drop-in: the file beside its script). */
export function setCatalogueLoader(load: CatalogueLoader): void {
  loader = load
}

/** Adds translations for a locale (the server, which holds every catalogue, and the loaders). */
export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  const kept = catalogues[locale] ?? {}
  catalogues[locale] = kept
  for (const group in catalogue) kept[group] = { ...kept[group], ...catalogue[group] }
  version++
}

/** Whether a locale can render now: English always, another once its catalogue has arrived. */
export function isLocaleReady(locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || !!catalogues[locale]
}

/**
 * Loads a locale's catalogue once per page (English needs none). A failure is logged and
 * resolves all the same: the texts then show in English rather than not at all (and the next
 * call tries again).
 */
export function loadLocale(locale: Locale): Promise<void> {
  if (isLocaleReady(locale)) return Promise.resolve()
  let load = loads[locale]
  if (!load) {
    load = loader(locale).then(
      (catalogue) => addCatalogue(locale, catalogue),
      (error: unknown) => {
        delete loads[locale]
        console.error(`The ${locale} texts could not be loaded; they show in English.`, error)
      },
    )
    loads[locale] = load
  }
  return load
}

/** A `params()` / `count()` message as `@nanostores/i18n` makes it: its English and how it is applied. */
interface Transformed {
  input: unknown
  transform: (locale: string, translation: unknown, args: unknown[]) => unknown
}

/** A group's messages in one locale. */
export interface LocaleMessages<Body extends Translations> {
  /** The messages: strings, and functions for `params` and `count` messages. */
  get(): Body
}

/** A group of messages: its name (unique across the project), its English, and its messages per locale. */
export interface MessageGroup<Body extends Translations> {
  /** The group's name: the catalogues' top-level key. */
  readonly name: string
  /** The English messages, as written in the code. */
  readonly base: Body
  /**
   * The group's messages in a locale: each key's translation from the locale's catalogue, the
   * English where the catalogue has none (or has not arrived).
   */
  in(locale: Locale): LocaleMessages<Body>
}

/**
 * Declares a group of messages (at module level, once, in a `messages.ts`).
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
// No side effects: a bundle that never reads a group drops it (and its texts).
/* @__NO_SIDE_EFFECTS__ */
export function defineMessages<Body extends Translations>(name: string, base: Body): MessageGroup<Body> {
  /** Per locale: the catalogue version the messages were composed at, and the messages. */
  const made: Partial<Record<Locale, [number, Body]>> = {}
  return {
    name,
    base,
    in: (locale) => ({
      get() {
        let entry = made[locale]
        if (entry?.[0] !== version) {
          const own = catalogues[locale]?.[name] ?? {}
          const messages: Record<string, unknown> = {}
          for (const key in base) {
            const value = base[key] as unknown as Transformed | string
            const text = own[key] ?? (typeof value === 'object' ? value.input : value)
            messages[key] = typeof value === 'object' ? (...args: unknown[]) => value.transform(locale, text, args) : text
          }
          entry = [version, messages as Body]
          made[locale] = entry
        }
        return entry[1]
      },
    }),
  }
}
