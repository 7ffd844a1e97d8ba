/**
 * The policy for public, anonymous API reads: caching and cross-origin access (docs/operating/cdn.md).
 *
 * A route opts in with `config: { publicApi: … }` (one of the constants below). Its anonymous
 * GET/HEAD answers then carry
 * - `Access-Control-Allow-Origin: *` (never `Access-Control-Allow-Credentials`: widgets embedded
 *   on other origins read these answers without cookies; the origin is never reflected, so a
 *   credentialed cross-origin read cannot succeed) and `Access-Control-Expose-Headers: Age, Date,
 *   Trust-Token-Problem`, so drop-ins can tell a stale copy (see the degraded notice in `widgets/core`)
 *   and why a console token was refused;
 * - `Cache-Control: public, max-age=M, s-maxage=S, stale-while-revalidate=W, stale-if-error=86400`
 *   ({@link cacheControlOf}): browsers reuse the answer for M seconds, shared caches (a CDN, the
 *   origin's own memory cache in `./response-cache.ts`) for S, a CDN may serve it W seconds past
 *   that while it fetches a new one, and a day past that while the origin fails;
 * - no `Vary: Cookie`: the anonymous answer is the same for every visitor, so a CDN keeps one copy;
 *   `Vary: Authorization`, so a cache that honours `Vary` never hands it to a token-bearing request.
 * Error answers of these routes get `no-store`.
 *
 * A request carrying an `Authorization` header (a console token, `server/accounts/console-token.ts`,
 * or an API key) to such a route, or to any `/api/*` route, is answered `Cache-Control: private,
 * no-store` with `Vary: Authorization` (a route's own `no-store` stays) and bypasses the origin's
 * response cache both ways; public reads keep their CORS headers, since widgets on a vendor's
 * console send the token without cookies. Preflights allow the `Authorization` request header.
 *
 * A route whose answer depends on the viewer (`perViewer`: a signed-in privileged user sees
 * internal-use fields, a subscriber their subscribe stars) answers a request with a valid session
 * `Cache-Control: private, no-store` without CORS: never shared, never stored. Such answers are
 * therefore only ever private; a shared cache can never hand one to a visitor. The anonymous copy
 * has `max-age=0` in browsers (they revalidate with the ETag, a cheap 304), so a viewer who just
 * signed in sees their own answer at once; CDNs must let requests carrying the session cookie
 * `trust_session` bypass the cache (docs/operating/cdn.md#deployment-behind-a-cdn).
 *
 * Every other `/api/*` answer (sessions, subscriptions, …) gets no CORS headers and
 * `Cache-Control: no-store` unless its route sets one. CORS preflights under `/api/` and `/{cloud}/api/v2/` are answered
 * for GET and HEAD only; a preflight grants nothing by itself, since the actual answer must carry
 * the allow-origin header too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from './errors.js'
import { isApiPath } from './paths.js'

/** How a public route may be cached; S below is the site's `publicCacheSeconds` unless capped. */
export interface PublicApiPolicy {
  /** Browsers may reuse the answer for S seconds (`max-age=S`); otherwise `max-age=0` (revalidate). */
  browserReuse: boolean
  /** Cap of S for this route, seconds: answers that must stay fresher than the site's setting. */
  maxSharedSeconds?: number
  /**
   * No `stale-while-revalidate`: no cache (browser, CDN or the origin's own) shows an expired copy
   * while it fetches a new one. For answers that must change at once everywhere.
   */
  noStaleWhileRevalidate?: boolean
  /**
   * The answer depends on the viewer: a request with a valid session gets `Cache-Control:
   * private, no-store` and no CORS header, and bypasses the origin's response cache.
   */
  perViewer?: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a public, anonymous GET route; see `server/http/public-api.ts`. */
    publicApi?: PublicApiPolicy
  }
}

/** Default of `publicCacheSeconds` (`PUBLIC_CACHE_SECONDS`): shared freshness of public answers, s. */
export const DEFAULT_PUBLIC_CACHE_SECONDS = 30

/** How long a CDN may keep serving a copy while the origin fails (`stale-if-error`), s: one day. */
export const STALE_IF_ERROR_SECONDS = 86_400

/**
 * The policy of page navigations (the shell's HTML with the page rendered into it), for the
 * origin's response cache: fresh S seconds, served W more while renewed. Their `Cache-Control`
 * is the static site's (`htmlCacheControl`: browsers revalidate).
 */
export const PUBLIC_PAGE: PublicApiPolicy = { browserReuse: false }

/** Route config of public data that may be S seconds old everywhere (banners, map, speedometer, FAQ, feeds). */
export const PUBLIC_SHORT_CACHE = { publicApi: { browserReuse: true } } as const satisfies { publicApi: PublicApiPolicy }

/** Public data that differs for signed-in viewers (record lists and posts): browsers revalidate. */
export const PUBLIC_SHORT_CACHE_PER_VIEWER = {
  publicApi: { browserReuse: false, perViewer: true },
} as const satisfies { publicApi: PublicApiPolicy }

/**
 * The status timeline: per viewer (subscribe stars), and its current-time marker moves with the
 * clock, so shared copies live at most 10 s.
 */
