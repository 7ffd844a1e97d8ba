/**
 * The demo vendor from its sources: the TypeScript catalogue (`./catalog.ts`, `./status-catalog.ts`),
 * the real data-center list (`./data/`) and the rules that assign data centers to clouds
 * (`./assignment.ts`). These sources generate `./demo-catalog.json`, the file the development seed
 * imports: the test `test/server/catalog.test.ts` seeds a database from the sources at its fixed
 * clock, exports it and compares the export with the committed file (regenerate it as that test's
 * comment says after changing a source).
 *
 * Term ids (tids) are allocated in fixed blocks so they stay stable when the seed grows:
 * tids below 1000 are kept for terms whose ids the spec fixes (severities '17'…'20', the
 * advisory category 241), regions start at {@link TID_BASE}.region + 1 and data centers at
 * {@link TID_BASE}.data_center + 1, both in file order, services at {@link TID_BASE}.service + 1,
 * notification categories at {@link TID_BASE}.notification_category + 1. The catalogue import
 * allocates new terms the same way, so the file and its sources give the same tids.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.js'
import { assignDataCenter } from './assignment.js'
import { bannerTitle, CLOUDS, MAIN_MENU, NOTIFICATION_CATEGORIES, PRODUCTS, SETTINGS, TOP_MENU, type MenuSeed } from './catalog.js'
import { loadDataCenters, type DataCenterSeed } from './data-centers.js'
import { seedStatusIfEmpty } from './records.js'
import { TID_BASE } from '../db/tids.js'

/**
 * Seeds an empty database's catalogue from the demo's sources, then its status data
 * (`seedStatusIfEmpty`: severities, services, commissioning dates relative to `now`, records).
 * The catalogue and data centers go in one transaction.
 *
 * @param now The moment the seed is relative to.
 * @returns `true` when it seeded, `false` when the database already had a product.
 */
export async function seedFromSources(
  db: Kysely<Database>,
  now: Date,
  dataCenters: DataCenterSeed[] = loadDataCenters(),
): Promise<boolean> {
  const seeded = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst()
    if (existing) return false
    await seedCatalog(trx)
    await seedDataCenters(trx, dataCenters)
    return true
  })
  if (seeded) await seedStatusIfEmpty(db, now)
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

  const categories = Object.entries(NOTIFICATION_CATEGORIES).flatMap(([type, names]) =>
    names.map((name, sort) => ({ notification_type: type, name, sort })),
  )
  const rows = categories.map((c, i) => ({ tid: TID_BASE.notification_category + 1 + i, ...c }))
  await trx
    .insertInto('terms')
    .values(rows.map((r) => ({ tid: r.tid, vocabulary: 'notification_category' })))
    .execute()
  await trx.insertInto('notification_categories').values(rows).execute()
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
