/**
 * Security headers on every answer.
 *
 * - `X-Content-Type-Options: nosniff` and `Referrer-Policy: strict-origin-when-cross-origin`
 *   everywhere.
 * - A Content-Security-Policy on HTML answers ({@link CONTENT_SECURITY_POLICY}): everything from the
 *   site's own origin, no foreign scripts and no inline script but the rendered page's consent
 *   check (allowed by its hash, `page-render.ts`), inline styles allowed (widgets and the map
 *   set style attributes), images also as `data:` URLs, framing only by the site itself. The shell
 *   therefore must not use inline `<script>` blocks; external links are plain navigations and
 *   are not affected.
 */
import type { FastifyInstance } from 'fastify'
import { CONSENT_SCRIPT_HASH } from './page-render.js'

/** The policy sent with every HTML answer. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  `script-src 'self' ${CONSENT_SCRIPT_HASH}`,
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

/** Installs the headers described above. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
    }
    return payload
  })
}
