/**
 * Site-wide data: clouds, products, menus, single sign-on, links, the cloud banner, the data-center map
 * and the speedometer (docs/requirements/product.md Variants, docs/requirements/screens.md#header-and-menus, Home, Data Center Map; docs/requirements/entities.md#global, Cloud,
 * Product, Menu item, Banner, Data center (map); docs/requirements/calls.md GET /api/global, /api/cloud-banner, /api/dc_map).
 */

import Type, { type Static } from 'typebox'
import { Flag } from './common'

/** Which status blocks a cloud shows (docs/requirements/entities.md#cloud.cloud_status). */
export const CloudStatusFlags = Type.Object({
  datacenter: Flag,
  core_cloud_services: Flag,
  premium_datacenter: Flag,
})
export type CloudStatusFlags = Static<typeof CloudStatusFlags>

/**
 * A cloud (docs/requirements/entities.md#cloud). `machine_name` is the stable key used in `cloud` query parameters,
 * the `machineName` cookie and `hide_from_clouds`; `domain` (also given as `cloudDomain`) is the
 * first path segment of the cloud's pages, e.g. `/auroraedge.net/cloud-status`.
 */
export const Cloud = Type.Object({
  id: Type.String(),
  machine_name: Type.String(),
  domain: Type.String(),
  cloudDomain: Type.String(),
  title: Type.String(),
  /** machine_name of the product the cloud belongs to. */
  type: Type.String(),
  /** Route name (a menu route, without the domain) the cloud opens on, e.g. `'home'`. */
  default_page: Type.String(),
  cloud_status: CloudStatusFlags,
})
export type Cloud = Static<typeof Cloud>

/** A product; clouds belong to one (docs/requirements/entities.md#product). */
export const Product = Type.Object({
  machine_name: Type.String(),
  title: Type.String(),
})
export type Product = Static<typeof Product>

/**
 * A menu route: one path for all clouds, or one per cloud machine name with a `commercial`
 * fallback (docs/requirements/screens.md#header-and-menus, top menu).
 */
export const MenuRoute = Type.Union([
  Type.String(),
  Type.Intersect([Type.Object({ commercial: Type.String() }), Type.Record(Type.String(), Type.String())]),
])
export type MenuRoute = Static<typeof MenuRoute>

/** The definitions of the menu schemas: a menu item holds menu items (`sub_menus`). */
const MENU_DEFS = {
  /** One menu entry (docs/requirements/entities.md#menu-item). */
  MenuItem: Type.Object({
    id: Type.String(),
    /** The label. */
    item: Type.String(),
    /**
     * Main menu: a route name relative to the cloud (`'cloud-status'`), or an absolute path.
     * Top menu: an absolute URL or path, opened in a new tab.
     */
    route: MenuRoute,
    /** Which page component renders the route (`'home'`, `'dc-map'`, …). */
    component: Type.String(),
    /** When true the route lives under the cloud's domain prefix: `/{cloudDomain}/{route}`. */
    deep_link: Type.Boolean(),
    /** machine_names of clouds for which the item (and its page) is hidden. */
    hide_from_clouds: Type.Array(Type.String()),
    sub_menus: Type.Array(Type.Ref('MenuItem')),
  }),
}

/** One menu entry (docs/requirements/entities.md#menu-item); `sub_menus` are menu items again. */
export const MenuItem = Type.Cyclic(MENU_DEFS, 'MenuItem')
export type MenuItem = Static<typeof MenuItem>

/** The main menu and the top menu (docs/requirements/screens.md#header-and-menus). */
export const Menu = Type.Cyclic(
  {
    ...MENU_DEFS,
    Menu: Type.Object({
      main_menu: Type.Array(Type.Ref('MenuItem')),
      top_menu: Type.Array(Type.Ref('MenuItem')),
    }),
  },
  'Menu',
)
export type Menu = Static<typeof Menu>

/** Employee single sign-on (docs/requirements/screens.md#sign-in, Employee login link). */
export const Sso = Type.Object({
  /** SSO alias path, e.g. `/saml/login`; the sign-in page appends `?destination=sign-in|subscribe`. */
  alias: Type.String(),
  /**
   * The vendor's employee email domains (e.g. `auroraedge.example`): a sign-in name containing
   * one is refused with a pointer to the Employee login (docs/requirements/validation.md). Empty when none are set.
   */
  employee_domains: Type.Array(Type.String()),
})
export type Sso = Static<typeof Sso>

