import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MAX_WEEK_OFFSET, WEEK_MINUTES } from '../../contract/constants.js'
import type { CloudStatusData, StatusIssue, StatusItem } from '../../contract/status.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'

// FIXED_NOW is Sunday 2026-03-15T09:30Z: the current week is 2026-03-09 … 2026-03-16 (exclusive).
const DAY = 86_400_000
const WEEK = 7 * DAY
const WEEK0_START = Date.parse('2026-03-09T00:00:00.000Z')
const weekStart = (offset: number) => WEEK0_START - offset * WEEK
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const INTERNAL_KEYS = [
  'internal_note',
  'slack_link',
  'jira_link',
  'sfdc_link',
  'severity_link',
  'author',
  'created_by',
  'updated_by',
  'resolved_by',
]

let t: TestApp

async function get(url: string) {
  return t.app.inject({ method: 'GET', url })
}

async function status(cloud: string, requestType: string, offset?: number): Promise<CloudStatusData> {
  const res = await get(`/api/cloud-status?cloud=${cloud}&requestType=${requestType}${offset === undefined ? '' : `&dateOffset=${offset}`}`)
  assert.is(res.statusCode, 200, `${cloud} ${requestType} ${offset}: ${res.body.slice(0, 200)}`)
  return body(res).data
}

const items = (data: CloudStatusData): StatusItem[] => data.category.flatMap((c) => c.subCategory)
const issues = (data: CloudStatusData): StatusIssue[] => items(data).flatMap((i) => i.issues)

/** Minutes from the week's start, clipped: computed here from the unclipped times. */
const clip = (start: number, instant: number) => Math.min(WEEK_MINUTES, Math.max(0, Math.floor((instant - start) / 60_000)))

const query = <T = any>(sql: string, ...params: unknown[]): Promise<T[]> => t.query<T>(sql, ...params)

const test = suite('GET /api/cloud-status')
test.before(async () => {
  t = await startApp()
})
test.after(async () => {
  await t.close()
})

