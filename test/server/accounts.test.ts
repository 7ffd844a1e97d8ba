import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { LightMyRequestResponse } from 'fastify'
import type { LoginData, UserDetailsData } from '../../contract/accounts.js'
import { INTERNAL_FIELDS, PASSWORD_POLICY, SESSION_COOKIE } from '../../contract/constants.js'
import type { RecordListData } from '../../contract/records.js'
import { hashPassword, passwordProblem, verifyPassword } from '../../server/accounts/passwords.js'
import { body, FIXED_NOW, startApp, type TestApp, until } from './helpers.js'

// The clock of these tests is adjustable: flood windows and token lifetimes depend on it.
let clock = FIXED_NOW.getTime()
const HOUR = 3_600_000
let t: TestApp

interface Call {
  cookie?: string
  csrf?: string
  ip?: string
  headers?: Record<string, string>
}

function post(url: string, payload?: unknown, { cookie, csrf, ip, headers = {} }: Call = {}) {
  const h: Record<string, string> = { ...headers }
  if (cookie) h.cookie = `${SESSION_COOKIE}=${cookie}`
  if (csrf) h['x-csrf-token'] = csrf
  return t.app.inject({ method: 'POST', url, payload: payload as any, headers: h, remoteAddress: ip ?? '127.0.0.1' })
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} })
}

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)
}

async function login(name: string, pass: string, call: Call = {}) {
  const res = await post('/api/user/login', { name, pass }, call)
  assert.is(res.statusCode, 200, res.body)
  const cookie = sessionCookie(res)!
  return { res, data: body<{ data: LoginData }>(res).data, cookie: cookie.value }
}

function errorOf(res: LightMyRequestResponse) {
  return body<{ error: { code: string; message: string } }>(res).error
}

async function mails(): Promise<Array<{ id: number; to: string; subject: string; text: string; sent_at: number | null }>> {
  const res = await get('/api/dev/mail')
  assert.is(res.statusCode, 200)
  return body(res).data
}

const registerBody = (mail: string, pass: string, name = mail) => ({
  mail: [{ value: mail }],
  name: [{ value: name }],
  pass: [{ value: pass }],
})

const test = suite('accounts and sessions')

test.before.each(async () => {
  clock = FIXED_NOW.getTime()
  t = await startApp({ now: () => new Date(clock) })
})
test.after.each(async () => {
  await t.close()
})

