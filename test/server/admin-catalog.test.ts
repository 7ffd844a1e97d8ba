/**
 * The admin console's catalogue, dashboard, outbox, staff and audit-log API (`contract/admin.ts`,
 * `server/routes/admin-catalog.ts`): the happy path of each route, the refusals (stale revision,
 * a bad section value naming its paths with nothing changed and nothing audited, staff roles that
 * would leave no administrator), the audit entries written with each change, and a role matrix:
 * for every route, each privileged role is allowed or refused (403 `not_permitted`), a user without
 * a privileged role gets 403 `forbidden`, no session 403 `not_signed_in`, a write without the CSRF
 * header 403 `csrf`.
 *
 * The outbox's notification fan-outs (docs/operating/scaling.md): a published incident's entry before and after
 * its mail is delivered, listed for 15 minutes once finished, with the sending rate; and which
 * fan-outs the outbox lists (running, with queued mail, finished in the last 15 minutes; newest
 * first, at most 5), from rows written by hand.
 */
import type { LightMyRequestResponse } from 'fastify'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Kysely } from 'kysely'
import type {
  AuditData,
  CatalogData,
  DashboardData,
  OutboxData,
  OutboxFanout,
  OutboxMessage,
  StaffData,
  StaffMember,
} from '../../contract/admin.js'
import type { CatalogDataCenter } from '../../contract/catalog.js'
import { PRIVILEGED_ROLES } from '../../contract/constants.js'
import type { DcMapData } from '../../contract/global.js'
import { can, type Permission, type Role } from '../../contract/permissions.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { FANOUT_LIST_SIZE, outboxData } from '../../server/admin/outbox.js'
import { exportCatalog } from '../../server/catalog/export.js'
import { importCatalog } from '../../server/catalog/import.js'
import type { Database } from '../../server/db/schema.js'
import { createMailer } from '../../server/mail/outbox.js'
import { body, FIXED_NOW, startApp, suiteOnEmptyDatabase, type TestApp, until } from './helpers.js'
import { OWN, ownCatalog, ownIncident } from './own-catalog.js'
import {
  auditRows,
  createAccount,
  errorOf,
  execute,
  login,
  loginOps,
  type Method,
  type Session,
  send,
  startProduction,
} from './staff-helpers.js'

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Asserts a status and, for a failure, the error code; returns the answer's `data`. */
function expect<T>(res: LightMyRequestResponse, status: number, code?: string): T {
  assert.is(res.statusCode, status, `${res.statusCode} ${res.body.slice(0, 500)}`)
  if (code) assert.is(errorOf(res).code, code, res.body)
  return body<{ data: T }>(res).data
}

const FAILING_MAIL = ['ops@example.com', 'Delivery test', 'body', '{}', FIXED_NOW.getTime() - 60_000, 5, 'connection refused'] as const
const INSERT_OUTBOX =
  'insert into outbox (to_address, subject, text, headers, created, attempts, last_error) values (?, ?, ?, ?, ?, ?, ?) returning id'

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

const admin = suite('admin catalogue, dashboard, outbox, staff and audit routes')

let t: TestApp
let root: Session
let passHash = ''

admin.before(async () => {
  t = await startApp()
  root = await login(t, 'admin', 'Admin12345')
  passHash = await hashPassword('Secret12345')
})

admin.after(async () => {
  await t.close()
})

const readCatalog = async () => expect<CatalogData>(await send(t, 'GET', '/api/admin/catalog', { session: root }), 200)
const putSection = (section: string, revision: string, value: unknown, session = root) =>
  send(t, 'PUT', `/api/admin/catalog/${section}`, { session, payload: { revision, value } })
const mapOf = async (cloud: string) => expect<DcMapData>(await t.app.inject({ url: `/api/dc_map/${cloud}` }), 200).datacenters

const REYKJAVIK: CatalogDataCenter = {
  name: 'Reykjavik I',
  city: 'Reykjavik',
  country: 'IS',
  region: 'EMEA',
  latitude: 64.1466,
  longitude: -21.9426,
  clouds: [
    {
      cloud: 'auroraedge',
      regional_surcharge: true,
      premium: false,
      decommissioned: false,
      since: '2026-03-01T00:00:00.000Z',
      until: null,
    },
  ],
}

admin('GET /api/admin/catalog answers the catalogue and a stable revision', async () => {
  const a = await readCatalog()
  const b = await readCatalog()
  assert.match(a.revision, /^[0-9a-f]{64}$/)
  assert.is(a.revision, b.revision)
  assert.is(a.catalog.format, 1)
  assert.is(a.catalog.clouds.length, 11)
  assert.is(a.catalog.clouds[0].machine_name, 'auroraedge')
  assert.is(a.catalog.data_centers.length, 95)
  // Exactly the export of `npm run catalog -- export`: the answer's schema drops nothing.
  assert.equal(a.catalog, await exportCatalog(t.db()))
})

