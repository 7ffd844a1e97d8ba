/**
 * Checking a catalogue file (`contract/catalog.ts`) and applying it to the database, for
 * `npm run catalog -- import FILE`.
 *
 * {@link checkCatalog} finds every problem of a file at once (schema, then meaning: references to
 * unknown products, clouds, services or regions, duplicate keys, …), each message naming the path
 * of the bad field, e.g. `clouds[2].domain: must be a host name`. {@link importCatalog} checks the
 * file, then, in one transaction, checks it against the database (nothing may be removed that
 * records or accounts hang on) and upserts it by natural key. A refused file changes nothing;
 * importing the same file twice changes nothing the second time. {@link importCatalogIn} does the
 * same inside a caller's transaction (the admin console's catalogue editor,
 * `server/admin/catalog-edit.ts`). Either records the change in the audit log
 * (`server/admin/audit.ts`) in that transaction when given an {@link ImportAudit}.
 */
import type { Kysely, Transaction } from 'kysely'
import Value from 'typebox/value'
import { Catalog, type CatalogMenuItem } from '../../contract/catalog.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import type { Database, IntFlag } from '../db/schema.js'
import { TID_BASE } from '../seed/tids.js'
import { CATALOG_SETTING_KEYS, exportCatalog, FLAG_SETTINGS } from './export.js'
import { syncIdentitySequences } from '../db/dialect.js'

type Trx = Transaction<Database>

