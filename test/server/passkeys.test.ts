/**
 * The passkey routes (server/routes/passkeys.ts; docs/operating/staff-sign-in.md "Passkeys") on a
 * production app from an empty database, with a software authenticator (./soft-authenticator.ts:
 * real keys, CBOR and signatures, so `@simplewebauthn/server` runs every check): a passkey is the
 * first factor the console asks for and opens it; a later session proves itself with it; a
 * response for another origin or relying party, a replayed or stale challenge, an unknown or
 * another account's credential and a counter that went back are refused; wrong passkeys are
 * throttled like wrong codes; removal needs a proved session; the audit rows. The app's clock is
 * the test's.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '../../contract/passkeys.js'
import { RECOVERY_CODE_COUNT, type SecurityData, type TotpEnrolment } from '../../contract/staff-identity.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { totpCode } from '../../server/accounts/second-factor.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { SoftAuthenticator } from './soft-authenticator.js'
import { ADMIN, auditRows, createAccount, errorOf, login, OPS, send, type Session, startProduction } from './staff-helpers.js'

const SITE = 'https://status.nimbus.example'
const HOUR = 3_600_000

let at = FIXED_NOW.getTime()
const now = () => new Date(at)

/** The account's factors and what `session` owes (`GET /api/user/security`). */
async function security(t: TestApp, session: Session): Promise<SecurityData> {
  const res = await send(t, 'GET', '/api/user/security', { session })
  assert.is(res.statusCode, 200, res.body)
  return body<{ data: SecurityData }>(res).data
}

/** Signs in with the password only (nothing proved): the session and what it owes. */
async function signIn(t: TestApp, name: string, pass: string): Promise<Session & { due: SecurityData['due'] }> {
  const session = await login(t, name, pass, { secondFactor: false })
  return { ...session, due: (await security(t, session)).due }
}

const dashboard = (t: TestApp, session: Session) => send(t, 'GET', '/api/admin/dashboard', { session })

async function registrationOptions(t: TestApp, session: Session): Promise<PasskeyRegistrationOptions> {
  const res = await send(t, 'POST', '/api/user/passkeys/registration-options', { session, payload: {} })
  assert.is(res.statusCode, 200, res.body)
  return body<{ data: PasskeyRegistrationOptions }>(res).data
}

async function authenticationOptions(t: TestApp, session: Session): Promise<PasskeyAuthenticationOptions> {
  const res = await send(t, 'POST', '/api/user/passkeys/authentication-options', { session, payload: {} })
  assert.is(res.statusCode, 200, res.body)
  return body<{ data: PasskeyAuthenticationOptions }>(res).data
}

const authenticate = (t: TestApp, session: Session, response: unknown) =>
  send(t, 'POST', '/api/user/passkeys/authenticate', { session, payload: { response } })

const production = suite('passkeys in production')
let t: TestApp
const device = new SoftAuthenticator(SITE)
let first: Session & { due: SecurityData['due'] }

production.before(async () => {
  t = await startProduction(SITE, { now })
})
production.after(async () => {
  await t?.close()
})

