/**
 * Refuses cross-site state changes (docs/requirements/calls.md "All calls go to the same origin").
 *
 * Every request other than GET, HEAD and OPTIONS answers 403 `cross_site` when its
 * `Sec-Fetch-Site` header is `cross-site`, or when it carries an `Origin` header other than the
 * request's own origin (`${protocol}://${host}`, including `Origin: null`). Requests without either
 * header (curl, server-to-server) pass; routes that act on a session additionally require the
 * session's CSRF token (see `requireSession`).
 */
import type { FastifyInstance } from 'fastify'
import { sendError } from './errors.js'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Installs the hook described above. */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return
    const site = request.headers['sec-fetch-site']
    const origin = request.headers.origin
    const ownOrigin = `${request.protocol}://${request.host}`
    if (site === 'cross-site' || (origin !== undefined && origin.toLowerCase() !== ownOrigin.toLowerCase())) {
      return sendError(reply, 403, 'cross_site', 'Requests from other sites are not accepted.')
    }
  })
}