admin('PUT data_centers adds a data center with coordinates: on the map, in the answer, audited', async () => {
  const before = await readCatalog()
  const auditBefore = (await auditRows(t)).length
  assert.not.ok((await mapOf('auroraedge')).some((d) => d.name === REYKJAVIK.name))

  const saved = expect<CatalogData>(await putSection('data_centers', before.revision, [...before.catalog.data_centers, REYKJAVIK]), 200)
  assert.is.not(saved.revision, before.revision)
  assert.equal(saved.catalog.data_centers.at(-1), REYKJAVIK)
  assert.equal(await readCatalog(), saved, 'a read answers the saved state')

  const onMap = (await mapOf('auroraedge')).find((d) => d.name === REYKJAVIK.name)
  assert.ok(onMap, 'the new data center is on the map')
  assert.is(onMap.latitude, 64.1466)
  assert.is(onMap.longitude, -21.9426)
  assert.is(onMap.city, 'Reykjavik')
  assert.is(onMap.region, 'EMEA')
  assert.is(onMap.regional_surcharge, 1)
  assert.not.ok(
    (await mapOf('auroraedgeone')).some((d) => d.name === REYKJAVIK.name),
    'only on the cloud it serves',
  )

  const audit = await auditRows(t)
  assert.is(audit.length, auditBefore + 1)
  const entry = audit.at(-1)!
  assert.is(entry.action, 'catalog.data_centers')
  assert.is(entry.actor_name, 'admin')
  assert.ok(entry.actor_uid !== null)
  assert.is(entry.target, '')
  assert.is(entry.at, FIXED_NOW.getTime())
  assert.equal(JSON.parse(entry.before!), before.catalog.data_centers)
  assert.equal(JSON.parse(entry.after!), saved.catalog.data_centers)
})

admin('PUT data_centers without a data center decommissions it; its row and history stay', async () => {
  const before = await readCatalog()
  assert.ok(before.catalog.data_centers.some((d) => d.name === REYKJAVIK.name))
  const value = before.catalog.data_centers.filter((d) => d.name !== REYKJAVIK.name)
  const saved = expect<CatalogData>(await putSection('data_centers', before.revision, value), 200)
  assert.not.ok(
    (await mapOf('auroraedge')).some((d) => d.name === REYKJAVIK.name),
    'off the map',
  )
  const kept = saved.catalog.data_centers.find((d) => d.name === REYKJAVIK.name)
  assert.ok(kept, 'still in the catalogue, decommissioned')
  assert.equal(kept.clouds[0].decommissioned, true)
  assert.is(kept.clouds[0].until, FIXED_NOW.toISOString())
  const [row] = await t.query<{ active: number; end_date: number }>(
    'select cdc.active, cdc.end_date from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid where dc.name = ?',
    REYKJAVIK.name,
  )
  assert.equal(row, { active: 0, end_date: FIXED_NOW.getTime() })
  const entry = (await auditRows(t)).at(-1)!
  assert.is(entry.action, 'catalog.data_centers')
  assert.ok(JSON.parse(entry.before!).find((d: CatalogDataCenter) => d.name === REYKJAVIK.name).clouds[0].decommissioned === false)
})

admin('PUT settings changes a setting; the same value again changes nothing and writes no entry', async () => {
  const before = await readCatalog()
  const settings = { ...before.catalog.settings, vendor: 'Aurora Edge Test' }
  const saved = expect<CatalogData>(await putSection('settings', before.revision, settings), 200)
  assert.is(saved.catalog.settings.vendor, 'Aurora Edge Test')
  const entry = (await auditRows(t)).at(-1)!
  assert.is(entry.action, 'catalog.settings')
  assert.is(JSON.parse(entry.before!).vendor, before.catalog.settings.vendor)
  assert.is(JSON.parse(entry.after!).vendor, 'Aurora Edge Test')
  const count = (await auditRows(t)).length
  const again = expect<CatalogData>(await putSection('settings', saved.revision, settings), 200)
  assert.is(again.revision, saved.revision)
  assert.is((await auditRows(t)).length, count)
})

admin('a stale revision is refused with 409 stale and nothing changes', async () => {
  const first = await readCatalog()
  const changed = expect<CatalogData>(
    await putSection('products', first.revision, [{ ...first.catalog.products[0], title: 'Renamed' }, ...first.catalog.products.slice(1)]),
    200,
  )
  const count = (await auditRows(t)).length
  const res = await putSection('products', first.revision, first.catalog.products)
  expect(res, 409, 'stale')
  assert.equal(await readCatalog(), changed)
  assert.is((await auditRows(t)).length, count)
  // Put it back for the tests after this one.
  expect(await putSection('products', changed.revision, first.catalog.products), 200)
})

admin('a bad section value is refused naming each path from the catalogue root; nothing changes, nothing is audited', async () => {
  const before = await readCatalog()
  const count = (await auditRows(t)).length
  const dcs = structuredClone(before.catalog.data_centers) as unknown as Array<Record<string, unknown>>
  dcs[3].latitude = 100
  dcs[5].country = 'Netherlands'
  let res = await putSection('data_centers', before.revision, dcs)
  expect(res, 400, 'invalid')
  assert.is(
    errorOf(res).message,
    'data_centers[3].latitude: must be a latitude in degrees, -90 to 90; data_centers[5].country: must be an ISO 3166-1 alpha-2 country code such as NL',
  )
  // Meaning (an unknown region) and the database (a cloud removed) are checked alike.
  const unknownRegion = structuredClone(before.catalog.data_centers)
  unknownRegion[2].region = 'Antarctica'
  res = await putSection('data_centers', before.revision, unknownRegion)
  expect(res, 400, 'invalid')
  assert.is(
    errorOf(res).message,
    'data_centers[2].region: unknown region "Antarctica": add it to the regions first, or pick one of: "EMEA", "Americas", "APAC"',
  )
  res = await putSection('regions', before.revision, ['EMEA', 'APAC'])
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, 'unknown region "Americas"')
  // (The spec's severities 20 and 19 are kept when left out; any other cannot be removed.)
  res = await putSection('severities', before.revision, before.catalog.severities.slice(0, -1))
  expect(res, 400, 'invalid')
  assert.match(
    errorOf(res).message,
    /^severities: severity \d+ \(".+"\) is in the database but not in the file \(it cannot be removed\): keep it in the list$/,
  )
  // Not a list at all.
  res = await putSection('severities', before.revision, 'none')
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, /^severities: /)
  // The body's own shape and the path.
  res = await send(t, 'PUT', '/api/admin/catalog/data_centers', { session: root, payload: { value: [] } })
  expect(res, 400, 'invalid')
  assert.is(errorOf(res).message, "revision: must have required property 'revision'")
  res = await putSection('format', before.revision, 2)
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, /^section: must be one of products, clouds, /)

  assert.equal(await readCatalog(), before)
  assert.is((await auditRows(t)).length, count)
})

