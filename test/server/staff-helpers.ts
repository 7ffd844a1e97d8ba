/**
 * Shared set-up of the server tests of signed-in calls (the admin API, publishing): requests as a
 * session, signing in, staff accounts with roles made straight in the database, the audit log, and
 * a production app with its configured administrator. Each helper takes the {@link TestApp} it
 * works on.
 */
import type { LightMyRequestResponse } from 'fastify'
import { CompiledQuery } from 'kysely'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import type { LoginData } from '../../contract/accounts.js'
import { SESSION_COOKIE } from '../../contract/constants.js'
import type { RecoveryCodesData, TotpEnrolment } from '../../contract/staff-identity.js'
import { totpCode } from '../../server/accounts/second-factor.js'
import type { BuildAppOptions } from '../../server/app.js'
import { body, FIXED_NOW, placeholders, startApp, type TestApp } from './helpers.js'

/** A signed-in browser: the session cookie's value and the CSRF token of the sign-in answer. */
export interface Session {
  cookie: string
  csrf: string
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Sends a request to `t`'s app as `session` (none: anonymous) with the JSON `payload` (none: no
 * body). Writes (not GET) carry `session.csrf` as the `x-csrf-token` header unless `csrf` is false;
 * reads never carry it.
 */
export function send(
  t: TestApp,
  method: Method,
  url: string,
  { session, payload, csrf = true }: { session?: Session; payload?: unknown; csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {}
  if (session) headers.cookie = `${SESSION_COOKIE}=${session.cookie}`
  if (session && csrf && method !== 'GET') headers['x-csrf-token'] = session.csrf
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as any }) })
}

/** The unused recovery codes of each account a test app's {@link login} gave a second factor, by account name. */
const recoveryCodes = new WeakMap<TestApp, Map<string, string[]>>()

/**
 * Proves `session`'s second factor as a person would (docs/operating/staff-sign-in.md): `'enrol'`
 * sets up an authenticator app (the code computed from the secret at the app's clock) and keeps the
 * recovery codes shown; `'verify'` spends one of those recovery codes (the app's clock is fixed, so
 * a second authenticator code of the same 30-second step would be refused as a replay), asking for
 * new ones when it was the last.
 */
async function proveSecondFactor(t: TestApp, name: string, session: Session, due: 'verify' | 'enrol'): Promise<void> {
  const kept = recoveryCodes.get(t) ?? new Map<string, string[]>()
  recoveryCodes.set(t, kept)
  if (due === 'enrol') {
    const enrol = await send(t, 'POST', '/api/user/totp/enrol', { session })
    assert.is(enrol.statusCode, 200, enrol.body)
    const { secret } = body<{ data: TotpEnrolment }>(enrol).data
    const confirm = await send(t, 'POST', '/api/user/totp/confirm', { session, payload: { code: totpCode(secret, t.now().getTime()) } })
    assert.is(confirm.statusCode, 200, confirm.body)
    kept.set(name, body<{ data: RecoveryCodesData }>(confirm).data.codes)
    return
  }
  const codes = kept.get(name) ?? []
  const code = codes.shift()
  if (!code) throw new Error(`login: ${name} has a second factor this test helper did not set up`)
  const proved = await send(t, 'POST', '/api/user/second-factor', { session, payload: { method: 'recovery', code } })
  assert.is(proved.statusCode, 200, proved.body)
  if (codes.length === 0) {
    const fresh = await send(t, 'POST', '/api/user/recovery-codes', { session, payload: {} })
    assert.is(fresh.statusCode, 200, fresh.body)
    kept.set(name, body<{ data: RecoveryCodesData }>(fresh).data.codes)
  }
}

/**
 * Signs in as `name` with `pass` (`POST /api/user/login`, which must answer 200) and, unless
 * `secondFactor` is false, proves the second factor the session owes ({@link proveSecondFactor});
 * returns the session.
 */
export async function login(t: TestApp, name: string, pass: string, { secondFactor = true } = {}): Promise<Session> {
  const res = await send(t, 'POST', '/api/user/login', { payload: { name, pass } })
  assert.is(res.statusCode, 200, res.body)
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value
  const data = body<{ data: LoginData }>(res).data
  const session = { cookie, csrf: data.csrf_token }
  if (secondFactor && data.second_factor !== null) await proveSecondFactor(t, name, session, data.second_factor)
  return session
}