production(
  'a new administrator adds a passkey at the console gate: the session is proved and the recovery codes are shown once',
  async () => {
    first = await signIn(t, OPS.name, OPS.password)
    assert.is(first.due, 'enrol')
    assert.is(errorOf(await dashboard(t, first)).code, 'second_factor_enrolment_required')

    const options = await registrationOptions(t, first)
    assert.is(options.rp.id, 'status.nimbus.example')
    assert.is(options.user.name, 'ops@nimbus.example')
    assert.is(options.attestation, 'none')
    assert.equal(options.excludeCredentials, [])
    const stored = await t.query<{ challenge: string }>('select challenge from sessions')
    assert.ok(
      stored.some((s) => s.challenge?.endsWith(`.${options.challenge}`)),
      'the challenge is kept with the session',
    )

    const res = await send(t, 'POST', '/api/user/passkeys', {
      session: first,
      payload: { name: ' Work laptop ', response: device.register(options) },
    })
    assert.is(res.statusCode, 200, res.body)
    const codes = body<{ data: { codes: string[] } }>(res).data.codes
    assert.is(codes.length, RECOVERY_CODE_COUNT)
    assert.is((await dashboard(t, first)).statusCode, 200)

    const sec = await security(t, first)
    assert.is(sec.proved, 'passkey')
    assert.is(sec.due, null)
    assert.is(sec.passkeys.length, 1)
    assert.is(sec.passkeys[0].name, 'Work laptop')
    assert.is(sec.passkeys[0].id, [...device.credentials.keys()][0])
    assert.is(sec.passkeys[0].created, at)
    assert.is(sec.passkeys[0].last_used, null)
    const [row] = await t.query<{ challenge: string | null }>(
      'select challenge from sessions where uid = (select uid from users where name = ?)',
      OPS.name,
    )
    assert.is(row.challenge, null, 'the challenge is cleared once used')

    const audit = await auditRows(t, 'account.second_factor.enrol')
    assert.is(audit.length, 1)
    assert.equal(JSON.parse(audit[0].after!), { method: 'passkey', name: 'Work laptop' })
  },
)

production('a second passkey of the same account needs no new recovery codes; one authenticator cannot be registered twice', async () => {
  at += 60_000
  const options = await registrationOptions(t, first)
  assert.equal(
    options.excludeCredentials?.map((c) => c.id),
    [...device.credentials.keys()],
    'the passkeys the account has are excluded',
  )
  const other = new SoftAuthenticator(SITE)
  const res = await send(t, 'POST', '/api/user/passkeys', {
    session: first,
    payload: { name: 'Security key', response: other.register(options) },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data.codes, [])

  // The same credential again (an authenticator ignoring excludeCredentials): 409.
  const again = other.register(await registrationOptions(t, first), { again: [...other.credentials.keys()][0] })
  const dup = await send(t, 'POST', '/api/user/passkeys', { session: first, payload: { name: 'Copy', response: again } })
  assert.is(dup.statusCode, 409, dup.body)
  assert.is(errorOf(dup).code, 'passkey_registered')
  assert.is((await security(t, first)).passkeys.length, 2)
})

production('a registration from another origin or for another relying party is refused and stores nothing', async () => {
  const evil = new SoftAuthenticator('https://evil.example')
  for (const lie of [{}, { rpId: 'evil.example', origin: SITE }]) {
    const options = await registrationOptions(t, first)
    const res = await send(t, 'POST', '/api/user/passkeys', {
      session: first,
      payload: { name: 'Evil', response: evil.register(options, lie) },
    })
    assert.is(res.statusCode, 400, res.body)
    assert.is(errorOf(res).code, 'passkey_refused')
    assert.match(errorOf(res).message, /not accepted/)
  }
  // Options answer one registration: used once, their challenge is gone.
  const options = await registrationOptions(t, first)
  const late = await send(t, 'POST', '/api/user/passkeys', {
    session: first,
    payload: { name: 'Late', response: device.register(options) },
  })
  assert.is(late.statusCode, 200, late.body)
  const reused = await send(t, 'POST', '/api/user/passkeys', {
    session: first,
    payload: { name: 'Late 2', response: device.register(options) },
  })
  assert.is(reused.statusCode, 400, reused.body)
  assert.is(errorOf(reused).code, 'passkey_expired')
  assert.equal(
    (await security(t, first)).passkeys.map((p) => p.name),
    ['Work laptop', 'Security key', 'Late'],
  )
})

production('a later sign-in owes its factor; the passkey proves it, the console opens, and the counter and last use are kept', async () => {
  at += HOUR
  const later = await signIn(t, OPS.name, OPS.password)
  assert.is(later.due, 'verify')
  assert.is(errorOf(await dashboard(t, later)).code, 'second_factor_required')
  // A password alone never adds or removes a factor.
  const add = await send(t, 'POST', '/api/user/passkeys/registration-options', { session: later, payload: {} })
  assert.is(add.statusCode, 403)
  assert.is(errorOf(add).code, 'second_factor_required')
  const id = [...device.credentials.keys()][0]
  const remove = await send(t, 'DELETE', `/api/user/passkeys/${id}`, { session: later })
  assert.is(remove.statusCode, 403)

  const options = await authenticationOptions(t, later)
  assert.is(options.rpId, 'status.nimbus.example')
  assert.is(options.allowCredentials?.length, 3)
  const res = await authenticate(t, later, device.authenticate(options, {}, id))
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { proved: 'passkey' })
  assert.is((await dashboard(t, later)).statusCode, 200)
  const sec = await security(t, later)
  assert.is(sec.proved, 'passkey')
  assert.is(sec.passkeys.find((p) => p.id === id)?.last_used, at)
  const [row] = await t.query<{ counter: number }>('select counter from passkeys where credential_id = ?', id)
  assert.is(Number(row.counter), 1)

  const proved = await auditRows(t, 'account.second_factor.proved')
  assert.is(proved.length, 1)
  assert.is(JSON.parse(proved[0].after!).method, 'passkey')
})

