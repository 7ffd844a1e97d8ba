/**
 * The demo seed of a development start: imports the demo vendor's catalogue file
 * (`./demo-catalog.json`, generated from the sources in `./sources.ts`) into an empty database with
 * its instants moved to the seed's clock ({@link demoCatalogAt}), then fills the status data (live
 * records and history, `./records.ts`), the list records (advisories, notifications, more
 * maintenance, `./lists.ts`), the FAQ and Compliance pages and a year of traffic. The record
 * statuses every database has from its migrations (`server/db/migrations/011_reference_data.ts`).
 * Deterministic: the same `now` gives the same database.
 */
import { readFileSync } from 'node:fs'
import type { Kysely } from 'kysely'
import type { Catalog } from '../../contract/catalog.js'
import { importCatalog } from '../catalog/import.js'
import type { Database } from '../db/schema.js'
import { dayStart, utcDay } from '../lib/days.js'
import { seedFaqComplianceIfEmpty } from './faq-compliance.js'
import { seedListRecordsIfEmpty } from './lists.js'
import { seedStatusIfEmpty } from './records.js'
import { TID_BASE } from '../db/tids.js'
import { extendTraffic } from './traffic.js'

export { TID_BASE }

/** The demo vendor's catalogue file. */
export const DEMO_CATALOG_FILE = new URL('./demo-catalog.json', import.meta.url)

/**
 * The UTC day `./demo-catalog.json` was generated on (the tests' fixed clock): its commissioning
 * and decommissioning instants are relative to it.
 */
export const DEMO_CATALOG_DAY = '2026-03-15'

/**
 * The demo catalogue as if generated on `now`'s UTC day: every instant of the file (the `since` and
 * `until` of cloud services and data centers) moves by whole days from {@link DEMO_CATALOG_DAY} to
 * that day, so "decommissioned 3 days ago" stays 3 days ago.
 *
 * @throws When the file cannot be read or parsed (a broken checkout).
 */
export function demoCatalogAt(now: Date): Catalog {
  const catalog = JSON.parse(readFileSync(DEMO_CATALOG_FILE, 'utf8')) as Catalog
  const shift = dayStart(utcDay(now)) - dayStart(DEMO_CATALOG_DAY)
  const move = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) + shift).toISOString())
  for (const cloud of catalog.clouds) for (const s of cloud.services) Object.assign(s, { since: move(s.since), until: move(s.until) })
  for (const dc of catalog.data_centers) for (const l of dc.clouds) Object.assign(l, { since: move(l.since), until: move(l.until) })
  return catalog
}

/**
 * Seeds the database when it holds no product yet; otherwise leaves it alone (see the module
 * comment). The catalogue goes in one transaction (the import's), so a failed seed leaves the
 * database empty; the status data and list records follow, each in its own transaction, then
 * traffic ({@link extendTraffic}, which the server also runs at every start).
 *
 * @param now The moment the seed is relative to (traffic ends with the UTC day before it).
 * @returns `true` when it seeded, `false` when the database already had data.
 */
export async function seedIfEmpty(db: Kysely<Database>, now: Date): Promise<boolean> {
  const existing = await db.selectFrom('products').select('id').limit(1).executeTakeFirst()
  if (!existing) await importCatalog(db, demoCatalogAt(now), now)
  if (!existing) {
    await seedStatusIfEmpty(db, now)
    await seedListRecordsIfEmpty(db, now)
    await extendTraffic(db, now)
  }
  // Also for databases seeded before migration 006: fills the FAQ and Compliance pages once.
  await seedFaqComplianceIfEmpty(db)
  return !existing
}
