import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { buildApp } from '../../server/app.js'
import { openDatabase } from '../../server/db/connection.js'
import { body, createTestDatabase, FIXED_NOW, type QueryFn, queryOn, startApp, type TestApp } from './helpers.js'

const DAY = 86_400_000
const test = suite('seed: status data and records')

let t: TestApp

test.before(async () => {
  t = await startApp()
})
test.after(async () => {
  await t.close()
})

/** Rows of a query on the suite's database. */
const query: QueryFn = (sql, ...params) => t.query(sql, ...params)
const firstColumn = (row: object | undefined): any => (row === undefined ? undefined : Object.values(row)[0])
/** The first column of the first row (`undefined` without a row). */
const firstValue = async (q: QueryFn, sql: string, ...params: unknown[]): Promise<any> => firstColumn((await q(sql, ...params))[0])
/** The first column of every row. */
const columnOf = async (q: QueryFn, sql: string, ...params: unknown[]): Promise<any[]> => (await q(sql, ...params)).map(firstColumn)

test('severities: 20 disruption and 19 degradation, ids below 1000, all severity terms', async () => {
  const rows = await query('select tid, name, color_code, icon, show_legend from severities order by sort')
  assert.equal(rows.slice(0, 2), [
    { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', show_legend: 1 },
    { tid: 19, name: 'Service Degradation', color_code: '#f59e0b', icon: 'minus', show_legend: 1 },
  ])
  assert.ok(rows.some((r) => r.name === 'Informational' && r.icon === 'info'))
  for (const r of rows) {
    assert.ok(r.tid < 1000)
    assert.is(await firstValue(query, 'select vocabulary from terms where tid = ?', r.tid), 'severity')
  }
})

test('record statuses of docs/requirements/states.md with their icons', async () => {
  const rows = await query('select name, icon from record_statuses order by sort')
  assert.equal(
    rows.map((r) => r.name),
    ['Scheduled', 'In Progress', 'Completed', 'Resolved', 'Postponed', 'Archived', 'Monitoring', 'Remediated'],
  )
  const icon = Object.fromEntries(rows.map((r) => [r.name, r.icon]))
  assert.equal(
    [icon['In Progress'], icon.Resolved, icon.Archived, icon.Monitoring, icon.Remediated],
    ['hourglass', 'check', 'calendar-x', 'eye', 'shield'],
  )
})

test('services differ by product; one cloud has a decommissioned service', async () => {
  const list = (cloud: string): Promise<string[]> =>
    columnOf(
      query,
      `select s.name from cloud_services cs join services s on s.tid = cs.service_tid join clouds c on c.id = cs.cloud_id
       where c.machine_name = ? and cs.active = 1 order by cs.sort`,
      cloud,
    )
  const internet = await list('auroraedge')
  const privateAccess = await list('private')
  for (const name of ['Authentication', 'Web Proxy', 'Firewall', 'Admin Portal', 'Reporting & Logs', 'Policy Sync', 'API']) {
    assert.ok(internet.includes(name), name)
  }
  for (const name of ['Broker', 'App Connectors', 'Client Connector', 'Admin Portal']) assert.ok(privateAccess.includes(name), name)
  assert.not.equal(internet, privateAccess)
  assert.equal(await list('auroraedgeone'), internet, 'clouds of a product share its services')
  for (const cloud of ['experience', 'workload', 'dataprotection', 'deception']) assert.ok((await list(cloud)).length >= 3, cloud)

  const retired = await query(
    'select c.machine_name, cs.active, cs.start_date, cs.end_date from cloud_services cs join clouds c on c.id = cs.cloud_id where cs.end_date is not null',
  )
  assert.is(retired.length, 1)
  assert.is(retired[0].active, 0)
  assert.ok(retired[0].end_date > retired[0].start_date && retired[0].end_date < FIXED_NOW.getTime())
  assert.is(await firstValue(query, 'select count(*) as n from cloud_services where active = 0'), 1)
  assert.is(await firstValue(query, 'select count(*) as n from cloud_services where start_date is null'), 0)
})

test('data centers have commissioning dates; exactly the decommissioned ones an end date', async () => {
  assert.is(
    await firstValue(query, 'select count(*) as n from cloud_data_centers where start_date is null or start_date > ?', FIXED_NOW.getTime()),
    0,
  )
  assert.is(await firstValue(query, 'select count(*) as n from cloud_data_centers where (active = 0) <> (end_date is not null)'), 0)
  assert.is(
    await firstValue(
      query,
      'select count(*) as n from cloud_data_centers where end_date <= start_date or end_date > ?',
      FIXED_NOW.getTime(),
    ),
    0,
  )
  assert.is(await firstValue(query, 'select count(*) as n from cloud_data_centers where active = 0'), 8)
})

test('records: hundreds of incidents and maintenance, linked to their cloud and to its rows', async () => {
  const perType = Object.fromEntries((await query('select type, count(*) as n from records group by type')).map((r) => [r.type, r.n]))
  assert.equal(Object.keys(perType).sort(), ['advisory', 'incident', 'maintenance', 'notification'])
  assert.ok(perType.incident >= 200 && perType.incident < 3000, String(perType.incident))
  assert.ok(perType.maintenance >= 100 && perType.maintenance < 3000, String(perType.maintenance))

  assert.is(
    await firstValue(query, 'select count(*) as n from records r where not exists (select 1 from record_clouds where record_id = r.id)'),
    0,
  )
  assert.is(
    await firstValue(query, 'select count(*) as n from records r where not exists (select 1 from record_terms where record_id = r.id)'),
    0,
  )
  // Every linked term of an incident, maintenance or advisory is a service or data center of
  // every cloud of the record (notifications link to their categories).
  const foreign = await firstValue(
    query,
    `select count(*) as n from record_terms rt join record_clouds rc on rc.record_id = rt.record_id
     join records r on r.id = rt.record_id and r.type <> 'notification'
     where not exists (select 1 from cloud_services cs where cs.cloud_id = rc.cloud_id and cs.service_tid = rt.tid)
       and not exists (select 1 from cloud_data_centers cdc where cdc.cloud_id = rc.cloud_id and cdc.data_center_tid = rt.tid)`,
  )
  assert.is(foreign, 0)
  assert.ok(
    (await query('select count(*) as n from record_clouds group by record_id having count(*) > 1')).length > 0,
    'some records concern several clouds',
  )
  assert.is(
    await firstValue(
      query,
      `select count(*) as n from records where alias <> (case type when 'incident' then '/incidents/' when 'maintenance' then '/maintenance/'
       when 'advisory' then '/security-advisories/' else '/notification/' end) || id`,
    ),
    0,
  )
  assert.is(
    await firstValue(query, 'select count(*) as n from records where internal_note is null or jira_link is null or author is null'),
    0,
  )
  assert.is(await firstValue(query, 'select count(*) as n from records where to_time < from_time or posted_on < created'), 0)
  const severities = await columnOf(query, "select distinct severity_tid from records where type <> 'notification' order by 1")
  assert.equal(severities, [17, 18, 19, 20])
})

test('records relative to now: ongoing, future scheduled maintenance, exactly one hostile timeline body', async () => {
  const now = FIXED_NOW.getTime()
  const ongoing = await columnOf(query, 'select s.name from records r join record_statuses s on s.id = r.status_id where r.to_time is null')
  assert.ok(ongoing.length >= 2)
  assert.ok(ongoing.every((name) => name === 'In Progress' || name === 'Monitoring'))
  const futureToday = await firstValue(
    query,
    `select count(*) as n from records r join record_statuses s on s.id = r.status_id where r.type = 'maintenance' and s.name = 'Scheduled' and r.from_time > ? and r.to_time < ?`,
    now,
    Date.parse('2026-03-16T00:00:00.000Z'),
  )
  assert.ok((futureToday as number) >= 1)
  // Nothing in the past is still scheduled, nothing in the future is resolved.
  assert.is(
    await firstValue(
      query,
      `select count(*) as n from records r join record_statuses s on s.id = r.status_id where s.name = 'Scheduled' and r.from_time < ?`,
      now,
    ),
    0,
  )
  assert.is(
    await firstValue(
      query,
      `select count(*) as n from records r join record_statuses s on s.id = r.status_id where s.name in ('Resolved', 'Completed') and r.to_time > ?`,
      now,
    ),
    0,
  )

  // The timeline's hostile record; the list records' hostile bodies are checked in records.test.ts.
  assert.is(await firstValue(query, `select count(*) as n from records where body like '%onerror="alert(1)"%'`), 1)
  assert.is(await firstValue(query, `select count(*) as n from records where body like '%<script>alert%'`), 1)
  const body = (await firstValue(query, `select body from records where body like '%<script>alert%'`)) as string
  assert.match(body, /<img src=x onerror="alert\(1\)">/)
  const sample = (await firstValue(query, `select body from records where body not like '%<script%' order by id limit 1`)) as string
  assert.match(sample, /<p>.+<\/p>/)
  assert.match(sample, /<ul><li>/)
  assert.match(sample, /<a href="https:\/\//)
})

test('the seed is deterministic for a given now', async () => {
  const other = await startApp()
  try {
    const dump = async (app: TestApp) => {
      const tables: unknown[][] = []
      for (const table of ['records', 'record_clouds', 'record_terms', 'cloud_services']) {
        tables.push(await app.query(`select * from ${table} order by 1, 2`))
      }
      return tables
    }
    assert.equal(await dump(t), await dump(other))
  } finally {
    await other.close()
  }
})

test('a later start tops up the history so the current week stays populated; a second start adds nothing', async () => {
  const database = await createTestDatabase()
  const later = new Date(FIXED_NOW.getTime() + 10 * DAY)
  const start = (now: Date) => buildApp({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, now: () => now })
  try {
    await (await start(FIXED_NOW)).close()
    const db = openDatabase(database.location)
    const q = queryOn(db)
    try {
      const before = (await firstValue(q, 'select count(*) as n from records')) as number

      const app = await start(later)
      try {
        for (const type of ['core_cloud_services', 'public']) {
          const res = await app.inject(`/api/cloud-status?cloud=auroraedgegov&requestType=${type}`)
          const data = body(res).data
          assert.is(data.start_date, '2026-03-19T00:00:00.000Z')
          const count = data.category.flatMap((c: any) => c.subCategory).flatMap((i: any) => i.issues).length
          assert.ok(count > 0, `${type} issues in the current week after ten days`)
        }
      } finally {
        await app.close()
      }
      const after = {
        n: (await firstValue(q, 'select count(*) as n from records')) as number,
        through: await firstValue(q, "select value from settings where key = 'records_history_through'"),
        latest: (await firstValue(
          q,
          'select max(from_time) as latest from records where to_time is not null and from_time < ?',
          later.getTime(),
        )) as number,
      }
      assert.ok(after.n > before + 50, `${after.n} > ${before}`)
      assert.is(after.through, '2026-03-23')
      assert.ok(after.latest >= Date.parse('2026-03-23T00:00:00.000Z'))

      await (await start(later)).close()
      assert.is(await firstValue(q, 'select count(*) as n from records'), after.n)
    } finally {
      await db.destroy()
    }
  } finally {
    await database.drop()
  }
})

test.run()