admin('GET /api/admin/dashboard: live and upcoming records per cloud, subscribers, outbox', async () => {
  const now = FIXED_NOW.getTime()
  const week = now + 7 * 86_400_000
  const [cloud] = await t.query<{ id: number; domain: string }>("select id, domain from clouds where machine_name = 'auroraedge'")
  // Two accounts subscribing to a few targets (one twice through two clouds).
  const [dc] = await t.query<{ tid: number; name: string }>('select tid, name from data_centers order by sort limit 1')
  const [topic] = await t.query<{ tid: number; name: string }>('select tid, name from subscription_topics order by sort limit 1')
  const [category] = await t.query<{ tid: number; name: string }>('select tid, name from notification_categories order by sort limit 1')
  const a = await createAccount(t, 'sub-a', passHash)
  const b = await createAccount(t, 'sub-b', passHash)
  for (const [uid, target] of [
    [a, 'all'],
    [b, 'all'],
    [a, 'core_cloud_services'],
    [a, 'public'],
    [b, 'premium'],
    [a, String(dc.tid)],
    [b, String(topic.tid)],
  ] as const) {
    await execute(t, 'insert into subscriptions (uid, cloud_id, target, created) values (?, ?, ?, 0)', uid, cloud.id, target)
  }
  for (const [uid, target] of [
    [a, 'all'],
    [a, 'cloud_app'],
    [b, String(category.tid)],
  ] as const) {
    await execute(t, 'insert into notification_subscriptions (uid, target, created) values (?, ?, 0)', uid, target)
  }
  const failedId = await execute(t, INSERT_OUTBOX, ...FAILING_MAIL)

  const data = expect<DashboardData>(await send(t, 'GET', '/api/admin/dashboard', { session: root }), 200)
  assert.is(data.now, FIXED_NOW.toISOString())
  assert.equal(
    data.clouds.map((c) => c.machine_name),
    (await t.query<{ machine_name: string }>('select machine_name from clouds order by sort, id')).map((c) => c.machine_name),
  )
  const aurora = data.clouds[0]
  assert.is(aurora.domain, cloud.domain)

  // Computed independently from the tables.
  const types = "('incident', 'maintenance', 'advisory')"
  const live = await t.query<{ id: number }>(
    `select r.id from records r join record_clouds rc on rc.record_id = r.id
     where rc.cloud_id = ? and r.type in ${types} and r.from_time <= ? and (r.to_time is null or r.to_time > ?)
     order by r.from_time desc, r.id desc`,
    cloud.id,
    now,
    now,
  )
  const upcoming = await t.query<{ id: number }>(
    `select r.id from records r join record_clouds rc on rc.record_id = r.id
     where rc.cloud_id = ? and r.type in ${types} and r.from_time > ? and r.from_time <= ? order by r.from_time, r.id`,
    cloud.id,
    now,
    week,
  )
  assert.ok(live.length > 0, 'the demo data has something going on')
  assert.ok(upcoming.length > 0, 'the demo data has maintenance coming')
  assert.equal(
    aurora.live.map((r) => r.id),
    live.map((r) => r.id),
  )
  assert.equal(
    aurora.upcoming.map((r) => r.id),
    upcoming.map((r) => r.id),
  )
  const sample = aurora.live[0]
  const [row] = await t.query<{ title: string; status: string; severity: string | null; from_time: number; to_time: number | null }>(
    `select r.title, st.name as status, sev.name as severity, r.from_time, r.to_time from records r
     join record_statuses st on st.id = r.status_id left join severities sev on sev.tid = r.severity_tid where r.id = ?`,
    sample.id,
  )
  assert.equal(sample, {
    id: sample.id,
    type: sample.type,
    title: row.title,
    status: row.status,
    severity: row.severity ?? '',
    from: new Date(row.from_time).toISOString(),
    to: row.to_time === null ? null : new Date(row.to_time).toISOString(),
    href: `/${cloud.domain}/posts/${sample.id}`,
  })
  for (const r of [...aurora.live, ...aurora.upcoming]) assert.ok(['incident', 'maintenance', 'advisory'].includes(r.type))

  const counts = Object.fromEntries(aurora.subscribers.map((s) => [s.target, [s.label, s.count]]))
  assert.equal(counts, {
    all: ['All notifications', 2],
    core_cloud_services: ['Core cloud services', 1],
    public: ['Data centers', 1],
    premium: ['Premium data centers', 1],
    [String(dc.tid)]: [dc.name, 1],
    [String(topic.tid)]: [topic.name, 1],
  })
  assert.is(aurora.subscribers[0].target, 'all', 'most first')
  assert.equal(data.clouds[1].subscribers, [])
  assert.equal(Object.fromEntries(data.notification_subscribers.map((s) => [s.target, [s.label, s.count]])), {
    all: ['All notifications', 1],
    cloud_app: ['Cloud Application Notifications', 1],
    [String(category.tid)]: [category.name, 1],
  })

  const [o] = await t.query<{ queued: number; sent: number; failed: number }>(
    `select sum(case when sent_at is null and attempts < 5 then 1 else 0 end) as queued,
     sum(case when sent_at is not null then 1 else 0 end) as sent,
     sum(case when sent_at is null and attempts >= 5 then 1 else 0 end) as failed from outbox`,
  )
  assert.equal({ queued: data.outbox.queued, sent: data.outbox.sent, failed: data.outbox.failed }, o)
  assert.ok(data.outbox.failed >= 1)
  assert.ok(data.outbox.messages.length <= 50)
  assert.equal(data.outbox.messages[0], {
    id: failedId,
    to: 'ops@example.com',
    subject: 'Delivery test',
    state: 'failed',
    attempts: 5,
    error: 'connection refused',
    created: new Date(FIXED_NOW.getTime() - 60_000).toISOString(),
    sent_at: null,
  })
})

