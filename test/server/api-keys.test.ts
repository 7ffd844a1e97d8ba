/**
 * API keys (docs/operating/api-keys.md) on a production site from an empty database with the
 * vendor's own catalogue: made in the console, shown once and stored hashed, sent as `Bearer` or
 * Statuspage's `OAuth`, refused at once when revoked or expired, limited to a cloud, never in a query
 * string, never a way into session routes, rate limited per key, and every call audited under the
 * key's name.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ApiKeySummary, CreatedApiKeyData } from '../../contract/api-keys.js'
import type { ManageComponent, ManageComponentGroup, ManagePage } from '../../contract/statuspage-manage.js'
import { KEY_RATE_LIMIT } from '../../server/routes/manage-api.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'
import { auditRows, errorOf, loginOps, send, type Session, startProduction } from './staff-helpers.js'

const test = suite('API keys')
const PUBLIC_URL = 'https://status.northwind.example'
const DAY = 86_400_000

let t: TestApp
let admin: Session
let clock = FIXED_NOW.getTime()

test.before(async () => {
  t = await startProduction(PUBLIC_URL, { now: () => new Date(clock) })
  importByCommand(t, PUBLIC_URL, ownCatalog({ secondCloud: true }))
  admin = await loginOps(t)
})
test.after(() => t.close())

async function makeKey(payload: Record<string, unknown>): Promise<CreatedApiKeyData> {
  const res = await send(t, 'POST', '/api/admin/api-keys', { session: admin, payload })
  assert.is(res.statusCode, 200, res.body)
  return body<{ data: CreatedApiKeyData }>(res).data
}

/** A call to the key-authenticated API with `authorization` as the header (none: no header). */
const call = (url: string, authorization?: string) => t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} })

test('a key is shown once, stored as its SHA-256 only, and works as Bearer and as OAuth', async () => {
  const { key, summary } = await makeKey({ name: 'pagerduty', role: 'trust_admin', lifetime_days: 30 })
  assert.match(key, /^trust_[A-Za-z0-9_-]{43}$/)
  assert.is(summary.state, 'active')
  assert.is(summary.expires, clock + 30 * DAY)
  assert.ok(key.startsWith(summary.prefix))
  const rows = await t.query<Record<string, unknown>>('select * from api_keys where id = ?', summary.id)
  assert.is(rows[0].key_hash, createHash('sha256').update(key).digest('hex'))
  assert.not.ok(JSON.stringify(rows).includes(key), 'the key itself is not stored')
  const list = await send(t, 'GET', '/api/admin/api-keys', { session: admin })
  assert.not.ok(list.body.includes(key), 'the list never holds the key')
  assert.ok(body<{ data: { keys: ApiKeySummary[] } }>(list).data.keys.some((k) => k.name === 'pagerduty'))

  for (const scheme of ['Bearer', 'OAuth', 'bearer']) {
    const res = await call('/v1/pages', `${scheme} ${key}`)
    assert.is(res.statusCode, 200, `${scheme}: ${res.body}`)
    assert.equal(
      body<ManagePage[]>(res).map((p) => p.id),
      [OWN.cloud, OWN.secondCloud],
    )
    assert.is(res.headers['cache-control'], 'no-store')
    assert.is(res.headers['set-cookie'], undefined, 'a key gets no cookie')
  }
  const one = body<ManagePage>(await call(`/v1/pages/${OWN.cloud}`, `Bearer ${key}`))
  assert.is(one.url, `${PUBLIC_URL}/${OWN.domain}`)
})

