/**
 * The development seed imports `server/seed/demo-catalog.json`; the demo's TypeScript sources
 * (`server/seed/sources.ts`) generate that file. Seeding from the file on any day must give the
 * database the sources give on that day: every table, row for row (ids, tids, commissioning dates).
 */
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { migrateToLatest, openDatabase } from '../../server/db/connection.js'
import type { Database } from '../../server/db/schema.js'
import { seedFaqComplianceIfEmpty } from '../../server/seed/faq-compliance.js'
import { DEMO_CATALOG_DAY, demoCatalogAt, seedIfEmpty } from '../../server/seed/index.js'
import { seedListRecordsIfEmpty } from '../../server/seed/lists.js'
import { seedFromSources } from '../../server/seed/sources.js'
import { extendTraffic } from '../../server/seed/traffic.js'
import { createTestDatabase, queryOn, type TestDatabase } from './helpers.js'

const test = suite('development seed: the demo catalogue file')

/** A new database seeded one way; destroy `db`, then drop `database`. */
async function seeded(how: 'file' | 'sources', now: Date): Promise<{ database: TestDatabase; db: Kysely<Database> }> {
  const database = await createTestDatabase()
  const db = openDatabase(database.location)
  try {
    await migrateToLatest(db)
    if (how === 'file') await seedIfEmpty(db, now)
    else {
      await seedFromSources(db, now)
      await seedListRecordsIfEmpty(db, now)
      await extendTraffic(db, now)
      await seedFaqComplianceIfEmpty(db)
    }
  } catch (error) {
    await db.destroy()
    await database.drop()
    throw error
  }
  return { database, db }
}

async function rows(db: Kysely<Database>, table: string): Promise<string[]> {
  return (await queryOn(db)(`select * from "${table}"`)).map((r) => JSON.stringify(r)).sort()
}

for (const day of ['2026-04-24T13:10:00.000Z', '2027-01-01T00:05:00.000Z']) {
  test(`seeding from the file on ${day.slice(0, 10)} gives the database the sources give`, async () => {
    const now = new Date(day)
    const a = await seeded('sources', now)
    const b = await seeded('file', now)
    try {
      // Every table but Kysely's own (the migration log and its lock), on either database.
      const tables = (await a.db.introspection.getTables({ withInternalKyselyTables: false }))
        .filter((table) => !table.isView)
        .map((table) => table.name)
        .sort()
      assert.ok(tables.length >= 30)
      for (const table of tables) assert.equal(await rows(b.db, table), await rows(a.db, table), table)
      const count = async (table: string) => (await queryOn(b.db)<{ n: number }>(`select count(*) as n from ${table}`))[0].n
      assert.is(await count('data_centers'), 95)
      assert.ok((await count('records')) > 1000)
    } finally {
      await a.db.destroy()
      await b.db.destroy()
      await a.database.drop()
      await b.database.drop()
    }
  })
}

test('the file’s instants move by whole days to the seed’s day', () => {
  const at = demoCatalogAt(new Date(`${DEMO_CATALOG_DAY}T18:00:00.000Z`))
  const later = demoCatalogAt(new Date('2026-03-25T01:00:00.000Z'))
  const since = (c: typeof at) => c.data_centers[0].clouds[0].since
  assert.ok(since(at))
  assert.is(Date.parse(since(later)!) - Date.parse(since(at)!), 10 * 86_400_000)
  const until = (c: typeof at) => c.clouds.flatMap((cl) => cl.services).find((s) => s.until)?.until
  assert.is(Date.parse(until(later)!) - Date.parse(until(at)!), 10 * 86_400_000)
})

test.run()
