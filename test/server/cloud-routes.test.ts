import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DcMapData, MapDataCenter, SpeedometerData } from '../../contract/global.js'
import { body, startApp, type TestApp } from './helpers.js'

let t: TestApp

async function get(url: string) {
  return t.app.inject({ method: 'GET', url })
}

async function dcMap(cloud: string): Promise<MapDataCenter[]> {
  const res = await get(`/api/dc_map/${cloud}`)
  assert.is(res.statusCode, 200, `dc_map ${cloud}`)
  const data: DcMapData = body(res).data
  assert.is(data.status, 'success')
  return data.datacenters
}

// ---------------------------------------------------------------------------------------------

const banner = suite('GET /api/cloud-banner')
banner.before(async () => {
  t = await startApp()
})
banner.after(async () => {
  await t.close()
})

banner('answers the banner of a cloud named by machine name, domain or trust.-prefixed domain', async () => {
  const expected = {
    title: 'auroraedge.net Cloud',
    description: body(await get('/api/cloud-banner?cloud=auroraedge')).data.description,
  }
  assert.match(expected.description, /\w+ \w+/)
  for (const cloud of ['auroraedge', 'auroraedge.net', 'trust.auroraedge.net', 'TRUST.AuroraEdge.NET']) {
    const res = await get(`/api/cloud-banner?cloud=${encodeURIComponent(cloud)}`)
    assert.is(res.statusCode, 200, cloud)
    assert.equal(body(res), { data: expected }, cloud)
  }
})

banner('banners differ per cloud', async () => {
  const global = body(await get('/api/global')).data
  const descriptions = new Set<string>()
  for (const cloud of global.clouds) {
    const data = body(await get(`/api/cloud-banner?cloud=${cloud.machine_name}`)).data
    assert.is(data.title, `${cloud.domain} Cloud`)
    descriptions.add(data.description)
  }
  assert.is(descriptions.size, 11)
})

banner('an unknown cloud is 404 with a JSON error; a missing parameter is 400', async () => {
  const unknown = await get('/api/cloud-banner?cloud=nowhere.example')
  assert.is(unknown.statusCode, 404)
  assert.match(String(unknown.headers['content-type']), /^application\/json/)
  assert.is(body(unknown).error.code, 'unknown_cloud')
  assert.type(body(unknown).error.message, 'string')

  const missing = await get('/api/cloud-banner')
  assert.is(missing.statusCode, 400)
  assert.is(body(missing).error.code, 'bad_request')
  assert.match(body(missing).error.message, /cloud/)

  const empty = await get('/api/cloud-banner?cloud=')
  assert.is(empty.statusCode, 400)
})

banner.run()

// ---------------------------------------------------------------------------------------------

const map = suite('GET /api/dc_map/{cloud}')
map.before(async () => {
  t = await startApp()
})
map.after(async () => {
  await t.close()
})

map('auroraedgethree has all 95 data centers with numeric coordinates', async () => {
  const dcs = await dcMap('auroraedgethree')
  assert.is(dcs.length, 95)
  assert.is(new Set(dcs.map((d) => d.name)).size, 95)
  const amsterdam = dcs.find((d) => d.name === 'Amsterdam II')
  assert.equal(amsterdam, {
    name: 'Amsterdam II',
    city: 'Amsterdam',
    region: 'EMEA',
    latitude: 52.367573,
    longitude: 4.904139,
    regional_surcharge: 0,
    premium_dc: 0,
  })
  assert.equal(dcs, await dcMap('auroraedgethree.net'), 'same answer by domain')
})

map('deception has no data centers and still answers success', async () => {
  const res = await get('/api/dc_map/deception.auroraedge.net')
  assert.is(res.statusCode, 200)
  assert.equal(body(res), { data: { status: 'success', datacenters: [] } })
})

map('the government cloud has only data centers in the United States', async () => {
  const dcs = await dcMap('auroraedgegov')
  const [{ n: usCount }] = await t.query<{ n: number }>("select count(*) as n from data_centers where country = 'US'")
  assert.is(dcs.length, usCount)
  assert.ok(dcs.length >= 10, 'a real footprint')
  for (const dc of dcs) {
    assert.is(dc.region, 'Americas', dc.name)
    assert.ok(dc.latitude >= 24 && dc.latitude <= 50 && dc.longitude >= -125 && dc.longitude <= -66, dc.name)
  }
  const cities = new Set(dcs.map((d) => d.city))
  for (const foreign of ['Toronto', 'Montreal', 'Vancouver', 'Nuevo Laredo', 'Mexico City']) {
    assert.not.ok(cities.has(foreign), `${foreign} is not in the United States`)
  }
  for (const domestic of ['Washington DC', 'Chicago', 'Seattle']) assert.ok(cities.has(domestic), domestic)
})

