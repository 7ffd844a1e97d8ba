/**
 * The catalogue file (`contract/catalog.ts`, `server/catalog/`): the committed demo file matches
 * the export of a fresh seed; export → import into an empty database answers the catalogue's API
 * calls alike; a second import changes no row; malformed files are refused by path and change
 * nothing; a data center left out of the file is decommissioned with its history kept; an audited
 * import (the command line's) records the sections it changed, in its transaction.
 *
 * `server/seed/demo-catalog.json` is generated from the demo's TypeScript sources
 * (`server/seed/sources.ts`): the export of a database they seed at FIXED_NOW (the commissioning
 * dates in it are relative to that clock; the development seed moves them to its own day). To
 * regenerate it after a change to the sources, run:
 *   UPDATE_DEMO_CATALOG=1 node --import tsx node_modules/uvu/bin.js test/server catalog
 * then `npx biome check --write server/seed/demo-catalog.json`.
 */
import type { Kysely } from 'kysely'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Catalog } from '../../contract/catalog.js'
import { COMMAND_LINE } from '../../server/admin/audit.js'
import { exportCatalog } from '../../server/catalog/export.js'
import { CatalogError, checkCatalog, importCatalog } from '../../server/catalog/import.js'
import { openDatabase } from '../../server/db/connection.js'
import type { Database } from '../../server/db/schema.js'
import { seedFromSources } from '../../server/seed/sources.js'
import { createTestDatabase, databaseEnv, emptyDatabase, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import type { AuditRow } from './staff-helpers.js'

const DEMO_FILE = new URL('../../server/seed/demo-catalog.json', import.meta.url)

/** The tables the catalogue writes. */
const CATALOG_TABLES = [
  'settings',
  'products',
  'clouds',
  'menu_items',
  'terms',
  'regions',
  'data_centers',
  'cloud_data_centers',
  'severities',
  'services',
  'cloud_services',
] as const

/** Every row of every catalogue table (and the record tables), as sorted JSON lines per table. */
async function dump(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of [...CATALOG_TABLES, 'records', 'record_terms', 'record_clouds'] as const) {
    const rows = await db.selectFrom(table).selectAll().execute()
    out[table] = rows.map((r) => JSON.stringify(r)).sort()
  }
  return out
}

const clone = <T>(value: T): T => structuredClone(value)
const PRODUCTION = { mode: 'production', accounts: { publicUrl: 'https://trust.example' } } as const

const catalog = suite('catalog file')

let seeded: TestApp
let exported: Catalog

catalog.before(async () => {
  // The development start (which imports the committed file) for the API comparisons…
  seeded = await startApp()
  // …and the demo's sources for the file itself, so the comparison below is not circular.
  const { database, db } = await emptyDatabase()
  try {
    await seedFromSources(db, FIXED_NOW)
    exported = await exportCatalog(db)
  } finally {
    await db.destroy()
    await database.drop()
  }
})

catalog.after(async () => {
  await seeded.close()
})

catalog('the committed demo catalogue is the export of the demo sources seeded at FIXED_NOW (no drift)', () => {
  if (process.env.UPDATE_DEMO_CATALOG === '1') writeFileSync(DEMO_FILE, `${JSON.stringify(exported, null, 2)}\n`)
  const committed = JSON.parse(readFileSync(DEMO_FILE, 'utf8'))
  assert.equal(committed, exported, 'server/seed/demo-catalog.json differs from the export; see the comment at the top of this file')
  assert.equal(checkCatalog(committed), [])
  assert.is(exported.clouds.length, 11)
  assert.is(exported.data_centers.length, 95)
})

