/**
 * Checking a catalogue file (`contract/catalog.ts`) and applying it to the database, for
 * `npm run catalog -- import FILE`.
 *
 * {@link checkCatalog} finds every problem of a file at once (schema, then meaning: references to
 * unknown products, clouds, services or regions, duplicate keys, unknown menu components, …), each
 * message naming the path of the bad field, then in words what is wrong and what to do, e.g.
 * `clouds[3].product: unknown product "edge": add it to the products first, or pick one of: "internet_access"`.
 * A message never contains `; ` (the console's save joins them with it). {@link importCatalog} checks the
 * file, then, in one transaction, checks it against the database (nothing may be removed that
 * records or accounts hang on) and upserts it by natural key. A refused file changes nothing;
 * importing the same file twice changes nothing the second time. {@link importCatalogIn} does the
 * same inside a caller's transaction (the admin console's catalogue editor,
 * `server/admin/catalog-edit.ts`). Either records the change in the audit log
 * (`server/admin/audit.ts`) in that transaction when given an {@link ImportAudit}.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import Value from 'typebox/value'
import {
  type Catalog,
  CatalogFile,
  type CatalogMenuItem,
  type CatalogNotificationCategoryEntry,
  type CatalogSeverity,
  type CatalogSeverityEntry,
} from '../../contract/catalog.js'
import { MENU_COMPONENTS, isMenuComponent } from '../../contract/menu-components.js'
import { SPEC_SEVERITY_TIDS } from '../../contract/reference-data.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import type { NotificationType } from '../../contract/records.js'
import type { Database, IntFlag, NotificationCategoriesTable, SeveritiesTable } from '../db/schema.js'
import { TID_BASE } from '../db/tids.js'
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
  let node: unknown = CatalogFile
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
  const errors = [...Value.Errors(CatalogFile, value)]
  for (const e of errors) {
    const path = pathOf(e.instancePath)
    const params = e.params as Record<string, unknown>
    if (e.keyword === 'required') {
      for (const key of (params.requiredProperties as string[] | undefined) ?? []) add(`${join(path, key)}: is required`)
    } else if (e.keyword === 'additionalProperties') {
      for (const key of (params.additionalProperties as string[] | undefined) ?? [])
        add(`${join(path, key)}: is not a field of the format: remove it, or check its spelling`)
    } else if (e.keyword === 'boolean') {
      // The `additionalProperties: false` twin of the error above.
    } else if (e.keyword === 'anyOf') {
      // A value no branch of a union accepts: one message for the field, not one per branch.
      const union = schemaAt(e.schemaPath)
      const custom = union?.['x-error']
      add(`${path}: ${typeof custom === 'string' ? custom : `must be ${describeUnion(union)}`}`)
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
  return meaningProblems(value as CatalogFile)
}

/** `"a", "b", "c"`: the first `max` of `names`, quoted, then `…` when there are more. */
export function quotedList(names: readonly string[], max = 12): string {
  const shown = names.slice(0, max).map((n) => JSON.stringify(n))
  return names.length > max ? `${shown.join(', ')}, …` : shown.join(', ')
}

/** `: pick one of: "a", "b"` after an unknown name, or what to do when there is nothing to pick. */
function pickOne(names: readonly string[], add: string): string {
  return names.length > 0 ? `: ${add} first, or pick one of: ${quotedList(names)}` : `: ${add} first (there is none yet)`
}

function duplicates<T>(list: T[], key: (item: T) => string | undefined, path: (i: number) => string, what: string, out: string[]): void {
  const first = new Map<string, number>()
  list.forEach((item, i) => {
    const k = key(item)
    if (k === undefined) return
    const j = first.get(k)
    if (j === undefined) first.set(k, i)
    else out.push(`${path(i)}: duplicate ${what} ${JSON.stringify(k)} (item ${j + 1} of the list has it too): each must have its own`)
  })
}

/** The routes a cloud's default page may name: those of the main menu's deep-linked items (sub-menus too). */
export function defaultPageRoutes(mainMenu: readonly CatalogMenuItem[]): string[] {
  const routes = mainMenu
    .flatMap((m) => [m, ...(m.sub_menus as CatalogMenuItem[])])
    .flatMap((m) => (m.deep_link && typeof m.route === 'string' && m.route !== '' ? [m.route] : []))
  return [...new Set(routes)]
}

