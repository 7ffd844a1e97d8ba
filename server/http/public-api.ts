/**
 * The policy for public, anonymous API reads: caching and cross-origin access.
 *
 * A route opts in with `config: { publicApi: { maxAge } }` (see {@link PUBLIC_SHORT_CACHE} and
 * {@link PUBLIC_REVALIDATE}). Its GET/HEAD answers then carry
 * - `Access-Control-Allow-Origin: *` and never `Access-Control-Allow-Credentials`: widgets embedded
 *   on other origins read these answers without cookies (architecture, "A widget"). The origin is
 *   never reflected, so a credentialed cross-origin read cannot succeed.
 * - `Cache-Control: public, max-age=N`, or `no-cache` when `maxAge` is 0 (revalidate every time;
 *   the ETag makes that a cheap 304). Error answers of these routes get `no-store`.
 *
 * A route whose answer depends on the viewer adds `perViewer: true` (see
 * {@link PUBLIC_SHORT_CACHE_PER_VIEWER}): for a request with a valid session its answer gets
 * `Cache-Control: private, no-store` and no CORS header; anonymous answers are unchanged. Both
 * carry `Vary: Cookie`, so no cache serves the anonymous copy to a viewer who just signed in.
 *
 * Every other `/api/*` answer (sessions, subscriptions, …) gets no CORS headers and
 * `Cache-Control: no-store` unless its route sets one. CORS preflights under `/api/` are answered
 * for GET and HEAD only; a preflight grants nothing by itself, since the actual answer must carry
 * the allow-origin header too.
 */
import type { FastifyInstance } from 'fastify'
import { sendError } from './errors.js'
import { isApiPath } from './paths.js'

/** How a public route may be cached. */
export interface PublicApiPolicy {
  /** Seconds browsers and shared caches may reuse an answer; 0 means revalidate every time. */
  maxAge: number
  /**
   * The answer depends on the viewer (signed-in privileged users see internal fields): a request
   * with a valid session gets `Cache-Control: private, no-store` and no CORS header instead.
   */
  perViewer?: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a public, anonymous GET route; see `server/http/public-api.ts`. */
    publicApi?: PublicApiPolicy
  }
}

/** Route config of public data that may be 30 s old (banners, map, speedometer). */
export const PUBLIC_SHORT_CACHE = { publicApi: { maxAge: 30 } } as const

/** Like {@link PUBLIC_SHORT_CACHE}, for answers that differ by viewer (record lists and posts). */
export const PUBLIC_SHORT_CACHE_PER_VIEWER = { publicApi: { maxAge: 30, perViewer: true } } as const

/**
 * Route config of public data that must be fresh on every load: `/api/global` carries the
 * disaster-recovery flag and the menus, and switching the flag on during an outage has to reach
 * visitors at once.
 */
export const PUBLIC_REVALIDATE = { publicApi: { maxAge: 0 } } as const

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/** How long browsers may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600

/**
 * Installs the CORS and Cache-Control policy described above. CORS is a constant `*` without
 * credentials, so a hook is simpler than a configurable CORS plugin (which would also add
 * `Vary: Origin` to every answer).
 */
export function registerPublicApiPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.routeOptions.config?.publicApi
    // Whether the answer is the public or a signed-in viewer's depends on the session cookie: a
    // cache must not hand the anonymous copy to a viewer who has just signed in.
    if (policy?.perViewer) reply.header('vary', 'Cookie')
    if (policy?.perViewer && request.userSession) {
      // A signed-in viewer's answer may carry internal fields: never shared, never stored.
      reply.header('cache-control', 'private, no-store')
    } else if (policy && isRead(request.method)) {
      reply.header('access-control-allow-origin', '*')
      if (reply.statusCode >= 400) reply.header('cache-control', 'no-store')
      else reply.header('cache-control', policy.maxAge > 0 ? `public, max-age=${policy.maxAge}` : 'no-cache')
    } else if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    return payload
  })

  app.options('/api/*', (request, reply) => {
    const wanted = String(request.headers['access-control-request-method'] ?? '').toUpperCase()
    if (!request.headers.origin || !isRead(wanted)) {
      return sendError(reply, 404, 'not_found', 'Only GET and HEAD may be called from other origins.')
    }
    return reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'Accept, Content-Type')
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
      .header('cache-control', 'no-store')
      .send()
  })
}
