/**
 * The Statuspage-compatible manage API's writes (docs/statuspage-manage-api.md) on a production
 * site from an empty database with the vendor's own catalogue: incidents opened, updated and
 * resolved with Statuspage's bodies, component statuses, scheduled maintenance, postmortems — each
 * shown on the public pages and the v2 documents, mailed to a subscriber where Statuspage would,
 * audited under the key's name — and every refusal in words.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { CreatedApiKeyData } from '../../contract/api-keys.js'
import type { StatuspageComponent, StatuspageIncident } from '../../contract/statuspage.js'
import type { ManageComponent, ManageIncident, ManagePostmortem } from '../../contract/statuspage-manage.js'
import { runScheduler } from '../../server/publishing/scheduler.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'
import { auditRows, createAccount, errorOf, execute, loginOps, send, type Session, startProduction } from './staff-helpers.js'

const test = suite('Statuspage-compatible manage API: writes')
const PUBLIC_URL = 'https://status.northwind.example'
const HOUR = 3_600_000
const SUBSCRIBER = 'reader@customer.example'

let t: TestApp
let admin: Session
let clock = FIXED_NOW.getTime()
let key: CreatedApiKeyData
let serviceId: string
let dcId: string
let serviceTid: number
let dcTid: number

test.before(async () => {
  t = await startProduction(PUBLIC_URL, { now: () => new Date(clock) })
  importByCommand(t, PUBLIC_URL, ownCatalog({ secondCloud: true }))
  admin = await loginOps(t)
  key = await makeKey({ name: 'pagerduty', role: 'trust_admin', lifetime_days: 30 })
  serviceTid = (await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service))[0].tid
  dcTid = (await t.query<{ tid: number }>('select tid from data_centers where name = ?', OWN.dataCenter))[0].tid
  serviceId = `${OWN.cloud}-service-${serviceTid}`
  dcId = `${OWN.cloud}-dc-${dcTid}`
  const [cloud] = await t.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
  const uid = await createAccount(t, SUBSCRIBER, 'x', [], SUBSCRIBER)
  await execute(t, "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)", uid, cloud.id, clock)
})
test.after(() => t.close())

async function makeKey(payload: Record<string, unknown>): Promise<CreatedApiKeyData> {
  const res = await send(t, 'POST', '/api/admin/api-keys', { session: admin, payload })
  assert.is(res.statusCode, 200, res.body)
  return body<{ data: CreatedApiKeyData }>(res).data
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** A call to the manage API with the test's key (or `withKey`), as a machine sends it: no Origin, no cookie. */
function call(method: Method, url: string, payload?: unknown, withKey: string = key.key) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `OAuth ${withKey}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

const incidents = `/v1/pages/${OWN.cloud}/incidents`

/** The subjects of the mail queued for the subscriber about record `id`, oldest first. */
async function mailsAbout(id: string): Promise<string[]> {
  await t.settled()
  const rows = await t.query<{ subject: string }>(
    `select o.subject from outbox o join record_events e on o.event_key like 'record-event:' || e.id || ':uid:%'
     where e.record_id = ? and o.to_address = ? order by o.id`,
    Number(id),
    SUBSCRIBER,
  )
  return rows.map((r) => r.subject)
}

/** A component of the cloud's v2 `components.json`. */
async function v2Component(id: string): Promise<StatuspageComponent> {
  t.app.responseCache.clear()
  const res = await t.app.inject(`/api/v2/components.json?cloud=${OWN.cloud}`)
  const found = body<{ components: StatuspageComponent[] }>(res).components.find((c) => c.id === id)
  assert.ok(found, `component ${id} in components.json`)
  return found
}

/** The stored state of record `id`. */
async function stateOf(id: string) {
  const [row] = await t.query<{
    status: string
    severity_tid: number | null
    type: string
    closed_on: number | null
    to_time: number | null
  }>(
    'select st.name as status, r.severity_tid, r.type, r.closed_on, r.to_time from records r join record_statuses st on st.id = r.status_id where r.id = ?',
    Number(id),
  )
  return row
}

let incidentId: string

test('an incident opened with Statuspage’s body shows on the public pages and the v2 documents, and mails the subscriber', async () => {
  const res = await call('POST', incidents, {
    incident: {
      name: 'Relays drop packets',
      status: 'investigating',
      body: 'We are **investigating** dropped packets.',
      component_ids: [serviceId],
      components: { [serviceId]: 'major_outage' },
      deliver_notifications: true,
      metadata: { pagerduty: { incident: 'P123' } },
    },
  })
  assert.is(res.statusCode, 201, res.body)
  const created = body<ManageIncident>(res)
  incidentId = created.id
  assert.is(created.name, 'Relays drop packets')
  assert.is(created.status, 'investigating')
  assert.is(created.impact, 'major')
  assert.is(created.page_id, OWN.cloud)
  assert.is(created.scheduled_for, null)
  assert.equal(
    created.components.map((c) => [c.id, c.status]),
    [[serviceId, 'major_outage']],
  )
  assert.is(created.shortlink, `${PUBLIC_URL}/${OWN.domain}/posts/${created.id}`)
  assert.equal(await stateOf(created.id), { status: 'In Progress', severity_tid: 20, type: 'incident', closed_on: null, to_time: null })

  const v2 = body<{ incidents: StatuspageIncident[] }>(await t.app.inject(`/api/v2/incidents.json?cloud=${OWN.cloud}`))
  const listed = v2.incidents.find((i) => i.id === created.id)
  assert.ok(listed, 'in incidents.json')
  assert.is(listed.incident_updates.at(-1)?.body, 'We are investigating dropped packets.')
  assert.is((await v2Component(serviceId)).status, 'major_outage')
  const list = await t.app.inject(`/api/incident?cloud=${OWN.cloud}`)
  assert.is(list.statusCode, 200, list.body)
  const record = body<{ data: { records: Array<{ id: number; title: string; body: string }> } }>(list).data.records.find(
    (r) => r.id === Number(created.id),
  )
  assert.ok(record, 'in the public list of incidents')
  assert.match(record.body, '<strong>investigating</strong>')

  assert.is((await mailsAbout(created.id)).length, 1, 'the subscriber is mailed')
  const [audit] = (await auditRows(t, 'record.publish')).filter((r) => r.target === created.id)
  assert.is(audit.actor_name, `API key "pagerduty" (${key.summary.prefix}…)`)
  assert.is(audit.actor_uid, null)
  const [author] = await t.query<{ author: string }>('select author from records where id = ?', Number(created.id))
  assert.is(author.author, `API key "pagerduty" (${key.summary.prefix}…)`)

  const one = body<ManageIncident>(await call('GET', `${incidents}/${created.id}`))
  assert.is(one.id, created.id)
})

test('updates add to the history and mail; a repeated status writes nothing; components add to the record', async () => {
  let res = await call('PATCH', `${incidents}/${incidentId}`, {
    incident: { status: 'identified', body: 'A faulty relay was found.', deliver_notifications: true },
  })
  assert.is(res.statusCode, 200, res.body)
  const updated = body<ManageIncident>(res)
  assert.is(updated.status, 'investigating', 'identified is In Progress here, read back as investigating')
  assert.is(updated.incident_updates[0].body, 'A faulty relay was found.')
  assert.is((await mailsAbout(incidentId)).length, 2)

  const events = async () =>
    (await t.query<{ n: number }>('select count(*) as n from record_events where record_id = ?', Number(incidentId)))[0].n
  const before = await events()
  res = await call('PUT', `${incidents}/${incidentId}`, { incident: { status: 'identified' } })
  assert.is(res.statusCode, 200, res.body)
  assert.is(await events(), before, 'nothing changed, nothing written')

  res = await call('PATCH', `${incidents}/${incidentId}`, {
    incident: { status: 'monitoring', components: { [dcId]: 'degraded_performance' }, deliver_notifications: false },
  })
  assert.is(res.statusCode, 200, res.body)
  const monitoring = body<ManageIncident>(res)
  assert.is(monitoring.status, 'monitoring')
  assert.ok(monitoring.monitoring_at)
  assert.equal(monitoring.components.map((c) => c.id).sort(), [dcId, serviceId].sort())
  assert.equal((await stateOf(incidentId)).severity_tid, 20, 'the service not named keeps its outage: the worst wins')
  assert.is((await mailsAbout(incidentId)).length, 2, 'deliver_notifications false mails no one')

  res = await call('PATCH', `${incidents}/${incidentId}`, {
    incident: { components: { [serviceId]: 'operational', [dcId]: 'degraded_performance' } },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.is((await stateOf(incidentId)).severity_tid, 19)
  assert.is((await v2Component(dcId)).status, 'degraded_performance')
  assert.is((await mailsAbout(incidentId)).length, 3, 'deliver_notifications is true unless sent false, as on Statuspage')
})

test('status resolved resolves it: closed, components operational, subscribers told', async () => {
  clock += HOUR
  const res = await call('PATCH', `${incidents}/${incidentId}`, { incident: { status: 'resolved', body: 'Every relay is back.' } })
  assert.is(res.statusCode, 200, res.body)
  const resolved = body<ManageIncident>(res)
  assert.is(resolved.status, 'resolved')
  assert.is(resolved.resolved_at, new Date(clock).toISOString())
  const state = await stateOf(incidentId)
  assert.is(state.status, 'Resolved')
  assert.is(state.closed_on, clock)
  assert.is(state.to_time, clock)
  assert.is((await v2Component(serviceId)).status, 'operational')
  assert.is((await v2Component(dcId)).status, 'operational')
  assert.is((await mailsAbout(incidentId)).length, 4)
  assert.ok((await auditRows(t, 'record.resolve')).some((r) => r.target === incidentId))
  const unresolved = body<ManageIncident[]>(await call('GET', `${incidents}/unresolved`))
  assert.not.ok(unresolved.some((i) => i.id === incidentId))
  const all = body<ManageIncident[]>(await call('GET', `${incidents}?q=relays+drop`))
  assert.equal(
    all.map((i) => i.id),
    [incidentId],
  )
})

test('a postmortem is written, published and mailed once, as on the desk', async () => {
  const open = body<ManageIncident>(
    await call('POST', incidents, { incident: { name: 'Slow relay handshakes', deliver_notifications: false } }),
  )
  const early = await call('PUT', `${incidents}/${open.id}/postmortem`, { postmortem: { body_draft: 'Too early.' } })
  assert.is(early.statusCode, 400)
  assert.match(errorOf(early).message, /is not resolved yet \(In Progress\); resolve it first \(PATCH/)
  const none = await call('GET', `${incidents}/${incidentId}/postmortem`)
  assert.is(none.statusCode, 404)
  assert.match(errorOf(none).message, /has no postmortem yet; PUT/)
  const unpublished = await call('PUT', `${incidents}/${incidentId}/postmortem/publish`, { postmortem: { notify_subscribers: true } })
  assert.is(unpublished.statusCode, 400)
  assert.match(errorOf(unpublished).message, /no postmortem to publish/)

  let res = await call('PUT', `${incidents}/${incidentId}/postmortem`, { postmortem: { body_draft: '## What happened\nA relay failed.' } })
  assert.is(res.statusCode, 200, res.body)
  let postmortem = body<ManagePostmortem>(res)
  assert.is(postmortem.body, null)
  assert.is(postmortem.body_draft, '## What happened\nA relay failed.')
  assert.is(postmortem.published_at, null)

  res = await call('PUT', `${incidents}/${incidentId}/postmortem/publish`, {
    postmortem: { notify_subscribers: true, notify_twitter: false },
  })
  assert.is(res.statusCode, 200, res.body)
  postmortem = body<ManagePostmortem>(res)
  assert.is(postmortem.body, '## What happened\nA relay failed.')
  assert.ok(postmortem.published_at)
  assert.is(postmortem.notify_subscribers, true)
  assert.is((await mailsAbout(incidentId)).length, 5)
  assert.is(body<ManageIncident>(await call('GET', `${incidents}/${incidentId}`)).status, 'postmortem')

  const again = await call('PUT', `${incidents}/${incidentId}/postmortem/publish`, { postmortem: { notify_subscribers: true } })
  assert.is(again.statusCode, 400)
  assert.match(
    errorOf(again).message,
    /^postmortem\.notify_subscribers: subscribers were mailed this postmortem on .*; a postmortem is mailed once/,
  )
  res = await call('PUT', `${incidents}/${incidentId}/postmortem/revert`)
  assert.is(res.statusCode, 200, res.body)
  assert.is(body<ManagePostmortem>(res).published_at, null)
})

test('a component status opens the API’s own incident, changes it, and operational resolves it — without mail', async () => {
  const url = `/v1/pages/${OWN.cloud}/components/${dcId}`
  let res = await call('PATCH', url, { component: { status: 'degraded_performance' } })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body<ManageComponent>(res).status, 'degraded_performance')
  const opened = await t.query<{ id: number; title: string; severity_tid: number }>(
    "select id, title, severity_tid from records where title like 'Oslo I — %' order by id",
  )
  assert.equal(
    opened.map((r) => [r.title, r.severity_tid]),
    [['Oslo I — Degraded performance', 19]],
  )
  const id = String(opened[0].id)
  res = await call('PUT', url, { component: { status: 'major_outage', name: OWN.dataCenter } })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body<ManageComponent>(res).status, 'major_outage')
  assert.equal(await stateOf(id), { status: 'In Progress', severity_tid: 20, type: 'incident', closed_on: null, to_time: null })
  assert.is((await t.query("select id from records where title like 'Oslo I — %'")).length, 1, 'the same record, changed')

  res = await call('PATCH', url, { component: { status: 'under_maintenance' } })
  assert.is(body<ManageComponent>(res).status, 'under_maintenance')
  assert.is((await stateOf(id)).status, 'Resolved')
  res = await call('PATCH', url, { component: { status: 'operational' } })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body<ManageComponent>(res).status, 'operational')
  const all = await t.query<{ id: number; type: string; status: string }>(
    "select r.id, r.type, st.name as status from records r join record_statuses st on st.id = r.status_id where r.title like 'Oslo I — %' order by r.id",
  )
  assert.equal(
    all.map((r) => [r.type, r.status]),
    [
      ['incident', 'Resolved'],
      ['maintenance', 'Completed'],
    ],
  )
  for (const r of all) assert.equal(await mailsAbout(String(r.id)), [], 'a component status alone mails no one')
})

test('a scheduled maintenance: reminder lead, upcoming, started by the scheduler, cancelled by DELETE', async () => {
  const from = clock + 3 * HOUR
  let res = await call('POST', incidents, {
    incident: {
      name: 'Relay firmware upgrade',
      status: 'scheduled',
      scheduled_for: new Date(from).toISOString(),
      scheduled_until: new Date(from + 2 * HOUR).toISOString(),
      scheduled_remind_prior: true,
      scheduled_auto_in_progress: true,
      scheduled_auto_completed: true,
      component_ids: [dcId],
      components: { [dcId]: 'under_maintenance' },
      body: 'New firmware on every relay.',
    },
  })
  assert.is(res.statusCode, 201, res.body)
  const planned = body<ManageIncident>(res)
  assert.is(planned.status, 'scheduled')
  assert.is(planned.impact, 'maintenance')
  assert.is(planned.scheduled_for, new Date(from).toISOString())
  assert.is(planned.scheduled_remind_prior, true)
  assert.is(planned.reminder_intervals, '[1]')
  assert.is(planned.scheduled_auto_completed, true)
  const [stored] = await t.query<{ type: string; reminder_minutes: number | null }>(
    'select type, reminder_minutes from records where id = ?',
    Number(planned.id),
  )
  assert.equal(stored, { type: 'maintenance', reminder_minutes: null })
  assert.is((await mailsAbout(planned.id)).length, 1)
  assert.ok(body<ManageIncident[]>(await call('GET', `${incidents}/upcoming`)).some((i) => i.id === planned.id))
  assert.ok(body<ManageIncident[]>(await call('GET', `${incidents}/scheduled`)).some((i) => i.id === planned.id))

  const steps = await runScheduler(t.db(), from + 60_000, {})
  assert.equal(
    steps.filter((s) => s.recordId === Number(planned.id)).map((s) => s.kind),
    ['started'],
  )
  clock = from + 60_000
  const active = body<ManageIncident[]>(await call('GET', `${incidents}/active_maintenance`))
  assert.equal(
    active.map((i) => [i.id, i.status]),
    [[planned.id, 'in_progress']],
  )
  assert.is((await v2Component(dcId)).status, 'under_maintenance')
  res = await call('PATCH', `${incidents}/${planned.id}`, { incident: { status: 'completed', body: 'Done early.' } })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body<ManageIncident>(res).status, 'completed')
  assert.is((await stateOf(planned.id)).status, 'Completed')

  res = await call('POST', incidents, {
    incident: { name: 'Oslo power work', scheduled_for: new Date(clock + 30 * HOUR).toISOString(), scheduled_remind_prior: false },
  })
  assert.is(res.statusCode, 201, res.body)
  const quiet = body<ManageIncident>(res)
  assert.is(quiet.scheduled_remind_prior, false)
  assert.is(quiet.scheduled_auto_completed, false, 'no end: it runs until someone completes it')
  assert.equal(await t.query('select reminder_minutes from records where id = ?', Number(quiet.id)), [{ reminder_minutes: 0 }])
  res = await call('DELETE', `${incidents}/${quiet.id}`)
  assert.is(res.statusCode, 200, res.body)
  assert.is((await stateOf(quiet.id)).status, 'Archived')
  assert.ok((await auditRows(t, 'record.cancel')).some((r) => r.target === quiet.id))

  const gone = await call('DELETE', `${incidents}/${incidentId}`)
  assert.is(gone.statusCode, 405)
  assert.is(gone.headers.allow, 'GET, PATCH, PUT')
  assert.match(errorOf(gone).message, /incidents are not deleted\. Resolve it instead: PATCH/)
  const closed = await call('DELETE', `${incidents}/${planned.id}`)
  assert.is(closed.statusCode, 405)
  assert.match(errorOf(closed).message, /is closed already \(Completed\)/)
})

test('every refusal names the field and says what to send', async () => {
  const cases: Array<[Method, string, unknown, number, RegExp]> = [
    [
      'POST',
      incidents,
      { name: 'no wrapper' },
      400,
      /^incident: required\. The body is Statuspage's, one object named after what it changes, e\.g\. \{"incident"/,
    ],
    ['POST', incidents, { incident: { status: 'investigating' } }, 400, /^incident\.name: required: the incident's title, e\.g\./],
    ['POST', incidents, { incident: { name: '   ' } }, 400, /^incident\.name: must not be empty/],
    ['POST', incidents, { incident: { name: 'x'.repeat(256) } }, 400, /^incident\.name: at most 255 characters \(it has 256\)/],
    [
      'POST',
      incidents,
      { incident: { name: 'x', status: 'broken' } },
      400,
      /^incident\.status: "broken" is not a status; send one of investigating, identified, monitoring, resolved \(an incident\) or scheduled/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', deliver_notifications: 'maybe' } },
      400,
      /^incident\.deliver_notifications: must be true or false\.$/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', impact_override: 'apocalyptic' } },
      400,
      /^incident\.impact_override: "apocalyptic" is not an impact; send one of none, maintenance, minor, major, critical/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', scheduled_for: 'tomorrow' } },
      400,
      /^incident\.scheduled_for: must be an ISO 8601 time such as/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', component_ids: ['nope'] } },
      422,
      /^incident\.component_ids\[0\]: the page northwind has no component "nope" \(GET \/v1\/pages\/northwind\/components lists them\)/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', component_ids: [`${OWN.cloud}-core-services`] } },
      422,
      /is a component group; name its components instead \(northwind-service-/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', components: { [serviceId]: 'on_fire' } } },
      422,
      /^incident\.components\.northwind-service-\d+: "on_fire" is not a component status; send one of operational, /,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', status: 'investigating', scheduled_for: '2026-04-01T10:00:00Z' } },
      422,
      /^incident\.status: investigating is a status of an incident, and this one has scheduled_for/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', status: 'scheduled' } },
      422,
      /^incident\.scheduled_for: a scheduled maintenance \(status scheduled\) needs its start/,
    ],
    [
      'POST',
      incidents,
      { incident: { name: 'x', backfilled: true } },
      422,
      /^incident\.backfilled: this site does not take backfilled incidents/,
    ],
    [
      'PATCH',
      `${incidents}/999999`,
      { incident: { status: 'resolved' } },
      404,
      /^There is no incident "999999" on the page northwind \(GET \/v1\/pages\/northwind\/incidents lists them\)/,
    ],
    [
      'PATCH',
      `${incidents}/${incidentId}`,
      { incident: { status: 'in_progress' } },
      422,
      /^incident\.status: in_progress is a status of a scheduled maintenance and \d+ is an incident; send one of investigating/,
    ],
    ['GET', `${incidents}/abc`, undefined, 404, /^There is no incident "abc"/],
    [
      'PATCH',
      `/v1/pages/${OWN.cloud}/components/nope`,
      { component: { status: 'major_outage' } },
      404,
      /^There is no component "nope" on the page northwind/,
    ],
    [
      'PATCH',
      `/v1/pages/${OWN.cloud}/components/${serviceId}`,
      { component: { status: 'meh' } },
      422,
      /^component\.status: "meh" is not a component status; send one of operational/,
    ],
    [
      'PATCH',
      `/v1/pages/${OWN.cloud}/components/${serviceId}`,
      { component: { name: 'Renamed' } },
      422,
      /^component\.name: this site's catalogue names and places its components, so only component\.status is written here; change the name in the admin console \(Catalogue\)/,
    ],
    [
      'PATCH',
      `/v1/pages/${OWN.cloud}/components/${OWN.cloud}-core-services`,
      { component: { status: 'major_outage' } },
      422,
      /^component_id: Core Cloud Services .* is a component group/,
    ],
    ['GET', `${incidents}?limit=500`, undefined, 400, /^limit: must be at most 100; see docs\/statuspage-manage-api\.md/],
    ['GET', `${incidents}/upcoming?page=first`, undefined, 400, /^page: must be a whole number;/],
    [
      'POST',
      '/v1/pages/nowhere/incidents',
      { incident: { name: 'x' } },
      404,
      /^There is no page "nowhere": a page id is a cloud's machine name/,
    ],
  ]
  for (const [method, url, payload, status, message] of cases) {
    const res = await call(method, url, payload)
    assert.is(res.statusCode, status, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`)
    assert.match(errorOf(res).message, message, `${method} ${url} ${JSON.stringify(payload)}`)
  }
  assert.is(
    await t.query<{ n: number }>("select count(*) as n from records where title = 'x'").then((r) => Number(r[0].n)),
    0,
    'nothing was written',
  )
})

