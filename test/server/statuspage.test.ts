/**
 * The Statuspage-compatible API (docs/statuspage-api.md; `server/statuspage/`, `contract/statuspage.ts`): the
 * derivation on crafted records (pure functions), every document of the site and of a cloud
 * against the schemas written from Statuspage's public documentation, and the indicator and
 * component statuses moving as records are published and resolved through the desk.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  COMPONENT_STATUSES,
  INDICATORS,
  STATUSPAGE_DOCUMENTS,
  STATUSPAGE_SCHEMAS,
  type StatuspageComponent,
  type StatuspageSummary,
  type StatuspageUpdate,
} from '../../contract/statuspage.js'
import {
  combinedStatus,
  groupStatus,
  isLive,
  overallStatus,
  recordEffect,
  recordImpact,
  type StatusRecord,
} from '../../server/statuspage/derive.js'
import { $router, resolvePage } from '../../shell/routes.js'
import { schemaErrors } from '../contract/harness.js'
import { body, FIXED_NOW, removeDir, startApp, tempDir, type TestApp } from './helpers.js'
import { ADMIN, type Session, send, signedIn } from './staff-helpers.js'

const derive = suite('statuspage: derivation on crafted records')
const NOW = Date.parse('2026-03-15T09:30:00Z')
const HOUR = 3_600_000
const rec = (over: Partial<StatusRecord>): StatusRecord => ({
  type: 'incident',
  status: 'In Progress',
  severityTid: 20,
  from: NOW - HOUR,
  to: null,
  ...over,
})

derive('a record is live when started, not ended and open', () => {
  assert.ok(isLive(rec({}), NOW))
  assert.ok(isLive(rec({ status: 'Monitoring' }), NOW))
  assert.not.ok(isLive(rec({ status: 'Resolved' }), NOW))
  assert.not.ok(isLive(rec({ from: NOW + HOUR }), NOW), 'not started')
  assert.not.ok(isLive(rec({ to: NOW }), NOW), 'ended')
  assert.ok(isLive(rec({ type: 'maintenance', status: 'In Progress', to: NOW + HOUR }), NOW))
  assert.not.ok(isLive(rec({ type: 'maintenance', status: 'Scheduled' }), NOW), 'scheduled is not yet under way')
})

derive("severity '20' → major_outage, '19' → degraded_performance, others operational; maintenance → under_maintenance", () => {
  assert.is(recordEffect(rec({ severityTid: 20 })), 'major_outage')
  assert.is(recordEffect(rec({ severityTid: 19 })), 'degraded_performance')
  assert.is(recordEffect(rec({ severityTid: 18 })), 'operational')
  assert.is(recordEffect(rec({ severityTid: null })), 'operational')
  assert.is(recordEffect(rec({ type: 'maintenance', severityTid: 20 })), 'under_maintenance')
  assert.equal(
    [20, 19, 18].map((s) => recordImpact(rec({ severityTid: s }))),
    ['major', 'minor', 'none'],
  )
  assert.is(recordImpact(rec({ type: 'maintenance' })), 'maintenance')
})

derive('a group is major_outage when all members are, partial_outage when some are, else its worst', () => {
  assert.is(groupStatus(['major_outage', 'major_outage']), 'major_outage')
  assert.is(groupStatus(['major_outage', 'operational']), 'partial_outage')
  assert.is(groupStatus(['degraded_performance', 'under_maintenance', 'operational']), 'degraded_performance')
  assert.is(groupStatus(['under_maintenance', 'operational']), 'under_maintenance')
  assert.is(groupStatus([]), 'operational')
})

derive('the indicator and its text', () => {
  const none = overallStatus({ core: ['operational'], others: ['operational'], incidentImpacts: [] })
  assert.equal([none.indicator, none.description], ['none', 'All Systems Operational'])
  const maintenance = overallStatus({ core: ['operational'], others: ['under_maintenance'], incidentImpacts: ['maintenance'] })
  // Statuspage's own indicator for nothing but maintenance (its widget shows the blue dot).
  assert.equal([maintenance.indicator, maintenance.description], ['maintenance', 'Service Under Maintenance'])
  const degraded = overallStatus({ core: ['degraded_performance'], others: [], incidentImpacts: ['minor'] })
  assert.equal([degraded.indicator, degraded.description], ['minor', 'Partial Service Disruption'])
  const dcDown = overallStatus({ core: ['operational'], others: ['major_outage'], incidentImpacts: ['major'] })
  assert.equal([dcDown.indicator, dcDown.description], ['major', 'Partial Service Disruption'])
  const unplaced = overallStatus({ core: [], others: [], incidentImpacts: ['major'] })
  assert.is(unplaced.indicator, 'major', 'a live disruption naming no component still counts')
  const coreDown = overallStatus({ core: ['major_outage'], others: [], incidentImpacts: ['major'] })
  assert.equal([coreDown.indicator, coreDown.description], ['critical', 'Major Service Disruption'])
  const site = combinedStatus([none, maintenance, dcDown])
  assert.equal([site.indicator, site.description, site.underMaintenance], ['major', 'Partial Service Disruption', true])
  assert.equal(combinedStatus([none, maintenance]), {
    indicator: 'maintenance',
    description: 'Service Under Maintenance',
    underMaintenance: true,
  })
  const maintenanceAndSlow = overallStatus({ core: ['degraded_performance'], others: ['under_maintenance'], incidentImpacts: [] })
  assert.equal(
    [maintenanceAndSlow.indicator, maintenanceAndSlow.description],
    ['minor', 'Partial Service Disruption'],
    'a disruption outranks maintenance',
  )
})

derive.run()

const api = suite('statuspage: GET /api/v2/* and /{cloud}/api/v2/*')
let t: TestApp
let admin: Session
signedIn(api, ADMIN, (app, session) => ([t, admin] = [app, session]))

const get = async (url: string) => {
  const res = await t.app.inject(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  return { res, json: body(res) }
}

api('every document of the site and of a cloud matches its schema, public and readable from any origin', async () => {
  for (const prefix of ['', '/auroraedge.net', '/auroraedge']) {
    for (const name of STATUSPAGE_DOCUMENTS) {
      const { res, json } = await get(`${prefix}/api/v2/${name}`)
      assert.equal(schemaErrors(STATUSPAGE_SCHEMAS[name], json), [], `${prefix}/api/v2/${name}`)
      assert.ok(Date.parse(json.page.updated_at) <= FIXED_NOW.getTime(), 'the page never says it was updated in the future')
      assert.is(res.headers['access-control-allow-origin'], '*')
      assert.match(String(res.headers['cache-control']), /^public, .*s-maxage=\d+/)
    }
  }
  const unknown = await t.app.inject('/no-such-cloud/api/v2/summary.json')
  assert.is(unknown.statusCode, 404)
  assert.is(body(unknown).error.code, 'unknown_cloud')
})

api('a component whose in-service date is unknown was created with the site, not in 1970', async () => {
  const [service] = await t.query<{ cloud_id: number; service_tid: number; start_date: number | null }>(
    `select cs.cloud_id, cs.service_tid, cs.start_date from cloud_services cs join clouds c on c.id = cs.cloud_id
     where c.machine_name = 'auroraedge' and cs.active = 1 order by cs.sort limit 1`,
  )
  const [migrated] = await t.query<{ timestamp: string }>("select timestamp from kysely_migration where name = '001_foundation'")
  await t.exec('update cloud_services set start_date = null where cloud_id = ? and service_tid = ?', service.cloud_id, service.service_tid)
  try {
    for (const url of ['/auroraedge.net/api/v2/components.json', '/api/v2/components.json']) {
      const { json } = await get(url)
      const unknown = json.components.find((c: StatuspageComponent) => c.id === `auroraedge-service-${service.service_tid}`)
      // The site's start, never later than the answer's now (the tests' clock is fixed in the past).
      assert.is(unknown.created_at, new Date(Math.min(Date.parse(migrated.timestamp), FIXED_NOW.getTime())).toISOString(), url)
      assert.is(unknown.start_date, null)
      for (const c of json.components as StatuspageComponent[]) {
        assert.ok(c.created_at >= '2000-01-01' && c.updated_at >= '2000-01-01', `${url} ${c.id}: ${c.created_at} ${c.updated_at}`)
      }
    }
  } finally {
    await t.exec(
      'update cloud_services set start_date = ? where cloud_id = ? and service_tid = ?',
      service.start_date,
      service.cloud_id,
      service.service_tid,
    )
  }
})

api('a cloud: core services in one group, data centers grouped by region; the site: one group per cloud', async () => {
  const { json: cloud } = await get('/auroraedge.net/api/v2/components.json')
  const components: StatuspageComponent[] = cloud.components
  const groups = components.filter((c) => c.group)
  assert.is(groups[0].name, 'Core Cloud Services')
  const dcCount = (
    await t.query<{ n: number }>(
      `select count(*) as n from cloud_data_centers cdc join clouds c on c.id = cdc.cloud_id
     where c.machine_name = 'auroraedge' and cdc.active = 1 and cdc.premium_dc = 0`,
    )
  )[0].n
  assert.is(components.filter((c) => c.id.startsWith('auroraedge-dc-')).length, dcCount)
  for (const g of groups) {
    for (const id of g.components ?? []) assert.is(components.find((c) => c.id === id)?.group_id, g.id)
  }
  const regions = await t.query<{ name: string }>('select name from regions')
  for (const g of groups.slice(1))
    assert.ok(
      regions.some((r) => r.name === g.name),
      g.name,
    )
  const { json: site } = await get('/api/v2/components.json')
  const siteGroups = site.components.filter((c: StatuspageComponent) => c.group).map((c: StatuspageComponent) => c.id)
  const clouds = await t.query<{ machine_name: string }>(
    'select machine_name from clouds where status_core_cloud_services = 1 or status_datacenter = 1 order by sort, id',
  )
  assert.equal(
    siteGroups,
    clouds.map((c) => c.machine_name),
  )
  for (const c of site.components as StatuspageComponent[]) assert.ok(COMPONENT_STATUSES.includes(c.status))
  assert.ok(INDICATORS.includes(site.status?.indicator ?? 'none'))
})

/** Closes every record, so that the cloud starts operational. */
async function quiet() {
  await t.exec(
    `update records set status_id = (select id from record_statuses where name = 'Resolved'), to_time = ?
     where type = 'incident' and (to_time is null or to_time > ?)`,
    FIXED_NOW.getTime() - 60_000,
    FIXED_NOW.getTime() - 60_000,
  )
  await t.exec(
    `update records set status_id = (select id from record_statuses where name = 'Completed'), to_time = ?
     where type = 'maintenance' and status_id = (select id from record_statuses where name = 'In Progress')`,
    FIXED_NOW.getTime() - 60_000,
  )
}

