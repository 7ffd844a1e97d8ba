/**
 * Pure logic of `<trust-faq>` (docs/requirements/screens.md#faq, docs/requirements/validation.md#faq-search, docs/requirements/constants.md): reading the FAQ markup
 * (contract "FAQ and Compliance") into sections and questions, search matching, highlight
 * ranges, and the open state a search or a deep link produces.
 */
import type { Locale } from '../../contract/locale'
import { faqMessages } from './messages'

/** Minimum trimmed length of a search term (docs/requirements/validation.md, docs/requirements/constants.md). */
export const SEARCH_MIN_LENGTH = 3

/** Delay before a deep link (`#id`) opens its section or question, in ms (docs/requirements/constants.md). */
export const HASH_OPEN_DELAY_MS = 1000

/** One question of the FAQ. */
export interface FaqQuestion {
  /** Deep-link anchor (`<details id>`), unique in the page. */
  id: string
  /** The `<summary>` text ('' when it has none: the view then says 'Question' in its locale). */
  question: string
  /** The answer's HTML (the `<details>` content without its summary); sanitised on display. */
  answerHtml: string
  /** The answer's text nodes in document order: what search matches and highlights. */
  answerTexts: string[]
}

/** One section of the FAQ. */
export interface FaqSection {
  /** Deep-link anchor (`<section id>`), unique in the page. */
  id: string
  /** The `<h2>` text ('' for questions outside any section). */
  title: string
  questions: FaqQuestion[]
}

/** What the two open-state sets hold: section ids and question ids. */
export interface OpenState {
  sections: ReadonlySet<string>
  questions: ReadonlySet<string>
}

/** A plain anchor name: what ids in the FAQ must look like. */
const PLAIN_ID = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/

/** A URL-safe anchor from text: `How to Manage Your Subscription?` → `how-to-manage-your-subscription`. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return /^[a-z]/.test(slug) ? slug : `q-${slug || 'item'}`
}

/** The search term that counts: trimmed, or '' when shorter than {@link SEARCH_MIN_LENGTH}. */
export function effectiveTerm(raw: string): string {
  const term = raw.trim()
  return term.length >= SEARCH_MIN_LENGTH ? term : ''
}

/**
 * Non-overlapping `[start, end)` ranges of `term` in `text`, case-insensitive, left to right.
 * An empty term has no ranges.
 *
 * @example matchRanges('Subscribe to subscriptions', 'sub') // [[0, 3], [13, 16]]
 */
export function matchRanges(text: string, term: string): Array<[number, number]> {
  if (!term) return []
  const hay = text.toLowerCase()
  const needle = term.toLowerCase()
  // Lower-casing may change lengths for a few characters (e.g. 'İ'); then fall back to no ranges
  // rather than highlighting the wrong letters.
  if (hay.length !== text.length) return []
  const ranges: Array<[number, number]> = []
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length])
  return ranges
}

/** `text` split into runs that match `term` and runs that do not (for `<mark>`). */
export function splitMatches(text: string, term: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = []
  let last = 0
  for (const [start, end] of matchRanges(text, term)) {
    if (start > last) parts.push({ text: text.slice(last, start), match: false })
    parts.push({ text: text.slice(start, end), match: true })
    last = end
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), match: false })
  return parts
}

/** How many matches of `term` a list of texts holds. */
function count(texts: readonly string[], term: string): number {
  return texts.reduce((n, t) => n + matchRanges(t, term).length, 0)
}

/** The result of {@link searchFaq}. */
export interface FaqSearch {
  /** The effective term ('' below 3 characters). */
  term: string
  /** Highlights shown: in section titles, questions and answers. */
  count: number
  /** What the search opens: sections with a match anywhere, questions with a match in question or answer. */
  open: OpenState
}

/**
 * Searches the FAQ (docs/requirements/validation.md): below {@link SEARCH_MIN_LENGTH} trimmed characters nothing matches
 * and nothing is opened; otherwise the sections and questions containing the term open, all
 * others close.
 */
export function searchFaq(sections: readonly FaqSection[], raw: string): FaqSearch {
  const term = effectiveTerm(raw)
  const open = { sections: new Set<string>(), questions: new Set<string>() }
  let total = 0
  if (!term) return { term, count: 0, open }
  for (const section of sections) {
    let inSection = count([section.title], term)
    for (const q of section.questions) {
      const n = count([q.question, ...q.answerTexts], term)
      if (n) open.questions.add(q.id)
      inSection += n
    }
    if (inSection) open.sections.add(section.id)
    total += inSection
  }
  return { term, count: total, open }
}

