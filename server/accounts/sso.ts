/**
 * Employee single sign-on over OpenID Connect, the relying party (docs/operating/staff-sign-in.md#single-sign-on;
 * docs/requirements/roles.md Employee; docs/requirements/screens.md#sign-in, Employee login).
 *
 * A sign-in is the authorization code flow with PKCE (`openid-client`): {@link SsoClient.start}
 * stores one row in `sso_flows` (keyed by the SHA-256 of the random `state`: the PKCE verifier,
 * the `nonce`, the destination, an expiry {@link SSO_FLOW_TTL_MS} ahead) and answers the
 * provider's authorization URL; the browser also keeps the `state` in the short-lived cookie
 * {@link SSO_STATE_COOKIE}, so an answer can only finish the sign-in the same browser started.
 * {@link SsoClient.finish} deletes that row before anything else (a replayed answer finds none),
 * then lets `openid-client` redeem the code and check the ID token (signature, issuer, audience,
 * `nonce`, expiry, with {@link CLOCK_TOLERANCE_S} of clock skew). The rows live in the database, not
 * in process memory, so several origins behind a CDN share them.
 *
 * {@link signInEmployee} then finds the account by the provider's (issuer, `sub`), or links the
 * account of the same address, or creates one (verified, with {@link SSO_NO_PASSWORD}: never a local
 * password), and replaces its roles with those its groups map to (`OIDC_ROLE_MAP`). An account whose
 * groups map to no role, or whose address is not in an employee domain, is refused, loses its roles
 * and every session (deprovisioning). Role changes go to the audit log (`account.roles.sso`), as do
 * refusals (`account.sso.refused`).
 */
import type { Kysely, Transaction } from 'kysely'
import * as oidc from 'openid-client'
import type { SsoConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { recordAudit } from '../admin/audit.js'
import { sha256 } from './tokens.js'
import { createUser, rolesOf } from './users.js'

/** A started sign-in must come back from the provider within 10 minutes (ms). */
export const SSO_FLOW_TTL_MS = 10 * 60_000
/** The cookie holding the `state` of this browser's sign-in (HttpOnly, `Path=/sso/`). */
export const SSO_STATE_COOKIE = 'trust_sso_state'
/** Seconds of clock difference tolerated between this server and the provider (ID token `iat`, `exp`). */
export const CLOCK_TOLERANCE_S = 120
/** Seconds to wait for the provider's discovery, token and userinfo answers. */
const PROVIDER_TIMEOUT_S = 10
/**
 * The `pass_hash` of an account made or linked by single sign-on: not a password hash at all, so
 * no password ever matches it (`server/accounts/passwords.ts` `verifyPassword`).
 */
export const SSO_NO_PASSWORD = '!sso'
/** The audit log's actor of single sign-on's own changes (roles from the provider, refusals). */
const SSO_ACTOR = { uid: null, name: 'single sign-on' } as const

/**
 * Why a single sign-on stopped; each has its own page (`server/accounts/messages.ts`):
 * - `notConfigured`: no `OIDC_ISSUER` (404);
 * - `tooMany`: too many sign-ins started from one address (429);
 * - `providerDown`: discovery, the token or userinfo endpoint did not answer (503);
 * - `badState`: no `state`, a `state` other than this browser's, or one already used (400);
 * - `expired`: the flow is older than {@link SSO_FLOW_TTL_MS} (400);
 * - `providerError`: the provider answered `error=…` (400);
 * - `rejected`: the provider's answer failed a check: a code it refused (replayed), an ID token
 *   for another audience, a wrong issuer, nonce or signature (400);
 * - `noEmail`, `notEmployee`, `noRole`, `taken`: the identity is not let in (403).
 */
export type SsoProblem =
  | 'notConfigured'
  | 'tooMany'
  | 'providerDown'
  | 'badState'
  | 'expired'
  | 'providerError'
  | 'rejected'
  | 'noEmail'
  | 'notEmployee'
  | 'noRole'
  | 'taken'

/** The HTTP status of each {@link SsoProblem}'s page. */
export const SSO_PROBLEM_STATUS: Readonly<Record<SsoProblem, 400 | 403 | 404 | 429 | 503>> = {
  notConfigured: 404,
  tooMany: 429,
  providerDown: 503,
  badState: 400,
  expired: 400,
  providerError: 400,
  rejected: 400,
  noEmail: 403,
  notEmployee: 403,
  noRole: 403,
  taken: 403,
}

/** A single sign-on that stopped: its {@link SsoProblem} and, for the log, what was seen. */
export class SsoRefusal extends Error {
  constructor(
    readonly problem: SsoProblem,
    detail: string,
  ) {
    super(`single sign-on refused (${problem}): ${detail}`)
  }
}

/**
 * Where a single sign-on returns to: the Employee login link's `destination` (docs/requirements/screens.md#sign-in)
 * `sign-in` → `/`, `subscribe` → `/subscribe`; or a same-origin path (`/admin`, `/subscribe?x=1`).
 * Anything else — absolute or protocol-relative URLs, backslashes, control characters, encoded
 * slashes at the start, the sign-in and sign-up pages — gives `/`.
 */
export function ssoDestination(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2000) return '/'
  const value = raw.trim()
  if (value === '' || value === 'sign-in') return '/'
  if (value === 'subscribe') return '/subscribe'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a destination with control characters is refused
  if (!value.startsWith('/') || value.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(value)) return '/'
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return '/'
  }
  if (/^\/[/\\]/.test(decoded)) return '/'
  const probe = 'https://same-origin.invalid'
  const url = new URL(value, probe)
  if (url.origin !== probe || /^\/(?:sign-in|sign-up)(?:[/?#]|$)/.test(url.pathname)) return '/'
  return url.pathname + url.search + url.hash
}

/** What {@link SsoClient.finish} learnt: the destination, and the provider's claims about the employee. */
export interface FinishedFlow {
  destination: string
  claims: EmployeeClaims
}

/** The claims single sign-on uses: the ID token's, completed from userinfo when it lacks some. */
export interface EmployeeClaims {
  sub: string
  email?: unknown
  email_verified?: unknown
  name?: unknown
  /** Any other claim, among them the groups claim (`OIDC_GROUPS_CLAIM`). */
  [claim: string]: unknown
}

/** Whether an error of `openid-client` means the provider could not be reached (not that it refused). */
function unreachable(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) return false
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || (e instanceof TypeError && /fetch failed/i.test(e.message))) return true
    if ('code' in e && typeof e.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_)/.test(e.code))
      return true
  }
  // An answer that is not the provider's JSON (a 5xx page of a proxy) counts as the provider down.
  return error instanceof oidc.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM'
}