admin('GET /api/admin/outbox answers the dashboard’s outbox alone', async () => {
  const dashboard = expect<DashboardData>(await send(t, 'GET', '/api/admin/dashboard', { session: root }), 200)
  const outbox = expect<OutboxData>(await send(t, 'GET', '/api/admin/outbox', { session: root }), 200)
  assert.equal(outbox, dashboard.outbox)
})

admin('POST /api/admin/outbox/{id}/retry queues a failed message again, audits it and the mailer sends it', async () => {
  const id = await execute(t, INSERT_OUTBOX, ...FAILING_MAIL)
  const count = (await auditRows(t)).length
  const message = expect<OutboxMessage>(await send(t, 'POST', `/api/admin/outbox/${id}/retry`, { session: root }), 200)
  assert.equal(message, {
    id,
    to: 'ops@example.com',
    subject: 'Delivery test',
    state: 'queued',
    attempts: 0,
    error: null,
    created: new Date(FIXED_NOW.getTime() - 60_000).toISOString(),
    sent_at: null,
  })
  const audit = await auditRows(t)
  assert.is(audit.length, count + 1)
  assert.equal(
    { ...audit.at(-1)!, id: 0, actor_uid: 0 },
    {
      id: 0,
      at: FIXED_NOW.getTime(),
      actor_uid: 0,
      actor_name: 'admin',
      action: 'outbox.retry',
      target: String(id),
      before: JSON.stringify({ attempts: 5, error: 'connection refused' }),
      after: JSON.stringify({ attempts: 0, error: null }),
    },
  )
  // The kicked mailer (the JSON transport of tests) delivers it.
  await until(
    async () => (await t.query<{ sent_at: number | null }>('select sent_at from outbox where id = ?', id))[0].sent_at !== null,
    'the delivery after the retry',
  )

  // A sent message cannot be retried; an unknown one is not found. Both take the empty-object body too.
  let res = await send(t, 'POST', `/api/admin/outbox/${id}/retry`, { session: root, payload: {} })
  expect(res, 400, 'invalid')
  res = await send(t, 'POST', '/api/admin/outbox/99999999/retry', { session: root })
  expect(res, 404, 'not_found')
  res = await send(t, 'POST', '/api/admin/outbox/abc/retry', { session: root })
  expect(res, 400, 'invalid')
  assert.is((await auditRows(t)).length, count + 1)
})

