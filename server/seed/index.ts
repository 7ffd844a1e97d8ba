/**
 * The demo seed: fills an empty database with the demo vendor's catalogue, the real data-center
 * list, a year of traffic, the status data (services, severities, incidents and maintenance, see
 * `./records.ts`) and the list records (advisories, notifications, more maintenance, see
 * `./lists.ts`). Deterministic: the same `now` gives the same database.
 *
 * Term ids (tids) are allocated in fixed blocks so they stay stable when the seed grows:
 * tids below 1000 are kept for terms whose ids the spec fixes (severities '17'…'20', the
 * advisory category 241), regions start at {@link TID_BASE}.region + 1 and data centers at
 * {@link TID_BASE}.data_center + 1, both in file order, services at {@link TID_BASE}.service + 1,
 * notification categories at {@link TID_BASE}.notification_category + 1. Later vocabularies take
 * the next free block.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.js'
import { assignDataCenter } from './assignment.js'
import { bannerTitle, CLOUDS, MAIN_MENU, PRODUCTS, SETTINGS, TOP_MENU, type MenuSeed } from './catalog.js'
import { loadDataCenters, type DataCenterSeed } from './data-centers.js'
import { seedFaqComplianceIfEmpty } from './faq-compliance.js'
import { seedListRecordsIfEmpty } from './lists.js'
import { extendRecords, seedStatusIfEmpty } from './records.js'
import { TID_BASE } from './tids.js'
import { extendTraffic } from './traffic.js'

export { TID_BASE }

/**
 * Seeds the database when it holds no product yet; otherwise leaves it alone.
 * The catalogue and data centers go in one transaction, so a failed seed leaves the database empty;
 * the status data follows in a second one ({@link seedStatusIfEmpty}, which the server also runs at
 * every start for databases created before it existed), then the advisories, notifications and
 * list records of `./lists.ts` ({@link seedListRecordsIfEmpty}, likewise). Traffic is then filled by
 * {@link extendTraffic}, which the server also runs at every start, like {@link extendRecords}.
 *
 * @param now The moment the seed is relative to (traffic ends with the UTC day before it).
 * @param dataCenters Defaults to the list shipped in `./data/`.
 * @returns `true` when it seeded, `false` when the database already had data.
 */
export async function seedIfEmpty(db: Kysely<Database>, now: Date, dataCenters: DataCenterSeed[] = loadDataCenters()): Promise<boolean> {
  const seeded = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst()
    if (existing) return false
    await seedCatalog(trx)
    await seedDataCenters(trx, dataCenters)
    return true
  })
  if (seeded) {
    await seedStatusIfEmpty(db, now)
    await seedListRecordsIfEmpty(db, now)
    await extendTraffic(db, now)
  }
  // Also for databases seeded before migration 006: fills the FAQ and Compliance pages once.
  await seedFaqComplianceIfEmpty(db)
  return seeded
}

async function seedCatalog(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('settings')
    .values(Object.entries(SETTINGS).map(([key, value]) => ({ key, value })))
    .execute()

  await trx
    .insertInto('products')
    .values(PRODUCTS.map((p, i) => ({ id: i + 1, machine_name: p.machine_name, title: p.title, sort: i })))
    .execute()
  const productId = new Map(PRODUCTS.map((p, i) => [p.machine_name, i + 1]))

  await trx
    .insertInto('clouds')
    .values(
      CLOUDS.map((c, i) => {
        const product_id = productId.get(c.product)
        if (product_id === undefined) throw new Error(`Seed: cloud ${c.machine_name} names an unknown product ${c.product}`)
        return {
          id: i + 1,
          machine_name: c.machine_name,
          domain: c.domain,
          title: c.domain,
          product_id,
          default_page: c.default_page,
          banner_title: bannerTitle(c),
          banner_description: c.banner_description,
          status_core_cloud_services: c.status.core_cloud_services,
          status_datacenter: c.status.datacenter,
          status_premium_datacenter: c.status.premium_datacenter,
          sort: i,
        }
      }),
    )
    .execute()

  let nextMenuId = 1
  const insertMenu = async (menu: 'main' | 'top', items: MenuSeed[], parentId: number | null): Promise<void> => {
    for (const [sort, item] of items.entries()) {
      const id = nextMenuId++
      await trx
        .insertInto('menu_items')
        .values({
          id,
          menu,
          parent_id: parentId,
          label: item.label,
          route: JSON.stringify(item.route),
          component: item.component,
          deep_link: item.deep_link ? 1 : 0,
          hide_from_clouds: JSON.stringify(item.hide_from_clouds ?? []),
          sort,
        })
        .execute()
      if (item.sub_menus) await insertMenu(menu, item.sub_menus, id)
    }
  }
  await insertMenu('main', MAIN_MENU, null)
  await insertMenu('top', TOP_MENU, null)
}

async function seedDataCenters(trx: Transaction<Database>, dataCenters: DataCenterSeed[]): Promise<void> {
  const regions = [...new Set(dataCenters.map((dc) => dc.region))]
  const regionTid = new Map(regions.map((name, i) => [name, TID_BASE.region + 1 + i]))
  const dcTid = (dc: DataCenterSeed) => TID_BASE.data_center + 1 + dc.index

  await trx
    .insertInto('terms')
    .values([
      ...regions.map((name) => ({ tid: regionTid.get(name)!, vocabulary: 'region' })),
      ...dataCenters.map((dc) => ({ tid: dcTid(dc), vocabulary: 'data_center' })),
    ])
    .execute()
  await trx
    .insertInto('regions')
    .values(regions.map((name, sort) => ({ tid: regionTid.get(name)!, name, sort })))
    .execute()
  await trx
    .insertInto('data_centers')
    .values(
      dataCenters.map((dc) => ({
        tid: dcTid(dc),
        name: dc.name,
        city: dc.city,
        country: dc.country,
        region_tid: regionTid.get(dc.region)!,
        latitude: dc.latitude,
        longitude: dc.longitude,
        sort: dc.index,
      })),
    )
    .execute()

  const clouds = await trx.selectFrom('clouds').select(['id', 'machine_name']).orderBy('id').execute()
  const links = clouds.flatMap((cloud) =>
    dataCenters.flatMap((dc) => {
      const terms = assignDataCenter(cloud.machine_name, dc)
      return terms ? [{ cloud_id: cloud.id, data_center_tid: dcTid(dc), ...terms }] : []
    }),
  )
  for (let i = 0; i < links.length; i += 500) {
    await trx
      .insertInto('cloud_data_centers')
      .values(links.slice(i, i + 500))
      .execute()
  }
}