export const PUBLIC_NOW_PER_VIEWER = {
  publicApi: { browserReuse: false, perViewer: true, maxSharedSeconds: 10 },
} as const satisfies { publicApi: PublicApiPolicy }

/**
 * `/api/global` carries the disaster-recovery flag and the menus; switching the flag on during an
 * outage has to reach visitors at once: browsers revalidate every load (no stale-while-revalidate,
 * which browsers apply too), shared copies live 5 s.
 */
export const PUBLIC_REVALIDATE = {
  publicApi: { browserReuse: false, maxSharedSeconds: 5, noStaleWhileRevalidate: true },
} as const satisfies {
  publicApi: PublicApiPolicy
}

/** S of a policy: the site's shared freshness, capped by the route; seconds. */
export function sharedSeconds(policy: PublicApiPolicy, cacheSeconds: number): number {
  return Math.min(cacheSeconds, policy.maxSharedSeconds ?? cacheSeconds)
}

/** W of a policy: the site's `publicCacheSeconds`, or 0 without stale-while-revalidate; seconds. */
export function staleWhileRevalidateSeconds(policy: PublicApiPolicy, cacheSeconds: number): number {
  return policy.noStaleWhileRevalidate ? 0 : cacheSeconds
}

/**
 * The `Cache-Control` of an anonymous public answer:
 * `public, max-age=M, s-maxage=S, stale-while-revalidate=W, stale-if-error=86400` with S from
 * {@link sharedSeconds}, M = S when browsers may reuse it (else 0), W = `cacheSeconds` (left out
 * for `noStaleWhileRevalidate`).
 *
 * @param cacheSeconds the site's `publicCacheSeconds`, seconds
 */
export function cacheControlOf(policy: PublicApiPolicy, cacheSeconds: number): string {
  const s = sharedSeconds(policy, cacheSeconds)
  const w = staleWhileRevalidateSeconds(policy, cacheSeconds)
  const swr = w > 0 ? ` stale-while-revalidate=${w},` : ''
  return `public, max-age=${policy.browserReuse ? s : 0}, s-maxage=${s},${swr} stale-if-error=${STALE_IF_ERROR_SECONDS}`
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/**
 * Headers cross-origin readers may see: `Age` and `Date` (staleness), and `Trust-Token-Problem`,
 * why a console token was refused (`server/accounts/console-token.ts`).
 */
const EXPOSED_HEADERS = 'Age, Date, Trust-Token-Problem'

/** A `Vary` value with `name` added (once). */
function varyWith(current: unknown, name: string): string {
  const names = String(current ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  return names.some((n) => n.toLowerCase() === name.toLowerCase()) ? names.join(', ') : [...names, name].join(', ')
}

/** How long browsers may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600

/**
 * Installs the CORS and Cache-Control policy described above. CORS is a constant `*` without
 * credentials, so a hook is simpler than a configurable CORS plugin (which would also add
 * `Vary: Origin` to every answer).
 *
 * @param cacheSeconds the site's `publicCacheSeconds` (S), seconds
 */
export function registerPublicApiPolicy(app: FastifyInstance, cacheSeconds: number = DEFAULT_PUBLIC_CACHE_SECONDS): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.routeOptions.config?.publicApi
    if (request.headers.authorization !== undefined && (policy || isApiPath(request.url))) {
      // A console token or an API key: the answer may be one customer's (`accounts/console-token.ts`),
      // so it is never shared or stored; widgets on other origins still read it (no cookies involved).
      if (policy && isRead(request.method)) {
        reply.header('access-control-allow-origin', '*')
        reply.header('access-control-expose-headers', EXPOSED_HEADERS)
      }
      // A route's own `no-store` (`/api/admin/…`) is already as strict.
      if (policy || !String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'private, no-store')
      reply.header('vary', varyWith(reply.getHeader('vary'), 'Authorization'))
    } else if (policy?.perViewer && request.userSession) {
      // A signed-in viewer's answer may carry internal fields: never shared, never stored.
      reply.header('cache-control', 'private, no-store')
    } else if (policy && isRead(request.method)) {
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-expose-headers', EXPOSED_HEADERS)
      reply.header('vary', varyWith(reply.getHeader('vary'), 'Authorization'))
      reply.header('cache-control', reply.statusCode >= 400 ? 'no-store' : cacheControlOf(policy, cacheSeconds))
    } else if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    return payload
  })

  // Preflights: the API, and the per-cloud Statuspage documents (`/{cloud}/api/v2/…`), which
  // widgets read with a console token too.
  const preflight = (request: FastifyRequest, reply: FastifyReply) => {
    const wanted = String(request.headers['access-control-request-method'] ?? '').toUpperCase()
    if (!request.headers.origin || !isRead(wanted)) {
      return sendError(reply, 404, 'not_found', 'Only GET and HEAD may be called from other origins.')
    }
    return reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'Accept, Authorization, Content-Type')
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
      .header('cache-control', 'no-store')
      .send()
  }
  app.options('/api/*', preflight)
  app.options('/:cloud/api/v2/*', preflight)
}
