/**
 * Private components (docs/operating/catalogue.md#private-components) on a production site from an
 * empty database with the vendor's own catalogue: a data center and a service private to the
 * customer group `acme`, an incident published from the desk on the private data center. The
 * incident and the private components never appear in a public answer (every public route is
 * read and searched for their names); a viewer of `acme` sees them through the query functions,
 * a viewer of another group does not; the incident's mail goes to the subscriber of `acme` only.
 */
import { exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Catalog } from '../../contract/catalog.js'
import { STATUSPAGE_DOCUMENTS } from '../../contract/statuspage.js'
import { exportCatalog } from '../../server/catalog/export.js'
import { importCatalog } from '../../server/catalog/import.js'
import { RSS_FEEDS } from '../../server/feeds/rss.js'
import { cloudStatus } from '../../server/repo/cloud-status.js'
import { requireCloud } from '../../server/repo/clouds.js'
import { activeDataCenters } from '../../server/repo/data-centers.js'
import { findPost, recordList } from '../../server/repo/records.js'
import { statuspageDocument } from '../../server/statuspage/documents.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog, ownIncident } from './own-catalog.js'
import { createAccount, execute, loginOps, type Session, send, startProduction } from './staff-helpers.js'

const test = suite('private components: out of every public answer, in a tenant’s')
const PUBLIC_URL = 'https://status.northwind.example'
const T0 = FIXED_NOW.getTime()
/** The names of the tenant's private things, and the two subscribers (one of `acme`, one of `globex`). */
const [PRIVATE_DC, PRIVATE_SERVICE, PRIVATE_TITLE] = ['Oslo Acme Vault', 'Acme Dedicated Relay', 'Acme vault relays unreachable']
const [PUBLIC_TITLE, MEMBER, OUTSIDER] = ['Relays drop packets', 'ops-lead@acme.example', 'reader@globex.example']

let t: TestApp
let ops: Session
/** The private and the public incident, and the private data center's term id. */
const ids = { private: 0, public: 0, privateDc: 0 }

/** The own catalogue with a private data center and a private service for `acme`. */
function privateCatalog(): Catalog {
  const c = ownCatalog()
  const since = '2025-01-06T00:00:00.000Z'
  c.core_services.push({ name: PRIVATE_SERVICE, description: 'A relay for one customer.' })
  c.clouds[0].services.push({ service: PRIVATE_SERVICE, decommissioned: false, since, until: null, private_to: ['acme'] })
  c.data_centers.push({
    name: PRIVATE_DC,
    city: 'Oslo',
    country: 'NO',
    region: 'Nordics',
    latitude: 59.9,
    longitude: 10.7,
    clouds: [
      { cloud: OWN.cloud, regional_surcharge: false, premium: false, decommissioned: false, since, until: null, private_to: ['acme'] },
    ],
  })
  return c
}

/** GET `url` anonymously; its status and body. */
async function publicGet(url: string): Promise<{ status: number; text: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'status.northwind.example' } })
  return { status: res.statusCode, text: res.body }
}

test.before(async () => {
  t = await startProduction(PUBLIC_URL)
})
test.after(() => t.close())

test('the catalogue file marks components private; export writes it back and a second import changes nothing', async () => {
  importByCommand(t, PUBLIC_URL, privateCatalog())
  const groups = await t.query<{ customer_group: string }>('select customer_group from component_groups')
  assert.equal(
    groups.map((g) => g.customer_group),
    ['acme', 'acme'],
  )
  const exported = await exportCatalog(t.db())
  const dc = exported.data_centers.find((d) => d.name === PRIVATE_DC)
  assert.equal(dc?.clouds[0].private_to, ['acme'])
  assert.is(exported.data_centers.find((d) => d.name === OWN.dataCenter)?.clouds[0].private_to, undefined, 'public stays without the field')
  assert.equal(exported.clouds[0].services.find((s) => s.service === PRIVATE_SERVICE)?.private_to, ['acme'])
  assert.equal(await importCatalog(t.db(), exported, FIXED_NOW), {})
  // A bad group is refused in words.
  const bad = privateCatalog()
  bad.data_centers[1].clouds[0].private_to = ['Acme Corp']
  try {
    await importCatalog(t.db(), bad, FIXED_NOW)
    assert.unreachable('refused')
  } catch (e) {
    assert.match(String((e as Error).message), /data_centers\[1\]\.clouds\[0\]\.private_to\[0\]: must be a customer group/)
  }
  ids.privateDc = (await t.query<{ tid: number }>('select tid from data_centers where name = ?', PRIVATE_DC))[0].tid
})

