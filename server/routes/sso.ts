/**
 * Employee single sign-on (docs/operating/staff-sign-in.md#single-sign-on; docs/requirements/screens.md#sign-in,
 * Employee login; docs/requirements/roles.md Employee). Both routes answer browsers, not scripts: a redirect,
 * or an HTML page that says what went wrong and what to do (`server/accounts/sso-page.ts`), never
 * JSON. Neither is ever cached (`Cache-Control: no-store`).
 *
 * - `GET /sso/login?destination=` — the Employee login link (the `sso_alias` of `/api/global`):
 *   starts a sign-in at the identity provider (`OIDC_ISSUER`) and answers 302 to its authorization
 *   URL, with the cookie `trust_sso_state`. `destination` is `sign-in`, `subscribe` or a same-origin
 *   path (`server/accounts/sso.ts` `ssoDestination`). Pages: 404 when single sign-on is not set
 *   up, 429 after 30 starts from one address within 10 minutes, 503 when the provider is down.
 * - `GET /sso/callback?code=&state=` — where the provider sends the browser back: checks the
 *   answer, signs the employee in (a new session, `auth_method` `sso`; audit `account.sign_in`
 *   `{method: 'sso', ip}`), sets the session cookie and the four script-readable cookies the
 *   password sign-in's page writes (`z_csrf_token`, `z_logout_token`, `z_security_string`,
 *   `z_session_timeout`), and answers 302 to the destination. Pages: 400 for a state that is
 *   missing, foreign or used, an expired sign-in, an error from the provider or an answer that
 *   fails a check (a replayed code, an ID token for another audience); 403 for an identity that is
 *   not let in (no verified address, not an employee domain, groups that give no role, an address
 *   linked to another identity); 503 when the provider is down.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { ERROR_RESPONSES } from '../../contract/common.js'
import { SESSION_COOKIE } from '../../contract/constants.js'
import { themeOfCookieHeader } from '../../contract/theme.js'
import { recordAudit } from '../admin/audit.js'
import { take, type FloodRule } from '../accounts/flood.js'
import { createSession, destroySessionByCookie, originOf, SESSION_TTL_MS, setSessionCookie } from '../accounts/sessions.js'
import {
  SSO_FLOW_TTL_MS,
  SSO_PROBLEM_STATUS,
  SSO_STATE_COOKIE,
  SsoClient,
  SsoRefusal,
  signInEmployee,
  ssoDestination,
} from '../accounts/sso.js'
import { ssoProblemPage } from '../accounts/sso-page.js'
import { linkOrigin } from '../http/origin.js'
import { requestLocale } from '../http/page-locale.js'
import { readSiteName } from '../repo/settings.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The path of the Employee login link when single sign-on is set up (`/api/global` `sso.alias`). */
export const SSO_LOGIN_PATH = '/sso/login'
/** Where the identity provider sends the browser back; register `{PUBLIC_URL}/sso/callback` at the provider. */
export const SSO_CALLBACK_PATH = '/sso/callback'
/** Sign-ins started per address: 30 per 10 minutes (each stores a row until it ends or expires). */
export const SSO_START_IP_RULE: FloodRule = { event: 'sso_start_ip', limit: 30, windowMs: 10 * 60_000 }

const LoginQuery = Type.Object({ destination: Type.Optional(Type.String()) })
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  iss: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
})
const RESPONSES = { 302: Type.Null(), ...ERROR_RESPONSES }

