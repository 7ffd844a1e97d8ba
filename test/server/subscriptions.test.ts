import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { LightMyRequestResponse } from 'fastify'
import { SESSION_COOKIE } from '../../contract/constants.js'
import type { SubscribeData, SubscriptionsData, UserNotificationsData } from '../../contract/subscriptions.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { incidentBody } from './desk-helpers.js'
import { appPerTest, body, FIXED_NOW, type TestApp } from './helpers.js'
import { execute, login, type Session } from './staff-helpers.js'

let t: TestApp
let passHash = ''

function post(url: string, payload: unknown, s?: Partial<Session>, method: 'POST' | 'PATCH' = 'POST') {
  const headers: Record<string, string> = {}
  if (s?.cookie) headers.cookie = `${SESSION_COOKIE}=${s.cookie}`
  if (s?.csrf) headers['x-csrf-token'] = s.csrf
  return t.app.inject({ method, url, payload: payload as any, headers })
}

const errorCode = (res: LightMyRequestResponse) => body<{ error: { code: string } }>(res).error.code

/** Creates a user straight in the database; returns the uid. */
function createUser(mail: string, { verified = true, timezone = 'UTC' } = {}): Promise<number> {
  return execute(
    t,
    'insert into users (name, mail, pass_hash, verified, timezone, created) values (?, ?, ?, ?, ?, ?) returning uid as id',
    mail,
    mail,
    passHash,
    verified ? 1 : 0,
    timezone,
    FIXED_NOW.getTime(),
  )
}

async function store(uid: number, cloudId: number, ...targets: Array<string | number>) {
  for (const target of targets) {
    await t.exec('insert into subscriptions (uid, cloud_id, target, created) values (?, ?, ?, ?)', uid, cloudId, String(target), 0)
  }
}

async function storeNotification(uid: number, ...targets: Array<string | number>) {
  for (const target of targets)
    await t.exec('insert into notification_subscriptions (uid, target, created) values (?, ?, ?)', uid, String(target), 0)
}

interface OutboxRow {
  id: number
  to_address: string
  subject: string
  text: string
  html: string
  headers: string
  event_key: string
}
/** The record events' outbox rows, once the fan-out of every committed event is done. */
const outbox = async (): Promise<OutboxRow[]> => {
  await t.settled()
  return t.query<OutboxRow>("select * from outbox where event_key like 'record-event:%' order by id")
}

const test = suite('subscriptions, publishing and notification emails')

test.before(async () => {
  passHash = await hashPassword('Secret123')
})
appPerTest(test, (app) => (t = app), { accounts: { publicUrl: 'https://trust.example' } })

const CALLS: Array<[string, unknown]> = [
  ['/api/subscriptions', { cloud: 'auroraedge' }],
  ['/api/subscribe', { cloud: 'auroraedge', tid: 'all', action: 'subscribe' }],
  ['/api/user_notifications', undefined],
  ['/api/notification_manage_subscription', { tid: 'all', action: 'subscribe' }],
]

test('the four calls need a session and the CSRF header', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  for (const [url, payload] of CALLS) {
    assert.is(errorCode(await post(url, payload)), 'not_signed_in', url)
    const noCsrf = await post(url, payload, { cookie: s.cookie })
    assert.is(noCsrf.statusCode, 403, url)
    assert.is(errorCode(noCsrf), 'csrf', url)
    const ok = await post(url, payload, s)
    assert.is(ok.statusCode, 200, `${url}: ${ok.body}`)
    assert.is(ok.headers['cache-control'], 'no-store', url)
  }
})