/**
 * The relying party of one identity provider. Discovery happens at the first sign-in and is kept
 * while it works (a failed one is tried again at the next sign-in), so the site starts even while
 * the provider is down.
 */
export class SsoClient {
  private discovered: Promise<oidc.Configuration> | undefined

  constructor(readonly config: SsoConfig) {}

  /** The provider's configuration (discovery), or `providerDown`. */
  private async configuration(): Promise<oidc.Configuration> {
    this.discovered ??= (async () => {
      const issuer = new URL(this.config.issuer)
      const configuration = await oidc.discovery(
        issuer,
        this.config.clientId,
        { client_secret: this.config.clientSecret, [oidc.clockTolerance]: CLOCK_TOLERANCE_S },
        oidc.ClientSecretBasic(this.config.clientSecret),
        { timeout: PROVIDER_TIMEOUT_S, ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}) },
      )
      configuration.timeout = PROVIDER_TIMEOUT_S
      return configuration
    })()
    try {
      return await this.discovered
    } catch (error) {
      this.discovered = undefined
      throw new SsoRefusal('providerDown', `discovery of ${this.config.issuer} failed: ${(error as Error).message}`)
    }
  }

  /**
   * Starts a sign-in returning to `destination` (a same-origin path, see {@link ssoDestination})
   * through `redirectUri` (this site's `/sso/callback`); `now` epoch ms. Drops expired flows.
   *
   * @returns the provider's authorization URL, and the `state` for {@link SSO_STATE_COOKIE}.
   * @throws SsoRefusal `providerDown`.
   */
  async start(db: Kysely<Database>, redirectUri: string, destination: string, now: number): Promise<{ url: string; state: string }> {
    const configuration = await this.configuration()
    const codeVerifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    await db.deleteFrom('sso_flows').where('expires', '<=', now).execute()
    await db
      .insertInto('sso_flows')
      .values({ state_hash: sha256(state), code_verifier: codeVerifier, nonce, destination, created: now, expires: now + SSO_FLOW_TTL_MS })
      .execute()
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    return { url: url.href, state }
  }

  /**
   * Finishes the sign-in the provider answered at `callbackUrl` (this site's public
   * `/sso/callback?…`, as the browser requested it) in the browser whose {@link SSO_STATE_COOKIE}
   * is `cookieState`; `now` epoch ms. The flow's row is deleted first, whatever comes next.
   *
   * @throws SsoRefusal `badState` | `expired` | `providerError` | `rejected` | `providerDown`.
   */
  async finish(db: Kysely<Database>, callbackUrl: URL, cookieState: string | undefined, now: number): Promise<FinishedFlow> {
    const state = callbackUrl.searchParams.get('state') ?? ''
    if (state === '' || state.length > 200) throw new SsoRefusal('badState', 'the answer carries no state')
    if (cookieState !== state) throw new SsoRefusal('badState', 'the state is not the one this browser started')
    const flow = await db.deleteFrom('sso_flows').where('state_hash', '=', sha256(state)).returningAll().executeTakeFirst()
    if (!flow) throw new SsoRefusal('badState', 'no sign-in waits for this state (already used, or never started)')
    if (flow.expires <= now) throw new SsoRefusal('expired', 'the sign-in was started more than 10 minutes ago')
    if (callbackUrl.searchParams.has('error')) {
      const error = callbackUrl.searchParams.get('error')
      throw new SsoRefusal('providerError', `${error}: ${callbackUrl.searchParams.get('error_description') ?? ''}`)
    }
    const configuration = await this.configuration()
    let claims: EmployeeClaims
    let accessToken: string
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      })
      const idClaims = tokens.claims()
      if (!idClaims) throw new SsoRefusal('rejected', 'the token answer has no ID token')
      claims = { ...idClaims }
      accessToken = tokens.access_token
    } catch (error) {
      if (error instanceof SsoRefusal) throw error
      if (unreachable(error)) throw new SsoRefusal('providerDown', `the token endpoint did not answer: ${(error as Error).message}`)
      throw new SsoRefusal('rejected', (error as Error).message)
    }
    // Providers differ in what the ID token carries: the address and the groups may be at userinfo only.
    if (typeof claims.email !== 'string' || claims[this.config.groupsClaim] === undefined) {
      try {
        const info = await oidc.fetchUserInfo(configuration, accessToken, claims.sub)
        claims = { ...info, ...claims }
      } catch (error) {
        if (unreachable(error)) throw new SsoRefusal('providerDown', `the userinfo endpoint did not answer: ${(error as Error).message}`)
        throw new SsoRefusal('rejected', `userinfo: ${(error as Error).message}`)
      }
    }
    return { destination: flow.destination, claims }
  }
}