admin('staff: list, set roles, remove from the staff, never the last administrator', async () => {
  let staff = expect<StaffData>(await send(t, 'GET', '/api/admin/staff', { session: root }), 200)
  assert.equal(staff.roles, [...PRIVILEGED_ROLES])
  const me = staff.staff.find((s) => s.name === 'admin')
  assert.ok(me)
  assert.equal(me.roles, ['administrator', 'trust_admin'])
  assert.is(me.last_login, FIXED_NOW.toISOString())
  assert.not.ok(staff.staff.some((s) => s.name === 'viewer'))

  const put = (mail: string, roles: string[]) => send(t, 'PUT', '/api/admin/staff', { session: root, payload: { mail, roles } })
  const count = (await auditRows(t)).length
  const viewerMail = (await t.query<{ mail: string }>("select mail from users where name = 'viewer'"))[0].mail
  const member = expect<StaffMember>(await put(viewerMail.toUpperCase(), ['jab_compliance', 'blog_editor', 'blog_editor']), 200)
  assert.equal(member.roles, ['blog_editor', 'jab_compliance'])
  assert.is(member.mail, viewerMail)
  staff = expect<StaffData>(await send(t, 'GET', '/api/admin/staff', { session: root }), 200)
  assert.equal(staff.staff.find((s) => s.name === 'viewer')?.roles, ['blog_editor', 'jab_compliance'])
  let entry = (await auditRows(t)).at(-1)!
  assert.is((await auditRows(t)).length, count + 1)
  assert.equal([entry.action, entry.target, entry.actor_name], ['staff.roles', viewerMail, 'admin'])
  assert.equal([JSON.parse(entry.before!), JSON.parse(entry.after!)], [[], ['blog_editor', 'jab_compliance']])
  // The new roles take effect on the viewer's next request.
  let viewer = await login(t, 'viewer', 'Viewer12345')
  expect(await send(t, 'GET', '/api/admin/staff', { session: viewer }), 200)

  // [] removes the account from the staff, and a removed role ends the account's sessions.
  expect<StaffMember>(await put(viewerMail, []), 200)
  entry = (await auditRows(t, 'staff.roles')).at(-1)!
  assert.equal([JSON.parse(entry.before!), JSON.parse(entry.after!)], [['blog_editor', 'jab_compliance'], []])
  expect(await send(t, 'GET', '/api/admin/staff', { session: viewer }), 403, 'not_signed_in')
  viewer = await login(t, 'viewer', 'Viewer12345')
  expect(await send(t, 'GET', '/api/admin/staff', { session: viewer }), 403, 'forbidden')
  assert.equal(await t.query("select * from user_roles where role = 'blog_editor' or role = 'jab_compliance'"), [])

  // Refusals change nothing and write nothing.
  const n = (await auditRows(t)).length
  let res = await put(viewerMail, ['blog_editor', 'authenticated'])
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, /^roles\[1\]: "authenticated" is not a privileged role/)
  expect(await put('nobody@example.com', ['blog_editor']), 404, 'not_found')
  res = await put(me.mail, ['trust_admin'])
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, /last administrator/)
  res = await send(t, 'PUT', '/api/admin/staff', { session: root, payload: { mail: me.mail, roles: [1] } })
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, /^roles\[0\]: /)
  assert.is((await auditRows(t)).length, n)
  assert.equal(
    (await t.query<{ role: string }>('select role from user_roles where uid = ? order by role', me.uid)).map((r) => r.role),
    ['administrator', 'trust_admin'],
  )

  // With a second administrator, the first may step down (and then may no longer manage the staff).
  expect<StaffMember>(await put(viewerMail, ['administrator']), 200)
  expect<StaffMember>(await put(me.mail, ['trust_admin']), 200)
  expect(await put(viewerMail, []), 403, 'not_permitted')
  const byViewer = (mail: string, roles: string[]) => send(t, 'PUT', '/api/admin/staff', { session: viewer, payload: { mail, roles } })
  res = await byViewer(viewerMail, [])
  expect(res, 400, 'invalid')
  assert.match(errorOf(res).message, /last administrator/)
  // Restore: admin administrator again, viewer out.
  expect<StaffMember>(await byViewer(me.mail, ['administrator', 'trust_admin']), 200)
  expect<StaffMember>(await put(viewerMail, []), 200)
  assert.equal(await t.query<{ n: number }>("select count(*) as n from user_roles where role = 'administrator'"), [{ n: 1 }])
})

admin('GET /api/admin/audit: newest first, before/after parsed, 50 per page', async () => {
  const total = (await auditRows(t)).length
  // Fill up to more than one page with old entries.
  for (let i = 0; i < 55; i++) {
    await execute(
      t,
      'insert into audit_log (at, actor_uid, actor_name, action, target, before, after) values (?, null, ?, ?, ?, ?, null)',
      i,
      'command line',
      'catalog.import',
      '',
      JSON.stringify({ n: i }),
    )
  }
  const first = expect<AuditData>(await send(t, 'GET', '/api/admin/audit', { session: root }), 200)
  assert.is(first.page, 0)
  assert.is(first.pages, Math.ceil((total + 55) / 50))
  assert.is(first.entries.length, 50)
  const ats = first.entries.map((e) => Date.parse(e.at))
  assert.equal(
    ats,
    [...ats].sort((x, y) => y - x),
    'newest first',
  )
  const newest = first.entries[0]
  const row = (await auditRows(t)).filter((r) => r.at === FIXED_NOW.getTime()).at(-1)!
  assert.equal(newest, {
    id: row.id,
    at: FIXED_NOW.toISOString(),
    actor: row.actor_name,
    action: row.action,
    target: row.target,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
  })
  const last = expect<AuditData>(await send(t, 'GET', `/api/admin/audit?page=${first.pages - 1}`, { session: root }), 200)
  assert.is(last.page, first.pages - 1)
  const oldest = last.entries.at(-1)!
  assert.equal(oldest, {
    id: oldest.id,
    at: new Date(0).toISOString(),
    actor: 'command line',
    action: 'catalog.import',
    target: '',
    before: { n: 0 },
    after: null,
  })
  const beyond = expect<AuditData>(await send(t, 'GET', `/api/admin/audit?page=${first.pages + 3}`, { session: root }), 200)
  assert.equal(beyond.entries, [])
  expect(await send(t, 'GET', '/api/admin/audit?page=-1', { session: root }), 400, 'invalid')
})

admin.run()

// ---------------------------------------------------------------------------------------------
// Role matrix
// ---------------------------------------------------------------------------------------------

const roles = suite('admin catalogue routes: who may do what')

/** A route of this module, the permission a write needs, and a request an allowed user gets `allowed` for. */
interface RouteCase {
  method: Method
  url: string
  /** `null` for reads (any privileged role). */
  permission: Permission | null
  payload?: () => unknown
  /** The status an allowed user gets for `payload` (chosen so that nothing changes). */
  allowed: number
  /** A body a refused user gets 403 for too (the 403 never depends on the body). */
  badPayload?: unknown
}