test('components and component groups of a page, as the v2 documents name them', async () => {
  const { key } = await makeKey({ name: 'terraform', role: 'customer_success_manager', lifetime_days: 30 })
  const auth = `OAuth ${key}`
  const components = body<ManageComponent[]>(await call(`/v1/pages/${OWN.cloud}/components`, auth))
  const v2 = body<{ components: Array<{ id: string }> }>(await call(`/api/v2/components.json?cloud=${OWN.cloud}`))
  assert.equal(
    components.map((c) => c.id),
    v2.components.map((c) => c.id),
  )
  const service = components.find((c) => c.name === OWN.service)
  assert.ok(service, `the service ${OWN.service} is a component`)
  assert.is(service.status, 'operational')
  assert.is(service.automation_email, null)
  assert.is(service.page_id, OWN.cloud)
  const one = body<ManageComponent>(await call(`/v1/pages/${OWN.cloud}/components/${service.id}`, auth))
  assert.is(one.name, OWN.service)
  const missing = await call(`/v1/pages/${OWN.cloud}/components/nope`, auth)
  assert.is(missing.statusCode, 404)
  assert.match(errorOf(missing).message, /There is no component "nope" on the page northwind/)
  const groups = body<ManageComponentGroup[]>(await call(`/v1/pages/${OWN.cloud}/component-groups`, auth))
  assert.ok(groups.length >= 1)
  assert.ok(groups.some((g) => g.components.includes(service.id)))
  assert.is((await call('/v1/pages/nowhere/components', auth)).statusCode, 404)
})

test('no key, a wrong key and a key in the query string are refused with words that say what to do', async () => {
  const none = await call('/v1/pages')
  assert.is(none.statusCode, 401)
  assert.match(none.headers['www-authenticate'] as string, /^Bearer/)
  assert.match(errorOf(none).message, /needs an API key\. Send it as "Authorization: Bearer <key>"/)
  const wrong = await call('/v1/pages', `Bearer trust_${'x'.repeat(43)}`)
  assert.is(wrong.statusCode, 401)
  assert.match(errorOf(wrong).message, /not valid/)
  const { key } = await makeKey({ name: 'leaky', role: 'trust_admin', lifetime_days: 7 })
  const inQuery = await call(`/v1/pages?api_key=${key}`)
  assert.is(inQuery.statusCode, 400)
  assert.is(errorOf(inQuery).code, 'key_in_query')
})

test('a revoked key is refused at once; an expired one when its day comes', async () => {
  const { key, summary } = await makeKey({ name: 'ci pipeline', role: 'trust_admin', lifetime_days: 7 })
  assert.is((await call('/v1/pages', `Bearer ${key}`)).statusCode, 200)
  const revoke = await send(t, 'POST', `/api/admin/api-keys/${summary.id}/revoke`, { session: admin })
  assert.is(body<{ data: ApiKeySummary }>(revoke).data.state, 'revoked')
  const after = await call('/v1/pages', `Bearer ${key}`)
  assert.is(after.statusCode, 401)
  assert.match(errorOf(after).message, new RegExp(`${summary.prefix}… was revoked on 2026-03-15`))

  const short = await makeKey({ name: 'short-lived', role: 'trust_admin', lifetime_days: 7 })
  assert.is((await call('/v1/pages', `Bearer ${short.key}`)).statusCode, 200)
  clock += 7 * DAY
  try {
    const expired = await call('/v1/pages', `Bearer ${short.key}`)
    assert.is(expired.statusCode, 401)
    assert.match(errorOf(expired).message, /expired on 2026-03-22/)
  } finally {
    clock -= 7 * DAY
  }
})

test('a key for one cloud sees and acts on that cloud only', async () => {
  const { key } = await makeKey({ name: 'southwind bot', role: 'trust_admin', lifetime_days: 30, cloud: OWN.secondCloud })
  const pages = body<ManagePage[]>(await call('/v1/pages', `Bearer ${key}`))
  assert.equal(
    pages.map((p) => p.id),
    [OWN.secondCloud],
  )
  const other = await call(`/v1/pages/${OWN.cloud}`, `Bearer ${key}`)
  assert.is(other.statusCode, 403)
  assert.is(errorOf(other).code, 'out_of_scope')
  const unknown = await send(t, 'POST', '/api/admin/api-keys', {
    session: admin,
    payload: { name: 'x', role: 'trust_admin', lifetime_days: 30, cloud: 'nowhere' },
  })
  assert.is(unknown.statusCode, 400)
  assert.match(errorOf(unknown).message, /^cloud: there is no cloud "nowhere"/)
  const badRole = await send(t, 'POST', '/api/admin/api-keys', { session: admin, payload: { name: 'x', role: 'root', lifetime_days: 30 } })
  assert.is(badRole.statusCode, 400)
  assert.match(errorOf(badRole).message, /^role: must be one of administrator, /)
})

