/**
 * The second-factor routes (server/routes/second-factor.ts; docs/operating/staff-sign-in.md) on a
 * production app from an empty database and on the development demo: enrolment of an
 * authenticator app with its first code, proving later sessions with a code or a recovery code,
 * a code never accepted twice, recovery codes working once, wrong codes throttled (429), the
 * admin routes refusing a session that owes its factor, and the audit rows. The app's clock is
 * the test's: it moves between steps, and the codes are what an authenticator shows at that time.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { LoginData } from '../../contract/accounts.js'
import { SESSION_COOKIE } from '../../contract/constants.js'
import { RECOVERY_CODE_COUNT, type SecurityData, type TotpEnrolment } from '../../contract/staff-identity.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { totpCode } from '../../server/accounts/second-factor.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { auditRows, createAccount, errorOf, OPS, send, type Session, startProduction } from './staff-helpers.js'

/** A clock the test moves: the app reads it at every request. */
function testClock(start = FIXED_NOW.getTime()) {
  let at = start
  return { now: () => new Date(at), at: () => at, move: (ms: number) => (at += ms) }
}

/** `POST /api/user/login` as it is, without proving anything: the session and what it still owes. */
async function signIn(t: TestApp, name: string, pass: string): Promise<Session & { due: LoginData['second_factor'] }> {
  const res = await send(t, 'POST', '/api/user/login', { payload: { name, pass } })
  assert.is(res.statusCode, 200, res.body)
  const data = body<{ data: LoginData }>(res).data
  return { cookie: res.cookies.find((c) => c.name === SESSION_COOKIE)!.value, csrf: data.csrf_token, due: data.second_factor }
}

const security = async (t: TestApp, session: Session): Promise<SecurityData> => {
  const res = await send(t, 'GET', '/api/user/security', { session })
  assert.is(res.statusCode, 200, res.body)
  return body<{ data: SecurityData }>(res).data
}

const dashboard = (t: TestApp, session: Session) => send(t, 'GET', '/api/admin/dashboard', { session })
const prove = (t: TestApp, session: Session, method: 'totp' | 'recovery', code: string) =>
  send(t, 'POST', '/api/user/second-factor', { session, payload: { method, code } })

/** Enrols an authenticator for `session` at the clock's time; returns its secret and the recovery codes shown. */
async function enrol(t: TestApp, session: Session, at: number): Promise<{ secret: string; codes: string[] }> {
  const started = await send(t, 'POST', '/api/user/totp/enrol', { session })
  assert.is(started.statusCode, 200, started.body)
  const { secret } = body<{ data: TotpEnrolment }>(started).data
  const confirmed = await send(t, 'POST', '/api/user/totp/confirm', { session, payload: { code: totpCode(secret, at) } })
  assert.is(confirmed.statusCode, 200, confirmed.body)
  return { secret, codes: body<{ data: { codes: string[] } }>(confirmed).data.codes }
}

const STEP = 30_000

// ---------------------------------------------------------------------------------------------
// Production: a second factor before the console opens
// ---------------------------------------------------------------------------------------------

const production = suite('second factor in production')
const clock = testClock()
let t: TestApp
production.before(async () => {
  t = await startProduction('https://status.nimbus.example', { now: clock.now })
})
production.after(() => t.close())

production('the first sign-in owes an enrolment: every admin route refuses it, the security answer says so', async () => {
  const ops = await signIn(t, OPS.name, OPS.password)
  assert.is(ops.due, 'enrol')
  const refused = await dashboard(t, ops)
  assert.is(refused.statusCode, 403)
  assert.is(errorOf(refused).code, 'second_factor_enrolment_required')
  const staff = await send(t, 'GET', '/api/admin/staff', { session: ops })
  assert.is(errorOf(staff).code, 'second_factor_enrolment_required')
  const data = await security(t, ops)
  assert.equal(
    { ...data, passkeys: data.passkeys.length },
    {
      auth_method: 'password',
      privileged: true,
      required: true,
      proved: null,
      due: 'enrol',
      totp: false,
      passkeys: 0,
      recovery_codes_left: 0,
    },
  )
  // Neither the security answer nor the enrolment goes without a session or, for a write, its CSRF token.
  assert.is(errorOf(await send(t, 'GET', '/api/user/security')).code, 'not_signed_in')
  assert.is(errorOf(await send(t, 'POST', '/api/user/totp/enrol', { session: ops, csrf: false })).code, 'csrf')
})