/** A refused catalogue: every problem found, one message each (`path: what is wrong`). */
export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue was refused (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.join('\n')}`)
    this.name = 'CatalogError'
  }
}

/** How many rows an import wrote, per table (tables with no change are absent). */
export type ImportChanges = Record<string, number>

/** `/clouds/2/domain` → `clouds[2].domain`. */
export function pathOf(pointer: string): string {
  let path = ''
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (/^\d+$/.test(part)) path += `[${part}]`
    else path += path === '' ? part : `.${part}`
  }
  return path || '(file)'
}

const join = (path: string, key: string) => (path === '(file)' ? key : `${path}.${key}`)

/** The schema at a `Value.Errors` schema path (`#/properties/clouds/items/…`), if it can be walked. */
function schemaAt(schemaPath: string): Record<string, unknown> | undefined {
  let node: unknown = Catalog
  for (const part of schemaPath.replace(/^#\/?/, '').split('/')) {
    if (part === '') continue
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined
}

/** The schema problems of `value`, one message per bad field. */
export function schemaProblems(value: unknown): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  const add = (message: string) => {
    if (!seen.has(message)) problems.push(message)
    seen.add(message)
  }
  const errors = [...Value.Errors(Catalog, value)]
  for (const e of errors) {
    const path = pathOf(e.instancePath)
    const params = e.params as Record<string, unknown>
    if (e.keyword === 'required') {
      for (const key of (params.requiredProperties as string[] | undefined) ?? []) add(`${join(path, key)}: is required`)
    } else if (e.keyword === 'additionalProperties') {
      for (const key of (params.additionalProperties as string[] | undefined) ?? []) add(`${join(path, key)}: is not a field of the format`)
    } else if (e.keyword === 'boolean') {
      // The `additionalProperties: false` twin of the error above.
    } else if (e.keyword === 'anyOf') {
      // A value no branch of a union accepts: one message for the field, not one per branch.
      add(`${path}: must be ${describeUnion(schemaAt(e.schemaPath))}`)
    } else {
      // Errors inside a union's branches are summed up by its `anyOf` error.
      if (/\/anyOf\/\d+/.test(e.schemaPath)) continue
      const custom = schemaAt(e.schemaPath)?.['x-error']
      add(`${path}: ${typeof custom === 'string' && e.keyword !== 'type' ? custom : (e.message ?? 'is invalid')}`)
    }
  }
  return problems
}

function describeUnion(schema: Record<string, unknown> | undefined): string {
  const branches = (schema?.anyOf as Array<Record<string, unknown>> | undefined) ?? []
  const names = branches.map((b) =>
    b.type === 'null' ? 'null' : typeof b['x-error'] === 'string' ? `a value that ${b['x-error']}` : `a ${b.type}`,
  )
  return names.length > 0 ? names.join(' or ') : 'of another shape'
}

/**
 * Every problem of a catalogue file that can be found without the database: the schema's, then,
 * when the shape is right, the meaning's. Empty when the file is good.
 */
export function checkCatalog(value: unknown): string[] {
  const problems = schemaProblems(value)
  if (problems.length > 0) return problems
  return meaningProblems(value as Catalog)
}

function duplicates<T>(list: T[], key: (item: T) => string, path: (i: number) => string, what: string, out: string[]): void {
  const first = new Map<string, number>()
  list.forEach((item, i) => {
    const k = key(item)
    const j = first.get(k)
    if (j === undefined) first.set(k, i)
    else out.push(`${path(i)}: duplicate ${what} ${JSON.stringify(k)} (also at ${path(j)})`)
  })
}

function meaningProblems(c: Catalog): string[] {
  const out: string[] = []
  const products = new Set(c.products.map((p) => p.machine_name))
  const clouds = new Set(c.clouds.map((x) => x.machine_name))
  const services = new Set(c.core_services.map((s) => s.name))
  const regions = new Set(c.regions)

  duplicates(
    c.products,
    (p) => p.machine_name,
    (i) => `products[${i}].machine_name`,
    'machine name',
    out,
  )
  duplicates(
    c.clouds,
    (x) => x.machine_name,
    (i) => `clouds[${i}].machine_name`,
    'machine name',
    out,
  )
  duplicates(
    c.clouds,
    (x) => x.domain,
    (i) => `clouds[${i}].domain`,
    'domain',
    out,
  )
  duplicates(
    c.core_services,
    (s) => s.name,
    (i) => `core_services[${i}].name`,
    'service name',
    out,
  )
  duplicates(
    c.regions,
    (r) => r,
    (i) => `regions[${i}]`,
    'region',
    out,
  )
  duplicates(
    c.data_centers,
    (d) => d.name,
    (i) => `data_centers[${i}].name`,
    'data center name',
    out,
  )
  duplicates(
    c.severities,
    (s) => String(s.tid),
    (i) => `severities[${i}].tid`,
    'tid',
    out,
  )
  duplicates(
    c.severities,
    (s) => s.name,
    (i) => `severities[${i}].name`,
    'severity name',
    out,
  )

  const deepRoutes = new Set(
    c.main_menu.flatMap((m) => [m, ...m.sub_menus]).flatMap((m) => (m.deep_link && typeof m.route === 'string' ? [m.route] : [])),
  )
  c.clouds.forEach((cloud, i) => {
    if (!products.has(cloud.product)) out.push(`clouds[${i}].product: unknown product ${JSON.stringify(cloud.product)}`)
    if (cloud.default_page !== '' && !deepRoutes.has(cloud.default_page)) {
      out.push(`clouds[${i}].default_page: ${JSON.stringify(cloud.default_page)} is not the route of a deep-linked main menu item`)
    }
    cloud.services.forEach((s, k) => {
      const at = `clouds[${i}].services[${k}]`
      if (!services.has(s.service)) out.push(`${at}.service: unknown core service ${JSON.stringify(s.service)}`)
      if (s.since !== null && s.until !== null && s.until < s.since) out.push(`${at}.until: is before since`)
    })
    duplicates(
      cloud.services,
      (s) => s.service,
      (k) => `clouds[${i}].services[${k}].service`,
      'service',
      out,
    )
  })

  c.data_centers.forEach((dc, i) => {
    if (!regions.has(dc.region)) out.push(`data_centers[${i}].region: unknown region ${JSON.stringify(dc.region)}`)
    dc.clouds.forEach((link, k) => {
      const at = `data_centers[${i}].clouds[${k}]`
      if (!clouds.has(link.cloud)) out.push(`${at}.cloud: unknown cloud ${JSON.stringify(link.cloud)}`)
      if (link.since !== null && link.until !== null && link.until < link.since) out.push(`${at}.until: is before since`)
    })
    duplicates(
      dc.clouds,
      (l) => l.cloud,
      (k) => `data_centers[${i}].clouds[${k}].cloud`,
      'cloud',
      out,
    )
  })

  const checkMenu = (items: CatalogMenuItem[], path: string) => {
    items.forEach((item, i) => {
      const at = `${path}[${i}]`
      item.hide_from_clouds.forEach((name, k) => {
        if (!clouds.has(name)) out.push(`${at}.hide_from_clouds[${k}]: unknown cloud ${JSON.stringify(name)}`)
      })
      if (typeof item.route !== 'string') {
        for (const key of Object.keys(item.route)) {
          if (key !== 'commercial' && !clouds.has(key)) out.push(`${at}.route.${key}: unknown cloud ${JSON.stringify(key)}`)
        }
      }
      checkMenu(item.sub_menus, `${at}.sub_menus`)
    })
  }
  checkMenu(c.main_menu, 'main_menu')
  checkMenu(c.top_menu, 'top_menu')
  return out
}

/** The problems of applying `c` to the database as it is: removals the file may not make. */
async function databaseProblems(trx: Trx, c: Catalog): Promise<string[]> {
  const out: string[] = []
  const missing = (what: string, path: string, names: string[], inFile: Iterable<string>) => {
    const keep = new Set(inFile)
    for (const name of names) {
      if (!keep.has(name))
        out.push(`${path}: ${what} ${JSON.stringify(name)} is in the database but not in the file (it cannot be removed)`)
    }
  }
  missing(
    'product',
    'products',
    (await trx.selectFrom('products').select('machine_name').execute()).map((r) => r.machine_name),
    c.products.map((p) => p.machine_name),
  )
  missing(
    'cloud',
    'clouds',
    (await trx.selectFrom('clouds').select('machine_name').execute()).map((r) => r.machine_name),
    c.clouds.map((x) => x.machine_name),
  )
  missing(
    'core service',
    'core_services',
    (await trx.selectFrom('services').select('name').execute()).map((r) => r.name),
    c.core_services.map((s) => s.name),
  )
  missing(
    'region',
    'regions',
    (await trx.selectFrom('regions').select('name').execute()).map((r) => r.name),
    c.regions,
  )
  const severities = await trx.selectFrom('severities').select(['tid', 'name']).execute()
  const fileTids = new Set(c.severities.map((s) => s.tid))
  for (const s of severities) {
    if (!fileTids.has(s.tid))
      out.push(`severities: severity ${s.tid} (${JSON.stringify(s.name)}) is in the database but not in the file (it cannot be removed)`)
  }
  const terms = await trx
    .selectFrom('terms')
    .select(['tid', 'vocabulary'])
    .where('tid', 'in', [0, ...fileTids])
    .execute()
  for (const t of terms) {
    if (t.vocabulary !== 'severity') {
      const i = c.severities.findIndex((s) => s.tid === t.tid)
      out.push(`severities[${i}].tid: ${t.tid} is already the id of a ${t.vocabulary}`)
    }
  }
  return out
}

const flag = (b: boolean): IntFlag => (b ? 1 : 0)
const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso))

