/**
 * The visitor's side of security advisories (docs/operating/security-advisories.md#the-public-pages):
 * on a production start from an empty database with the vendor's own catalogue, the advisory list
 * rows carry each advisory's CVE ids and highest score, `GET /api/advisory` filters by a minimum
 * CVSS rating and finds a CVE id or words, the post carries the security details, and
 * `GET /api/vex` answers per CVE and product what the advisories' VEX statements say.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { SaveAdvisoryBody } from '../../contract/advisories.js'
import type { VexData } from '../../contract/vex.js'
import { saveAdvisory } from '../../server/advisories/repo.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog, ownIncident } from './own-catalog.js'
import { errorOf, loginOps, send, startProduction } from './staff-helpers.js'

const test = suite('advisories in public: list rows, rating filter, CVE search, the post, the VEX answer')
const PUBLIC_URL = 'https://status.northwind.example'
const T0 = FIXED_NOW.getTime()
const HOUR = 3_600_000
const CRITICAL_V3 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' // 9.8 Critical
const HIGH_V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N' // High
const MEDIUM_V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N' // 6.9 Medium

let t: TestApp
/** Record ids by name. */
const ids: Record<'critical' | 'high' | 'medium' | 'unscored' | 'plain' | 'southOnly' | 'incident', number> = {
  critical: 0,
  high: 0,
  medium: 0,
  unscored: 0,
  plain: 0,
  southOnly: 0,
  incident: 0,
}

/** One vulnerability of a save body. */
function vulnerability(
  cve: string,
  title: string,
  vectors: { v3?: string; v4?: string },
  statements: SaveAdvisoryBody['vulnerabilities'][number]['statements'] = [],
) {
  return { cve, title, description: `${title}.`, cwe: null, cvss_v3: vectors.v3 ?? null, cvss_v4: vectors.v4 ?? null, statements }
}

const products: SaveAdvisoryBody['products'] = [
  { id: 'p1', kind: 'cloud', cloud: OWN.cloud, name: '', versions: null, fixed_version: null },
  { id: 'p2', kind: 'software', cloud: null, name: 'Relay Connector', versions: '<4.2.1', fixed_version: '4.2.1' },
]

async function save(
  id: number,
  body: Omit<SaveAdvisoryBody, 'acknowledgements'> & { acknowledgements?: SaveAdvisoryBody['acknowledgements'] },
  at = T0,
) {
  await saveAdvisory(t.db(), id, { acknowledgements: [], ...body }, at)
  t.app.responseCache.clear()
}

const list = async (query: string) => {
  const res = await t.app.inject(`/api/advisory?cloud=${OWN.cloud}${query}`)
  assert.is(res.statusCode, 200, res.body)
  return body(res).data.records as Array<{
    id: number
    advisory_summary?: { tracking_id: string; cves: string[]; highest: { score: number; rating: string } | null }
  }>
}
const listIds = async (query: string) => (await list(query)).map((r) => r.id).sort((a, b) => a - b)
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b)

test.before(async () => {
  t = await startProduction(PUBLIC_URL)
  importByCommand(t, PUBLIC_URL, ownCatalog({ secondCloud: true }))
  const ops = await loginOps(t)
  const [service] = await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service)
  let n = 0
  const publish = async (title: string, extra: Record<string, unknown> = {}) => {
    n += 1
    const res = await send(t, 'POST', '/api/admin/records', {
      session: ops,
      payload: {
        ...ownIncident(service.tid, T0 - (10 - n) * HOUR),
        type: 'advisory',
        event_type: 'Security Advisory',
        title,
        summary: `About ${title.toLowerCase()}.`,
        notify: false,
        ...extra,
      },
    })
    assert.is(res.statusCode, 201, res.body)
    return body(res).data.id as number
  }
  ids.critical = await publish('Relay console authentication bypass', {
    available_workaround: '<p>Block the console port at the firewall.</p>',
  })
  ids.high = await publish('Connector privilege escalation')
  ids.medium = await publish('Console information disclosure')
  ids.unscored = await publish('Third-party library statement')
  ids.plain = await publish('Planned key rotation')
  ids.southOnly = await publish('Southern relay flaw', { clouds: [OWN.secondCloud], terms: [] })
  ids.incident = (
    body(await send(t, 'POST', '/api/admin/records', { session: ops, payload: { ...ownIncident(service.tid, T0 - HOUR), notify: false } }))
      .data as {
      id: number
    }
  ).id

  /** The Critical advisory with the connector's statement `connector`: first affected, then fixed. */
  const critical = (connector: SaveAdvisoryBody['vulnerabilities'][number]['statements'][number], revision_summary?: string) => ({
    products,
    vulnerabilities: [
      vulnerability('CVE-2026-90001', 'Authentication bypass', { v3: CRITICAL_V3 }, [
        { product: 'p1', status: 'fixed', justification: null, note: 'Fixed on every relay.' },
        connector,
      ]),
      vulnerability('CVE-2026-90002', 'Session fixation', { v4: MEDIUM_V4 }),
    ],
    acknowledgements: [{ name: 'Ada Byron', organization: 'Analytical Security' }],
    revision_summary,
  })
  await save(
    ids.critical,
    critical({ product: 'p2', status: 'known_affected', justification: null, note: 'Upgrade the connector to 4.2.1.' }),
    T0 - 5 * HOUR,
  )
  await save(
    ids.critical,
    critical({ product: 'p2', status: 'fixed', justification: null, note: 'Fixed in 4.2.1.' }, 'The connector fix is out.'),
    T0 - 2 * HOUR,
  )
  await save(ids.high, { products, vulnerabilities: [vulnerability('CVE-2026-90003', 'Privilege escalation', { v4: HIGH_V4 })] })
  await save(ids.medium, { products, vulnerabilities: [vulnerability('CVE-2026-90004', 'Information disclosure', { v4: MEDIUM_V4 })] })
  await save(ids.unscored, {
    vex_only: true,
    products,
    vulnerabilities: [
      vulnerability('CVE-2021-44228', 'Log4Shell in Apache Log4j', {}, [
        { product: 'p1', status: 'known_not_affected', justification: 'component_not_present', note: 'The relays do not use Log4j.' },
        { product: 'p2', status: 'known_not_affected', justification: 'vulnerable_code_not_present', note: '' },
      ]),
    ],
  })
  await save(ids.southOnly, {
    products: [{ id: 'p1', kind: 'cloud', cloud: OWN.secondCloud, name: '', versions: null, fixed_version: null }],
    vulnerabilities: [
      vulnerability('CVE-2026-90009', 'Southern flaw', { v3: CRITICAL_V3 }, [
        { product: 'p1', status: 'under_investigation', justification: null, note: '' },
      ]),
    ],
  })
})
test.after(async () => {
  await t.close()
})

