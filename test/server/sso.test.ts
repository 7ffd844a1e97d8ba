// Employee single sign-on (docs/operating/staff-sign-in.md#single-sign-on) against a real OpenID Connect provider on
// loopback (test/fixtures/oidc-provider.ts: the `oidc-provider` package, its login page, two employees in different
// groups), on a production app from an empty database. The test plays the browser: the site's answers come from
// `inject`, the provider's over real HTTP, and the site redeems codes at the provider over real HTTP too.
import type { LightMyRequestResponse } from 'fastify'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SESSION_COOKIE } from '../../contract/constants.js'
import type { GlobalData } from '../../contract/global.js'
import type { SecurityData } from '../../contract/staff-identity.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { SSO_FLOW_TTL_MS, SSO_STATE_COOKIE, ssoDestination } from '../../server/accounts/sso.js'
import { readAccountsConfig, readSsoConfig, type SsoConfig } from '../../server/config.js'
import { DEMO_ROLE_MAP, demoEmployees, type Employee, type OidcProviderFixture, startOidcProvider } from '../fixtures/oidc-provider.js'
import { body, FIXED_NOW, type TestApp } from './helpers.js'
import { auditRows, createAccount, errorOf, login, send, type Session, startProduction } from './staff-helpers.js'

const SITE = 'https://status.nimbus.example'
const CALLBACK = `${SITE}/sso/callback`
const carol: Employee = {
  sub: 'emp-0003',
  login: 'carol',
  password: 'Carol-Secret-3',
  email: 'carol@nimbus.example',
  email_verified: true,
  name: 'Carol Before',
  groups: ['psirt'],
}

let provider: OidcProviderFixture
let t: TestApp
let clock = FIXED_NOW.getTime()

const ssoConfig = (p: OidcProviderFixture): SsoConfig => ({
  issuer: p.issuer,
  clientId: p.clientId,
  clientSecret: p.clientSecret,
  groupsClaim: 'groups',
  roleMap: DEMO_ROLE_MAP,
})

const test = suite('sso: employee single sign-on with a real OpenID Connect provider (production, empty database)')

test.before(async () => {
  provider = await startOidcProvider({ redirectUris: [CALLBACK], employees: [...demoEmployees('nimbus.example'), carol] })
  t = await startProduction(SITE, {
    now: () => new Date(clock),
    accounts: { employeeDomains: ['nimbus.example'], sso: ssoConfig(provider) },
  })
})

test.after(async () => {
  await t?.close()
  await provider?.stop()
})

/** The value of the cookie `name` an answer sets, if any. */
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value

