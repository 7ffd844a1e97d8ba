/**
 * Server sessions (docs/requirements/entities.md#session, Cookies; docs/requirements/states.md#sign-in, Logout; docs/requirements/constants.md).
 *
 * The browser holds a random 32-byte value in the HttpOnly cookie `trust_session`
 * ({@link SESSION_COOKIE}); the `sessions` table holds only its SHA-256. A session lives 86 400 s
 * from sign-in ({@link SESSION_TTL_MS}); expired rows are deleted when met and at each sign-in.
 * The session hook resolves the cookie once per request into `request.userSession`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { SESSION_COOKIE } from '../../contract/constants.js'
import type { Database } from '../db/schema.js'
import { HttpError } from '../http/errors.js'
import { isApiPath, pathOf } from '../http/paths.js'
import { randomToken, sha256 } from './tokens.js'
import { rolesOf } from './users.js'

/** Lifetime of a session and of its cookie: 86 400 s (docs/requirements/constants.md), in ms. */
export const SESSION_TTL_MS = 86_400_000

/** The signed-in user behind a request. */
export interface UserSession {
  /** SHA-256 hex of the cookie value (the row's key). */
  idHash: string
  uid: number
  name: string
  mail: string
  verified: boolean
  timezone: string
  /** The saved language (a contract/locale.ts code), null when none was saved (docs/languages-and-themes.md). */
  locale: string | null
  roles: string[]
  csrfToken: string
  logoutToken: string
  securityString: string
  /** Epoch ms. */
  expires: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The valid session of the request's `trust_session` cookie, or null (see `server/accounts/sessions.ts`). */
    userSession: UserSession | null
  }
}

/**
 * Resolves a cookie value into its session: null for no value, an unknown one or an expired one
 * (an expired row is deleted). `now` is epoch ms.
 */
export async function sessionOf(db: Kysely<Database>, cookieValue: string | undefined, now: number): Promise<UserSession | null> {
  if (!cookieValue || cookieValue.length > 200) return null
  const idHash = sha256(cookieValue)
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uid', 'sessions.uid')
    .select([
      'sessions.uid',
      'users.name',
      'users.mail',
      'users.verified',
      'users.timezone',
      'users.locale',
      'sessions.csrf_token',
      'sessions.logout_token',
      'sessions.security_string',
      'sessions.expires',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst()
  if (!row) return null
  if (row.expires <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
    return null
  }
  return {
    idHash,
    uid: row.uid,
    name: row.name,
    mail: row.mail,
    verified: row.verified === 1,
    timezone: row.timezone,
    locale: row.locale,
    roles: await rolesOf(db, row.uid),
    csrfToken: row.csrf_token,
    logoutToken: row.logout_token,
    securityString: row.security_string,
    expires: row.expires,
  }
}

/** A new session: the cookie value to send and the tokens the sign-in answer carries. */
export interface NewSession {
  cookieValue: string
  csrfToken: string
  logoutToken: string
  securityString: string
  /** Epoch ms. */
  expires: number
}

/** Stores a new session of `uid` starting at `now` (epoch ms) and drops every expired session. */
export async function createSession(db: Kysely<Database>, uid: number, now: number): Promise<NewSession> {
  const session: NewSession = {
    cookieValue: randomToken(),
    csrfToken: randomToken(),
    logoutToken: randomToken(),
    securityString: randomToken(),
    expires: now + SESSION_TTL_MS,
  }
  await db.deleteFrom('sessions').where('expires', '<=', now).execute()
  await db
    .insertInto('sessions')
    .values({
      id_hash: sha256(session.cookieValue),
      uid,
      csrf_token: session.csrfToken,
      logout_token: session.logoutToken,
      security_string: session.securityString,
      created: now,
      expires: session.expires,
    })
    .execute()
  return session
}

/** Deletes the session whose cookie value is `cookieValue` (nothing when there is none). */
export async function destroySessionByCookie(db: Kysely<Database>, cookieValue: string | undefined): Promise<void> {
  if (!cookieValue || cookieValue.length > 200) return
  await db.deleteFrom('sessions').where('id_hash', '=', sha256(cookieValue)).execute()
}

/**
 * Whether the cookie gets `Secure`: when the request came over https, or when the configured
 * public URL is https (behind a TLS-terminating proxy the request itself looks like http).
 */
function secureCookie(request: FastifyRequest, publicUrl: string | null): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false)
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Max-Age 86 400, Secure over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, publicUrl: string | null = null): void {
  reply.setCookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
    secure: secureCookie(request, publicUrl),
  })
}

/** Clears the session cookie (same attributes, expired). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string | null = null): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookie(request, publicUrl) })
}

/** Whether a request to `url` may act on a session: the API and the `/user/…` endpoints. */
function usesSession(url: string): boolean {
  return isApiPath(url) || pathOf(url).startsWith('/user/')
}

/**
 * Installs the hook that fills `request.userSession` from the cookie (null without one) for the
 * API and `/user/…` requests; the site's HTML, assets and feeds never look the session up, so a
 * signed-in page load costs no database reads per asset. Requires `@fastify/cookie` first.
 */
export function registerSessionHook(app: FastifyInstance, db: Kysely<Database>, now: () => Date): void {
  app.decorateRequest('userSession', null)
  app.addHook('onRequest', async (request) => {
    const value = request.cookies?.[SESSION_COOKIE]
    if (value && usesSession(request.url)) request.userSession = await sessionOf(db, value, now().getTime())
  })
}

/**
 * The request's session, or a 403: `not_signed_in` without a valid session; with `csrf` (the
 * default) also `csrf` unless the `X-CSRF-Token` header equals the session's token.
 *
 * @throws HttpError 403 `not_signed_in` | `csrf`.
 */
export function requireSession(request: FastifyRequest, { csrf = true }: { csrf?: boolean } = {}): UserSession {
  const session = request.userSession
  if (!session) throw new HttpError(403, 'not_signed_in', 'You are not signed in, or your session has expired.')
  if (csrf) {
    const header = request.headers['x-csrf-token']
    if (typeof header !== 'string' || !sameSecret(header, session.csrfToken)) {
      throw new HttpError(403, 'csrf', 'The request did not carry a valid CSRF token. Reload the page and try again.')
    }
  }
  return session
}

/** Constant-time-ish equality of two secrets (compares their hashes). */
export function sameSecret(given: string, expected: string): boolean {
  return given.length > 0 && given.length <= 200 && sha256(given) === sha256(expected)
}