/** The groups in `claims`' groups claim: a list of strings, or one string. */
export function groupsOf(claims: EmployeeClaims, groupsClaim: string): string[] {
  const value = claims[groupsClaim]
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : []
}

/** The roles `groups` give by `roleMap`, sorted, each once. */
export function rolesOfGroups(groups: readonly string[], roleMap: SsoConfig['roleMap']): string[] {
  const roles = new Set<string>()
  for (const group of groups) for (const role of Object.hasOwn(roleMap, group) ? roleMap[group] : []) roles.add(role)
  return [...roles].sort()
}

/** Replaces `uid`'s roles with `roles` (sorted); returns the roles it had, sorted. */
async function replaceRoles(trx: Transaction<Database>, uid: number, roles: readonly string[]): Promise<string[]> {
  const before = await rolesOf(trx, uid)
  if (before.join() === roles.join()) return before
  await trx.deleteFrom('user_roles').where('uid', '=', uid).execute()
  if (roles.length)
    await trx
      .insertInto('user_roles')
      .values(roles.map((role) => ({ uid, role })))
      .execute()
  return before
}

/** The employee an accepted single sign-on signs in. */
export interface SignedInEmployee {
  uid: number
  name: string
  roles: string[]
  /** Whether the account was created by this sign-in. */
  created: boolean
}

