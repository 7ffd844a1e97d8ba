/**
 * Migration 008 (`server/db/migrations/008_desk.ts`) on a database that has record events from
 * before it: the rebuilt `record_events` keeps every row and id (they key the outbox's mails),
 * allows the desk's kinds and nothing else, claims a window once, and goes back down.
 */
import { Migrator, sql } from 'kysely'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openDatabase } from '../../server/db/connection.js'
import { migrationProvider } from '../../server/db/migrations/index.js'
import { createTestDatabase, rejects } from './helpers.js'

test('008 rebuilds record_events with its rows and ids, the new kinds and the window claim; down restores it', async () => {
  const database = await createTestDatabase()
  const db = openDatabase(database.location)
  try {
    const migrator = new Migrator({ db, provider: migrationProvider })
    const to007 = await migrator.migrateTo('007_admin')
    assert.is(to007.error, undefined)
    await sql`insert into record_statuses (id, name, class, icon) values (1, 'Scheduled', 'scheduled', 'calendar')`.execute(db)
    await sql`insert into records (id, type, title, alias, status_id, posted_on, created, updated_on, from_time)
              values (7, 'maintenance', 'M', '/maintenance/7', 1, 0, 0, 0, 1000)`.execute(db)
    await sql`insert into record_events (id, record_id, kind, at, note) values (40, 7, 'published', 5, null), (41, 7, 'updated', 6, 'x')`.execute(
      db,
    )

    // Up to 008 (later migrations are not this test's subject), so that one step down is 008's down.
    const up = await migrator.migrateTo('008_desk')
    assert.is(up.error, undefined)
    const rows = await sql<{ id: number; kind: string; note: string | null; window_from: number | null }>`
      select id, kind, note, window_from from record_events order by id`.execute(db)
    assert.equal(rows.rows, [
      { id: 40, kind: 'published', note: null, window_from: null },
      { id: 41, kind: 'updated', note: 'x', window_from: null },
    ])
    // New ids continue after the copied ones.
    const next = await db
      .insertInto('record_events')
      .values({ record_id: 7, kind: 'started', at: 7, note: null, window_from: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow()
    assert.is(next.id, 42)
    // The claim: a second row for the same window is not inserted; another window is.
    const again = await db
      .insertInto('record_events')
      .values({ record_id: 7, kind: 'started', at: 8, note: null, window_from: 1000 })
      .onConflict((oc) => oc.columns(['record_id', 'kind', 'window_from']).doNothing())
      .returning('id')
      .executeTakeFirst()
    assert.is(again, undefined)
    await db.insertInto('record_events').values({ record_id: 7, kind: 'started', at: 9, note: null, window_from: 2000 }).execute()
    // Manual events (no window) never collide.
    await db.insertInto('record_events').values({ record_id: 7, kind: 'postponed', at: 9, note: null }).execute()
    await db.insertInto('record_events').values({ record_id: 7, kind: 'postponed', at: 10, note: null }).execute()
    for (const kind of ['reminder', 'completed', 'cancelled']) {
      await db
        .insertInto('record_events')
        .values({ record_id: 7, kind: kind as 'reminder', at: 11, note: null })
        .execute()
    }
    // SQLite's "CHECK constraint failed", PostgreSQL's "violates check constraint".
    await rejects(
      () => sql`insert into record_events (record_id, kind, at) values (7, 'bogus', 1)`.execute(db),
      /CHECK constraint|violates check constraint/,
    )
    // The new tables.
    await db.insertInto('record_updates').values({ record_id: 7, event_id: 42, at: 7, status_id: 1, text: '<p>x</p>' }).execute()
    await db
      .insertInto('record_templates')
      .values({ name: 'A', type: 'incident', notification_type: null, fields: '{}', updated: 0, updated_by: 'admin' })
      .execute()
    await rejects(
      () =>
        db
          .insertInto('record_templates')
          .values({ name: 'A', type: 'incident', notification_type: null, fields: '{}', updated: 0, updated_by: 'admin' })
          .execute(),
      /UNIQUE constraint|violates unique constraint/,
    )

    const down = await migrator.migrateDown()
    assert.is(down.error, undefined)
    const kept = await sql<{ id: number; kind: string }>`select id, kind from record_events order by id`.execute(db)
    assert.equal(kept.rows, [
      { id: 40, kind: 'published' },
      { id: 41, kind: 'updated' },
    ])
    const tables = (await db.introspection.getTables()).filter((table) => !table.isView).map((table) => table.name)
    assert.equal(tables.filter((name) => name.startsWith('record_')).sort(), [
      'record_clouds',
      'record_events',
      'record_statuses',
      'record_terms',
    ])
    assert.is((await migrator.migrateToLatest()).error, undefined, 'and up again')
  } finally {
    await db.destroy()
    await database.drop()
  }
})

test.run()
