/**
 * Accounts and sessions (docs/requirements/screens.md#sign-in, Sign-up; docs/requirements/entities.md#session, Cookies; docs/requirements/states.md#sign-in, Logout,
 * Sign-up, Session; docs/requirements/validation.md; docs/requirements/roles.md; docs/requirements/calls.md user calls; docs/requirements/constants.md). Shapes: "Accounts and sessions" in
 * `contract/`. Every answer is `{ data }` or `{ error: { code, message } }`.
 *
 * Every POST is first screened by the cross-site guard (403 `cross_site`, `server/http/cross-site.ts`).
 * Calls marked "session + CSRF" need a valid `trust_session` cookie (else 403 `not_signed_in`) and
 * the header `X-CSRF-Token` equal to the session's `csrf_token` (else 403 `csrf`). Each route declares
 * its request and answer schemas from `contract/accounts.ts`; a request that breaks them answers 400
 * `bad_request`.
 *
 * - `POST /api/user/before-login` → `{ data: { message: 'success' } }`; ends this browser's session.
 * - `POST /api/user/login {name, pass}` → `LoginData` + a new session cookie. 400 `bad_credentials`,
 *   400 `sso_account` (an account of single sign-on: it has no password),
 *   429 `too_many_attempts` (see {@link LOGIN_USER_RULE}, {@link LOGIN_IP_RULE}).
 * - `POST /api/user/details {cloud}` (session + CSRF) → `UserDetailsData`.
 * - `POST /user/logout?token=` (session; token = `logout_token`, else 403 `bad_token`) → 204.
 * - `POST /api/validate-email {method: 'sign-up', email}` → `ValidateEmailData`; 429 `too_many_requests`.
 * - `POST /api/user/register` (`RegisterBody`) → `RegisterData` + verification mail; 400 `invalid` (HTML message).
 * - `GET /user/verify/{token}` → 302 `/thank-you`, or `/thank-you?status=invalid`.
 * - `POST /api/resend/verification` (session + CSRF) → `{ data: { message } }`; 429 `too_many_requests`.
 * - `POST /api/user/password {mail}` → `{ data: { message } }` (same answer for any address); 429 `too_many_requests`.
 * - `POST /api/user/reset {token, pass}` → `{ data: { message } }`; 400 `invalid_token` | `invalid` | `sso_account`.
 *   A reset request for an account of single sign-on sends no link (the answer is the same).
 * - `POST /api/user/settings {timezone?, locale?}` (session + CSRF) → `{ data: { timezone, locale } }`; 400
 *   `bad_request` (an unknown zone or locale, or neither given).
 *
 * The account mails go out in the recipient's language (docs/languages-and-themes.md): the account's saved locale,
 * else the language of the page the request came from (`?lang=`, the `trust_lang` cookie,
 * `Accept-Language`; `server/http/page-locale.ts`). A sign-up from a page in another language than
 * English saves that language as the new account's. Error messages stay English; the client
 * shows its own translation of each `code` (docs/languages-and-themes.md "codes translated on the client").
 */