/** The `error` of a failure answer: its code and message. */
export const errorOf = (res: LightMyRequestResponse) => body<{ error: { code: string; message: string } }>(res).error

/**
 * Runs one writing SQL statement on `t`'s database like `TestApp.exec` (portable SQL, `?`
 * parameters; empties the app's response cache); returns the `id` column of its first row — what an
 * insert ending in `returning <key> as id` gives (`NaN` without one).
 */
export async function execute(t: TestApp, sql: string, ...params: unknown[]): Promise<number> {
  const { rows } = await t.db().executeQuery<{ id?: unknown }>(CompiledQuery.raw(placeholders(sql), params))
  t.app.responseCache.clear()
  return Number(rows[0]?.id)
}

/**
 * Creates a verified account `name` (mail `mail`, by default `name@example.com`; time zone UTC,
 * created at {@link FIXED_NOW}) with the password hash `passHash` and `roles` (rows of `users` and
 * `user_roles`) straight in `t`'s database; returns its uid.
 */
export async function createAccount(
  t: TestApp,
  name: string,
  passHash: string,
  roles: readonly string[] = [],
  mail = `${name}@example.com`,
): Promise<number> {
  const uid = await execute(
    t,
    'insert into users (name, mail, pass_hash, verified, timezone, created) values (?, ?, ?, 1, ?, ?) returning uid as id',
    name,
    mail,
    passHash,
    'UTC',
    FIXED_NOW.getTime(),
  )
  for (const role of roles) await execute(t, 'insert into user_roles (uid, role) values (?, ?)', uid, role)
  return uid
}

/** A row of `audit_log`: `before` and `after` are JSON text (`null` for none), `at` epoch milliseconds. */
export interface AuditRow {
  id: number
  at: number
  actor_uid: number | null
  actor_name: string
  action: string
  target: string
  before: string | null
  after: string | null
}

/** The rows of `t`'s audit log in the order written; only those of `action` if given. */
export const auditRows = (t: TestApp, action?: string): Promise<AuditRow[]> =>
  t.query<AuditRow>(`select * from audit_log ${action ? 'where action = ?' : ''} order by id`, ...(action ? [action] : []))

/** How many entries `t`'s audit log has. */
export const auditCount = async (t: TestApp): Promise<number> => (await t.query<{ n: number }>('select count(*) as n from audit_log'))[0].n

/** The administrator of a {@link startProduction} app: its name and password. */
export const OPS = { name: 'ops', password: 'Ops12345678' } as const

/**
 * Starts a production app (`mode: 'production'`: no demo seed, no demo viewer) on a fresh empty
 * database at `publicUrl`, with the administrator {@link OPS} whose mail is `ops@` the host of
 * `publicUrl` without a leading `status.` (`https://status.nimbus.example`: `ops@nimbus.example`).
 * `options` add to or replace these (`options.accounts` key by key, e.g. `admin: null`).
 */
export function startProduction(publicUrl: string, options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const domain = new URL(publicUrl).hostname.replace(/^status\./, '')
  return startApp({
    mode: 'production',
    ...options,
    accounts: {
      publicUrl,
      admin: { ...OPS, mail: `ops@${domain}` },
      seedViewer: false,
      ...options.accounts,
    },
  })
}

/** Signs in as the administrator {@link OPS} of a {@link startProduction} app. */
export const loginOps = (t: TestApp): Promise<Session> => login(t, OPS.name, OPS.password)

/**
 * Gives `group` an app (built with `options`) and `name` signed in to it with `pass`, handed to
 * `use` before the group's tests run; the app is closed after them.
 */
export function signedIn(
  group: Test,
  [name, pass]: readonly [string, string],
  use: (t: TestApp, session: Session) => void,
  options: Partial<BuildAppOptions> = {},
): void {
  let app: TestApp | undefined
  group.before(async () => {
    app = await startApp(options)
    use(app, await login(app, name, pass))
  })
  group.after(async () => {
    await app?.close()
  })
}

/** The demo administrator's name and password. */
export const ADMIN = ['admin', 'Admin12345'] as const