production(
  'refused: a replayed response, a stale challenge, another origin or relying party, an unknown credential, a counter that went back',
  async () => {
    at += HOUR
    const s = await signIn(t, OPS.name, OPS.password)
    const id = [...device.credentials.keys()][0]
    const options = await authenticationOptions(t, s)
    const signed = device.authenticate(options, {}, id)
    // A passkey made for this site by an authenticator, but never registered here.
    const stranger = new SoftAuthenticator(SITE)
    const strangerId = stranger.register({
      challenge: 'c29tZXdoZXJlLWVsc2U',
      rp: { id: 'status.nimbus.example', name: 'Nimbus' },
      user: { id: 'dXNlcg', name: 'ops@nimbus.example', displayName: 'ops' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    }).id

    // Each refusal below uses up the waiting challenge; fresh options come before each.
    const cases: Array<[string, (o: PasskeyAuthenticationOptions) => unknown, string]> = [
      ['another origin', (o) => device.authenticate(o, { origin: 'https://evil.example' }, id), 'passkey_refused'],
      ['another relying party', (o) => device.authenticate(o, { rpId: 'nimbus.example' }, id), 'passkey_refused'],
      ['a stale challenge', () => device.authenticate(options, {}, id), 'passkey_refused'],
      ['an unknown credential', (o) => stranger.authenticate(o, {}, strangerId), 'passkey_refused'],
      ['a counter that went back', (o) => device.authenticate(o, { counter: 1 }, id), 'passkey_refused'],
    ]
    const failuresBefore = (await auditRows(t, 'account.second_factor.failure')).length
    for (const [what, response, code] of cases) {
      const o = await authenticationOptions(t, s)
      const res = await authenticate(t, s, response(o))
      assert.is(res.statusCode, 400, `${what}: ${res.body}`)
      assert.is(errorOf(res).code, code, what)
    }
    // Once each challenge was used, nothing waits: the first options' honest answer (replaced by
    // the later options before it came) is "expired". (Past the throttle's window: five wrong passkeys.)
    at += 6 * HOUR
    const replay = await authenticate(t, s, signed)
    assert.is(replay.statusCode, 400)
    assert.is(errorOf(replay).code, 'passkey_expired')
    assert.is(errorOf(await dashboard(t, s)).code, 'second_factor_required')
    assert.is((await auditRows(t, 'account.second_factor.failure')).length, failuresBefore + cases.length)

    // A right answer used twice works once.
    const o = await authenticationOptions(t, s)
    const good = device.authenticate(o, {}, id)
    assert.is((await authenticate(t, s, good)).statusCode, 200)
    const twice = await authenticate(t, s, good)
    assert.is(twice.statusCode, 400)
    assert.is(errorOf(twice).code, 'passkey_expired')
  },
)

production("another account's passkey does not prove this account", async () => {
  at += HOUR
  await createAccount(t, 'editor', await hashPassword('Editor12345'), ['administrator'], 'editor@nimbus.example')
  const editor = await signIn(t, 'editor', 'Editor12345')
  const mine = new SoftAuthenticator(SITE)
  const reg = await send(t, 'POST', '/api/user/passkeys', {
    session: editor,
    payload: { name: 'Editor key', response: mine.register(await registrationOptions(t, editor)) },
  })
  assert.is(reg.statusCode, 200, reg.body)
  const ops = await signIn(t, OPS.name, OPS.password)
  const o = await authenticationOptions(t, ops)
  assert.not.ok(o.allowCredentials?.some((c) => mine.credentials.has(c.id)))
  const res = await authenticate(t, ops, mine.authenticate(o, {}, [...mine.credentials.keys()][0]))
  assert.is(res.statusCode, 400)
  assert.is(errorOf(res).code, 'passkey_refused')
})

production('wrong passkeys are throttled like wrong codes: the sixth attempt of an account answers 429', async () => {
  at += 7 * HOUR
  const s = await signIn(t, OPS.name, OPS.password)
  const id = [...device.credentials.keys()][0]
  for (let i = 0; i < 5; i++) {
    const res = await authenticate(t, s, device.authenticate(await authenticationOptions(t, s), { origin: 'https://evil.example' }, id))
    assert.is(res.statusCode, 400, res.body)
  }
  const blocked = await authenticate(t, s, device.authenticate(await authenticationOptions(t, s), {}, id))
  assert.is(blocked.statusCode, 429, blocked.body)
  assert.is(errorOf(blocked).code, 'too_many_attempts')
  assert.is(errorOf(await dashboard(t, s)).code, 'second_factor_required')
})

production('an expired challenge is refused', async () => {
  at += 7 * HOUR
  const s = await signIn(t, OPS.name, OPS.password)
  const o = await authenticationOptions(t, s)
  at += 5 * 60_000 + 1
  const res = await authenticate(t, s, device.authenticate(o))
  assert.is(res.statusCode, 400)
  assert.is(errorOf(res).code, 'passkey_expired')
})

production('a proved session removes a passkey; another account cannot; the audit keeps its name', async () => {
  at += HOUR
  const s = await signIn(t, OPS.name, OPS.password)
  assert.is((await authenticate(t, s, device.authenticate(await authenticationOptions(t, s)))).statusCode, 200)
  const before = await security(t, s)
  const late = before.passkeys.find((p) => p.name === 'Late')!
  const editor = await signIn(t, 'editor', 'Editor12345')
  const foreign = await send(t, 'DELETE', `/api/user/passkeys/${encodeURIComponent(late.id)}`, { session: editor })
  assert.is(foreign.statusCode, 403, 'the editor has a passkey it did not prove')
  const res = await send(t, 'DELETE', `/api/user/passkeys/${encodeURIComponent(late.id)}`, { session: s })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { removed: late.id })
  assert.equal(
    (await security(t, s)).passkeys.map((p) => p.name),
    ['Work laptop', 'Security key'],
  )
  const again = await send(t, 'DELETE', `/api/user/passkeys/${encodeURIComponent(late.id)}`, { session: s })
  assert.is(again.statusCode, 404)
  const removed = await auditRows(t, 'account.second_factor.remove')
  assert.equal(JSON.parse(removed.at(-1)!.before!), { method: 'passkey', name: 'Late' })
})

