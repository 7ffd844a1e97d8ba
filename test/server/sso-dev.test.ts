// `npm run sso:dev` (docs/operating/staff-sign-in.md#single-sign-on): the demo's local identity provider starts with
// one command and prints the environment of the site; a development site started with exactly that environment
// signs the printed employee in with the printed password and the mapped roles.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SESSION_COOKIE } from '../../contract/constants.js'
import { SSO_STATE_COOKIE } from '../../server/accounts/sso.js'
import { readAccountsConfig } from '../../server/config.js'
import { signInAtProvider } from '../fixtures/oidc-provider.js'
import { freePort } from '../setup/ports.js'
import { startApp, type TestApp } from './helpers.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const test = suite('sso: npm run sso:dev, the demo’s local identity provider')

let child: ChildProcess | undefined
let t: TestApp | undefined

test.after(async () => {
  await t?.close()
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
})

test('prints the environment that signs the demo’s employee in to a development site', async () => {
  const port = await freePort()
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/oidc-dev-provider.ts'], {
    cwd: root,
    env: { ...process.env, OIDC_DEV_PORT: String(port), SITE_URL: '', TRUST_EMPLOYEE_DOMAINS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  await new Promise<void>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8')
      if (printed.includes('Press Ctrl+C to stop.')) resolve()
    })
    child!.once('exit', (code) => reject(new Error(`sso:dev ended (${code}) before it was ready: ${printed}`)))
  })
  const env = Object.fromEntries([...printed.matchAll(/^ {2}export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]))
  assert.equal(Object.keys(env).sort(), ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ISSUER', 'OIDC_ROLE_MAP', 'TRUST_EMPLOYEE_DOMAINS'])
  assert.is(env.OIDC_ISSUER, `http://127.0.0.1:${port}`)
  const [, login, password] = /^ {2}(alice) \/ (\S+) /m.exec(printed) ?? []
  assert.is(login, 'alice', printed)

  const accounts = readAccountsConfig(env, 'development')
  t = await startApp({ accounts: { ...accounts, publicUrl: 'http://localhost:8080' } })
  const start = await t.app.inject({ method: 'GET', url: '/sso/login?destination=subscribe' })
  assert.is(start.statusCode, 302, start.body)
  const state = start.cookies.find((c) => c.name === SSO_STATE_COOKIE)!.value
  const back = await signInAtProvider(String(start.headers.location), login, password)
  assert.is(back.origin, 'http://localhost:8080', 'back to the demo at its usual address')
  const done = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${SSO_STATE_COOKIE}=${state}` },
  })
  assert.is(done.statusCode, 302, done.body)
  assert.is(done.headers.location, '/subscribe')
  assert.ok(done.cookies.some((c) => c.name === SESSION_COOKIE))
  const roles = await t.query<{ role: string }>(
    'select r.role from user_roles r join users u on u.uid = r.uid where u.mail = ? order by r.role',
    'alice@auroraedge.example',
  )
  assert.equal(
    roles.map((r) => r.role),
    ['administrator', 'trust_admin'],
  )
})

test.run()
