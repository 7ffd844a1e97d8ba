import { readFileSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { buildApp } from '../../server/app.js'
import { openDatabase } from '../../server/db/connection.js'
import { migrations } from '../../server/db/migrations/index.js'
import { cityOf, parseDataCenterList } from '../../server/seed/data-centers.js'
import { createTestDatabase, FIXED_NOW, queryOn, startApp, TEST_DIALECT, type TestApp } from './helpers.js'

const test = suite('database: migrations and seed')

let t: TestApp

test.before(async () => {
  t = await startApp()
})
test.after(async () => {
  await t.close()
})

interface ListEntry {
  latitude: string
  longitude: string
}
type List = Record<string, Record<string, Record<string, ListEntry[]>>>

/** The shipped list read directly: city name → [region, latitude, longitude] of its first entry. */
function shippedList(): Map<string, [string, number, number]> {
  const list = JSON.parse(readFileSync(new URL('../../server/seed/data/cenr-zscalerthree.json', import.meta.url), 'utf8')) as List
  const out = new Map<string, [string, number, number]>()
  for (const continents of Object.values(list)) {
    for (const [continent, cities] of Object.entries(continents)) {
      for (const [city, entries] of Object.entries(cities)) {
        out.set(city.replace('city : ', ''), [
          continent.replace('continent : ', ''),
          Number(entries[0].latitude),
          Number(entries[0].longitude),
        ])
      }
    }
  }
  return out
}

test('migrations are recorded and the seed creates 95 data centers in three regions', async () => {
  const applied = (await t.query<{ name: string }>('select name from kysely_migration order by name')).map((r) => r.name)
  assert.equal(applied, [
    '001_foundation',
    '002_records',
    '003_record_lists',
    '004_accounts',
    '005_subscriptions',
    '006_faq_compliance',
    '007_admin',
    '008_desk',
    '009_webhooks',
    '010_user_locale',
    '011_reference_data',
    '012_reminder_lead',
    '013_fanout',
    '014_postmortems',
    '015_third_party',
    '016_subscriber_import',
    '017_teams',
    '018_advisories',
    '019_advisory_minimums',
    '020_staff_identity',
    '021_api_keys',
    '022_alerts',
    '023_private_components',
  ])
  assert.is((await t.query<{ n: number }>('select count(*) as n from data_centers'))[0].n, 95)
  const perRegion = await t.query(
    `select r.name, count(*) as n from data_centers dc join regions r on r.tid = dc.region_tid
     group by r.tid, r.name, r.sort order by r.sort`,
  )
  assert.equal(perRegion, [
    { name: 'EMEA', n: 35 },
    { name: 'Americas', n: 32 },
    { name: 'APAC', n: 28 },
  ])
  // SQLite only: the file's journal mode (PostgreSQL has no such setting).
  if (TEST_DIALECT === 'sqlite') {
    assert.is((await t.query<{ journal_mode: string }>('select journal_mode from pragma_journal_mode'))[0].journal_mode, 'wal')
  }
})

test('every city of the shipped list is one data center with its name, region and coordinates', async () => {
  const shipped = shippedList()
  assert.is(shipped.size, 95)
  const rows = await t.query<{ name: string; city: string; region: string; latitude: number; longitude: number }>(
    `select dc.name, dc.city, r.name as region, dc.latitude, dc.longitude
     from data_centers dc join regions r on r.tid = dc.region_tid`,
  )
  assert.is(rows.length, shipped.size)
  for (const row of rows) {
    const source = shipped.get(row.name)
    assert.ok(source, `${row.name} is in the list`)
    assert.is(row.region, source[0], `${row.name} region`)
    if (row.name === 'Milan IV') continue // corrected, see the next test
    assert.is(row.latitude, source[1], `${row.name} latitude`)
    assert.is(row.longitude, source[2], `${row.name} longitude`)
  }
})

test('city is the name without its trailing roman numeral', async () => {
  const city = async (name: string) => (await t.query<{ city: string }>('select city from data_centers where name = ?', name))[0]?.city
  assert.is(await city('Amsterdam II'), 'Amsterdam')
  assert.is(await city('Frankfurt VI'), 'Frankfurt')
  assert.is(await city('Mumbai VII'), 'Mumbai')
  assert.is(await city('Washington DC IV'), 'Washington DC')
  assert.is(await city('Washington DC'), 'Washington DC')
  assert.is(await city('Kingdom of Saudi Arabia I'), 'Kingdom of Saudi Arabia')
  assert.is(await city('Zurich'), 'Zurich')
  assert.is(cityOf('Chicago II'), 'Chicago')
})

test('Milan IV, listed with coordinates in Malaysia, is placed in Milan', async () => {
  const place = async (name: string) => (await t.query('select latitude, longitude from data_centers where name = ?', name))[0]
  const [iii, iv] = [await place('Milan III'), await place('Milan IV')]
  assert.equal(iv, iii)
  assert.equal(iv, { latitude: 45.468503, longitude: 9.182403 })
})

test('term ids are unique across severities, regions, data centers, services and notification categories, in fixed blocks', async () => {
  const terms = await t.query('select vocabulary, min(tid) as lo, max(tid) as hi, count(*) as n from terms group by vocabulary order by lo')
  assert.equal(terms, [
    { vocabulary: 'severity', lo: 17, hi: 20, n: 4 },
    { vocabulary: 'region', lo: 1001, hi: 1003, n: 3 },
    { vocabulary: 'data_center', lo: 2001, hi: 2095, n: 95 },
    { vocabulary: 'service', lo: 3001, hi: 3019, n: 19 },
    { vocabulary: 'notification_category', lo: 4001, hi: 4015, n: 15 },
    { vocabulary: 'subscription_topic', lo: 5001, hi: 5007, n: 7 },
  ])
  assert.is((await t.query<{ tid: number }>("select tid from data_centers where name = 'Abu Dhabi II'"))[0].tid, 2001)
})

test('traffic covers the 365 UTC days ending yesterday for each of the 11 clouds', async () => {
  const perCloud = await t.query('select count(*) as n, min(day) as first, max(day) as last from traffic_daily group by cloud_id')
  assert.is(perCloud.length, 11)
  for (const row of perCloud) assert.equal(row, { n: 365, first: '2025-03-15', last: '2026-03-14' })
})

test('a second start on the same folder neither migrates nor seeds again', async () => {
  const database = await createTestDatabase()
  const start = () => buildApp({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, now: () => FIXED_NOW })
  try {
    const first = await start()
    await first.close()
    const db = openDatabase(database.location)
    try {
      const query = queryOn(db)
      await query("update settings set value = 'Renamed Vendor' where key = 'vendor'")

      const second = await start()
      const res = await second.inject('/api/global')
      await second.close()
      assert.is(JSON.parse(res.body).data.links.vendor, 'Renamed Vendor')
      const count = async (table: string) => (await query<{ n: number }>(`select count(*) as n from ${table}`))[0].n
      assert.is(await count('data_centers'), 95)
      assert.is(await count('clouds'), 11)
      assert.is(await count('kysely_migration'), Object.keys(migrations).length)
    } finally {
      await db.destroy()
    }
  } finally {
    await database.drop()
  }
})

test('the seed is deterministic, and traffic filled in after a restart equals a fresh seed', async () => {
  const later = new Date(FIXED_NOW.getTime() + 3 * 86_400_000)
  const restarted = await createTestDatabase()
  const fresh = await startApp({ now: () => later })
  try {
    // Seed at FIXED_NOW, then start again three days later on the same database.
    const start = (now: Date) => buildApp({ dataDir: restarted.dataDir, databaseUrl: restarted.databaseUrl, now: () => now })
    await (await start(FIXED_NOW)).close()
    await (await start(later)).close()

    const dump = async (location: string) => {
      const db = openDatabase(location)
      const query = queryOn(db)
      try {
        const tables: unknown[][] = []
        for (const table of ['clouds', 'menu_items', 'data_centers']) tables.push(await query(`select * from ${table} order by 1, 2`))
        tables.push(
          // Commissioning dates are relative to the seed's day: compared below.
          await query('select cloud_id, data_center_tid, regional_surcharge, premium_dc, active from cloud_data_centers order by 1, 2'),
          await query("select * from settings where key <> 'records_history_through' order by 1"),
          await query('select * from traffic_daily order by 1, 2'),
          await query('select cloud_id, data_center_tid, start_date, end_date from cloud_data_centers order by 1, 2'),
        )
        return tables
      } finally {
        await db.destroy()
      }
    }
    const a = await dump(restarted.location)
    const b = await dump(fresh.location)
    assert.equal(a.slice(0, 5), b.slice(0, 5))
    // The restarted database keeps its three older days; from then on both agree day by day.
    const trafficA = a[5] as Array<{ day: string }>
    const trafficB = b[5] as Array<{ day: string }>
    assert.is(trafficB.length, 365 * 11)
    assert.is(trafficA.length, trafficB.length + 3 * 11)
    const fromB = new Set(trafficB.map((r) => JSON.stringify(r)))
    const overlap = trafficA.filter((r) => r.day >= '2025-03-18')
    assert.is(overlap.length, trafficB.length)
    assert.ok(
      overlap.every((r) => fromB.has(JSON.stringify(r))),
      'same counts for the same cloud and day',
    )
    // Commissioning dates: the same, three days apart.
    const datesA = a[6] as Array<{ start_date: number; end_date: number | null }>
    const datesB = b[6] as Array<{ start_date: number; end_date: number | null }>
    assert.is(datesA.length, datesB.length)
    datesA.forEach((row, i) => {
      assert.is(datesB[i].start_date - row.start_date, 3 * 86_400_000)
      assert.is(datesB[i].end_date === null ? null : datesB[i].end_date! - row.end_date!, row.end_date === null ? null : 3 * 86_400_000)
    })
  } finally {
    await restarted.drop()
    await fresh.close()
  }
})

test('the list parser rejects malformed input instead of seeding nonsense', () => {
  const city = (lat: unknown, lon: unknown) => ({
    'x.net': { 'continent : EMEA': { 'city : Paris II': [{ latitude: lat, longitude: lon }] } },
  })
  assert.equal(
    parseDataCenterList(city('48.85', '2.35')).map((d) => [d.name, d.city, d.country, d.latitude]),
    [['Paris II', 'Paris', 'FR', 48.85]],
  )
  assert.throws(() => parseDataCenterList(city('north', '2.35')), /not a number/)
  assert.throws(
    () => parseDataCenterList({ 'x.net': { 'continent : EMEA': { 'city : Atlantis I': [{ latitude: '1', longitude: '1' }] } } }),
    /no country/,
  )
  assert.throws(() => parseDataCenterList({ 'x.net': { EMEA: {} } }), /continent/)
  assert.throws(
    () =>
      parseDataCenterList({
        'x.net': {
          'continent : EMEA': {
            'city : Paris II': [
              { latitude: '48.85', longitude: '2.35' },
              { latitude: '10', longitude: '2.35' },
            ],
          },
        },
      }),
    /disagree/,
  )
})

test.run()