catalog('export → import into an empty database answers the catalogue calls alike', async () => {
  const { database, db } = await emptyDatabase()
  const changes = await importCatalog(db, clone(exported), FIXED_NOW)
  assert.ok((changes.cloud_data_centers ?? 0) > 400)
  assert.equal(await exportCatalog(db), exported, 'the imported database exports the same file')
  await db.destroy()

  // Records are not part of the catalogue: the seeded copy drops them, and both sites run in
  // production mode, which seeds nothing, so only catalogue-derived answers are compared.
  const src = await startApp()
  await src.stop()
  const raw = openDatabase(src.location) // foreign keys on: the records' links go with them
  try {
    await raw.deleteFrom('records').execute()
  } finally {
    await raw.destroy()
  }
  const a = await startApp({ dataDir: src.database.dataDir, databaseUrl: src.database.databaseUrl, ...PRODUCTION })
  const b = await startApp({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, ...PRODUCTION })
  try {
    const urls = ['/api/global']
    for (const c of exported.clouds) {
      urls.push(
        `/api/dc_map/${c.machine_name}`,
        `/api/cloud-banner?cloud=${c.machine_name}`,
        `/api/cloud-status?cloud=${c.machine_name}&requestType=core_cloud_services`,
      )
    }
    for (const url of urls) {
      const [ra, rb] = [await a.app.inject({ url }), await b.app.inject({ url })]
      assert.is(ra.statusCode, 200, url)
      assert.equal(JSON.parse(rb.body), JSON.parse(ra.body), url)
    }
    assert.is(urls.length, 34)
  } finally {
    await a.close()
    await b.close()
  }
})

catalog('importing the same file twice changes no row', async () => {
  const { database, db } = await emptyDatabase()
  try {
    await importCatalog(db, clone(exported), FIXED_NOW)
    const before = await dump(db)
    const changes = await importCatalog(db, clone(exported), new Date(FIXED_NOW.getTime() + 86_400_000))
    assert.equal(changes, {})
    assert.equal(await dump(db), before)
    // Also onto the seeded database the file came from.
    assert.equal(await importCatalog(seeded.db(), clone(exported), FIXED_NOW), {})
  } finally {
    await db.destroy()
    await database.drop()
  }
})