test('advisory list rows carry the tracking id, CVE ids and highest score; rows without details and other lists do not', async () => {
  const rows = await list('')
  assert.equal(sorted(...rows.map((r) => r.id)), sorted(ids.critical, ids.high, ids.medium, ids.unscored, ids.plain))
  const critical = rows.find((r) => r.id === ids.critical)!.advisory_summary!
  assert.match(critical.tracking_id, /^NORTHWIND-SA-2026-\d{4}$/)
  assert.equal(critical.cves, ['CVE-2026-90001', 'CVE-2026-90002'])
  assert.equal([critical.highest?.score, critical.highest?.rating], [9.8, 'Critical'])
  assert.is(rows.find((r) => r.id === ids.unscored)!.advisory_summary!.highest, null)
  assert.is(rows.find((r) => r.id === ids.plain)!.advisory_summary, undefined)
  const incidents = body(await t.app.inject(`/api/incident?cloud=${OWN.cloud}`)).data.records as Array<Record<string, unknown>>
  assert.ok(incidents.some((r) => r.id === ids.incident))
  assert.ok(incidents.every((r) => !('advisory_summary' in r)))
})

test('rating keeps the advisories whose highest rating reaches it, in any case; unscored ones only without it', async () => {
  assert.equal(await listIds('&rating=Critical'), [ids.critical])
  assert.equal(await listIds('&rating=high'), sorted(ids.critical, ids.high))
  assert.equal(await listIds('&rating=MEDIUM'), sorted(ids.critical, ids.high, ids.medium))
  assert.equal(await listIds('&rating='), sorted(ids.critical, ids.high, ids.medium, ids.unscored, ids.plain))
})

test('a bad rating, or a rating on another list, is refused with the allowed values', async () => {
  const bad = await t.app.inject(`/api/advisory?cloud=${OWN.cloud}&rating=severe`)
  assert.is(bad.statusCode, 400)
  assert.is(errorOf(bad).message, 'rating must be a CVSS rating, one of None, Low, Medium, High, Critical, or empty for all, not "severe".')
  const other = await t.app.inject(`/api/incident?cloud=${OWN.cloud}&rating=High`)
  assert.is(other.statusCode, 400)
  assert.match(errorOf(other).message, /^rating filters the advisory list only/)
})

test('q finds a CVE id as a whole id, in any case, and words in the title, summary or tracking id', async () => {
  assert.equal(await listIds('&q=CVE-2026-90002'), [ids.critical])
  assert.equal(await listIds('&q=%20cve-2021-44228%20'), [ids.unscored])
  assert.equal(await listIds('&q=CVE-2026-9000'), [], 'a CVE id matches whole ids only')
  assert.equal(await listIds('&q=2026-9000'), sorted(ids.critical, ids.high, ids.medium), 'other text matches a part of the ids')
  assert.equal(await listIds('&q=CVE-2026-99999'), [])
  assert.equal(await listIds('&q=connector%20ESCALATION'), [ids.high])
  assert.equal(await listIds('&q=key%20rotation'), [ids.plain])
  const tracking = (await list('&q=CVE-2026-90004'))[0].advisory_summary!.tracking_id
  assert.equal(await listIds(`&q=${tracking.toLowerCase()}`), [ids.medium])
  assert.equal(await listIds('&q=100%25'), [], 'a % is taken literally')
  assert.equal(await listIds('&q=CVE-2026-90001&rating=Critical'), [ids.critical])
  assert.equal(await listIds('&q=CVE-2026-90004&rating=High'), [])
  const incidents = body(await t.app.inject(`/api/incident?cloud=${OWN.cloud}&q=relays%20drop`)).data.records as Array<{ id: number }>
  assert.equal(
    incidents.map((r) => r.id),
    [ids.incident],
  )
})