test('the answer has the contract shape and types', async () => {
  const data = await status('auroraedge', 'core_cloud_services', 0)
  assert.equal(Object.keys(data).sort(), ['category', 'current_time', 'end_date', 'page_number', 'severity', 'start_date'])
  assert.is(data.category.length, 1)
  assert.is(data.category[0].tid, 'core_cloud_services')
  assert.is(data.category[0].title, 'Core Cloud Services')

  const severities = await query('select tid, name, color_code, show_legend from severities order by sort')
  assert.equal(
    data.severity.map((s) => [s.tid, s.name, s.color_code, s.show_legend]),
    severities.map((s) => [String(s.tid), s.name, s.color_code, s.show_legend === 1]),
  )
  assert.equal(
    data.severity.slice(0, 2).map((s) => [s.tid, s.icon]),
    [
      ['20', 'ban'],
      ['19', 'minus'],
    ],
  )
  for (const s of data.severity) {
    assert.equal(Object.keys(s).sort(), ['color_code', 'icon', 'name', 'show_legend', 'status_icon', 'tid'])
    assert.match(s.color_code, /^#[0-9a-f]{6}$/i)
    assert.type(s.show_legend, 'boolean')
  }

  const statusNames = new Set((await query<{ name: string }>('select name from record_statuses')).map((r) => r.name))
  const severityTids = new Set(data.severity.map((s) => s.tid))
  for (const cloud of ['auroraedge', 'auroraedgethree']) {
    for (const type of ['core_cloud_services', 'public', 'premium']) {
      const answer = await status(cloud, type, 1)
      for (const item of items(answer)) {
        assert.equal(Object.keys(item).sort(), [
          'category_status',
          'endDate',
          'info',
          'issues',
          'name',
          'startDate',
          'status',
          'subscribed',
          'tid',
          'uptime_30d',
          'uptime_90d',
          'uptime_since',
        ])
        assert.type(item.tid, 'number')
        assert.type(item.status, 'boolean')
        assert.is(item.subscribed, '0')
        assert.match(item.startDate, ISO)
        assert.ok(item.endDate === '' || ISO.test(item.endDate))
        assert.match(item.info, new RegExp(`^<strong>${item.name.replace('&', '&amp;')}</strong>`))
        for (const issue of item.issues) {
          assert.equal(Object.keys(issue).sort(), [
            'alias',
            'description',
            'endTime',
            'from',
            'id',
            'severityTid',
            'short_description',
            'startTime',
            'status',
            'title',
            'to',
            'type',
          ])
          assert.type(issue.id, 'number')
          assert.match(issue.alias, new RegExp(`^/(incidents|maintenance)/${issue.id}$`))
          assert.ok(issue.type === 'incident' || issue.type === 'maintenance')
          assert.ok(issue.alias.startsWith(issue.type === 'incident' ? '/incidents/' : '/maintenance/'))
          assert.ok(severityTids.has(issue.severityTid), issue.severityTid)
          assert.ok(statusNames.has(issue.status), issue.status)
          assert.match(issue.startTime, ISO)
          assert.ok(issue.endTime === null || ISO.test(issue.endTime))
          assert.ok(Number.isInteger(issue.from) && Number.isInteger(issue.to))
          assert.ok(issue.from >= 0 && issue.from <= issue.to && issue.to <= WEEK_MINUTES, `${issue.id} ${issue.from}-${issue.to}`)
          assert.ok(issue.title.length > 0 && issue.short_description.length > 0)
          assert.match(issue.description, /<p>/)
        }
      }
    }
  }
})

test('week bounds and current time: offset 0 ends at the coming midnight, offset 12 is 84 days earlier', async () => {
  const zero = await status('auroraedge', 'core_cloud_services')
  assert.is(zero.start_date, '2026-03-09T00:00:00.000Z')
  assert.is(zero.end_date, '2026-03-16T00:00:00.000Z')
  assert.is(zero.current_time, 6 * 1440 + 9 * 60 + 30)
  assert.is(zero.page_number, 0)
  assert.equal(await status('auroraedge', 'core_cloud_services', 0), zero, 'dateOffset defaults to 0')

  const twelve = await status('auroraedge', 'public', MAX_WEEK_OFFSET)
  assert.is(twelve.start_date, '2025-12-15T00:00:00.000Z')
  assert.is(twelve.end_date, '2025-12-22T00:00:00.000Z')
  assert.is(twelve.current_time, WEEK_MINUTES)
  assert.is(twelve.page_number, 12)

  for (let offset = 0; offset <= MAX_WEEK_OFFSET; offset++) {
    const data = await status('private', 'core_cloud_services', offset)
    assert.is(Date.parse(data.start_date), weekStart(offset))
    assert.is(Date.parse(data.end_date) - Date.parse(data.start_date), WEEK)
  }
})

test('current time at the edges of a day', async () => {
  for (const [now, start, minutes] of [
    ['2026-03-15T00:00:00.000Z', '2026-03-09T00:00:00.000Z', 8640],
    ['2026-03-15T23:59:59.999Z', '2026-03-09T00:00:00.000Z', 10079],
    ['2026-03-16T00:00:00.000Z', '2026-03-10T00:00:00.000Z', 8640],
  ] as const) {
    const other = await startApp({ now: () => new Date(now) })
    try {
      const res = await other.app.inject('/api/cloud-status?cloud=auroraedge&requestType=core_cloud_services')
      const data: CloudStatusData = body(res).data
      assert.is(data.start_date, start, now)
      assert.is(data.current_time, minutes, now)
      const ongoing = issues(data).filter((i) => i.endTime === null)
      assert.ok(ongoing.length > 0, now)
      for (const i of ongoing) assert.is(i.to, minutes)
    } finally {
      await other.close()
    }
  }
})

test('issues are clipped to the week; unclipped times are the records; the boundary issue is in both weeks', async () => {
  for (let offset = 0; offset <= 3; offset++) {
    const data = await status('auroraedge', 'public', offset)
    const start = Date.parse(data.start_date)
    for (const issue of issues(data)) {
      const from = Date.parse(issue.startTime)
      const to = issue.endTime === null ? FIXED_NOW.getTime() : Date.parse(issue.endTime)
      assert.ok(from < start + WEEK && to > start, `${issue.id} overlaps the week`)
      assert.is(issue.from, clip(start, from), `${issue.id} from`)
      assert.is(issue.to, clip(start, to), `${issue.id} to`)
    }
  }

  // Records of auroraedge across the boundary between weeks 2 and 1, straight from the database.
  const boundary = weekStart(1)
  const spanning = await query<{ id: number; from_time: number; to_time: number }>(
    `select r.id, r.from_time, r.to_time from records r join record_clouds rc on rc.record_id = r.id
     join clouds c on c.id = rc.cloud_id join record_terms rt on rt.record_id = r.id
     join cloud_data_centers cdc on cdc.data_center_tid = rt.tid and cdc.cloud_id = c.id and cdc.premium_dc = 0
     where c.machine_name = 'auroraedge' and r.from_time < ? and r.to_time > ?`,
    boundary,
    boundary,
  )
  assert.ok(spanning.length >= 1, 'the seed has an issue across a week boundary')
  const [one, two] = [await status('auroraedge', 'public', 1), await status('auroraedge', 'public', 2)]
  for (const record of spanning) {
    const inOne = issues(one).find((i) => i.id === record.id)
    const inTwo = issues(two).find((i) => i.id === record.id)
    assert.ok(inOne && inTwo, `record ${record.id} in both weeks`)
    assert.is(inOne.from, 0, 'clipped at the start of the later week')
    assert.is(inOne.to, Math.floor((record.to_time - boundary) / 60_000))
    assert.is(inTwo.to, WEEK_MINUTES, 'clipped at the end of the earlier week')
    assert.is(inTwo.from, WEEK_MINUTES - Math.ceil((boundary - record.from_time) / 60_000))
    assert.is(inOne.startTime, new Date(record.from_time).toISOString())
    assert.is(inTwo.endTime, new Date(record.to_time).toISOString())
  }
})

test('an ongoing issue has endTime null and ends at current_time; in past weeks it runs to the end', async () => {
  const data = await status('auroraedge', 'core_cloud_services', 0)
  const ongoing = issues(data).filter((i) => i.endTime === null)
  assert.ok(ongoing.length >= 1)
  for (const issue of ongoing) {
    assert.is(issue.to, data.current_time)
    assert.is(issue.status, 'In Progress')
    const row = (await query('select to_time, from_time from records where id = ?', issue.id))[0]
    assert.is(row.to_time, null)
    assert.is(issue.startTime, new Date(row.from_time).toISOString())
  }
  const dc = issues(await status('auroraedgethree', 'public', 0)).filter((i) => i.endTime === null)
  assert.ok(dc.length >= 1, 'an ongoing data-center issue')

  // Make one ongoing record start two weeks ago: it covers the whole of week 1.
  const id = ongoing[0].id
  const [{ from_time: original }] = await query<{ from_time: number }>('select from_time from records where id = ?', id)
  try {
    await t.exec('update records set from_time = ? where id = ?', weekStart(2) + DAY, id)
    const week1 = issues(await status('auroraedge', 'core_cloud_services', 1)).find((i) => i.id === id)
    assert.ok(week1)
    assert.equal([week1.from, week1.to, week1.endTime], [0, WEEK_MINUTES, null])
  } finally {
    await t.exec('update records set from_time = ? where id = ?', original, id)
  }
})

test('future maintenance later this week, and two overlapping issues on one row', async () => {
  const data = await status('auroraedge', 'core_cloud_services', 0)
  const future = issues(data).filter((i) => Date.parse(i.startTime) > FIXED_NOW.getTime())
  assert.ok(future.length >= 1)
  for (const issue of future) {
    assert.is(issue.type, 'maintenance')
    assert.is(issue.status, 'Scheduled')
    assert.ok(issue.from > data.current_time && issue.to <= WEEK_MINUTES)
  }

  const week1 = await status('auroraedge', 'core_cloud_services', 1)
  const overlapping = items(week1).filter((item) =>
    item.issues.some((a, i) => item.issues.some((b, j) => i < j && a.from < b.to && b.from < a.to)),
  )
  assert.ok(overlapping.length >= 1, 'a row with overlapping issues')
})

test('issues, counts and rows are computed from the database', async () => {
  for (const [cloud, type, offset] of [
    ['auroraedge', 'core_cloud_services', 0],
    ['auroraedgeone', 'public', 4],
    ['auroraedgethree', 'premium', 7],
    ['private', 'public', 12],
  ] as const) {
    const data = await status(cloud, type, offset)
    const start = weekStart(offset)
    for (const item of items(data)) {
      const expected = (
        await query<{ id: number }>(
          `select r.id from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
         join record_terms rt on rt.record_id = r.id
         where c.machine_name = ? and rt.tid = ? and r.type in ('incident', 'maintenance')
           and r.from_time < ? and (r.to_time is null or r.to_time > ?)
         order by r.from_time, r.id`,
          cloud,
          item.tid,
          start + WEEK,
          start,
        )
      ).map((r) => r.id)
      assert.equal(
        item.issues.map((i) => i.id),
        expected,
        `${cloud} ${item.name}`,
      )
      const counts: Record<string, number> = {}
      for (const i of item.issues) counts[i.severityTid] = (counts[i.severityTid] ?? 0) + 1
      assert.equal(Object.fromEntries(item.category_status.map((c) => [c.severityTid, c.count])), counts)
      const order = data.severity.map((s) => s.tid)
      const positions = item.category_status.map((c) => order.indexOf(c.severityTid))
      assert.equal(
        positions,
        [...positions].sort((a, b) => a - b),
        'severity order',
      )
      for (let i = 1; i < item.issues.length; i++) assert.ok(item.issues[i - 1].startTime <= item.issues[i].startTime, 'sorted by start')
    }
  }
})

test('every week 0…12 has issues on core services and public data centers of each cloud with those blocks', async () => {
  const clouds = body(await get('/api/global')).data.clouds as Array<{ machine_name: string; cloud_status: Record<string, string> }>
  let checked = 0
  for (const cloud of clouds) {
    for (let offset = 0; offset <= MAX_WEEK_OFFSET; offset++) {
      if (cloud.cloud_status.core_cloud_services === '1') {
        assert.ok(
          issues(await status(cloud.machine_name, 'core_cloud_services', offset)).length > 0,
          `${cloud.machine_name} core ${offset}`,
        )
        checked++
      }
      if (cloud.cloud_status.datacenter === '1') {
        assert.ok(issues(await status(cloud.machine_name, 'public', offset)).length > 0, `${cloud.machine_name} public ${offset}`)
        checked++
      }
      if (cloud.cloud_status.premium_datacenter === '1') {
        assert.ok(issues(await status(cloud.machine_name, 'premium', offset)).length > 0, `${cloud.machine_name} premium ${offset}`)
        checked++
      }
    }
  }
  assert.is(checked, 11 * 13 + 8 * 13 + 13)
})

test('data centers: grouped by region in region order, by name; premium only on auroraedgethree', async () => {
  const premium = await status('auroraedgethree', 'premium')
  assert.equal(
    premium.category.map((c) => c.title),
    ['EMEA', 'Americas', 'APAC'],
  )
  const regions = await query<{ tid: number; name: string }>('select tid, name from regions order by sort')
  assert.equal(
    premium.category.map((c) => c.tid),
    regions.map((r) => r.tid),
  )
  assert.equal(
    items(premium).map((i) => i.name),
    ['Frankfurt IV', 'London III', 'New York III', 'San Francisco IV', 'Singapore IV', 'Tokyo IV'],
  )
  assert.ok(items(premium).every((i) => i.info.includes('Premium data center')))

  const publicDcs = await status('auroraedgethree', 'public')
  const names = items(publicDcs).map((i) => i.name)
  assert.is(names.length, 95 - 6)
  assert.not.ok(names.includes('London III'))
  for (const group of publicDcs.category) {
    const inGroup = group.subCategory.map((i) => i.name)
    assert.equal(
      inGroup,
      [...inGroup].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      group.title,
    )
  }
  const amsterdam = items(publicDcs).find((i) => i.name === 'Amsterdam II')!
  assert.is(amsterdam.info, '<strong>Amsterdam II</strong><br>Amsterdam, Netherlands · EMEA')

  for (const cloud of ['auroraedge', 'private', 'deception']) {
    assert.equal((await status(cloud, 'premium')).category, [], `${cloud} has no premium data centers`)
  }
  // Block switched off for the cloud (workload has data centers but no data-center block).
  assert.equal((await status('workload', 'public')).category, [])
  assert.equal((await status('deception', 'public')).category, [])
})

test('decommissioned rows: status false with endDate while in the week, left out before', async () => {
  const rows = await query<{ machine_name: string; name: string; end_date: number }>(
    `select c.machine_name, dc.name, cdc.end_date from cloud_data_centers cdc join clouds c on c.id = cdc.cloud_id
     join data_centers dc on dc.tid = cdc.data_center_tid where cdc.active = 0`,
  )
  assert.ok(rows.length >= 4)
  let shown = 0
  for (const offset of [0, 3, 9, 12]) {
    const start = weekStart(offset)
    for (const cloud of ['auroraedgeone', 'auroraedgetwo']) {
      const data = await status(cloud, 'public', offset)
      for (const row of rows.filter((r) => r.machine_name === cloud)) {
        const item = items(data).find((i) => i.name === row.name)
        if (row.end_date > start) {
          assert.ok(item, `${cloud} ${row.name} decommissioned during or after week ${offset}`)
          assert.is(item.status, false)
          assert.is(item.endDate, new Date(row.end_date).toISOString())
          assert.match(item.info, /Decommissioned on \d{1,2} \w{3} \d{4}/)
          shown++
        } else {
          assert.is(item, undefined, `${cloud} ${row.name} left out of week ${offset}`)
        }
      }
      for (const item of items(data)) if (item.status) assert.is(item.endDate, '')
    }
  }
  assert.ok(shown > 0)
  const current = items(await status('auroraedgeone', 'public', 0)).filter((i) => !i.status)
  assert.ok(current.length >= 1, 'the current week shows a decommissioned data center')

  const services = items(await status('auroraedgetwo', 'core_cloud_services', 0))
  const legacy = services.find((i) => !i.status)
  assert.ok(legacy, 'a decommissioned service in the current week')
  assert.ok(Date.parse(legacy.endDate) > weekStart(0))
  assert.ok(services.filter((i) => i.status).length >= 5)
})

test('errors: 400 for a bad offset, type or missing parameter; 404 for an unknown cloud', async () => {
  for (const query of [
    'cloud=auroraedge&requestType=public&dateOffset=13',
    'cloud=auroraedge&requestType=public&dateOffset=-1',
    'cloud=auroraedge&requestType=public&dateOffset=1.5',
    'cloud=auroraedge&requestType=public&dateOffset=abc',
    'cloud=auroraedge&requestType=private',
    'cloud=auroraedge',
    'requestType=public',
    'cloud=&requestType=public',
  ]) {
    const res = await get(`/api/cloud-status?${query}`)
    assert.is(res.statusCode, 400, query)
    assert.is(body(res).error.code, 'bad_request', query)
    assert.is(res.headers['cache-control'], 'no-store', query)
  }
  const unknown = await get('/api/cloud-status?cloud=nowhere&requestType=public')
  assert.is(unknown.statusCode, 404)
  assert.is(body(unknown).error.code, 'unknown_cloud')

  const byDomain = await status('trust.auroraedge.net', 'public', 2)
  assert.equal(byDomain, await status('auroraedge', 'public', 2), 'a cloud by domain gives the same answer')
})

test('public caching, ETag and CORS without credentials', async () => {
  const url = '/api/cloud-status?cloud=auroraedgethree&requestType=public&dateOffset=0'
  const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://console.vendor.example' } })
  assert.is(res.statusCode, 200)
  assert.is(res.headers['cache-control'], 'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(res.headers['access-control-allow-origin'], '*')
  assert.is(res.headers['access-control-allow-credentials'], undefined)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const tag = res.headers.etag
  assert.type(tag, 'string')
  const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(tag) } })
  assert.is(again.statusCode, 304)
})