let m: TestApp
const sessions = new Map<string, Session>()

const CASES: RouteCase[] = [
  { method: 'GET', url: '/api/admin/catalog', permission: null, allowed: 200 },
  {
    method: 'PUT',
    url: '/api/admin/catalog/data_centers',
    permission: 'catalog',
    payload: () => ({ revision: 'not-the-revision', value: [] }),
    allowed: 409,
    badPayload: { value: 'no revision', extra: true },
  },
  { method: 'GET', url: '/api/admin/dashboard', permission: null, allowed: 200 },
  { method: 'GET', url: '/api/admin/outbox', permission: null, allowed: 200 },
  { method: 'POST', url: '/api/admin/outbox/99999999/retry', permission: 'outbox', allowed: 404, badPayload: [1, 2] },
  { method: 'GET', url: '/api/admin/staff', permission: null, allowed: 200 },
  {
    method: 'PUT',
    url: '/api/admin/staff',
    permission: 'staff',
    payload: () => ({ mail: 'nobody@example.com', roles: [] }),
    allowed: 404,
    badPayload: { mail: 1 },
  },
  { method: 'GET', url: '/api/admin/audit?page=0', permission: null, allowed: 200 },
]

roles.before(async () => {
  m = await startApp()
  const hash = await hashPassword('Secret12345')
  for (const role of PRIVILEGED_ROLES) {
    await createAccount(m, `role-${role}`, hash, [role])
    sessions.set(role, await login(m, `role-${role}`, 'Secret12345'))
  }
  await createAccount(m, 'plain', hash, [])
  sessions.set('plain', await login(m, 'plain', 'Secret12345'))
})

roles.after(async () => {
  await m.close()
})

roles('the matrix covers every route of the module', () => {
  assert.is(CASES.length, 8)
  assert.is(PRIVILEGED_ROLES.length, 8)
})

for (const c of CASES) {
  roles(`${c.method} ${c.url}: each privileged role allowed or refused (not_permitted)`, async () => {
    const refusedRoles: string[] = []
    for (const role of PRIVILEGED_ROLES) {
      const session = sessions.get(role)!
      const may = c.permission === null || can([role satisfies Role], c.permission)
      const res = await send(m, c.method, c.url, { session, payload: c.payload?.() })
      if (may) {
        assert.is(res.statusCode, c.allowed, `${role}: ${res.body.slice(0, 300)}`)
      } else {
        refusedRoles.push(role)
        assert.is(res.statusCode, 403, `${role}: ${res.body}`)
        assert.is(errorOf(res).code, 'not_permitted', role)
        if (c.badPayload !== undefined) {
          const bad = await send(m, c.method, c.url, { session, payload: c.badPayload })
          assert.equal([bad.statusCode, errorOf(bad).code], [403, 'not_permitted'], `${role} with a bad body`)
        }
      }
    }
    const expected: Record<string, string[]> = {
      catalog: PRIVILEGED_ROLES.filter((r) => r !== 'administrator' && r !== 'trust_admin'),
      outbox: PRIVILEGED_ROLES.filter((r) => r !== 'administrator' && r !== 'trust_admin'),
      staff: PRIVILEGED_ROLES.filter((r) => r !== 'administrator'),
    }
    assert.equal(refusedRoles, c.permission === null ? [] : expected[c.permission])
  })

  roles(
    `${c.method} ${c.url}: no privileged role → forbidden, no session → not_signed_in${c.method === 'GET' ? '' : ', no CSRF → csrf'}`,
    async () => {
      const plain = await send(m, c.method, c.url, { session: sessions.get('plain'), payload: c.payload?.() })
      assert.equal([plain.statusCode, errorOf(plain).code], [403, 'forbidden'], plain.body)
      const anonymous = await send(m, c.method, c.url, { payload: c.payload?.() })
      assert.equal([anonymous.statusCode, errorOf(anonymous).code], [403, 'not_signed_in'], anonymous.body)
      if (c.method !== 'GET') {
        const noCsrf = await send(m, c.method, c.url, { session: sessions.get('administrator'), payload: c.payload?.(), csrf: false })
        assert.equal([noCsrf.statusCode, errorOf(noCsrf).code], [403, 'csrf'], noCsrf.body)
        if (c.badPayload !== undefined) {
          const bad = await send(m, c.method, c.url, { payload: c.badPayload })
          assert.equal([bad.statusCode, errorOf(bad).code], [403, 'not_signed_in'], 'anonymous with a bad body')
        }
      }
    },
  )
}

roles('nothing the matrix sent changed anything or wrote an audit entry', async () => {
  // Only the sign-ins of its privileged accounts (docs/operating/staff-sign-in.md "Audit").
  assert.equal(await m.query("select * from audit_log where action <> 'account.sign_in'"), [])
})

roles.run()

// ---------------------------------------------------------------------------------------------
// Notification fan-outs on the dashboard
// ---------------------------------------------------------------------------------------------

const storm = suite('the outbox’s fan-out of a published incident: progress, then finished for 15 minutes')

const STORM_URL = 'https://status.northwind.example'
const READERS = ['reader-1@customer.example', 'reader-2@customer.example', 'reader-3@customer.example']
const MINUTE = 60_000

