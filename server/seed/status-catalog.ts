/**
 * The demo's status vocabulary: severities (docs/requirements/entities.md#severity), the ids of the record statuses
 * (docs/requirements/states.md) for the record generator, and the core cloud services each product runs.
 */
import { recordStatusId } from '../../contract/reference-data.js'

/** A severity as the seed inserts it; `tid` is below 1000 (the block the spec fixes ids in). */
export interface SeveritySeed {
  tid: number
  name: string
  color_code: string
  icon: string
  status_icon: string
  show_legend: 0 | 1
}

/**
 * The severities, most severe first (that is their `sort`). '20' and '19' are fixed by the spec
 * (docs/requirements/entities.md#severity, docs/requirements/constants.md) and every database has them from migration 011 on
 * (`contract/reference-data.ts` SPEC_SEVERITIES, the same values); the others are informational.
 */
export const SEVERITIES: SeveritySeed[] = [
  { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: 1 },
  { tid: 19, name: 'Service Degradation', color_code: '#f59e0b', icon: 'minus', status_icon: 'circle-minus', show_legend: 1 },
  { tid: 18, name: 'Informational', color_code: '#1e88e5', icon: 'info', status_icon: 'circle-info', show_legend: 1 },
  { tid: 17, name: 'No Service Impact', color_code: '#6b7280', icon: 'check', status_icon: 'circle-check', show_legend: 0 },
]

/** The tids of {@link SEVERITIES} by meaning, for the record generator. */
export const SEVERITY = { disruption: 20, degradation: 19, informational: 18, noImpact: 17 } as const

/**
 * Record status ids by name, for the record generator. The statuses themselves are reference data
 * that every database has from migration 011 on (`contract/reference-data.ts`), not demo data.
 */
export const STATUS = {
  scheduled: recordStatusId('Scheduled'),
  inProgress: recordStatusId('In Progress'),
  completed: recordStatusId('Completed'),
  resolved: recordStatusId('Resolved'),
  postponed: recordStatusId('Postponed'),
  archived: recordStatusId('Archived'),
  monitoring: recordStatusId('Monitoring'),
  remediated: recordStatusId('Remediated'),
} as const

/** A core cloud service; one term, shared by every cloud that runs it. */
export interface ServiceSeed {
  name: string
  description: string
}

/** Every service, in tid order (tids are {@link TID_BASE}.service + 1 + position). */
export const SERVICES: ServiceSeed[] = [
  { name: 'Authentication', description: 'Sign-in of users and devices through identity providers (SAML, OIDC, SCIM).' },
  { name: 'Web Proxy', description: 'Forwarding, inspection and policy enforcement of web traffic.' },
  { name: 'Firewall', description: 'Cloud firewall and intrusion prevention for non-web traffic.' },
  { name: 'DNS Security', description: 'DNS resolution with filtering of malicious and unwanted domains.' },
  { name: 'Admin Portal', description: 'The administration console where policies are configured.' },
  { name: 'Reporting & Logs', description: 'Dashboards, log streaming and scheduled reports.' },
  { name: 'Policy Sync', description: 'Distribution of configuration changes to every enforcement node.' },
  { name: 'API', description: 'The public REST API for automation and integrations.' },
  { name: 'Broker', description: 'Brokers connections between users and private applications.' },
  { name: 'App Connectors', description: 'Connector registration, enrolment and upgrades.' },
  { name: 'Client Connector', description: 'Enrolment and updates of the endpoint agent.' },
  { name: 'Data Collection', description: 'Collection of device, network and application probes.' },
  { name: 'Dashboards & Alerts', description: 'Experience scores, dashboards and alert delivery.' },
  { name: 'Workload Gateway', description: 'Gateways that forward workload traffic to the cloud.' },
  { name: 'Inline DLP', description: 'Inspection of data in motion against data protection policies.' },
  { name: 'SaaS Scanning', description: 'Out-of-band scanning of data at rest in SaaS applications.' },
  { name: 'Decoy Management', description: 'Deployment and management of decoys and lures.' },
  { name: 'Threat Detection', description: 'Detection and alerting on decoy interactions.' },
  { name: 'Legacy Web Console', description: 'The previous administration console, replaced by the Admin Portal.' },
]

/** The services each product's clouds run, in row order (by product machine_name). */
export const PRODUCT_SERVICES: Record<string, string[]> = {
  internet_access: ['Authentication', 'Web Proxy', 'Firewall', 'DNS Security', 'Admin Portal', 'Reporting & Logs', 'Policy Sync', 'API'],
  private_access: ['Authentication', 'Broker', 'App Connectors', 'Client Connector', 'Admin Portal', 'Reporting & Logs'],
  digital_experience: ['Data Collection', 'Dashboards & Alerts', 'Client Connector', 'Admin Portal', 'API'],
  workload: ['Workload Gateway', 'Policy Sync', 'Admin Portal', 'Reporting & Logs'],
  data_protection: ['Inline DLP', 'SaaS Scanning', 'Admin Portal', 'Reporting & Logs'],
  deception: ['Decoy Management', 'Threat Detection', 'Admin Portal'],
}

/**
 * Services that one cloud ran in addition to its product's, decommissioned `endedDaysAgo` days
 * before the seed's day (so the timeline shows the "decommissioned" case in the current week).
 */
export const DECOMMISSIONED_SERVICES: Array<{ cloud: string; service: string; endedDaysAgo: number }> = [
  { cloud: 'auroraedgetwo', service: 'Legacy Web Console', endedDaysAgo: 2 },
]

/**
 * How many days before the seed's day the decommissioned data centers of a cloud went out of
 * service, in data-center list order (the first one is visible in the current week).
 */
export const DATA_CENTER_DECOMMISSION_DAYS_AGO: readonly number[] = [3, 25, 60, 200]
