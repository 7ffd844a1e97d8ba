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
import { canReadAdmin } from '../../contract/permissions.js'
import {
  SECOND_FACTOR_CODES,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorDue,
  type SecondFactorMethod,
} from '../../contract/staff-identity.js'
import type { Database } from '../db/schema.js'
import { HttpError } from '../http/errors.js'
import { isApiPath, pathOf } from '../http/paths.js'
import { touchSession } from './session-list.js'
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
  /** The id the session list shows (never the cookie or its hash). */
  publicId: string
  /** How the session signed in. */
  authMethod: 'password' | 'sso'
  /** The second factor this session proved, or null. */
  secondFactor: SecondFactorMethod | null
  /** Whether the account has a confirmed authenticator app or a passkey. */
  factorEnrolled: boolean
  /** What the session still owes before the console opens (see {@link secondFactorDue}). */
  due: SecondFactorDue
}

/** What {@link secondFactorDue} needs of a session. */
type DueInput = Pick<UserSession, 'roles' | 'authMethod' | 'secondFactor' | 'factorEnrolled'>

/**
 * What a session still owes before the console opens (docs/operating/staff-sign-in.md):
 * nothing for an account without a privileged role, for single sign-on (the identity provider
 * holds the factor) and for a session that proved one; `'verify'` when the account has a factor;
 * else `'enrol'` when `required` (always in production), null otherwise.
 */
export function secondFactorDue(session: DueInput, required: boolean): SecondFactorDue {
  if (!canReadAdmin(session.roles) || session.authMethod === 'sso' || session.secondFactor !== null) return null
  if (session.factorEnrolled) return 'verify'
  return required ? 'enrol' : null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The valid session of the request's `trust_session` cookie, or null (see `server/accounts/sessions.ts`). */
    userSession: UserSession | null
  }
}

/**
 * Resolves a cookie value into its session: null for no value, an unknown one or an expired one
 * (an expired row is deleted). `now` is epoch ms. Refreshes the session's `last_seen` at most once
 * a minute (`./session-list.ts`).
 */
export async function sessionOf(
  db: Kysely<Database>,
  cookieValue: string | undefined,
  now: number,
  requireSecondFactor = false,
): Promise<UserSession | null> {
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
      'sessions.public_id',
      'sessions.auth_method',
      'sessions.second_factor',
      'sessions.last_seen',
      (eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('totp_factors')
                .select('totp_factors.uid')
                .whereRef('totp_factors.uid', '=', 'sessions.uid')
                .where('totp_factors.confirmed', 'is not', null),
            ),
            eb.exists(eb.selectFrom('passkeys').select('passkeys.uid').whereRef('passkeys.uid', '=', 'sessions.uid')),
          ])
          .as('enrolled'),
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst()
  if (!row) return null
  if (row.expires <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
    return null
  }
  await touchSession(db, idHash, row.last_seen, now)
  const session: UserSession = {
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
    publicId: row.public_id ?? idHash.slice(0, 32),
    authMethod: row.auth_method === 'sso' ? 'sso' : 'password',
    secondFactor: (row.second_factor as SecondFactorMethod | null) ?? null,
    // PostgreSQL answers a boolean, SQLite 0/1.
    factorEnrolled: row.enrolled === true || Number(row.enrolled) === 1,
    due: null,
  }
  session.due = secondFactorDue(session, requireSecondFactor)
  return session
}

/** A new session: the cookie value to send and the tokens the sign-in answer carries. */
export interface NewSession {
  cookieValue: string
  publicId: string
  csrfToken: string
  logoutToken: string
  securityString: string
  /** Epoch ms. */
  expires: number
}

/** What the session list shows of where a session came from, and how it signed in. */
export interface SessionOrigin {
  /** The `User-Agent` header ('' when none); kept to 500 characters. */
  userAgent: string
  /** The client address as the server saw it. */
  ip: string
  authMethod?: 'password' | 'sso'
}

/** The {@link SessionOrigin} of a request. */
export function originOf(request: FastifyRequest, authMethod: 'password' | 'sso' = 'password'): SessionOrigin {
  const agent = request.headers['user-agent']
  return { userAgent: typeof agent === 'string' ? agent.slice(0, 500) : '', ip: request.ip, authMethod }
}

/** Stores a new session of `uid` starting at `now` (epoch ms) and drops every expired session. */
export async function createSession(
  db: Kysely<Database>,
  uid: number,
  now: number,
  origin: SessionOrigin = { userAgent: '', ip: '' },
): Promise<NewSession> {
  const session: NewSession = {
    cookieValue: randomToken(),
    publicId: randomToken().slice(0, 32),
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
      public_id: session.publicId,
      user_agent: origin.userAgent,
      ip: origin.ip,
      last_seen: now,
      auth_method: origin.authMethod ?? 'password',
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
 * signed-in page load costs no database reads per asset. Refuses every `/api/admin/…` request of a
 * privileged session that owes its second factor (403 `second_factor_required` or
 * `second_factor_enrolment_required`) before its body or query is read. Requires `@fastify/cookie` first.
 */
export function registerSessionHook(app: FastifyInstance, db: Kysely<Database>, now: () => Date, requireSecondFactor = false): void {
  app.decorateRequest('userSession', null)
  app.addHook('onRequest', async (request) => {
    const value = request.cookies?.[SESSION_COOKIE]
    if (value && usesSession(request.url)) request.userSession = await sessionOf(db, value, now().getTime(), requireSecondFactor)
    // Every admin route, before anything of the request is read: a privileged session that owes its
    // second factor goes no further (the routes' own checks say the same, `server/admin/authorize.ts`).
    const due = request.userSession?.due
    if (due && pathOf(request.url).startsWith('/api/admin/')) {
      throw new HttpError(403, SECOND_FACTOR_CODES[due], SECOND_FACTOR_MESSAGES[due])
    }
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