/** Registers the two routes above. */
export function registerSsoRoutes(app: TrustApp, { db, now, accounts }: RouteDeps): void {
  const sso = accounts.sso ? new SsoClient(accounts.sso) : null
  const secure = (protocol: string) => protocol === 'https' || (accounts.publicUrl?.startsWith('https:') ?? false)

  /** Answers the page of `refusal` (and logs what was seen: the page says less). */
  const refuse = async (request: FastifyRequest, reply: FastifyReply, refusal: SsoRefusal, destination: string) => {
    request.log.warn({ problem: refusal.problem }, refusal.message)
    const page = ssoProblemPage({
      problem: refusal.problem,
      locale: requestLocale(request.headers, request.url),
      theme: themeOfCookieHeader(request.headers.cookie),
      site: await readSiteName(db, accounts.publicUrl),
      retry: `${SSO_LOGIN_PATH}?destination=${encodeURIComponent(destination === '/' ? 'sign-in' : destination)}`,
    })
    return reply.code(SSO_PROBLEM_STATUS[refusal.problem]).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page)
  }

  app.get(SSO_LOGIN_PATH, { schema: { querystring: LoginQuery, response: RESPONSES }, exposeHeadRoute: false }, async (request, reply) => {
    const destination = ssoDestination(request.query.destination)
    try {
      if (!sso) throw new SsoRefusal('notConfigured', 'OIDC_ISSUER is not set')
      const at = now().getTime()
      if (!(await take(db, SSO_START_IP_RULE, request.ip, at))) throw new SsoRefusal('tooMany', `from ${request.ip}`)
      const redirectUri = `${linkOrigin(request, accounts.publicUrl)}${SSO_CALLBACK_PATH}`
      const { url, state } = await sso.start(db, redirectUri, destination, at)
      reply.setCookie(SSO_STATE_COOKIE, state, {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation, which carries it.
        sameSite: 'lax',
        path: '/sso/',
        maxAge: SSO_FLOW_TTL_MS / 1000,
        secure: secure(request.protocol),
      })
      return reply.header('cache-control', 'no-store').redirect(url, 302)
    } catch (error) {
      if (error instanceof SsoRefusal) return refuse(request, reply, error, destination)
      throw error
    }
  })

  app.get(
    SSO_CALLBACK_PATH,
    { schema: { querystring: CallbackQuery, response: RESPONSES }, exposeHeadRoute: false },
    async (request, reply) => {
      const cookieState = request.cookies[SSO_STATE_COOKIE]
      // The state cookie serves one answer only, whatever it brings.
      if (cookieState !== undefined)
        reply.clearCookie(SSO_STATE_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/sso/', secure: secure(request.protocol) })
      let destination = '/'
      try {
        if (!sso || !accounts.sso) throw new SsoRefusal('notConfigured', 'OIDC_ISSUER is not set')
        const at = now().getTime()
        // The URL the provider redirected to, as registered there: the site's public origin and this path.
        const callbackUrl = new URL(`${linkOrigin(request, accounts.publicUrl)}${request.url}`)
        const finished = await sso.finish(db, callbackUrl, cookieState, at)
        destination = finished.destination
        const employee = await signInEmployee(db, accounts.sso, accounts.employeeDomains, finished.claims, at)
        // Never reuse a session id: the browser's old session ends here (session fixation).
        await destroySessionByCookie(db, request.cookies[SESSION_COOKIE])
        const session = await createSession(db, employee.uid, at, originOf(request, 'sso'))
        const actor = { uid: employee.uid, name: employee.name }
        await recordAudit(db, { actor, action: 'account.sign_in', target: employee.name, after: { method: 'sso', ip: request.ip } }, at)
        setSessionCookie(request, reply, session.cookieValue, accounts.publicUrl)
        // What the password sign-in's answer gives the page, which writes them itself (docs/requirements/entities.md#cookies):
        // here the page loads signed in and adopts the session from them.
        const tokens = {
          z_csrf_token: session.csrfToken,
          z_logout_token: session.logoutToken,
          z_security_string: session.securityString,
          z_session_timeout: String(session.expires),
        }
        for (const [name, value] of Object.entries(tokens)) {
          reply.setCookie(name, value, { path: '/', sameSite: 'lax', maxAge: SESSION_TTL_MS / 1000, secure: secure(request.protocol) })
        }
        return reply.header('cache-control', 'no-store').redirect(destination, 302)
      } catch (error) {
        if (error instanceof SsoRefusal) return refuse(request, reply, error, destination)
        throw error
      }
    },
  )
}