test('an incident on the private data center is published from the desk and mailed to the group’s subscriber only', async () => {
  const [cloud] = await t.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
  const member = await createAccount(t, 'acmelead', 'x', [], MEMBER)
  const outsider = await createAccount(t, 'globexreader', 'x', [], OUTSIDER)
  for (const uid of [member, outsider]) {
    await execute(t, "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)", uid, cloud.id, T0)
  }
  await execute(t, "insert into user_customer_groups (uid, customer_group) values (?, 'acme')", member)
  await execute(t, "insert into user_customer_groups (uid, customer_group) values (?, 'globex')", outsider)
  ops = await loginOps(t)
  const serviceTid = (await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service))[0].tid

  let res = await send(t, 'POST', '/api/admin/records', {
    session: ops,
    payload: { ...ownIncident(ids.privateDc, T0 - 3_600_000), title: PRIVATE_TITLE, summary: 'The vault relays are unreachable.' },
  })
  assert.is(res.statusCode, 201, res.body)
  ids.private = body(res).data.id
  assert.is(body(res).data.mails, 1, 'counted for the member alone')

  res = await send(t, 'POST', '/api/admin/records', { session: ops, payload: ownIncident(serviceTid, T0 - 7_200_000) })
  assert.is(res.statusCode, 201, res.body)
  ids.public = body(res).data.id
  assert.is(body(res).data.mails, 2, 'a public incident reaches both')

  await t.settled()
  const mails = await t.query<{ to_address: string; subject: string }>(
    `select o.to_address, o.subject from outbox o join record_events e on o.event_key like 'record-event:' || e.id || ':uid:%'
     where e.record_id = ? order by o.id`,
    ids.private,
  )
  assert.equal(
    mails.map((m) => m.to_address),
    [MEMBER],
  )
})

test('no public answer names the private components or the incident', async () => {
  const urls = [
    `/api/cloud-status?cloud=${OWN.cloud}&requestType=core_cloud_services`,
    `/api/cloud-status?cloud=${OWN.cloud}&requestType=public`,
    `/api/cloud-status?cloud=${OWN.cloud}&requestType=premium`,
    `/api/dc_map/${OWN.cloud}`,
    `/api/incident?cloud=${OWN.cloud}`,
    `/api/incident?cloud=${OWN.cloud}&q=vault`,
    `/api/incident?cloud=${OWN.cloud}&datacenter=${ids.privateDc}`,
    `/api/maintenance?cloud=${OWN.cloud}`,
    `/api/advisory?cloud=${OWN.cloud}`,
    `/api/calendar?cloud=${OWN.cloud}&type=recent_incident`,
    `/api/calendar?cloud=${OWN.cloud}&type=scheduled_maintenance`,
    `/api/vex?cloud=${OWN.cloud}`,
    `/ics/maintenance/${OWN.cloud}.ics`,
    '/sitemap.xml',
    ...[...RSS_FEEDS.keys()].flatMap((name) => [
      `/rss-feed/${name}`,
      `/rss-feed/${name}?cloud=${OWN.cloud}`,
      `/atom-feed/${name}?cloud=${OWN.cloud}`,
    ]),
    ...STATUSPAGE_DOCUMENTS.flatMap((name) => [`/api/v2/${name}`, `/${OWN.cloud}/api/v2/${name}`]),
  ]
  const unread: string[] = []
  for (const url of urls) {
    const { status, text } = await publicGet(url)
    assert.ok(status < 500, `${url}: ${status} ${text.slice(0, 200)}`)
    for (const secret of [PRIVATE_DC, PRIVATE_SERVICE, PRIVATE_TITLE, 'vault relays', `/incidents/${ids.private}`]) {
      assert.not.ok(text.includes(secret), `${url} names ${JSON.stringify(secret)}: ${text.slice(0, 300)}`)
    }
    if (status !== 200) unread.push(`${url}: ${status}`)
  }
  assert.equal(unread, [], 'every public route answered')
  // The public incident is there, so the answers above were not simply empty.
  assert.ok((await publicGet(`/api/incident?cloud=${OWN.cloud}`)).text.includes(PUBLIC_TITLE))
  assert.ok((await publicGet(`/api/v2/incidents.json`)).text.includes(PUBLIC_TITLE))
  assert.ok((await publicGet(`/api/cloud-status?cloud=${OWN.cloud}&requestType=public`)).text.includes(OWN.dataCenter))
  // The private incident's own page is as unknown as a missing id.
  const post = await publicGet(`/api/posts/${ids.private}?cloud=${OWN.cloud}`)
  assert.is(post.status, 404, post.text)
  assert.is(JSON.parse(post.text).error.code, 'not_found')
  const pub = await publicGet(`/api/posts/${ids.public}?cloud=${OWN.cloud}`)
  assert.is(pub.status, 200, pub.text)
})