test('internal-only fields never reach the answer', async () => {
  const internal = await query<Record<string, string | null>>(`select ${INTERNAL_KEYS.join(', ')} from records`)
  const secrets = new Set(
    internal.flatMap((r) => [r.internal_note, r.jira_link, r.slack_link, r.sfdc_link, r.severity_link].filter(Boolean) as string[]),
  )
  assert.ok(secrets.size > 100, 'the seed fills internal fields')
  for (const [cloud, type] of [
    ['auroraedge', 'core_cloud_services'],
    ['auroraedge', 'public'],
    ['auroraedgethree', 'premium'],
  ]) {
    for (const offset of [0, 1, 6]) {
      const res = await get(`/api/cloud-status?cloud=${cloud}&requestType=${type}&dateOffset=${offset}`)
      for (const key of INTERNAL_KEYS) assert.not.ok(res.body.includes(`"${key}"`), key)
      for (const secret of secrets) assert.not.ok(res.body.includes(secret), secret)
      assert.not.ok(res.body.includes('.internal/'), 'no internal links')
    }
  }
})

test('the hostile record body is sent as stored (the front end sanitises it)', async () => {
  const hostile = await query<{ id: number }>(`select id from records where body like '%onerror="alert(1)"%'`)
  assert.is(hostile.length, 1)
  const data = await status('auroraedge', 'core_cloud_services', 0)
  const issue = issues(data).find((i) => i.id === hostile[0].id)
  assert.ok(issue, 'the hostile record is on the current week')
  assert.match(issue.description, /<script>/)
})

