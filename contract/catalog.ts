/**
 * The catalogue file (`npm run catalog -- export|import`): everything that is the vendor's own —
 * products, clouds, core services, regions, data centers and which clouds they serve, the main and
 * top menus, severities, notification categories and the site settings — as one JSON document.
 * The demo vendor's is `server/seed/demo-catalog.json`.
 *
 * Rules of the format
 * - Things refer to each other by natural key (a product's or cloud's `machine_name`, a region's,
 *   service's or data center's `name`), never by database id, so a file moves between databases.
 *   Severities are the exception: records refer to their `tid`, fixed by the spec for '20' Service
 *   Disruption and '19' Service Degradation; a new severity may leave it out and the import assigns
 *   one ({@link CatalogSeverityEntry}). Notification categories are known by type and name; the
 *   export adds each one's `tid` (what the publishing API's `terms` name), which a file may keep
 *   to rename a category in place ({@link CatalogNotificationCategoryEntry}).
 * - Lists are in display order; the import stores that order.
 * - Instants are ISO 8601 strings in UTC (`2021-04-03T00:00:00.000Z`); `null` means unknown / still
 *   in service.
 * - Import upserts by natural key: importing the same file twice changes nothing. A data center, a
 *   cloud's data center or a cloud's service missing from the file is decommissioned (its records
 *   and history stay); menus and settings are replaced by the file's; removing a product, cloud,
 *   region, core service or severity is refused. A notification category missing from the file is
 *   deleted when no notification and no subscriber uses it, else the import is refused; a file
 *   without the `notification_categories` section (one written before it existed) leaves the
 *   categories as they are.
 */
import Type, { type Static } from 'typebox'
import { MenuRoute } from './global.js'
import { NotificationType } from './records.js'

/** Version of the format; a file names the one it was written in. */
export const CATALOG_FORMAT_VERSION = 1

/** A lower-case machine name: letters, digits and `_`, starting with a letter. */
const MachineName = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,63}$',
  'x-error': 'must be a machine name: lower-case letters a-z, digits and _, starting with a letter (e.g. acme_cloud)',
})
/** A display name: 1 to 200 characters. */
const Name = Type.String({ minLength: 1, maxLength: 200, 'x-error': 'must not be empty (at most 200 characters)' })
/** A host name such as `auroraedge.net`. */
const HostName = Type.String({
  pattern: '^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$',
  'x-error': 'must be a host name such as status.example.com (lower case, without https:// or a path)',
})
/** An instant, ISO 8601 in UTC with milliseconds, e.g. `2021-04-03T00:00:00.000Z`. */
const Instant = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  'x-error': 'must be an ISO 8601 instant in UTC, e.g. 2021-04-03T00:00:00.000Z',
})
const HttpUrl = Type.String({
  pattern: '^https?://[^\\s/]+(/\\S*)?$',
  'x-error': 'must be a web address starting with https:// or http://',
})

/** A product; a cloud belongs to one (docs/requirements/entities.md#product). */
export const CatalogProduct = Type.Object(
  {
    machine_name: MachineName,
    title: Name,
  },
  { additionalProperties: false },
)
export type CatalogProduct = Static<typeof CatalogProduct>

/** A customer group's machine name: lower-case letters, digits, `_` and `-`, starting with a letter, at most 64 characters. */
export const CUSTOMER_GROUP_PATTERN = '^[a-z][a-z0-9_-]{0,63}$'

/**
 * The customer groups that may see a private component (docs/operating/catalogue.md#private-components):
 * short machine names such as `acme`, the values of a console token's `groups` or `tenant` claim.
 * Absent or `[]`: the component is public.
 */
export const PrivateTo = Type.Array(
  Type.String({
    pattern: CUSTOMER_GROUP_PATTERN,
    'x-error': 'must be a customer group: lower-case letters a-z, digits, _ and -, starting with a letter (e.g. acme)',
  }),
  { maxItems: 100, uniqueItems: true, 'x-error': 'must be a list of different customer groups (at most 100)' },
)
export type PrivateTo = Static<typeof PrivateTo>

/** One core service a cloud runs, in row order of its status page. */
export const CatalogCloudService = Type.Object(
  {
    /** `name` of a core service of {@link Catalog}.core_services. */
    service: Name,
    /** Decommissioned on this cloud (shown until {@link until}, then left out). */
    decommissioned: Type.Boolean(),
    /** When it went into service on this cloud; `null` = unknown. */
    since: Type.Union([Instant, Type.Null()]),
    /** When it was decommissioned on this cloud; `null` while in service. */
    until: Type.Union([Instant, Type.Null()]),
    /** Private on this cloud to these customer groups; absent or `[]`: public. */
    private_to: Type.Optional(PrivateTo),
  },
  { additionalProperties: false },
)
export type CatalogCloudService = Static<typeof CatalogCloudService>