async function publish(payload: Record<string, unknown>): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data.id
}

const summary = async (): Promise<StatuspageSummary> => (await get('/auroraedge.net/api/v2/summary.json')).json

api('publishing and resolving moves the indicator, the components and the unresolved list', async () => {
  await quiet()
  let s = await summary()
  assert.equal(s.status, { indicator: 'none', description: 'All Systems Operational' })
  assert.equal(s.incidents, [])
  assert.ok(s.components.every((c) => c.status === 'operational'))

  const [service] = await t.query<{ tid: number; name: string }>(
    `select s.tid, s.name from cloud_services cs join services s on s.tid = cs.service_tid join clouds c on c.id = cs.cloud_id
     where c.machine_name = 'auroraedge' and cs.active = 1 order by cs.sort, s.name limit 1`,
  )
  const [dc] = await t.query<{ tid: number; name: string }>(
    `select dc.tid, dc.name from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid join clouds c on c.id = cdc.cloud_id
     where c.machine_name = 'auroraedge' and cdc.active = 1 and cdc.premium_dc = 0 order by dc.name limit 1`,
  )
  const base = { summary: 'Checks.', clouds: ['auroraedge'], from: new Date(FIXED_NOW.getTime() - 600_000).toISOString() }

  // A degraded data center: minor.
  const degraded = await publish({
    ...base,
    type: 'incident',
    title: 'Slow in one place',
    status: 'In Progress',
    severity: 19,
    terms: [dc.tid],
  })
  s = await summary()
  assert.equal(s.status, { indicator: 'minor', description: 'Partial Service Disruption' })
  assert.is(s.components.find((c) => c.id === `auroraedge-dc-${dc.tid}`)?.status, 'degraded_performance')
  assert.equal(
    s.incidents.map((i) => [i.id, i.status, i.impact, i.components.map((c) => c.name)]),
    [[String(degraded), 'investigating', 'minor', [dc.name]]],
  )

  // A core service down: critical, its group a partial outage (one member of several).
  const outage = await publish({
    ...base,
    type: 'incident',
    title: 'Service down',
    status: 'In Progress',
    severity: 20,
    terms: [service.tid],
  })
  s = await summary()
  assert.equal(s.status, { indicator: 'critical', description: 'Major Service Disruption' })
  assert.is(s.components.find((c) => c.id === `auroraedge-service-${service.tid}`)?.status, 'major_outage')
  assert.is(s.components.find((c) => c.id === 'auroraedge-core-services')?.status, 'partial_outage')
  // The site's own line is at least as bad.
  assert.is((await get('/api/v2/status.json')).json.status.indicator, 'critical')

  // Resolving both through the desk: operational again, and the incidents leave the unresolved list.
  for (const id of [degraded, outage]) {
    const res = await send(t, 'POST', `/api/admin/records/${id}/resolve`, {
      session: admin,
      payload: { update: 'Fixed.', notify: false },
    })
    assert.is(res.statusCode, 200, res.body)
  }
  s = await summary()
  assert.equal(s.status, { indicator: 'none', description: 'All Systems Operational' })
  assert.equal(s.incidents, [])
  const all = (await get('/auroraedge.net/api/v2/incidents.json')).json.incidents
  const resolved = all.find((i: { id: string }) => i.id === String(outage))
  assert.is(resolved.status, 'resolved')
  assert.ok(resolved.resolved_at)
  assert.equal(
    resolved.incident_updates.map((u: { status: string; body: string }) => [u.status, u.body]),
    [
      ['resolved', 'Fixed.'],
      ['investigating', 'Checks.'],
    ],
    'newest first: the resolution, then the first post',
  )

  // The resolution and the first post name the component they changed (Statuspage's
  // affected_components); the updates that told subscribers say so.
  assert.equal(
    resolved.incident_updates.map((u: StatuspageUpdate) => u.affected_components),
    [
      [{ code: `auroraedge-service-${service.tid}`, name: service.name, old_status: 'major_outage', new_status: 'operational' }],
      [{ code: `auroraedge-service-${service.tid}`, name: service.name, old_status: 'operational', new_status: 'major_outage' }],
    ],
  )
  assert.equal(
    resolved.incident_updates.map((u: StatuspageUpdate) => [u.deliver_notifications, u.custom_tweet, u.tweet_id]),
    [
      [true, null, null],
      [true, null, null],
    ],
  )
  assert.is(resolved.reminder_intervals, null, 'incidents have no reminders')

  // Maintenance under way on the data center: Statuspage's maintenance indicator, listed as active.
  const window = await publish({
    ...base,
    type: 'maintenance',
    title: 'Switch upgrade',
    status: 'In Progress',
    terms: [dc.tid],
    to: new Date(FIXED_NOW.getTime() + 3_600_000).toISOString(),
  })
  s = await summary()
  assert.equal(s.status, { indicator: 'maintenance', description: 'Service Under Maintenance' })
  assert.equal((await get('/auroraedge.net/api/v2/status.json')).json.status, {
    indicator: 'maintenance',
    description: 'Service Under Maintenance',
  })
  assert.is(s.components.find((c) => c.id === `auroraedge-dc-${dc.tid}`)?.status, 'under_maintenance')
  const active = (await get('/auroraedge.net/api/v2/scheduled-maintenances/active.json')).json.scheduled_maintenances
  assert.equal(
    active.map((m: { id: string; status: string }) => [m.id, m.status]),
    [[String(window), 'in_progress']],
  )
  // The server's reminder lead (60 minutes in tests), in Statuspage's hours.
  assert.is(active[0].reminder_intervals, '[1]')
  assert.equal(active[0].incident_updates.at(-1).affected_components, [
    { code: `auroraedge-dc-${dc.tid}`, name: dc.name, old_status: 'operational', new_status: 'under_maintenance' },
  ])
})