production('an account with an authenticator app must prove it before adding a passkey', async () => {
  at += HOUR
  await createAccount(t, 'trust', await hashPassword('Trust12345'), ['trust_admin'], 'trust@nimbus.example')
  const s = await signIn(t, 'trust', 'Trust12345')
  const started = await send(t, 'POST', '/api/user/totp/enrol', { session: s })
  const { secret } = body<{ data: TotpEnrolment }>(started).data
  assert.is((await send(t, 'POST', '/api/user/totp/confirm', { session: s, payload: { code: totpCode(secret, at) } })).statusCode, 200)
  at += HOUR
  const later = await signIn(t, 'trust', 'Trust12345')
  assert.is(later.due, 'verify')
  const refused = await send(t, 'POST', '/api/user/passkeys/registration-options', { session: later, payload: {} })
  assert.is(refused.statusCode, 403)
  // No passkey to prove with: said in words.
  const none = await send(t, 'POST', '/api/user/passkeys/authentication-options', { session: later, payload: {} })
  assert.is(none.statusCode, 404)
  assert.equal(errorOf(none).code, 'no_passkeys')
  assert.match(errorOf(none).message, /no passkey/)
  const proved = await send(t, 'POST', '/api/user/second-factor', {
    session: later,
    payload: { method: 'totp', code: totpCode(secret, at) },
  })
  assert.is(proved.statusCode, 200, proved.body)
  const res = await send(t, 'POST', '/api/user/passkeys', {
    session: later,
    payload: { name: 'Phone', response: new SoftAuthenticator(SITE).register(await registrationOptions(t, later)) },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data.codes, [], 'the account kept its recovery codes')
  assert.is((await security(t, later)).proved, 'totp')
})

production('with only the password, an account whose factor is a passkey cannot set up an authenticator app to get past it', async () => {
  at += HOUR
  const s = await signIn(t, OPS.name, OPS.password)
  assert.is(s.due, 'verify')
  const enrol = await send(t, 'POST', '/api/user/totp/enrol', { session: s })
  assert.is(enrol.statusCode, 403, enrol.body)
  assert.is(errorOf(enrol).code, 'second_factor_required')
  // Nor can an enrolment started before, never confirmed, be confirmed now.
  await t.exec(
    "insert into totp_factors (uid, secret, created, confirmed, last_step) select uid, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', ?, null, null from users where name = ?",
    at,
    OPS.name,
  )
  const confirm = await send(t, 'POST', '/api/user/totp/confirm', {
    session: s,
    payload: { code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', at) },
  })
  assert.is(confirm.statusCode, 403, confirm.body)
  assert.is(errorOf(await dashboard(t, s)).code, 'second_factor_required')
  await t.exec('delete from totp_factors where uid = (select uid from users where name = ?)', OPS.name)
})

production('the calls need a session and its CSRF token; a blank name is refused in words', async () => {
  const anonymous = await send(t, 'POST', '/api/user/passkeys/authentication-options', { payload: {} })
  assert.is(anonymous.statusCode, 403)
  assert.is(errorOf(anonymous).code, 'not_signed_in')
  const s = await signIn(t, OPS.name, OPS.password)
  const noCsrf = await send(t, 'POST', '/api/user/passkeys/authentication-options', { session: s, payload: {}, csrf: false })
  assert.is(errorOf(noCsrf).code, 'csrf')
  assert.is((await authenticate(t, s, device.authenticate(await authenticationOptions(t, s)))).statusCode, 200)
  const blank = await send(t, 'POST', '/api/user/passkeys', {
    session: s,
    payload: { name: '   ', response: new SoftAuthenticator(SITE).register(await registrationOptions(t, s)) },
  })
  assert.is(blank.statusCode, 400)
  assert.match(errorOf(blank).message, /Give the passkey a name/)
})

production.run()

// ---------------------------------------------------------------------------------------------
// Development (the demo): no PUBLIC_URL, the relying party is the address the browser used
// ---------------------------------------------------------------------------------------------

const development = suite('passkeys on the development demo')
let demo: TestApp

development.before(async () => {
  demo = await startApp({ now })
})
development.after(async () => {
  await demo?.close()
})

development('the demo administrator adds a passkey from http://localhost; later sign-ins must prove it', async () => {
  const [name, pass] = ADMIN
  const s = await signIn(demo, name, pass)
  assert.is(s.due, null, 'the demo asks for no factor before one is set up')
  const options = await registrationOptions(demo, s)
  assert.is(options.rp.id, 'localhost')
  const laptop = new SoftAuthenticator('http://localhost')
  const res = await send(demo, 'POST', '/api/user/passkeys', { session: s, payload: { name: 'Demo', response: laptop.register(options) } })
  assert.is(res.statusCode, 200, res.body)
  const later = await signIn(demo, name, pass)
  assert.is(later.due, 'verify')
  assert.is(errorOf(await dashboard(demo, later)).code, 'second_factor_required')
  const proved = await authenticate(demo, later, laptop.authenticate(await authenticationOptions(demo, later)))
  assert.is(proved.statusCode, 200, proved.body)
  assert.is((await dashboard(demo, later)).statusCode, 200)
})

development.run()
