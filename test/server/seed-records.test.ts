import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import SQLite from 'better-sqlite3'
import { buildApp } from '../../server/app.js'
import { body, FIXED_NOW, removeDir, startApp, tempDir, type TestApp } from './helpers.js'

const DAY = 86_400_000
const test = suite('seed: status data and records')

let t: TestApp

test.before(async () => {
  t = await startApp()
})
test.after(async () => {
  await t.close()
})

function withDb<T>(fn: (db: SQLite.Database) => T, file?: string): T {
  const db = file ? new SQLite(file, { readonly: true }) : t.openDb()
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

test('severities: 20 disruption and 19 degradation, ids below 1000, all severity terms', () => {
  withDb((db) => {
    const rows = db.prepare('select tid, name, color_code, icon, show_legend from severities order by sort').all() as any[]
    assert.equal(rows.slice(0, 2), [
      { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', show_legend: 1 },
      { tid: 19, name: 'Service Degradation', color_code: '#f59e0b', icon: 'minus', show_legend: 1 },
    ])
    assert.ok(rows.some((r) => r.name === 'Informational' && r.icon === 'info'))
    for (const r of rows) {
      assert.ok(r.tid < 1000)
      assert.is(db.prepare('select vocabulary from terms where tid = ?').pluck().get(r.tid), 'severity')
    }
  })
})

test('record statuses of spec §4 with their icons', () => {
  const rows = withDb((db) => db.prepare('select name, icon from record_statuses order by sort').all() as any[])
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

test('services differ by product; one cloud has a decommissioned service', () => {
  withDb((db) => {
    const list = (cloud: string) =>
      db
        .prepare(
          `select s.name from cloud_services cs join services s on s.tid = cs.service_tid join clouds c on c.id = cs.cloud_id
           where c.machine_name = ? and cs.active = 1 order by cs.sort`,
        )
        .pluck()
        .all(cloud) as string[]
    const internet = list('auroraedge')
    const privateAccess = list('private')
    for (const name of ['Authentication', 'Web Proxy', 'Firewall', 'Admin Portal', 'Reporting & Logs', 'Policy Sync', 'API']) {
      assert.ok(internet.includes(name), name)
    }
    for (const name of ['Broker', 'App Connectors', 'Client Connector', 'Admin Portal']) assert.ok(privateAccess.includes(name), name)
    assert.not.equal(internet, privateAccess)
    assert.equal(list('auroraedgeone'), internet, 'clouds of a product share its services')
    for (const cloud of ['experience', 'workload', 'dataprotection', 'deception']) assert.ok(list(cloud).length >= 3, cloud)

    const retired = db
      .prepare(
        'select c.machine_name, cs.active, cs.start_date, cs.end_date from cloud_services cs join clouds c on c.id = cs.cloud_id where cs.end_date is not null',
      )
      .all() as any[]
    assert.is(retired.length, 1)
    assert.is(retired[0].active, 0)
    assert.ok(retired[0].end_date > retired[0].start_date && retired[0].end_date < FIXED_NOW.getTime())
    assert.is(db.prepare('select count(*) from cloud_services where active = 0').pluck().get(), 1)
    assert.is(db.prepare('select count(*) from cloud_services where start_date is null').pluck().get(), 0)
  })
})

test('data centers have commissioning dates; exactly the decommissioned ones an end date', () => {
  withDb((db) => {
    assert.is(
      db.prepare('select count(*) from cloud_data_centers where start_date is null or start_date > ?').pluck().get(FIXED_NOW.getTime()),
      0,
    )
    assert.is(db.prepare('select count(*) from cloud_data_centers where (active = 0) <> (end_date is not null)').pluck().get(), 0)
    assert.is(
      db.prepare('select count(*) from cloud_data_centers where end_date <= start_date or end_date > ?').pluck().get(FIXED_NOW.getTime()),
      0,
    )
    assert.is(db.prepare('select count(*) from cloud_data_centers where active = 0').pluck().get(), 8)
  })
})

test('records: hundreds of incidents and maintenance, linked to their cloud and to its rows', () => {
  withDb((db) => {
    const perType = Object.fromEntries(
      (db.prepare('select type, count(*) as n from records group by type').all() as any[]).map((r) => [r.type, r.n]),
    )
    assert.equal(Object.keys(perType).sort(), ['advisory', 'incident', 'maintenance', 'notification'])
    assert.ok(perType.incident >= 200 && perType.incident < 3000, String(perType.incident))
    assert.ok(perType.maintenance >= 100 && perType.maintenance < 3000, String(perType.maintenance))

    assert.is(
      db.prepare('select count(*) from records r where not exists (select 1 from record_clouds where record_id = r.id)').pluck().get(),
      0,
    )
    assert.is(
      db.prepare('select count(*) from records r where not exists (select 1 from record_terms where record_id = r.id)').pluck().get(),
      0,
    )
    // Every linked term of an incident, maintenance or advisory is a service or data center of
    // every cloud of the record (notifications link to their categories).
    const foreign = db
      .prepare(
        `select count(*) from record_terms rt join record_clouds rc on rc.record_id = rt.record_id
         join records r on r.id = rt.record_id and r.type <> 'notification'
         where not exists (select 1 from cloud_services cs where cs.cloud_id = rc.cloud_id and cs.service_tid = rt.tid)
           and not exists (select 1 from cloud_data_centers cdc where cdc.cloud_id = rc.cloud_id and cdc.data_center_tid = rt.tid)`,
      )
      .pluck()
      .get()
    assert.is(foreign, 0)
    assert.ok(
      (db.prepare('select count(*) from record_clouds group by record_id having count(*) > 1').all() as any[]).length > 0,
      'some records concern several clouds',
    )
    assert.is(
      db
        .prepare(
          `select count(*) from records where alias <> (case type when 'incident' then '/incidents/' when 'maintenance' then '/maintenance/'
           when 'advisory' then '/security-advisories/' else '/notification/' end) || id`,
        )
        .pluck()
        .get(),
      0,
    )
    assert.is(
      db.prepare('select count(*) from records where internal_note is null or jira_link is null or author is null').pluck().get(),
      0,
    )
    assert.is(db.prepare('select count(*) from records where to_time < from_time or posted_on < created').pluck().get(), 0)
    const severities = db.prepare("select distinct severity_tid from records where type <> 'notification' order by 1").pluck().all()
    assert.equal(severities, [17, 18, 19, 20])
  })
})

test('records relative to now: ongoing, future scheduled maintenance, exactly one hostile timeline body', () => {
  const now = FIXED_NOW.getTime()
  withDb((db) => {
    const ongoing = db
      .prepare('select s.name from records r join record_statuses s on s.id = r.status_id where r.to_time is null')
      .pluck()
      .all()
    assert.ok(ongoing.length >= 2)
    assert.ok(ongoing.every((name) => name === 'In Progress' || name === 'Monitoring'))
    const futureToday = db
      .prepare(
        `select count(*) from records r join record_statuses s on s.id = r.status_id where r.type = 'maintenance' and s.name = 'Scheduled' and r.from_time > ? and r.to_time < ?`,
      )
      .pluck()
      .get(now, Date.parse('2026-03-16T00:00:00.000Z'))
    assert.ok((futureToday as number) >= 1)
    // Nothing in the past is still scheduled, nothing in the future is resolved.
    assert.is(
      db
        .prepare(
          `select count(*) from records r join record_statuses s on s.id = r.status_id where s.name = 'Scheduled' and r.from_time < ?`,
        )
        .pluck()
        .get(now),
      0,
    )
    assert.is(
      db
        .prepare(
          `select count(*) from records r join record_statuses s on s.id = r.status_id where s.name in ('Resolved', 'Completed') and r.to_time > ?`,
        )
        .pluck()
        .get(now),
      0,
    )

    // The timeline's hostile record; the list records' hostile bodies are checked in records.test.ts.
    assert.is(db.prepare(`select count(*) from records where body like '%onerror="alert(1)"%'`).pluck().get(), 1)
    assert.is(db.prepare(`select count(*) from records where body like '%<script>alert%'`).pluck().get(), 1)
    const body = db.prepare(`select body from records where body like '%<script>alert%'`).pluck().get() as string
    assert.match(body, /<img src=x onerror="alert\(1\)">/)
    const sample = db.prepare(`select body from records where body not like '%<script%' limit 1`).pluck().get() as string
    assert.match(sample, /<p>.+<\/p>/)
    assert.match(sample, /<ul><li>/)
    assert.match(sample, /<a href="https:\/\//)
  })
})

test('the seed is deterministic for a given now', async () => {
  const other = await startApp()
  try {
    const dump = (file: string) =>
      withDb(
        (db) =>
          ['records', 'record_clouds', 'record_terms', 'cloud_services'].map((table) =>
            db.prepare(`select * from ${table} order by 1, 2`).all(),
          ),
        file,
      )
    assert.equal(dump(`${t.dataDir}/trust.sqlite`), dump(`${other.dataDir}/trust.sqlite`))
  } finally {
    await other.close()
  }
})

test('a later start tops up the history so the current week stays populated; a second start adds nothing', async () => {
  const dataDir = tempDir()
  const later = new Date(FIXED_NOW.getTime() + 10 * DAY)
  try {
    await (await buildApp({ dataDir, now: () => FIXED_NOW })).close()
    const before = withDb((db) => db.prepare('select count(*) from records').pluck().get() as number, `${dataDir}/trust.sqlite`)

    const app = await buildApp({ dataDir, now: () => later })
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
    const after = withDb(
      (db) => ({
        n: db.prepare('select count(*) from records').pluck().get() as number,
        through: db.prepare("select value from settings where key = 'records_history_through'").pluck().get(),
        latest: db
          .prepare('select max(from_time) from records where to_time is not null and from_time < ?')
          .pluck()
          .get(later.getTime()) as number,
      }),
      `${dataDir}/trust.sqlite`,
    )
    assert.ok(after.n > before + 50, `${after.n} > ${before}`)
    assert.is(after.through, '2026-03-23')
    assert.ok(after.latest >= Date.parse('2026-03-23T00:00:00.000Z'))

    await (await buildApp({ dataDir, now: () => later })).close()
    assert.is(
      withDb((db) => db.prepare('select count(*) from records').pluck().get(), `${dataDir}/trust.sqlite`),
      after.n,
    )
  } finally {
    removeDir(dataDir)
  }
})

test.run()
