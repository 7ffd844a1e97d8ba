import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { INTERNAL_FIELDS, RECORDS_PAGE_SIZE } from '../../contract/constants.js'
import type { CalendarData, NotificationListData, PostData, PrivilegedRecord, RecordListData } from '../../contract/records.js'
import { loadRecords } from '../../server/repo/records.js'
import { ANONYMOUS, visibleInternalFields } from '../../server/repo/visibility.js'
import { DEMO_RECORD_IDS, REDIRECT_TARGETS } from '../../server/seed/lists.js'
import { sql } from 'kysely'
import { buildApp } from '../../server/app.js'
import { openDatabase } from '../../server/db/connection.js'
import { body, createTestDatabase, FIXED_NOW, startApp, type TestApp } from './helpers.js'

// FIXED_NOW is Sunday 2026-03-15T09:30Z.
const NOW = FIXED_NOW.getTime()
const DAY = 86_400_000
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/

/** The keys of a public record (contract `TrustRecord` without internal fields); notifications add `categories`. */
const RECORD_KEYS = [
  'alias',
  'available_workaround',
  'body',
  'closed_on',
  'clouds',
  'clusters',
  'created',
  'customer_impact',
  'event_type',
  'fromTime',
  'how_found',
  'id',
  'incident_type',
  'next_update',
  'notification_type',
  'pageType',
  'post_type',
  'posted_on',
  'resolved',
  'severityId',
  'status',
  'statusId',
  'summary',
  'tags',
  'title',
  'toTime',
  'type',
  'updated_on',
]
const STATUS_IDS = {
  Scheduled: '1',
  'In Progress': '2',
  Completed: '3',
  Resolved: '4',
  Postponed: '5',
  Archived: '6',
  Monitoring: '7',
  Remediated: '8',
}
const HOSTILE_PARTS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<a href="javascript:window.__pwned=1">x</a>',
  '<svg onload="window.__pwned=1">',
]
const CALENDAR_CLASSES = [
  'service_disruption',
  'service_degradation',
  'informational',
  'scheduled',
  'completed',
  'postponed',
  'under_investigation',
  'security_advisory',
  'no-service-impact',
]

let t: TestApp

async function get(url: string) {
  return t.app.inject({ method: 'GET', url })
}

