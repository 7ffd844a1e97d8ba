/**
 * The demo's security advisories (`server/seed/advisories.ts`): a development start seeds five
 * advisories with security details — scores computed from their vectors, revision histories, a
 * VEX-only statement about a third-party flaw — whose bodies say the CVE ids are invented, and the
 * VEX answer tells the page it runs the demo. A production start has none of it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { AdvisoryDetails } from '../../contract/advisories.js'
import type { VexData } from '../../contract/vex.js'
import { INVENTED_CVES_NOTE } from '../../server/seed/advisories.js'
import { body, startApp, type TestApp } from './helpers.js'

const test = suite('demo seed: security advisories with CVEs, CVSS, products, VEX and revisions')
let t: TestApp

test.before(async () => {
  t = await startApp()
})
test.after(async () => {
  await t.close()
})

test('five advisories have security details, tracking numbers in publishing order, and say their CVE ids are invented', async () => {
  const rows = await t.query<{ record_id: number; tracking_id: string; highest_rating: string | null; created: number }>(
    'select record_id, tracking_id, highest_rating, created from advisory_details order by created',
  )
  assert.is(rows.length, 5)
  // Numbered per year of the first release, in publishing order.
  const counters = new Map<number, number>()
  const expected = rows.map((r) => {
    const year = new Date(Number(r.created)).getUTCFullYear()
    counters.set(year, (counters.get(year) ?? 0) + 1)
    return `AURORA-SA-${year}-${String(counters.get(year)).padStart(4, '0')}`
  })
  assert.equal(
    rows.map((r) => r.tracking_id),
    expected,
  )
  assert.equal(
    rows.map((r) => r.highest_rating),
    ['Low', 'Medium', 'High', 'Critical', 'Critical'],
  )
  for (const row of rows) {
    const post = await t.app.inject(`/api/posts/${row.record_id}?cloud=${await cloudOf(row.record_id)}`)
    assert.is(post.statusCode, 200, post.body)
    const data = body(post).data as { body: string; advisory: AdvisoryDetails }
    assert.ok(data.body.includes(INVENTED_CVES_NOTE), 'the invented-ids note')
    assert.ok(data.advisory.vulnerabilities.every((v) => /^CVE-2026-900\d\d$/.test(v.cve)))
  }
})

/** The machine name of a cloud record `id` is linked to. */
async function cloudOf(id: number): Promise<string> {
  const [row] = await t.query<{ machine_name: string }>(
    'select c.machine_name from record_clouds rc join clouds c on c.id = rc.cloud_id where rc.record_id = ? order by c.id',
    id,
  )
  return row.machine_name
}

test('the Critical connector advisory has two revisions and its fix; the list finds it by CVE and rating', async () => {
  const rows = body(await t.app.inject('/api/advisory?cloud=auroraedge&q=CVE-2026-90001&rating=Critical')).data.records as Array<{
    id: number
    advisory_summary: { cves: string[]; highest: { version: string; score: number; rating: string } }
  }>
  assert.is(rows.length, 1)
  assert.equal(rows[0].advisory_summary.cves, ['CVE-2026-90001'])
  assert.equal(
    [rows[0].advisory_summary.highest.version, rows[0].advisory_summary.highest.score],
    ['3.1', 9.8],
    'the higher of its v3.1 and v4.0 scores',
  )
  const post = body(await t.app.inject(`/api/posts/${rows[0].id}?cloud=auroraedge`)).data as { advisory: AdvisoryDetails }
  assert.equal(
    post.advisory.revisions.map((r) => [r.number, r.summary]),
    [
      ['1', 'Initial public release'],
      ['2', 'Client Connector 4.2.1 is released; the cloud refuses forged tokens.'],
    ],
  )
  assert.equal(post.advisory.acknowledgements, [{ name: 'Lena Okafor', organization: 'Bluefjord Security Research' }])
  const connector = post.advisory.products.find((p) => p.kind === 'software')!
  assert.equal([connector.versions, connector.fixed_version], ['>=4.0 <4.2.1', '4.2.1'])
})

test('the VEX answer lists the third-party flaw as not affected everywhere, and says the site runs the demo', async () => {
  const data = body<{ data: VexData }>(await t.app.inject('/api/vex?cloud=auroraedge&cve=CVE-2026-90010')).data
  assert.is(data.demo, true)
  assert.is(data.cves.length, 1)
  assert.ok(data.cves[0].statements.length >= 4)
  assert.ok(data.cves[0].statements.every((s) => s.status === 'known_not_affected' && s.justification !== null))
})

test.run()