api("?cloud= on the root documents answers that cloud (Atlassian's widget keeps the query of its src)", async () => {
  for (const name of STATUSPAGE_DOCUMENTS) {
    const own = (await get(`/auroraedge.net/api/v2/${name}`)).json
    for (const cloud of ['auroraedge.net', 'auroraedge', ' auroraedge.net ']) {
      const { json } = await get(`/api/v2/${name}?cloud=${encodeURIComponent(cloud)}`)
      assert.equal(json, own, `${name}?cloud=${cloud}`)
    }
  }
  assert.equal((await get('/api/v2/summary.json?cloud=')).json.page.id, 'site', 'an empty cloud is the site')
  const unknown = await t.app.inject('/api/v2/summary.json?cloud=nowhere.example')
  assert.is(unknown.statusCode, 404)
  assert.is(body(unknown).error.code, 'unknown_cloud')
})

api.run()

const links = suite("statuspage: every shortlink opens the record's page")
let siteDir = ''
links.before(async () => {
  siteDir = tempDir('trust-site-')
  mkdirSync(siteDir, { recursive: true })
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>shell</title>')
  t = await startApp({ staticDir: siteDir })
})
links.after(async () => {
  await t.close()
  removeDir(siteDir)
})

links('the shortlinks of every document of the site and of each cloud are pages of the site (200), not 404', async () => {
  const seen = new Set<string>()
  const clouds = await t.query<{ domain: string }>('select domain from clouds')
  for (const prefix of ['', ...clouds.map((c) => `/${c.domain}`)]) {
    for (const name of ['incidents.json', 'scheduled-maintenances.json'] as const) {
      const json = body(await t.app.inject(`${prefix}/api/v2/${name}`))
      for (const r of json.incidents ?? json.scheduled_maintenances) seen.add(r.shortlink)
    }
  }
  assert.ok(seen.size > 20, `${seen.size} shortlinks`)
  const accept = 'text/html,application/xhtml+xml'
  // The site's own router decides which page a path is (the server renders 'Page not found' as a
  // 404 for anything it does not resolve): each shortlink must be the post's page on its cloud.
  const global = body(await t.app.inject('/api/global')).data
  for (const link of seen) {
    const url = new URL(link)
    $router.open(url.pathname)
    const page = resolvePage(url.pathname, $router.get(), global, undefined)
    assert.is(page.kind === 'page' && page.component, 'post', link)
    const [, domain, , id] = url.pathname.split('/')
    assert.is(page.kind === 'page' && page.cloud?.domain, domain, link)
    const [record] = await t.query<{ n: number }>(
      'select count(*) as n from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id where r.id = ? and c.domain = ?',
      Number(id),
      domain,
    )
    assert.is(Number(record.n), 1, `${link}: the record is on that cloud`)
    const res = await t.app.inject({ url: url.pathname, headers: { accept } })
    assert.is(res.statusCode, 200, `${link}: ${res.statusCode}`)
  }
})

links.run()