function meaningProblems(c: CatalogFile): string[] {
  const out: string[] = []
  const products = c.products.map((p) => p.machine_name)
  const clouds = c.clouds.map((x) => x.machine_name)
  const services = c.core_services.map((s) => s.name)
  const regions = c.regions

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
    (s) => (s.tid === undefined ? undefined : String(s.tid)),
    (i) => `severities[${i}].tid`,
    'id',
    out,
  )
  duplicates(
    c.severities,
    (s) => s.name,
    (i) => `severities[${i}].name`,
    'severity name',
    out,
  )

  categoryProblems(c.notification_categories ?? [], out)

  const deepRoutes = defaultPageRoutes(c.main_menu)
  c.clouds.forEach((cloud, i) => {
    if (!products.includes(cloud.product)) {
      out.push(`clouds[${i}].product: unknown product ${JSON.stringify(cloud.product)}${pickOne(products, 'add it to the products')}`)
    }
    if (cloud.default_page !== '' && !deepRoutes.includes(cloud.default_page)) {
      const choices =
        deepRoutes.length > 0
          ? `add a main-menu item with this route and deep link on first, or pick one of: ${quotedList(deepRoutes)} (or leave it empty for the home page)`
          : 'the main menu has no item with deep link on yet: leave it empty for the home page, or add a main-menu item with this route and deep link on first'
      out.push(
        `clouds[${i}].default_page: ${JSON.stringify(cloud.default_page)} is not the route of a main-menu item with deep link on: ${choices}`,
      )
    }
    cloud.services.forEach((s, k) => {
      const at = `clouds[${i}].services[${k}]`
      if (!services.includes(s.service)) {
        out.push(`${at}.service: unknown core service ${JSON.stringify(s.service)}${pickOne(services, 'add it to the services')}`)
      }
      if (s.since !== null && s.until !== null && s.until < s.since) {
        out.push(`${at}.until: is before since: the end of service must be on or after its start`)
      }
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
    if (!regions.includes(dc.region)) {
      out.push(`data_centers[${i}].region: unknown region ${JSON.stringify(dc.region)}${pickOne(regions, 'add it to the regions')}`)
    }
    dc.clouds.forEach((link, k) => {
      const at = `data_centers[${i}].clouds[${k}]`
      if (!clouds.includes(link.cloud))
        out.push(`${at}.cloud: unknown cloud ${JSON.stringify(link.cloud)}${pickOne(clouds, 'add the cloud')}`)
      if (link.since !== null && link.until !== null && link.until < link.since) {
        out.push(`${at}.until: is before since: the end of service must be on or after its start`)
      }
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
      if (!isMenuComponent(item.component)) {
        out.push(
          `${at}.component: unknown component ${JSON.stringify(item.component)}: pick one of: ${quotedList(MENU_COMPONENTS, MENU_COMPONENTS.length)} ("" for the heading of a dropdown)`,
        )
      }
      item.hide_from_clouds.forEach((name, k) => {
        if (!clouds.includes(name)) {
          out.push(`${at}.hide_from_clouds[${k}]: unknown cloud ${JSON.stringify(name)}: remove it, or pick one of: ${quotedList(clouds)}`)
        }
      })
      if (typeof item.route !== 'string') {
        for (const key of Object.keys(item.route)) {
          if (key !== 'commercial' && !clouds.includes(key)) {
            out.push(
              `${at}.route.${key}: unknown cloud ${JSON.stringify(key)}: name a route by "commercial" or by a cloud's machine name${clouds.length ? ` (${quotedList(clouds)})` : ''}`,
            )
          }
        }
      }
      checkMenu(item.sub_menus as CatalogMenuItem[], `${at}.sub_menus`)
    })
  }
  checkMenu(c.main_menu, 'main_menu')
  checkMenu(c.top_menu, 'top_menu')
  return out
}

/** How the import names each notification type in its messages. */
const CATEGORY_TYPE_TEXT: Readonly<Record<NotificationType, string>> = {
  url_change_notification: 'URL category',
  cloud_app: 'cloud application category',
  privacy_notification: 'privacy category',
}

/** The file's own problems of its notification categories: two of one type with one name, two with one id. */
function categoryProblems(entries: readonly CatalogNotificationCategoryEntry[], out: string[]): void {
  const byKey = new Map<string, number>()
  const byTid = new Map<number, number>()
  entries.forEach((entry, i) => {
    const key = `${entry.type}\u0000${entry.name}`
    const j = byKey.get(key)
    if (j === undefined) byKey.set(key, i)
    else
      out.push(
        `notification_categories[${i}].name: duplicate ${CATEGORY_TYPE_TEXT[entry.type]} ${JSON.stringify(entry.name)} (item ${j + 1} of the list has it too): each category of a type must have its own name`,
      )
    if (entry.tid === undefined) return
    const k = byTid.get(entry.tid)
    if (k === undefined) byTid.set(entry.tid, i)
    else
      out.push(
        `notification_categories[${i}].tid: duplicate id ${entry.tid} (item ${k + 1} of the list has it too): leave it out of a new category, the import assigns one`,
      )
  })
}

/** One category an import stores: the row it updates (`undefined`: a new one), its fields and its place in its type. */
interface PlannedCategory {
  row: Selectable<NotificationCategoriesTable> | undefined
  type: NotificationType
  name: string
  sort: number
}

/** What an import does to the notification categories: the file's, in order, and the rows it deletes. */
interface CategoryPlan {
  entries: PlannedCategory[]
  removed: Array<Selectable<NotificationCategoriesTable>>
}

/**
 * Matches the file's notification categories to the database's (see
 * {@link CatalogNotificationCategoryEntry}): first by type and name, then by a `tid` of a category of
 * the same type that no entry took by name (a rename). A category no entry matches is removed,
 * unless a notification (`record_terms`) or a subscriber (`notification_subscriptions`) uses it:
 * then each such category is a problem. `null` plan when the file has no such section (the
 * categories stay as they are).
 */
async function planCategories(
  trx: Trx,
  entries: readonly CatalogNotificationCategoryEntry[] | undefined,
): Promise<{ plan: CategoryPlan | null; problems: string[] }> {
  if (entries === undefined) return { plan: null, problems: [] }
  const rows = await trx.selectFrom('notification_categories').selectAll().orderBy('tid').execute()
  const key = (type: string, name: string) => `${type}\u0000${name}`
  const byKey = new Map(rows.map((r) => [key(r.notification_type, r.name), r]))
  const byTid = new Map(rows.map((r) => [r.tid, r]))
  const taken = new Set<number>()
  const matched: Array<Selectable<NotificationCategoriesTable> | undefined> = entries.map((entry) => {
    const row = byKey.get(key(entry.type, entry.name))
    if (row) taken.add(row.tid)
    return row
  })
  entries.forEach((entry, i) => {
    if (matched[i] || entry.tid === undefined) return
    const row = byTid.get(entry.tid)
    if (row && row.notification_type === entry.type && !taken.has(row.tid)) {
      taken.add(row.tid)
      matched[i] = row
    }
  })
  const places = new Map<string, number>()
  const planned = entries.map((entry, i): PlannedCategory => {
    const sort = places.get(entry.type) ?? 0
    places.set(entry.type, sort + 1)
    return { row: matched[i], type: entry.type, name: entry.name, sort }
  })
  const removed = rows.filter((r) => !taken.has(r.tid))
  const problems: string[] = []
  for (const row of removed) {
    const records = await trx
      .selectFrom('record_terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tid', '=', row.tid)
      .executeTakeFirst()
    const subscribers = await trx
      .selectFrom('notification_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target', '=', String(row.tid))
      .executeTakeFirst()
    const uses = [
      plural(Number(records?.n ?? 0), 'notification', 'notifications'),
      plural(Number(subscribers?.n ?? 0), 'subscriber', 'subscribers'),
    ].filter((u) => u !== '')
    if (uses.length === 0) continue
    const what = CATEGORY_TYPE_TEXT[row.notification_type as NotificationType] ?? `category of ${row.notification_type}`
    problems.push(
      `notification_categories: ${what} ${JSON.stringify(row.name)} (id ${row.tid}) is in the database but not in the file, and ${uses.join(' and ')} use it (it cannot be removed): keep it in the list, under a new name if you like`,
    )
  }
  return { plan: { entries: planned, removed }, problems }
}

/** `'3 notifications'`, `'1 subscriber'`; `''` for none. */
function plural(n: number, one: string, other: string): string {
  return n === 0 ? '' : `${n} ${n === 1 ? one : other}`
}

/** The problems of applying `c` to the database as it is: removals the file may not make. */
async function databaseProblems(trx: Trx, c: Catalog): Promise<string[]> {
  const out: string[] = []
  const missing = (what: string, path: string, names: string[], inFile: Iterable<string>) => {
    const keep = new Set(inFile)
    for (const name of names) {
      if (!keep.has(name))
        out.push(
          `${path}: ${what} ${JSON.stringify(name)} is in the database but not in the file (it cannot be removed): keep it in the list`,
        )
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
    // The spec's two severities are never removed: a file without them keeps them as they are.
    if (!fileTids.has(s.tid) && !SPEC_SEVERITY_TIDS.includes(s.tid))
      out.push(
        `severities: severity ${s.tid} (${JSON.stringify(s.name)}) is in the database but not in the file (it cannot be removed): keep it in the list`,
      )
  }
  const terms = await trx
    .selectFrom('terms')
    .select(['tid', 'vocabulary'])
    .where('tid', 'in', [0, ...fileTids])
    .execute()
  for (const t of terms) {
    if (t.vocabulary !== 'severity') {
      const i = c.severities.findIndex((s) => s.tid === t.tid)
      out.push(
        `severities[${i}].tid: ${t.tid} is already the id of a ${t.vocabulary}: pick another id, or leave it out and the import assigns one`,
      )
    }
  }
  return out
}

const flag = (b: boolean): IntFlag => (b ? 1 : 0)

/**
 * The severities an import stores, in order: the spec's two (`SPEC_SEVERITY_TIDS`) that the file
 * leaves out but the database has, as they are and most severe first, then the file's.
 */
function severitiesOf(c: Catalog, rows: ReadonlyMap<number, Selectable<SeveritiesTable>>): CatalogSeverity[] {
  const listed = new Set(c.severities.map((s) => s.tid))
  const kept = SPEC_SEVERITY_TIDS.flatMap((tid) => {
    const row = rows.get(tid)
    return row && !listed.has(tid)
      ? [
          {
            tid,
            name: row.name,
            color_code: row.color_code,
            icon: row.icon,
            status_icon: row.status_icon,
            show_legend: row.show_legend === 1,
          },
        ]
      : []
  })
  return [...kept, ...c.severities]
}
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
  return db.transaction().execute((trx) => applyChecked(trx, value as CatalogFile, now, options))
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
  return applyChecked(trx, value as CatalogFile, now, options)
}

/** The lowest id the import assigns to a new severity is one above this (and above every severity's id). */
const SEVERITY_ID_FLOOR = Math.max(...SPEC_SEVERITY_TIDS)

/**
 * The file's severities, each with its id: a given `tid` is kept; without one, the database's
 * severity of the same name keeps its id, else the severity is new and gets the next id above
 * {@link SEVERITY_ID_FLOOR} and above every severity's id (the database's and the file's) that no
 * term of any vocabulary holds.
 *
 * @throws {CatalogError} When no id up to 999 is free.
 */
async function withSeverityIds(trx: Trx, entries: readonly CatalogSeverityEntry[]): Promise<CatalogSeverity[]> {
  if (entries.every((s) => s.tid !== undefined)) return entries as CatalogSeverity[]
  const rows = await trx.selectFrom('severities').select(['tid', 'name']).execute()
  const byName = new Map(rows.map((r) => [r.name, r.tid]))
  const used = new Set(entries.flatMap((s) => (s.tid === undefined ? [] : [s.tid])))
  const taken = new Set((await trx.selectFrom('terms').select('tid').execute()).map((r) => r.tid))
  let next = Math.max(SEVERITY_ID_FLOOR, ...rows.map((r) => r.tid), ...used)
  const problems: string[] = []
  const out = entries.map((entry, i): CatalogSeverity => {
    const { tid, ...rest } = entry
    if (tid !== undefined) return { tid, ...rest }
    const existing = byName.get(entry.name)
    if (existing !== undefined && !used.has(existing)) {
      used.add(existing)
      return { tid: existing, ...rest }
    }
    do next++
    while (taken.has(next) || used.has(next))
    if (next > 999)
      problems.push(`severities[${i}].tid: no id from ${SEVERITY_ID_FLOOR + 1} to 999 is free: give it an id that no other severity has`)
    used.add(next)
    return { tid: next, ...rest }
  })
  if (problems.length > 0) throw new CatalogError(problems)
  return out
}

/** Checks `c` (already a well-formed file) against the database, applies it and audits it. */
async function applyChecked(trx: Trx, file: CatalogFile, now: Date, { audit, current }: ImportOptions): Promise<ImportChanges> {
  const { notification_categories: categoryEntries, ...rest } = file
  const c: Catalog = { ...rest, severities: await withSeverityIds(trx, file.severities) }
  const categories = await planCategories(trx, categoryEntries)
  const refused = [...(await databaseProblems(trx, c)), ...categories.problems]
  if (refused.length > 0) throw new CatalogError(refused)
  const before = audit ? (current ?? (await exportCatalog(trx))) : null
  const changes = await apply(trx, c, now.getTime(), categories.plan)
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

async function apply(trx: Trx, c: Catalog, now: number, categories: CategoryPlan | null): Promise<ImportChanges> {
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

  // Terms: a new region, service, data center or notification category takes the next free tid of
  // its vocabulary's block.
  const taken = new Set((await trx.selectFrom('terms').select('tid').execute()).map((r) => r.tid))
  const lastTid = new Map<string, number>()
  const newTid = async (vocabulary: 'region' | 'service' | 'data_center' | 'notification_category'): Promise<number> => {
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
  for (const [sort, s] of severitiesOf(c, severityRows).entries()) {
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

  // Notification categories: the ones left out go (no record or subscriber uses them: checked),
  // then the file's are updated or added. No rename can clash with a name another keeps: an entry
  // is matched by its name before its id.
  if (categories) {
    for (const row of categories.removed) {
      await trx.deleteFrom('notification_categories').where('tid', '=', row.tid).execute()
      await trx.deleteFrom('terms').where('tid', '=', row.tid).execute()
      count('notification_categories')
    }
    for (const entry of categories.entries) {
      const wanted = { name: entry.name, sort: entry.sort }
      if (!entry.row) {
        const tid = await newTid('notification_category')
        await trx
          .insertInto('notification_categories')
          .values({ tid, notification_type: entry.type, ...wanted })
          .execute()
        count('notification_categories')
      } else if (differs(entry.row, wanted)) {
        await trx.updateTable('notification_categories').set(wanted).where('tid', '=', entry.row.tid).execute()
        count('notification_categories')
      }
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

  // Private components: the customer groups of every cloud's data center and service in the file
  // (docs/operating/catalogue.md#private-components). Links left out keep theirs, so the records of a
  // decommissioned private component stay private.
  const wantedGroups = new Map<string, readonly string[]>()
  for (const dc of c.data_centers) {
    for (const l of dc.clouds) wantedGroups.set(linkKey(cloudIds.get(l.cloud)!, dcTids.get(dc.name)!), l.private_to ?? [])
  }
  for (const x of c.clouds) {
    for (const s of x.services) wantedGroups.set(linkKey(cloudIds.get(x.machine_name)!, serviceTids.get(s.service)!), s.private_to ?? [])
  }
  const groupRows = await trx.selectFrom('component_groups').selectAll().execute()
  const heldGroups = new Set(groupRows.map((g) => `${linkKey(g.cloud_id, g.tid)}:${g.customer_group}`))
  for (const g of groupRows) {
    const wanted = wantedGroups.get(linkKey(g.cloud_id, g.tid))
    if (wanted === undefined || wanted.includes(g.customer_group)) continue
    await trx
      .deleteFrom('component_groups')
      .where('cloud_id', '=', g.cloud_id)
      .where('tid', '=', g.tid)
      .where('customer_group', '=', g.customer_group)
      .execute()
    count('component_groups')
  }
  for (const [key, groups] of wantedGroups) {
    const [cloud_id, tid] = key.split(':').map(Number)
    for (const customer_group of groups) {
      if (heldGroups.has(`${key}:${customer_group}`)) continue
      await trx.insertInto('component_groups').values({ cloud_id, tid, customer_group }).execute()
      count('component_groups')
    }
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