test('POST /api/subscriptions: shape of the tree, all unsubscribed at first', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  const data = body<{ data: SubscriptionsData }>(await post('/api/subscriptions', { cloud: 'auroraedge.net' }, s)).data
  assert.equal(Object.keys(data).sort(), [
    'advisory',
    'advisory_minimum',
    'all_subscribed',
    'cloud',
    'core_cloud_services',
    'datacenter',
    'maintenance',
    'premium_datacenters',
    'subscriptions_count',
  ])
  assert.is(data.cloud, 'auroraedge')
  assert.is(data.all_subscribed, '0')
  assert.is(data.advisory_minimum, null, 'every advisory until a minimum is chosen')
  assert.is(data.subscriptions_count, 0)
  assert.is(data.core_cloud_services.length, 1)
  assert.is(data.core_cloud_services[0].tid, 'core_cloud_services')
  assert.is(data.core_cloud_services[0].subCategory.length, 8)
  assert.is(data.datacenter.tid, 'public')
  assert.is(data.datacenter.name, 'Public Data Center')
  assert.equal(
    data.datacenter.category.map((r) => r.name),
    ['EMEA', 'Americas', 'APAC'],
  )
  assert.is(data.premium_datacenters.category.length, 0, 'auroraedge has no premium data centers')
  assert.equal(
    data.maintenance.map((m) => m.name),
    ['Scheduled Maintenance'],
  )
  assert.equal(
    data.advisory.map((m) => m.name),
    ['Under Investigation', 'Service Disruption', 'Service Degradation', 'Informational', 'No Service Impact', 'Security Advisory'],
  )
  const item = data.datacenter.category[0].subCategory[0]
  assert.equal(Object.keys(item).sort(), ['name', 'subscribed', 'tid'])
  assert.is(typeof item.tid, 'number')
  assert.is(item.subscribed, '0')
  assert.is(errorCode(await post('/api/subscriptions', { cloud: 'nope' }, s)), 'unknown_cloud')
  assert.is((await post('/api/subscriptions', {}, s)).statusCode, 400)
})

test('region star covers the public and premium data centers of the region, and nothing else', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  const before = body<{ data: SubscriptionsData }>(await post('/api/subscriptions', { cloud: 'auroraedgethree' }, s)).data
  const premiumRegion = before.premium_datacenters.category[0]
  assert.ok(premiumRegion, 'auroraedgethree has premium data centers')
  const region = before.datacenter.category.find((r) => r.tid === premiumRegion.tid)!
  const res = await post('/api/subscribe', { cloud: 'auroraedgethree', tid: String(region.tid), action: 'subscribe' }, s)
  assert.is(res.statusCode, 200, res.body)
  const data = body<{ data: SubscribeData }>(res).data
  assert.is(data.tid, String(region.tid))
  assert.is(data.action, 'subscribe')
  assert.is(data.name, region.name)
  const tree = data.subscriptions
  const pub = tree.datacenter.category.find((r) => r.tid === region.tid)!
  const prem = tree.premium_datacenters.category.find((r) => r.tid === region.tid)!
  assert.is(pub.subscribed, '1')
  assert.is(prem.subscribed, '1')
  assert.ok(pub.subCategory.every((d) => d.subscribed === '1'))
  assert.ok(prem.subCategory.every((d) => d.subscribed === '1'))
  assert.is(tree.datacenter.subscribed, '0')
  for (const other of tree.datacenter.category.filter((r) => r.tid !== region.tid)) {
    assert.is(other.subscribed, '0')
    assert.ok(other.subCategory.every((d) => d.subscribed === '0'))
  }
  assert.is(tree.subscriptions_count, pub.subCategory.length + prem.subCategory.length)
  // Unsubscribing one data center of the region leaves its siblings subscribed.
  const dc = pub.subCategory[0]
  const after = body<{ data: SubscribeData }>(
    await post('/api/subscribe', { cloud: 'auroraedgethree', tid: dc.tid, action: 'unsubscribe' }, s),
  ).data.subscriptions
  const pub2 = after.datacenter.category.find((r) => r.tid === region.tid)!
  assert.is(pub2.subscribed, '0')
  assert.is(pub2.subCategory.find((d) => d.tid === dc.tid)!.subscribed, '0')
  assert.ok(pub2.subCategory.filter((d) => d.tid !== dc.tid).every((d) => d.subscribed === '1'))
  assert.is(after.premium_datacenters.category.find((r) => r.tid === region.tid)!.subscribed, '1')
})

