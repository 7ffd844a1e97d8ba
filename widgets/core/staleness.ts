/**
 * When is an API answer a stale copy? (docs/operating/cdn.md "degraded mode"; README §Deployment behind a CDN.)
 *
 * The origin stamps every anonymous public answer with `Last-Modified` (the instant it generated
 * the body) and `Cache-Control: public, max-age=M, s-maxage=S, stale-while-revalidate=W,
 * stale-if-error=86400`. Between generation and the visitor a copy may legitimately wait in the
 * origin's memory cache (up to S s fresh, then W s while its successor is generated), in a CDN
 * (up to S s fresh, then W s while one request refreshes it). Anything older was kept because the
 * origin could not answer:
 *
 * - served = the `Date` header when it is readable (cross-origin calls read it through
 *   `Access-Control-Expose-Headers: Age, Date`), else the client's clock;
 * - generated = `Last-Modified`;
 * - the answer is **stale** when `served − generated > 2·(S + W) + 10 s` (origin memory age +
 *   CDN age, each fresh plus stale-while-revalidate, + 10 s for clock skew and transfer), or when an `Age`
 *   header exceeds `S + W + 10` s.
 *
 * Without `Last-Modified` or without `s-maxage` an answer is never stale: nothing says how old
 * it may be, and a notice must never be a false alarm. A missing `stale-while-revalidate` counts
 * as 0 s.
 */

/** Clock grace added to every bound, s: skew between origin and CDN clocks, and transfer time. */
export const STALE_GRACE_S = 10

/** The freshness parts of a `Cache-Control` header the rule needs, in seconds. */
export interface Freshness {
  /** `s-maxage`, s; `undefined` when absent. */
  sMaxAge?: number
  /** `stale-while-revalidate`, s; 0 when absent. */
  staleWhileRevalidate: number
  /** `stale-if-error`, s; `undefined` when absent. */
  staleIfError?: number
  /** `private` or `no-store` is present: the answer belongs to one viewer and is never kept. */
  personal: boolean
  /** `public` is present. */
  public: boolean
}

/**
 * Reads the directives of a `Cache-Control` header that decide staleness and storage: names
 * case-insensitive, values in seconds, quoted or not (anything else reads as absent). Split by
 * hand, not matched with a pattern per directive: each answer of a page is read twice.
 *
 * @param cacheControl the header's value; `null` (absent) reads as no directive at all
 * @example parseFreshness('public, max-age=0, s-maxage=10, stale-while-revalidate=30') // { sMaxAge: 10, staleWhileRevalidate: 30, … }
 */
export function parseFreshness(cacheControl: string | null): Freshness {
  const directives = new Map<string, string>()
  for (const part of (cacheControl ?? '').toLowerCase().split(',')) {
    const [name, value = ''] = part.split('=')
    directives.set(name.trim(), value.trim().replace(/^"(.*)"$/, '$1'))
  }
  const seconds = (name: string) => {
    const value = directives.get(name)
    return value && /^\d+$/.test(value) ? Number(value) : undefined
  }
  return {
    sMaxAge: seconds('s-maxage'),
    staleWhileRevalidate: seconds('stale-while-revalidate') ?? 0,
    staleIfError: seconds('stale-if-error'),
    personal: directives.has('private') || directives.has('no-store'),
    public: directives.has('public'),
  }
}

/** An HTTP-date header as epoch ms; `undefined` when absent or unreadable. */
export function httpDate(value: string | null): number | undefined {
  if (!value) return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}

/**
 * The staleness rule above, applied to one answer's headers.
 *
 * @param headers the answer's headers (`Cache-Control`, `Last-Modified`, `Date`, `Age`)
 * @param now the client's clock, epoch ms, used when `Date` is not readable @default Date.now()
 * @returns the instant the answer was generated (epoch ms, from `Last-Modified`) when the answer
 *   is stale, else `undefined` (fresh, or not judged: no `Last-Modified` or no `s-maxage`)
 * @example
 * staleSince(new Headers({ 'cache-control': 's-maxage=30, stale-while-revalidate=30',
 *   'last-modified': 'Tue, 24 Nov 2026 08:00:00 GMT', date: 'Tue, 24 Nov 2026 08:10:00 GMT' })) // 1795507200000
 */
export function staleSince(headers: Headers, now: number = Date.now()): number | undefined {
  const generated = httpDate(headers.get('last-modified'))
  const { sMaxAge: s, staleWhileRevalidate: w } = parseFreshness(headers.get('cache-control'))
  if (generated === undefined || s === undefined) return undefined
  const served = httpDate(headers.get('date')) ?? now
  const age = Number(headers.get('age') ?? Number.NaN)
  const tooOld = served - generated > (2 * (s + w) + STALE_GRACE_S) * 1000
  const agedOut = Number.isFinite(age) && age > s + w + STALE_GRACE_S
  return tooOld || agedOut ? generated : undefined
}
