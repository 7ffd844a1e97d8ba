/**
 * Uptime per service and data center (docs/statuspage-api.md; `server/statuspage/uptime.ts`): the formula
 * on crafted records (pure function), then through the HTTP API: an incident published through the
 * admin API moves `uptime_30d` / `uptime_90d` of its component in `components.json` and in
 * `GET /api/cloud-status`, which agree for every component, while maintenance changes nothing.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { CloudStatusData, StatusItem } from '../../contract/status.js'
import type { StatuspageComponent } from '../../contract/statuspage.js'
import { DAY_MS } from '../../server/lib/week.js'
import { componentUptimes, type UptimeSpan, uptimePercent, uptimeSince } from '../../server/statuspage/uptime.js'
import { body, FIXED_NOW, type TestApp } from './helpers.js'
import { ADMIN, type Session, send, signedIn } from './staff-helpers.js'

const NOW = FIXED_NOW.getTime()
const HOUR = 3_600_000
const MINUTE = 60_000
const ALWAYS = { start: null, end: null }
/** A disruption ('20'), degradation ('19') or other span from `from` to `to` (null: ongoing). */
const span = (severityTid: number | null, from: number, to: number | null): UptimeSpan => ({ severityTid, from, to })

const formula = suite('uptime: the formula on crafted records')

formula('nothing counted is 100; a 1-minute disruption in 30 days is 99.99, never rounded up to 100', () => {
  assert.is(uptimePercent([], ALWAYS, 30, NOW), 100)
  assert.is(uptimePercent([span(20, NOW - 2 * HOUR, NOW - 2 * HOUR + MINUTE)], ALWAYS, 30, NOW), 99.99)
  assert.is(uptimePercent([span(20, NOW - HOUR, NOW - HOUR + 1000)], ALWAYS, 90, NOW), 99.99, 'one second in 90 days')
  assert.is(uptimePercent([span(20, NOW - 40 * DAY_MS, NOW)], ALWAYS, 30, NOW), 0, 'down all the time')
  // 3 h of 720 h: 99.5833… rounded down.
  assert.is(uptimePercent([span(20, NOW - 10 * HOUR, NOW - 7 * HOUR)], ALWAYS, 30, NOW), 99.58)
})

formula('overlapping disruptions count once', () => {
  const a = span(20, NOW - 10 * HOUR, NOW - 8 * HOUR)
  const b = span(20, NOW - 9 * HOUR, NOW - 7 * HOUR)
  const inside = span(20, NOW - 9.5 * HOUR, NOW - 9 * HOUR)
  // The union is 3 h, as one 3-hour disruption.
  assert.is(uptimePercent([a, b, inside], ALWAYS, 30, NOW), 99.58)
  assert.is(uptimePercent([b, a], ALWAYS, 30, NOW), uptimePercent([span(20, NOW - 10 * HOUR, NOW - 7 * HOUR)], ALWAYS, 30, NOW))
})

formula('a degradation weighs 0.3; the part of it under a disruption is down, not counted twice', () => {
  // 10 h degraded: 100 × (720 − 3) / 720 = 99.5833…
  assert.is(uptimePercent([span(19, NOW - 20 * HOUR, NOW - 10 * HOUR)], ALWAYS, 30, NOW), 99.58)
  // Down 2 h, degraded 4 h of which 1 h is under the disruption: 100 × (720 − 2 − 0.3 × 3) / 720 = 99.5972…
  const down = span(20, NOW - 10 * HOUR, NOW - 8 * HOUR)
  const degraded = span(19, NOW - 9 * HOUR, NOW - 5 * HOUR)
  assert.is(uptimePercent([down, degraded], ALWAYS, 30, NOW), 99.59)
  // A degradation wholly inside a disruption adds nothing.
  assert.is(uptimePercent([down, span(19, NOW - 9.5 * HOUR, NOW - 8.5 * HOUR)], ALWAYS, 30, NOW), uptimePercent([down], ALWAYS, 30, NOW))
})

formula('other severities count as up', () => {
  assert.is(uptimePercent([span(18, NOW - 10 * HOUR, NOW), span(null, NOW - 5 * HOUR, NOW)], ALWAYS, 30, NOW), 100)
})

formula('an ongoing incident runs to now', () => {
  // 6 h down of 720 h: 99.1666…
  assert.is(uptimePercent([span(20, NOW - 6 * HOUR, null)], ALWAYS, 30, NOW), 99.16)
  assert.is(uptimePercent([span(20, NOW + HOUR, null)], ALWAYS, 30, NOW), 100, 'one yet to start counts nothing')
})

