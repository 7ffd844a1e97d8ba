/**
 * Site-wide data: clouds, products, menus, single sign-on, links, the cloud banner, the data-center map
 * and the speedometer (spec §1 Variants, §2 Header and menus, Home, Data Center Map; §3 Global, Cloud,
 * Product, Menu item, Banner, Data center (map); §7 GET /api/global, /api/cloud-banner, /api/dc_map).
 */

import Type, { type Static } from 'typebox'
import type { Flag } from './common'

/** Which status blocks a cloud shows (spec §3 Cloud.cloud_status). */
export interface CloudStatusFlags {
  datacenter: Flag
  core_cloud_services: Flag
  premium_datacenter: Flag
}

/**
 * A cloud (spec §3 Cloud). `machine_name` is the stable key used in `cloud` query parameters,
 * the `machineName` cookie and `hide_from_clouds`; `domain` (also given as `cloudDomain`) is the
 * first path segment of the cloud's pages, e.g. `/auroraedge.net/cloud-status`.
 */
export interface Cloud {
  id: string
  machine_name: string
  domain: string
  cloudDomain: string
  title: string
  /** machine_name of the product the cloud belongs to. */
  type: string
  /** Route name (a menu route, without the domain) the cloud opens on, e.g. `'home'`. */
  default_page: string
  cloud_status: CloudStatusFlags
}

/** A product; clouds belong to one (spec §3 Product). */
export interface Product {
  machine_name: string
  title: string
}

/**
 * A menu route: one path for all clouds, or one per cloud machine name with a `commercial`
 * fallback (spec §2 Header and menus, top menu).
 */
export type MenuRoute = string | ({ commercial: string } & Record<string, string>)

/** One menu entry (spec §3 Menu item). */
export interface MenuItem {
  id: string
  /** The label. */
  item: string
  /**
   * Main menu: a route name relative to the cloud (`'cloud-status'`), or an absolute path.
   * Top menu: an absolute URL or path, opened in a new tab.
   */
  route: MenuRoute
  /** Which page component renders the route (`'home'`, `'dc-map'`, …). */
  component: string
  /** When true the route lives under the cloud's domain prefix: `/{cloudDomain}/{route}`. */
  deep_link: boolean
  /** machine_names of clouds for which the item (and its page) is hidden. */
  hide_from_clouds: string[]
  sub_menus: MenuItem[]
}

export interface Menu {
  main_menu: MenuItem[]
  top_menu: MenuItem[]
}

/** Employee single sign-on (spec §2 Sign-in, Employee login link). */
export interface Sso {
  /** SSO alias path, e.g. `/saml/login`; the sign-in page appends `?destination=sign-in|subscribe`. */
  alias: string
  /**
   * The vendor's employee email domains (e.g. `auroraedge.example`): a sign-in name containing
   * one is refused with a pointer to the Employee login (spec §5). Empty when none are set.
   */
  employee_domains: string[]
}

/** Site-wide links and texts that differ by deployment (spec §1 Variants, §2 Home and Footer). */
export interface SiteLinks {
  /** Help site (the government variant has its own). */
  help_site: string
  /** Continuity-policy help article linked from the home page. */
  continuity_policy: string
  /** Address of the footer's feedback line. */
  feedback_email: string
  /** Vendor name shown in the copyright line. */
  vendor: string
  /**
   * Cookie-consent domain id of the current variant (commercial or government; configuration
   * `COOKIE_CONSENT_ID` / `COOKIE_CONSENT_GOV_ID` or the settings). Carried by the shell's consent
   * banner as `data-domain-id`; no third-party script is ever loaded. Always set by the reference server.
   */
  cookie_consent_id?: string
}


/** GET /api/global (spec §3 Global, §7). */
export interface GlobalData {
  menu: Menu
  clouds: Cloud[]
  products: Product[]
  sso: Sso
  isGov: boolean
  isTrustDR: boolean
  links: SiteLinks
}

/** GET /api/cloud-banner?cloud= (spec §3 Banner). */
export const BannerData = Type.Object({ title: Type.String(), description: Type.String() })
export type BannerData = Static<typeof BannerData>

/** One data center of the map (spec §3 Data center (map)). Degrees, WGS84. */
export interface MapDataCenter {
  name: string
  city: string
  /** Region the data center belongs to (a continent: EMEA, Americas, APAC). */
  region: string
  latitude: number
  longitude: number
  /** 1 when the data center carries a regional surcharge. */
  regional_surcharge: 0 | 1
  /** 1 when the data center is a premium data center. */
  premium_dc: 0 | 1
}

/** GET /api/dc_map/{cloud} (spec §3 Data center (map)). */
export interface DcMapData {
  status: 'success'
  datacenters: MapDataCenter[]
}

/**
 * One gauge of the speedometer (spec §2 Home). Values are daily counts over the last complete
 * 24 hours; `max` is the highest daily value of the last 365 days, so the needle shows today
 * against the year's peak.
 */
export interface Gauge {
  id: 'transactions' | 'threats_blocked' | 'policy_enforcements'
  label: string
  /** The count for the last 24 hours. */
  value: number
  /** The scale's end: the largest daily count of the last 365 days. */
  max: number
  /** The 24 hours the value covers, ISO 8601 UTC. */
  from: string
  to: string
}

/** GET /api/speedometer?cloud= — three gauges (spec §2 Home; shape defined by this project). */
export interface SpeedometerData {
  gauges: Gauge[]
}