/** `GET /sso/login?destination=`: the provider's authorization URL and this browser's state cookie. */
async function begin(destination = 'sign-in', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/sso/login?destination=${encodeURIComponent(destination)}`, headers })
  assert.is(res.statusCode, 302, res.body)
  assert.is(res.headers['cache-control'], 'no-store')
  const state = cookieOf(res, SSO_STATE_COOKIE)
  assert.ok(state, 'the state cookie is set')
  return { authorizationUrl: String(res.headers.location), state: state! }
}

/** The browser coming back to the site at `url` with `cookies`. */
const callback = (url: URL, cookies: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: {
      ...headers,
      cookie: Object.entries(cookies)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  })

/** A whole sign-in of the employee `login` returning to `destination`: the callback's answer and, when signed in, the session. */
async function ssoSignIn(login: string, destination = 'sign-in') {
  const employee = provider.employees.find((e) => e.login === login)!
  const { authorizationUrl, state } = await begin(destination)
  const back = await provider.signIn(authorizationUrl, login, employee.password)
  const res = await callback(back, { [SSO_STATE_COOKIE]: state })
  const cookie = cookieOf(res, SESSION_COOKIE)
  const session: Session | null = cookie ? { cookie, csrf: cookieOf(res, 'z_csrf_token')! } : null
  return { res, session, back, state }
}

/** The problem a refusal page names (its `data-problem`), after checking it is the site's HTML page. */
function problemOf(res: LightMyRequestResponse): string {
  assert.match(String(res.headers['content-type']), /^text\/html/)
  assert.is(res.headers['cache-control'], 'no-store')
  return /data-problem="(\w+)"/.exec(res.body)?.[1] ?? '(none)'
}

const userRow = async (mail: string) =>
  (
    await t.query<{ uid: number; pass_hash: string; verified: number; sso_issuer: string | null; sso_subject: string | null }>(
      'select uid, pass_hash, verified, sso_issuer, sso_subject from users where mail = ?',
      mail,
    )
  )[0]
const roles = async (mail: string) =>
  (
    await t.query<{ role: string }>('select r.role from user_roles r join users u on u.uid = r.uid where u.mail = ? order by r.role', mail)
  ).map((r) => r.role)
const signedIn = async (s: Session) => (await send(t, 'POST', '/api/user/details', { session: s, payload: {} })).statusCode

test('/api/global names /sso/login as the Employee login once single sign-on is set up', async () => {
  const global = body<{ data: GlobalData }>(await t.app.inject({ method: 'GET', url: '/api/global' })).data
  assert.is(global.sso.alias, '/sso/login')
  assert.equal(global.sso.employee_domains, ['nimbus.example'])
})

test('the login redirects to the provider with PKCE, state and nonce, and stores one flow row', async () => {
  const { authorizationUrl, state } = await begin('/admin/dashboard')
  const url = new URL(authorizationUrl)
  assert.is(url.origin, provider.issuer)
  assert.is(url.searchParams.get('client_id'), provider.clientId)
  assert.is(url.searchParams.get('redirect_uri'), CALLBACK)
  assert.is(url.searchParams.get('response_type'), 'code')
  assert.is(url.searchParams.get('code_challenge_method'), 'S256')
  assert.ok(url.searchParams.get('nonce'))
  assert.is(url.searchParams.get('state'), state)
  const [flow] = await t.query<{ destination: string; expires: number }>('select destination, expires from sso_flows order by created desc')
  assert.is(flow.destination, '/admin/dashboard')
  assert.is(flow.expires, clock + SSO_FLOW_TTL_MS)
})

test('first sign-in: the account is made with the mapped roles and no password, lands on the destination, and the console opens', async () => {
  const { res, session } = await ssoSignIn('alice', '/admin/dashboard')
  assert.is(res.statusCode, 302, res.body)
  assert.is(res.headers.location, '/admin/dashboard')
  assert.ok(session, 'a session cookie is set')
  for (const name of ['z_csrf_token', 'z_logout_token', 'z_security_string', 'z_session_timeout']) assert.ok(cookieOf(res, name), name)
  const user = await userRow('alice@nimbus.example')
  assert.is(user.sso_issuer, provider.issuer)
  assert.is(user.sso_subject, 'emp-0001')
  assert.is(user.verified, 1)
  assert.is(user.pass_hash, '!sso')
  assert.equal(await roles('alice@nimbus.example'), ['administrator', 'trust_admin'])
  const [row] = await t.query<{ auth_method: string }>('select auth_method from sessions where uid = ?', user.uid)
  assert.is(row.auth_method, 'sso')

  // No second factor is asked: the provider holds it.
  const security = body<{ data: SecurityData }>(await send(t, 'GET', '/api/user/security', { session: session! })).data
  assert.is(security.auth_method, 'sso')
  assert.is(security.due, null)
  const dashboard = await send(t, 'GET', '/api/admin/dashboard', { session: session! })
  assert.is(dashboard.statusCode, 200, dashboard.body)

  const signIns = await auditRows(t, 'account.sign_in')
  assert.equal(JSON.parse(signIns.at(-1)!.after!), { method: 'sso', ip: '127.0.0.1' })
  const roleRows = await auditRows(t, 'account.roles.sso')
  assert.is(roleRows.at(-1)!.target, 'alice@nimbus.example')
  assert.equal(JSON.parse(roleRows.at(-1)!.before!), [])
  assert.equal(JSON.parse(roleRows.at(-1)!.after!), ['administrator', 'trust_admin'])
})

test('the next sign-in finds the account by issuer and subject: no second account, no role change logged', async () => {
  const before = (await auditRows(t, 'account.roles.sso')).length
  const { res } = await ssoSignIn('alice')
  assert.is(res.headers.location, '/')
  assert.is((await t.query('select uid from users where mail = ?', 'alice@nimbus.example')).length, 1)
  assert.is((await auditRows(t, 'account.roles.sso')).length, before)
})

test('an account of single sign-on has no password: sign-in and reset refuse it in words, and no reset mail goes out', async () => {
  const signIn = await send(t, 'POST', '/api/user/login', { payload: { name: 'alice@nimbus.example', pass: 'Anything123' } })
  assert.is(signIn.statusCode, 400)
  assert.is(errorOf(signIn).code, 'sso_account')
  assert.match(errorOf(signIn).message, /single sign-on.*Employee login/)
  const outbox = async () => (await t.query<{ n: number }>('select count(*) as n from outbox'))[0].n
  const mails = await outbox()
  const reset = await send(t, 'POST', '/api/user/password', { payload: { mail: 'alice@nimbus.example' } })
  assert.is(reset.statusCode, 200, 'the same answer as for any address')
  assert.is(await outbox(), mails, 'no reset link')
})

test('destinations: sign-in and subscribe, same-origin paths only', async () => {
  assert.is(ssoDestination('sign-in'), '/')
  assert.is(ssoDestination('subscribe'), '/subscribe')
  assert.is(ssoDestination('/admin/catalog/clouds?x=1#y'), '/admin/catalog/clouds?x=1#y')
  for (const foreign of [
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
    '/sign-in',
    '/sign-up?x',
    '/a\nb',
    42,
  ]) {
    assert.is(ssoDestination(foreign), '/', String(foreign))
  }
  const { res } = await ssoSignIn('alice', 'subscribe')
  assert.is(res.headers.location, '/subscribe')
  const { res: away } = await ssoSignIn('alice', 'https://evil.example/phish')
  assert.is(away.headers.location, '/')
})

test("roles follow the provider's groups at every sign-in; removing a privileged role ends the other sessions; no role: refused and deprovisioned", async () => {
  const first = await ssoSignIn('bob')
  assert.equal(await roles('bob@nimbus.example'), ['blog_editor'])
  assert.is(await signedIn(first.session!), 200)

  provider.update('emp-0002', { groups: ['trust-admins', 'everyone'] })
  const second = await ssoSignIn('bob')
  assert.is(second.res.statusCode, 302)
  assert.equal(await roles('bob@nimbus.example'), ['administrator', 'trust_admin'])
  const changes = await auditRows(t, 'account.roles.sso')
  assert.equal(JSON.parse(changes.at(-1)!.before!), ['blog_editor'])
  assert.equal(JSON.parse(changes.at(-1)!.after!), ['administrator', 'trust_admin'])
  assert.is(await signedIn(first.session!), 403, 'the session that had blog_editor ended')
  assert.is(await signedIn(second.session!), 200)

  provider.update('emp-0002', { groups: ['everyone'] })
  const third = await ssoSignIn('bob')
  assert.is(third.res.statusCode, 403)
  assert.is(problemOf(third.res), 'noRole')
  assert.match(third.res.body, /None of your groups/)
  assert.is(third.session, null)
  assert.equal(await roles('bob@nimbus.example'), [])
  assert.is(await signedIn(second.session!), 403, 'deprovisioned: every session ended')
  const refused = await auditRows(t, 'account.sso.refused')
  assert.equal(JSON.parse(refused.at(-1)!.after!), { reason: 'noRole', mail: 'bob@nimbus.example', sub: 'emp-0002', groups: ['everyone'] })
  provider.update('emp-0002', { groups: ['psirt', 'everyone'] })
})

test('an address outside the employee domains, or unverified, is refused with a clear page', async () => {
  provider.update('emp-0001', { email: 'alice@partner.example' })
  const outside = await ssoSignIn('alice')
  assert.is(outside.res.statusCode, 403)
  assert.is(problemOf(outside.res), 'notEmployee')
  assert.match(outside.res.body, /not in an employee domain/)
  provider.update('emp-0001', { email: 'alice@nimbus.example', email_verified: false })
  const unverified = await ssoSignIn('alice')
  assert.is(unverified.res.statusCode, 403)
  assert.is(problemOf(unverified.res), 'noEmail')
  provider.update('emp-0001', { email_verified: true })
  assert.is((await ssoSignIn('alice')).res.statusCode, 302)
})

test('the account the employee had before is linked by its address: its password and its password sessions end', async () => {
  await createAccount(t, 'carol@nimbus.example', await hashPassword('Carol-Local-9'), [], 'carol@nimbus.example')
  const local = await login(t, 'carol@nimbus.example', 'Carol-Local-9')
  const { res, session } = await ssoSignIn('carol')
  assert.is(res.statusCode, 302, res.body)
  const user = await userRow('carol@nimbus.example')
  assert.is(user.sso_subject, 'emp-0003')
  assert.is(user.pass_hash, '!sso')
  assert.equal(await roles('carol@nimbus.example'), ['blog_editor'])
  assert.is(await signedIn(local), 403)
  assert.is(await signedIn(session!), 200)
  const again = await send(t, 'POST', '/api/user/login', { payload: { name: 'carol@nimbus.example', pass: 'Carol-Local-9' } })
  assert.is(errorOf(again).code, 'sso_account')
})

test('the sign-in lives in the database: started at one server of the site, it finishes at another', async () => {
  const twin = await startProduction(SITE, {
    dataDir: t.dataDir,
    databaseUrl: t.database.databaseUrl,
    now: () => new Date(clock),
    accounts: { employeeDomains: ['nimbus.example'], sso: ssoConfig(provider) },
  })
  try {
    const { authorizationUrl, state } = await begin()
    const back = await provider.signIn(authorizationUrl, 'alice', 'Alice-Secret-1')
    const res = await twin.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${SSO_STATE_COOKIE}=${state}` },
    })
    assert.is(res.statusCode, 302, res.body)
    assert.ok(cookieOf(res, SESSION_COOKIE))
  } finally {
    // The database is the suite's: this server only stops.
    await twin.stop()
  }
})