formula('records outside the window change nothing; one across its start counts from the start', () => {
  const old = span(20, NOW - 45 * DAY_MS, NOW - 31 * DAY_MS)
  assert.is(uptimePercent([old], ALWAYS, 30, NOW), 100)
  // 14 days of 90: 100 × 76 / 90 = 84.444…
  assert.is(uptimePercent([old], ALWAYS, 90, NOW), 84.44)
  // From 31 to 29 days ago: 1 day of the 30 counts.
  assert.is(uptimePercent([span(20, NOW - 31 * DAY_MS, NOW - 29 * DAY_MS)], ALWAYS, 30, NOW), 96.66)
  assert.is(uptimePercent([span(20, NOW - 100 * DAY_MS, NOW - 95 * DAY_MS)], ALWAYS, 90, NOW), 100)
})

formula('the component start date clips the window and is named; no window, no uptime', () => {
  const disruption = span(20, NOW - 2 * DAY_MS, NOW - DAY_MS)
  // In service for 10 days, down 1 of them: 90.00 over both windows, counted since its day.
  const start = NOW - 10 * DAY_MS
  assert.equal(componentUptimes([disruption], { start, end: null }, NOW), {
    uptime_30d: 90,
    uptime_90d: 90,
    uptime_since: new Date(start).toISOString().slice(0, 10),
  })
  // Decommissioned 3 days ago after 7 days in service: the day down counts against 7 days, and
  // what came after the end not at all.
  const after = span(20, NOW - 2 * DAY_MS, NOW)
  assert.is(
    uptimePercent([after, span(20, NOW - 5 * DAY_MS, NOW - 4 * DAY_MS)], { start: NOW - 10 * DAY_MS, end: NOW - 3 * DAY_MS }, 30, NOW),
    85.71,
  )
  // Starts later than now, or was decommissioned before the 30 days began.
  assert.equal(componentUptimes([], { start: NOW + DAY_MS, end: null }, NOW), { uptime_30d: null, uptime_90d: null, uptime_since: null })
  assert.equal(componentUptimes([], { start: null, end: NOW - 40 * DAY_MS }, NOW), {
    uptime_30d: null,
    uptime_90d: 100,
    uptime_since: null,
  })
  assert.equal(componentUptimes([], { start: null, end: NOW - 90 * DAY_MS }, NOW), {
    uptime_30d: null,
    uptime_90d: null,
    uptime_since: null,
  })
})

formula('uptime_since: the UTC day of a start inside the 90 days; null for an older, unknown or future start', () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  // 40 days in service: the 30-day window is whole, the 90-day one counts since the start day.
  const disruption = span(20, NOW - 35 * DAY_MS, NOW - 34 * DAY_MS)
  const forty = componentUptimes([disruption], { start: NOW - 40 * DAY_MS, end: null }, NOW)
  assert.equal(forty, { uptime_30d: 100, uptime_90d: 97.5, uptime_since: day(NOW - 40 * DAY_MS) })
  // The day is the start's UTC day, whatever its time of day.
  assert.is(uptimeSince({ start: Date.parse('2026-11-12T23:59:59.999Z'), end: null }, Date.parse('2026-11-20T00:00:00Z')), '2026-11-12')
  assert.is(uptimeSince({ start: Date.parse('2026-11-12T00:00:00.000Z'), end: null }, Date.parse('2026-11-12T00:00:00.000Z')), '2026-11-12')
  // In service since exactly 90 days or longer: nothing is clipped.
  assert.is(uptimeSince({ start: NOW - 90 * DAY_MS, end: null }, NOW), null)
  assert.is(uptimeSince({ start: NOW - 90 * DAY_MS + 1, end: null }, NOW), day(NOW - 90 * DAY_MS + 1))
  assert.is(uptimeSince({ start: NOW - 400 * DAY_MS, end: null }, NOW), null)
  assert.is(uptimeSince({ start: null, end: null }, NOW), null, 'unknown start')
  assert.is(uptimeSince({ start: NOW + 1, end: null }, NOW), null, 'not in service yet')
  // A decommissioned component keeps the day its figures count from.
  assert.is(componentUptimes([], { start: NOW - 20 * DAY_MS, end: NOW - 5 * DAY_MS }, NOW).uptime_since, day(NOW - 20 * DAY_MS))
})

