/**
 * A vendor's own catalogue for the production tests, written here and nowhere in the demo: one
 * product, one cloud, one core service, one region with one data center, a main menu and the
 * vendor's name. No severities: the spec's two come from the migrations.
 */
import type { Catalog } from '../../contract/catalog.js'

/** The cloud's machine name and domain, the service and the data center of {@link ownCatalog}. */
export const OWN = {
  cloud: 'northwind',
  domain: 'status.northwind.example',
  service: 'Packet Relay',
  dataCenter: 'Oslo I',
} as const

/** The catalogue (a fresh copy each call). */
export function ownCatalog(): Catalog {
  const since = '2025-01-06T00:00:00.000Z'
  return {
    format: 1,
    products: [{ machine_name: 'relay', title: 'Relay' }],
    clouds: [
      {
        machine_name: OWN.cloud,
        domain: OWN.domain,
        title: 'Northwind Relay',
        product: 'relay',
        default_page: 'cloud-status',
        banner_title: 'Northwind Relay status',
        banner_description: 'Live status of the relay network.',
        cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
        services: [{ service: OWN.service, decommissioned: false, since, until: null }],
      },
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
