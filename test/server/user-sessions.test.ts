// The sessions a person can see and end, and the password change (docs/operating/staff-sign-in.md
// "Sessions"): the list with device, address and first / last seen; "Sign out this session"; "Sign
// out everywhere"; a password change and a role removal ending the other sessions (a replayed
// cookie gets 403 `not_signed_in`); the audit rows; a production site from an empty database.
import type { LightMyRequestResponse } from 'fastify'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { LoginData } from '../../contract/accounts.js'
import { SESSION_COOKIE } from '../../contract/constants.js'
import type { SessionSummary } from '../../contract/staff-identity.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { deviceOf, LAST_SEEN_STEP_MS } from '../../server/accounts/session-list.js'
import { createSession } from '../../server/accounts/sessions.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { ADMIN, auditRows, createAccount, errorOf, login, loginOps, OPS, send, type Session, startProduction } from './staff-helpers.js'

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

// The app's clock, moved by the tests (last_seen, flood windows).
let clock = FIXED_NOW.getTime()
const now = () => new Date(clock)

/** Signs in as `name` from a browser with `userAgent` at address `ip` (no second factor: a development site). */
async function signIn(t: TestApp, name: string, pass: string, userAgent: string, ip = '127.0.0.1'): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { name, pass },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  })
  assert.is(res.statusCode, 200, res.body)
  const data = body<{ data: LoginData }>(res).data
  assert.is(data.second_factor, null)
  return { cookie: res.cookies.find((c) => c.name === SESSION_COOKIE)!.value, csrf: data.csrf_token }
}

async function sessionsOf(t: TestApp, session: Session): Promise<SessionSummary[]> {
  const res = await send(t, 'GET', '/api/user/sessions', { session })
  assert.is(res.statusCode, 200, res.body)
  assert.match(String(res.headers['cache-control']), /no-store/)
  return body<{ data: { sessions: SessionSummary[] } }>(res).data.sessions
}

/** Whether `session` is still signed in: `GET /api/user/sessions` answers 200, or 403 `not_signed_in`. */
async function signedIn(t: TestApp, session: Session): Promise<boolean> {
  const res = await send(t, 'GET', '/api/user/sessions', { session })
  if (res.statusCode === 200) return true
  assert.is(res.statusCode, 403, res.body)
  assert.is(errorOf(res).code, 'not_signed_in')
  return false
}

/** Whether `res` clears the session cookie. */
const clearsCookie = (res: LightMyRequestResponse) =>
  res.cookies.some((c) => c.name === SESSION_COOKIE && (c.value === '' || (c.expires !== undefined && c.expires.getTime() < Date.now())))

const currentOf = (list: SessionSummary[]) => list.find((s) => s.current)!

// ---------------------------------------------------------------------------------------------

const list = suite('the session list')
let t: TestApp

list.before(async () => {
  clock = FIXED_NOW.getTime()
  t = await startApp({ now })
  await createAccount(t, 'reader', await hashPassword('Reader12345'))
})
list.after(async () => {
  await t?.close()
})

list('device names come from the user agent', () => {
  assert.is(deviceOf(CHROME_LINUX), 'Chrome on Linux')
  assert.is(deviceOf(FIREFOX_WINDOWS), 'Firefox on Windows')
  assert.is(deviceOf(SAFARI_IPHONE), 'Safari on iOS')
  assert.is(deviceOf(''), '')
  assert.is(deviceOf('curl/8.5.0'), '')
})

list('lists the account’s sessions, newest first, with device, address, first and last seen; never the cookie', async () => {
  const first = await signIn(t, 'reader', 'Reader12345', CHROME_LINUX, '203.0.113.7')
  clock += 5 * 60_000
  const second = await signIn(t, 'reader', 'Reader12345', FIREFOX_WINDOWS, '198.51.100.20')
  // Another account's session is not listed.
  await signIn(t, ADMIN[0], ADMIN[1], SAFARI_IPHONE)

  const seen = await sessionsOf(t, second)
  assert.is(seen.length, 2)
  assert.equal(
    seen.map((s) => [s.device, s.ip, s.current, s.created, s.auth_method]),
    [
      ['Firefox on Windows', '198.51.100.20', true, clock, 'password'],
      ['Chrome on Linux', '203.0.113.7', false, clock - 5 * 60_000, 'password'],
    ],
  )
  assert.is(seen[1].user_agent, CHROME_LINUX)
  for (const s of seen) {
    assert.match(s.id, /^[\w-]{16,64}$/)
    assert.not.ok(s.id.includes(first.cookie) || first.cookie.includes(s.id), 'the id is not the cookie')
  }
  const rows = await t.query<{ id_hash: string }>('select id_hash from sessions')
  for (const row of rows)
    assert.ok(
      seen.every((s) => !row.id_hash.startsWith(s.id)),
      'the id is not derived from the cookie hash',
    )

  // The first browser sees the same two, itself as current.
  const fromFirst = await sessionsOf(t, first)
  assert.is(currentOf(fromFirst).device, 'Chrome on Linux')
  assert.is(await signedIn(t, { cookie: 'x'.repeat(43), csrf: '' }), false)
})