import type { Kysely, Transaction } from 'kysely'
import {
  BeforeLoginData,
  LoginBody,
  LoginData,
  LogoutAnswer,
  LogoutQuery,
  PasswordResetBody,
  PasswordResetData,
  PasswordResetRequestBody,
  PasswordResetRequestData,
  RegisterBody,
  RegisterData,
  ResendVerificationData,
  UserDetailsBody,
  UserDetailsData,
  UserSettingsBody,
  UserSettingsData,
  ValidateEmailBody,
  ValidateEmailData,
  VerifyAnswer,
  VerifyParams,
} from '../../contract/accounts.js'
import { LOCALES, type Locale, toLocale } from '../../contract/locale.js'
import { linkOrigin } from '../http/origin.js'
import { requestLocale } from '../http/page-locale.js'
import { answer, ERROR_RESPONSES, type ApiAnswer } from '../../contract/common.js'
import { canReadAdmin } from '../../contract/permissions.js'
import { recordAudit } from '../admin/audit.js'
import { SESSION_COOKIE } from '../../contract/constants.js'
import {
  clear,
  isAllowed,
  LOGIN_IP_RULE,
  LOGIN_USER_RULE,
  PASSWORD_REQUEST_IP_RULE,
  PASSWORD_REQUEST_USER_RULE,
  register,
  RESEND_RULE,
  take,
  VALIDATE_EMAIL_RULE,
} from '../accounts/flood.js'
import { dummyVerify, hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.js'
import {
  clearSessionCookie,
  createSession,
  destroySessionByCookie,
  originOf,
  sessionOf,
  requireSession,
  sameSecret,
  setSessionCookie,
} from '../accounts/sessions.js'
import { randomToken, sha256 } from '../accounts/tokens.js'
import { SSO_NO_PASSWORD } from '../accounts/sso.js'
import { createUser, findUser, findUserByLogin, isEmail, isMailTaken, rolesOf } from '../accounts/users.js'
import type { Database } from '../db/schema.js'
import { HttpError } from '../http/errors.js'
import { isTimeZone } from '../lib/zones.js'
import { passwordResetMail, verificationMail } from '../mail/account-mails.js'
import { escapeHtml } from '../mail/messages.js'
import { enqueueMail } from '../mail/outbox.js'
import { readSiteName } from '../repo/settings.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Verification links stay valid 24 hours (ms). */
export const VERIFY_TOKEN_TTL_MS = 24 * 3_600_000
/** Password-reset links stay valid 1 hour (ms). */
export const RESET_TOKEN_TTL_MS = 3_600_000
/** Every signed-in user has this role besides the stored ones (as in Drupal). */
export const AUTHENTICATED_ROLE = 'authenticated'

export const MESSAGES = {
  badCredentials: 'Unrecognized username or password.',
  accountBlocked:
    'There have been more than 5 failed login attempts for this account. It is temporarily blocked. Try again later or request a new password.',
  ipBlocked:
    'Too many failed login attempts from your IP address. This IP address is temporarily blocked. Try again later or request a new password.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  invalidEmail: 'Please enter a valid email address.',
  emailRegistered: 'The email address is already registered.',
  resetRequested: 'If an account exists for that address, we have sent it a link to reset the password.',
  passwordChanged: 'Your password has been changed. You can sign in now.',
  alreadyVerified: 'Your email address is already verified.',
  invalidResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  ssoAccount:
    'This account signs in with single sign-on and has no password here. Use the Employee login link below the sign-in form; your organisation manages your password.',
} as const

const tooManyRequests = () => new HttpError(429, 'too_many_requests', MESSAGES.tooManyRequests)
const invalid = (html: string) => new HttpError(400, 'invalid', html)

/** Stores a new one-time token of `uid` for `purpose`, valid `ttlMs` from `now`; returns the token. */
async function issueToken(
  trx: Kysely<Database> | Transaction<Database>,
  uid: number,
  purpose: 'verify' | 'reset',
  now: number,
  ttlMs: number,
): Promise<string> {
  const token = randomToken()
  await trx
    .insertInto('user_tokens')
    .values({ token_hash: sha256(token), uid, purpose, expires: now + ttlMs, used_at: null })
    .execute()
  return token
}

/** The uid of a usable (unused, unexpired) token, or null. */
async function tokenOwner(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  purpose: 'verify' | 'reset',
  now: number,
): Promise<number | null> {
  if (!token || token.length > 200) return null
  const row = await db
    .selectFrom('user_tokens')
    .select('uid')
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires', '>', now)
    .executeTakeFirst()
  return row?.uid ?? null
}

/** Marks a token used and returns its owner, or null when it is not usable (atomic within `trx`). */
async function consumeToken(trx: Transaction<Database>, token: string, purpose: 'verify' | 'reset', now: number): Promise<number | null> {
  const uid = await tokenOwner(trx, token, purpose, now)
  if (uid === null) return null
  await trx.updateTable('user_tokens').set({ used_at: now }).where('token_hash', '=', sha256(token)).execute()
  return uid
}

/**
 * The language of a mail to an account (see the module comment): its saved locale, else the
 * language of the page `request` came from.
 */
function mailLocale(saved: string | null | undefined, request: { headers: Parameters<typeof requestLocale>[0]; url: string }): Locale {
  return toLocale(saved) ?? requestLocale(request.headers, request.url)
}

const withAuthenticated = (roles: string[]) => [AUTHENTICATED_ROLE, ...roles.filter((r) => r !== AUTHENTICATED_ROLE)]

/** Registers the account routes described above. */
export function registerAccountRoutes(app: TrustApp, { db, now, accounts, mailer }: RouteDeps): void {
  const nowMs = () => now().getTime()
  // Compute the throw-away hash now, so that even the first unknown-user sign-in takes one hash's time.
  void dummyVerify('warm-up').catch(() => undefined)

  app.post(
    '/api/user/before-login',
    { schema: { response: { 200: answer(BeforeLoginData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      await destroySessionByCookie(db, request.cookies[SESSION_COOKIE])
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply, accounts.publicUrl)
      return { data: { message: 'success' as const } }
    },
  )

  app.post(
    '/api/user/login',
    { schema: { body: LoginBody, response: { 200: answer(LoginData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const at = nowMs()
      const ip = request.ip
      if (!(await isAllowed(db, LOGIN_IP_RULE, ip, at))) throw new HttpError(429, 'too_many_attempts', MESSAGES.ipBlocked)
      const user = await findUserByLogin(db, request.body.name)
      if (user && !(await isAllowed(db, LOGIN_USER_RULE, String(user.uid), at))) {
        throw new HttpError(429, 'too_many_attempts', MESSAGES.accountBlocked)
      }
      // An employee's account of single sign-on never has a local password (docs/operating/staff-sign-in.md#single-sign-on).
      if (user?.pass_hash === SSO_NO_PASSWORD) throw new HttpError(400, 'sso_account', MESSAGES.ssoAccount)
      let ok = false
      if (user) ok = await verifyPassword(request.body.pass, user.pass_hash)
      else await dummyVerify(request.body.pass)
      if (!user || !ok) {
        await register(db, LOGIN_IP_RULE, ip, at)
        if (user) await register(db, LOGIN_USER_RULE, String(user.uid), at)
        throw new HttpError(400, 'bad_credentials', MESSAGES.badCredentials)
      }
      await clear(db, LOGIN_USER_RULE, String(user.uid))
      // Never reuse a session id: the browser's old session ends here (session fixation).
      await destroySessionByCookie(db, request.cookies[SESSION_COOKIE])
      const session = await createSession(db, user.uid, at, originOf(request))
      await db.updateTable('users').set({ last_login: at }).where('uid', '=', user.uid).execute()
      setSessionCookie(request, reply, session.cookieValue, accounts.publicUrl)
      const started = await sessionOf(db, session.cookieValue, at, accounts.requireSecondFactor)
      // Sign-ins of privileged accounts go to the audit log (docs/operating/staff-sign-in.md "Audit").
      if (started && canReadAdmin(started.roles)) {
        const actor = { uid: user.uid, name: user.name }
        await recordAudit(db, { actor, action: 'account.sign_in', target: user.name, after: { method: 'password', ip } }, at)
      }
      return {
        data: {
          csrf_token: session.csrfToken,
          logout_token: session.logoutToken,
          security_string: session.securityString,
          session_timeout: session.expires,
          current_user: { uid: String(user.uid), name: user.name, roles: withAuthenticated(await rolesOf(db, user.uid)) },
          second_factor: started?.due ?? null,
        },
      }
    },
  )

  app.post(
    '/api/user/details',
    { schema: { body: UserDetailsBody, response: { 200: answer(UserDetailsData), ...ERROR_RESPONSES } } },
    async (request) => {
      const s = requireSession(request)
      return {
        data: {
          auth: {
            user: {
              timezone: [{ value: s.timezone }],
              ...(s.locale ? { locale: [{ value: s.locale }] } : {}),
              mail: [{ value: s.mail }],
              uid: [{ value: String(s.uid) }],
              name: [{ value: s.name }],
              verified: [{ value: s.verified }],
            },
            roles: withAuthenticated(s.roles),
          },
        },
      }
    },
  )

  app.post(
    '/user/logout',
    { schema: { querystring: LogoutQuery, response: { 204: LogoutAnswer, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const s = requireSession(request, { csrf: false })
      if (!sameSecret(request.query.token ?? '', s.logoutToken)) {
        throw new HttpError(403, 'bad_token', 'The logout token does not match this session.')
      }
      await db.deleteFrom('sessions').where('id_hash', '=', s.idHash).execute()
      clearSessionCookie(request, reply, accounts.publicUrl)
      return reply.code(204).header('cache-control', 'no-store').send(null)
    },
  )

  app.post(
    '/api/validate-email',
    { schema: { body: ValidateEmailBody, response: { 200: answer(ValidateEmailData), ...ERROR_RESPONSES } } },
    async (request): Promise<ApiAnswer<ValidateEmailData>> => {
      if (!(await take(db, VALIDATE_EMAIL_RULE, request.ip, nowMs()))) throw tooManyRequests()
      const email = request.body.email.trim()
      if (!isEmail(email)) return { data: { valid: 'false', message: MESSAGES.invalidEmail } }
      if (await isMailTaken(db, email)) return { data: { valid: 'false', message: MESSAGES.emailRegistered } }
      return { data: { valid: 'true' } }
    },
  )

  app.post(
    '/api/user/register',
    { schema: { body: RegisterBody, response: { 200: answer(RegisterData), ...ERROR_RESPONSES } } },
    async (request) => {
      const mail = request.body.mail[0].value.trim()
      const name = request.body.name[0].value.trim()
      const pass = request.body.pass[0].value
      if (!isEmail(mail)) throw invalid(`The email address <em>${escapeHtml(mail)}</em> is not valid.`)
      if (name.toLowerCase() !== mail.toLowerCase()) throw invalid('The username must be the email address.')
      const problem = passwordProblem(pass)
      if (problem) throw invalid(escapeHtml(problem))
      const taken = () => invalid(`The email address <em>${escapeHtml(mail)}</em> is already taken.`)
      if (await isMailTaken(db, mail)) throw taken()
      const passHash = await hashPassword(pass)
      const at = nowMs()
      const link = (token: string) => `${linkOrigin(request, accounts.publicUrl)}/user/verify/${token}`
      const locale = mailLocale(null, request)
      const site = await readSiteName(db, accounts.publicUrl)
      let uid: number
      try {
        uid = await db.transaction().execute(async (trx) => {
          const id = await createUser(trx, { name, mail, passHash, verified: false, created: at })
          if (locale !== 'en') await trx.updateTable('users').set({ locale }).where('uid', '=', id).execute()
          const token = await issueToken(trx, id, 'verify', at, VERIFY_TOKEN_TTL_MS)
          await enqueueMail(trx, verificationMail(mail.toLowerCase(), link(token), site, locale), at)
          return id
        })
      } catch (error) {
        // Two sign-ups of one address at once: the unique constraint decides.
        if (error instanceof Error && /UNIQUE/i.test(error.message)) throw taken()
        throw error
      }
      mailer.kick()
      return { data: { uid: String(uid), mail: mail.toLowerCase() } }
    },
  )

  app.get(
    '/user/verify/:token',
    { schema: { params: VerifyParams, response: { 302: VerifyAnswer, ...ERROR_RESPONSES } }, exposeHeadRoute: false },
    async (request, reply) => {
      const at = nowMs()
      const uid = await db.transaction().execute(async (trx) => {
        const owner = await consumeToken(trx, request.params.token, 'verify', at)
        if (owner !== null) await trx.updateTable('users').set({ verified: 1 }).where('uid', '=', owner).execute()
        return owner
      })
      return reply.header('cache-control', 'no-store').redirect(uid === null ? '/thank-you?status=invalid' : '/thank-you', 302)
    },
  )

  app.post(
    '/api/resend/verification',
    { schema: { response: { 200: answer(ResendVerificationData), ...ERROR_RESPONSES } } },
    async (request) => {
      const s = requireSession(request)
      if (s.verified) return { data: { message: MESSAGES.alreadyVerified } }
      const at = nowMs()
      if (!(await take(db, RESEND_RULE, String(s.uid), at))) throw tooManyRequests()
      const origin = linkOrigin(request, accounts.publicUrl)
      const site = await readSiteName(db, accounts.publicUrl)
      await db.transaction().execute(async (trx) => {
        // Only the newest link works.
        await trx.deleteFrom('user_tokens').where('uid', '=', s.uid).where('purpose', '=', 'verify').where('used_at', 'is', null).execute()
        const token = await issueToken(trx, s.uid, 'verify', at, VERIFY_TOKEN_TTL_MS)
        await enqueueMail(trx, verificationMail(s.mail, `${origin}/user/verify/${token}`, site, mailLocale(s.locale, request)), at)
      })
      mailer.kick()
      return { data: { message: `A new verification email has been sent to ${s.mail}.` } }
    },
  )

  app.post(
    '/api/user/password',
    { schema: { body: PasswordResetRequestBody, response: { 200: answer(PasswordResetRequestData), ...ERROR_RESPONSES } } },
    async (request) => {
      const at = nowMs()
      if (!(await take(db, PASSWORD_REQUEST_IP_RULE, request.ip, at))) throw tooManyRequests()
      const user = await findUserByLogin(db, request.body.mail)
      // No reset link for an account of single sign-on: it has no password to reset (the answer stays the same).
      if (user && user.pass_hash !== SSO_NO_PASSWORD && (await take(db, PASSWORD_REQUEST_USER_RULE, String(user.uid), at))) {
        const origin = linkOrigin(request, accounts.publicUrl)
        const site = await readSiteName(db, accounts.publicUrl)
        await db.transaction().execute(async (trx) => {
          const token = await issueToken(trx, user.uid, 'reset', at, RESET_TOKEN_TTL_MS)
          await enqueueMail(trx, passwordResetMail(user.mail, `${origin}/user/reset/${token}`, site, mailLocale(user.locale, request)), at)
        })
        mailer.kick()
      }
      return { data: { message: MESSAGES.resetRequested } }
    },
  )

  app.post(
    '/api/user/reset',
    { schema: { body: PasswordResetBody, response: { 200: answer(PasswordResetData), ...ERROR_RESPONSES } } },
    async (request) => {
      const { token, pass } = request.body
      const at = nowMs()
      const invalidToken = () => new HttpError(400, 'invalid_token', MESSAGES.invalidResetToken)
      const owner = await tokenOwner(db, token, 'reset', at)
      if (owner === null) throw invalidToken()
      if ((await findUser(db, owner))?.pass_hash === SSO_NO_PASSWORD) throw new HttpError(400, 'sso_account', MESSAGES.ssoAccount)
      const problem = passwordProblem(pass)
      if (problem) throw invalid(escapeHtml(problem))
      const passHash = await hashPassword(pass)
      const uid = await db.transaction().execute(async (trx) => {
        const owner = await consumeToken(trx, token, 'reset', at)
        if (owner === null) return null
        // Whoever holds the link reads the mailbox: the address counts as verified.
        await trx.updateTable('users').set({ pass_hash: passHash, verified: 1 }).where('uid', '=', owner).execute()
        await trx.deleteFrom('sessions').where('uid', '=', owner).execute()
        return owner
      })
      if (uid === null) throw invalidToken()
      await clear(db, LOGIN_USER_RULE, String(uid))
      return { data: { message: MESSAGES.passwordChanged } }
    },
  )

  app.post(
    '/api/user/settings',
    { schema: { body: UserSettingsBody, response: { 200: answer(UserSettingsData), ...ERROR_RESPONSES } } },
    async (request) => {
      const s = requireSession(request)
      const change: { timezone?: string; locale?: string } = {}
      if (request.body.timezone !== undefined) {
        const timezone = request.body.timezone.trim()
        if (!isTimeZone(timezone)) {
          throw new HttpError(
            400,
            'bad_request',
            `timezone must be an IANA time zone such as UTC or Europe/Berlin, not ${JSON.stringify(timezone)}.`,
          )
        }
        change.timezone = timezone
      }
      if (request.body.locale !== undefined) {
        const locale = request.body.locale.trim()
        if (!(LOCALES as readonly string[]).includes(locale)) {
          throw new HttpError(400, 'bad_request', `locale must be one of ${LOCALES.join(', ')}, not ${JSON.stringify(locale)}.`)
        }
        change.locale = locale
      }
      if (change.timezone === undefined && change.locale === undefined) {
        throw new HttpError(400, 'bad_request', 'Send timezone, locale or both.')
      }
      await db.updateTable('users').set(change).where('uid', '=', s.uid).execute()
      const saved = await db.selectFrom('users').select(['timezone', 'locale']).where('uid', '=', s.uid).executeTakeFirstOrThrow()
      return { data: { timezone: saved.timezone, locale: saved.locale ?? '' } }
    },
  )
}
