/**
 * Production is the product (docs/operating/catalogue.md): a production start on an empty database, with a
 * catalogue of the vendor's own imported from the command line and nothing of the demo, publishes
 * what the desk starts with (an incident In Progress of severity Service Degradation), updates and
 * resolves it, publishes a maintenance that the scheduler then starts, and `npm run publish:record`
 * publishes and updates against the same database — with mail queued for a subscriber each time.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_SEVERITY_TID, RECORD_STATUSES } from '../../contract/reference-data.js'
import { runScheduler } from '../../server/publishing/scheduler.js'
import { body, FIXED_NOW, importByCommand, runCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog, ownIncident } from './own-catalog.js'
import { createAccount, execute, loginOps, type Session, send, startProduction } from './staff-helpers.js'

const test = suite('production: publishing on an empty database with the vendor’s own catalogue')
const PUBLIC_URL = 'https://status.northwind.example'
const HOUR = 3_600_000
const T0 = FIXED_NOW.getTime()
const iso = (ms: number) => new Date(ms).toISOString()

let t: TestApp
let ops: Session
let serviceTid: number
let dataCenterTid: number
const SUBSCRIBER = 'reader@customer.example'

/** Runs one of the operator's commands (`scripts/…`) on the app's database. */
const command = (script: string, args: string[]) => runCommand(t.database, PUBLIC_URL, script, args)

/** The status name and `closed_on` of a record. */
async function stateOf(id: number): Promise<{ status: string; closed_on: number | null; severity_tid: number | null }> {
  const [row] = await t.query(
    'select st.name as status, r.closed_on, r.severity_tid from records r join record_statuses st on st.id = r.status_id where r.id = ?',
    id,
  )
  return row
}

/** The subjects of the mail queued for the subscriber about record `id`, oldest first. */
async function mailsAbout(id: number): Promise<string[]> {
  await t.settled()
  const rows = await t.query<{ subject: string }>(
    `select o.subject from outbox o join record_events e on o.event_key like 'record-event:' || e.id || ':uid:%'
     where e.record_id = ? and o.to_address = ? order by o.id`,
    id,
    SUBSCRIBER,
  )
  return rows.map((r) => r.subject)
}

test.before(async () => {
  t = await startProduction(PUBLIC_URL)
})
test.after(() => t.close())

test('before any catalogue the database has the record statuses and the spec severities, and no demo', async () => {
  const statuses = await t.query<{ name: string }>('select name from record_statuses order by sort')
  assert.equal(
    statuses.map((s) => s.name),
    RECORD_STATUSES.map((s) => s.name),
  )
  const severities = await t.query<{ tid: number; name: string }>('select tid, name from severities order by sort')
  assert.equal(severities, [
    { tid: 20, name: 'Service Disruption' },
    { tid: 19, name: 'Service Degradation' },
  ])
  for (const table of ['products', 'clouds', 'records', 'services']) {
    assert.is((await t.query<{ n: number }>(`select count(*) as n from ${table}`))[0].n, 0, table)
  }
})

test('npm run catalog -- import takes the vendor’s own file', async () => {
  importByCommand(t, PUBLIC_URL, ownCatalog())
  serviceTid = (await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service))[0].tid
  dataCenterTid = (await t.query<{ tid: number }>('select tid from data_centers where name = ?', OWN.dataCenter))[0].tid
  const [cloud] = await t.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
  const uid = await createAccount(t, SUBSCRIBER, 'x', [], SUBSCRIBER)
  await execute(t, "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)", uid, cloud.id, T0)
  ops = await loginOps(t)
})