/** Malformed files: a change to (a copy of) the good file, or a replacement, and a message the refusal must contain. */
const MALFORMED: Array<[string, (c: any) => unknown, RegExp]> = [
  ['not an object', () => [], /^\(file\): /],
  ['wrong format version', (c) => ({ ...c, format: 2 }), /^format: /],
  [
    'bad domain',
    (c) => {
      c.clouds[2].domain = 'not a host'
    },
    /^clouds\[2\]\.domain: must be a host name such as status\.example\.com \(lower case, without https:\/\/ or a path\)$/,
  ],
  [
    'missing field',
    (c) => {
      delete c.clouds[1].title
    },
    /^clouds\[1\]\.title: is required$/,
  ],
  [
    'unknown field',
    (c) => {
      c.products[0].colour = 'red'
    },
    /^products\[0\]\.colour: is not a field of the format: remove it, or check its spelling$/,
  ],
  [
    'unknown product',
    (c) => {
      c.clouds[3].product = 'nothing'
    },
    /^clouds\[3\]\.product: unknown product "nothing": add it to the products first, or pick one of: "internet_access", /,
  ],
  [
    'duplicate machine name',
    (c) => {
      c.clouds[4].machine_name = c.clouds[0].machine_name
    },
    /^clouds\[4\]\.machine_name: duplicate machine name "auroraedge" \(item 1 of the list has it too\): each must have its own$/,
  ],
  [
    'duplicate domain',
    (c) => {
      c.clouds[5].domain = c.clouds[1].domain
    },
    /^clouds\[5\]\.domain: duplicate domain/,
  ],
  [
    'latitude out of range',
    (c) => {
      c.data_centers[7].latitude = 91
    },
    /^data_centers\[7\]\.latitude: must be a latitude in degrees, -90 to 90$/,
  ],
  [
    'longitude out of range',
    (c) => {
      c.data_centers[8].longitude = -180.5
    },
    /^data_centers\[8\]\.longitude: must be a longitude in degrees, -180 to 180$/,
  ],
  [
    'latitude as text',
    (c) => {
      c.data_centers[0].latitude = '52.3'
    },
    /^data_centers\[0\]\.latitude: /,
  ],
  [
    'unknown cloud hidden from',
    (c) => {
      c.main_menu[4].hide_from_clouds.push('nowhere')
    },
    /^main_menu\[4\]\.hide_from_clouds\[1\]: unknown cloud "nowhere": remove it, or pick one of: "auroraedge", /,
  ],
  [
    'unknown cloud in a route map',
    (c) => {
      c.top_menu[0].route.elsewhere = 'https://x.example'
    },
    /^top_menu\[0\]\.route\.elsewhere: unknown cloud/,
  ],
  [
    'unknown region',
    (c) => {
      c.data_centers[3].region = 'Antarctica'
    },
    /^data_centers\[3\]\.region: unknown region "Antarctica": add it to the regions first, or pick one of: "EMEA", /,
  ],
  [
    'unknown cloud of a data center',
    (c) => {
      c.data_centers[0].clouds[0].cloud = 'ghost'
    },
    /^data_centers\[0\]\.clouds\[0\]\.cloud: unknown cloud "ghost": add the cloud first, or pick one of: /,
  ],
  [
    'unknown service',
    (c) => {
      c.clouds[0].services[0].service = 'Teleport'
    },
    /^clouds\[0\]\.services\[0\]\.service: unknown core service "Teleport": add it to the services first, or pick one of: /,
  ],
  [
    'bad instant',
    (c) => {
      c.clouds[0].services[0].since = 'yesterday'
    },
    /^clouds\[0\]\.services\[0\]\.since: must be/,
  ],
  [
    'bad colour',
    (c) => {
      c.severities[0].color_code = 'red'
    },
    /^severities\[0\]\.color_code: must be a colour written #rrggbb, e\.g\. #d32f2f$/,
  ],
  [
    'bad feedback address',
    (c) => {
      c.settings.feedback_email = 'nobody'
    },
    /^settings\.feedback_email: must be an email address$/,
  ],
  [
    'unknown menu component',
    (c) => {
      c.main_menu[1].component = 'status'
    },
    /^main_menu\[1\]\.component: unknown component "status": pick one of: "", "home", "cloud-status", .*"external", /,
  ],
  [
    'a default page no deep-linked main-menu item has',
    (c) => {
      c.clouds[1].default_page = 'status'
    },
    /^clouds\[1\]\.default_page: "status" is not the route of a main-menu item with deep link on: add a main-menu item with this route and deep link on first, or pick one of: "cloud-status", /,
  ],
  [
    'a severity id out of range',
    (c) => {
      c.severities[0].tid = 1001
    },
    /^severities\[0\]\.tid: must be a whole number from 1 to 999 \(or leave it out: the import assigns one\)$/,
  ],
  [
    'a cloud removed',
    (c) => {
      c.clouds.pop()
      for (const item of c.main_menu) item.hide_from_clouds = item.hide_from_clouds.filter((name: string) => name !== 'deception')
    },
    /^clouds: cloud "deception" is in the database but not in the file \(it cannot be removed\): keep it in the list$/,
  ],
]

catalog(`${MALFORMED.length} kinds of malformed file are refused by path and change nothing`, async () => {
  const { database, db } = await emptyDatabase()
  try {
    await importCatalog(db, clone(exported), FIXED_NOW)
    const before = await dump(db)
    for (const [name, mutate, message] of MALFORMED) {
      let refused: CatalogError | undefined
      try {
        const file = clone(exported)
        await importCatalog(db, mutate(file) ?? file, FIXED_NOW)
      } catch (error) {
        if (!(error instanceof CatalogError)) throw error
        refused = error
      }
      assert.ok(refused, `${name}: refused`)
      assert.ok(
        refused.problems.some((p) => message.test(p)),
        `${name}: a problem matching ${message} in ${JSON.stringify(refused.problems)}`,
      )
    }
    // All problems of a file come at once.
    const many = clone(exported) as any
    many.clouds[2].domain = 'Bad Domain'
    many.data_centers[0].latitude = -100
    let all: string[] = []
    try {
      await importCatalog(db, many, FIXED_NOW)
    } catch (error) {
      all = (error as CatalogError).problems
    }
    assert.is(all.length, 2, JSON.stringify(all))
    assert.equal(await dump(db), before)
  } finally {
    await db.destroy()
    await database.drop()
  }
})

