/**
 * The origin's response cache for anonymous public GETs (docs/operating/cdn.md,
 * `server/http/response-cache.ts`), over real HTTP on loopback (hits are answered by the HTTP
 * server's handler before Fastify) and through `inject`: answers served from memory with their
 * ETag and encodings, 304 without the database, invalidation by every kind of write at once,
 * the short clock of answers that depend on "now", per-viewer answers never shared, coalesced
 * misses, and the byte bound.
 */
import { INTERNAL_FIELDS } from '../../contract/constants.js'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { HOUR, MINUTE, maintenanceBody } from './desk-helpers.js'
import { FIXED_NOW, queryOn, startApp, type TestApp, until } from './helpers.js'
import { login, type Session, send } from './staff-helpers.js'

const LIST = '/api/maintenance?cloud=auroraedge'
const BANNER = '/api/cloud-banner?cloud=auroraedge'
const INCIDENTS = '/api/incident?cloud=auroraedge'
const TIMELINE = '/api/cloud-status?cloud=auroraedgethree&requestType=public&dateOffset=0'

let t: TestApp
let base: string
let now = FIXED_NOW.getTime()
let admin: Session

const test = suite('response cache')

test.before(async () => {
  t = await startApp({ now: () => new Date(now), schedulerIntervalMs: 50, maintenanceReminderMinutes: 0 })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  admin = await login(t, 'admin', 'Admin12345')
})
test.after(async () => {
  await t.close()
})
test.before.each(() => {
  t.app.responseCache.clear()
})

const stats = () => t.app.responseCache.stats()
const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers })
const json = async (path: string, headers: Record<string, string> = {}) => (await (await get(path, headers)).json()) as any

