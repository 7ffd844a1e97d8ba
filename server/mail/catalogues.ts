/**
 * The server's own message catalogues (issue 25): the translations of the message groups defined
 * under `server/` (the emails, `./messages.ts`). Each folder of the server that has a `messages.ts`
 * keeps its translations beside it in `locales/<code>.json`; {@link loadServerCatalogues} reads
 * them all once and adds them (`addCatalogue`) before the first text is made, and
 * {@link mailTexts} — the one way the server reads a group — makes sure it has run. The site's
 * pages bring their own catalogues (`server/http/page-render.ts`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Translations } from '@nanostores/i18n'
import { DEFAULT_LOCALE, LOCALES, type Locale, textDirection } from '../../contract/locale.js'
import { addCatalogue, type Catalogue, type MessageGroup } from '../../widgets/core/i18n/index.js'

/** The server's source folder (`server/`). */
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

let loaded = false

/** The folders under `dir` that hold a `messages.ts` and a `locales/` folder. */
function messageFolders(dir: string): string[] {
  const found: string[] = []
  const entries = readdirSync(dir, { withFileTypes: true })
  if (entries.some((e) => e.isFile() && e.name === 'messages.ts') && existsSync(join(dir, 'locales'))) found.push(dir)
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'locales' && !entry.name.startsWith('.')) {
      found.push(...messageFolders(join(dir, entry.name)))
    }
  }
  return found
}

/**
 * Reads every `locales/<code>.json` of the server's message folders and adds it to the catalogues;
 * runs once per process (later calls return at once). Synchronous, so a caller can rely on it
 * having finished. A locale without a file for a folder keeps that folder's texts in English.
 *
 * @throws SyntaxError for a catalogue file that is not JSON (a broken build, found at start-up)
 */
export function loadServerCatalogues(): void {
  if (loaded) return
  loaded = true
  // The server's own groups, and the shared names of statuses and severities (widgets/core/terms.ts).
  for (const folder of [...messageFolders(SERVER_DIR), join(SERVER_DIR, '../widgets/core')]) {
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue
      const file = join(folder, 'locales', `${locale}.json`)
      if (existsSync(file)) addCatalogue(locale, JSON.parse(readFileSync(file, 'utf8')) as Catalogue)
    }
  }
}

/**
 * A server message group's texts in `locale` (English for `'en'`), the catalogues loaded first.
 *
 * @example mailTexts(verificationMailMessages, 'de').subject // 'Bestätigen Sie Ihre E-Mail-Adresse'
 */
export function mailTexts<Body extends Translations>(group: MessageGroup<Body>, locale: Locale): Body {
  loadServerCatalogues()
  return group.in(locale).get()
}

/** A mail's HTML body, wrapped in `<div dir="rtl">` for a right-to-left locale (Arabic); unchanged otherwise. */
export function rtlWrapped(html: string, locale: Locale): string {
  return textDirection(locale) === 'rtl' ? `<div dir="rtl">\n${html}\n</div>` : html
}

// Loaded when the mail code is imported (the server's start), not at the first mail.
loadServerCatalogues()