test('a tampered state, or an answer without this browser’s state cookie, is refused with a clear page; nothing is signed in', async () => {
  const { authorizationUrl, state } = await begin()
  const back = await provider.signIn(authorizationUrl, 'alice', 'Alice-Secret-1')
  const tampered = new URL(back)
  tampered.searchParams.set('state', `${state}x`)
  const res = await callback(tampered, { [SSO_STATE_COOKIE]: state })
  assert.is(res.statusCode, 400)
  assert.is(problemOf(res), 'badState')
  assert.match(res.body, /does not belong to a sign-in started in this browser/)
  assert.is(cookieOf(res, SESSION_COOKIE), undefined)
  const noCookie = await callback(back, {})
  assert.is(problemOf(noCookie), 'badState')
  assert.is(cookieOf(noCookie, SESSION_COOKIE), undefined)
})

test('a replayed answer finds no flow, and a replayed code with a new flow is refused by the provider', async () => {
  const { res, back, state } = await ssoSignIn('alice')
  assert.is(res.statusCode, 302)
  const replay = await callback(back, { [SSO_STATE_COOKIE]: state })
  assert.is(replay.statusCode, 400)
  assert.is(problemOf(replay), 'badState')
  assert.is(cookieOf(replay, SESSION_COOKIE), undefined)

  const fresh = await begin()
  const reused = new URL(back)
  reused.searchParams.set('state', fresh.state)
  const refused = await callback(reused, { [SSO_STATE_COOKIE]: fresh.state })
  assert.is(refused.statusCode, 400)
  assert.is(problemOf(refused), 'rejected')
  assert.is(cookieOf(refused, SESSION_COOKIE), undefined)
})