test('All vs individual, unsubscribe all, counts, unknown tid', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  const all = body<{ data: SubscribeData }>(await post('/api/subscribe', { cloud: 'auroraedge', tid: 'all', action: 'subscribe' }, s)).data
  assert.is(all.name, 'all')
  const tree = all.subscriptions
  const total = 8 + 72 + 1 + 6
  assert.is(tree.all_subscribed, '1')
  assert.is(tree.subscriptions_count, total)
  assert.is(tree.core_cloud_services[0].subscribed, '1')
  const service = tree.core_cloud_services[0].subCategory[0]
  const one = body<{ data: SubscribeData }>(
    await post('/api/subscribe', { cloud: 'auroraedge', tid: service.tid, action: 'unsubscribe' }, s),
  ).data.subscriptions
  assert.is(one.all_subscribed, '0')
  assert.is(one.core_cloud_services[0].subscribed, '0')
  assert.is(one.core_cloud_services[0].subCategory[0].subscribed, '0')
  assert.ok(one.core_cloud_services[0].subCategory.slice(1).every((x) => x.subscribed === '1'))
  assert.is(one.datacenter.subscribed, '1', 'the data-center toggle is another star: unchanged')
  assert.ok(one.maintenance.every((x) => x.subscribed === '1'))
  assert.is(one.subscriptions_count, total - 1)

  // Core "All" on again, then Unsubscribe All.
  const core = body<{ data: SubscribeData }>(
    await post('/api/subscribe', { cloud: 'auroraedge', tid: 'core_cloud_services', action: 'subscribe' }, s),
  ).data
  assert.is(core.name, 'Core Cloud Services')
  assert.is(core.subscriptions.subscriptions_count, total)
  const none = body<{ data: SubscribeData }>(await post('/api/subscribe', { cloud: 'auroraedge', tid: 'all', action: 'unsubscribe' }, s))
    .data.subscriptions
  assert.is(none.subscriptions_count, 0)
  assert.is((await t.query('select count(*) as n from subscriptions'))[0].n, 0)

  // Other clouds are separate.
  await post('/api/subscribe', { cloud: 'auroraedge', tid: 5001, action: 'subscribe' }, s)
  const other = body<{ data: SubscriptionsData }>(await post('/api/subscriptions', { cloud: 'auroraedgeone' }, s)).data
  assert.is(other.maintenance[0].subscribed, '0')

  const unknown = await post('/api/subscribe', { cloud: 'auroraedge', tid: 999999, action: 'subscribe' }, s)
  assert.is(unknown.statusCode, 404)
  assert.is(errorCode(unknown), 'unknown_tid')
  // A data center that does not serve this cloud is not a row of it.
  const foreign = (
    await t.query(
      'select tid from data_centers where tid not in (select data_center_tid from cloud_data_centers where cloud_id = 1) order by tid limit 1',
    )
  )[0]
  if (foreign)
    assert.is(errorCode(await post('/api/subscribe', { cloud: 'auroraedge', tid: foreign.tid, action: 'subscribe' }, s)), 'unknown_tid')
  // Nor is a decommissioned one.
  const [gone] = await t.query<{ tid: number }>(
    'select data_center_tid as tid from cloud_data_centers where cloud_id = 1 order by data_center_tid limit 1',
  )
  await t.exec('update cloud_data_centers set active = 0 where cloud_id = 1 and data_center_tid = ?', gone.tid)
  assert.is(errorCode(await post('/api/subscribe', { cloud: 'auroraedge', tid: gone.tid, action: 'subscribe' }, s)), 'unknown_tid')
  const listed = body<{ data: SubscriptionsData }>(await post('/api/subscriptions', { cloud: 'auroraedge' }, s)).data
  assert.not.ok(
    listed.datacenter.category.some((r) => r.subCategory.some((d) => d.tid === gone.tid)),
    'decommissioned rows are left out',
  )
  assert.is((await post('/api/subscribe', { cloud: 'auroraedge', tid: 'all', action: 'toggle' }, s)).statusCode, 400)
})

