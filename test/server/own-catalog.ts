/**
 * Catalogues of the tests' own, written here and nowhere in the demo:
 * - {@link ownCatalog}, a vendor's own for the production tests: one product, one cloud (a second
 *   one on request), one core service, one region with one data center, a main menu and the
 *   vendor's name. No severities: the spec's two come from the migrations.
 * - {@link emptyCatalog}, a new site's (nothing in it), and {@link minimalCatalog}, the smallest
 *   a site runs on, for the tests of the catalogue's rules and of the console's first run (server
 *   and unit tests alike: this file imports nothing but the contract's types).
 */
import { DEFAULT_SEVERITY_TID } from '../../contract/reference-data.js'
import type { Catalog, CatalogMenuItem } from '../../contract/catalog.js'

/**
 * The machine names and domains of {@link ownCatalog}'s clouds (the second only with
 * `secondCloud`), its core service and its data center.
 */
export const OWN = {
  cloud: 'northwind',
  domain: 'status.northwind.example',
  secondCloud: 'southwind',
  secondDomain: 'status.southwind.example',
  service: 'Packet Relay',
  dataCenter: 'Oslo I',
} as const

/** Options of {@link ownCatalog}. */
export interface OwnCatalogOptions {
  /**
   * Adds a second cloud of the product after the first, {@link OWN.secondCloud} at
   * {@link OWN.secondDomain}, without services or data centers.
   */
  secondCloud?: boolean
}

/** The vendor's own catalogue (a fresh copy each call). */
export function ownCatalog({ secondCloud = false }: OwnCatalogOptions = {}): Catalog {
  const since = '2025-01-06T00:00:00.000Z'
  const cloud = (machine_name: string, domain: string, title: string, banner_description: string) => ({
    machine_name,
    domain,
    title,
    product: 'relay',
    default_page: 'cloud-status',
    banner_title: `${title} status`,
    banner_description,
    cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
    services: [],
  })
  return {
    format: 1,
    products: [{ machine_name: 'relay', title: 'Relay' }],
    clouds: [
      {
        ...cloud(OWN.cloud, OWN.domain, 'Northwind Relay', 'Live status of the relay network.'),
        services: [{ service: OWN.service, decommissioned: false, since, until: null }],
      },
      ...(secondCloud ? [cloud(OWN.secondCloud, OWN.secondDomain, 'Southwind Relay', 'Live status of the southern relay network.')] : []),
    ],
    core_services: [{ name: OWN.service, description: 'Relays packets between sites.' }],
    regions: ['Nordics'],
    data_centers: [
      {
        name: OWN.dataCenter,
        city: 'Oslo',
        country: 'NO',
        region: 'Nordics',
        latitude: 59.91,
        longitude: 10.75,
        clouds: [{ cloud: OWN.cloud, regional_surcharge: false, premium: false, decommissioned: false, since, until: null }],
      },
    ],
    main_menu: [
      { label: 'Status', route: 'cloud-status', component: 'cloud-status', deep_link: true, hide_from_clouds: [], sub_menus: [] },
      { label: 'Incidents', route: 'incidents', component: 'incidents', deep_link: true, hide_from_clouds: [], sub_menus: [] },
      { label: 'Maintenance', route: 'maintenance', component: 'maintenance', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    ],
    top_menu: [],
    severities: [],
    settings: { vendor: 'Northwind' },
  }
}

/** A catalogue with nothing in it: a new site's (a fresh copy each call). */
export function emptyCatalog(): Catalog {
  return {
    format: 1,
    products: [],
    clouds: [],
    core_services: [],
    regions: [],
    data_centers: [],
    main_menu: [],
    top_menu: [],
    severities: [],
    settings: {},
  }
}

/** A main-menu item of the home page: label Home, route `""`, component `home`, deep link on (a fresh copy each call). */
export function homeMenuItem(): CatalogMenuItem {
  return { label: 'Home', route: '', component: 'home', deep_link: true, hide_from_clouds: [], sub_menus: [] }
}

/**
 * The smallest catalogue a site runs on (a fresh copy each call): vendor "Acme", one product
 * `edge`, one cloud `acme` at `acme.example` on its home page (default page `""`) without
 * services, and the main menu's {@link homeMenuItem} alone; no core services, regions, data
 * centers or severities.
 */
export function minimalCatalog(): Catalog {
  return {
    ...emptyCatalog(),
    products: [{ machine_name: 'edge', title: 'Edge' }],
    clouds: [
      {
        machine_name: 'acme',
        domain: 'acme.example',
        title: 'Acme',
        product: 'edge',
        default_page: '',
        banner_title: 'Acme',
        banner_description: '',
        cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
        services: [],
      },
    ],
    main_menu: [homeMenuItem()],
    settings: { vendor: 'Acme' },
  }
}

/**
 * The publishing body of the incident the production tests publish on the own catalogue: "Relays
 * drop packets", In Progress, the default severity, on {@link OWN}'s cloud, about service
 * `serviceTid`, from `from` (epoch ms), mailed to subscribers.
 */
export function ownIncident(serviceTid: number, from: number) {
  return {
    type: 'incident',
    title: 'Relays drop packets',
    status: 'In Progress',
    severity: DEFAULT_SEVERITY_TID,
    clouds: [OWN.cloud],
    terms: [serviceTid],
    from: new Date(from).toISOString(),
    to: null,
    summary: 'Some relays drop packets.',
    notify: true,
  }
}