test('a viewer of the group sees the private components and the incident, with the overall status including them', async () => {
  const db = t.db()
  const cloud = await requireCloud(db, OWN.cloud)
  const now = t.now()
  const acme = ['acme']
  for (const [groups, sees] of [
    [acme, true],
    [['globex'], false],
    [[], false],
  ] as const) {
    const who = `groups ${JSON.stringify(groups)}`
    const map = await activeDataCenters(db, cloud.id, groups)
    assert.is(
      map.some((d) => d.name === PRIVATE_DC),
      sees,
      `map, ${who}`,
    )
    const status = await cloudStatus(db, cloud, 'public', 0, now, undefined, 'UTC', groups)
    const rows = status.category.flatMap((c) => c.subCategory)
    const row = rows.find((r) => r.name === PRIVATE_DC)
    assert.is(row !== undefined, sees, `status rows, ${who}`)
    if (row)
      assert.ok(
        row.issues.some((i) => i.title === PRIVATE_TITLE),
        'the incident on its row',
      )
    const services = (await cloudStatus(db, cloud, 'core_cloud_services', 0, now, undefined, 'UTC', groups)).category.flatMap(
      (c) => c.subCategory,
    )
    assert.is(
      services.some((r) => r.name === PRIVATE_SERVICE),
      sees,
      `service rows, ${who}`,
    )
    const list = await recordList(db, cloud, 'incident', { page: 1, tz: 'UTC', dataCenters: [] }, now, { roles: [], groups })
    assert.is(
      list.records.some((r) => r.title === PRIVATE_TITLE),
      sees,
      `incident list, ${who}`,
    )
    assert.ok(list.records.some((r) => r.title === PUBLIC_TITLE))
    assert.is(list.topMessage.includes('2 ongoing'), sees, `top message, ${who}: ${list.topMessage}`)
    const post = await findPost(db, ids.private, cloud, 'post', { roles: [], groups }).catch(() => null)
    assert.is(post !== null, sees, `post, ${who}`)
    const summary = await statuspageDocument(db, 'summary.json', { cloud, origin: PUBLIC_URL, siteName: 'x', now, groups })
    assert.ok('components' in summary)
    assert.is(JSON.stringify(summary).includes(PRIVATE_DC), sees, `v2 summary, ${who}`)
    assert.is('incidents' in summary && summary.incidents.some((i) => i.name === PRIVATE_TITLE), sees, `v2 unresolved incidents, ${who}`)
  }
})