test('tz: the week is 7 days of that zone ending with its today, 10080 minutes, the same records placed from its start', async () => {
  const zoned = async (tz: string, offset = 0) => {
    const res = await get(`/api/cloud-status?cloud=auroraedge&requestType=public&dateOffset=${offset}&tz=${encodeURIComponent(tz)}`)
    assert.is(res.statusCode, 200, res.body.slice(0, 200))
    return body(res).data as CloudStatusData
  }
  // FIXED_NOW 2026-03-15T09:30Z is 23:30 on Sunday 15 March at UTC+14: that week ends at its
  // midnight, 2026-03-15T10:00Z.
  const kiri = await zoned('Pacific/Kiritimati')
  assert.is(kiri.start_date, '2026-03-08T10:00:00.000Z')
  assert.is(kiri.end_date, '2026-03-15T10:00:00.000Z')
  assert.is(kiri.current_time, WEEK_MINUTES - 30)
  // 02:30 on Sunday 15 March in Los Angeles (UTC−7 since 8 March): 9 … 15 March there.
  const la = await zoned('America/Los_Angeles')
  assert.is(la.start_date, '2026-03-09T07:00:00.000Z')
  assert.is(la.end_date, '2026-03-16T07:00:00.000Z')
  assert.is(la.current_time, clip(Date.parse(la.start_date), Date.parse('2026-03-15T09:30:00.000Z')))
  // The week before spans the change to daylight-saving time (a 167-hour week there): it ends at
  // the local midnight of 9 March and, 10080 minutes long, starts an hour before that of 2 March.
  const laBefore = await zoned('America/Los_Angeles', 1)
  assert.is(laBefore.end_date, '2026-03-09T07:00:00.000Z')
  assert.is(laBefore.start_date, '2026-03-02T07:00:00.000Z')
  const past = await zoned('Pacific/Kiritimati', 2)
  assert.is(past.start_date, '2026-02-22T10:00:00.000Z')
  assert.is(past.current_time, WEEK_MINUTES)
  for (const issue of issues(kiri)) {
    const start = Date.parse(kiri.start_date)
    assert.is(issue.from, clip(start, Date.parse(issue.startTime)), `issue ${issue.id} from`)
  }
  // UTC, named or not, is the week without tz; an unknown zone is refused.
  assert.equal(await zoned('UTC'), await status('auroraedge', 'public', 0))
  assert.is((await status('auroraedge', 'public', 0)).start_date, new Date(weekStart(0)).toISOString())
  const bad = await get('/api/cloud-status?cloud=auroraedge&requestType=public&tz=Mars%2FOlympus')
  assert.is(bad.statusCode, 400)
  assert.is(body(bad).error.code, 'bad_request')
})

test.run()