list('last seen moves with the requests, at most once a minute', async () => {
  const s = await signIn(t, 'reader', 'Reader12345', CHROME_LINUX)
  const signedInAt = clock
  clock += LAST_SEEN_STEP_MS - 1_000
  assert.is(currentOf(await sessionsOf(t, s)).last_seen, signedInAt, 'under a minute: not written')
  clock += 2_000
  const moved = currentOf(await sessionsOf(t, s))
  assert.is(moved.last_seen, clock, 'a minute later: written')
  assert.is(moved.created, signedInAt)
  clock += 10_000
  assert.is(currentOf(await sessionsOf(t, s)).last_seen, clock - 10_000)
})

list('"Sign out this session" on another session ends it: its cookie replayed gets 403', async () => {
  const mine = await signIn(t, 'reader', 'Reader12345', CHROME_LINUX)
  const other = await signIn(t, 'reader', 'Reader12345', FIREFOX_WINDOWS)
  const otherId = currentOf(await sessionsOf(t, other)).id
  const before = (await sessionsOf(t, mine)).length

  const noCsrf = await send(t, 'POST', `/api/user/sessions/${otherId}/end`, { session: mine, csrf: false, payload: {} })
  assert.is(noCsrf.statusCode, 403)
  assert.is(errorOf(noCsrf).code, 'csrf')
  assert.ok(await signedIn(t, other))

  const res = await send(t, 'POST', `/api/user/sessions/${otherId}/end`, { session: mine, payload: {} })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { signed_out: false })
  assert.not.ok(clearsCookie(res), 'this browser stays signed in')
  assert.is(await signedIn(t, other), false)
  assert.ok(await signedIn(t, mine))
  const after = await sessionsOf(t, mine)
  assert.is(after.length, before - 1)
  assert.not.ok(after.some((s) => s.id === otherId))

  const again = await send(t, 'POST', `/api/user/sessions/${otherId}/end`, { session: mine, payload: {} })
  assert.is(again.statusCode, 404)
  assert.is(errorOf(again).code, 'not_found')
  assert.match(errorOf(again).message, /already ended/)

  const audit = (await auditRows(t, 'account.session.end')).at(-1)!
  assert.is(audit.actor_name, 'reader')
  assert.is(audit.target, 'reader')
  assert.equal(JSON.parse(audit.before!), { session: otherId, device: 'Firefox on Windows', ip: '127.0.0.1', own: false })
})

list('another account’s session cannot be ended by its id', async () => {
  const admin = await signIn(t, ADMIN[0], ADMIN[1], SAFARI_IPHONE)
  const adminId = currentOf(await sessionsOf(t, admin)).id
  const reader = await signIn(t, 'reader', 'Reader12345', CHROME_LINUX)
  const res = await send(t, 'POST', `/api/user/sessions/${adminId}/end`, { session: reader, payload: {} })
  assert.is(res.statusCode, 404)
  assert.ok(await signedIn(t, admin))
})

list('"Sign out this session" on the current session signs this browser out', async () => {
  const s = await signIn(t, 'reader', 'Reader12345', CHROME_LINUX)
  const id = currentOf(await sessionsOf(t, s)).id
  const res = await send(t, 'POST', `/api/user/sessions/${id}/end`, { session: s, payload: {} })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { signed_out: true })
  assert.ok(clearsCookie(res), 'the cookie is cleared')
  assert.is(await signedIn(t, s), false)
  const audit = (await auditRows(t, 'account.session.end')).at(-1)!
  assert.is(JSON.parse(audit.before!).own, true)
})