test('the post of an advisory carries its security details with the revision history; others carry none', async () => {
  const res = await t.app.inject(`/api/posts/${ids.critical}?cloud=${OWN.cloud}`)
  assert.is(res.statusCode, 200, res.body)
  const post = body(res).data
  assert.is(post.available_workaround, '<p>Block the console port at the firewall.</p>')
  const a = post.advisory
  assert.is(a.tlp, 'CLEAR')
  assert.equal(
    a.vulnerabilities.map((v: { cve: string }) => v.cve),
    ['CVE-2026-90001', 'CVE-2026-90002'],
  )
  assert.equal(a.vulnerabilities[0].cvss_v3, { version: '3.1', vector: CRITICAL_V3, score: 9.8, rating: 'Critical' })
  assert.equal(a.products[0], {
    id: 'p1',
    kind: 'cloud',
    cloud: OWN.cloud,
    name: 'Relay (Northwind Relay)',
    versions: null,
    fixed_version: null,
  })
  assert.equal(a.acknowledgements, [{ name: 'Ada Byron', organization: 'Analytical Security' }])
  assert.equal(
    a.revisions.map((r: { number: string; date: string; summary: string }) => [r.number, r.date, r.summary]),
    [
      ['1', new Date(T0 - 5 * HOUR).toISOString(), 'Initial public release'],
      ['2', new Date(T0 - 2 * HOUR).toISOString(), 'The connector fix is out.'],
    ],
  )
  assert.is(a.highest.rating, 'Critical')
  assert.not.ok('advisory' in body(await t.app.inject(`/api/posts/${ids.plain}?cloud=${OWN.cloud}`)).data)
  assert.not.ok('advisory' in body(await t.app.inject(`/api/posts/${ids.incident}?cloud=${OWN.cloud}`)).data)
})

test('GET /api/vex lists the cloud’s CVEs with statements, newest first, products by name; cve narrows it', async () => {
  const res = await t.app.inject(`/api/vex?cloud=${OWN.cloud}`)
  assert.is(res.statusCode, 200, res.body)
  assert.match(String(res.headers['cache-control']), /public/)
  const data = body<{ data: VexData }>(res).data
  assert.is(data.demo, false)
  assert.equal(
    data.cves.map((c) => c.cve),
    ['CVE-2026-90001', 'CVE-2021-44228'],
    'only CVEs with statements, of this cloud',
  )
  const [bypass, log4shell] = data.cves
  assert.equal(
    bypass.statements.map((s) => [s.product, s.status, s.versions, s.fixed_version, s.record_id]),
    [
      ['Relay (Northwind Relay)', 'fixed', null, null, ids.critical],
      ['Relay Connector', 'fixed', '<4.2.1', '4.2.1', ids.critical],
    ],
    'the statements of the current revision',
  )
  assert.is(bypass.highest?.score, 9.8)
  assert.equal(
    log4shell.statements.map((s) => [s.product, s.status, s.justification, s.note]),
    [
      ['Relay (Northwind Relay)', 'known_not_affected', 'component_not_present', 'The relays do not use Log4j.'],
      ['Relay Connector', 'known_not_affected', 'vulnerable_code_not_present', ''],
    ],
  )
  const one = body<{ data: VexData }>(await t.app.inject(`/api/vex?cloud=${OWN.cloud}&cve=cve-2021-44228`)).data
  assert.equal(
    one.cves.map((c) => c.cve),
    ['CVE-2021-44228'],
  )
  const none = body<{ data: VexData }>(await t.app.inject(`/api/vex?cloud=${OWN.cloud}&cve=CVE-2026-90009`)).data
  assert.equal(none.cves, [], 'another cloud’s advisory')
  const south = body<{ data: VexData }>(await t.app.inject(`/api/vex?cloud=${OWN.secondDomain}`)).data
  assert.equal(
    south.cves.map((c) => [c.cve, c.statements[0].status]),
    [['CVE-2026-90009', 'under_investigation']],
  )
})

test('GET /api/vex refuses a cve that is not a CVE id, and an unknown cloud', async () => {
  const bad = await t.app.inject(`/api/vex?cloud=${OWN.cloud}&cve=log4shell`)
  assert.is(bad.statusCode, 400)
  assert.is(errorOf(bad).message, 'cve must be a CVE id written CVE-YYYY-NNNN (four or more digits), e.g. CVE-2021-44228, not "LOG4SHELL".')
  const unknown = await t.app.inject('/api/vex?cloud=nowhere')
  assert.is(unknown.statusCode, 404)
  assert.is(errorOf(unknown).code, 'unknown_cloud')
})

test.run()