test('an ID token issued to another application is refused', async () => {
  const sessions = (await t.query('select id_hash from sessions')).length
  provider.nextIdTokenFor('another-app')
  const { res, session } = await ssoSignIn('alice')
  assert.is(res.statusCode, 400)
  assert.is(problemOf(res), 'rejected')
  assert.match(res.body, /issued to another application/)
  assert.is(session, null)
  assert.is((await t.query('select id_hash from sessions')).length, sessions)
})

test('a sign-in that comes back after 10 minutes is refused as expired', async () => {
  const { authorizationUrl, state } = await begin()
  const back = await provider.signIn(authorizationUrl, 'alice', 'Alice-Secret-1')
  clock += SSO_FLOW_TTL_MS + 1
  try {
    const res = await callback(back, { [SSO_STATE_COOKIE]: state })
    assert.is(res.statusCode, 400)
    assert.is(problemOf(res), 'expired')
  } finally {
    clock = FIXED_NOW.getTime()
  }
})

test('an error answer of the provider (a cancelled sign-in) is a clear page', async () => {
  const { state } = await begin()
  const res = await callback(new URL(`${CALLBACK}?error=access_denied&error_description=cancelled&state=${state}`), {
    [SSO_STATE_COOKIE]: state,
  })
  assert.is(res.statusCode, 400)
  assert.is(problemOf(res), 'providerError')
})

