/**
 * Incidents from the vendor's alerts (docs/operating/alertmanager.md) with Debian's real Prometheus
 * Alertmanager: a production site from an empty database with the vendor's own catalogue listens on
 * loopback; Alertmanager (started here, no cluster, a temporary storage folder) sends its webhook
 * with an API key made in the console. Alerts are posted to Alertmanager's own API
 * (`POST /api/v2/alerts`); the test waits for the site's state after each notification Alertmanager
 * delivers (an event: the receiver's answer), never for a fixed time. The grace period runs on the
 * app's injected clock: the test moves it and runs the scheduler's pass.
 *
 * Skipped, saying so, only when `/usr/bin/prometheus-alertmanager` is not installed (`.ci/run`
 * installs it).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { AlertIncident, AlertReceipt, AlertRuleInput, PublishAlertBody } from '../../contract/alerts.js'
import type { CreatedApiKeyData } from '../../contract/api-keys.js'
import type { StatuspageIncident } from '../../contract/statuspage.js'
import { body, FIXED_NOW, importByCommand, removeDir, type TestApp, tempDir } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'
import { auditRows, createAccount, errorOf, execute, loginOps, send, type Session, startProduction } from './staff-helpers.js'

const BINARY = '/usr/bin/prometheus-alertmanager'
const PUBLIC_URL = 'https://status.northwind.example'
const SUBSCRIBER = 'watcher@northwind.example'
const GRACE_S = 300

const test = suite('Alertmanager receiver')

let t: TestApp
let admin: Session
let key: string
let clock = FIXED_NOW.getTime()
let alertmanager: ChildProcess | undefined
let amUrl = ''
let amDir = ''
/** Called after every answer of the receiver. */
const listeners = new Set<() => void>()

/** A rule with the defaults a person starts from. */
const rule = (name: string, fields: Partial<AlertRuleInput>): AlertRuleInput => ({
  name,
  enabled: true,
  matchers: [],
  cloud: null,
  cloud_label: 'cloud',
  services: [],
  services_label: 'service',
  data_centers: [],
  data_centers_label: 'datacenter',
  severity: 'disruption',
  mode: 'draft',
  on_resolve: 'resolve',
  title_template: '{{ $labels.alertname }}: {{ $annotations.summary }}',
  body_template: '{{ $count }} alerts fire: {{ $annotations.summary }}',
  grace_seconds: GRACE_S,
  ...fields,
})

/** A free loopback port (taken and released). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Resolves with `read()`'s value once `ok` holds for it: checked now and after every answer of the
 * receiver (Alertmanager's deliveries), failing after 20 s naming `what`.
 */
async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let last: T = await read()
  if (ok(last)) return last
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      listeners.delete(check)
      reject(new Error(`Alertmanager's notifications never led to ${what}; last seen ${JSON.stringify(last)}`))
    }, 20_000)
    let busy = false
    const check = () => {
      if (busy) return
      busy = true
      void read()
        .then((value: T) => {
          last = value
          if (ok(value)) {
            clearTimeout(timer)
            listeners.delete(check)
            resolve(value)
          }
        })
        .finally(() => {
          busy = false
        })
    }
    listeners.add(check)
  })
}