let s: TestApp
let ops: Session
/** The clock of the app and of the mailer that delivers (moved by the tests). */
let clock = FIXED_NOW.getTime()
const iso = (ms: number) => new Date(ms).toISOString()
const outboxOf = async () => expect<OutboxData>(await send(s, 'GET', '/api/admin/outbox', { session: ops }), 200)

storm.before(async () => {
  // Production without SMTP_URL: mail stays queued until the test delivers it.
  s = await startProduction(STORM_URL, { now: () => new Date(clock), accounts: { smtpUrl: null, mailFrom: null } })
  await importCatalog(s.db(), ownCatalog(), new Date(clock))
  s.app.responseCache.clear()
  const [cloud] = await s.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
  for (const mail of [...READERS, 'unverified@customer.example']) {
    const uid = await createAccount(s, mail, 'x', [], mail)
    await execute(s, "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)", uid, cloud.id, clock)
  }
  await s.exec('update users set verified = 0 where mail = ?', 'unverified@customer.example')
  ops = await loginOps(s)
})
storm.after(() => s.close())

storm('a published incident: queued while mail waits, then sent and failed, finished, listed for 15 minutes', async () => {
  const [service] = await s.query<{ tid: number }>('select tid from services where name = ?', OWN.service)
  const published = clock
  const res = await send(s, 'POST', '/api/admin/records', {
    session: ops,
    payload: ownIncident(service.tid, published),
  })
  assert.is(res.statusCode, 201, res.body)
  const { id, event_id: eventId } = body<{ data: { id: number; event_id: number } }>(res).data
  await s.settled()

  // Before delivery: every email queued, nothing sent.
  const entry = (over: Partial<OutboxFanout>): OutboxFanout => ({
    event_id: eventId,
    record_id: id,
    title: 'Relays drop packets',
    type: 'incident',
    kind: 'published',
    recipients: 3,
    enqueued: 3,
    sent: 0,
    queued: 3,
    failed: 0,
    expanding: false,
    started: iso(published),
    finished: null,
    ...over,
  })
  let outbox = await outboxOf()
  assert.equal(outbox.fanouts, [entry({})])
  assert.is(outbox.sent_per_second, 0)
  assert.equal(
    (await send(s, 'GET', '/api/admin/dashboard', { session: ops }).then((r) => expect<DashboardData>(r, 200))).outbox.fanouts,
    outbox.fanouts,
  )
  const keys = [`record-event:${eventId}:uid:`, `record-event:${eventId}:uid;`]
  const mails = await s.query<{ to_address: string }>(
    'select to_address from outbox where event_key >= ? and event_key < ? order by to_address',
    ...keys,
  )
  assert.equal(
    mails.map((m) => m.to_address),
    READERS,
  )

  // One is refused for good; the JSON transport of development delivers the others 2 s later.
  await s.exec('update outbox set attempts = 5, last_error = ? where to_address = ?', '550 mailbox unavailable', READERS[2])
  clock += 2_000
  const mailer = createMailer({
    db: s.db(),
    smtpUrl: null,
    mailFrom: null,
    publicUrl: STORM_URL,
    mode: 'development',
    now: () => new Date(clock),
  })
  try {
    await mailer.flush()
  } finally {
    await mailer.close()
  }
  const [sent] = await s.query<{ n: number }>(
    'select count(*) as n from outbox where event_key >= ? and event_key < ? and sent_at is not null',
    ...keys,
  )
  assert.is(Number(sent.n), 2)
  outbox = await outboxOf()
  assert.equal(outbox.fanouts, [entry({ sent: 2, queued: 0, failed: 1, finished: iso(clock) })])
  assert.is(outbox.sent_per_second, 0.2, '2 mails in the last 10 seconds')
  assert.is(outbox.failed, 1)

  // Listed for 15 minutes after the last email went out, then no more.
  const finished = clock
  clock = finished + 15 * MINUTE
  outbox = await outboxOf()
  assert.equal(outbox.fanouts, [entry({ sent: 2, queued: 0, failed: 1, finished: iso(finished) })])
  assert.is(outbox.sent_per_second, 0)
  clock += 1
  assert.equal((await outboxOf()).fanouts, [])
})

storm.run()

// ---------------------------------------------------------------------------------------------

const listed = suiteOnEmptyDatabase('the fan-outs the outbox lists: running, with queued mail, finished in the last 15 minutes')

const NOW = FIXED_NOW.getTime()
const MAIL = { delivery: 'smtp', sender: 'Status <no-reply@status.example>' } as const

/** One email of event `eventId` (or of no event) created at `created`, sent at `sent` (null: unsent). */
interface HandMail {
  eventId?: number
  uid?: number
  created: number
  sent: number | null
  attempts?: number
}

async function addMails(db: Kysely<Database>, mails: HandMail[]): Promise<void> {
  for (const [i, m] of mails.entries()) {
    await db
      .insertInto('outbox')
      .values({
        to_address: `reader-${m.eventId ?? 'none'}-${m.uid ?? i}@customer.example`,
        subject: 'Notification',
        text: 'Body',
        created: m.created,
        sent_at: m.sent,
        attempts: m.attempts ?? (m.sent === null ? 0 : 1),
        last_error: (m.attempts ?? 0) >= 5 ? 'refused' : null,
        event_key: m.eventId === undefined ? null : `record-event:${m.eventId}:uid:${m.uid ?? i}`,
      })
      .execute()
  }
}