map('only auroraedgethree has premium data centers; surcharges follow the region rule', async () => {
  const global = body(await get('/api/global')).data
  for (const cloud of global.clouds) {
    const dcs = await dcMap(cloud.machine_name)
    const premium = dcs.filter((d) => d.premium_dc === 1).map((d) => d.name)
    if (cloud.machine_name === 'auroraedgethree') {
      assert.equal(premium, ['Frankfurt IV', 'London III', 'New York III', 'San Francisco IV', 'Singapore IV', 'Tokyo IV'])
    } else {
      assert.equal(premium, [], cloud.machine_name)
    }
    for (const dc of dcs) {
      if (dc.region === 'APAC') assert.is(dc.regional_surcharge, 1, dc.name)
      if (dc.region === 'Americas') assert.is(dc.regional_surcharge, 0, dc.name)
    }
  }
  const three = await dcMap('auroraedgethree')
  const emeaSurcharged = three.filter((d) => d.region === 'EMEA' && d.regional_surcharge === 1).map((d) => d.city)
  assert.equal(
    new Set(emeaSurcharged),
    new Set(['Abu Dhabi', 'Capetown', 'Dubai', 'Johannesburg', 'Kingdom of Saudi Arabia', 'Lagos', 'Tel Aviv']),
  )
})

map('the other clouds have distinct, overlapping subsets; decommissioned data centers are left out', async () => {
  const linked = async (cloud: string) =>
    (
      await t.query<{ total: number; active: number }>(
        `select count(*) as total, sum(active) as active from cloud_data_centers cdc
         join clouds c on c.id = cdc.cloud_id where c.machine_name = ?`,
        cloud,
      )
    )[0]
  const counts: Record<string, number> = {}
  for (const cloud of [
    'auroraedge',
    'auroraedgeone',
    'auroraedgetwo',
    'private',
    'privategov',
    'experience',
    'workload',
    'dataprotection',
  ]) {
    const dcs = await dcMap(cloud)
    const { total, active } = await linked(cloud)
    assert.is(dcs.length, active, cloud)
    assert.ok(dcs.length > 0 && dcs.length < 95, cloud)
    counts[cloud] = total
  }
  const [{ n: inactive }] = await t.query<{ n: number }>('select count(*) as n from cloud_data_centers where active = 0')
  assert.ok(inactive > 0, 'the seed has decommissioned data centers')
  assert.ok(counts.auroraedgeone > (await dcMap('auroraedgeone')).length, 'auroraedgeone lists only active ones')

  const names = async (cloud: string) => new Set((await dcMap(cloud)).map((d) => d.name))
  const [zero, one, two] = await Promise.all(['auroraedge', 'auroraedgeone', 'auroraedgetwo'].map(names))
  const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((n) => b.has(n)).length
  for (const [a, b] of [
    [zero, one],
    [zero, two],
    [one, two],
  ]) {
    assert.ok(overlap(a, b) > 0 && overlap(a, b) < Math.min(a.size, b.size), 'overlapping but distinct')
  }
})

map('an unknown cloud is 404 with a JSON error', async () => {
  const res = await get('/api/dc_map/nowhere')
  assert.is(res.statusCode, 404)
  assert.is(body(res).error.code, 'unknown_cloud')
})

map.run()

// ---------------------------------------------------------------------------------------------

const speed = suite('GET /api/speedometer')
speed.before(async () => {
  t = await startApp()
})
speed.after(async () => {
  await t.close()
})

const YESTERDAY = '2026-03-14' // FIXED_NOW is 2026-03-15T09:30Z
const WINDOW_START = '2025-03-15' // 365 days ending yesterday

type Column = 'transactions' | 'threats_blocked' | 'policy_enforcements'
const COLUMNS: Column[] = ['transactions', 'threats_blocked', 'policy_enforcements']

