/**
 * The server, not only the screens, keeps the console shut to a privileged session that has not
 * proved its second factor (docs/operating/staff-sign-in.md): every route under `/api/admin/`
 * answers 403 to it — `second_factor_enrolment_required` for an account without a factor (production),
 * `second_factor_required` for one with a factor — whatever the method, parameters or body.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SECOND_FACTOR_CODES } from '../../contract/staff-identity.js'
import type { TestApp } from './helpers.js'
import { apiRouteTable } from './route-table.js'
import { errorOf, login, loginOps, OPS, send, startProduction, type Method, type Session } from './staff-helpers.js'

const test = suite('second factor: every admin route refuses a session that has not proved it')

/** Every `/api/admin/…` route the API registers in production, as method and URL pattern. */
async function adminRoutes(): Promise<Array<{ method: Method; url: string }>> {
  return (await apiRouteTable('production'))
    .filter((r) => r.url.startsWith('/api/admin/'))
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((m) => ({ method: m as Method, url: r.url })),
    )
}

/** A concrete URL of a route pattern: each `:param` becomes `1`. */
const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '1')

let t: TestApp
test.before(async () => {
  t = await startProduction('https://status.nimbus.example')
})
test.after(async () => {
  await t?.close()
})

test('there are admin routes to check', async () => {
  const routes = await adminRoutes()
  assert.ok(routes.length >= 30, `only ${routes.length} admin routes`)
})

/** The routes of {@link adminRoutes} that do not answer `code` to `session`, with what they answered. */
async function notRefused(session: Session, code: string): Promise<string[]> {
  const wrong: string[] = []
  for (const { method, url } of await adminRoutes()) {
    const res = await send(t, method, concrete(url), { session, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })
    const answered = res.statusCode === 403 ? errorOf(res).code : String(res.statusCode)
    if (answered !== code) wrong.push(`${method} ${url}: ${answered}`)
  }
  return wrong
}

test('an administrator without a factor is refused everywhere until it sets one up', async () => {
  const unproved = await login(t, OPS.name, OPS.password, { secondFactor: false })
  assert.equal(await notRefused(unproved, SECOND_FACTOR_CODES.enrol), [])
})

test('after enrolment, a new session is refused everywhere until it proves the factor; a proved one is let in', async () => {
  // The first full sign-in sets up the authenticator app (test/server/staff-helpers.ts).
  const proved = await loginOps(t)
  const dashboard = await send(t, 'GET', '/api/admin/dashboard', { session: proved })
  assert.is(dashboard.statusCode, 200, dashboard.body)

  const unproved = await login(t, OPS.name, OPS.password, { secondFactor: false })
  assert.equal(await notRefused(unproved, SECOND_FACTOR_CODES.verify), [])
  // Not even the internal fields of records: the session reads as a plain registered user's.
  const dashboardAgain = await send(t, 'GET', '/api/admin/dashboard', { session: unproved })
  assert.is(errorOf(dashboardAgain).code, SECOND_FACTOR_CODES.verify)
})

test.run()