test('a key whose role does not grant records, or made for another cloud, is refused before its body is read', async () => {
  const reader = await makeKey({ name: 'dashboard', role: 'customer_success_manager', lifetime_days: 30 })
  for (const payload of [{ incident: { name: 'x' } }, { nonsense: true }]) {
    const res = await call('POST', incidents, payload, reader.key)
    assert.is(res.statusCode, 403, res.body)
    assert.is(errorOf(res).code, 'not_permitted')
    assert.match(errorOf(res).message, /role customer_success_manager does not allow this call/)
  }
  const patch = await call('PATCH', `/v1/pages/${OWN.cloud}/components/${serviceId}`, { component: { status: 'major_outage' } }, reader.key)
  assert.is(patch.statusCode, 403)
  assert.is((await call('GET', incidents, undefined, reader.key)).statusCode, 200, 'reading needs no permission')

  const southern = await makeKey({ name: 'southwind bot', role: 'trust_admin', lifetime_days: 30, cloud: OWN.secondCloud })
  const other = await call('POST', incidents, { incident: { name: 'x' } }, southern.key)
  assert.is(other.statusCode, 403)
  assert.is(errorOf(other).code, 'out_of_scope')
  const own = await call(
    'POST',
    `/v1/pages/${OWN.secondCloud}/incidents`,
    { incident: { name: 'Southern relays slow', deliver_notifications: false } },
    southern.key,
  )
  assert.is(own.statusCode, 201, own.body)
})

test('a machine’s write needs no Origin and no CSRF token; a browser’s cross-site write is still refused', async () => {
  const res = await call('POST', incidents, { incident: { name: 'CI deploy check', status: 'resolved', deliver_notifications: false } })
  assert.is(res.statusCode, 201, res.body)
  assert.is(body<ManageIncident>(res).status, 'resolved')
  const crossSite = await t.app.inject({
    method: 'POST',
    url: incidents,
    headers: { authorization: `OAuth ${key.key}`, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    payload: { incident: { name: 'x' } },
  })
  assert.is(crossSite.statusCode, 403)
  assert.is(errorOf(crossSite).code, 'cross_site')
  const calls = (await auditRows(t, 'api_key.call')).filter((r) => r.target === `POST ${incidents}`)
  assert.ok(calls.length > 0, 'writes are audited as calls too')
})

test.run()
