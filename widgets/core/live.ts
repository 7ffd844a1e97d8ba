import type { Locale } from '../../contract/locale'
import { liveMessages } from './messages'
import { atom, type ReadableAtom } from 'nanostores'
import { pageStorage, readAnswer, storeAnswer } from './answer-store'
import type { NetHook } from './request'
import { shared } from './shared'
import { whenIdle } from './idle'
import { httpDate, parseFreshness, staleSince } from './staleness'
import { formatClock } from '../../contract/time.js'

/**
 * Degraded mode the visitor can see (docs/operating/cdn.md): which shown answers are stale copies, and the
 * last public answers kept for when the API cannot be reached.
 *
 * Only the shell, `<trust-cloud-status>` (its define.ts) and the kit import this module. The API
 * client (`request.ts`, in every drop-in) carries nothing of it but one lookup: it calls the
 * `fetch` of the page-wide {@link NetHook} when one is set, and {@link installLiveFetch} sets it
 * to {@link createLiveFetch}'s wrapper. Because the hook lives on the page's shared bag, the
 * calls of every other drop-in script on the page go through the wrapper too (the shell's home
 * page loads the speedometer drop-in; its answer is judged and kept like the shell's own), as far
 * as the install's scope reaches.
 *
 * For every GET in scope the wrapper:
 * - judges a 200 answer with the staleness rule (`staleness.ts`: stale when
 *   `Date − Last-Modified > 2·(s-maxage + stale-while-revalidate) + 10 s`, or `Age >
 *   s-maxage + stale-while-revalidate + 10 s`) and records it in {@link $staleAnswers} (a fresh
 *   answer clears its URL);
 * - keeps the answer in `localStorage` (`answer-store.ts`) when its `Cache-Control` says
 *   `public` and neither `private` nor `no-store` (signed-in and per-viewer answers are never
 *   kept), and never when the request carried a console token (`Authorization`), usable until its `Last-Modified` + `stale-if-error` (a day), written once the page is
 *   idle (within {@link KEEP_WITHIN_MS}) so the answer's render does not wait for it;
 * - on a network error or a 5xx answer returns the kept copy of the same URL instead, as a 200
 *   answer, and records it as stale with its generation time; without a copy the error stands.
 *
 * Aborts, other methods and URLs out of scope pass through untouched.
 */

// On the page's shared bag: the shell (or the first drop-in) records, every notice reads.
const $stale = shared('staleAnswers', () => atom<Readonly<Record<string, number>>>({}))
/** The stale answers the page shows: absolute URL → when that answer was generated, epoch ms. */
export const $staleAnswers: ReadableAtom<Readonly<Record<string, number>>> = $stale

/** How long a kept answer without `stale-if-error` may stand in for the live one, s (the origin sends one day). */
export const DEFAULT_KEEP_S = 86_400

/**
 * The degraded-mode notice: `Live updates are unavailable; showing status as of 14:03 (UTC)`.
 *
 * @param generated when the shown data was generated, epoch ms
 * @param timeZone IANA zone the site shows times in (the zone's short name follows the time, as
 *   in every timestamp of the kit) @default 'UTC'
 * @param locale the language of the notice (docs/languages-and-themes.md) @default 'en'
 */
export function liveNoticeText(generated: number, timeZone = 'UTC', locale: Locale = 'en'): string {
  return liveMessages
    .in(locale)
    .get()
    .liveNotice({ time: formatClock(generated, timeZone, locale) })
}

/**
 * The instant the notice names: the oldest generation time among the stale answers, or
 * `undefined` when none is stale (no notice).
 *
 * @param stale {@link $staleAnswers}' value
 * @param urls only these answers count (a widget's own URLs); all when absent
 */
export function staleAsOf(stale: Readonly<Record<string, number>>, urls?: readonly string[]): number | undefined {
  const times = (urls ?? Object.keys(stale)).map((url) => stale[url]).filter((t): t is number => t !== undefined)
  return times.length ? Math.min(...times) : undefined
}

/** Records the answer of `url` as stale since `generated` (epoch ms), or as fresh (`undefined`). */
function mark(url: string, generated: number | undefined): void {
  const current = $stale.get()
  if (current[url] === generated) return
  const next = { ...current }
  if (generated === undefined) delete next[url]
  else next[url] = generated
  $stale.set(next)
}