/** Posts alerts to Alertmanager's own API; `resolved` ones end a minute ago. */
async function fire(alerts: Array<Record<string, string>>, { resolved = false, summary = 'Relays drop packets' } = {}): Promise<void> {
  const res = await fetch(`${amUrl}/api/v2/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      alerts.map((labels) => ({
        labels: { cloud: OWN.cloud, ...labels },
        annotations: { summary },
        generatorURL: 'http://prometheus.example/graph',
        ...(resolved ? { endsAt: new Date(Date.now() - 60_000).toISOString() } : {}),
      })),
    ),
  })
  assert.is(res.status, 200, await res.text())
}

/** The alert incidents of `alertname`'s group, oldest first. */
const incidentsOf = (alertname: string) =>
  t.query<{
    id: number
    rule_id: number | null
    state: string
    record_id: number | null
    alert_count: number
    resolves_at: number | null
    resolution_offered: number
    affected: string
  }>(
    'select id, rule_id, state, record_id, alert_count, resolves_at, resolution_offered, affected from alert_incidents where group_key like ? order by id',
    `%alertname="${alertname}"%`,
  )

/** The record's status name and how many updates its history has. */
async function recordOf(id: number): Promise<{ status: string; updates: number; terms: number[] }> {
  const [row] = await t.query<{ status: string }>(
    'select st.name as status from records r join record_statuses st on st.id = r.status_id where r.id = ?',
    id,
  )
  const [updates] = await t.query<{ n: number }>('select count(*) as n from record_updates where record_id = ?', id)
  const terms = await t.query<{ tid: number }>('select tid from record_terms where record_id = ? order by tid', id)
  return { status: row.status, updates: Number(updates.n), terms: terms.map((r) => r.tid) }
}

/** The incidents of the cloud's public Statuspage document. */
async function publicIncidents(): Promise<StatuspageIncident[]> {
  t.app.responseCache.clear()
  return body<{ incidents: StatuspageIncident[] }>(await t.app.inject(`/${OWN.domain}/api/v2/incidents.json`)).incidents
}

const tidOf = async (table: 'services' | 'data_centers', name: string) =>
  (await t.query<{ tid: number }>(`select tid from ${table} where name = ?`, name))[0].tid

/** Moves the app's clock past the grace period and runs the scheduler's pass. */
async function afterGrace(): Promise<void> {
  clock += (GRACE_S + 1) * 1000
  await t.app.scheduler.pass()
}

/**
 * Fires an alert of `labels`, publishes its draft from the desk with `publish`, resolves the alert
 * and waits until the incident is resolving. @returns the alert incident's and the record's ids
 */
async function publishedThenResolving(labels: Record<string, string>, publish: PublishAlertBody = {}) {
  await fire([labels])
  const [draft] = await until(
    'a draft',
    () => incidentsOf(labels.alertname),
    (rows) => rows.length === 1,
  )
  const res = await send(t, 'POST', `/api/admin/alerts/${draft.id}/publish`, { session: admin, payload: publish })
  assert.is(res.statusCode, 200, res.body)
  const recordId = body<{ data: AlertIncident }>(res).data.record_id!
  await fire([labels], { resolved: true })
  await until(
    'resolving',
    () => incidentsOf(labels.alertname),
    (rows) => rows[0].state === 'resolving',
  )
  return { draftId: draft.id, recordId }
}

const available = existsSync(BINARY)
if (!available) console.log(`SKIPPED: ${BINARY} is not installed (Debian package prometheus-alertmanager; .ci/run installs it).`)

test.before(async () => {
  if (!available) return
  t = await startProduction(PUBLIC_URL, { now: () => new Date(clock) })
  importByCommand(t, PUBLIC_URL, ownCatalog({ secondCloud: true }))
  admin = await loginOps(t)
  const made = await send(t, 'POST', '/api/admin/api-keys', {
    session: admin,
    payload: { name: 'alertmanager', role: 'trust_admin', lifetime_days: 30, cloud: OWN.cloud },
  })
  assert.is(made.statusCode, 200, made.body)
  key = body<{ data: CreatedApiKeyData }>(made).data.key
  const rules = await send(t, 'PUT', '/api/admin/alert-rules', {
    session: admin,
    payload: {
      rules: [
        rule('jitter: offered', { matchers: [{ label: 'alertname', op: '=', value: 'RelayJitter' }], on_resolve: 'offer' }),
        rule('outage: at once', { matchers: [{ label: 'alertname', op: '=', value: 'RelayOutage' }], mode: 'publish' }),
        rule('switched off', {
          enabled: false,
          matchers: [{ label: 'alertname', op: '=~', value: 'Relay.*' }],
          cloud: OWN.cloud,
          cloud_label: null,
          mode: 'publish',
        }),
        rule('relays', { matchers: [{ label: 'alertname', op: '=~', value: 'Relay.*' }] }),
      ],
    },
  })
  assert.is(rules.statusCode, 200, rules.body)
  // A subscriber of the cloud, to see the mail of published incidents.
  const uid = await createAccount(t, SUBSCRIBER, 'x', [], SUBSCRIBER)
  const [cloud] = await t.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
  await execute(t, "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)", uid, cloud.id, clock)

  t.app.server.on('request', (req, res) => {
    if (req.url === '/api/integrations/alertmanager') {
      res.on('finish', () =>
        setImmediate(() => {
          for (const listener of listeners) listener()
        }),
      )
    }
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const sitePort = (t.app.server.address() as AddressInfo).port
  amDir = tempDir('trust-alertmanager-')
  const config = join(amDir, 'alertmanager.yml')
  writeFileSync(
    config,
    `route:
  receiver: site
  group_by: [alertname, cloud]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 4h
receivers:
  - name: site
    webhook_configs:
      - url: http://127.0.0.1:${sitePort}/api/integrations/alertmanager
        send_resolved: true
        http_config:
          authorization:
            credentials: ${key}
`,
  )
  const port = await freePort()
  amUrl = `http://127.0.0.1:${port}`
  alertmanager = spawn(
    BINARY,
    [
      `--config.file=${config}`,
      `--storage.path=${join(amDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let log = ''
  alertmanager.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
  })
  // Ready when its API answers (it prints nothing before): waits on its start, failing if it exits.
  await new Promise<void>((resolve, reject) => {
    alertmanager!.once('exit', (code) => reject(new Error(`Alertmanager exited (${code}): ${log}`)))
    const probe = () =>
      fetch(`${amUrl}/-/ready`)
        .then((r) => (r.ok ? resolve() : setImmediate(probe)))
        .catch(() => setTimeout(probe, 50))
    probe()
  })
})

test.after(async () => {
  if (!available) return
  alertmanager?.removeAllListeners('exit')
  if (alertmanager && alertmanager.exitCode === null) {
    const exited = new Promise((resolve) => alertmanager!.once('exit', resolve))
    alertmanager.kill('SIGTERM')
    await exited
  }
  if (amDir) removeDir(amDir)
  await t?.close()
})

test('two alerts of one group make exactly one draft; publishing it from the desk makes one public record', async () => {
  if (!available) return
  await fire([
    { alertname: 'RelayLoss', service: OWN.service, instance: 'relay-a' },
    { alertname: 'RelayLoss', service: OWN.service, instance: 'relay-b' },
  ])
  const [draft] = await until(
    'one draft with both alerts',
    () => incidentsOf('RelayLoss'),
    (rows) => rows.length === 1 && rows[0].alert_count === 2,
  )
  assert.is(draft.state, 'draft')
  assert.is(draft.record_id, null)
  assert.equal(JSON.parse(draft.affected), [{ kind: 'service', tid: await tidOf('services', OWN.service) }])
  assert.is((await incidentsOf('RelayLoss')).length, 1, 'one alert incident per group')

  const list = body<{ data: { alerts: AlertIncident[] } }>(await send(t, 'GET', '/api/admin/alerts', { session: admin })).data.alerts
  const listed = list.find((a) => a.id === draft.id)
  assert.ok(listed, 'the desk lists the draft')
  assert.is(listed.title, 'RelayLoss: Relays drop packets')
  assert.is(listed.rule_name, 'relays')
  assert.is(listed.cloud, OWN.cloud)
  assert.equal(
    listed.affected.map((a) => a.name),
    [OWN.service],
  )
  assert.not.ok(
    (await publicIncidents()).some((i) => i.name.startsWith('RelayLoss')),
    'a draft is not public',
  )
  const audit = await auditRows(t, 'alert.draft')
  assert.match(audit.at(-1)!.actor_name, /^API key "alertmanager"/)

  const published = await send(t, 'POST', `/api/admin/alerts/${draft.id}/publish`, { session: admin, payload: {} })
  assert.is(published.statusCode, 200, published.body)
  const incident = body<{ data: AlertIncident }>(published).data
  assert.is(incident.state, 'open')
  assert.ok(incident.record_id)
  const [records] = await t.query<{ n: number }>("select count(*) as n from records where title like 'RelayLoss%'")
  assert.is(Number(records.n), 1)
  const shown = (await publicIncidents()).find((i) => i.id === String(incident.record_id))
  assert.ok(shown, 'the published incident is public')
  assert.is(shown.status, 'investigating')
  await t.settled()
  const [mails] = await t.query<{ n: number }>('select count(*) as n from outbox where to_address = ?', SUBSCRIBER)
  assert.is(Number(mails.n), 1, 'the subscriber is told')
  assert.ok((await auditRows(t, 'record.publish')).some((a) => a.target === String(incident.record_id) && a.actor_name === 'ops'))

  const again = await send(t, 'POST', `/api/admin/alerts/${draft.id}/publish`, { session: admin, payload: {} })
  assert.is(again.statusCode, 409)
  assert.match(errorOf(again).message, /is open; only a draft/)
})

test('another alert of the group updates the same record; resolved alerts make it resolving, the grace period resolves it', async () => {
  if (!available) return
  const [before] = await incidentsOf('RelayLoss')
  const recordId = before.record_id!
  const start = await recordOf(recordId)
  await fire([{ alertname: 'RelayLoss', datacenter: OWN.dataCenter, instance: 'relay-c' }])
  const [updated] = await until(
    'the data center added',
    () => incidentsOf('RelayLoss'),
    (rows) => rows[0].alert_count === 3,
  )
  assert.is(updated.id, before.id)
  const dc = await tidOf('data_centers', OWN.dataCenter)
  const now = await recordOf(recordId)
  assert.ok(now.terms.includes(dc), 'the record names the data center')
  assert.is(now.updates, start.updates + 1, 'one update: "Also affected"')
  const [records] = await t.query<{ n: number }>("select count(*) as n from records where title like 'RelayLoss%'")
  assert.is(Number(records.n), 1, 'never a second record')

  await fire(
    [
      { alertname: 'RelayLoss', service: OWN.service, instance: 'relay-a' },
      { alertname: 'RelayLoss', service: OWN.service, instance: 'relay-b' },
      { alertname: 'RelayLoss', datacenter: OWN.dataCenter, instance: 'relay-c' },
    ],
    { resolved: true },
  )
  const [resolving] = await until(
    'resolving',
    () => incidentsOf('RelayLoss'),
    (rows) => rows[0].state === 'resolving',
  )
  assert.is(resolving.resolves_at, clock + GRACE_S * 1000)
  assert.is((await recordOf(recordId)).status, 'In Progress', 'still open during the grace period')

  clock += (GRACE_S - 1) * 1000
  await t.app.scheduler.pass()
  assert.is((await incidentsOf('RelayLoss'))[0].state, 'resolving', 'not before the grace period ends')
  await afterGrace()
  const [resolved] = await incidentsOf('RelayLoss')
  assert.is(resolved.state, 'resolved')
  assert.is((await recordOf(recordId)).status, 'Resolved')
  assert.is((await publicIncidents()).find((i) => i.id === String(recordId))?.status, 'resolved')
  assert.ok((await auditRows(t, 'alert.resolve')).some((a) => a.target === `alert:${resolved.id}` && a.actor_name === 'system'))
})

test('firing again within the grace period changes nothing visible', async () => {
  if (!available) return
  const labels = { alertname: 'RelayFlap', service: OWN.service, instance: 'relay-f' }
  const { recordId } = await publishedThenResolving(labels)
  const start = await recordOf(recordId)
  await fire([labels])
  const [open] = await until(
    'open again',
    () => incidentsOf('RelayFlap'),
    (rows) => rows[0].state === 'open',
  )
  assert.is(open.resolves_at, null)
  assert.equal(await recordOf(recordId), start, 'the record did not change')
  await afterGrace()
  assert.is((await incidentsOf('RelayFlap'))[0].state, 'open', 'the pass leaves a flapping incident open')
  assert.is((await recordOf(recordId)).status, 'In Progress')
  assert.is((await incidentsOf('RelayFlap')).length, 1)
})

test('on_resolve offer: after the grace period the desk offers "Resolve incident", and the route resolves it', async () => {
  if (!available) return
  const labels = { alertname: 'RelayJitter', service: OWN.service, instance: 'relay-j' }
  const { draftId: id, recordId } = await publishedThenResolving(labels, { title: 'Relays jitter' })
  await afterGrace()
  const [offered] = await incidentsOf('RelayJitter')
  assert.is(offered.state, 'resolving')
  assert.is(offered.resolution_offered, 1)
  assert.is((await recordOf(recordId)).status, 'In Progress', 'offered, not resolved')
  const listed = body<{ data: { alerts: AlertIncident[] } }>(await send(t, 'GET', '/api/admin/alerts', { session: admin })).data.alerts
  assert.is(listed.find((a) => a.id === id)?.resolution_offered, true)
  const res = await send(t, 'POST', `/api/admin/alerts/${id}/resolve`, { session: admin, payload: {} })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body<{ data: AlertIncident }>(res).data.state, 'resolved')
  assert.is((await recordOf(recordId)).status, 'Resolved')
  assert.not.ok(
    body<{ data: { alerts: AlertIncident[] } }>(await send(t, 'GET', '/api/admin/alerts', { session: admin })).data.alerts.some(
      (a) => a.id === id,
    ),
  )
})

test('mode publish publishes at once; a draft whose alerts resolve first closes without publishing', async () => {
  if (!available) return
  await fire([{ alertname: 'RelayOutage', service: OWN.service, instance: 'relay-o' }])
  const [open] = await until(
    'published',
    () => incidentsOf('RelayOutage'),
    (rows) => rows.length === 1,
  )
  assert.is(open.state, 'open')
  assert.ok(open.record_id)
  assert.ok((await publicIncidents()).some((i) => i.id === String(open.record_id)))

  const labels = { alertname: 'RelayBlip', service: OWN.service, instance: 'relay-b' }
  await fire([labels])
  await until(
    'a draft',
    () => incidentsOf('RelayBlip'),
    (rows) => rows.length === 1,
  )
  await fire([labels], { resolved: true })
  const [waiting] = await until(
    'the draft resolving',
    () => incidentsOf('RelayBlip'),
    (rows) => rows[0].resolves_at !== null,
  )
  assert.is(waiting.state, 'draft')
  const refused = await send(t, 'POST', `/api/admin/alerts/${waiting.id}/publish`, { session: admin, payload: {} })
  assert.is(refused.statusCode, 409)
  await afterGrace()
  const [closed] = await incidentsOf('RelayBlip')
  assert.is(closed.state, 'resolved')
  assert.is(closed.record_id, null)
  const [records] = await t.query<{ n: number }>("select count(*) as n from records where title like 'RelayBlip%'")
  assert.is(Number(records.n), 0, 'nothing was published')
})

test('the receiver refuses what is not a notification in words, takes unmatched groups with 202, and needs a key', async () => {
  if (!available) return
  const post = (payload: unknown, authorization = `Bearer ${key}`) =>
    t.app.inject({ method: 'POST', url: '/api/integrations/alertmanager', headers: { authorization }, payload: payload as object })
  const malformed = await post({ version: '4', status: 'firing', alerts: [] })
  assert.is(malformed.statusCode, 400)
  assert.match(errorOf(malformed).message, /^This is not an Alertmanager webhook notification \(version 4\): groupKey/)
  const noKey = await post({ version: '4' }, '')
  assert.is(noKey.statusCode, 401, 'the key is checked before the body')
  const unmatched = await post({
    version: '4',
    groupKey: '{}:{alertname="DiskFull"}',
    status: 'firing',
    commonLabels: { alertname: 'DiskFull' },
    alerts: [{ status: 'firing', labels: { alertname: 'DiskFull' } }],
  })
  assert.is(unmatched.statusCode, 202)
  const receipt = body<{ data: AlertReceipt }>(unmatched).data
  assert.is(receipt.outcome, 'unmatched')
  assert.match(receipt.message, /No enabled alert rule matches/)
  const [stored] = await t.query<{ n: number }>("select count(*) as n from alert_incidents where group_key like '%DiskFull%'")
  assert.is(Number(stored.n), 0)
  assert.ok((await auditRows(t, 'alert.unmatched')).some((a) => a.target.includes('DiskFull')))
  const elsewhere = await post({
    version: '4',
    groupKey: '{}:{alertname="RelayLoss", cloud="southwind"}',
    status: 'firing',
    commonLabels: { alertname: 'RelayLoss', cloud: 'southwind' },
    alerts: [{ status: 'firing', labels: { alertname: 'RelayLoss', cloud: 'southwind' } }],
  })
  assert.is(elsewhere.statusCode, 403, 'the key of one cloud writes only to it')
  assert.is(errorOf(elsewhere).code, 'out_of_scope')
  const nowhere = await post({
    version: '4',
    groupKey: '{}:{alertname="RelayLoss", cloud="nowhere"}',
    status: 'firing',
    commonLabels: { alertname: 'RelayLoss', cloud: 'nowhere' },
    alerts: [{ status: 'firing', labels: { alertname: 'RelayLoss', cloud: 'nowhere' } }],
  })
  assert.is(nowhere.statusCode, 422)
  assert.match(errorOf(nowhere).message, /"nowhere" is not a cloud of this site/)
  const [kept] = await t.query<{ n: number }>(
    "select count(*) as n from alert_incidents where group_key like '%southwind%' or group_key like '%nowhere%'",
  )
  assert.is(Number(kept.n), 0, 'refused groups store nothing')
})

test('the rules list is checked and replaced whole, in order', async () => {
  if (!available) return
  const stored = body<{ data: { rules: Array<AlertRuleInput & { id: number; position: number }> } }>(
    await send(t, 'GET', '/api/admin/alert-rules', { session: admin }),
  ).data.rules
  assert.equal(
    stored.map((r) => [r.position, r.name]),
    [
      [0, 'jitter: offered'],
      [1, 'outage: at once'],
      [2, 'switched off'],
      [3, 'relays'],
    ],
  )
  const bad = await send(t, 'PUT', '/api/admin/alert-rules', {
    session: admin,
    payload: { rules: [rule('broken', { matchers: [{ label: 'alertname', op: '=~', value: 'Relay(' }] })] },
  })
  assert.is(bad.statusCode, 400)
  assert.match(errorOf(bad).message, /^Rule 1 \("broken"\): matcher 1 .* is not a regular expression/)
  const template = await send(t, 'PUT', '/api/admin/alert-rules', {
    session: admin,
    payload: { rules: [rule('code', { title_template: '{{ .CommonLabels.alertname }}' })] },
  })
  assert.is(template.statusCode, 400)
  assert.match(errorOf(template).message, /only \{\{ \$labels\.NAME \}\}/)
  const reordered = await send(t, 'PUT', '/api/admin/alert-rules', {
    session: admin,
    payload: { rules: [stored[3], stored[0]].map(({ position: _p, ...r }) => r) },
  })
  assert.is(reordered.statusCode, 200, reordered.body)
  assert.equal(
    body<{ data: { rules: Array<{ name: string; id: number }> } }>(reordered).data.rules.map((r) => [r.name, r.id]),
    [
      ['relays', stored[3].id],
      ['jitter: offered', stored[0].id],
    ],
  )
  assert.ok((await auditRows(t, 'alert_rules.replace')).length >= 2)
  const keyCall = await t.app.inject({ method: 'GET', url: '/api/admin/alert-rules', headers: { authorization: `Bearer ${key}` } })
  assert.is(keyCall.statusCode, 403, 'a key never reaches the console routes')

  // The rule of the open RelayOutage incident was just deleted: its group still resolves it.
  await fire([{ alertname: 'RelayOutage', service: OWN.service, instance: 'relay-o' }], { resolved: true })
  const [outage] = await until(
    'the outage resolving without its rule',
    () => incidentsOf('RelayOutage'),
    (rows) => rows[0].state === 'resolving',
  )
  assert.is(outage.rule_id, null)
  await afterGrace()
  assert.is((await incidentsOf('RelayOutage'))[0].state, 'resolved')
  assert.is((await recordOf(outage.record_id!)).status, 'Resolved')
})

test.run()
