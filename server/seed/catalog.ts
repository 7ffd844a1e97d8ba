/**
 * The demo vendor's catalogue: products, clouds with their banners and status flags, the main and
 * top menus, the notification categories and the site settings. The demo vendor is "Aurora Edge",
 * a neutral white-label name.
 */
import { STATUS_PAGE_COMPONENT } from '../../contract/constants.js'
import type { MenuRoute } from '../../contract/global.js'
import type { NotificationType } from '../../contract/records.js'
import { SETTING } from '../repo/settings.js'

export interface ProductSeed {
  machine_name: string
  title: string
}

export interface CloudSeed {
  machine_name: string
  domain: string
  /** machine_name of the product. */
  product: string
  /** Menu route the cloud opens on; `''` is the cloud's home page. */
  default_page: string
  banner_description: string
  status: { core_cloud_services: 0 | 1; datacenter: 0 | 1; premium_datacenter: 0 | 1 }
}

export interface MenuSeed {
  label: string
  route: MenuRoute
  component: string
  deep_link: boolean
  hide_from_clouds?: string[]
  sub_menus?: MenuSeed[]
}

export const PRODUCTS: ProductSeed[] = [
  { machine_name: 'internet_access', title: 'Internet Access' },
  { machine_name: 'private_access', title: 'Private Access' },
  { machine_name: 'digital_experience', title: 'Digital Experience' },
  { machine_name: 'workload', title: 'Workload Communications' },
  { machine_name: 'data_protection', title: 'Data Protection' },
  { machine_name: 'deception', title: 'Deception' },
]

const ALL_BLOCKS = { core_cloud_services: 1, datacenter: 1, premium_datacenter: 0 } as const
const CORE_ONLY = { core_cloud_services: 1, datacenter: 0, premium_datacenter: 0 } as const

/** The clouds, in display order. A cloud's title is its domain; its banner title `'{domain} Cloud'`. */
export const CLOUDS: CloudSeed[] = [
  {
    machine_name: 'auroraedge',
    domain: 'auroraedge.net',
    product: 'internet_access',
    default_page: 'cloud-status',
    banner_description:
      'The original Aurora Edge internet access cloud, serving enterprise traffic from data centers across EMEA, the Americas and APAC. Follow its service status, incidents and scheduled maintenance here.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'auroraedgeone',
    domain: 'auroraedgeone.net',
    product: 'internet_access',
    default_page: 'cloud-status',
    banner_description:
      'An internet access cloud that shares the load of customers onboarded since its launch. Check its live service status and planned maintenance before you change your traffic forwarding.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'auroraedgetwo',
    domain: 'auroraedgetwo.net',
    product: 'internet_access',
    default_page: 'cloud-status',
    banner_description:
      'An internet access cloud sized for large global enterprises with high traffic volumes. Incidents, maintenance windows and security advisories for it are published here first.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'auroraedgethree',
    domain: 'auroraedgethree.net',
    product: 'internet_access',
    default_page: 'cloud-status',
    banner_description:
      'The internet access cloud with the widest footprint, including premium data centers for customers who need dedicated capacity. See the status of every location on the cloud status page.',
    status: { core_cloud_services: 1, datacenter: 1, premium_datacenter: 1 },
  },
  {
    machine_name: 'auroraedgegov',
    domain: 'auroraedgegov.net',
    product: 'internet_access',
    default_page: 'cloud-status',
    banner_description:
      'The government internet access cloud, operated only from data centers in the United States for public-sector customers.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'private',
    domain: 'private.auroraedge.com',
    product: 'private_access',
    default_page: '',
    banner_description:
      'Private Access connects users to internal applications without exposing those applications to the internet. Its service status and maintenance are published here.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'privategov',
    domain: 'private.auroraedgegov.net',
    product: 'private_access',
    default_page: '',
    banner_description:
      'Private Access for government customers, brokered from data centers in the United States. Follow incidents and maintenance that may affect application access.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'experience',
    domain: 'experience.auroraedge.net',
    product: 'digital_experience',
    default_page: '',
    banner_description:
      'Digital Experience measures application, network and device performance as your users see it. This page reports the health of the monitoring service itself.',
    status: ALL_BLOCKS,
  },
  {
    machine_name: 'workload',
    domain: 'workload.auroraedge.net',
    product: 'workload',
    default_page: '',
    banner_description:
      'Workload Communications secures traffic between cloud workloads, and between workloads and the internet. Core service status and maintenance are listed here.',
    status: CORE_ONLY,
  },
  {
    machine_name: 'dataprotection',
    domain: 'dlp.auroraedge.net',
    product: 'data_protection',
    default_page: '',
    banner_description:
      'Data Protection inspects data in motion and at rest to stop sensitive information from leaving your organisation. Check here for incidents affecting scanning or policy delivery.',
    status: CORE_ONLY,
  },
  {
    machine_name: 'deception',
    domain: 'deception.auroraedge.net',
    product: 'deception',
    default_page: '',
    banner_description:
      'Deception places decoys across your environment to expose attackers early. The status of the decoy management service is published here.',
    status: CORE_ONLY,
  },
]