formula('less than a day in service: no figure, only the day (a minute down in its first minutes is not 74 %)', () => {
  // The production report: a data center saved a few minutes ago, one incident of about a minute.
  const start = NOW - 4 * MINUTE
  const minute = span(20, NOW - 2 * MINUTE, NOW - MINUTE)
  assert.equal(componentUptimes([minute], { start, end: null }, NOW), {
    uptime_30d: null,
    uptime_90d: null,
    uptime_since: new Date(start).toISOString().slice(0, 10),
  })
  // Just under a day: still none; a day exactly: a figure over that day (1 min of 1440 down).
  assert.is(uptimePercent([minute], { start: NOW - DAY_MS + 1, end: null }, 30, NOW), null)
  assert.is(uptimePercent([minute], { start: NOW - DAY_MS, end: null }, 30, NOW), 99.93)
  // The same rule at the other end: decommissioned 29.5 days ago, half a day of the 30 was its.
  assert.is(uptimePercent([], { start: null, end: NOW - 29.5 * DAY_MS }, 30, NOW), null)
  assert.is(uptimePercent([], { start: null, end: NOW - 29 * DAY_MS }, 30, NOW), 100)
})

formula.run()

const api = suite('uptime: components.json and GET /api/cloud-status')
let t: TestApp
let admin: Session
signedIn(api, ADMIN, (app, session) => ([t, admin] = [app, session]))

async function get<T = any>(url: string): Promise<T> {
  const res = await t.app.inject(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  return body<T>(res)
}

async function publish(payload: Record<string, unknown>): Promise<void> {
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload: { notify: false, ...payload } })
  assert.is(res.statusCode, 201, res.body)
}

const components = async (): Promise<StatuspageComponent[]> => (await get('/auroraedge.net/api/v2/components.json')).components
const timelineRows = async (requestType: string, offset = 0): Promise<StatusItem[]> =>
  (
    await get<{ data: CloudStatusData }>(`/api/cloud-status?cloud=auroraedge&requestType=${requestType}&dateOffset=${offset}`)
  ).data.category.flatMap((c) => c.subCategory)

api('a published disruption moves its data center’s uptime in both answers, which agree; maintenance does not', async () => {
  const [dc] = await t.query<{ tid: number; name: string }>(
    `select dc.tid, dc.name from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid join clouds c on c.id = cdc.cloud_id
     where c.machine_name = 'auroraedge' and cdc.active = 1 and cdc.premium_dc = 0 order by dc.name limit 1`,
  )
  // The seed's incidents leave this data center: only the crafted ones below count.
  await t.exec(`delete from record_terms where tid = ? and record_id in (select id from records where type = 'incident')`, dc.tid)
  const id = `auroraedge-dc-${dc.tid}`
  assert.equal(
    (await components()).filter((c) => c.id === id).map((c) => [c.uptime_30d, c.uptime_90d]),
    [[100, 100]],
  )

  const at = (ms: number) => new Date(ms).toISOString()
  const base = { clouds: ['auroraedge'], terms: [dc.tid], summary: 'Crafted for the uptime test.' }
  // 3 h of disruption 10 days ago; 10 h of degradation 40 days ago (only in the 90 days).
  await publish({
    ...base,
    type: 'incident',
    title: 'Down',
    status: 'Resolved',
    severity: 20,
    from: at(NOW - 10 * DAY_MS),
    to: at(NOW - 10 * DAY_MS + 3 * HOUR),
  })
  await publish({
    ...base,
    type: 'incident',
    title: 'Slow',
    status: 'Resolved',
    severity: 19,
    from: at(NOW - 40 * DAY_MS),
    to: at(NOW - 40 * DAY_MS + 10 * HOUR),
  })
  // Planned work all day yesterday, and an informational incident: neither is downtime.
  await publish({ ...base, type: 'maintenance', title: 'Planned', status: 'Completed', from: at(NOW - 2 * DAY_MS), to: at(NOW - DAY_MS) })
  await publish({
    ...base,
    type: 'incident',
    title: 'FYI',
    status: 'Resolved',
    severity: 18,
    from: at(NOW - 5 * DAY_MS),
    to: at(NOW - 4 * DAY_MS),
  })

  const expected = {
    // 100 × (720 h − 3 h) / 720 h = 99.5833…
    uptime_30d: 99.58,
    // 100 × (2160 h − 3 h − 0.3 × 10 h) / 2160 h = 99.7222…
    uptime_90d: 99.72,
  }
  const all = await components()
  const component = all.find((c) => c.id === id)!
  assert.equal({ uptime_30d: component.uptime_30d, uptime_90d: component.uptime_90d }, expected)
  const row = (await timelineRows('public')).find((r) => r.tid === dc.tid)!
  assert.equal({ uptime_30d: row.uptime_30d, uptime_90d: row.uptime_90d }, expected)
  // The same figures whatever week the timeline shows: they are relative to now.
  const old = (await timelineRows('public', 12)).find((r) => r.tid === dc.tid)!
  assert.equal({ uptime_30d: old.uptime_30d, uptime_90d: old.uptime_90d }, expected)

  // Groups have none; every component and its timeline row agree.
  for (const c of all.filter((c) => c.group)) assert.equal([c.uptime_30d, c.uptime_90d], [null, null], c.id)
  const rows = [...(await timelineRows('core_cloud_services')), ...(await timelineRows('public'))]
  const members = all.filter((c) => !c.group)
  assert.ok(members.length > 5)
  for (const c of members) {
    const tid = Number(c.id.split('-').at(-1))
    const r = rows.find((x) => x.tid === tid)
    assert.ok(r, c.id)
    assert.equal([c.uptime_30d, c.uptime_90d], [r!.uptime_30d, r!.uptime_90d], c.id)
    for (const u of [c.uptime_30d!, c.uptime_90d!]) assert.ok(u >= 0 && u <= 100 && Math.round(u * 100) === u * 100, `${c.id}: ${u}`)
  }
  // The seed's disruptions show: not everything is at 100.
  assert.ok(
    members.some((c) => c.uptime_90d! < 100),
    'some seeded component had an incident',
  )
  // The site's page carries the same figures.
  const site: StatuspageComponent[] = (await get('/api/v2/summary.json')).components
  const onSite = site.find((c) => c.id === id)!
  assert.equal({ uptime_30d: onSite.uptime_30d, uptime_90d: onSite.uptime_90d }, expected)
})

