/**
 * Kysely table types of the trust site's database: one interface per table, gathered in
 * {@link Database}. The SQL that creates them lives in `./migrations/`; a new migration that adds
 * a table adds its interface here.
 *
 * Conventions
 * - Flags are stored as integers `0` / `1` (SQLite has no boolean type; PostgreSQL accepts them as
 *   smallint). The API turns them into `'1'` / `'0'` or booleans at the edge.
 * - JSON columns are stored as text and parsed by the code that reads them.
 * - Days are `YYYY-MM-DD` strings in UTC; instants are ISO 8601 strings in UTC.
 * - Data centers, regions and every later taxonomy-like entity (services, severities, notification
 *   categories) share one integer id space, the term id `tid`, allocated in {@link TermsTable}.
 *   The spec's subscription calls send a bare `tid` (spec §7 POST /api/subscribe), so a tid must
 *   name exactly one thing.
 */
import type { Generated } from 'kysely'

/** `0` or `1`. */
export type IntFlag = number

/** Site-wide key/value settings (variant flags, links, single sign-on alias). */
export interface SettingsTable {
  key: string
  value: string
}

/** Products; a cloud belongs to one (spec §3 Product). */
export interface ProductsTable {
  id: Generated<number>
  machine_name: string
  title: string
  sort: Generated<number>
}

/** Clouds (spec §3 Cloud) with their home-page banner (spec §3 Banner). */
export interface CloudsTable {
  id: Generated<number>
  machine_name: string
  domain: string
  title: string
  product_id: number
  /** Menu route the cloud opens on; `''` is the cloud's home page. */
  default_page: Generated<string>
  banner_title: string
  banner_description: string
  status_core_cloud_services: Generated<IntFlag>
  status_datacenter: Generated<IntFlag>
  status_premium_datacenter: Generated<IntFlag>
  sort: Generated<number>
}

/** Main and top menu entries (spec §3 Menu item). */
export interface MenuItemsTable {
  id: Generated<number>
  menu: 'main' | 'top'
  parent_id: number | null
  label: string
  /** JSON: a string, or an object keyed by cloud machine_name with a `commercial` fallback. */
  route: string
  component: Generated<string>
  deep_link: Generated<IntFlag>
  /** JSON array of cloud machine_names. */
  hide_from_clouds: Generated<string>
  sort: Generated<number>
}

/** The shared term id space: which vocabulary each tid belongs to. */
export interface TermsTable {
  tid: number
  /** `'region'`, `'data_center'`; later issues add e.g. `'service'`, `'severity'`. */
  vocabulary: string
}

/** Data center regions (continents: EMEA, Americas, APAC). */
export interface RegionsTable {
  tid: number
  name: string
  sort: Generated<number>
}

/** Data centers, one per city entry of the data-center list. Coordinates in degrees, WGS84. */
export interface DataCentersTable {
  tid: number
  /** e.g. `'Amsterdam II'`. */
  name: string
  /** The name without its trailing roman numeral, e.g. `'Amsterdam'`. */
  city: string
  /** ISO 3166-1 alpha-2 country code. */
  country: string
  region_tid: number
  latitude: number
  longitude: number
  sort: Generated<number>
}

/** Which data centers serve which cloud, and on what terms. */
export interface CloudDataCentersTable {
  cloud_id: number
  data_center_tid: number
  regional_surcharge: Generated<IntFlag>
  premium_dc: Generated<IntFlag>
  /** `0` once the data center is decommissioned for this cloud. */
  active: Generated<IntFlag>
}

/** Daily traffic totals per cloud, the speedometer's source. `day` is a UTC day. */
export interface TrafficDailyTable {
  cloud_id: number
  day: string
  transactions: number
  threats_blocked: number
  policy_enforcements: number
}

/** Every table of the database, as Kysely sees it. */
export interface Database {
  settings: SettingsTable
  products: ProductsTable
  clouds: CloudsTable
  menu_items: MenuItemsTable
  terms: TermsTable
  regions: RegionsTable
  data_centers: DataCentersTable
  cloud_data_centers: CloudDataCentersTable
  traffic_daily: TrafficDailyTable
}