/** The banner title of a cloud. */
export function bannerTitle(cloud: Pick<CloudSeed, 'domain'>): string {
  return `${cloud.domain} Cloud`
}

/**
 * Main menu. Deep-linked routes are relative to the cloud's domain (`'cloud-status'` →
 * `/{domain}/cloud-status`, `''` → `/{domain}`); other routes are absolute paths or URLs.
 */
export const MAIN_MENU: MenuSeed[] = [
  { label: 'Home', route: '', component: 'home', deep_link: true },
  { label: 'Cloud Status', route: 'cloud-status', component: 'cloud-status', deep_link: true },
  { label: 'Incidents', route: 'incidents', component: 'incidents', deep_link: true },
  { label: 'Maintenance', route: 'maintenance', component: 'maintenance', deep_link: true },
  {
    label: 'Security Advisories',
    route: 'security-advisories',
    component: 'security-advisories',
    deep_link: true,
    hide_from_clouds: ['deception'],
  },
  {
    label: 'Notifications',
    route: 'notifications',
    component: '',
    deep_link: true,
    sub_menus: [
      { label: 'Cloud Application Notifications', route: 'notifications/cloud-app', component: 'notifications', deep_link: true },
      { label: 'URL Category Notifications', route: 'notifications/url-category', component: 'notifications', deep_link: true },
      {
        label: 'Privacy Notifications',
        route: 'notifications/privacy',
        component: 'notifications',
        deep_link: true,
        hide_from_clouds: ['private', 'privategov'],
      },
      {
        label: 'Vulnerability Management Status',
        // The route is replaced by the configured URL (setting status_vm_url / TRUST_STATUS_VM_URL).
        route: 'https://status.vm.auroraedge.example',
        component: STATUS_PAGE_COMPONENT.vulnerabilityManagement,
        deep_link: false,
      },
      {
        label: 'Zero Trust Branch Status',
        // The route is replaced by the configured URL (setting status_branch_url / TRUST_STATUS_BRANCH_URL).
        route: 'https://status.branch.auroraedge.example',
        component: STATUS_PAGE_COMPONENT.zeroTrustBranch,
        deep_link: false,
      },
    ],
  },
  { label: 'Data Center Map', route: 'data-center-map', component: 'dc-map', deep_link: true },
  { label: 'Compliance', route: 'compliance', component: 'compliance', deep_link: true, hide_from_clouds: ['experience'] },
  // Not deep-linked: one FAQ for every cloud, at an absolute path.
  { label: 'FAQ', route: '/faq', component: 'faq', deep_link: false },
]

/** Top menu: absolute URLs opened in a new tab; a route may differ per cloud. */
export const TOP_MENU: MenuSeed[] = [
  {
    label: 'Help',
    route: {
      commercial: 'https://help.auroraedge.example',
      auroraedgegov: 'https://help.auroraedgegov.example',
      privategov: 'https://help.auroraedgegov.example',
    },
    component: 'external',
    deep_link: false,
  },
  { label: 'Community', route: 'https://community.auroraedge.example', component: 'external', deep_link: false },
  { label: 'Trust Center Blog', route: 'https://blog.auroraedge.example/trust', component: 'external', deep_link: false },
]

/** Site settings. The variant flags default to off; the server's environment may switch them on. */
export const SETTINGS: Record<string, string> = {
  [SETTING.isGov]: '0',
  [SETTING.isTrustDR]: '0',
  [SETTING.ssoAlias]: '/sso/login',
  [SETTING.helpSite]: 'https://help.auroraedge.example',
  [SETTING.helpSiteGov]: 'https://help.auroraedgegov.example',
  [SETTING.continuityPolicy]: 'https://help.auroraedge.example/articles/service-continuity-policy',
  [SETTING.feedbackEmail]: 'trust-feedback@auroraedge.example',
  [SETTING.vendor]: 'Aurora Edge',
  [SETTING.cookieConsentId]: 'trust-auroraedge-commercial',
  [SETTING.cookieConsentGovId]: 'trust-auroraedge-gov',
  [SETTING.statusVmUrl]: 'https://status.vm.auroraedge.example',
  [SETTING.statusBranchUrl]: 'https://status.branch.auroraedge.example',
}

/**
 * The notification categories of each type, in display order (URL categories, cloud-application
 * groups, privacy topics). Their tids follow `TID_BASE.notification_category` in this order, type
 * by type, as the catalogue import assigns them from the file.
 */
export const NOTIFICATION_CATEGORIES: Record<NotificationType, readonly string[]> = {
  url_change_notification: ['Newly Registered Domains', 'Social Networking', 'Streaming Media', 'Gambling', 'Generative AI', 'Web Search'],
  cloud_app: ['Collaboration', 'File Sharing', 'Generative AI Apps', 'Developer Tools', 'Social Media Apps'],
  privacy_notification: ['Sub-processors', 'Data Residency', 'Privacy Policy', 'Data Retention'],
}