api('a data center new on the cloud: figures since its day, none on its first day; both answers say since when', async () => {
  const [young, newest] = await t.query<{ tid: number; cloud_id: number }>(
    `select dc.tid, c.id as cloud_id from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid join clouds c on c.id = cdc.cloud_id
     where c.machine_name = 'auroraedge' and cdc.active = 1 and cdc.premium_dc = 0 order by dc.name desc limit 2`,
  )
  // Their history is the test's own: in service for 10 days, and for 4 minutes.
  await t.exec(
    `delete from record_terms where tid in (?, ?) and record_id in (select id from records where type = 'incident')`,
    young.tid,
    newest.tid,
  )
  const started = { young: NOW - 10 * DAY_MS, newest: NOW - 4 * MINUTE }
  for (const [row, start] of [
    [young, started.young],
    [newest, started.newest],
  ] as const) {
    await t.exec(`update cloud_data_centers set start_date = ? where cloud_id = ? and data_center_tid = ?`, start, row.cloud_id, row.tid)
  }
  const at = (ms: number) => new Date(ms).toISOString()
  const base = { clouds: ['auroraedge'], summary: 'Crafted for the uptime test.', type: 'incident', status: 'Resolved', severity: 20 }
  // 6 h down on the 10-day-old one; a minute down on the one saved 4 minutes ago.
  await publish({ ...base, terms: [young.tid], title: 'Six hours', from: at(NOW - 2 * DAY_MS), to: at(NOW - 2 * DAY_MS + 6 * HOUR) })
  await publish({ ...base, terms: [newest.tid], title: 'A minute', from: at(NOW - 2 * MINUTE), to: at(NOW - MINUTE) })

  const day = (ms: number) => at(ms).slice(0, 10)
  const expected = {
    // 100 × (240 h − 6 h) / 240 h = 97.5 over both windows, which start at its start.
    [young.tid]: { uptime_30d: 97.5, uptime_90d: 97.5, uptime_since: day(started.young) },
    // Not 74 % or any figure: in service for less than a day.
    [newest.tid]: { uptime_30d: null, uptime_90d: null, uptime_since: day(started.newest) },
  }
  const pick = (c: { uptime_30d: number | null; uptime_90d: number | null; uptime_since: string | null }) => ({
    uptime_30d: c.uptime_30d,
    uptime_90d: c.uptime_90d,
    uptime_since: c.uptime_since,
  })
  const all = await components()
  const rows = await timelineRows('public')
  for (const tid of [young.tid, newest.tid]) {
    assert.equal(pick(all.find((c) => c.id === `auroraedge-dc-${tid}`)!), expected[tid], `components.json ${tid}`)
    assert.equal(pick(rows.find((r) => r.tid === tid)!), expected[tid], `cloud-status ${tid}`)
  }
  // Components in service for longer than 90 days name no day; groups none either.
  assert.ok(all.filter((c) => !c.group && c.uptime_since === null).length > 5)
  for (const c of all.filter((c) => c.group)) assert.is(c.uptime_since, null, c.id)
})

api.run()