/** Whether `row` differs from `wanted` in one of `wanted`'s fields. */
function differs(row: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).some(([k, v]) => row[k] !== v)
}

/** What an import records in the audit log (`server/admin/audit.ts`), inside its transaction. */
export interface ImportAudit {
  /** Who imports: a signed-in user, or `COMMAND_LINE` for `npm run catalog -- import`. */
  actor: Actor
  /** The entry's action; default `'catalog.import'`. */
  action?: string
  /** The entry's target; default `''` (the whole site). */
  target?: string
  /**
   * The top-level key of the catalogue whose values before and after the import the entry records
   * (e.g. `'data_centers'`). Without it, `before` / `after` are `{ key: value }` objects of every
   * top-level key whose value the import changed.
   */
  section?: Exclude<keyof Catalog, 'format'>
}

/** Options of {@link importCatalog} and {@link importCatalogIn}. */
export interface ImportOptions {
  /**
   * Record the import in the audit log, in its transaction (and so only if it commits). No entry is
   * written when the import changes no row.
   */
  audit?: ImportAudit
  /**
   * The catalogue as the transaction's database holds it before the import, when the caller has
   * already exported it in the same transaction (saves exporting it again for the audit entry).
   */
  current?: Catalog
}

/**
 * Checks `value` as a catalogue file and applies it in one transaction (see the module comment).
 *
 * @param now The moment links missing from the file are decommissioned at (`until`), and the audit
 *   entry's time.
 * @returns How many rows were written per table; `{}` when the database already matched the file.
 * @throws {CatalogError} With every problem, when the file is refused; the database is unchanged.
 */