/** The blocks of a cloud's status page (the `cloud_status` flags). */
export const CatalogCloudStatus = Type.Object(
  {
    core_cloud_services: Type.Boolean(),
    datacenter: Type.Boolean(),
    premium_datacenter: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type CatalogCloudStatus = Static<typeof CatalogCloudStatus>

/** A cloud (docs/requirements/entities.md#cloud) with its banner (spec docs/requirements/entities.md#banner). */
export const CatalogCloud = Type.Object(
  {
    machine_name: MachineName,
    /** Host name the cloud's pages live under, e.g. `auroraedge.net`; unique. */
    domain: HostName,
    title: Name,
    /** `machine_name` of its product. */
    product: MachineName,
    /** Menu route the cloud opens on; `''` is the cloud's home page. */
    default_page: Type.String({ maxLength: 200 }),
    banner_title: Name,
    /** Plain text. */
    banner_description: Type.String({ maxLength: 4000 }),
    cloud_status: CatalogCloudStatus,
    /** Its core services in row order. */
    services: Type.Array(CatalogCloudService),
  },
  { additionalProperties: false },
)
export type CatalogCloud = Static<typeof CatalogCloud>

/** A core cloud service, shared by the clouds that run it. */
export const CatalogService = Type.Object(
  {
    name: Name,
    /** One plain-text sentence, shown in the row's tooltip. */
    description: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
)
export type CatalogService = Static<typeof CatalogService>

/** How one cloud uses one data center. */
export const CatalogDataCenterCloud = Type.Object(
  {
    /** `machine_name` of the cloud. */
    cloud: MachineName,
    regional_surcharge: Type.Boolean(),
    premium: Type.Boolean(),
    /** Decommissioned for this cloud: left out of its map, kept in its history. */
    decommissioned: Type.Boolean(),
    /** When it went into service for this cloud; `null` = unknown. */
    since: Type.Union([Instant, Type.Null()]),
    /** When it was decommissioned for this cloud; `null` while in service. */
    until: Type.Union([Instant, Type.Null()]),
    /** Private on this cloud to these customer groups; absent or `[]`: public. */
    private_to: Type.Optional(PrivateTo),
  },
  { additionalProperties: false },
)
export type CatalogDataCenterCloud = Static<typeof CatalogDataCenterCloud>

/** A data center. Coordinates in degrees, WGS84. */
export const CatalogDataCenter = Type.Object(
  {
    /** Unique, e.g. `'Amsterdam II'`. */
    name: Name,
    /** e.g. `'Amsterdam'`. */
    city: Name,
    /** ISO 3166-1 alpha-2 country code, upper case. */
    country: Type.String({ pattern: '^[A-Z]{2}$', 'x-error': 'must be an ISO 3166-1 alpha-2 country code such as NL' }),
    /** `name` of a region of {@link Catalog}.regions. */
    region: Name,
    /** Degrees north, −90…90. */
    latitude: Type.Number({ minimum: -90, maximum: 90, 'x-error': 'must be a latitude in degrees, -90 to 90' }),
    /** Degrees east, −180…180. */
    longitude: Type.Number({ minimum: -180, maximum: 180, 'x-error': 'must be a longitude in degrees, -180 to 180' }),
    /** The clouds it serves (or served). */
    clouds: Type.Array(CatalogDataCenterCloud),
  },
  { additionalProperties: false },
)
export type CatalogDataCenter = Static<typeof CatalogDataCenter>

const MenuFields = {
  label: Name,
  /**
   * Main menu: a route relative to the cloud (`'cloud-status'`) when `deep_link`, else an absolute
   * path or URL. Top menu: an absolute URL or path. Or one route per cloud machine name with a
   * `commercial` fallback.
   */
  route: MenuRoute,
  /**
   * Which page the route opens (`'home'`, `'dc-map'`, …), a link out (`'external'`), or `''` for the
   * heading of a dropdown: one of `MENU_COMPONENTS` (`contract/menu-components.ts`; the import
   * refuses any other name).
   */
  component: Type.String({ maxLength: 100 }),
  /** The route lives under the cloud's domain: `/{domain}/{route}`. */
  deep_link: Type.Boolean(),
  /** `machine_name`s of clouds for which the item (and its page) is hidden. */
  hide_from_clouds: Type.Array(MachineName),
}

/** A menu entry without sub-menus (the menus are two levels deep). */
const CatalogSubMenuItem = Type.Object(
  { ...MenuFields, sub_menus: Type.Array(Type.Never(), { maxItems: 0 }) },
  { additionalProperties: false },
)

/** A top-level menu entry and its sub-menus. */
export const CatalogMenuItem = Type.Object({ ...MenuFields, sub_menus: Type.Array(CatalogSubMenuItem) }, { additionalProperties: false })
export type CatalogMenuItem = Static<typeof CatalogMenuItem>

/** A severity's id: 1…999. */
const SeverityId = Type.Integer({
  minimum: 1,
  maximum: 999,
  'x-error': 'must be a whole number from 1 to 999 (or leave it out: the import assigns one)',
})

/** An icon's name: 1 to 100 characters. */
const IconName = Type.String({ minLength: 1, maxLength: 100, 'x-error': 'must be the name of an icon (e.g. ban, minus, info)' })

const SeverityFields = {
  name: Name,
  /** `#rrggbb`. */
  color_code: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', 'x-error': 'must be a colour written #rrggbb, e.g. #d32f2f' }),
  /** Icon names (`'ban'`, `'minus'`, `'info'`, …). */
  icon: IconName,
  status_icon: IconName,
  /** Shown in the status page's legend. */
  show_legend: Type.Boolean(),
}

/**
 * A severity (docs/requirements/entities.md#severity), most severe first, as the export writes it: with its id. The
 * spec fixes '20' Service Disruption and '19' Service Degradation; records refer to the id.
 */
export const CatalogSeverity = Type.Object({ tid: SeverityId, ...SeverityFields }, { additionalProperties: false })
export type CatalogSeverity = Static<typeof CatalogSeverity>

/**
 * A severity as a file (or a console save) may give it: without `tid` it is matched by name to a
 * severity of the database, else it is new and the import assigns its id (the next free id above
 * every severity's and above 20, never one another term holds). A given `tid` is kept.
 */
export const CatalogSeverityEntry = Type.Object({ tid: Type.Optional(SeverityId), ...SeverityFields }, { additionalProperties: false })
export type CatalogSeverityEntry = Static<typeof CatalogSeverityEntry>

/** The notification type a category belongs to (docs/requirements/calls.md `notification_type`). */
const CategoryType = Type.Union(NotificationType.anyOf, {
  'x-error':
    'must be one of the notification types: "url_change_notification" (URL categories), "cloud_app" (cloud applications) or "privacy_notification" (privacy)',
})

/** A notification category's id: a term id (the import assigns it). */
const CategoryId = Type.Integer({
  minimum: 1,
  'x-error': 'must be the id of a category, a whole number (or leave it out: the import assigns one)',
})

const NotificationCategoryFields = {
  /** The notification type whose notifications it groups; never changes once saved. */
  type: CategoryType,
  /** Unique within its type, e.g. `'Gambling'`; a subscriber picks it by this name. */
  name: Name,
}

/**
 * A notification category (a URL category, a group of cloud applications, a privacy topic) as the
 * export writes it: with its id, the term id that records (`record_terms`), the publishing API's
 * `terms` and notification subscriptions refer to. Listed type by type (URL categories, cloud
 * applications, privacy), each type's in display order.
 */
export const CatalogNotificationCategory = Type.Object({ tid: CategoryId, ...NotificationCategoryFields }, { additionalProperties: false })
export type CatalogNotificationCategory = Static<typeof CatalogNotificationCategory>

/**
 * A notification category as a file (or a console save) may give it. It is the database's category
 * of the same type and name; failing that, the category with its `tid` when that is one of the
 * same type (a rename: the id, its notifications and subscribers stay); failing that, a new one,
 * and the import assigns its id (the next free one of the `notification_category` block, never the
 * file's). Each type's categories keep the file's order.
 */
export const CatalogNotificationCategoryEntry = Type.Object(
  { tid: Type.Optional(CategoryId), ...NotificationCategoryFields },
  { additionalProperties: false },
)
export type CatalogNotificationCategoryEntry = Static<typeof CatalogNotificationCategoryEntry>

/**
 * The site settings (keys of `SETTING` in `server/repo/settings.ts`). A key left out is removed
 * from the database. The environment may override some of them (see `server/config.ts`).
 */
export const CatalogSettings = Type.Object(
  {
    /** The vendor's name, e.g. `'Aurora Edge'`. */
    vendor: Type.Optional(Name),
    /** Government variant of the site. */
    is_gov: Type.Optional(Type.Boolean()),
    /** Disaster-recovery variant of the site. */
    is_trust_dr: Type.Optional(Type.Boolean()),
    /** Path of the single sign-on entry, e.g. `/sso/login`. */
    sso_alias: Type.Optional(Type.String({ pattern: '^/\\S*$', 'x-error': 'must be an absolute path starting with /, e.g. /sso/login' })),
    help_site: Type.Optional(HttpUrl),
    help_site_gov: Type.Optional(HttpUrl),
    /** The service continuity policy. */
    continuity_policy: Type.Optional(HttpUrl),
    /** Where feedback mail goes. */
    feedback_email: Type.Optional(Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'x-error': 'must be an email address' })),
    /** Cookie-consent domain id of the commercial site. */
    cookie_consent_id: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', 'x-error': 'must be 1 to 100 characters of A-Z, a-z, 0-9, dot, _ and -' }),
    ),
    /** Cookie-consent domain id of the government site. */
    cookie_consent_gov_id: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', 'x-error': 'must be 1 to 100 characters of A-Z, a-z, 0-9, dot, _ and -' }),
    ),
    /** External vulnerability-management status page (Notifications dropdown). */
    status_vm_url: Type.Optional(HttpUrl),
    /** External zero-trust-branch status page (Notifications dropdown). */
    status_branch_url: Type.Optional(HttpUrl),
    /**
     * Console tokens (docs/operating/console-tokens.md): the `iss` the vendor's console signs its
     * tokens with, e.g. `https://console.vendor.example`. Without it no token is accepted.
     */
    console_token_issuer: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 500,
        pattern: '^\\S+$',
        'x-error': 'must be the issuer without spaces, e.g. https://console.vendor.example',
      }),
    ),
    /** Console tokens: the `aud` they must name; absent: the origin of `PUBLIC_URL`. */
    console_token_audience: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 500,
        pattern: '^\\S+$',
        'x-error': 'must be the audience without spaces, e.g. https://trust.vendor.example',
      }),
    ),
    /** Console tokens: the console's JWKS URL (its public keys by `kid`; rotation needs no change here). */
    console_token_jwks_url: Type.Optional(HttpUrl),
    /** Console tokens: a PEM (`-----BEGIN PUBLIC KEY-----`) or JWK (JSON) public key, ES256 or EdDSA, when there is no JWKS URL. */
    console_token_public_key: Type.Optional(
      Type.String({
        maxLength: 5000,
        pattern: '^\\s*(-----BEGIN PUBLIC KEY-----[\\s\\S]+-----END PUBLIC KEY-----|\\{[\\s\\S]+\\})\\s*$',
        'x-error': 'must be a PEM public key (-----BEGIN PUBLIC KEY----- …) or a JWK in JSON',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CatalogSettings = Static<typeof CatalogSettings>

const CatalogSections = {
  /** {@link CATALOG_FORMAT_VERSION}. */
  format: Type.Literal(CATALOG_FORMAT_VERSION),
  products: Type.Array(CatalogProduct),
  clouds: Type.Array(CatalogCloud),
  core_services: Type.Array(CatalogService),
  /** Region names (continents: `'EMEA'`, `'Americas'`, `'APAC'`) in display order. */
  regions: Type.Array(Name),
  data_centers: Type.Array(CatalogDataCenter),
  main_menu: Type.Array(CatalogMenuItem),
  top_menu: Type.Array(CatalogMenuItem),
  settings: CatalogSettings,
}

/**
 * The whole catalogue as the export writes it (every severity and notification category with its
 * id). The export always writes `notification_categories` (`[]` when there is none); the section
 * is optional for files written before it existed.
 */
export const Catalog = Type.Object(
  {
    ...CatalogSections,
    severities: Type.Array(CatalogSeverity),
    notification_categories: Type.Optional(Type.Array(CatalogNotificationCategory)),
  },
  { additionalProperties: false },
)
export type Catalog = Static<typeof Catalog>

/**
 * The whole catalogue as the import reads it: {@link Catalog}, except that a severity or a
 * notification category may leave its id out ({@link CatalogSeverityEntry},
 * {@link CatalogNotificationCategoryEntry}). Without `notification_categories` the import leaves
 * the categories as they are; with it (`[]` too) the file's list is the whole list. Every exported
 * catalogue is a valid file.
 */
export const CatalogFile = Type.Object(
  {
    ...CatalogSections,
    severities: Type.Array(CatalogSeverityEntry),
    notification_categories: Type.Optional(Type.Array(CatalogNotificationCategoryEntry)),
  },
  { additionalProperties: false },
)
export type CatalogFile = Static<typeof CatalogFile>