test('notification subscriptions: types with categories, all, counts added to the cloud count', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  const first = body<{ data: UserNotificationsData }>(await post('/api/user_notifications', undefined, s)).data
  assert.is(first.all_subscribed, '0')
  assert.is(first.subscriptions_count, 0)
  const url = first.terms.url_change_notification!
  assert.is(url.notification_type, 'URL Category Notifications')
  assert.is(first.terms.totalCount, url.categories.length)
  const cat = url.categories[0]
  assert.equal(Object.keys(cat).sort(), [
    'notification_subcategory_id',
    'notification_subcategory_name',
    'notification_subcategory_sub_status',
  ])
  const res = await post('/api/notification_manage_subscription', { tid: cat.notification_subcategory_id, action: 'subscribe' }, s)
  const managed = body(res).data
  assert.is(managed.name, cat.notification_subcategory_name)
  assert.is(managed.notifications.subscriptions_count, 1)
  assert.is(managed.notifications.terms.url_change_notification.categories[0].notification_subcategory_sub_status, '1')
  const count = body<{ data: SubscriptionsData }>(await post('/api/subscriptions', { cloud: 'auroraedge' }, s)).data.subscriptions_count
  assert.is(count, 1)

  const all = body(await post('/api/notification_manage_subscription', { tid: 'all', action: 'subscribe' }, s)).data.notifications
  assert.is(all.all_subscribed, '1')
  const totalCategories = (await t.query('select count(*) as n from notification_categories'))[0].n
  assert.is(all.subscriptions_count, totalCategories)
  const type = body(await post('/api/notification_manage_subscription', { tid: 'cloud_app', action: 'unsubscribe' }, s)).data
  assert.is(type.name, 'Cloud Application Notifications')
  assert.is(type.notifications.terms.cloud_app.all_subscribed, '0')
  assert.is(type.notifications.terms.url_change_notification.all_subscribed, '1')
  assert.is(errorCode(await post('/api/notification_manage_subscription', { tid: 'nope', action: 'subscribe' }, s)), 'unknown_tid')
})

test('cloud-status: subscribed reflects the signed-in viewer, private; anonymous is 0 and public', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  const emea = (await t.query("select tid from regions where name = 'EMEA'"))[0].tid
  await post('/api/subscribe', { cloud: 'auroraedge', tid: emea, action: 'subscribe' }, s)
  const url = '/api/cloud-status?cloud=auroraedge&requestType=public'
  const signed = await t.app.inject({ url, headers: { cookie: `${SESSION_COOKIE}=${s.cookie}` } })
  assert.is(signed.statusCode, 200)
  assert.is(signed.headers['cache-control'], 'private, no-store')
  const cats = body(signed).data.category as Array<{ tid: number; subCategory: Array<{ subscribed: string }> }>
  for (const c of cats) for (const item of c.subCategory) assert.is(item.subscribed, c.tid === emea ? '1' : '0')
  const core = body(
    await t.app.inject({
      url: '/api/cloud-status?cloud=auroraedge&requestType=core_cloud_services',
      headers: { cookie: `${SESSION_COOKIE}=${s.cookie}` },
    }),
  ).data
  assert.ok(core.category[0].subCategory.every((i: { subscribed: string }) => i.subscribed === '0'))

  const anon = await t.app.inject({ url })
  assert.is(anon.headers['cache-control'], 'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(anon.headers['access-control-allow-origin'], '*')
  for (const c of body(anon).data.category) for (const item of c.subCategory) assert.is(item.subscribed, '0')
})

