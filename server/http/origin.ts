/**
 * The origin of links the server sends away from the page (mail: sign-up verification, password
 * reset, notifications). It never comes from the request's `Host` header: a request sent with
 * `Host: evil.example` must not produce a password-reset mail linking to evil.example (reset-link
 * poisoning, an account-takeover path).
 */
import type { AddressInfo } from 'node:net'
import type { FastifyRequest } from 'fastify'

/** Host names (with an optional port) that can only reach this machine. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i

/**
 * The origin for links in mail.
 *
 * - `publicUrl` (`PUBLIC_URL`) when configured — always in production, where the server refuses to
 *   start without it (`readConfig`, `buildApp`);
 * - otherwise (development) the request's origin only when its host is a loopback name
 *   (`localhost`, `127.x.x.x`, `[::1]`), else `http://localhost:{port}` of the listening server.
 *
 * @returns An origin without a trailing slash, e.g. `https://trust.example`.
 */
export function linkOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl
  if (LOOPBACK_HOST.test(request.host)) return `${request.protocol}://${request.host}`
  const address = request.server.server.address() as AddressInfo | null
  return address && typeof address === 'object' ? `http://localhost:${address.port}` : 'http://localhost'
}

/** A well-formed Host header: a name or an IPv6 literal, with an optional port. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/**
 * The origin for links inside public documents (RSS, robots.txt, sitemap.xml): `publicUrl`
 * (`PUBLIC_URL`) when set — always in production — else the origin the request reached, e.g.
 * `http://localhost:8080`; a missing or malformed Host header gives `localhost` rather than odd
 * links. These answers are cached per Host (`response-cache.ts`), never mailed.
 */
export function documentOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl
  const host = typeof request.host === 'string' && HOST.test(request.host) ? request.host : 'localhost'
  return `${request.protocol}://${host}`
}
