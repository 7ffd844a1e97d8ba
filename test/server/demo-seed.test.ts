/**
 * The development seed imports `server/seed/demo-catalog.json`; the demo's TypeScript sources
 * (`server/seed/sources.ts`) generate that file. Seeding from the file on any day must give the
 * database the sources give on that day: every table, row for row (ids, tids, commissioning dates).
 */
import SQLite from 'better-sqlite3'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DATABASE_FILE, migrateToLatest, openDatabase } from '../../server/db/connection.js'
import { seedFaqComplianceIfEmpty } from '../../server/seed/faq-compliance.js'
import { DEMO_CATALOG_DAY, demoCatalogAt, seedIfEmpty } from '../../server/seed/index.js'
import { seedListRecordsIfEmpty } from '../../server/seed/lists.js'
import { seedFromSources } from '../../server/seed/sources.js'
import { extendTraffic } from '../../server/seed/traffic.js'
import { removeDir, tempDir } from './helpers.js'

const test = suite('development seed: the demo catalogue file')

async function seeded(how: 'file' | 'sources', now: Date): Promise<{ dir: string; db: SQLite.Database }> {
  const dir = tempDir('trust-demo-seed-')
  const file = join(dir, DATABASE_FILE)
  const db = openDatabase(file)
  try {
    await migrateToLatest(db)
    if (how === 'file') await seedIfEmpty(db, now)
    else {
      await seedFromSources(db, now)
      await seedListRecordsIfEmpty(db, now)
      await extendTraffic(db, now)
      await seedFaqComplianceIfEmpty(db)
    }
  } finally {
    await db.destroy()
  }
  return { dir, db: new SQLite(file, { readonly: true }) }
}

function rows(db: SQLite.Database, table: string): string[] {
  return (db.prepare(`select * from "${table}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort()
}

for (const day of ['2026-04-24T13:10:00.000Z', '2027-01-01T00:05:00.000Z']) {
  test(`seeding from the file on ${day.slice(0, 10)} gives the database the sources give`, async () => {
    const now = new Date(day)
    const a = await seeded('sources', now)
    const b = await seeded('file', now)
    try {
      const tables = a.db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
        )
        .pluck()
        .all() as string[]
      assert.ok(tables.length >= 30)
      for (const table of tables) assert.equal(rows(b.db, table), rows(a.db, table), table)
      assert.is(b.db.prepare('select count(*) from data_centers').pluck().get(), 95)
      assert.ok((b.db.prepare('select count(*) from records').pluck().get() as number) > 1000)
    } finally {
      a.db.close()
      b.db.close()
      removeDir(a.dir)
      removeDir(b.dir)
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