list('"Sign out everywhere" ends every session of the account, this one included, and no other account’s', async () => {
  const a = await signIn(t, 'reader', 'Reader12345', CHROME_LINUX)
  const b = await signIn(t, 'reader', 'Reader12345', FIREFOX_WINDOWS)
  const c = await signIn(t, 'reader', 'Reader12345', SAFARI_IPHONE)
  const admin = await signIn(t, ADMIN[0], ADMIN[1], SAFARI_IPHONE)
  const count = (await sessionsOf(t, a)).length
  assert.ok(count >= 3)

  const res = await send(t, 'POST', '/api/user/sessions/end-all', { session: b, payload: {} })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { ended: count })
  assert.ok(clearsCookie(res))
  for (const s of [a, b, c]) assert.is(await signedIn(t, s), false)
  assert.ok(await signedIn(t, admin))
  const [{ n }] = await t.query<{ n: number }>(
    "select count(*) as n from sessions where uid = (select uid from users where name = 'reader')",
  )
  assert.is(Number(n), 0)

  const audit = (await auditRows(t, 'account.session.end_all')).at(-1)!
  assert.is(audit.actor_name, 'reader')
  assert.equal(JSON.parse(audit.after!), { ended: count, ip: '127.0.0.1' })
})

list('the session routes need a session', async () => {
  for (const [method, url] of [
    ['GET', '/api/user/sessions'],
    ['POST', '/api/user/sessions/abc/end'],
    ['POST', '/api/user/sessions/end-all'],
    ['POST', '/api/user/password/change'],
  ] as const) {
    const res = await send(
      t,
      method,
      url,
      method === 'POST' ? { payload: url.endsWith('change') ? { current: 'a', pass: 'B1bbb' } : {} } : {},
    )
    assert.is(res.statusCode, 403, `${url}: ${res.body}`)
    assert.is(errorOf(res).code, 'not_signed_in')
  }
})

list.run()

// ---------------------------------------------------------------------------------------------

const password = suite('the password change')
let p: TestApp

password.before(async () => {
  clock = FIXED_NOW.getTime()
  p = await startApp({ now })
  await createAccount(p, 'changer', await hashPassword('Changer12345'), ['blog_editor'])
  await createAccount(p, 'employee', await hashPassword('Unusable12345'), [])
  await p.exec("update users set sso_issuer = 'https://idp.example', sso_subject = 'e-1' where name = 'employee'")
})
password.after(async () => {
  await p?.close()
})