/** The live-region sentence for a search in `locale`: '' below 3 characters, 'No matches', '1 match', 'N matches'. */
export function matchSummary(search: Pick<FaqSearch, 'term' | 'count'>, locale: Locale = 'en'): string {
  const t = faqMessages.in(locale).get()
  return !search.term ? '' : search.count === 0 ? t.none : t.matches(search.count)
}

/** Everything open (the expand-all button). */
export function allOpen(sections: readonly FaqSection[]): OpenState {
  return {
    sections: new Set(sections.map((s) => s.id)),
    questions: new Set(sections.flatMap((s) => s.questions.map((q) => q.id))),
  }
}

/** True when every section and every question is open. */
export function isAllOpen(sections: readonly FaqSection[], open: OpenState): boolean {
  return sections.every((s) => open.sections.has(s.id) && s.questions.every((q) => open.questions.has(q.id)))
}

/** The id a location hash names (`#how-to…` → `how-to…`), '' when none or not decodable. */
export function hashId(hash: string): string {
  const raw = hash.replace(/^#/, '')
  try {
    return decodeURIComponent(raw)
  } catch {
    return ''
  }
}

/**
 * Opens what a deep link names (docs/requirements/screens.md#faq: "deep links by hash that open the section"): a
 * section id opens that section; a question id opens the question and its section.
 *
 * @returns the new open state, or `undefined` when the id names nothing in the FAQ
 */
export function openAnchor(sections: readonly FaqSection[], open: OpenState, id: string): OpenState | undefined {
  for (const s of sections) {
    const q = s.questions.find((q) => q.id === id)
    if (s.id === id || q) {
      return {
        sections: new Set([...open.sections, s.id]),
        questions: q ? new Set([...open.questions, q.id]) : open.questions,
      }
    }
  }
  return undefined
}

/** The text nodes of a node, in document order. */
function textsOf(node: Node): string[] {
  const out: string[] = []
  const walk = (n: Node) => {
    if (n.nodeType === 3) {
      if (n.nodeValue) out.push(n.nodeValue)
    } else if (n.nodeType === 1) {
      const tag = (n as Element).localName
      // What the sanitiser drops is never shown, so it is never searched.
      if (tag === 'script' || tag === 'style' || tag === 'template') return
      n.childNodes.forEach(walk)
    }
  }
  walk(node)
  return out
}

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/**
 * Reads the FAQ body (contract "FAQ and Compliance") into sections and questions, in an inert
 * `DOMParser` document (nothing runs, nothing loads). Missing or unsafe ids become slugs of the
 * text; duplicates get `-2`, `-3`…. Questions outside any `<section>` form an untitled first section.
 *
 * @returns the sections, or `[]` when the body has no `<details>` questions (the widget then shows
 *   the body as sanitised HTML)
 */
export function parseFaq(html: string): FaqSection[] {
  if (!html || typeof DOMParser === 'undefined') return []
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const used = new Set<string>()
  const unique = (wanted: string | null, text: string): string => {
    let id = wanted && PLAIN_ID.test(wanted) ? wanted : slugify(text)
    for (let n = 2; used.has(id); n++) id = `${wanted && PLAIN_ID.test(wanted) ? wanted : slugify(text)}-${n}`
    used.add(id)
    return id
  }
  const question = (details: Element): FaqQuestion => {
    const summary = details.querySelector(':scope > summary')
    const text = squash(summary?.textContent)
    const body = details.cloneNode(true) as Element
    body.querySelector(':scope > summary')?.remove()
    return {
      id: unique(details.getAttribute('id'), text || 'Question'),
      question: text,
      answerHtml: body.innerHTML.trim(),
      answerTexts: textsOf(body),
    }
  }
  const sections: FaqSection[] = []
  const loose: Element[] = []
  for (const details of Array.from(doc.body.querySelectorAll('details'))) {
    if (details.parentElement?.closest('details')) continue // nested disclosures stay inside their answer
    if (!details.closest('section')) loose.push(details)
  }
  if (loose.length) sections.push({ id: unique('faq-questions', 'faq-questions'), title: '', questions: loose.map(question) })
  for (const section of Array.from(doc.body.querySelectorAll('section'))) {
    const items = Array.from(section.querySelectorAll('details')).filter(
      (d) => d.closest('section') === section && !d.parentElement?.closest('details'),
    )
    if (!items.length) continue
    const title = squash(section.querySelector('h2, h3')?.textContent)
    sections.push({ id: unique(section.getAttribute('id'), title || 'section'), title, questions: items.map(question) })
  }
  return sections
}