test('through the routes: a console token of the group sees them, another group’s and none do not', async () => {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true })
  const issuer = 'https://console.northwind.example'
  const catalog = privateCatalog()
  catalog.settings = {
    ...catalog.settings,
    console_token_issuer: issuer,
    console_token_audience: 'trust-site',
    console_token_public_key: await exportSPKI(publicKey),
  }
  await importCatalog(t.db(), catalog, FIXED_NOW)
  t.app.responseCache.clear()
  const at = Math.floor(t.now().getTime() / 1000)
  const token = (groups: string[]) =>
    new SignJWT({ groups })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience('trust-site')
      .setIssuedAt(at)
      .setExpirationTime(at + 300)
      .sign(privateKey)
  const read = async (url: string, bearer?: string) => {
    const headers: Record<string, string> = { host: 'status.northwind.example' }
    if (bearer) headers.authorization = `Bearer ${bearer}`
    return (await t.app.inject({ method: 'GET', url, headers })).body
  }
  const acme = await token(['acme'])
  const globex = await token(['globex'])
  for (const [url, secret] of [
    [`/api/dc_map/${OWN.cloud}`, PRIVATE_DC],
    [`/api/cloud-status?cloud=${OWN.cloud}&requestType=public`, PRIVATE_TITLE],
    [`/api/cloud-status?cloud=${OWN.cloud}&requestType=core_cloud_services`, PRIVATE_SERVICE],
    [`/api/incident?cloud=${OWN.cloud}`, PRIVATE_TITLE],
    [`/api/posts/${ids.private}?cloud=${OWN.cloud}`, PRIVATE_TITLE],
    [`/api/v2/summary.json?cloud=${OWN.cloud}`, PRIVATE_DC],
  ]) {
    assert.ok((await read(url, acme)).includes(secret), `${url} with acme's token names ${secret}`)
    assert.not.ok((await read(url, globex)).includes(secret), `${url} with globex's token`)
    assert.not.ok((await read(url)).includes(secret), `${url} without a token, after the tenant's answer`)
  }
})

test('a record on a public and a private component is private', async () => {
  const serviceTid = (await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service))[0].tid
  const res = await send(t, 'POST', '/api/admin/records', {
    session: ops,
    payload: { ...ownIncident(serviceTid, T0 - 60_000), title: 'Mixed relay trouble', terms: [serviceTid, ids.privateDc] },
  })
  assert.is(res.statusCode, 201, res.body)
  assert.is(body(res).data.mails, 1)
  t.app.responseCache.clear()
  assert.not.ok((await publicGet(`/api/incident?cloud=${OWN.cloud}`)).text.includes('Mixed relay trouble'))
  assert.not.ok((await publicGet('/api/v2/incidents.json')).text.includes('Mixed relay trouble'))
})

test('the subscriber CSV sets and exports customer groups; a bad group is refused in words', async () => {
  const csv = `email,topics,customer_groups\r\nnew-lead@acme.example,${OWN.domain},"acme, globex"\r\n${OUTSIDER},${OWN.domain},\r\n`
  let res = await send(t, 'POST', '/api/admin/subscribers/import', { session: ops, payload: { csv } })
  assert.is(res.statusCode, 200, res.body)
  const groups = await t.query<{ mail: string; customer_group: string }>(
    'select u.mail, g.customer_group from user_customer_groups g join users u on u.uid = g.uid order by u.mail, g.customer_group',
  )
  assert.equal(groups, [
    { mail: 'new-lead@acme.example', customer_group: 'acme' },
    { mail: 'new-lead@acme.example', customer_group: 'globex' },
    { mail: MEMBER, customer_group: 'acme' },
  ])
  res = await send(t, 'GET', '/api/admin/subscribers/export', { session: ops })
  assert.is(res.statusCode, 200, res.body)
  assert.match(res.body, /email,verified,topics,customer_groups\r\n/)
  assert.match(res.body, new RegExp(`${MEMBER.replace('.', '\\.')},(yes|no),${OWN.domain.replaceAll('.', '\\.')},acme\r\n`))
  res = await send(t, 'POST', '/api/admin/subscribers/import', {
    session: ops,
    payload: { csv: `email,topics,customer_groups\r\nx@acme.example,${OWN.domain},Acme Corp\r\n` },
  })
  assert.is(res.statusCode, 422, res.body)
  assert.match(res.body, /is not a customer group: use lower-case letters/)
})

test.run()