test('a key never opens a session route: the console API, key management, account settings', async () => {
  const { key } = await makeKey({ name: 'curious', role: 'administrator', lifetime_days: 30 })
  const authorization = `Bearer ${key}`
  for (const [method, url] of [
    ['GET', '/api/admin/api-keys'],
    ['POST', '/api/admin/api-keys'],
    ['GET', '/api/admin/dashboard'],
    ['POST', '/api/user/settings'],
    ['GET', '/api/user/security'],
  ] as const) {
    const res = await t.app.inject({ method, url, headers: { authorization }, ...(method === 'POST' ? { payload: {} } : {}) })
    assert.is(res.statusCode, 403, `${method} ${url}: ${res.body}`)
    assert.is(errorOf(res).code, 'not_signed_in', `${method} ${url}`)
  }
})

test('every call is audited under the key name, never with the key; creation and revocation too', async () => {
  const { key } = await makeKey({ name: 'audited bot', role: 'trust_admin', lifetime_days: 30 })
  await call(`/v1/pages/${OWN.cloud}`, `Bearer ${key}`)
  const calls = (await auditRows(t, 'api_key.call')).filter((r) => r.actor_name.startsWith('API key "audited bot"'))
  assert.is(calls.length, 1)
  assert.is(calls[0].target, `GET /v1/pages/${OWN.cloud}`)
  assert.equal(JSON.parse(calls[0].after ?? 'null'), { status: 200 })
  assert.ok((await auditRows(t, 'api_key.create')).some((r) => r.target === 'audited bot'))
  assert.ok((await auditRows(t, 'api_key.revoke')).some((r) => r.target === 'ci pipeline'))
  const everything = JSON.stringify(await t.query('select * from audit_log'))
  assert.not.ok(everything.includes(key), 'no audit entry holds the key')
})

test(`a key makes at most ${KEY_RATE_LIMIT} calls a minute; others keep theirs`, async () => {
  const { key } = await makeKey({ name: 'busy', role: 'trust_admin', lifetime_days: 30 })
  const other = await makeKey({ name: 'calm', role: 'trust_admin', lifetime_days: 30 })
  for (let i = 0; i < KEY_RATE_LIMIT; i++) assert.is((await call('/v1/pages', `Bearer ${key}`)).statusCode, 200, `call ${i + 1}`)
  const over = await call('/v1/pages', `Bearer ${key}`)
  assert.is(over.statusCode, 429)
  assert.is(errorOf(over).code, 'rate_limited')
  assert.ok(Number(over.headers['retry-after']) > 0)
  assert.is((await call('/v1/pages', `Bearer ${other.key}`)).statusCode, 200)
})

test("the README's curl opens an incident with a key, as it is written", async () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const curl = /```sh\n(curl -X POST [^`]+)```/.exec(readme)?.[1]
  assert.ok(curl, 'the README has a curl that POSTs')
  const url = /https:\/\/trust\.example(\/v1\/[^\s]+)/.exec(curl)?.[1]
  const data = /-d '([^']+)'/.exec(curl)?.[1]
  assert.is(url, `/v1/pages/${OWN.cloud}/incidents`, 'the example names the test catalogue’s cloud')
  assert.match(curl, /-H "Authorization: Bearer \$TRUST_API_KEY"/)
  const { key } = await makeKey({ name: 'readme', role: 'trust_admin', lifetime_days: 7 })
  const res = await t.app.inject({
    method: 'POST',
    url: url!,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: data!,
  })
  assert.is(res.statusCode, 201, res.body)
  const incident = body<{ id: string; name: string; status: string }>(res)
  assert.is(incident.status, 'investigating')
  const v2 = body<{ incidents: Array<{ id: string; name: string }> }>(await call(`/api/v2/incidents/unresolved.json?cloud=${OWN.cloud}`))
  assert.ok(v2.incidents.some((i) => i.id === incident.id && i.name === JSON.parse(data!).incident.name))
})

test.run()
