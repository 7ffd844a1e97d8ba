/**
 * The reference data publishing needs comes from the migrations, not from the demo seed
 * (migration 011, `contract/reference-data.ts`): the record statuses of docs/requirements/states.md and the spec's
 * severities 20 and 19 are on every migrated database, a database the demo seed filled migrates
 * without a change, and a catalogue that leaves the spec's severities out keeps them.
 */
import { Migrator, sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { RECORD_STATUSES, SPEC_SEVERITIES } from '../../contract/reference-data.js'
import { exportCatalog } from '../../server/catalog/export.js'
import { CatalogError, importCatalog } from '../../server/catalog/import.js'
import { migrateToLatest, openDatabase } from '../../server/db/connection.js'
import { migrationProvider } from '../../server/db/migrations/index.js'
import { createTestDatabase, FIXED_NOW } from './helpers.js'
import { ownCatalog } from './own-catalog.js'

const test = suite('reference data: record statuses and the spec severities from the migrations')

/** Runs `fn` on a fresh database of its own, dropped after. */
async function withDatabase(fn: (db: ReturnType<typeof openDatabase>) => Promise<void>): Promise<void> {
  const database = await createTestDatabase()
  const db = openDatabase(database.location)
  try {
    await fn(db)
  } finally {
    await db.destroy()
    await database.drop()
  }
}

const statusRows = (db: ReturnType<typeof openDatabase>) =>
  db.selectFrom('record_statuses').select(['id', 'name', 'class', 'icon', 'sort']).orderBy('sort').orderBy('id').execute()

const severityRows = (db: ReturnType<typeof openDatabase>) =>
  db
    .selectFrom('severities as s')
    .innerJoin('terms as t', 't.tid', 's.tid')
    .select(['s.tid', 's.name', 's.color_code', 's.icon', 's.status_icon', 's.show_legend', 's.sort', 't.vocabulary'])
    .orderBy('s.sort')
    .orderBy('s.tid')
    .execute()

test('an empty database has, after the migrations alone, the eight statuses and severities 20 and 19 of the contract', async () => {
  await withDatabase(async (db) => {
    await migrateToLatest(db)
    assert.equal(
      await statusRows(db),
      RECORD_STATUSES.map((s, sort) => ({ id: s.id, name: s.name, class: s.class, icon: s.icon, sort })),
    )
    assert.equal(
      await severityRows(db),
      SPEC_SEVERITIES.map((s, sort) => ({ ...s, show_legend: s.show_legend ? 1 : 0, sort, vocabulary: 'severity' })),
    )
    // New ids continue after the written ones (PostgreSQL's identity sequences were moved).
    const next = await sql<{
      id: number
    }>`insert into record_statuses (name, class, icon) values ('Extra', 'extra', 'x') returning id`.execute(db)
    assert.is(Number(next.rows[0].id), 9)
  })
})

test('a database filled before the migration keeps its rows and gets only what is missing', async () => {
  await withDatabase(async (db) => {
    const migrator = new Migrator({ db, provider: migrationProvider })
    assert.is((await migrator.migrateTo('010_user_locale')).error, undefined)
    // As the demo seed left them: two statuses (one under its id, one under its name only), the
    // severity 19 renamed by a catalogue, and a tid 20 that is another vocabulary's term.
    await sql`insert into record_statuses (id, name, class, icon, sort) values (1, 'Scheduled', 'scheduled', 'calendar', 0),
      (40, 'In Progress', 'in_progress', 'hourglass', 1)`.execute(db)
    await sql`insert into terms (tid, vocabulary) values (19, 'severity'), (20, 'notification_category')`.execute(db)
    await sql`insert into severities (tid, name, color_code, icon, status_icon, show_legend, sort)
      values (19, 'Degraded', '#aa7700', 'minus', 'circle-minus', 0, 5)`.execute(db)

    assert.is((await migrator.migrateToLatest()).error, undefined)
    const statuses = await statusRows(db)
    assert.equal(
      statuses.map((s) => [s.id, s.name]),
      [
        [1, 'Scheduled'],
        [40, 'In Progress'],
        [3, 'Completed'],
        [4, 'Resolved'],
        [5, 'Postponed'],
        [6, 'Archived'],
        [7, 'Monitoring'],
        [8, 'Remediated'],
      ],
    )
    const severities = await severityRows(db)
    assert.equal(
      severities.map((s) => [s.tid, s.name, s.sort]),
      [[19, 'Degraded', 5]],
      'the renamed 19 is kept; 20 is left alone, being another vocabulary’s id',
    )
    // Migrating again (011 and after) changes nothing.
    assert.is((await migrator.migrateTo('010_user_locale')).error, undefined)
    assert.is((await migrator.migrateToLatest()).error, undefined)
    assert.equal(await statusRows(db), statuses)
  })
})

test('a catalogue without severities keeps the spec’s two; one that lists them restyles them; the export lists them first', async () => {
  await withDatabase(async (db) => {
    await migrateToLatest(db)
    const own = ownCatalog()
    await importCatalog(db, own, FIXED_NOW)
    let exported = await exportCatalog(db)
    assert.equal(
      exported.severities.map((s) => [s.tid, s.name]),
      [
        [20, 'Service Disruption'],
        [19, 'Service Degradation'],
      ],
    )
    assert.equal(await importCatalog(db, exported, FIXED_NOW), {}, 'the export imports again without a change')
    assert.equal(await importCatalog(db, own, FIXED_NOW), {}, 'and so does the file without severities')

    // A file of the vendor's own words: 19 renamed, one severity added after it; 20 left out.
    const renamed = {
      ...own,
      severities: [
        { tid: 19, name: 'Degraded performance', color_code: '#b26a00', icon: 'minus', status_icon: 'circle-minus', show_legend: true },
        { tid: 25, name: 'Heads-up', color_code: '#1565c0', icon: 'info', status_icon: 'circle-info', show_legend: false },
      ],
    }
    await importCatalog(db, renamed, FIXED_NOW)
    exported = await exportCatalog(db)
    assert.equal(
      exported.severities.map((s) => [s.tid, s.name]),
      [
        [20, 'Service Disruption'],
        [19, 'Degraded performance'],
        [25, 'Heads-up'],
      ],
    )
    // A severity of the vendor's own cannot be removed.
    let refused: unknown
    try {
      await importCatalog(db, own, FIXED_NOW)
    } catch (error) {
      refused = error
    }
    assert.ok(refused instanceof CatalogError, 'refused')
    assert.equal((refused as CatalogError).problems, [
      'severities: severity 25 ("Heads-up") is in the database but not in the file (it cannot be removed): keep it in the list',
    ])
  })
})

test.run()