/**
 * Forgets stale answers (the shell calls it on navigation: the next page judges its own).
 *
 * @param keep answers to leave, by URL (the shell keeps `/api/global`, loaded once per visit)
 */
export function clearStaleAnswers(keep: (url: string) => boolean = () => false): void {
  for (const url of Object.keys($staleAnswers.get())) if (!keep(url)) mark(url, undefined)
}

/** How long a kept copy may wait for the page to be idle before it is written anyway, ms. */
export const KEEP_WITHIN_MS = 2000

/** Options of {@link createLiveFetch}. */
export interface LiveFetchOptions {
  /** The fetch to wrap. @default the platform's `fetch`, looked up at each call */
  fetch?: typeof fetch
  /** Where answers are kept. @default `localStorage` when the page may use it */
  storage?: Storage
  /** The client's clock, epoch ms. @default Date.now */
  now?: () => number
  /** Which URLs the wrapper handles (absolute URLs); others pass through. @default every URL */
  inScope?: (url: string) => boolean
}

/**
 * A `fetch` that detects stale answers and falls back to the kept copy (see the module's
 * comment). Its promise rejects only when the wrapped fetch does and no copy stands in (the
 * original error), or on an abort.
 *
 * @example
 * const liveFetch = createLiveFetch({ inScope: (url) => new URL(url).pathname === '/api/global' })
 */
export function createLiveFetch(options: LiveFetchOptions = {}): typeof fetch {
  const platform: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const storage = 'storage' in options ? options.storage : pageStorage()
  const now = options.now ?? Date.now
  const inScope = options.inScope ?? (() => true)

  /** The kept copy of `url` as a 200 answer, marked stale; `undefined` without one. */
  const keptCopy = (url: string): Response | undefined => {
    const copy = readAnswer(storage, url, now())
    if (!copy) return undefined
    mark(url, copy.generated)
    return new Response(copy.body, { status: 200, headers: { 'content-type': 'application/json' } })
  }

  // The copy is written when the page is next idle, not before the answer is handed over: reading
  // the body a second time, checking it and writing it (a week of 150 data centers is ~215 000
  // characters, and the store first reads the copies it already holds) would delay the render
  // the visitor waits for.
  const keep = (url: string, response: Response): void => {
    const cc = parseFreshness(response.headers.get('cache-control'))
    if (!cc.public || cc.personal || !storage) return
    const headers = response.headers
    const generated = httpDate(headers.get('last-modified')) ?? httpDate(headers.get('date')) ?? now()
    const copy = response.clone()
    whenIdle(
      () =>
        copy.text().then(
          (body) =>
            storeAnswer(storage, url, { storedAt: now(), generated, until: generated + (cc.staleIfError ?? DEFAULT_KEEP_S) * 1000, body }),
          () => undefined,
        ),
      KEEP_WITHIN_MS,
    )
  }

  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    if (method !== 'GET' || !inScope(url)) return platform(input, init)
    let response: Response
    try {
      response = await platform(input, init)
    } catch (error) {
      if ((error as Error | undefined)?.name === 'AbortError') throw error
      const copy = keptCopy(url)
      if (copy) return copy
      throw error
    }
    if (response.status >= 500) return keptCopy(url) ?? response
    if (response.status === 200) {
      mark(url, staleSince(response.headers, now()))
      // An answer read with a console token is that customer's: never kept for anyone.
      if (!(init?.headers as Record<string, string> | undefined)?.Authorization) keep(url, response)
    }
    return response
  }
}

/**
 * Routes every API call of the page's kit bundles through {@link createLiveFetch} (sets the
 * page-wide {@link NetHook}). The first install on a page wins; later ones (a second drop-in
 * script) change nothing.
 *
 * @returns removes this install's wrapper again (tests); a no-op when another install was first
 * @example installLiveFetch({ inScope: (url) => /\/api\/(cloud-status|global)$/.test(new URL(url).pathname) })
 */
export function installLiveFetch(options: LiveFetchOptions = {}): () => void {
  const hook = shared<NetHook>('net', () => ({}))
  if (hook.fetch) return () => undefined
  const wrapper = createLiveFetch(options)
  hook.fetch = wrapper
  return () => {
    if (hook.fetch === wrapper) delete hook.fetch
  }
}
