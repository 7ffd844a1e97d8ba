/**
 * Reading the catalogue (`contract/catalog.ts`) out of the database, for `npm run catalog -- export`.
 */
import type { Kysely, Transaction } from 'kysely'
import { CATALOG_FORMAT_VERSION, type Catalog, type CatalogMenuItem, type CatalogSettings } from '../../contract/catalog.js'
import type { MenuRoute } from '../../contract/global.js'
import type { Database } from '../db/schema.js'
import { NOTIFICATION_TYPES } from '../repo/records.js'
import { componentGroups } from '../repo/private-components.js'
import { SETTING } from '../repo/settings.js'

type Db = Kysely<Database> | Transaction<Database>

/** The settings of the catalogue that are flags (`'1'` / `'0'` in the database, booleans in the file). */
export const FLAG_SETTINGS = [SETTING.isGov, SETTING.isTrustDR] as const

/** The settings of the catalogue that are text, in file order. */
export const TEXT_SETTINGS = [
  SETTING.vendor,
  SETTING.ssoAlias,
  SETTING.helpSite,
  SETTING.helpSiteGov,
  SETTING.continuityPolicy,
  SETTING.feedbackEmail,
  SETTING.cookieConsentId,
  SETTING.cookieConsentGovId,
  SETTING.statusVmUrl,
  SETTING.statusBranchUrl,
  SETTING.consoleTokenIssuer,
  SETTING.consoleTokenAudience,
  SETTING.consoleTokenJwksUrl,
  SETTING.consoleTokenPublicKey,
] as const

/** Every setting key the catalogue owns; the others (seed bookkeeping) are not the vendor's. */
export const CATALOG_SETTING_KEYS: readonly string[] = [...TEXT_SETTINGS, ...FLAG_SETTINGS]

/** Epoch ms → ISO 8601 instant, `null` stays `null`. */
export function instant(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}

/**
 * The catalogue as the database holds it, in display order (the `sort` columns). Data centers that
 * are decommissioned everywhere are included (with `decommissioned: true` on each cloud). The
 * notification categories come type by type (`NOTIFICATION_TYPES` order), each type's in display
 * order.
 */
export async function exportCatalog(db: Db): Promise<Catalog> {
  const products = await db.selectFrom('products').select(['id', 'machine_name', 'title']).orderBy('sort').orderBy('id').execute()
  const productName = new Map(products.map((p) => [p.id, p.machine_name]))
  const clouds = await db.selectFrom('clouds').selectAll().orderBy('sort').orderBy('id').execute()
  const cloudName = new Map(clouds.map((c) => [c.id, c.machine_name]))
  const services = await db.selectFrom('services').selectAll().orderBy('tid').execute()
  const serviceName = new Map(services.map((s) => [s.tid, s.name]))
  const cloudServices = await db
    .selectFrom('cloud_services')
    .selectAll()
    .orderBy('cloud_id')
    .orderBy('sort')
    .orderBy('service_tid')
    .execute()
  const regions = await db.selectFrom('regions').select(['tid', 'name']).orderBy('sort').orderBy('tid').execute()
  const regionName = new Map(regions.map((r) => [r.tid, r.name]))
  const dataCenters = await db.selectFrom('data_centers').selectAll().orderBy('sort').orderBy('tid').execute()
  const links = await db
    .selectFrom('cloud_data_centers as cdc')
    .innerJoin('clouds as c', 'c.id', 'cdc.cloud_id')
    .selectAll('cdc')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
  const groupsOf = await componentGroups(db)
  /** `{ private_to }` of a private component, nothing for a public one (files without privacy stay as they were). */
  const privacy = (cloudId: number, tid: number) => {
    const groups = groupsOf.get(`${cloudId}:${tid}`)
    return groups === undefined ? {} : { private_to: groups }
  }
  const menuRows = await db.selectFrom('menu_items').selectAll().orderBy('sort').orderBy('id').execute()
  const severities = await db.selectFrom('severities').selectAll().orderBy('sort').orderBy('tid').execute()
  const categories = await db.selectFrom('notification_categories').selectAll().orderBy('sort').orderBy('tid').execute()
  const settingRows = await db.selectFrom('settings').select(['key', 'value']).execute()
  const setting = new Map(settingRows.map((r) => [r.key, r.value]))

  const menuItem = (row: (typeof menuRows)[number]): CatalogMenuItem => ({
    label: row.label,
    route: JSON.parse(row.route) as MenuRoute,
    component: row.component,
    deep_link: row.deep_link === 1,
    hide_from_clouds: JSON.parse(row.hide_from_clouds) as string[],
    sub_menus: menuRows.filter((child) => child.parent_id === row.id).map((child) => ({ ...menuItem(child), sub_menus: [] })),
  })
  const menu = (name: 'main' | 'top') => menuRows.filter((r) => r.menu === name && r.parent_id === null).map(menuItem)

  const settings: Record<string, string | boolean> = {}
  for (const key of TEXT_SETTINGS) {
    const value = setting.get(key)
    if (value !== undefined) settings[key] = value
  }
  for (const key of FLAG_SETTINGS) {
    const value = setting.get(key)
    if (value !== undefined) settings[key] = value === '1'
  }

  return {
    format: CATALOG_FORMAT_VERSION,
    products: products.map((p) => ({ machine_name: p.machine_name, title: p.title })),
    clouds: clouds.map((c) => ({
      machine_name: c.machine_name,
      domain: c.domain,
      title: c.title,
      product: productName.get(c.product_id) ?? '',
      default_page: c.default_page,
      banner_title: c.banner_title,
      banner_description: c.banner_description,
      cloud_status: {
        core_cloud_services: c.status_core_cloud_services === 1,
        datacenter: c.status_datacenter === 1,
        premium_datacenter: c.status_premium_datacenter === 1,
      },
      services: cloudServices
        .filter((cs) => cs.cloud_id === c.id)
        .map((cs) => ({
          service: serviceName.get(cs.service_tid) ?? '',
          decommissioned: cs.active !== 1,
          since: instant(cs.start_date),
          until: instant(cs.end_date),
          ...privacy(cs.cloud_id, cs.service_tid),
        })),
    })),
    core_services: services.map((s) => ({ name: s.name, description: s.description })),
    regions: regions.map((r) => r.name),
    data_centers: dataCenters.map((dc) => ({
      name: dc.name,
      city: dc.city,
      country: dc.country,
      region: regionName.get(dc.region_tid) ?? '',
      latitude: dc.latitude,
      longitude: dc.longitude,
      clouds: links
        .filter((l) => l.data_center_tid === dc.tid)
        .map((l) => ({
          cloud: cloudName.get(l.cloud_id) ?? '',
          regional_surcharge: l.regional_surcharge === 1,
          premium: l.premium_dc === 1,
          decommissioned: l.active !== 1,
          since: instant(l.start_date),
          until: instant(l.end_date),
          ...privacy(l.cloud_id, l.data_center_tid),
        })),
    })),
    main_menu: menu('main'),
    top_menu: menu('top'),
    severities: severities.map((s) => ({
      tid: s.tid,
      name: s.name,
      color_code: s.color_code,
      icon: s.icon,
      status_icon: s.status_icon,
      show_legend: s.show_legend === 1,
    })),
    notification_categories: NOTIFICATION_TYPES.flatMap((type) =>
      categories.filter((c) => c.notification_type === type).map((c) => ({ tid: c.tid, type, name: c.name })),
    ),
    settings: settings as CatalogSettings,
  }
}