test('the desk’s default incident (In Progress, Service Degradation) is published, updated and resolved', async () => {
  // The desk offers the catalogue's severities and starts with DEFAULT_SEVERITY_TID.
  const catalog = body(await send(t, 'GET', '/api/admin/catalog', { session: ops })).data.catalog
  assert.equal(catalog.severities.find((s: { tid: number }) => s.tid === DEFAULT_SEVERITY_TID)?.name, 'Service Degradation')
  let res = await send(t, 'POST', '/api/admin/records', {
    session: ops,
    payload: { ...ownIncident(serviceTid, T0), body: 'We are **investigating**.', body_format: 'markdown' },
  })
  assert.is(res.statusCode, 201, res.body)
  const { id, mails } = body(res).data
  assert.is(mails, 1)
  assert.equal(await stateOf(id), { status: 'In Progress', closed_on: null, severity_tid: DEFAULT_SEVERITY_TID })

  res = await send(t, 'PATCH', `/api/admin/records/${id}`, {
    session: ops,
    payload: { status: 'Monitoring', update: 'A fix is rolling out.', body_format: 'markdown' },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.is((await stateOf(id)).status, 'Monitoring')

  res = await send(t, 'POST', `/api/admin/records/${id}/resolve`, { session: ops, payload: { update: 'Every relay is back.' } })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(await stateOf(id), { status: 'Resolved', closed_on: T0, severity_tid: DEFAULT_SEVERITY_TID })
  assert.is((await mailsAbout(id)).length, 3, 'one mail per event')

  const post = await t.app.inject(`/api/posts/${id}?cloud=${OWN.cloud}`)
  assert.is(post.statusCode, 200, post.body)
  assert.is(body(post).data.status, 'Resolved')
})

test('a maintenance is published and the scheduler starts it', async () => {
  const from = T0 + 3 * HOUR
  const res = await send(t, 'POST', '/api/admin/records', {
    session: ops,
    payload: {
      type: 'maintenance',
      title: 'Relay firmware upgrade',
      status: 'Scheduled',
      severity: DEFAULT_SEVERITY_TID,
      clouds: [OWN.cloud],
      terms: [dataCenterTid],
      from: iso(from),
      to: iso(from + 2 * HOUR),
      reminder_minutes: 60,
    },
  })
  assert.is(res.statusCode, 201, res.body)
  const { id } = body(res).data
  assert.is((await stateOf(id)).status, 'Scheduled')
  const steps = await runScheduler(t.db(), from + 60_000, {})
  assert.equal(
    steps.filter((s) => s.recordId === id).map((s) => s.kind),
    ['started'],
  )
  assert.is((await stateOf(id)).status, 'In Progress')
})

test('npm run publish:record publishes and updates on the same database', async () => {
  const published = command('scripts/publish.ts', [
    '--type',
    'incident',
    '--cloud',
    OWN.domain,
    '--title',
    'Relay latency',
    '--status',
    'In Progress',
    '--severity',
    'Service Degradation',
    '--service',
    OWN.service,
    '--from',
    iso(T0),
  ])
  assert.is(published.status, 0, `${published.stdout}\n${published.stderr}`)
  const id = Number(/Record (\d+) published/.exec(published.stdout)?.[1])
  assert.ok(id > 0, published.stdout)
  assert.match(published.stdout, 'Emails queued: 1')
  assert.equal(await stateOf(id), { status: 'In Progress', closed_on: null, severity_tid: DEFAULT_SEVERITY_TID })

  const updated = command('scripts/publish.ts', ['--update', String(id), '--status', 'Resolved', '--note', 'Latency is normal again.'])
  assert.is(updated.status, 0, `${updated.stdout}\n${updated.stderr}`)
  assert.is((await stateOf(id)).status, 'Resolved')

  const maintenance = command('scripts/publish.ts', [
    '--type',
    'maintenance',
    '--cloud',
    OWN.cloud,
    '--title',
    'Oslo power work',
    '--status',
    'Scheduled',
    '--dc',
    OWN.dataCenter,
    '--from',
    iso(T0 + 30 * HOUR),
    '--to',
    iso(T0 + 32 * HOUR),
    '--reminder',
    'none',
  ])
  assert.is(maintenance.status, 0, `${maintenance.stdout}\n${maintenance.stderr}`)
  const maintenanceId = Number(/Record (\d+) published/.exec(maintenance.stdout)?.[1])
  assert.equal(await t.query('select reminder_minutes from records where id = ?', maintenanceId), [{ reminder_minutes: 0 }])
  assert.is((await mailsAbout(id)).length, 2)
})

test.run()