/** Value and max computed here, straight from traffic_daily. */
async function expectedGauges(cloud: string, day = YESTERDAY, windowStart = WINDOW_START) {
  const gauges: Array<{ id: Column; value: number | undefined; max: number | null }> = []
  for (const column of COLUMNS) {
    const [value] = await t.query<{ v: number }>(
      `select ${column} as v from traffic_daily t join clouds c on c.id = t.cloud_id where c.machine_name = ? and day = ?`,
      cloud,
      day,
    )
    const [max] = await t.query<{ v: number | null }>(
      `select max(${column}) as v from traffic_daily t join clouds c on c.id = t.cloud_id
       where c.machine_name = ? and day between ? and ?`,
      cloud,
      windowStart,
      day,
    )
    gauges.push({ id: column, value: value?.v, max: max.v })
  }
  return gauges
}

async function gauges(cloud: string) {
  const res = await get(`/api/speedometer?cloud=${cloud}`)
  assert.is(res.statusCode, 200)
  return (body(res).data as SpeedometerData).gauges
}

speed('three gauges per cloud equal yesterday and the 365-day peak computed from traffic_daily', async () => {
  const global = body(await get('/api/global')).data
  for (const cloud of global.clouds) {
    const answer = await gauges(cloud.machine_name)
    assert.equal(
      answer.map((g) => [g.id, g.label]),
      [
        ['transactions', 'Transactions per day'],
        ['threats_blocked', 'Threats blocked per day'],
        ['policy_enforcements', 'Policies enforced per day'],
      ],
    )
    const expected = await expectedGauges(cloud.machine_name)
    assert.equal(
      answer.map((g) => ({ id: g.id, value: g.value, max: g.max })),
      expected,
      cloud.machine_name,
    )
    for (const g of answer) {
      assert.is(g.from, '2026-03-14T00:00:00.000Z')
      assert.is(g.to, '2026-03-15T00:00:00.000Z')
      assert.ok(g.value > 0 && g.value <= g.max, `${cloud.machine_name} ${g.id}`)
    }
  }
})

speed('magnitudes are plausible and differ per cloud', async () => {
  const big = await gauges('auroraedge')
  const small = await gauges('deception')
  assert.ok(big[0].value >= 1e9, 'billions of transactions on the main cloud')
  assert.ok(small[0].value >= 1e8 && small[0].value < big[0].value)
  assert.ok(big[1].value >= 1e6 && big[1].value < big[0].value, 'threats in millions')
  assert.ok(big[2].value > big[0].value, 'more policy enforcements than transactions')
})

speed('the peak window is exactly the 365 days ending yesterday; today does not count', async () => {
  const set = (transactions: number, day: string) =>
    t.exec(
      `update traffic_daily set transactions = ? where day = ? and cloud_id = (select id from clouds where machine_name = 'workload')`,
      transactions,
      day,
    )
  const insert = (day: string, transactions: number) =>
    t.exec(
      `insert into traffic_daily (cloud_id, day, transactions, threats_blocked, policy_enforcements)
       values ((select id from clouds where machine_name = 'workload'), ?, ?, 1, 1)`,
      day,
      transactions,
    )
  try {
    await insert('2025-03-14', 9e12) // the day before the window
    await insert('2026-03-15', 8e12) // today, incomplete
    const before = await gauges('workload')
    assert.ok(before[0].max < 8e12, 'days outside the window are ignored')
    assert.equal(before[0].value, (await expectedGauges('workload'))[0].value)

    await set(7e12, WINDOW_START) // first day of the window
    const after = await gauges('workload')
    assert.is(after[0].max, 7e12)
  } finally {
    await t.exec(`delete from traffic_daily where day in ('2025-03-14', '2026-03-15')`)
  }
})

speed('when yesterday has no row yet, the latest earlier day is shown with its own bounds', async () => {
  await t.exec(
    `delete from traffic_daily where day = ? and cloud_id = (select id from clouds where machine_name = 'experience')`,
    YESTERDAY,
  )
  const answer = await gauges('experience')
  assert.equal(
    answer.map((g) => ({ id: g.id, value: g.value, max: g.max })),
    await expectedGauges('experience', '2026-03-13', '2025-03-14'),
  )
  assert.is(answer[0].from, '2026-03-13T00:00:00.000Z')
  assert.is(answer[0].to, '2026-03-14T00:00:00.000Z')
})

speed('unknown cloud 404, missing cloud 400', async () => {
  assert.is((await get('/api/speedometer?cloud=nope')).statusCode, 404)
  assert.is((await get('/api/speedometer')).statusCode, 400)
})

speed.run()