/** A data center D of auroraedge in region R, another region's data center, a service. */
async function fixture() {
  const d = (
    await t.query(
      `select dc.tid, dc.name, dc.region_tid from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid
     where cdc.cloud_id = 1 and cdc.active = 1 and dc.name = 'Amsterdam II'`,
    )
  )[0]
  const sibling = (
    await t.query(
      `select dc.tid from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid
     where cdc.cloud_id = 1 and cdc.active = 1 and dc.region_tid = ? and dc.tid != ? order by dc.tid limit 1`,
      d.region_tid,
      d.tid,
    )
  )[0].tid
  const otherRegion = (await t.query('select tid from regions where tid != ? order by tid limit 1', d.region_tid))[0].tid
  const service = (await t.query('select service_tid as tid from cloud_services where cloud_id = 1 order by service_tid limit 1'))[0].tid
  const category = (await t.query('select tid from notification_categories order by tid limit 1'))[0].tid
  return {
    d: d.tid as number,
    r: d.region_tid as number,
    sibling: sibling as number,
    otherRegion: otherRegion as number,
    service: service as number,
    category: category as number,
  }
}

const INCIDENT = incidentBody

test('dispatch: exactly the subscribers of D, its region and all get one mail per event', async () => {
  const f = await fixture()
  const users = {
    dc: await createUser('dc@example.com', { timezone: 'America/New_York' }),
    region: await createUser('region@example.com'),
    all: await createUser('all@example.com'),
    both: await createUser('both@example.com'),
    unverified: await createUser('unverified@example.com', { verified: false }),
    sibling: await createUser('sibling@example.com'),
    otherRegion: await createUser('other-region@example.com'),
    service: await createUser('service@example.com'),
    otherCloud: await createUser('other-cloud@example.com'),
    notification: await createUser('notification@example.com'),
  }
  await store(users.dc, 1, f.d)
  await store(users.region, 1, f.r)
  await store(users.all, 1, 'all')
  await store(users.both, 1, f.d, 'public')
  await store(users.both, 2, 'all')
  await store(users.unverified, 1, 'all')
  await store(users.sibling, 1, f.sibling)
  await store(users.otherRegion, 1, f.otherRegion)
  await store(users.service, 1, f.service, 5001)
  await store(users.otherCloud, 2, 'all')
  await storeNotification(users.notification, 'all', f.category)
  const expected = ['all@example.com', 'both@example.com', 'dc@example.com', 'region@example.com']

  const viewer = await login(t, 'viewer', 'Viewer12345')
  const refused = await post('/api/admin/records', INCIDENT(f.d), viewer)
  assert.is(refused.statusCode, 403)
  assert.is(errorCode(refused), 'forbidden')
  const admin = await login(t, 'admin', 'Admin12345')
  assert.is(errorCode(await post('/api/admin/records', INCIDENT(f.d), { cookie: admin.cookie })), 'csrf')
  assert.is(errorCode(await post('/api/admin/records', INCIDENT(f.d))), 'not_signed_in')
  assert.is((await outbox()).length, 0)

  const res = await post('/api/admin/records', INCIDENT(f.d), admin)
  assert.is(res.statusCode, 201, res.body)
  const data = body(res).data
  assert.equal(Object.keys(data).sort(), ['alias', 'event_id', 'id', 'mails'])
  assert.is(data.alias, `/posts/${data.id}`)
  assert.is(data.mails, 4)
  const rows = await outbox()
  assert.equal(rows.map((r) => r.to_address).sort(), expected)
  const record = (await t.query('select * from records where id = ?', data.id))[0]
  assert.is(record.alias, `/incidents/${data.id}`)
  assert.is(record.author, 'admin')
  assert.equal(await t.query('select tid from record_terms where record_id = ?', data.id), [{ tid: f.d }])
  assert.equal(await t.query('select kind from record_events where record_id = ?', data.id), [{ kind: 'published' }])

  const mail = rows.find((r) => r.to_address === 'dc@example.com')!
  assert.is(mail.subject, '[auroraedge.net] Incident: Packet loss in Amsterdam (In Progress)')
  assert.is(mail.event_key, `record-event:${data.event_id}:uid:${users.dc}`)
  assert.match(mail.text, 'Start: Sun, 15 Mar 2026 05:00:00 EDT (America/New_York)')
  assert.match(mail.text, `https://trust.example/auroraedge.net/posts/${data.id}`)
  assert.match(mail.text, 'Some customers see packet loss.')
  assert.match(mail.text, 'you subscribed to: Amsterdam II')
  const headers = JSON.parse(mail.headers)
  assert.match(headers['List-Unsubscribe'], /^<https:\/\/trust\.example\/api\/unsubscribe\/[A-Za-z0-9_-]{43}>$/)
  assert.is(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
  assert.match(mail.text, /https:\/\/trust\.example\/unsubscribe\/[A-Za-z0-9_-]{43}/)
  assert.match(mail.html, '<a href="https://trust.example/auroraedge.net/posts/')
  assert.match(rows.find((r) => r.to_address === 'region@example.com')!.text, 'Start: Sun, 15 Mar 2026 09:00:00 UTC (UTC)')

  // An update mails the same set once more.
  const patch = await post(
    `/api/admin/records/${data.id}`,
    { status: 'Resolved', to: '2026-03-15T10:00:00Z', update: 'Traffic rerouted.' },
    admin,
    'PATCH',
  )
  assert.is(patch.statusCode, 200, patch.body)
  const updated = (await outbox()).slice(rows.length)
  assert.equal(updated.map((r) => r.to_address).sort(), expected)
  const u = updated.find((r) => r.to_address === 'dc@example.com')!
  assert.is(u.subject, '[auroraedge.net] Incident update: Packet loss in Amsterdam (Resolved)')
  assert.match(u.text, 'Update: Traffic rerouted.')
  assert.match(u.text, 'Updated at: Sun, 15 Mar 2026 05:30:00 EDT')
  assert.match(u.text, 'End: Sun, 15 Mar 2026 06:00:00 EDT')
  assert.is((await t.query('select closed_on from records where id = ?', data.id))[0].closed_on, FIXED_NOW.getTime())

  // Enqueueing the same event again adds nothing.
  const { dispatchEvent } = await import('../../server/publishing/dispatch.js')
  const again = await t
    .db()
    .transaction()
    .execute((trx) => dispatchEvent(trx, body(patch).data.event_id, 'https://trust.example', FIXED_NOW.getTime()))
  assert.is(again, 0)
  assert.is((await outbox()).length, 8)
})

test('dispatch: maintenance, advisories by event type, notifications by category', async () => {
  const f = await fixture()
  const maint = await createUser('maint@example.com')
  const adv = await createUser('adv@example.com')
  const cat = await createUser('cat@example.com')
  const type = await createUser('type@example.com')
  await store(maint, 1, 5001)
  await store(adv, 1, 5007) // Security Advisory
  await storeNotification(cat, f.category)
  await storeNotification(type, 'privacy_notification')
  const admin = await login(t, 'admin', 'Admin12345')
  const m = body(
    await post('/api/admin/records', { ...INCIDENT(f.sibling), type: 'maintenance', status: 'Scheduled', severity: null }, admin),
  ).data
  assert.is(m.mails, 1)
  const a = await post(
    '/api/admin/records',
    { ...INCIDENT(f.service), type: 'advisory', event_type: 'Security Advisory', terms: [f.service] },
    admin,
  )
  assert.is(a.statusCode, 201, a.body)
  assert.is(body(a).data.mails, 1)
  const catType = (await t.query('select notification_type from notification_categories where tid = ?', f.category))[0].notification_type
  const n = await post(
    '/api/admin/records',
    { ...INCIDENT(f.d), type: 'notification', notification_type: catType, terms: [f.category], severity: null, status: 'Scheduled' },
    admin,
  )
  assert.is(n.statusCode, 201, n.body)
  assert.is(body(n).data.alias, `/notification/${body(n).data.id}`)
  const rows = await outbox()
  assert.equal(
    rows.map((r) => r.to_address),
    ['maint@example.com', 'adv@example.com', 'cat@example.com'],
  )
  assert.match(rows[0].subject, /^\[auroraedge\.net\] Maintenance: /)
  assert.match(rows[1].subject, /^\[auroraedge\.net\] Security Advisory: /)
  assert.match(rows[2].subject, / Notification: /)
  assert.match(rows[2].text, `https://trust.example/auroraedge.net/notification/${body(n).data.id}`)
})

test('publishing validation: clear 400 messages naming the field', async () => {
  const f = await fixture()
  const admin = await login(t, 'admin', 'Admin12345')
  const cases: Array<[object, RegExp]> = [
    [{ cloud: undefined, clouds: ['nowhere'] }, /^clouds: unknown cloud "nowhere"/],
    [{ terms: [123456] }, /^terms: 123456 is not a service or data center/],
    [{ status: 'Exploded' }, /^status: unknown status "Exploded"/],
    [{ severity: 999 }, /^severity: unknown severity 999/],
    [{ title: '' }, /^title: /],
    [{ from: 'yesterday' }, /^from: must be an ISO 8601/],
    [{ to: '2026-03-14T00:00:00Z' }, /^to: must not be before from/],
    [{ type: 'advisory', event_type: 'Bad' }, /^event_type: must be one of/],
    [{ type: 'blog' }, /^type: must be one of/],
  ]
  for (const [change, message] of cases) {
    const res = await post('/api/admin/records', { ...INCIDENT(f.d), ...change }, admin)
    assert.is(res.statusCode, 400, JSON.stringify(change))
    assert.match(body(res).error.message, message)
  }
  assert.is((await t.query('select count(*) as n from record_events'))[0].n, 0)
  const missing = await post('/api/admin/records/99999999', { status: 'Resolved' }, admin, 'PATCH')
  assert.is(missing.statusCode, 404)
})

test('unsubscribe link: GET describes, POST (RFC 8058 form) unsubscribes; the next publish skips the user', async () => {
  const f = await fixture()
  const uid = await createUser('leaver@example.com')
  await store(uid, 1, f.r, f.service)
  const admin = await login(t, 'admin', 'Admin12345')
  await post('/api/admin/records', INCIDENT(f.d), admin)
  const mail = (await outbox()).find((r) => r.to_address === 'leaver@example.com')!
  const token = /\/api\/unsubscribe\/([A-Za-z0-9_-]+)>/.exec(JSON.parse(mail.headers)['List-Unsubscribe'])![1]

  const described = await t.app.inject({ url: `/api/unsubscribe/${token}` })
  assert.is(described.statusCode, 200, described.body)
  assert.is(described.headers['cache-control'], 'no-store')
  const region = (await t.query('select name from regions where tid = ?', f.r))[0].name
  assert.equal(body(described).data, { mail: 'l•••@example.com', cloud: 'auroraedge.net', names: [region], done: false })

  const done = await t.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
  assert.is(done.statusCode, 200, done.body)
  assert.is(body(done).data.done, true)
  // The region went; the unrelated service subscription stays.
  assert.equal(await t.query('select target from subscriptions where uid = ?', uid), [{ target: String(f.service) }])
  assert.is(body(await t.app.inject({ url: `/api/unsubscribe/${token}` })).data.done, true)
  // Empty and JSON bodies work too (idempotent).
  assert.is((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` })).statusCode, 200)
  assert.is((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: {} })).statusCode, 200)

  const before = (await outbox()).length
  await post('/api/admin/records', { ...INCIDENT(f.d), title: 'Second' }, admin)
  assert.not.ok((await outbox()).slice(before).some((r) => r.to_address === 'leaver@example.com'))

  const bad = await t.app.inject({ url: '/api/unsubscribe/not-a-token' })
  assert.is(bad.statusCode, 404)
  assert.is(errorCode(bad), 'invalid_token')
})

test.run()