/**
 * A record titled `title` with one published event and its fan-out job (committed at `created`,
 * expansion finished at `finished`, null while expanding), whose emails are `mails` (sent or not)
 * of `recipients` subscribers. Returns the event's id.
 */
async function addFanout(
  db: Kysely<Database>,
  title: string,
  job: { created: number; finished: number | null; recipients: number; mails: Array<{ sent: number | null; attempts?: number }> },
): Promise<number> {
  const status = await db.selectFrom('record_statuses').select('id').where('name', '=', 'In Progress').executeTakeFirstOrThrow()
  const record = await db
    .insertInto('records')
    .values({
      type: 'incident',
      title,
      alias: title.toLowerCase().replaceAll(' ', '-'),
      status_id: status.id,
      posted_on: job.created,
      created: job.created,
      updated_on: job.created,
      from_time: job.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const event = await db
    .insertInto('record_events')
    .values({ record_id: record.id, kind: 'published', at: job.created })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('fanout_jobs')
    .values({ event_id: event.id, recipients: job.recipients, mails: job.mails.length, created: job.created, finished_at: job.finished })
    .execute()
  await addMails(
    db,
    job.mails.map((m, uid) => ({ eventId: event.id, uid: uid + 1, created: job.created, ...m })),
  )
  return event.id
}

listed('which fan-outs are listed and with what; newest first, at most 5; the sending rate', async ({ db }) => {
  const ago = (minutes: number) => NOW - minutes * MINUTE
  // Finished expanding an hour ago, one email still queued, one failed: listed (mail not all sent).
  const waiting = await addFanout(db, 'Waiting', {
    created: ago(61),
    finished: ago(60),
    recipients: 3,
    mails: [{ sent: ago(59) }, { sent: null }, { sent: null, attempts: 5 }],
  })
  // Expanded 20 minutes ago, the last email sent 5 minutes ago: finished then, listed.
  const lateMail = await addFanout(db, 'Late mail', {
    created: ago(21),
    finished: ago(20),
    recipients: 2,
    mails: [{ sent: ago(19) }, { sent: ago(5) }],
  })
  // Expanded 20 minutes ago, everything sent 16 minutes ago: no more.
  await addFanout(db, 'Long done', { created: ago(21), finished: ago(20), recipients: 2, mails: [{ sent: ago(17) }, { sent: ago(16) }] })
  // Nobody to tell: never listed.
  await addFanout(db, 'Nobody', { created: ago(1), finished: ago(1), recipients: 0, mails: [] })
  // Every email sent while it expanded, finished 10 minutes ago: finished when its expansion did.
  const quick = await addFanout(db, 'Quick', { created: ago(11), finished: ago(10), recipients: 1, mails: [{ sent: ago(10.5) }] })
  // Still expanding: 2 of 4 recipients so far, one sent.
  const running = await addFanout(db, 'Running', {
    created: ago(1),
    finished: null,
    recipients: 4,
    mails: [{ sent: NOW - 500 }, { sent: null }],
  })
  // Mail of no record event, sent at the edges of the rate's 10 seconds (the first one outside).
  await addMails(db, [
    { created: ago(1), sent: NOW - 10_000 },
    { created: ago(1), sent: NOW - 9_999 },
    { created: ago(1), sent: NOW },
  ])

  const data = await outboxData(db, new Date(NOW), MAIL)
  const short = (f: OutboxFanout) => [f.title, f.recipients, f.enqueued, f.sent, f.queued, f.failed, f.expanding, f.finished]
  assert.equal(data.fanouts.map(short), [
    ['Running', 4, 2, 1, 1, 0, true, null],
    ['Quick', 1, 1, 1, 0, 0, false, iso(ago(10))],
    ['Late mail', 2, 2, 2, 0, 0, false, iso(ago(5))],
    ['Waiting', 3, 3, 1, 1, 1, false, null],
  ])
  assert.equal(
    data.fanouts.map((f) => f.event_id),
    [running, quick, lateMail, waiting],
  )
  assert.equal(data.fanouts[0], {
    event_id: running,
    record_id: data.fanouts[0].record_id,
    title: 'Running',
    type: 'incident',
    kind: 'published',
    recipients: 4,
    enqueued: 2,
    sent: 1,
    queued: 1,
    failed: 0,
    expanding: true,
    started: iso(ago(1)),
    finished: null,
  })
  assert.is(data.sent_per_second, 0.3, 'three mails sent in the last 10 seconds (now included)')
  // The totals and the failed-first list, as before.
  assert.equal([data.queued, data.sent, data.failed], [2, 10, 1])
  assert.equal([data.oldest_queued, data.oldest_queued_seconds], [iso(ago(61)), 61 * 60])
  assert.equal(data.messages[0].state, 'failed')
  assert.is(data.messages.length, 13)

  // Two more running: the newest 5 are listed.
  await addFanout(db, 'Sixth', { created: ago(1), finished: null, recipients: 1, mails: [] })
  await addFanout(db, 'Seventh', { created: ago(1), finished: null, recipients: 1, mails: [] })
  const more = await outboxData(db, new Date(NOW), MAIL)
  assert.is(more.fanouts.length, FANOUT_LIST_SIZE)
  assert.equal(
    more.fanouts.map((f) => f.title),
    ['Seventh', 'Sixth', 'Running', 'Quick', 'Late mail'],
  )
})

listed.run()