test('passwords: scrypt format, verification, policy', async () => {
  const hash = await hashPassword('Secret123')
  assert.match(hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
  assert.ok(await verifyPassword('Secret123', hash))
  assert.not.ok(await verifyPassword('Secret124', hash))
  assert.not.ok(await verifyPassword('x', 'garbage'))
  assert.is(passwordProblem('Abcd1'), null)
  for (const bad of ['Abc1', 'abcde1', 'Abcdef', `A1${'x'.repeat(PASSWORD_POLICY.maxLength)}`]) {
    assert.is(passwordProblem(bad), PASSWORD_POLICY.message, bad)
  }
})

test('register → verification mail → verify → /thank-you; the link works once', async () => {
  const res = await post('/api/user/register', registerBody('New.User@Example.com', 'Secret123'))
  assert.is(res.statusCode, 200, res.body)
  const data = body(res).data
  assert.match(data.uid, /^\d+$/)
  assert.is(data.mail, 'new.user@example.com')

  const mail = (await mails()).find((m) => m.to === 'new.user@example.com')!
  assert.ok(mail, 'a verification mail is in the outbox')
  assert.is(mail.subject, 'Verify your email address')
  const link = /https?:\/\/[^\s]+\/user\/verify\/([A-Za-z0-9_-]{43})/.exec(mail.text)
  assert.ok(link, mail.text)
  assert.ok(link![0].startsWith('http://localhost'), link![0])

  // Unverified until the link is opened.
  const { cookie, data: session } = await login('new.user@example.com', 'Secret123')
  assert.equal(session.current_user.roles, ['authenticated'])
  const before = await post('/api/user/details', { cloud: 'auroraedge' }, { cookie, csrf: session.csrf_token })
  assert.is(body<{ data: UserDetailsData }>(before).data.auth.user.verified[0].value, false)

  const verify = await get(`/user/verify/${link![1]}`)
  assert.is(verify.statusCode, 302)
  assert.is(verify.headers.location, '/thank-you')
  const after = await post('/api/user/details', {}, { cookie, csrf: session.csrf_token })
  assert.is(body<{ data: UserDetailsData }>(after).data.auth.user.verified[0].value, true)

  const replay = await get(`/user/verify/${link![1]}`)
  assert.is(replay.statusCode, 302)
  assert.is(replay.headers.location, '/thank-you?status=invalid')
  assert.is((await get('/user/verify/nonsense')).headers.location, '/thank-you?status=invalid')
  // A HEAD (link scanners) does not consume a token.
  assert.is.not((await t.app.inject({ method: 'HEAD', url: `/user/verify/${link![1]}` })).statusCode, 302)
})

test('the mailer delivers the outbox (JSON transport) and /dev/mail lists it with real links', async () => {
  await post('/api/user/register', registerBody('list@example.com', 'Secret123'))
  await until(async () => (await mails())[0].sent_at !== null, 'the delivery')
  const list = await mails()
  assert.is(list[0].sent_at, clock)
  const page = await get('/dev/mail')
  assert.is(page.statusCode, 200)
  assert.match(String(page.headers['content-type']), /^text\/html/)
  assert.ok(page.headers['content-security-policy'])
  assert.match(page.body, /<a href="http:\/\/localhost(:\d+)?\/user\/verify\/[A-Za-z0-9_-]{43}">/)
  assert.match(page.body, /list@example\.com/)
  assert.not.match(page.body, /<script|style=/)
})

test('verification links expire after 24 hours', async () => {
  await post('/api/user/register', registerBody('late@example.com', 'Secret123'))
  const token = /\/user\/verify\/([A-Za-z0-9_-]+)/.exec((await mails())[0].text)![1]
  clock += 24 * HOUR + 1
  assert.is((await get(`/user/verify/${token}`)).headers.location, '/thank-you?status=invalid')
})

test('register refuses taken, malformed, mismatched and weak input with HTML messages', async () => {
  const taken = await post('/api/user/register', registerBody('VIEWER@example.com', 'Secret123'))
  assert.is(taken.statusCode, 400)
  assert.equal(errorOf(taken), { code: 'invalid', message: 'The email address <em>VIEWER@example.com</em> is already taken.' })

  const hostile = await post('/api/user/register', registerBody('<b>x</b>@example.com', 'Secret123'))
  assert.is(errorOf(hostile).code, 'invalid')
  assert.not.match(errorOf(hostile).message, /<b>/)

  const weak = await post('/api/user/register', registerBody('weak@example.com', 'secret'))
  assert.equal(errorOf(weak), { code: 'invalid', message: PASSWORD_POLICY.message.replace('&', '&amp;') })

  const mismatch = await post('/api/user/register', registerBody('a@example.com', 'Secret123', 'b@example.com'))
  assert.is(errorOf(mismatch).code, 'invalid')
  assert.is((await post('/api/user/register', { mail: 'x' })).statusCode, 400)
  assert.equal(await mails(), [])
})

test('login answers tokens and an HttpOnly SameSite=Lax cookie; a new session id at each login', async () => {
  const first = await login('viewer', 'Viewer12345')
  const c = sessionCookie(first.res)!
  assert.is(c.httpOnly, true)
  assert.is(c.sameSite, 'Lax')
  assert.is(c.path, '/')
  assert.is(c.maxAge, 86400)
  assert.not.ok(c.secure)
  assert.match(c.value, /^[A-Za-z0-9_-]{43}$/)
  const d = first.data
  assert.equal(Object.keys(d).sort(), ['csrf_token', 'current_user', 'logout_token', 'second_factor', 'security_string', 'session_timeout'])
  assert.is(d.session_timeout, clock + 86_400_000)
  assert.equal(d.current_user, { uid: d.current_user.uid, name: 'viewer', roles: ['authenticated'] })
  assert.is(first.res.headers['cache-control'], 'no-store')

  // The database holds only a hash of the cookie value.
  const rows = await t.query<{ id_hash: string }>('select id_hash from sessions')
  assert.ok(rows.every((r) => r.id_hash !== c.value && /^[0-9a-f]{64}$/.test(r.id_hash)))

  // Same browser signs in again: new id, the old one is dead.
  const second = await login('VIEWER@EXAMPLE.COM', 'Viewer12345', { cookie: first.cookie })
  assert.is.not(second.cookie, first.cookie)
  assert.is.not(second.data.csrf_token, first.data.csrf_token)
  const old = await post('/api/user/details', {}, { cookie: first.cookie, csrf: first.data.csrf_token })
  assert.is(old.statusCode, 403)
  assert.is(errorOf(old).code, 'not_signed_in')
})

test('before-login ends the session of this browser', async () => {
  const s = await login('viewer', 'Viewer12345')
  const res = await post('/api/user/before-login', undefined, { cookie: s.cookie })
  assert.equal(body(res), { data: { message: 'success' } })
  assert.is(sessionCookie(res)!.value, '')
  assert.is((await post('/api/user/details', {}, { cookie: s.cookie, csrf: s.data.csrf_token })).statusCode, 403)
  assert.equal(body(await post('/api/user/before-login')), { data: { message: 'success' } })
})

test('details: shape for the admin; refused without CSRF or session', async () => {
  const s = await login('trust-admin@example.com', 'Admin12345')
  assert.equal(s.data.current_user.roles, ['authenticated', 'administrator', 'trust_admin'])
  const res = await post('/api/user/details', { cloud: 'auroraedge' }, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.is(res.statusCode, 200)
  assert.equal(body(res).data, {
    auth: {
      user: {
        timezone: [{ value: 'UTC' }],
        mail: [{ value: 'trust-admin@example.com' }],
        uid: [{ value: s.data.current_user.uid }],
        name: [{ value: 'admin' }],
        verified: [{ value: true }],
      },
      roles: ['authenticated', 'administrator', 'trust_admin'],
    },
  })
  for (const url of ['/api/user/details', '/api/user/settings', '/api/resend/verification']) {
    const payload = url.endsWith('settings') ? { timezone: 'UTC' } : {}
    const noCsrf = await post(url, payload, { cookie: s.cookie })
    assert.is(noCsrf.statusCode, 403, url)
    assert.is(errorOf(noCsrf).code, 'csrf', url)
    const wrong = await post(url, payload, { cookie: s.cookie, csrf: s.data.logout_token })
    assert.is(errorOf(wrong).code, 'csrf', url)
    const anonymous = await post(url, payload, { csrf: s.data.csrf_token })
    assert.is(errorOf(anonymous).code, 'not_signed_in', url)
  }
})

test('cross-site POSTs are refused with 403 cross_site', async () => {
  const s = await login('viewer', 'Viewer12345')
  const cases: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }]
  for (const headers of cases) {
    for (const url of ['/api/user/login', '/api/user/details', '/api/user/register', `/user/logout?token=${s.data.logout_token}`]) {
      const res = await post(url, { name: 'viewer', pass: 'Viewer12345' }, { cookie: s.cookie, csrf: s.data.csrf_token, headers })
      assert.is(res.statusCode, 403, `${url} ${JSON.stringify(headers)}`)
      assert.is(errorOf(res).code, 'cross_site')
    }
  }
  // Same origin and same-origin fetch metadata pass.
  const ok = await post(
    '/api/user/details',
    {},
    {
      cookie: s.cookie,
      csrf: s.data.csrf_token,
      headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
    },
  )
  assert.is(ok.statusCode, 200, ok.body)
  // Reads are not affected.
  assert.is((await t.app.inject({ method: 'GET', url: '/api/global', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode, 200)
})

test('logout: wrong token 403 bad_token, right token 204, the old cookie is refused afterwards', async () => {
  const s = await login('viewer', 'Viewer12345')
  const wrong = await post(`/user/logout?token=${s.data.csrf_token}`, undefined, { cookie: s.cookie })
  assert.is(wrong.statusCode, 403)
  assert.is(errorOf(wrong).code, 'bad_token')
  const missing = await post('/user/logout', undefined, { cookie: s.cookie })
  assert.is(errorOf(missing).code, 'bad_token')
  const ok = await post(`/user/logout?token=${s.data.logout_token}`, undefined, { cookie: s.cookie })
  assert.is(ok.statusCode, 204)
  assert.is(sessionCookie(ok)!.value, '')
  const replay = await post('/api/user/details', {}, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.is(replay.statusCode, 403)
  assert.is(errorOf(replay).code, 'not_signed_in')
  const again = await post(`/user/logout?token=${s.data.logout_token}`, undefined, { cookie: s.cookie })
  assert.is(errorOf(again).code, 'not_signed_in')
})

test('sessions expire after 86400 s', async () => {
  const s = await login('viewer', 'Viewer12345')
  clock += 86_400_000
  const res = await post('/api/user/details', {}, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.is(errorOf(res).code, 'not_signed_in')
})

test('unknown user and wrong password get the same answer', async () => {
  const unknown = await post('/api/user/login', { name: 'nobody@example.com', pass: 'Whatever1' })
  const wrong = await post('/api/user/login', { name: 'viewer', pass: 'Wrong12345' })
  assert.is(unknown.statusCode, 400)
  assert.is(wrong.statusCode, 400)
  assert.is(unknown.body, wrong.body)
  assert.equal(errorOf(wrong), { code: 'bad_credentials', message: 'Unrecognized username or password.' })
  assert.is(sessionCookie(wrong), undefined)
  assert.is((await post('/api/user/login', { name: 'viewer' })).statusCode, 400)
})

test('5 failed logins block the account for 6 hours; a success clears the count', async () => {
  // 4 failures, then a success: the count starts over.
  for (let i = 0; i < 4; i++) await post('/api/user/login', { name: 'viewer', pass: 'Wrong12345' }, { ip: `10.0.0.${i}` })
  await login('viewer', 'Viewer12345')
  for (let i = 0; i < 5; i++) {
    const res = await post('/api/user/login', { name: 'viewer', pass: 'Wrong12345' }, { ip: `10.0.1.${i}` })
    assert.is(res.statusCode, 400)
  }
  const blocked = await post('/api/user/login', { name: 'viewer@example.com', pass: 'Viewer12345' }, { ip: '10.0.2.1' })
  assert.is(blocked.statusCode, 429)
  assert.equal(errorOf(blocked), {
    code: 'too_many_attempts',
    message:
      'There have been more than 5 failed login attempts for this account. It is temporarily blocked. Try again later or request a new password.',
  })
  // Other accounts are not affected.
  await login('admin', 'Admin12345', { ip: '10.0.2.1' })
  clock += 6 * HOUR + 1
  await login('viewer', 'Viewer12345', { ip: '10.0.2.1' })
})

test('50 failed logins from one IP block that IP for an hour', async () => {
  for (let i = 0; i < 50; i++) {
    const res = await post('/api/user/login', { name: `nobody${i}@example.com`, pass: 'Wrong12345' }, { ip: '192.0.2.7' })
    assert.is(res.statusCode, 400)
  }
  const blocked = await post('/api/user/login', { name: 'viewer', pass: 'Viewer12345' }, { ip: '192.0.2.7' })
  assert.is(blocked.statusCode, 429)
  assert.equal(errorOf(blocked), {
    code: 'too_many_attempts',
    message:
      'Too many failed login attempts from your IP address. This IP address is temporarily blocked. Try again later or request a new password.',
  })
  await login('viewer', 'Viewer12345', { ip: '192.0.2.8' })
  clock += HOUR + 1
  await login('viewer', 'Viewer12345', { ip: '192.0.2.7' })
})

test('validate-email: valid, taken, malformed; rate limited per IP', async () => {
  const check = (email: string, ip = '127.0.0.1') => post('/api/validate-email', { method: 'sign-up', email }, { ip })
  assert.equal(body(await check('fresh@example.com')), { data: { valid: 'true' } })
  assert.equal(body(await check('Viewer@Example.com')), { data: { valid: 'false', message: 'The email address is already registered.' } })
  assert.equal(body(await check('not-an-address')), { data: { valid: 'false', message: 'Please enter a valid email address.' } })
  assert.is((await post('/api/validate-email', { method: 'other', email: 'a@b.example' })).statusCode, 400)
  for (let i = 0; i < 17; i++) assert.is((await check('x@example.com')).statusCode, 200)
  const limited = await check('x@example.com')
  assert.is(limited.statusCode, 429)
  assert.is(errorOf(limited).code, 'too_many_requests')
  assert.is((await check('x@example.com', '10.9.9.9')).statusCode, 200)
  clock += 60_001
  assert.is((await check('x@example.com')).statusCode, 200)
})

test('password reset: same answer for any address, mail with a one-hour one-use link, sessions end', async () => {
  const s = await login('viewer', 'Viewer12345')
  const message = 'If an account exists for that address, we have sent it a link to reset the password.'
  assert.equal(body(await post('/api/user/password', { mail: 'nobody@example.com' })), { data: { message } })
  assert.equal(await mails(), [])
  assert.equal(body(await post('/api/user/password', { mail: 'VIEWER@example.com' })), { data: { message } })
  const mail = (await mails())[0]
  assert.is(mail.to, 'viewer@example.com')
  const token = /http:\/\/localhost(?::\d+)?\/user\/reset\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]

  const weak = await post('/api/user/reset', { token, pass: 'weak' })
  assert.is(errorOf(weak).code, 'invalid')
  // Another token: change the first character (to one it is not: 1 token in 64 starts with 'x').
  const bad = await post('/api/user/reset', { token: (token[0] === 'x' ? 'y' : 'x') + token.slice(1), pass: 'NewPass123' })
  assert.is(errorOf(bad).code, 'invalid_token')

  const ok = await post('/api/user/reset', { token, pass: 'NewPass123' })
  assert.equal(body(ok), { data: { message: 'Your password has been changed. You can sign in now.' } })
  assert.is(errorOf(await post('/api/user/reset', { token, pass: 'Other12345' })).code, 'invalid_token')
  assert.is(errorOf(await post('/api/user/details', {}, { cookie: s.cookie, csrf: s.data.csrf_token })).code, 'not_signed_in')
  assert.is((await post('/api/user/login', { name: 'viewer', pass: 'Viewer12345' })).statusCode, 400)
  await login('viewer', 'NewPass123')

  await post('/api/user/password', { mail: 'viewer@example.com' })
  const late = /\/user\/reset\/([A-Za-z0-9_-]{43})/.exec((await mails())[0].text)![1]
  clock += HOUR + 1
  assert.is(errorOf(await post('/api/user/reset', { token: late, pass: 'NewPass456' })).code, 'invalid_token')
})

test('PUBLIC_URL decides the origin of mailed links and the Secure flag', async () => {
  await t.close()
  t = await startApp({ now: () => new Date(clock), accounts: { publicUrl: 'https://trust.example' } })
  await post('/api/user/password', { mail: 'viewer@example.com' }, { headers: { host: 'evil.example' } })
  assert.match((await mails())[0].text, /https:\/\/trust\.example\/user\/reset\/[A-Za-z0-9_-]{43}/)
  // An https public URL makes the session cookie Secure even when TLS ends at a proxy.
  const res = await post('/api/user/login', { name: 'viewer', pass: 'Viewer12345' })
  assert.is(sessionCookie(res)!.secure, true)
})

test('resend verification: new link for unverified users, message for verified ones', async () => {
  await post('/api/user/register', registerBody('resend@example.com', 'Secret123'))
  const s = await login('resend@example.com', 'Secret123')
  const res = await post('/api/resend/verification', undefined, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.equal(body(res), { data: { message: 'A new verification email has been sent to resend@example.com.' } })
  const [newest, first] = await mails()
  const token = (m: { text: string }) => /\/user\/verify\/([A-Za-z0-9_-]{43})/.exec(m.text)![1]
  assert.is((await get(`/user/verify/${token(first)}`)).headers.location, '/thank-you?status=invalid')
  assert.is((await get(`/user/verify/${token(newest)}`)).headers.location, '/thank-you')
  const again = await post('/api/resend/verification', undefined, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.equal(body(again), { data: { message: 'Your email address is already verified.' } })
})

test('settings: timezone is validated and stored', async () => {
  const s = await login('viewer', 'Viewer12345')
  const call = (timezone: string) => post('/api/user/settings', { timezone }, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.equal(body(await call('Europe/Berlin')), { data: { timezone: 'Europe/Berlin', locale: '' } })
  const bad = await call('Mars/Olympus')
  assert.is(bad.statusCode, 400)
  assert.is(errorOf(bad).code, 'bad_request')
  const details = await post('/api/user/details', {}, { cookie: s.cookie, csrf: s.data.csrf_token })
  assert.equal(body<{ data: UserDetailsData }>(details).data.auth.user.timezone, [{ value: 'Europe/Berlin' }])
})

test('a privileged session sees internal fields, privately; anonymous and plain users do not', async () => {
  const url = '/api/incident?cloud=auroraedge'
  const anonymous = await get(url)
  // Browsers revalidate (max-age=0), so a viewer who signs in gets their own answer at once; no
  // `Vary: Cookie`, so a CDN keeps one copy for every visitor.
  assert.is(anonymous.headers['cache-control'], 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(anonymous.headers['access-control-allow-origin'], '*')
  assert.not.match(String(anonymous.headers.vary ?? ''), /cookie/i)
  const hasInternal = (res: LightMyRequestResponse) =>
    body<{ data: RecordListData }>(res).data.records.some((r) => INTERNAL_FIELDS.some((f) => f in r))
  assert.not.ok(hasInternal(anonymous))

  const admin = await login('admin', 'Admin12345')
  const privileged = await get(url, admin.cookie)
  assert.is(privileged.statusCode, 200)
  assert.is(privileged.headers['cache-control'], 'private, no-store')
  assert.is(privileged.headers['access-control-allow-origin'], undefined)
  assert.ok(hasInternal(privileged))
  const id = body<{ data: RecordListData }>(privileged).data.records[0].id
  const post1 = await get(`/api/posts/${id}?cloud=auroraedge`, admin.cookie)
  assert.is(post1.headers['cache-control'], 'private, no-store')
  assert.ok(INTERNAL_FIELDS.some((f) => f in body(post1).data))

  const viewer = await login('viewer', 'Viewer12345')
  const plain = await get(url, viewer.cookie)
  assert.is(plain.headers['cache-control'], 'private, no-store')
  assert.not.ok(hasInternal(plain))
  // An unknown or expired cookie is anonymous.
  const stale = await get(url, 'not-a-session')
  assert.is(stale.headers['cache-control'], 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.not.ok(hasInternal(stale))
})

test('/api/global lists the employee domains', async () => {
  assert.equal(body(await get('/api/global')).data.sso.employee_domains, ['auroraedge.example'])
})

test('behind a trusted proxy the cookie is Secure and flood control counts the client address', async () => {
  await t.close()
  t = await startApp({ now: () => new Date(clock), trustProxy: true })
  const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.4', 'x-forwarded-host': 'trust.example' }
  const res = await post('/api/user/login', { name: 'viewer', pass: 'Viewer12345' }, { headers })
  assert.is(sessionCookie(res)!.secure, true)
  for (let i = 0; i < 50; i++) await post('/api/user/login', { name: `n${i}@example.com`, pass: 'Wrong12345' }, { headers })
  assert.is((await post('/api/user/login', { name: 'viewer', pass: 'Viewer12345' }, { headers })).statusCode, 429)
  const other = { ...headers, 'x-forwarded-for': '198.51.100.5' }
  assert.is((await post('/api/user/login', { name: 'viewer', pass: 'Viewer12345' }, { headers: other })).statusCode, 200)
})

const production = suite('accounts in production mode')

production('no /dev/mail, no demo viewer, no admin without a password', async () => {
  const app = await startApp({ mode: 'production', accounts: { admin: null, seedViewer: false, publicUrl: 'https://trust.example' } })
  try {
    assert.is((await app.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode, 404)
    assert.is.not((await app.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode, 200)
    const [users] = await app.query<{ n: number }>('select count(*) as n from users')
    assert.is(users.n, 0)
  } finally {
    await app.close()
  }
})

test.run()
production.run()
