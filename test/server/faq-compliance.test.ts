import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { BasicPageData, ComplianceData } from '../../contract/content.js'
import { CLOUDS_WITHOUT_COMPLIANCE_ROWS, FAQ_SECTIONS } from '../../server/seed/faq-compliance.js'
import { body, startApp, type TestApp } from './helpers.js'

let t: TestApp
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

const faq = suite('GET /api/basic-page/faq')
faq.before(async () => {
  t = await startApp()
})
faq.after(async () => {
  await t.close()
})

faq('answers { data: { page_content: { title, body } } }: the seeded FAQ, public, 30 s cache, CORS *', async () => {
  const res = await get('/api/basic-page/faq?cloud=auroraedge', { origin: 'https://partner.example' })
  assert.is(res.statusCode, 200)
  const data: BasicPageData = body(res).data
  assert.equal(Object.keys(body(res)), ['data'])
  assert.is(data.page_content.title, 'Frequently Asked Questions')
  const [row] = await t.query<{ body: string }>("SELECT body FROM basic_pages WHERE machine_name = 'faq' AND cloud_id IS NULL")
  assert.is(data.page_content.body, row!.body)
  assert.is(res.headers['cache-control'], 'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(res.headers['access-control-allow-origin'], '*')
  assert.is(res.headers['access-control-allow-credentials'], undefined)
})

faq('the seeded FAQ has at least 15 questions in at least 4 sections, with the subscription anchor', async () => {
  const html: string = body(await get('/api/basic-page/faq?cloud=auroraedge.net')).data.page_content.body
  assert.ok((html.match(/<section id="/g) ?? []).length >= 4)
  assert.ok((html.match(/<details id="/g) ?? []).length >= 15)
  assert.ok(FAQ_SECTIONS.flatMap((s) => s.questions).length >= 15)
  assert.match(html, '<details id="how-to-manage-your-subscription"><summary>How to Manage Your Subscription?</summary>')
  for (const words of ['/subscribe', 'Subscribe All', 'Individual', 'region', 'unsubscribe link']) assert.ok(html.includes(words), words)
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
  assert.is(new Set(ids).size, ids.length, 'ids are unique')
  assert.ok(ids.every((id) => /^[A-Za-z][\w-]*$/.test(id!)))
})

faq('a cloud override replaces the shared page for that cloud only; the same page for every other cloud', async () => {
  const [{ id }] = await t.query<{ id: number }>("SELECT id FROM clouds WHERE machine_name = 'workload'")
  await t.exec("INSERT INTO basic_pages (machine_name, cloud_id, title, body) VALUES ('faq', ?, 'Workload FAQ', '<p>Own</p>')", id)
  assert.equal(body(await get('/api/basic-page/faq?cloud=workload')).data.page_content, { title: 'Workload FAQ', body: '<p>Own</p>' })
  assert.is(body(await get('/api/basic-page/faq?cloud=auroraedge')).data.page_content.title, 'Frequently Asked Questions')
})

faq('400 without cloud, 404 unknown_cloud, no-store on errors', async () => {
  assert.is((await get('/api/basic-page/faq')).statusCode, 400)
  const res = await get('/api/basic-page/faq?cloud=nope')
  assert.is(res.statusCode, 404)
  assert.is(body(res).error.code, 'unknown_cloud')
  assert.is(res.headers['cache-control'], 'no-store')
})

faq.run()

const compliance = suite('GET /api/compliance')
compliance.before(async () => {
  t = await startApp()
})
compliance.after(async () => {
  await t.close()
})

compliance('answers page_top and the rows of the cloud from the database, in sort order', async () => {
  const clouds = await t.query<{ id: number; machine_name: string }>('SELECT id, machine_name FROM clouds ORDER BY id')
  let withRows = 0
  for (const cloud of clouds) {
    const res = await get(`/api/compliance?cloud=${cloud.machine_name}`)
    assert.is(res.statusCode, 200, cloud.machine_name)
    const data: ComplianceData = body(res).data
    const rows = await t.query<{ description: string; date: string }>(
      'SELECT description, date FROM compliance_rows WHERE cloud_id = ? ORDER BY sort, id',
      cloud.id,
    )
    assert.equal(data.page_content, rows, cloud.machine_name)
    const [top] = await t.query<{ page_top: string }>('SELECT page_top FROM compliance_pages WHERE cloud_id = ?', cloud.id)
    assert.is(data.page_top, top?.page_top ?? '')
    assert.ok(data.page_content.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date)))
    if (rows.length) withRows++
  }
  assert.ok(withRows >= clouds.length - CLOUDS_WITHOUT_COMPLIANCE_ROWS.length, 'most clouds have rows')
})

compliance('a cloud without rows answers an empty page_content; the gov cloud lists FedRAMP High', async () => {
  assert.equal(body(await get('/api/compliance?cloud=deception')).data.page_content, [])
  const gov: ComplianceData = body(await get('/api/compliance?cloud=auroraedgegov.net')).data
  assert.ok(gov.page_content.some((r) => r.description.includes('FedRAMP High')))
})

compliance('public 30 s cache and CORS *; 400 without cloud, 404 unknown_cloud', async () => {
  const res = await get('/api/compliance?cloud=auroraedge')
  assert.is(res.headers['cache-control'], 'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(res.headers['access-control-allow-origin'], '*')
  assert.is((await get('/api/compliance')).statusCode, 400)
  const missing = await get('/api/compliance?cloud=trust.nowhere.net')
  assert.is(missing.statusCode, 404)
  assert.is(body(missing).error.code, 'unknown_cloud')
})

compliance('the seed runs once: a restart on the same data folder adds no rows', async () => {
  const before = (await t.query<{ n: number }>('SELECT count(*) AS n FROM compliance_rows'))[0]!.n
  const again = await startApp({ dataDir: t.database.dataDir, databaseUrl: t.database.databaseUrl })
  await again.stop() // the database belongs to the suite's app
  assert.is((await t.query<{ n: number }>('SELECT count(*) AS n FROM compliance_rows'))[0]!.n, before)
  assert.is((await t.query<{ n: number }>('SELECT count(*) AS n FROM basic_pages'))[0]!.n, 1)
})

compliance.run()