test('the page speaks the visitor’s language: German, and Arabic right to left', async () => {
  const de = await callback(new URL(`${CALLBACK}?state=x`), {}, { 'accept-language': 'de' })
  assert.match(de.body, /<html lang="de" dir="ltr">/)
  assert.match(de.body, /Diese Anmeldung kann nicht abgeschlossen werden/)
  const ar = await callback(new URL(`${CALLBACK}?state=x`), { trust_lang: 'ar' })
  assert.match(ar.body, /<html lang="ar" dir="rtl">/)
  assert.match(ar.body, /تعذّر إكمال تسجيل الدخول هذا/)
})

test('a provider that is down: the sign-in stops with a clear page (503), at the start and at the callback', async () => {
  const { authorizationUrl, state } = await begin()
  const back = await provider.signIn(authorizationUrl, 'alice', 'Alice-Secret-1')
  await provider.stop()
  const res = await callback(back, { [SSO_STATE_COOKIE]: state })
  assert.is(res.statusCode, 503)
  assert.is(problemOf(res), 'providerDown')

  // A site whose provider was never reached answers the same at the start.
  const other = await startProduction('https://status.other.example', {
    accounts: { employeeDomains: ['other.example'], sso: { ...ssoConfig(provider), issuer: provider.issuer } },
  })
  try {
    const start = await other.app.inject({ method: 'GET', url: '/sso/login?destination=sign-in' })
    assert.is(start.statusCode, 503)
    assert.match(start.body, /data-problem="providerDown"/)
    assert.match(start.body, /could not reach your organisation&#39;s identity provider/)
  } finally {
    await other.close()
  }
})

const configTest = suite('sso: configuration')

configTest('a site without OIDC_ISSUER answers the Employee login with a page saying single sign-on is not set up', async () => {
  const plain = await startProduction('https://status.plain.example')
  try {
    const res = await plain.app.inject({ method: 'GET', url: '/sso/login?destination=sign-in' })
    assert.is(res.statusCode, 404)
    assert.match(res.body, /data-problem="notConfigured"/)
    assert.match(res.body, /Single sign-on is not set up/)
    const global = body<{ data: GlobalData }>(await plain.app.inject({ method: 'GET', url: '/api/global' })).data
    assert.is(global.sso.alias, '')
  } finally {
    await plain.close()
  }
})

configTest('OIDC_* are read and checked', () => {
  const env = {
    OIDC_ISSUER: 'https://login.nimbus.example/',
    OIDC_CLIENT_ID: 'trust',
    OIDC_CLIENT_SECRET: 's3cret',
    OIDC_ROLE_MAP: '{"trust-admins":["administrator","trust_admin"],"psirt":"blog_editor"}',
  }
  assert.equal(readSsoConfig(env), {
    issuer: 'https://login.nimbus.example/',
    clientId: 'trust',
    clientSecret: 's3cret',
    groupsClaim: 'groups',
    roleMap: { 'trust-admins': ['administrator', 'trust_admin'], psirt: ['blog_editor'] },
  })
  assert.is(readSsoConfig({}), null)
  assert.is(readSsoConfig({ ...env, OIDC_GROUPS_CLAIM: 'roles' })?.groupsClaim, 'roles')
  assert.ok(readSsoConfig({ ...env, OIDC_ISSUER: 'http://127.0.0.1:9400' }), 'plain http on loopback')
  assert.throws(() => readSsoConfig({ ...env, OIDC_ISSUER: 'http://login.nimbus.example' }), /https:\/\//)
  assert.throws(() => readSsoConfig({ ...env, OIDC_CLIENT_SECRET: '' }), /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/)
  assert.throws(() => readSsoConfig({ ...env, OIDC_ROLE_MAP: 'admins=administrator' }), /JSON object/)
  assert.throws(() => readSsoConfig({ ...env, OIDC_ROLE_MAP: '{"admins":["root"]}' }), /"admins" must map to roles among administrator/)
  assert.throws(() => readAccountsConfig({ ...env, PUBLIC_URL: SITE }, 'production'), /TRUST_EMPLOYEE_DOMAINS is empty/)
  assert.equal(readAccountsConfig({ ...env, TRUST_EMPLOYEE_DOMAINS: 'nimbus.example' }, 'production').sso?.clientId, 'trust')
})

test.run()
configTest.run()