async function ok<T>(url: string): Promise<T> {
  const res = await get(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`)
  return body(res).data as T
}

const list = (type: string, query: string) => ok<RecordListData>(`/api/${type}?${query}`)

const query = <T = any>(sql: string, ...params: unknown[]): Promise<T[]> => t.query<T>(sql, ...params)

/** Ids of a cloud's records of a type, newest first, straight from the database. */
async function expectedIds(cloud: string, type: string, where = '1 = 1', ...params: unknown[]): Promise<number[]> {
  return (
    await query<{ id: number }>(
      `select r.id from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where c.machine_name = ? and r.type = ? and (${where}) order by r.from_time desc, r.id desc`,
      cloud,
      type,
      ...params,
    )
  ).map((r) => r.id)
}

/** Every id of a list, page by page through the API. */
async function allPages(type: string, q: string): Promise<{ ids: number[]; pages: RecordListData[] }> {
  const first = await list(type, `${q}&page=1`)
  const pages = [first]
  for (let p = 2; p <= first.totalPages; p++) pages.push(await list(type, `${q}&page=${p}`))
  return { ids: pages.flatMap((d) => d.records.map((r) => r.id)), pages }
}

async function expectError(url: string, status: number, code: string): Promise<string> {
  const res = await get(url)
  assert.is(res.statusCode, status, `${url}: ${res.body.slice(0, 200)}`)
  assert.match(String(res.headers['content-type']), /^application\/json/, url)
  const error = body(res).error
  assert.is(error.code, code, url)
  assert.type(error.message, 'string')
  assert.ok(error.message.length > 10, url)
  assert.is(res.headers['cache-control'], 'no-store', url)
  return error.message
}

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysDeep(v, out)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k)
      keysDeep(v, out)
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------

const lists = suite('GET /api/incident, /api/maintenance, /api/advisory')
lists.before(async () => {
  t = await startApp()
})
lists.after(async () => {
  await t.close()
})

lists('the answer has the contract shape; records have exactly the public fields', async () => {
  for (const type of ['incident', 'maintenance', 'advisory']) {
    const data = await list(type, 'cloud=auroraedge')
    assert.equal(Object.keys(data).sort(), [
      'categories',
      'currentPage',
      'maintenanceSchedule',
      'records',
      'severity',
      'statuses',
      'topMessage',
      'totalPages',
    ])
    assert.is(data.records.length, RECORDS_PAGE_SIZE, type)
    assert.equal(
      data.severity.map((s) => s.tid),
      ['20', '19', '18', '17'],
    )
    for (const record of data.records) {
      // Advisory rows with security details add their summary (contract `TrustRecord.advisory_summary`).
      const keys = Object.keys(record).sort()
      assert.equal(
        keys.filter((k) => k !== 'advisory_summary'),
        RECORD_KEYS,
        `${type} ${record.id}`,
      )
      if (type !== 'advisory') assert.not.ok(keys.includes('advisory_summary'), `${type} ${record.id}`)
      assert.is(record.type, type)
      assert.is(record.pageType, type)
      for (const key of ['posted_on', 'created', 'updated_on', 'fromTime'] as const) assert.match(record[key], ISO)
      assert.ok(record.toTime === null || ISO.test(record.toTime))
      assert.is(record.statusId, STATUS_IDS[record.status as keyof typeof STATUS_IDS], record.status)
      assert.ok(record.clouds.includes('auroraedge'))
      assert.ok(record.tags.length + record.clusters.length > 0, 'linked to a service or data center')
      assert.type(record.resolved, 'boolean')
      assert.is(record.resolved, ['Resolved', 'Remediated', 'Completed'].includes(record.status))
    }
    assert.is(data.maintenanceSchedule === null, type !== 'maintenance', type)
  }
})

lists('each list offers its statuses; ids are the record status ids', async () => {
  const names = async (type: string) => (await list(type, 'cloud=auroraedge')).statuses.map((s) => `${s.id} ${s.name} ${s.class} ${s.icon}`)
  assert.equal(await names('incident'), [
    '2 In Progress in_progress hourglass',
    '7 Monitoring monitoring eye',
    '4 Resolved resolved check',
    '8 Remediated remediated shield',
  ])
  assert.equal(await names('maintenance'), [
    '1 Scheduled scheduled calendar',
    '2 In Progress in_progress hourglass',
    '3 Completed completed check',
    '5 Postponed postponed clock',
    '6 Archived archived calendar-x',
  ])
  assert.equal(await names('advisory'), [
    '2 In Progress in_progress hourglass',
    '7 Monitoring monitoring eye',
    '4 Resolved resolved check',
    '8 Remediated remediated shield',
    '6 Archived archived calendar-x',
  ])
  const advisory = await list('advisory', 'cloud=auroraedge')
  assert.equal(
    advisory.categories.map((c) => c.id),
    ['under_investigation', 'service_disruption', 'service_degradation', 'informational', 'no-service-impact', 'security_advisory'],
  )
  const incident = await list('incident', 'cloud=auroraedge')
  assert.ok(incident.categories.some((c) => c.name === 'Availability'))
})

lists('newest first, 10 a page; every page and the page count agree with the database', async () => {
  for (const [cloud, type] of [
    ['auroraedge', 'incident'],
    ['auroraedgethree', 'maintenance'],
    ['private.auroraedge.com', 'advisory'],
    ['workload', 'incident'],
  ]) {
    const machine = cloud === 'private.auroraedge.com' ? 'private' : cloud
    const expected = await expectedIds(machine, type)
    const { ids, pages } = await allPages(type, `cloud=${cloud}`)
    assert.equal(ids, expected, `${cloud} ${type}`)
    assert.is(pages[0].totalPages, Math.ceil(expected.length / RECORDS_PAGE_SIZE))
    pages.forEach((p, i) => {
      assert.is(p.currentPage, i + 1)
      assert.is(p.records.length, i < pages.length - 1 ? RECORDS_PAGE_SIZE : expected.length - RECORDS_PAGE_SIZE * (pages.length - 1))
    })
  }
  // Page defaults to 1; a page beyond the end is empty but keeps the real page count.
  const first = await list('incident', 'cloud=auroraedge')
  assert.is(first.currentPage, 1)
  const beyond = await list('incident', `cloud=auroraedge&page=${first.totalPages + 3}`)
  assert.equal([beyond.records, beyond.currentPage, beyond.totalPages], [[], first.totalPages + 3, first.totalPages])
})

lists('an empty list: no records, totalPages 0, currentPage 1', async () => {
  // workload has no data centers, so a data-center filter matches nothing.
  const empty = await list('incident', 'cloud=workload&datacenter=2001&page=3')
  assert.equal([empty.records, empty.totalPages, empty.currentPage], [[], 0, 1])
})

lists('the maintenance list shows upcoming and past windows, including postponed and archived ones', async () => {
  const { pages } = await allPages('maintenance', 'cloud=auroraedge')
  const records = pages.flatMap((p) => p.records)
  assert.ok(Date.parse(records[0].fromTime) > NOW, 'upcoming first')
  assert.ok(
    records.some((r) => Date.parse(r.fromTime) < NOW - 30 * DAY),
    'past windows',
  )
  for (const status of ['Scheduled', 'Completed', 'Postponed', 'Archived'])
    assert.ok(
      records.some((r) => r.status === status),
      status,
    )
})

lists('category filters by status', async () => {
  for (const [type, status] of [
    ['incident', 'Resolved'],
    ['incident', 'Remediated'],
    ['maintenance', 'Archived'],
    ['advisory', 'Monitoring'],
  ] as const) {
    const id = STATUS_IDS[status]
    const { ids, pages } = await allPages(type, `cloud=auroraedge&category=${id}`)
    assert.ok(ids.length > 0, `${type} ${status}`)
    assert.ok(pages.every((p) => p.records.every((r) => r.status === status)))
    assert.equal(ids, await expectedIds('auroraedge', type, 'r.status_id = ?', Number(id)))
  }
  // Empty category = all statuses.
  assert.is((await list('incident', 'cloud=auroraedge&category=')).totalPages, (await list('incident', 'cloud=auroraedge')).totalPages)
})

lists('date filters by the day in the tz zone: records overlapping that local day, ongoing ones until now', async () => {
  const overlapping = async (start: number, end: number) =>
    await expectedIds(
      'auroraedgethree',
      'incident',
      'r.from_time < ? and (coalesce(r.to_time, ?) > ? or r.from_time >= ?)',
      end,
      NOW,
      start,
      start,
    )
  // 2026-03-11 in UTC, in New York (UTC-4 since 8 March) and in Tokyo (UTC+9).
  const cases = [
    ['UTC', Date.parse('2026-03-11T00:00:00Z'), Date.parse('2026-03-12T00:00:00Z')],
    ['America/New_York', Date.parse('2026-03-11T04:00:00Z'), Date.parse('2026-03-12T04:00:00Z')],
    ['Asia/Tokyo', Date.parse('2026-03-10T15:00:00Z'), Date.parse('2026-03-11T15:00:00Z')],
  ] as const
  const seen: string[] = []
  for (const [tz, start, end] of cases) {
    const { ids } = await allPages('incident', `cloud=auroraedgethree&date=2026-03-11&tz=${encodeURIComponent(tz)}`)
    assert.equal(ids, await overlapping(start, end), tz)
    assert.ok(ids.length > 0, tz)
    seen.push(ids.join())
  }
  assert.is(new Set(seen).size, 3, 'the zone changes the day')
  // tz defaults to UTC; the ongoing incident shows on today's list.
  assert.equal((await allPages('incident', 'cloud=auroraedgethree&date=2026-03-11')).ids, await overlapping(cases[0][1], cases[0][2]))
  const today = await list('incident', 'cloud=auroraedge&date=2026-03-15')
  assert.ok(
    today.records.some((r) => r.toTime === null),
    'ongoing incident on today',
  )
  // A day in the future lists the maintenance scheduled then.
  const ahead = await list('maintenance', 'cloud=auroraedge&date=2026-03-28')
  assert.ok(ahead.records.some((r) => r.id === DEMO_RECORD_IDS.hostileMaintenance))
})

lists('datacenter filters by any of the listed data centers', async () => {
  const top = await query<{ tid: number; name: string; n: number }>(
    `select dc.tid, dc.name, count(*) as n from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     join record_terms rt on rt.record_id = r.id join data_centers dc on dc.tid = rt.tid
     where c.machine_name = 'auroraedge' and r.type = 'incident' group by dc.tid, dc.name order by n desc, dc.tid limit 2`,
  )
  assert.is(top.length, 2)
  const { ids, pages } = await allPages('incident', `cloud=auroraedge&datacenter=${top[0].tid},${top[1].tid}`)
  const expected = await expectedIds(
    'auroraedge',
    'incident',
    'exists (select 1 from record_terms rt where rt.record_id = r.id and rt.tid in (?, ?))',
    top[0].tid,
    top[1].tid,
  )
  assert.equal(ids, expected)
  assert.ok(ids.length >= top[0].n)
  for (const r of pages.flatMap((p) => p.records))
    assert.ok(r.clusters.includes(top[0].name) || r.clusters.includes(top[1].name), String(r.id))
  // Spaces and repeats are tolerated; filters combine.
  assert.equal(
    (await allPages('incident', `cloud=auroraedge&datacenter=${top[0].tid},%20${top[0].tid}`)).ids,
    await expectedIds(
      'auroraedge',
      'incident',
      'exists (select 1 from record_terms rt where rt.record_id = r.id and rt.tid = ?)',
      top[0].tid,
    ),
  )
  const combined = await allPages('incident', `cloud=auroraedge&datacenter=${top[0].tid}&category=4`)
  assert.ok(combined.pages.every((p) => p.records.every((r) => r.status === 'Resolved' && r.clusters.includes(top[0].name))))
})

lists('top message: ongoing incidents, maintenance in progress; none on advisories', async () => {
  assert.match((await list('incident', 'cloud=auroraedge')).topMessage, /ongoing incident/)
  assert.match((await list('maintenance', 'cloud=auroraedgeone')).topMessage, /^Maintenance is in progress: /)
  assert.is((await list('maintenance', 'cloud=workload')).topMessage, '')
  assert.is((await list('advisory', 'cloud=auroraedge')).topMessage, '')
})

lists('maintenance schedule: 7 UTC days from today, regions of the cloud, cells from the upcoming windows', async () => {
  const schedule = (await list('maintenance', 'cloud=auroraedge&tz=Asia/Tokyo')).maintenanceSchedule!
  assert.equal(schedule.days, ['2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21'])
  const regions = await query<{ name: string }>(
    `select distinct rg.name, rg.sort from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid join regions rg on rg.tid = dc.region_tid
     join clouds c on c.id = cdc.cloud_id where c.machine_name = 'auroraedge' and cdc.active = 1 order by rg.sort`,
  )
  assert.equal(
    schedule.regions.map((r) => r.title),
    regions.map((r) => r.name),
  )
  for (const region of schedule.regions) {
    assert.is(region.data.length, 7)
    for (const [i, day] of schedule.days.entries()) {
      const start = Date.parse(`${day}T00:00:00Z`)
      const windows = await query<{ status: string; from_time: number; to_time: number }>(
        `select distinct r.id, s.name as status, r.from_time, r.to_time from records r join record_statuses s on s.id = r.status_id
         join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id join record_terms rt on rt.record_id = r.id
         join data_centers dc on dc.tid = rt.tid join regions rg on rg.tid = dc.region_tid
         where c.machine_name = 'auroraedge' and r.type = 'maintenance' and rg.name = ? and s.name in ('Scheduled', 'In Progress', 'Postponed')
           and r.from_time < ? and r.to_time > ?`,
        region.title,
        start + DAY,
        start,
      )
      const cell = region.data[i]
      const expectedClass = windows.length === 0 ? '' : windows.some((w) => w.status !== 'Postponed') ? 'scheduled' : 'postponed'
      assert.is(cell.className, expectedClass, `${region.title} ${day}`)
      if (windows.length === 1) {
        const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16)
        assert.is(cell.value, `${clock(windows[0].from_time)}–${clock(windows[0].to_time)} UTC`)
      } else assert.is(cell.value, windows.length === 0 ? '' : `${windows.length} windows`)
    }
  }
  const classes = schedule.regions.flatMap((r) => r.data.map((c) => c.className))
  assert.ok(classes.includes('scheduled') && classes.includes('postponed'), classes.join())
  // No data-center maintenance, no marked cell.
  const quiet = (await list('maintenance', 'cloud=workload')).maintenanceSchedule!
  assert.ok(quiet.regions.every((r) => r.data.every((c) => c.className === '' && c.value === '')))
})

lists('bad parameters answer 400 bad_request with a clear message', async () => {
  const bad = [
    '/api/incident',
    '/api/incident?cloud=',
    '/api/incident?cloud=auroraedge&page=0',
    '/api/incident?cloud=auroraedge&page=abc',
    '/api/incident?cloud=auroraedge&page=1.5',
    '/api/incident?cloud=auroraedge&date=2026-02-30',
    '/api/incident?cloud=auroraedge&date=15-03-2026',
    '/api/incident?cloud=auroraedge&date=yesterday',
    '/api/maintenance?cloud=auroraedge&tz=Mars/Olympus',
    '/api/maintenance?cloud=auroraedge&tz=GMT%2B25',
    '/api/advisory?cloud=auroraedge&datacenter=abc',
    '/api/advisory?cloud=auroraedge&datacenter=2001,x',
    '/api/advisory?cloud=auroraedge&datacenter=-3',
    '/api/incident?cloud=auroraedge&category=1',
    '/api/incident?cloud=auroraedge&category=abc',
    '/api/maintenance?cloud=auroraedge&category=4',
  ]
  for (const url of bad) await expectError(url, 400, 'bad_request')
  assert.match(
    await expectError('/api/incident?cloud=auroraedge&category=1', 400, 'bad_request'),
    /2 In Progress, 7 Monitoring, 4 Resolved, 8 Remediated/,
  )
  assert.match(await expectError('/api/incident?cloud=auroraedge&tz=Mars/Olympus', 400, 'bad_request'), /tz/)
  assert.match(await expectError('/api/incident?cloud=auroraedge&date=2026-02-30', 400, 'bad_request'), /YYYY-MM-DD/)
})

lists('an unknown cloud answers 404 unknown_cloud; a domain or trust. prefix names a cloud', async () => {
  for (const type of ['incident', 'maintenance', 'advisory']) await expectError(`/api/${type}?cloud=nowhere.example`, 404, 'unknown_cloud')
  const byName = await list('incident', 'cloud=auroraedge')
  assert.equal(await list('incident', 'cloud=trust.auroraedge.net'), byName)
})

lists('public and shared for 30 s (browsers revalidate lists and posts), readable from any origin without credentials', async () => {
  for (const url of [
    '/api/incident?cloud=auroraedge',
    '/api/calendar?cloud=auroraedge&type=advisory',
    '/api/notifications',
    `/api/posts/${DEMO_RECORD_IDS.hostileIncident}?cloud=auroraedge`,
    `/api/notification/${DEMO_RECORD_IDS.redirectSameSite}/auroraedge`,
  ]) {
    const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://partner.example' } })
    assert.is(res.statusCode, 200, url)
    const shared = url.startsWith('/api/calendar')
      ? 'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400'
      : 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400'
    assert.is(res.headers['cache-control'], shared, url)
    assert.is(res.headers['access-control-allow-origin'], '*', url)
    assert.is(res.headers['access-control-allow-credentials'], undefined, url)
  }
})

lists.run()

// ---------------------------------------------------------------------------------------------

const calendar = suite('GET /api/calendar')
calendar.before(async () => {
  t = await startApp()
})
calendar.after(async () => {
  await t.close()
})

const cal = (q: string) => ok<CalendarData>(`/api/calendar?${q}`)

calendar('incident days carry the class of the most severe record; start_date is the first day', async () => {
  const data = await cal('cloud=auroraedge&type=recent_incident&tz=UTC')
  assert.equal(Object.keys(data).sort(), ['calendar', 'datacenters', 'start_date'])
  const first = (
    await query<{ f: number }>(
      `select min(r.from_time) as f from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where c.machine_name = 'auroraedge' and r.type = 'incident'`,
    )
  )[0].f
  assert.is(data.start_date, new Date(first).toISOString().slice(0, 10))
  const days = Object.keys(data.calendar)
  assert.ok(days.length > 40)
  for (const day of days) {
    assert.match(day, DAY_KEY)
    assert.ok(['service_disruption', 'service_degradation', 'informational'].includes(data.calendar[day].status), day)
  }
  // A day with a disruption that starts and ends on it is a disruption day; a day whose records
  // are all informational is informational.
  const rows = await query<{ from_time: number; to_time: number | null; severity_tid: number }>(
    `select r.from_time, r.to_time, r.severity_tid from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where c.machine_name = 'auroraedge' and r.type = 'incident'`,
  )
  const touching = new Map<string, number[]>()
  for (const r of rows) {
    const end = Math.max(r.from_time + 1, r.to_time ?? NOW)
    for (let d = Date.parse(new Date(r.from_time).toISOString().slice(0, 10)); d < end; d += DAY) {
      const key = new Date(d).toISOString().slice(0, 10)
      touching.set(key, [...(touching.get(key) ?? []), r.severity_tid])
    }
  }
  assert.equal(days.sort(), [...touching.keys()].sort(), 'exactly the days with records')
  for (const [day, severities] of touching) {
    const expected = severities.includes(20) ? 'service_disruption' : severities.includes(19) ? 'service_degradation' : 'informational'
    assert.is(data.calendar[day].status, expected, day)
  }
})

calendar('a marked day never filters the list to nothing', async () => {
  for (const [type, kind, tz] of [
    ['incident', 'recent_incident', 'Asia/Tokyo'],
    ['maintenance', 'scheduled_maintenance', 'America/Los_Angeles'],
    ['advisory', 'advisory', 'UTC'],
  ]) {
    const data = await cal(`cloud=auroraedgeone&type=${kind}&tz=${encodeURIComponent(tz)}`)
    const days = Object.keys(data.calendar).sort()
    const sample = days.filter((_, i) => i % Math.max(1, Math.floor(days.length / 8)) === 0).concat(days[days.length - 1])
    for (const day of sample) {
      const page = await list(type, `cloud=auroraedgeone&date=${day}&tz=${encodeURIComponent(tz)}`)
      assert.ok(page.records.length > 0, `${type} ${day} ${tz}`)
    }
  }
})

calendar('the zone moves records to their local day', async () => {
  // An incident from 16:00 to 20:00 UTC falls on the next day in Tokyo (UTC+9).
  const row = (
    await query<{ from_time: number }>(
      `select r.from_time from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where c.machine_name = 'auroraedge' and r.type = 'incident' and r.severity_tid = 20 and r.to_time is not null
       and (r.from_time % 86400000) >= 16 * 3600000 and (r.to_time % 86400000) < 23 * 3600000 and r.to_time - r.from_time < 6 * 3600000
     order by r.from_time limit 1`,
    )
  )[0]
  assert.ok(row, 'an evening disruption in the seed')
  const utcDay = new Date(row.from_time).toISOString().slice(0, 10)
  const tokyoDay = new Date(row.from_time + 9 * 3600000).toISOString().slice(0, 10)
  assert.is.not(utcDay, tokyoDay)
  assert.is((await cal('cloud=auroraedge&type=recent_incident')).calendar[utcDay]?.status, 'service_disruption')
  assert.is((await cal('cloud=auroraedge&type=recent_incident&tz=Asia/Tokyo')).calendar[tokyoDay]?.status, 'service_disruption')
})

calendar('maintenance and advisory classes; data-center groups by region; none for advisories', async () => {
  const maintenance = await cal('cloud=auroraedge&type=scheduled_maintenance')
  const classes = new Set(Object.values(maintenance.calendar).map((v) => v.status))
  for (const cls of ['scheduled', 'completed', 'postponed']) assert.ok(classes.has(cls), cls)
  assert.ok([...classes].every((c) => ['scheduled', 'completed', 'postponed'].includes(c)))
  assert.ok(
    Object.keys(maintenance.calendar).some((d) => d > '2026-03-20'),
    'upcoming days',
  )

  const groups = maintenance.datacenters
  const regions = await query<{ name: string }>('select name from regions order by sort')
  assert.equal(
    groups.map((g) => g.label),
    regions.map((r) => r.name),
  )
  const dcs = await query<{ tid: number; name: string }>(
    `select dc.tid, dc.name from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid join clouds c on c.id = cdc.cloud_id
     where c.machine_name = 'auroraedge'`,
  )
  assert.is(groups.flatMap((g) => g.options).length, dcs.length)
  for (const option of groups.flatMap((g) => g.options)) {
    assert.type(option.value, 'string')
    assert.ok(
      dcs.some((d) => String(d.tid) === option.value && d.name === option.label),
      option.label,
    )
  }

  // Advisories: every event type's class shows on some cloud's calendar; no data centers.
  const seen = new Set<string>()
  for (const cloud of ['auroraedge', 'private', 'deception', 'workload']) {
    const advisory = await cal(`cloud=${cloud}&type=advisory&cc_term=241`)
    assert.equal(advisory.datacenters, [])
    for (const v of Object.values(advisory.calendar)) seen.add(v.status)
  }
  for (const cls of [
    'under_investigation',
    'service_disruption',
    'service_degradation',
    'security_advisory',
    'informational',
    'no-service-impact',
  ]) {
    assert.ok(seen.has(cls), cls)
  }
  for (const cls of seen) assert.ok(CALENDAR_CLASSES.includes(cls), cls)
})

calendar('errors: 400 for a missing or unknown type or zone, 404 for an unknown cloud', async () => {
  await expectError('/api/calendar?cloud=auroraedge', 400, 'bad_request')
  await expectError('/api/calendar?cloud=auroraedge&type=incident', 400, 'bad_request')
  await expectError('/api/calendar?type=advisory', 400, 'bad_request')
  await expectError('/api/calendar?cloud=auroraedge&type=advisory&tz=Nowhere/Town', 400, 'bad_request')
  await expectError('/api/calendar?cloud=nowhere&type=advisory', 404, 'unknown_cloud')
})

calendar.run()

// ---------------------------------------------------------------------------------------------

const posts = suite('GET /api/posts/{id}, /api/notification/{id}/{cloud}')
posts.before(async () => {
  t = await startApp()
})
posts.after(async () => {
  await t.close()
})

posts('a post answers the record as lists do, for any record type on its cloud', async () => {
  const answer = await list('incident', 'cloud=auroraedge')
  const fromList = answer.records[0]
  const { severity, statusDetail, updates, ...post } = await ok<PostData>(`/api/posts/${fromList.id}?cloud=auroraedge.net`)
  assert.equal(post, fromList)
  // A post adds its update history (none for a seeded record); lists never carry it.
  assert.equal(updates, [])
  assert.not.ok('updates' in fromList)
  // The badges' names and icons come with the post, as the list sends them in its own lists.
  assert.equal(
    severity,
    answer.severity.find((s) => s.tid === fromList.severityId),
  )
  assert.equal(
    statusDetail,
    answer.statuses.find((s) => s.id === fromList.statusId),
  )
  for (const id of [DEMO_RECORD_IDS.hostileMaintenance, DEMO_RECORD_IDS.hostileAdvisory, DEMO_RECORD_IDS.hostileCloudAppNotification]) {
    const data = await ok<PostData>(`/api/posts/${id}?cloud=auroraedge`)
    assert.is(data.id, id)
    assert.is(data.url_redirect, undefined)
  }
})

posts('errors: not_found, not_on_cloud, unknown_cloud, and 400 for a malformed id', async () => {
  assert.is(await expectError('/api/posts/999999?cloud=auroraedge', 404, 'not_found'), 'No records found.')
  assert.is(
    await expectError(`/api/posts/${DEMO_RECORD_IDS.hostileIncident}?cloud=private`, 404, 'not_on_cloud'),
    'Post not available on this cloud.',
  )
  await expectError(`/api/posts/${DEMO_RECORD_IDS.hostileIncident}?cloud=nowhere`, 404, 'unknown_cloud')
  await expectError('/api/posts/abc?cloud=auroraedge', 400, 'bad_request')
  await expectError('/api/posts/0?cloud=auroraedge', 400, 'bad_request')
  await expectError(`/api/posts/${DEMO_RECORD_IDS.hostileIncident}`, 400, 'bad_request')
})

posts('a notification answers its url_redirect as stored; hostile targets are left for the client to refuse', async () => {
  for (const [key, target] of Object.entries(REDIRECT_TARGETS)) {
    const id = DEMO_RECORD_IDS[key as keyof typeof REDIRECT_TARGETS]
    const data = await ok<PostData>(`/api/notification/${id}/auroraedge`)
    assert.is(data.url_redirect, target, key)
    assert.is(data.type, 'notification')
    assert.is(data.notification_type, 'url_change_notification')
  }
  const plain = await ok<PostData>(`/api/notification/${DEMO_RECORD_IDS.hostilePrivacyNotification}/private`)
  assert.not.ok('url_redirect' in plain)
  assert.equal(plain.categories, ['Sub-processors'])
})

posts('notification errors: not a notification or unknown → not_found; other cloud → not_on_cloud', async () => {
  await expectError(`/api/notification/${DEMO_RECORD_IDS.hostileIncident}/auroraedge`, 404, 'not_found')
  await expectError('/api/notification/999999/auroraedge', 404, 'not_found')
  await expectError(`/api/notification/${DEMO_RECORD_IDS.hostileCloudAppNotification}/deception`, 404, 'not_on_cloud')
  await expectError(`/api/notification/${DEMO_RECORD_IDS.redirectSameSite}/nowhere`, 404, 'unknown_cloud')
  await expectError('/api/notification/x1/auroraedge', 400, 'bad_request')
})

posts.run()

// ---------------------------------------------------------------------------------------------

const notifications = suite('GET /api/notifications')
notifications.before(async () => {
  t = await startApp()
})
notifications.after(async () => {
  await t.close()
})

const notes = (q: string) => ok<NotificationListData>(`/api/notifications?${q}`)

/** Ids of notifications of a type (optionally of one cloud), newest first, from the database. */
async function expectedNotifications(type: string, cloud?: string): Promise<number[]> {
  // A condition only with a cloud (PostgreSQL cannot type a bare `? is null` parameter).
  return (
    await query<{ id: number }>(
      `select r.id from records r where r.type = 'notification' and r.notification_type = ?
       ${cloud === undefined ? '' : 'and exists (select 1 from record_clouds rc join clouds c on c.id = rc.cloud_id where rc.record_id = r.id and c.machine_name = ?)'}
     order by r.from_time desc, r.id desc`,
      type,
      ...(cloud === undefined ? [] : [cloud]),
    )
  ).map((r) => r.id)
}

notifications('zero-based pages: page=0 is the first; default type url_change_notification', async () => {
  const expected = await expectedNotifications('url_change_notification')
  assert.ok(expected.length > 2 * RECORDS_PAGE_SIZE)
  const first = await notes('page=0')
  assert.equal(first, await notes(''), 'page and type default')
  assert.equal(Object.keys(first).sort(), ['currentPage', 'records', 'statuses', 'totalPages'])
  assert.is(first.currentPage, 0)
  assert.is(first.totalPages, Math.ceil(expected.length / RECORDS_PAGE_SIZE))
  const ids: number[] = []
  for (let page = 0; page < first.totalPages; page++) {
    const data = await notes(`notification_type=url_change_notification&page=${page}`)
    assert.is(data.currentPage, page)
    ids.push(...data.records.map((r) => r.id))
    for (const r of data.records) {
      assert.equal(Object.keys(r).sort(), [...RECORD_KEYS, 'categories'].sort())
      assert.is(r.notification_type, 'url_change_notification')
      assert.ok(r.categories!.length >= 1)
      assert.is(r.severityId, null)
    }
  }
  assert.equal(ids, expected)
  const beyond = await notes(`page=${first.totalPages}`)
  assert.equal([beyond.records, beyond.currentPage, beyond.totalPages], [[], first.totalPages, first.totalPages])
  assert.equal(
    first.statuses.map((s) => s.name),
    ['Scheduled', 'In Progress', 'Completed', 'Archived'],
  )
})

notifications('cloud applies only to cloud_app', async () => {
  // Ignored (even unknown) for the other types.
  assert.equal(await notes('notification_type=privacy_notification&cloud=nowhere'), await notes('notification_type=privacy_notification'))
  assert.equal(
    await notes('notification_type=url_change_notification&cloud=deception'),
    await notes('notification_type=url_change_notification'),
  )
  // cloud_app: filtered by cloud, all clouds without one.
  for (const cloud of ['auroraedge', 'private']) {
    const data = await notes(`notification_type=cloud_app&cloud=${cloud}`)
    assert.equal(
      data.records.map((r) => r.id),
      (await expectedNotifications('cloud_app', cloud)).slice(0, RECORDS_PAGE_SIZE),
      cloud,
    )
    assert.ok(data.records.every((r) => r.clouds.includes(cloud)))
  }
  const all = await notes('notification_type=cloud_app')
  assert.is(all.totalPages, Math.ceil((await expectedNotifications('cloud_app')).length / RECORDS_PAGE_SIZE))
  const none = await notes('notification_type=cloud_app&cloud=deception&page=0')
  assert.equal([none.records, none.currentPage, none.totalPages], [[], 0, 0])
  await expectError('/api/notifications?notification_type=cloud_app&cloud=nowhere', 404, 'unknown_cloud')
})

notifications('category filters by status; bad parameters answer 400', async () => {
  const completed = await notes('notification_type=url_change_notification&category=3')
  assert.ok(completed.records.length > 0 && completed.records.every((r) => r.status === 'Completed'))
  const scheduled = await notes('notification_type=url_change_notification&category=1')
  assert.ok(scheduled.records.length > 0 && scheduled.records.every((r) => r.status === 'Scheduled' && Date.parse(r.fromTime) > NOW))
  for (const url of [
    '/api/notifications?notification_type=email',
    '/api/notifications?page=-1',
    '/api/notifications?page=first',
    '/api/notifications?category=4',
    '/api/notifications?category=x',
  ]) {
    await expectError(url, 400, 'bad_request')
  }
})

notifications.run()

// ---------------------------------------------------------------------------------------------

const secrets = suite('internal-use fields')
secrets.before(async () => {
  t = await startApp()
})
secrets.after(async () => {
  await t.close()
})

secrets('no answer of the record endpoints carries an internal field or value', async () => {
  const values = new Set(
    (await query<Record<string, string | null>>(`select ${INTERNAL_FIELDS.join(', ')} from records`))
      .flatMap((r) => Object.values(r))
      .filter((v): v is string => typeof v === 'string' && v.length > 8),
  )
  assert.ok(values.size > 100, 'the seed fills internal fields')
  const urls: string[] = []
  for (const cloud of ['auroraedge', 'auroraedgethree', 'private', 'workload']) {
    for (const type of ['incident', 'maintenance', 'advisory']) {
      for (const page of [1, 2]) urls.push(`/api/${type}?cloud=${cloud}&page=${page}`)
      urls.push(`/api/${type}?cloud=${cloud}&date=2026-03-10&tz=Europe/Berlin`)
    }
    for (const type of ['recent_incident', 'scheduled_maintenance', 'advisory']) urls.push(`/api/calendar?cloud=${cloud}&type=${type}`)
  }
  for (const type of ['url_change_notification', 'cloud_app', 'privacy_notification']) {
    urls.push(`/api/notifications?notification_type=${type}&page=0`, `/api/notifications?notification_type=${type}&page=1&cloud=auroraedge`)
  }
  for (const id of Object.values(DEMO_RECORD_IDS)) urls.push(`/api/posts/${id}?cloud=auroraedge`)
  for (const key of Object.keys(REDIRECT_TARGETS))
    urls.push(`/api/notification/${DEMO_RECORD_IDS[key as keyof typeof REDIRECT_TARGETS]}/auroraedge`)
  const some = await query<{ id: number }>(
    `select r.id from records r join record_clouds rc on rc.record_id = r.id where rc.cloud_id = 1 order by r.id limit 30`,
  )
  for (const { id } of some) urls.push(`/api/posts/${id}?cloud=auroraedge`)

  for (const url of urls) {
    const res = await get(url)
    assert.is(res.statusCode, 200, url)
    const keys = keysDeep(JSON.parse(res.body))
    for (const field of INTERNAL_FIELDS) assert.not.ok(keys.has(field), `${field} in ${url}`)
    for (const value of values) assert.not.ok(res.body.includes(JSON.stringify(value).slice(1, -1)), `internal value in ${url}`)
    assert.not.ok(res.body.includes('.internal/'), url)
  }
})

secrets('one function decides: anonymous sees none, a privileged role all', async () => {
  assert.equal([...visibleInternalFields(ANONYMOUS)], [])
  assert.equal([...visibleInternalFields({ roles: ['authenticated'] })], [])
  assert.equal([...visibleInternalFields({ roles: ['authenticated', 'trust_admin'] })], [...INTERNAL_FIELDS])
  // The record query selects them only for such a viewer.
  const db = t.db()
  const [anonymous] = await loadRecords(db, [DEMO_RECORD_IDS.hostileIncident], ANONYMOUS)
  const [admin] = await loadRecords(db, [DEMO_RECORD_IDS.hostileIncident], { roles: ['administrator'] })
  for (const field of INTERNAL_FIELDS) assert.not.ok(field in anonymous.record, field)
  assert.type(admin.record.internal_note, 'string')
  assert.match(admin.record.jira_link!, /^https:\/\//)
  const {
    internal_note: _n,
    slack_link: _s,
    jira_link: _j,
    sfdc_link: _f,
    severity_link: _l,
    author: _a,
    created_by: _c,
    updated_by: _u,
    resolved_by: _r,
    ...rest
  } = admin.record as PrivilegedRecord
  assert.equal(rest, anonymous.record)
})

secrets.run()

// ---------------------------------------------------------------------------------------------

const seed = suite('seed: records for the lists')
seed.before(async () => {
  t = await startApp()
})
seed.after(async () => {
  await t.close()
})

seed('every cloud has at least 60 incidents over the last 90 days, and some are ongoing', async () => {
  const counts = await query<{ machine_name: string; n: number }>(
    `select c.machine_name, (select count(*) from records r join record_clouds rc on rc.record_id = r.id
       where rc.cloud_id = c.id and r.type = 'incident' and r.from_time > ? and r.from_time <= ?) as n from clouds c order by c.id`,
    NOW - 90 * DAY,
    NOW,
  )
  assert.is(counts.length, 11)
  for (const c of counts) assert.ok(c.n >= 60, `${c.machine_name}: ${c.n}`)
  const ongoing = (
    await query<{ machine_name: string }>(
      `select distinct c.machine_name from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where r.type = 'incident' and r.to_time is null`,
    )
  ).map((r) => r.machine_name)
  assert.ok(ongoing.length >= 4, ongoing.join())
})

seed('maintenance past and upcoming on every cloud, with postponed, archived and in-progress windows', async () => {
  const rows = await query<{ machine_name: string; past: number; upcoming: number }>(
    `select c.machine_name,
       sum(case when r.from_time < ? then 1 else 0 end) as past, sum(case when r.from_time > ? then 1 else 0 end) as upcoming
     from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where r.type = 'maintenance' group by c.id, c.machine_name`,
    NOW,
    NOW,
  )
  assert.is(rows.length, 11)
  for (const r of rows) assert.ok(r.past > 10 && r.upcoming >= 1, r.machine_name)
  const byStatus = Object.fromEntries(
    (
      await query<{ name: string; n: number }>(
        `select s.name, count(*) as n from records r join record_statuses s on s.id = r.status_id where r.type = 'maintenance' group by s.name`,
      )
    ).map((r) => [r.name, r.n]),
  )
  for (const status of ['Scheduled', 'In Progress', 'Completed', 'Postponed', 'Archived']) assert.ok(byStatus[status] >= 2, status)
  const inProgress = await query<{ from_time: number; to_time: number }>(
    `select r.from_time, r.to_time from records r join record_statuses s on s.id = r.status_id where r.type = 'maintenance' and s.name = 'In Progress'`,
  )
  assert.ok(inProgress.every((r) => r.from_time <= NOW && r.to_time > NOW))
})

seed('every record status is used; every advisory event type on every cloud; every notification type with categories', async () => {
  const statuses = await query<{ name: string; n: number }>(
    'select s.name, (select count(*) from records r where r.status_id = s.id) as n from record_statuses s',
  )
  assert.is(statuses.length, 8)
  for (const s of statuses) assert.ok(s.n > 0, s.name)

  const eventTypes = [
    'Under Investigation',
    'Service Disruption',
    'Service Degradation',
    'Informational',
    'No Service Impact',
    'Security Advisory',
  ]
  // The distinct event types of each cloud's advisories (what `group_concat(distinct …)` gave), grouped here.
  const pairs = await query<{ machine_name: string; event_type: string }>(
    `select distinct c.machine_name, r.event_type from clouds c
     join record_clouds rc on rc.cloud_id = c.id join records r on r.id = rc.record_id and r.type = 'advisory' where r.event_type is not null`,
  )
  const perCloud = new Map<string, string[]>()
  for (const p of pairs) perCloud.set(p.machine_name, [...(perCloud.get(p.machine_name) ?? []), p.event_type])
  assert.is(perCloud.size, 11)
  for (const [machineName, events] of perCloud) assert.equal(events.sort(), [...eventTypes].sort(), machineName)
  assert.is((await query(`select id from records where type = 'advisory' and (event_type is null or severity_tid is null)`)).length, 0)

  const types = await query<{ notification_type: string; n: number; linked: number }>(
    `select r.notification_type, count(distinct r.id) as n, count(distinct nc.tid) as linked from records r
     join record_terms rt on rt.record_id = r.id join notification_categories nc on nc.tid = rt.tid and nc.notification_type = r.notification_type
     where r.type = 'notification' group by r.notification_type order by 1`,
  )
  assert.equal(
    types.map((r) => r.notification_type),
    ['cloud_app', 'privacy_notification', 'url_change_notification'],
  )
  for (const r of types) assert.ok(r.n >= 8 && r.linked >= 3, r.notification_type)
  assert.is(
    (
      await query(
        `select id from records r where type = 'notification' and not exists (select 1 from record_terms rt where rt.record_id = r.id)`,
      )
    ).length,
    0,
  )
  assert.is((await query(`select id from records where (type = 'notification') <> (notification_type is not null)`)).length, 0)
})

seed('hostile bodies: one per list and notification type, stored raw, first on their lists for auroraedge', async () => {
  const hostile = await query<{ id: number; type: string; notification_type: string | null; body: string }>(
    `select id, type, notification_type, body from records where body like '%window.__pwned%' order by id`,
  )
  assert.equal(
    hostile.map((r) => r.id),
    [
      DEMO_RECORD_IDS.hostileIncident,
      DEMO_RECORD_IDS.hostileMaintenance,
      DEMO_RECORD_IDS.hostileAdvisory,
      DEMO_RECORD_IDS.hostileUrlCategoryNotification,
      DEMO_RECORD_IDS.hostileCloudAppNotification,
      DEMO_RECORD_IDS.hostilePrivacyNotification,
    ],
  )
  assert.equal(
    hostile.map((r) => r.notification_type ?? r.type),
    ['incident', 'maintenance', 'advisory', 'url_change_notification', 'cloud_app', 'privacy_notification'],
  )
  for (const r of hostile) for (const part of HOSTILE_PARTS) assert.ok(r.body.includes(part), `${r.id} ${part}`)
  // On the first page of their lists, and sent as stored.
  for (const [type, id] of [
    ['incident', DEMO_RECORD_IDS.hostileIncident],
    ['maintenance', DEMO_RECORD_IDS.hostileMaintenance],
    ['advisory', DEMO_RECORD_IDS.hostileAdvisory],
  ] as const) {
    const data = await list(type, 'cloud=auroraedge')
    const record = data.records.find((r) => r.id === id)
    assert.ok(record, `${type} ${id} on page 1`)
    for (const part of HOSTILE_PARTS) assert.ok(record.body.includes(part))
    assert.match(record.title, /^Markup check: /)
  }
  for (const [type, id] of [
    ['url_change_notification', DEMO_RECORD_IDS.hostileUrlCategoryNotification],
    ['cloud_app', DEMO_RECORD_IDS.hostileCloudAppNotification],
    ['privacy_notification', DEMO_RECORD_IDS.hostilePrivacyNotification],
  ] as const) {
    const data = await notes(`notification_type=${type}&page=0&cloud=auroraedge`)
    assert.ok(
      data.records.some((r) => r.id === id),
      `${type} ${id} on page 0`,
    )
  }
})

seed('bodies are rich HTML: tables, lists and links', async () => {
  for (const type of ['advisory', 'notification']) {
    const n = (
      await query<{ n: number }>(
        `select count(*) as n from records where type = ? and body like '%<table>%' and body like '%<a href="https://%' and (body like '%<ul>%' or body like '%<ol>%')`,
        type,
      )
    )[0].n
    assert.ok(n >= 10, type)
  }
})

seed('a database seeded before the list records gets them at its next start, once', async () => {
  const database = await createTestDatabase()
  const start = async () => (await buildApp({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, now: () => FIXED_NOW })).close()
  try {
    await start()
    const db = openDatabase(database.location)
    try {
      const count = async () => (await sql<{ n: number }>`select count(*) as n from records where id > 90000`.execute(db)).rows[0].n
      const seeded = await count()
      assert.ok(seeded > 100)
      // As the database looked before: no list records, categories or marker.
      await sql`delete from records where id > 90000`.execute(db)
      await sql`delete from notification_categories`.execute(db)
      await sql`delete from terms where vocabulary = 'notification_category'`.execute(db)
      await sql`delete from settings where key = 'record_lists_seeded'`.execute(db)
      await start()
      assert.is(await count(), seeded)
      await start()
      assert.is(await count(), seeded, 'not twice')
    } finally {
      await db.destroy()
    }
  } finally {
    await database.drop()
  }
})

seed.run()