production(
  'enrolment: the QR code and secret, a wrong first code refused and audited, the right one opens the console and shows ten recovery codes once',
  async () => {
    const ops = await signIn(t, OPS.name, OPS.password)
    const started = await send(t, 'POST', '/api/user/totp/enrol', { session: ops })
    assert.is(started.statusCode, 200, started.body)
    assert.match(started.headers['cache-control'] as string, /no-store/)
    const enrolment = body<{ data: TotpEnrolment }>(started).data
    assert.match(enrolment.secret, /^[A-Z2-7]{32}$/)
    assert.match(enrolment.otpauth_url, /^otpauth:\/\/totp\//)
    assert.ok(enrolment.otpauth_url.includes(`secret=${enrolment.secret}`))
    assert.match(enrolment.qr_svg, /<svg[\s\S]*<\/svg>/)

    const right = totpCode(enrolment.secret, clock.at())
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    const failed = await send(t, 'POST', '/api/user/totp/confirm', { session: ops, payload: { code: wrong } })
    assert.is(failed.statusCode, 400)
    assert.is(errorOf(failed).code, 'bad_code')
    assert.match(errorOf(failed).message, /six digits/)
    const failure = (await auditRows(t, 'account.second_factor.failure')).at(-1)!
    assert.is(failure.target, OPS.name)
    assert.is(JSON.parse(failure.after!).method, 'totp enrolment')
    assert.is((await security(t, ops)).totp, false, 'a wrong code confirms nothing')

    // Spaces people type between the groups are ignored.
    const confirmed = await send(t, 'POST', '/api/user/totp/confirm', {
      session: ops,
      payload: { code: `${right.slice(0, 3)} ${right.slice(3)}` },
    })
    assert.is(confirmed.statusCode, 200, confirmed.body)
    const codes = body<{ data: { codes: string[] } }>(confirmed).data.codes
    assert.is(codes.length, RECOVERY_CODE_COUNT)
    for (const code of codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/)
    assert.is(new Set(codes).size, codes.length)
    assert.is((await dashboard(t, ops)).statusCode, 200)
    const data = await security(t, ops)
    assert.equal([data.proved, data.due, data.totp, data.recovery_codes_left], ['totp', null, true, RECOVERY_CODE_COUNT])
    const enrolled = (await auditRows(t, 'account.second_factor.enrol')).at(-1)!
    assert.equal([enrolled.target, JSON.parse(enrolled.after!)], [OPS.name, { method: 'totp' }])
    // Only hashes are stored.
    const stored = await t.query<{ code_hash: string }>('select code_hash from recovery_codes')
    assert.is(stored.length, RECOVERY_CODE_COUNT)
    for (const row of stored) assert.not.ok(codes.some((c) => row.code_hash.includes(c.replace('-', ''))))

    // A second enrolment is refused while one is confirmed.
    const again = await send(t, 'POST', '/api/user/totp/enrol', { session: ops })
    assert.is(again.statusCode, 409)
    assert.is(errorOf(again).code, 'totp_enrolled')
    secretOf.ops = enrolment.secret
    recoveryOf.ops = codes
  },
)

const secretOf: Record<string, string> = {}
const recoveryOf: Record<string, string[]> = {}

production(
  "a later sign-in owes a proof: the code of the step already used is refused, the next step's code opens the console",
  async () => {
    const ops = await signIn(t, OPS.name, OPS.password)
    assert.is(ops.due, 'verify')
    assert.is(errorOf(await dashboard(t, ops)).code, 'second_factor_required')
    // The enrolment's code, again in the same 30-second step: never accepted twice.
    const replayed = await prove(t, ops, 'totp', totpCode(secretOf.ops, clock.at()))
    assert.is(replayed.statusCode, 400)
    assert.is(errorOf(replayed).code, 'bad_code')
    assert.is(errorOf(await dashboard(t, ops)).code, 'second_factor_required')

    clock.move(STEP)
    const proved = await prove(t, ops, 'totp', totpCode(secretOf.ops, clock.at()))
    assert.is(proved.statusCode, 200, proved.body)
    assert.equal(body(proved).data, { proved: 'totp' })
    assert.is((await dashboard(t, ops)).statusCode, 200)
    const row = (await auditRows(t, 'account.second_factor.proved')).at(-1)!
    assert.equal(JSON.parse(row.after!), { method: 'totp', ip: '127.0.0.1' })

    // The same code in another session, within the same step: refused (replay).
    const other = await signIn(t, OPS.name, OPS.password)
    assert.is(errorOf(await prove(t, other, 'totp', totpCode(secretOf.ops, clock.at()))).code, 'bad_code')
    // A code of one step ahead is accepted (clock skew), two steps ahead is not.
    assert.is(errorOf(await prove(t, other, 'totp', totpCode(secretOf.ops, clock.at() + 2 * STEP))).code, 'bad_code')
    assert.is((await prove(t, other, 'totp', totpCode(secretOf.ops, clock.at() + STEP))).statusCode, 200)
    clock.move(3 * STEP)
  },
)

const WINDOW = 6 * 3_600_000

production('a recovery code proves a session once; the count goes down', async () => {
  // Past the wrong codes' window of the tests before (they are throttled: the last test).
  clock.move(WINDOW)
  const [first] = recoveryOf.ops
  const ops = await signIn(t, OPS.name, OPS.password)
  // Upper case and without the dash, as people may type it.
  const used = await prove(t, ops, 'recovery', first.replace('-', '').toUpperCase())
  assert.is(used.statusCode, 200, used.body)
  assert.equal(body(used).data, { proved: 'recovery' })
  assert.is((await dashboard(t, ops)).statusCode, 200)
  assert.is((await security(t, ops)).recovery_codes_left, RECOVERY_CODE_COUNT - 1)

  const next = await signIn(t, OPS.name, OPS.password)
  const again = await prove(t, next, 'recovery', first)
  assert.is(again.statusCode, 400)
  assert.is(errorOf(again).code, 'bad_code')
  // An authenticator code is no recovery code, nor the other way round.
  assert.is(errorOf(await prove(t, next, 'recovery', totpCode(secretOf.ops, clock.at()))).code, 'bad_code')
  assert.is(errorOf(await prove(t, next, 'totp', recoveryOf.ops[1])).code, 'bad_code')
  assert.is(errorOf(await dashboard(t, next)).code, 'second_factor_required')
  const failures = (await auditRows(t, 'account.second_factor.failure')).map((r) => JSON.parse(r.after!).method)
  assert.equal(failures.slice(-3), ['recovery', 'recovery', 'totp'])
})

production('new recovery codes and removing the authenticator need a proved session; the old codes stop working', async () => {
  const unproved = await signIn(t, OPS.name, OPS.password)
  assert.is(errorOf(await send(t, 'POST', '/api/user/recovery-codes', { session: unproved, payload: {} })).code, 'second_factor_required')
  assert.is(errorOf(await send(t, 'DELETE', '/api/user/totp', { session: unproved })).code, 'second_factor_required')

  const ops = await signIn(t, OPS.name, OPS.password)
  assert.is((await prove(t, ops, 'recovery', recoveryOf.ops[2])).statusCode, 200)
  const renewed = await send(t, 'POST', '/api/user/recovery-codes', { session: ops, payload: {} })
  assert.is(renewed.statusCode, 200, renewed.body)
  const codes = body<{ data: { codes: string[] } }>(renewed).data.codes
  assert.is(codes.length, RECOVERY_CODE_COUNT)
  assert.is((await auditRows(t, 'account.second_factor.recovery_codes')).length, 1)
  // The unproved session cannot use an old code any more, but a new one.
  assert.is(errorOf(await prove(t, unproved, 'recovery', recoveryOf.ops[3])).code, 'bad_code')
  assert.is((await prove(t, unproved, 'recovery', codes[0])).statusCode, 200)
  recoveryOf.ops = codes.slice(1)

  // Removing the authenticator: the account owes an enrolment again at its next sign-in.
  const removed = await send(t, 'DELETE', '/api/user/totp', { session: ops })
  assert.is(removed.statusCode, 200, removed.body)
  assert.is(body<{ data: SecurityData }>(removed).data.totp, false)
  assert.is((await auditRows(t, 'account.second_factor.remove')).length, 1)
  const later = await signIn(t, OPS.name, OPS.password)
  assert.is(later.due, 'enrol')
  assert.is(errorOf(await dashboard(t, later)).code, 'second_factor_enrolment_required')
  const again = await enrol(t, later, clock.at())
  // The account still had recovery codes: none are shown again.
  assert.equal(again.codes, [])
  secretOf.ops = again.secret
  assert.is((await dashboard(t, later)).statusCode, 200)
})

production('wrong codes are throttled per account: after five, even the right code answers 429 until the window has passed', async () => {
  clock.move(WINDOW)
  const ops = await signIn(t, OPS.name, OPS.password)
  const before = (await auditRows(t, 'account.second_factor.failure')).length
  for (let wrong = 1; wrong <= 5; wrong++) {
    const res = await prove(t, ops, 'totp', '000000')
    assert.is(res.statusCode, 400, `wrong code ${wrong}`)
  }
  assert.is((await prove(t, ops, 'totp', '000000')).statusCode, 429)
  const blocked = await prove(t, ops, 'totp', totpCode(secretOf.ops, clock.at()))
  assert.is(blocked.statusCode, 429)
  assert.is(errorOf(blocked).code, 'too_many_attempts')
  assert.match(errorOf(blocked).message, /try again later/)
  assert.is(errorOf(await prove(t, ops, 'recovery', recoveryOf.ops[0])).code, 'too_many_attempts')
  assert.is(errorOf(await dashboard(t, ops)).code, 'second_factor_required')
  assert.is((await auditRows(t, 'account.second_factor.failure')).length, before + 5, 'a refused (429) try is not a failure of its own')
  // Another account is not blocked by these.
  await createAccount(t, 'second', await hashPassword('Second12345'), ['administrator'])
  const second = await signIn(t, 'second', 'Second12345')
  assert.is(second.due, 'enrol')
  await enrol(t, second, clock.at())
  assert.is((await dashboard(t, second)).statusCode, 200)

  clock.move(WINDOW + STEP)
  assert.is((await prove(t, ops, 'totp', totpCode(secretOf.ops, clock.at()))).statusCode, 200)
  assert.is((await dashboard(t, ops)).statusCode, 200)
})

production('an account without a privileged role owes nothing, even in production', async () => {
  await createAccount(t, 'reader', await hashPassword('Reader12345'), [])
  const reader = await signIn(t, 'reader', 'Reader12345')
  assert.is(reader.due, null)
  const data = await security(t, reader)
  assert.equal([data.privileged, data.required, data.due], [false, true, null])
  assert.is(errorOf(await dashboard(t, reader)).code, 'forbidden')
})

production.run()

// ---------------------------------------------------------------------------------------------
// Development (the demo): asked only once the account has set one up
// ---------------------------------------------------------------------------------------------

const demo = suite('second factor in the development demo')
const demoClock = testClock()
let d: TestApp
demo.before(async () => {
  d = await startApp({ now: demoClock.now })
})
demo.after(() => d.close())

demo('the demo administrator opens the console without a factor, and owes its proof once one is set up', async () => {
  const admin = await signIn(d, 'admin', 'Admin12345')
  assert.is(admin.due, null)
  assert.is((await dashboard(d, admin)).statusCode, 200)
  const data = await security(d, admin)
  assert.equal([data.required, data.due, data.totp], [false, null, false])

  const { secret, codes } = await enrol(d, admin, demoClock.at())
  assert.is(codes.length, RECOVERY_CODE_COUNT)
  assert.is((await dashboard(d, admin)).statusCode, 200)

  const later = await signIn(d, 'admin', 'Admin12345')
  assert.is(later.due, 'verify')
  assert.is(errorOf(await dashboard(d, later)).code, 'second_factor_required')
  demoClock.move(STEP)
  assert.is((await prove(d, later, 'totp', totpCode(secret, demoClock.at()))).statusCode, 200)
  assert.is((await dashboard(d, later)).statusCode, 200)
})

demo.run()