/** Site-wide links and texts that differ by deployment (docs/requirements/product.md Variants, docs/requirements/screens.md#home and Footer). */
export const SiteLinks = Type.Object({
  /** Help site (the government variant has its own). */
  help_site: Type.String(),
  /** Continuity-policy help article linked from the home page. */
  continuity_policy: Type.String(),
  /** Address of the footer's feedback line. */
  feedback_email: Type.String(),
  /** Vendor name shown in the copyright line. */
  vendor: Type.String(),
  /**
   * Cookie-consent domain id of the current variant (commercial or government; configuration
   * `COOKIE_CONSENT_ID` / `COOKIE_CONSENT_GOV_ID` or the settings). Carried by the shell's consent
   * banner as `data-domain-id`; no third-party script is ever loaded. Always set by the reference server.
   */
  cookie_consent_id: Type.Optional(Type.String()),
})
export type SiteLinks = Static<typeof SiteLinks>

/** GET /api/global (docs/requirements/entities.md#global, docs/requirements/calls.md). */
export const GlobalData = Type.Object({
  menu: Menu,
  clouds: Type.Array(Cloud),
  products: Type.Array(Product),
  sso: Sso,
  isGov: Type.Boolean(),
  isTrustDR: Type.Boolean(),
  links: SiteLinks,
})
export type GlobalData = Static<typeof GlobalData>

/** GET /api/cloud-banner?cloud= (docs/requirements/entities.md#banner). */
export const BannerData = Type.Object({ title: Type.String(), description: Type.String() })
export type BannerData = Static<typeof BannerData>

/** A 0/1 flag as a number (the map's flags). */
const Bit = Type.Union([Type.Literal(0), Type.Literal(1)])

/** One data center of the map (docs/requirements/entities.md#data-center (map)). Degrees, WGS84. */
export const MapDataCenter = Type.Object({
  name: Type.String(),
  city: Type.String(),
  /** Region the data center belongs to (a continent: EMEA, Americas, APAC). */
  region: Type.String(),
  /** Degrees north, −90…90. */
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  /** Degrees east, −180…180. */
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  /** 1 when the data center carries a regional surcharge. */
  regional_surcharge: Bit,
  /** 1 when the data center is a premium data center. */
  premium_dc: Bit,
})
export type MapDataCenter = Static<typeof MapDataCenter>

/** GET /api/dc_map/{cloud} (docs/requirements/entities.md#data-center (map)). */
export const DcMapData = Type.Object({
  status: Type.Literal('success'),
  datacenters: Type.Array(MapDataCenter),
})
export type DcMapData = Static<typeof DcMapData>

/** The path parameters of GET /api/dc_map/{cloud}: a cloud machine name or domain (docs/requirements/calls.md). */
export const DcMapParams = Type.Object({ cloud: Type.String({ minLength: 1, maxLength: 200 }) })
export type DcMapParams = Static<typeof DcMapParams>

/**
 * One gauge of the speedometer (docs/requirements/screens.md#home). Values are daily counts over the last complete
 * 24 hours; `max` is the highest daily value of the last 365 days, so the needle shows today
 * against the year's peak.
 */
export const Gauge = Type.Object({
  id: Type.Union([Type.Literal('transactions'), Type.Literal('threats_blocked'), Type.Literal('policy_enforcements')]),
  label: Type.String(),
  /** The count for the last 24 hours. */
  value: Type.Number({ minimum: 0 }),
  /** The scale's end: the largest daily count of the last 365 days. */
  max: Type.Number({ minimum: 0 }),
  /** The 24 hours the value covers, ISO 8601 UTC. */
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
})
export type Gauge = Static<typeof Gauge>

/**
 * GET /api/speedometer?cloud= — three gauges (docs/requirements/screens.md#home; shape defined by this project).
 * `has_data` is false while the cloud has no figures for any complete day (none fed yet, see
 * `contract/traffic.ts`): a client shows no gauges then. The three gauges are still sent, at zero
 * for yesterday, so that drop-ins older than the flag keep working.
 */
export const SpeedometerData = Type.Object({
  /** False when no traffic figures are published for the cloud: show no gauges. */
  has_data: Type.Boolean(),
  gauges: Type.Array(Gauge),
})
export type SpeedometerData = Static<typeof SpeedometerData>