export async function importCatalog(db: Kysely<Database>, value: unknown, now: Date, options: ImportOptions = {}): Promise<ImportChanges> {
  // The file's own problems are found before a transaction is opened.
  const problems = checkCatalog(value)
  if (problems.length > 0) throw new CatalogError(problems)
  return db.transaction().execute((trx) => applyChecked(trx, value as Catalog, now, options))
}

/**
 * {@link importCatalog} inside the caller's transaction `trx`: checks `value` (the file, then
 * against the database), applies it and, with `options.audit`, records the change. The caller rolls
 * back on a throw, so a refused file changes nothing.
 *
 * @returns How many rows were written per table; `{}` when the database already matched the file.
 * @throws {CatalogError} With every problem, when the file is refused.
 */
export async function importCatalogIn(trx: Trx, value: unknown, now: Date, options: ImportOptions = {}): Promise<ImportChanges> {
  const problems = checkCatalog(value)
  if (problems.length > 0) throw new CatalogError(problems)
  return applyChecked(trx, value as Catalog, now, options)
}

/** Checks `c` (already a well-formed file) against the database, applies it and audits it. */
async function applyChecked(trx: Trx, c: Catalog, now: Date, { audit, current }: ImportOptions): Promise<ImportChanges> {
  const refused = await databaseProblems(trx, c)
  if (refused.length > 0) throw new CatalogError(refused)
  const before = audit ? (current ?? (await exportCatalog(trx))) : null
  const changes = await apply(trx, c, now.getTime())
  // The catalogue names its ids; PostgreSQL's sequences must move past them.
  if (Object.keys(changes).length > 0) await syncIdentitySequences(trx)
  if (audit && before && Object.keys(changes).length > 0) {
    const after = await exportCatalog(trx)
    let old: unknown
    let neu: unknown
    if (audit.section) {
      old = before[audit.section]
      neu = after[audit.section]
    } else {
      const o: Record<string, unknown> = {}
      const n: Record<string, unknown> = {}
      for (const key of Object.keys(after) as Array<keyof Catalog>) {
        if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
        o[key] = before[key]
        n[key] = after[key]
      }
      old = o
      neu = n
    }
    await recordAudit(
      trx,
      { actor: audit.actor, action: audit.action ?? 'catalog.import', target: audit.target ?? '', before: old, after: neu },
      now.getTime(),
    )
  }
  return changes
}