test('a second anonymous GET is answered from memory with the same bytes, ETag and policy', async () => {
  const first = await get(INCIDENTS, { 'accept-encoding': 'identity' })
  const firstBody = await first.text()
  const before = stats()
  const second = await get(INCIDENTS, { 'accept-encoding': 'identity' })
  assert.is(await second.text(), firstBody)
  assert.is(stats().hits, before.hits + 1)
  assert.is(stats().misses, before.misses)
  for (const name of ['etag', 'cache-control', 'last-modified', 'access-control-allow-origin', 'x-content-type-options', 'content-type']) {
    assert.is(second.headers.get(name), first.headers.get(name), name)
  }
  assert.is(second.headers.get('cache-control'), 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.ok(second.headers.get('date'))
})

test('brotli, gzip and identity from the same entry decode to the same answer', async () => {
  const plain = await (await get(INCIDENTS, { 'accept-encoding': 'identity' })).text()
  const raw = (encoding: string) =>
    new Promise<{ encoding?: string; vary?: string; bytes: Buffer }>((resolve, reject) => {
      // fetch decodes bodies itself; node:http shows the bytes on the wire.
      import('node:http').then(({ get: httpGet }) =>
        httpGet(`${base}${INCIDENTS}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c) => chunks.push(c))
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, bytes: Buffer.concat(chunks) }))
        }).on('error', reject),
      )
    })
  const br = await raw('gzip, deflate, br')
  assert.is(br.encoding, 'br')
  assert.match(String(br.vary), /accept-encoding/i)
  assert.is(brotliDecompressSync(br.bytes).toString(), plain)
  const gz = await raw('gzip;q=1, br;q=0')
  assert.is(gz.encoding, 'gzip')
  assert.is(gunzipSync(gz.bytes).toString(), plain)
  assert.ok(stats().hits >= 2)
})

test('a conditional request answers 304 from memory', async () => {
  const first = await get(BANNER)
  const etag = first.headers.get('etag')!
  await first.arrayBuffer()
  const before = stats()
  const conditional = await get(BANNER, { 'if-none-match': etag })
  assert.is(conditional.status, 304)
  assert.is(conditional.headers.get('etag'), etag)
  assert.is(stats().notModified, before.notModified + 1)
  assert.is(stats().misses, before.misses)
})

test('a commit by another process (the command line) shows within about a second', async () => {
  const { data } = await json(BANNER)
  assert.is((await json(BANNER)).data.title, data.title, 'from memory')
  // On the test's own connection, without `t.exec` (which would empty the cache itself).
  await queryOn(t.db())("update clouds set banner_title = 'Changed by another process' where machine_name = 'auroraedge'")
  const started = Date.now()
  await until(async () => (await json(BANNER)).data.title === 'Changed by another process', 'the change', 2500)
  const waited = Date.now() - started
  assert.ok(waited < 2300, `shown after ${waited} ms`)
})

test('publishing, updating and resolving show at once on answers that were cached', async () => {
  const title = 'Cache invalidation drill'
  const listTitles = async () => ((await json(INCIDENTS)).data.records as Array<{ title: string }>).map((r) => r.title)
  assert.not.ok((await listTitles()).includes(title))
  assert.not.ok((await listTitles()).includes(title), 'served from memory')
  const published = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: {
      type: 'incident',
      title,
      summary: 'Checking the cache.',
      status: 'In Progress',
      clouds: ['auroraedge'],
      terms: [],
      from: new Date(now).toISOString(),
    },
  })
  assert.is(published.statusCode, 201, published.body)
  const id = JSON.parse(published.body).data.id as number
  assert.ok((await listTitles()).includes(title))
  const post = `/api/posts/${id}?cloud=auroraedge`
  assert.is((await json(post)).data.title, title)
  const patched = await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload: { title: `${title} (updated)` } })
  assert.is(patched.statusCode, 200, patched.body)
  assert.is((await json(post)).data.title, `${title} (updated)`)
  assert.ok((await listTitles()).includes(`${title} (updated)`))
})

test('a catalogue change and a content change show at once', async () => {
  const catalog = JSON.parse((await send(t, 'GET', '/api/admin/catalog', { session: admin })).body).data
  type Cloud = { machine_name: string; banner_title: string }
  assert.is((await json(BANNER)).data.title, catalog.catalog.clouds.find((c: Cloud) => c.machine_name === 'auroraedge').banner_title)
  const clouds = catalog.catalog.clouds.map((c: Cloud) =>
    c.machine_name === 'auroraedge' ? { ...c, banner_title: 'Edited in the console' } : c,
  )
  const saved = await send(t, 'PUT', '/api/admin/catalog/clouds', {
    session: admin,
    payload: { revision: catalog.revision, value: clouds },
  })
  assert.is(saved.statusCode, 200, saved.body)
  assert.is((await json(BANNER)).data.title, 'Edited in the console')

  const faq = '/api/basic-page/faq?cloud=auroraedge'
  await json(faq)
  const put = await send(t, 'PUT', '/api/admin/faq', {
    session: admin,
    payload: { cloud: null, title: 'Questions, edited', body: '<section id="q"><h2>Q</h2></section>' },
  })
  assert.is(put.statusCode, 200, put.body)
  assert.is((await json(faq)).data.page_content.title, 'Questions, edited')
})

test('a maintenance window the scheduler starts shows In Progress at once, not after the cache expires', async () => {
  const from = now + HOUR
  const res = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: await maintenanceBody(t, from, from + HOUR, { title: 'Scheduler clears the cache' }),
  })
  assert.is(res.statusCode, 201, res.body)
  const id = JSON.parse(res.body).data.id as number
  const post = `/api/posts/${id}?cloud=auroraedge`
  const status = async () => (await json(post)).data.statusDetail.name as string
  const listed = async () => ((await json(LIST)).data.records as Array<{ id: number; status: string }>).find((r) => r.id === id)?.status
  assert.is(await status(), 'Scheduled')
  assert.is(await status(), 'Scheduled', 'from memory')
  assert.is(await listed(), 'Scheduled')
  now = from + MINUTE
  // The scheduler passes every 50 ms here; the cached copy would live 30 s without the clear.
  await until(async () => (await status()) === 'In Progress', 'the status the scheduler moved')
  assert.is(await listed(), 'In Progress')
  now = FIXED_NOW.getTime()
})

test('a privileged answer is never stored or shared; the anonymous copy never reaches a session', async () => {
  const hasInternal = (answer: any) =>
    (answer.data.records as Array<Record<string, unknown>>).some((r) => INTERNAL_FIELDS.some((f) => f in r))
  const cookie = `trust_session=${admin.cookie}`
  const privileged = await get(INCIDENTS, { cookie })
  assert.is(privileged.headers.get('cache-control'), 'private, no-store')
  const privilegedAnswer = await privileged.json()
  const anonymous = await json(INCIDENTS)
  assert.ok(hasInternal(privilegedAnswer))
  assert.not.ok(hasInternal(anonymous), 'the privileged answer was not stored for visitors')
  const before = stats()
  const again = await get(INCIDENTS, { cookie })
  assert.is(again.headers.get('cache-control'), 'private, no-store', 'the session bypasses the cached anonymous copy')
  assert.equal(await again.json(), privilegedAnswer)
  assert.is(stats().hits, before.hits)
  assert.equal(await json(INCIDENTS), anonymous)
})

test('the timeline (current-time marker) expires on its short clock; the site setting caps every entry', async () => {
  let cacheNow = Date.now()
  const quick = await startApp({ now: () => new Date(now), publicCacheSeconds: 1, responseCacheClock: () => cacheNow })
  try {
    await quick.app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(quick.app.server.address() as { port: number }).port}${TIMELINE}`
    const first = await fetch(url)
    assert.is(first.headers.get('cache-control'), 'public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400')
    const generated = first.headers.get('last-modified')
    await first.arrayBuffer()
    await (await fetch(url)).arrayBuffer()
    assert.is(quick.app.responseCache.stats().hits, 1)
    // At S (1 s) the entry is still fresh: served, nothing regenerated.
    cacheNow += 1000
    await (await fetch(url)).arrayBuffer()
    assert.equal([quick.app.responseCache.stats().hits, quick.app.responseCache.stats().stored], [2, 1], 'fresh up to S')
    // Past S the entry is still served once while its successor is generated in the background.
    cacheNow += 100
    const stale = await fetch(url)
    assert.is(stale.headers.get('last-modified'), generated)
    await stale.arrayBuffer()
    await until(() => quick.app.responseCache.stats().stored === 2, 'the background regeneration')
    assert.is(quick.app.responseCache.stats().misses, 1, 'no visitor waited for it')
    // Past S + W (2 s) without requests the entry is gone: the next visitor's request generates it.
    cacheNow += 2100
    await (await fetch(url)).arrayBuffer()
    assert.is(quick.app.responseCache.stats().misses, 2)
  } finally {
    await quick.close()
  }
  // At the default setting the timeline lives 10 s, global 5 s, other answers 30 s.
  assert.match(String((await get(TIMELINE)).headers.get('cache-control')), /s-maxage=10,/)
  assert.match(String((await get('/api/global')).headers.get('cache-control')), /s-maxage=5,/)
})

test('many visitors asking for the same missing answer cost one generation', async () => {
  const before = stats()
  const answers = await Promise.all(Array.from({ length: 25 }, () => get(TIMELINE).then((r) => r.text())))
  assert.ok(answers.every((a) => a === answers[0]))
  assert.is(stats().misses, before.misses + 1)
  assert.is(stats().stored, before.stored + 1)
})

test('HEAD is answered from the entry without a body; answers with Set-Cookie or errors are not stored', async () => {
  await (await get(BANNER)).arrayBuffer()
  const head = await fetch(base + BANNER, { method: 'HEAD' })
  assert.is(head.status, 200)
  assert.is(await head.text(), '')
  assert.ok(head.headers.get('etag'))
  const before = stats()
  await (await get('/api/cloud-banner?cloud=nowhere')).arrayBuffer()
  await (await get('/api/cloud-banner?cloud=nowhere')).arrayBuffer()
  assert.is(stats().stored, before.stored)
})

test('each Host has its own entries (feeds link to the origin they were asked on)', async () => {
  const feed = (host: string) => t.app.inject({ url: '/rss-feed/incidents', headers: { host } })
  assert.match((await feed('one.example')).body, /http:\/\/one\.example\//)
  assert.match((await feed('two.example')).body, /http:\/\/two\.example\//)
  assert.match((await feed('one.example')).body, /http:\/\/one\.example\//)
})

test('the cache is bounded in bytes', async () => {
  const small = await startApp({ responseCacheBytes: 40_000 })
  try {
    for (let page = 1; page <= 12; page++) await small.app.inject(`/api/incident?cloud=auroraedge&page=${page}`)
    const s = small.app.responseCache.stats()
    assert.ok(s.stored >= 12)
    assert.ok(s.bytes <= 40_000, `${s.bytes} bytes held`)
    assert.ok(s.entries < 12, `${s.entries} entries held`)
  } finally {
    await small.close()
  }
})

test.run()