password('ends every other session, keeps this one, and the new password signs in', async () => {
  const here = await signIn(p, 'changer', 'Changer12345', CHROME_LINUX)
  const laptop = await signIn(p, 'changer', 'Changer12345', FIREFOX_WINDOWS)
  const phone = await signIn(p, 'changer', 'Changer12345', SAFARI_IPHONE)

  const res = await send(p, 'POST', '/api/user/password/change', {
    session: here,
    payload: { current: 'Changer12345', pass: 'Fresh54321' },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { ended: 2 })
  assert.not.ok(clearsCookie(res))
  assert.is(await signedIn(p, laptop), false, 'a replayed cookie of another session is refused')
  assert.is(await signedIn(p, phone), false)
  assert.ok(await signedIn(p, here))
  assert.equal(
    (await sessionsOf(p, here)).map((s) => s.device),
    ['Chrome on Linux'],
  )

  const old = await p.app.inject({ method: 'POST', url: '/api/user/login', payload: { name: 'changer', pass: 'Changer12345' } })
  assert.is(old.statusCode, 400)
  await signIn(p, 'changer', 'Fresh54321', CHROME_LINUX)

  const audit = (await auditRows(p, 'account.password.change')).at(-1)!
  assert.is(audit.actor_name, 'changer')
  assert.equal(JSON.parse(audit.after!), { sessions_ended: 2, ip: '127.0.0.1' })
})

password('a wrong current password or a password against the rule changes nothing', async () => {
  const here = await signIn(p, 'changer', 'Fresh54321', CHROME_LINUX)
  const other = await signIn(p, 'changer', 'Fresh54321', FIREFOX_WINDOWS)

  const wrong = await send(p, 'POST', '/api/user/password/change', { session: here, payload: { current: 'Nope12345', pass: 'Other54321' } })
  assert.is(wrong.statusCode, 400)
  assert.is(errorOf(wrong).code, 'bad_current_password')
  assert.match(errorOf(wrong).message, /current password is not right/)

  const weak = await send(p, 'POST', '/api/user/password/change', { session: here, payload: { current: 'Fresh54321', pass: 'weak' } })
  assert.is(weak.statusCode, 400)
  assert.is(errorOf(weak).code, 'invalid')
  assert.match(errorOf(weak).message, /minimum 5 character/)

  const noCsrf = await send(p, 'POST', '/api/user/password/change', {
    session: here,
    csrf: false,
    payload: { current: 'Fresh54321', pass: 'Other54321' },
  })
  assert.is(noCsrf.statusCode, 403)

  assert.ok(await signedIn(p, other), 'no session ended')
  await signIn(p, 'changer', 'Fresh54321', CHROME_LINUX)
})

password('wrong current passwords are throttled like sign-ins', async () => {
  clock += 7 * 3_600_000 // past the earlier failures' window
  const here = await signIn(p, 'changer', 'Fresh54321', CHROME_LINUX)
  for (let i = 0; i < 5; i++) {
    const res = await send(p, 'POST', '/api/user/password/change', {
      session: here,
      payload: { current: `Wrong${i}1234`, pass: 'Other54321' },
    })
    assert.is(res.statusCode, 400, res.body)
  }
  const blocked = await send(p, 'POST', '/api/user/password/change', {
    session: here,
    payload: { current: 'Fresh54321', pass: 'Other54321' },
  })
  assert.is(blocked.statusCode, 429)
  assert.is(errorOf(blocked).code, 'too_many_attempts')
  // The same count blocks the account's sign-in.
  const signInNow = await p.app.inject({ method: 'POST', url: '/api/user/login', payload: { name: 'changer', pass: 'Fresh54321' } })
  assert.is(signInNow.statusCode, 429)
  clock += 7 * 3_600_000 // the window has passed; the session (24 hours) has not
  const later = await send(p, 'POST', '/api/user/password/change', {
    session: here,
    payload: { current: 'Fresh54321', pass: 'Other54321' },
  })
  assert.is(later.statusCode, 200, later.body)
})

password('an account of single sign-on has no password to change', async () => {
  // Made as the single sign-on makes its sessions (the password sign-in refuses such accounts).
  const [{ uid }] = await p.query<{ uid: number }>("select uid from users where name = 'employee'")
  const made = await createSession(p.db(), uid, clock, { userAgent: CHROME_LINUX, ip: '127.0.0.1', authMethod: 'sso' })
  const s = { cookie: made.cookieValue, csrf: made.csrfToken }
  assert.is(currentOf(await sessionsOf(p, s)).auth_method, 'sso')
  const res = await send(p, 'POST', '/api/user/password/change', { session: s, payload: { current: 'Unusable12345', pass: 'Other54321' } })
  assert.is(res.statusCode, 409)
  assert.is(errorOf(res).code, 'sso_account')
  assert.match(errorOf(res).message, /single sign-on/)
})

password.run()

// ---------------------------------------------------------------------------------------------

const roles = suite('a role removal and the sign-in audit')
let r: TestApp

roles.before(async () => {
  clock = FIXED_NOW.getTime()
  r = await startApp({ now })
  await createAccount(r, 'editor', await hashPassword('Editor12345'), ['blog_editor', 'url_editor'])
  await createAccount(r, 'reader', await hashPassword('Reader12345'))
})
roles.after(async () => {
  await r?.close()
})

const setRoles = (session: Session, mail: string, list: string[]) =>
  send(r, 'PUT', '/api/admin/staff', { session, payload: { mail, roles: list } })

roles('a removed role ends the account’s sessions; an added role ends none', async () => {
  const admin = await signIn(r, ADMIN[0], ADMIN[1], CHROME_LINUX)
  const one = await signIn(r, 'editor', 'Editor12345', FIREFOX_WINDOWS)
  const two = await signIn(r, 'editor', 'Editor12345', SAFARI_IPHONE)

  const added = await setRoles(admin, 'editor@example.com', ['blog_editor', 'url_editor', 'legal_team'])
  assert.is(added.statusCode, 200, added.body)
  assert.ok(await signedIn(r, one))
  assert.ok(await signedIn(r, two))

  const removed = await setRoles(admin, 'editor@example.com', ['blog_editor'])
  assert.is(removed.statusCode, 200, removed.body)
  assert.is(await signedIn(r, one), false)
  assert.is(await signedIn(r, two), false)
  assert.ok(await signedIn(r, admin))

  const audit = (await auditRows(r, 'account.session.end_all')).at(-1)!
  assert.is(audit.actor_name, 'admin')
  assert.is(audit.target, 'editor@example.com')
  assert.equal(JSON.parse(audit.after!), { ended: 2, reason: 'roles' })

  // A new sign-in has the roles left.
  const again = await signIn(r, 'editor', 'Editor12345', FIREFOX_WINDOWS)
  const details = await send(r, 'POST', '/api/user/details', { session: again, payload: { cloud: '' } })
  assert.equal(body(details).data.auth.roles, ['authenticated', 'blog_editor'])
})

roles('an administrator removing a role of their own keeps the session making the change', async () => {
  const here = await signIn(r, ADMIN[0], ADMIN[1], CHROME_LINUX)
  const elsewhere = await signIn(r, ADMIN[0], ADMIN[1], FIREFOX_WINDOWS)
  const res = await setRoles(here, 'trust-admin@example.com', ['administrator'])
  assert.is(res.statusCode, 200, res.body)
  assert.ok(await signedIn(r, here))
  assert.is(await signedIn(r, elsewhere), false)
  const back = await setRoles(here, 'trust-admin@example.com', ['administrator', 'trust_admin'])
  assert.is(back.statusCode, 200, back.body)
})

roles('sign-ins of privileged accounts go to the audit log, others’ do not', async () => {
  const before = (await auditRows(r, 'account.sign_in')).length
  await signIn(r, 'editor', 'Editor12345', CHROME_LINUX, '192.0.2.44')
  await signIn(r, 'reader', 'Reader12345', CHROME_LINUX, '192.0.2.45')
  const wrong = await r.app.inject({ method: 'POST', url: '/api/user/login', payload: { name: 'editor', pass: 'Wrong12345' } })
  assert.is(wrong.statusCode, 400)
  const rows = await auditRows(r, 'account.sign_in')
  assert.is(rows.length, before + 1)
  const row = rows.at(-1)!
  assert.is(row.actor_name, 'editor')
  assert.is(row.target, 'editor')
  assert.equal(JSON.parse(row.after!), { method: 'password', ip: '192.0.2.44' })
})

roles.run()

// ---------------------------------------------------------------------------------------------

const production = suite('sessions on a production site from an empty database')
let q: TestApp

production.before(async () => {
  clock = FIXED_NOW.getTime()
  q = await startProduction('https://status.sessions.example', { now })
})
production.after(async () => {
  await q?.close()
})

production('the administrator with a second factor: list, a password change and "Sign out everywhere"', async () => {
  const first = await loginOps(q) // sets up the authenticator app
  clock += 60_000
  const second = await loginOps(q) // proves with a recovery code
  const seen = await sessionsOf(q, second)
  assert.is(seen.length, 2)
  assert.ok(seen[0].current)

  // A session that has not proved the account's second factor may not see or end the others.
  const unproved = await login(q, OPS.name, OPS.password, { secondFactor: false })
  for (const [method, url, payload] of [
    ['GET', '/api/user/sessions', undefined],
    ['POST', `/api/user/sessions/${seen[1].id}/end`, {}],
    ['POST', '/api/user/sessions/end-all', {}],
    ['POST', '/api/user/password/change', { current: OPS.password, pass: 'Taken54321' }],
  ] as const) {
    const res = await send(q, method, url, { session: unproved, payload })
    assert.is(res.statusCode, 403, `${url}: ${res.body}`)
    assert.is(errorOf(res).code, 'second_factor_required')
  }
  assert.ok(await signedIn(q, first))

  const changed = await send(q, 'POST', '/api/user/password/change', {
    session: second,
    payload: { current: OPS.password, pass: 'Changed54321' },
  })
  assert.is(changed.statusCode, 200, changed.body)
  assert.equal(body(changed).data, { ended: 2 })
  assert.is(await signedIn(q, first), false)
  const replayed = await send(q, 'GET', '/api/admin/staff', { session: first })
  assert.is(replayed.statusCode, 403)
  assert.is(errorOf(replayed).code, 'not_signed_in')
  const opened = await send(q, 'GET', '/api/admin/staff', { session: second })
  assert.is(opened.statusCode, 200, 'this session keeps its proved second factor')

  const third = await login(q, OPS.name, 'Changed54321')
  const everywhere = await send(q, 'POST', '/api/user/sessions/end-all', { session: third, payload: {} })
  assert.is(everywhere.statusCode, 200, everywhere.body)
  assert.equal(body(everywhere).data, { ended: 2 })
  assert.is(await signedIn(q, second), false)
  assert.is(await signedIn(q, third), false)

  const actions = (await auditRows(q))
    .map((row) => row.action)
    .filter((a) => a.startsWith('account.') && !a.startsWith('account.second_factor'))
  assert.equal(actions, [
    'account.sign_in',
    'account.sign_in',
    'account.sign_in',
    'account.password.change',
    'account.sign_in',
    'account.session.end_all',
  ])
})

production.run()
