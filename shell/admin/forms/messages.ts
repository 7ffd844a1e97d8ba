/**
 * Texts of the catalogue's item forms (docs/languages-and-themes.md): clouds, data centers, menus, products, regions,
 * services, severities, notification categories.
 */
import { count, defineMessages, params } from '../../../contract/i18n/index.js'

export const adminFormsMessages = /* @__PURE__ */ defineMessages('admin.forms', {
  name: 'Name',
  machineName: 'Machine name',
  // Why a saved item's key cannot change
  keyNewMachineName: 'The machine name cannot change once saved: the catalogue refers to it by this machine name.',
  keySavedMachineName: 'The machine name of a saved item cannot change: the catalogue refers to it by this machine name.',
  keyNewName: 'The name cannot change once saved: the catalogue refers to it by this name.',
  keySavedName: 'The name of a saved item cannot change: the catalogue refers to it by this name.',
  keyNewId: 'The id cannot change once saved: the catalogue refers to it by this id.',
  keySavedId: 'The id of a saved item cannot change: the catalogue refers to it by this id.',
  // Clouds
  coreCloudServices: 'Core cloud services',
  premiumDataCenters: 'Premium data centers',
  domain: 'Domain',
  product: 'Product',
  chooseProduct: 'Choose a product',
  defaultPage: 'Default page',
  defaultPageHint: 'The page the cloud opens on: its home page, or a main-menu item with deep link on (add that item under Menus first).',
  homePage: 'Home page',
  /** `{label}`: a main-menu item's label, `{route}` its route. */
  routeOption: params('{label} ({route})'),
  notInMenu: params('{route} (no main-menu item with deep link on has this route: pick another)'),
  bannerTitle: 'Banner title',
  bannerDescription: 'Banner description (plain text)',
  statusBlocks: 'Blocks of the status page',
  servicesInOrder: 'Core services, in row order',
  service: 'Service',
  decommissioned: 'Decommissioned',
  order: 'Order',
  serviceDecommissioned: params('{service} decommissioned'),
  addCoreService: 'Add a core service',
  addService: 'Add service',
  servicesCount: count({ one: '{count} services', other: '{count} services' }),
  // In-service dates (clouds' services, data centers' clouds)
  inServiceSince: 'In service since',
  serviceSince: params('{service} in service since'),
  sinceHint:
    'In service since: the day (UTC) it went into service, today when added; its uptime on the status page counts from that day. Empty when unknown: the uptime then counts the whole 30 and 90 days.',
  // Data centers
  regionalSurcharge: 'Regional surcharge',
  premium: 'Premium',
  latitude: 'Latitude (degrees north, -90 to 90)',
  longitude: 'Longitude (degrees east, -180 to 180)',
  servesCloud: params('Serves {cloud}'),
  flagOn: params('{flag} on {cloud}'),
  city: 'City',
  country: 'Country (ISO code, e.g. NL)',
  region: 'Region',
  chooseRegion: 'Choose a region',
  cloudsItServes: 'Clouds it serves',
  serves: 'Serves',
  decommission: 'Decommission',
  decommissionedEverywhere: 'Decommissioned on every cloud.',
  decommissionHint: params('Marks it decommissioned on every cloud ({count} now); its history stays.'),
  servesClouds: count({ one: 'serves {count} cloud', other: 'serves {count} clouds' }),
  decommissionedDetail: 'decommissioned',
  servesNoCloudYet: 'serves no cloud yet',
  noCloudsYet: 'No cloud yet: once you have added clouds, tick here which ones this data center serves.',
  // Menus
  routeHint:
    'A route under the cloud (cloud-status) when deep-linked, else a path or URL; one route per cloud as JSON: {"commercial": "https://…", "cloud_name": "https://…"}.',
  routeError: params('The route: {error}'),
  label: 'Label',
  component: 'Component (what the item opens)',
  componentHint: 'A page of the site needs a route; with deep link on, the page lives under each cloud’s domain.',
  route: 'Route',
  deepLink: "Deep link (the route lives under the cloud's domain)",
  hiddenFrom: 'Hidden from clouds',
  subMenus: 'Sub-menus',
  noSubMenus: 'No sub-menus.',
  subMenuLegend: params('Sub-menu {n}: {label}'),
  newLabel: 'new',
  addSubMenu: 'Add sub-menu',
  home: '(home)',
  subMenusCount: count({ one: '{count} sub-menus', other: '{count} sub-menus' }),
  // Regions
  regionName: 'Region name',
  dataCentersCount: count({ one: '{count} data center', other: '{count} data centers' }),
  // Services
  serviceHint: "One plain-text sentence, shown in the row's tooltip on the status page.",
  // Severities
  tid: 'Id',
  idOnSave: 'The id is assigned when you save. Records and the API refer to the severity by it.',
  idLater: 'assigned when saved',
  colour: 'Colour (#rrggbb)',
  icon: 'Icon',
  statusIcon: 'Status icon',
  showLegend: "Show in the status page's legend",
  severityDetail: params('Id {id} · colour {colour} · {legend}'),
  inLegend: 'in the legend',
  notInLegend: 'not in the legend',
  // Notification categories
  notificationType: 'Notification type',
  categoryDetail: params('Id {id}'),
  categoryId: params('Id {id}: the publishing API (terms) and the subscriptions refer to the category by it. A new name keeps it.'),
  categoryIdOnSave: 'The id is assigned when you save. The publishing API (terms) refers to the category by it.',
  categoryRemoveHint: 'A category that a notification or a subscriber uses cannot be removed: give it a new name instead.',
})

/**
 * What each menu component opens (`contract/menu-components.ts`), as the menu form offers them:
 * `{description} ({name})`.
 */
export const adminComponentMessages = /* @__PURE__ */ defineMessages('admin.components', {
  option: params('{description} ({name})'),
  none: 'No page of its own: the heading of a dropdown of sub-menus',
  home: 'Home page: the cloud’s banner and links',
  cloudStatus: 'Cloud status: the core services and data centers with their status',
  incidents: 'Incidents: the list of incidents',
  maintenance: 'Maintenance: the list of scheduled maintenance',
  securityAdvisories: 'Security advisories: the list of advisories',
  notifications:
    'Notifications: a list of notifications (route notifications/cloud-app, notifications/url-category or notifications/privacy)',
  dcMap: 'Data center map: the data centers on a world map',
  faq: 'FAQ: the questions and answers page',
  compliance: 'Compliance: the cloud’s compliance page',
  external: 'External link: the route is the web address it opens',
  statusVulnerabilityManagement: 'Vulnerability management status: a link to that external status page (its address is in Settings)',
  statusZeroTrustBranch: 'Zero trust branch status: a link to that external status page (its address is in Settings)',
})