async function apply(trx: Trx, c: Catalog, now: number): Promise<ImportChanges> {
  const changes: ImportChanges = {}
  const count = (table: string, n = 1) => {
    if (n > 0) changes[table] = (changes[table] ?? 0) + n
  }

  // Settings: the file's catalogue keys; the others (seed bookkeeping) are left alone.
  const settings = new Map((await trx.selectFrom('settings').selectAll().execute()).map((r) => [r.key, r.value]))
  for (const key of CATALOG_SETTING_KEYS) {
    const raw = (c.settings as Record<string, string | boolean | undefined>)[key]
    const wanted = raw === undefined ? undefined : (FLAG_SETTINGS as readonly string[]).includes(key) ? (raw ? '1' : '0') : String(raw)
    const current = settings.get(key)
    if (wanted === current) continue
    if (wanted === undefined) await trx.deleteFrom('settings').where('key', '=', key).execute()
    else
      await trx
        .insertInto('settings')
        .values({ key, value: wanted })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: wanted }))
        .execute()
    count('settings')
  }

  // Products and clouds, by machine name.
  const productRows = new Map((await trx.selectFrom('products').selectAll().execute()).map((r) => [r.machine_name, r]))
  for (const [sort, p] of c.products.entries()) {
    const row = productRows.get(p.machine_name)
    const wanted = { title: p.title, sort }
    if (!row) {
      const inserted = await trx
        .insertInto('products')
        .values({ machine_name: p.machine_name, ...wanted })
        .returningAll()
        .executeTakeFirstOrThrow()
      productRows.set(p.machine_name, inserted)
      count('products')
    } else if (differs(row, wanted)) {
      await trx.updateTable('products').set(wanted).where('id', '=', row.id).execute()
      count('products')
    }
  }
  const cloudRows = new Map((await trx.selectFrom('clouds').selectAll().execute()).map((r) => [r.machine_name, r]))
  const cloudIds = new Map<string, number>()
  for (const [sort, x] of c.clouds.entries()) {
    const row = cloudRows.get(x.machine_name)
    const wanted = {
      domain: x.domain,
      title: x.title,
      product_id: productRows.get(x.product)!.id,
      default_page: x.default_page,
      banner_title: x.banner_title,
      banner_description: x.banner_description,
      status_core_cloud_services: flag(x.cloud_status.core_cloud_services),
      status_datacenter: flag(x.cloud_status.datacenter),
      status_premium_datacenter: flag(x.cloud_status.premium_datacenter),
      sort,
    }
    if (!row) {
      const inserted = await trx
        .insertInto('clouds')
        .values({ machine_name: x.machine_name, ...wanted })
        .returning('id')
        .executeTakeFirstOrThrow()
      cloudIds.set(x.machine_name, inserted.id)
      count('clouds')
    } else {
      cloudIds.set(x.machine_name, row.id)
      if (differs(row, wanted)) {
        await trx.updateTable('clouds').set(wanted).where('id', '=', row.id).execute()
        count('clouds')
      }
    }
  }

  // Terms: a new region, service or data center takes the next free tid of its vocabulary's block.
  const taken = new Set((await trx.selectFrom('terms').select('tid').execute()).map((r) => r.tid))
  const lastTid = new Map<string, number>()
  const newTid = async (vocabulary: 'region' | 'service' | 'data_center'): Promise<number> => {
    let tid = lastTid.get(vocabulary)
    if (tid === undefined) {
      const max = await trx
        .selectFrom('terms')
        .select((eb) => eb.fn.max('tid').as('max'))
        .where('vocabulary', '=', vocabulary)
        .executeTakeFirst()
      tid = Math.max(Number(max?.max ?? 0), TID_BASE[vocabulary])
    }
    do tid++
    while (taken.has(tid))
    taken.add(tid)
    lastTid.set(vocabulary, tid)
    await trx.insertInto('terms').values({ tid, vocabulary }).execute()
    count('terms')
    return tid
  }

  const regionRows = new Map((await trx.selectFrom('regions').selectAll().execute()).map((r) => [r.name, r]))
  const regionTids = new Map<string, number>()
  for (const [sort, name] of c.regions.entries()) {
    const row = regionRows.get(name)
    if (!row) {
      const tid = await newTid('region')
      await trx.insertInto('regions').values({ tid, name, sort }).execute()
      regionTids.set(name, tid)
      count('regions')
    } else {
      regionTids.set(name, row.tid)
      if (row.sort !== sort) {
        await trx.updateTable('regions').set({ sort }).where('tid', '=', row.tid).execute()
        count('regions')
      }
    }
  }

  const serviceRows = new Map((await trx.selectFrom('services').selectAll().execute()).map((r) => [r.name, r]))
  const serviceTids = new Map<string, number>()
  for (const s of c.core_services) {
    const row = serviceRows.get(s.name)
    if (!row) {
      const tid = await newTid('service')
      await trx.insertInto('services').values({ tid, name: s.name, description: s.description }).execute()
      serviceTids.set(s.name, tid)
      count('services')
    } else {
      serviceTids.set(s.name, row.tid)
      if (row.description !== s.description) {
        await trx.updateTable('services').set({ description: s.description }).where('tid', '=', row.tid).execute()
        count('services')
      }
    }
  }

  const severityRows = new Map((await trx.selectFrom('severities').selectAll().execute()).map((r) => [r.tid, r]))
  for (const [sort, s] of c.severities.entries()) {
    const row = severityRows.get(s.tid)
    const wanted = {
      name: s.name,
      color_code: s.color_code,
      icon: s.icon,
      status_icon: s.status_icon,
      show_legend: flag(s.show_legend),
      sort,
    }
    if (!row) {
      if (!taken.has(s.tid)) await trx.insertInto('terms').values({ tid: s.tid, vocabulary: 'severity' }).execute()
      taken.add(s.tid)
      await trx
        .insertInto('severities')
        .values({ tid: s.tid, ...wanted })
        .execute()
      count('severities')
    } else if (differs(row, wanted)) {
      await trx.updateTable('severities').set(wanted).where('tid', '=', s.tid).execute()
      count('severities')
    }
  }

  // Data centers, by name; then which cloud uses which.
  const dcRows = new Map((await trx.selectFrom('data_centers').selectAll().execute()).map((r) => [r.name, r]))
  const dcTids = new Map<string, number>()
  for (const [sort, dc] of c.data_centers.entries()) {
    const row = dcRows.get(dc.name)
    const wanted = {
      city: dc.city,
      country: dc.country,
      region_tid: regionTids.get(dc.region)!,
      latitude: dc.latitude,
      longitude: dc.longitude,
      sort,
    }
    if (!row) {
      const tid = await newTid('data_center')
      await trx
        .insertInto('data_centers')
        .values({ tid, name: dc.name, ...wanted })
        .execute()
      dcTids.set(dc.name, tid)
      count('data_centers')
    } else {
      dcTids.set(dc.name, row.tid)
      if (differs(row, wanted)) {
        await trx.updateTable('data_centers').set(wanted).where('tid', '=', row.tid).execute()
        count('data_centers')
      }
    }
  }

  const linkKey = (cloudId: number, tid: number) => `${cloudId}:${tid}`
  const links = new Map(
    (await trx.selectFrom('cloud_data_centers').selectAll().execute()).map((r) => [linkKey(r.cloud_id, r.data_center_tid), r]),
  )
  const linksInFile = new Set<string>()
  for (const dc of c.data_centers) {
    const tid = dcTids.get(dc.name)!
    for (const l of dc.clouds) {
      const cloud_id = cloudIds.get(l.cloud)!
      const key = linkKey(cloud_id, tid)
      linksInFile.add(key)
      const wanted = {
        regional_surcharge: flag(l.regional_surcharge),
        premium_dc: flag(l.premium),
        active: flag(!l.decommissioned),
        start_date: ms(l.since),
        end_date: ms(l.until),
      }
      const row = links.get(key)
      if (!row) {
        await trx
          .insertInto('cloud_data_centers')
          .values({ cloud_id, data_center_tid: tid, ...wanted })
          .execute()
        count('cloud_data_centers')
      } else if (differs(row, wanted)) {
        await trx
          .updateTable('cloud_data_centers')
          .set(wanted)
          .where('cloud_id', '=', cloud_id)
          .where('data_center_tid', '=', tid)
          .execute()
        count('cloud_data_centers')
      }
    }
  }
  // A data center (or one cloud's use of it) missing from the file is decommissioned; its records stay.
  for (const [key, row] of links) {
    if (linksInFile.has(key) || row.active !== 1) continue
    await trx
      .updateTable('cloud_data_centers')
      .set({ active: 0, end_date: now })
      .where('cloud_id', '=', row.cloud_id)
      .where('data_center_tid', '=', row.data_center_tid)
      .execute()
    count('cloud_data_centers')
  }

  // Which cloud runs which core service; one missing from the file is decommissioned on that cloud.
  const runs = new Map((await trx.selectFrom('cloud_services').selectAll().execute()).map((r) => [linkKey(r.cloud_id, r.service_tid), r]))
  const runsInFile = new Set<string>()
  for (const x of c.clouds) {
    const cloud_id = cloudIds.get(x.machine_name)!
    for (const [sort, s] of x.services.entries()) {
      const service_tid = serviceTids.get(s.service)!
      const key = linkKey(cloud_id, service_tid)
      runsInFile.add(key)
      const wanted = { sort, active: flag(!s.decommissioned), start_date: ms(s.since), end_date: ms(s.until) }
      const row = runs.get(key)
      if (!row) {
        await trx
          .insertInto('cloud_services')
          .values({ cloud_id, service_tid, ...wanted })
          .execute()
        count('cloud_services')
      } else if (differs(row, wanted)) {
        await trx
          .updateTable('cloud_services')
          .set(wanted)
          .where('cloud_id', '=', cloud_id)
          .where('service_tid', '=', service_tid)
          .execute()
        count('cloud_services')
      }
    }
  }
  for (const [key, row] of runs) {
    if (runsInFile.has(key) || row.active !== 1) continue
    await trx
      .updateTable('cloud_services')
      .set({ active: 0, end_date: now })
      .where('cloud_id', '=', row.cloud_id)
      .where('service_tid', '=', row.service_tid)
      .execute()
    count('cloud_services')
  }

  // Menus: replaced by the file's when they differ (ids 1…n depth first, main then top).
  const wantedMenu: Array<{
    id: number
    menu: 'main' | 'top'
    parent_id: number | null
    label: string
    route: string
    component: string
    deep_link: IntFlag
    hide_from_clouds: string
    sort: number
  }> = []
  const addMenu = (menu: 'main' | 'top', items: CatalogMenuItem[], parent_id: number | null) => {
    for (const [sort, item] of items.entries()) {
      const id = wantedMenu.length + 1
      wantedMenu.push({
        id,
        menu,
        parent_id,
        label: item.label,
        route: JSON.stringify(item.route),
        component: item.component,
        deep_link: flag(item.deep_link),
        hide_from_clouds: JSON.stringify(item.hide_from_clouds),
        sort,
      })
      addMenu(menu, item.sub_menus, id)
    }
  }
  addMenu('main', c.main_menu, null)
  addMenu('top', c.top_menu, null)
  const menuRows = await trx.selectFrom('menu_items').selectAll().orderBy('id').execute()
  if (menuRows.length !== wantedMenu.length || menuRows.some((row, i) => differs(row, wantedMenu[i]))) {
    await trx.deleteFrom('menu_items').execute()
    for (const row of wantedMenu) await trx.insertInto('menu_items').values(row).execute()
    count('menu_items', wantedMenu.length)
  }
  return changes
}