/**
 * Lets the employee of `claims` in, or refuses them (see the module comment); `at` epoch ms. In
 * one transaction: the account found, linked or created, its roles replaced (audit
 * `account.roles.sso` {before, after} when they change), and, when a privileged role was removed,
 * every session of the account ended (the caller then starts the new one). A refusal is audited
 * (`account.sso.refused`, `after: {reason, mail, groups}`); a known account refused for `noRole` or
 * `notEmployee` loses its roles and all its sessions.
 *
 * @throws SsoRefusal `noEmail` | `notEmployee` | `noRole` | `taken`.
 */
export async function signInEmployee(
  db: Kysely<Database>,
  sso: SsoConfig,
  employeeDomains: readonly string[],
  claims: EmployeeClaims,
  at: number,
): Promise<SignedInEmployee> {
  const issuer = sso.issuer
  const sub = claims.sub
  const mail = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
  const groups = groupsOf(claims, sso.groupsClaim)
  const roles = rolesOfGroups(groups, sso.roleMap)
  const outcome = await db.transaction().execute(async (trx) => {
    const linked = await trx
      .selectFrom('users')
      .select(['uid', 'name'])
      .where('sso_issuer', '=', issuer)
      .where('sso_subject', '=', sub)
      .executeTakeFirst()
    const refuse = async (problem: 'noEmail' | 'notEmployee' | 'noRole' | 'taken') => {
      if (linked && problem !== 'taken') {
        // Deprovisioning: the provider no longer lets this employee in here.
        const before = await replaceRoles(trx, linked.uid, [])
        if (before.length) await audit(trx, linked.name, 'account.roles.sso', { before, after: [] }, at)
        await trx.deleteFrom('sessions').where('uid', '=', linked.uid).execute()
      }
      await audit(trx, linked?.name ?? (mail || sub), 'account.sso.refused', { after: { reason: problem, mail, sub, groups } }, at)
      return { refused: problem } as const
    }
    if (mail === '' || claims.email_verified === false) return refuse('noEmail')
    const domain = mail.slice(mail.lastIndexOf('@') + 1)
    if (!employeeDomains.includes(domain)) return refuse('notEmployee')
    if (roles.length === 0) return refuse('noRole')

    let account = linked
    let created = false
    if (!account) {
      const same = await trx.selectFrom('users').select(['uid', 'name', 'sso_issuer']).where('mail', '=', mail).executeTakeFirst()
      if (same && same.sso_issuer !== null) return refuse('taken')
      if (same) {
        // The employee's account from before single sign-on: linked, and its password no longer works.
        await trx
          .updateTable('users')
          .set({ sso_issuer: issuer, sso_subject: sub, pass_hash: SSO_NO_PASSWORD, verified: 1 })
          .where('uid', '=', same.uid)
          .execute()
        await trx.deleteFrom('sessions').where('uid', '=', same.uid).execute()
        account = { uid: same.uid, name: same.name }
      } else {
        const nameTaken = await trx.selectFrom('users').select('uid').where('name', '=', mail).executeTakeFirst()
        const name = nameTaken ? `${mail} (${sub})`.slice(0, 254) : mail
        const uid = await createUser(trx, { name, mail, passHash: SSO_NO_PASSWORD, verified: true, created: at })
        await trx.updateTable('users').set({ sso_issuer: issuer, sso_subject: sub }).where('uid', '=', uid).execute()
        account = { uid, name }
        created = true
      }
    }
    const before = await replaceRoles(trx, account.uid, roles)
    if (before.join() !== roles.join()) {
      await audit(trx, account.name, 'account.roles.sso', { before, after: roles }, at)
      // A privileged role taken away ends every session that had it.
      if (before.some((role) => !roles.includes(role))) await trx.deleteFrom('sessions').where('uid', '=', account.uid).execute()
    }
    await trx.updateTable('users').set({ last_login: at }).where('uid', '=', account.uid).execute()
    return { uid: account.uid, name: account.name, roles, created }
  })
  if ('refused' in outcome) throw new SsoRefusal(outcome.refused, `${mail || sub}: groups ${JSON.stringify(groups)}`)
  return outcome
}

/** Writes one audit entry of single sign-on about the account named `target`. */
function audit(
  trx: Transaction<Database>,
  target: string,
  action: string,
  change: { before?: unknown; after?: unknown },
  at: number,
): Promise<void> {
  return recordAudit(trx, { actor: SSO_ACTOR, action, target, ...change }, at)
}
