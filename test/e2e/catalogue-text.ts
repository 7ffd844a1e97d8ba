/**
 * What a translated page must not show (docs/languages-and-themes.md, "no English left"): every English message of
 * the catalogues whose translation in the locale differs, as a pattern matching a whole text node
 * (placeholders match anything). Built from the `messages.ts` groups and their `locales/*.json`,
 * as the unit test `i18n-catalogues` reads them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import type { Locale } from '../../contract/locale'
import { root } from './harness'

type Base = Record<string, string | { input: string | Record<string, string> }>

function messageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return messageFiles(path)
    return entry.name === 'messages.ts' ? [path] : []
  })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A message too general to look for: one whose words outside its placeholders are fewer than two
 * (`{a} and {b}`, `New {name}` would match names of places and records).
 */
function tooGeneric(text: string): boolean {
  const words = text.replace(/\{\w+\}/g, ' ').match(/\p{L}{3,}/gu) ?? []
  return text.includes('{') ? words.length < 2 : words.length < 1
}

/** A text as a whole-node pattern source: `{x}` matches anything. */
function pattern(text: string): string {
  return `^${text
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('.+')}$`
}

/**
 * The English messages a page in `locale` must not show: pattern sources (for `new RegExp`) of
 * each English text whose translation differs, longer than two characters. `dirs`: the folders
 * whose `messages.ts` groups count (`contract` adds the severities', statuses' and event types'
 * names, `core.terms`).
 */
export async function englishLeftovers(locale: Locale, dirs: readonly string[] = ['widgets', 'shell']): Promise<string[]> {
  const found = new Set<string>()
  // Every text of the locale: an English text that is also one of these is the locale's word too
  // (French "Incidents", German "Status").
  const local = new Set<string>()
  for (const file of dirs.flatMap((d) => messageFiles(join(root, d)))) {
    const path = join(dirname(file), 'locales', `${locale}.json`)
    const catalogue = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>>) : {}
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
    for (const group of Object.values(module)) {
      if (typeof group !== 'object' || group === null || !('base' in group) || !('name' in group)) continue
      const { name, base } = group as { name: string; base: Base }
      for (const [key, value] of Object.entries(base)) {
        const source = typeof value === 'string' ? value : value.input
        const translated = catalogue[name]?.[key]
        const english = typeof source === 'string' ? [source] : Object.values(source)
        for (const text of typeof translated === 'string' ? [translated] : Object.values((translated ?? {}) as Record<string, string>))
          local.add(text.trim())
        for (const text of english) if (!tooGeneric(text.trim())) found.add(text.trim())
      }
    }
  }
  return [...found].filter((text) => !local.has(text)).map(pattern)
}

/**
 * Visible texts of the page (text nodes and the `attributes` — `aria-label`s and placeholders unless
 * told — open shadow roots included) matching a pattern. Plain JavaScript source: the test runner's transpiler would add
 * helpers the page does not have to a function passed to `evaluate`.
 */
const LEFTOVERS_SCRIPT = `(sources, attributes) => {
  const regexps = sources.map((s) => new RegExp(s))
  const found = new Set()
  const check = (text) => {
    const t = (text || '').replace(/\\s+/g, ' ').trim()
    if (t && regexps.some((r) => r.test(t))) found.add(t)
  }
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement
        if (parent && parent.tagName !== 'SCRIPT' && parent.tagName !== 'STYLE' && parent.checkVisibility()) check(node.textContent)
        continue
      }
      if (node.shadowRoot) visit(node.shadowRoot)
      if (!node.checkVisibility()) continue
      for (const name of attributes) check(node.getAttribute(name))
    }
  }
  visit(document)
  return [...found]
}`

export function leftovers(
  page: Page,
  patterns: string[],
  attributes: readonly string[] = ['aria-label', 'placeholder'],
): Promise<string[]> {
  return page.evaluate(`(${LEFTOVERS_SCRIPT})(${JSON.stringify(patterns)}, ${JSON.stringify(attributes)})`) as Promise<string[]>
}