catalog('a data center left out of the file is decommissioned; its records stay', async () => {
  const app = await startApp()
  const db = app.db()
  try {
    // A data center that serves auroraedge and has records.
    const [dc] = await app.query<{ tid: number; name: string; records: number }>(
      `SELECT dc.tid, dc.name, COUNT(DISTINCT rt.record_id) AS records FROM data_centers dc
       JOIN record_terms rt ON rt.tid = dc.tid
       JOIN cloud_data_centers cdc ON cdc.data_center_tid = dc.tid AND cdc.active = 1
       JOIN clouds c ON c.id = cdc.cloud_id AND c.machine_name = 'auroraedge'
       GROUP BY dc.tid, dc.name, dc.sort ORDER BY dc.sort LIMIT 1`,
    )
    assert.ok(dc && dc.records > 0)
    const mapBefore = JSON.parse((await app.app.inject({ url: '/api/dc_map/auroraedge' })).body)
    assert.match(JSON.stringify(mapBefore), dc.name)
    const file = clone(exported)
    file.data_centers = file.data_centers.filter((d) => d.name !== dc.name)
    const activeLinks = exported.data_centers.find((d) => d.name === dc.name)!.clouds.filter((l) => !l.decommissioned).length
    const changes = await importCatalog(db, file, FIXED_NOW)
    // An import from the command line is another process: the server shows it once its cached
    // answers expire; the test does not wait.
    app.app.responseCache.clear()
    // The links are decommissioned; the data centers after it only move up one place (`sort`).
    assert.is(changes.cloud_data_centers, activeLinks)
    const links = await app.query<{ active: number; end_date: number }>(
      'SELECT active, end_date FROM cloud_data_centers WHERE data_center_tid = ?',
      dc.tid,
    )
    assert.ok(links.length > 0 && links.every((l) => l.active === 0 && l.end_date !== null))
    assert.is((await app.query('SELECT tid FROM data_centers WHERE tid = ?', dc.tid)).length, 1, 'the data center row stays')
    assert.is(
      (await app.query<{ n: number }>('SELECT COUNT(DISTINCT record_id) AS n FROM record_terms WHERE tid = ?', dc.tid))[0].n,
      dc.records,
    )
    const mapAfter = (await app.app.inject({ url: '/api/dc_map/auroraedge' })).body
    assert.not.match(mapAfter, `"${dc.name}"`)
    // Its export says so, and importing that export changes nothing more.
    const again = await exportCatalog(db)
    assert.ok(again.data_centers.find((d) => d.name === dc.name)!.clouds.every((l) => l.decommissioned && l.until !== null))
    assert.equal(await importCatalog(db, file, new Date(FIXED_NOW.getTime() + 3_600_000)), {})
  } finally {
    await app.close()
  }
})

catalog('an audited import records the sections it changed in its transaction; none when nothing changed or refused', async () => {
  const { database, db } = await emptyDatabase()
  const audit = () => db.selectFrom('audit_log').selectAll().orderBy('id').execute()
  try {
    await importCatalog(db, clone(exported), FIXED_NOW)
    assert.equal(await audit(), [], 'no entry without an actor (the seed)')
    const file = clone(exported)
    file.settings.vendor = 'Someone Else'
    file.severities[0].color_code = '#123456'
    await importCatalog(db, file, FIXED_NOW, { audit: { actor: COMMAND_LINE } })
    const [entry, ...more] = await audit()
    assert.equal(more, [])
    assert.equal(
      { ...entry, before: JSON.parse(entry.before!), after: JSON.parse(entry.after!) },
      {
        id: entry.id,
        at: FIXED_NOW.getTime(),
        actor_uid: null,
        actor_name: 'command line',
        action: 'catalog.import',
        target: '',
        before: { severities: exported.severities, settings: exported.settings },
        after: { severities: file.severities, settings: file.settings },
      },
    )
    // A section's own entry.
    const again = clone(file)
    again.regions = [...again.regions, 'Antarctica']
    await importCatalog(db, again, FIXED_NOW, { audit: { actor: { uid: 7, name: 'ed' }, action: 'catalog.regions', section: 'regions' } })
    const last = (await audit()).at(-1)!
    assert.equal([last.action, last.actor_uid, last.actor_name], ['catalog.regions', 7, 'ed'])
    assert.equal([JSON.parse(last.before!), JSON.parse(last.after!)], [file.regions, again.regions])
    // Unchanged or refused: no entry.
    const count = (await audit()).length
    await importCatalog(db, again, FIXED_NOW, { audit: { actor: COMMAND_LINE } })
    const refused = clone(again)
    refused.regions = refused.regions.slice(0, -1)
    try {
      await importCatalog(db, refused, FIXED_NOW, { audit: { actor: COMMAND_LINE } })
      assert.unreachable('refused')
    } catch (error) {
      assert.instance(error, CatalogError)
    }
    assert.is((await audit()).length, count)
  } finally {
    await db.destroy()
    await database.drop()
  }
})

catalog(
  'the starter catalogue the README copies (examples/catalog/starter-catalog.json) passes the checks and imports as written',
  async () => {
    const starter = JSON.parse(readFileSync(new URL('../../examples/catalog/starter-catalog.json', import.meta.url), 'utf8')) as Catalog
    assert.equal(checkCatalog(starter), [])
    assert.not.match(JSON.stringify(starter), /aurora|trust\.example/i, 'nothing of the demo vendor')
    const { database, db } = await emptyDatabase()
    try {
      await importCatalog(db, clone(starter), FIXED_NOW)
      const exported = await exportCatalog(db)
      assert.equal(
        exported.clouds.map((c) => [c.machine_name, c.services.map((s) => s.service)]),
        starter.clouds.map((c) => [c.machine_name, c.services.map((s) => s.service)]),
      )
      assert.equal(
        exported.main_menu.map((m) => m.component),
        starter.main_menu.map((m) => m.component),
      )
    } finally {
      await db.destroy()
      await database.drop()
    }
  },
)

catalog('`npm run catalog -- import` audits the import as the command line', async () => {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const database = await createTestDatabase()
  const cli = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', fileURLToPath(DEMO_FILE)], {
      cwd: root,
      env: databaseEnv(database),
      encoding: 'utf8',
    })
  try {
    let run = cli()
    assert.is(run.status, 0, run.stderr)
    run = cli()
    assert.is(run.status, 0, run.stderr)
    assert.match(run.stdout, /already matches; nothing changed/)
    const db = openDatabase(database.location)
    try {
      const rows: Omit<AuditRow, 'id' | 'at'>[] = await db
        .selectFrom('audit_log')
        .select(['actor_uid', 'actor_name', 'action', 'target', 'before', 'after'])
        .execute()
      assert.is(rows.length, 1, 'one entry: the second import changed nothing')
      const [row] = rows
      assert.equal([row.actor_uid, row.actor_name, row.action, row.target], [null, 'command line', 'catalog.import', ''])
      assert.equal(JSON.parse(row.before!).clouds, [])
      assert.equal(JSON.parse(row.after!).clouds, exported.clouds)
    } finally {
      await db.destroy()
    }
  } finally {
    await database.drop()
  }
})

catalog.run()
