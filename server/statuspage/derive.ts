/**
 * How the live records make a status (docs/statuspage-api.md#statuspage-compatible-api, the mapping
 * table): one derivation for the v2 API's components and indicator and for the site's overall
 * status line. Pure functions over plain values; `./documents.ts` reads the database.
 *
 * - A record is **live** when it has started (`from ≤ now`), has not ended (`to` null or later than
 *   now) and is open: an incident `In Progress` or `Monitoring`, a maintenance `In Progress`.
 * - A live record's **effect** on each component it names (its data-center and service terms):
 *   severity `'20'` (Service Disruption) → `major_outage`; `'19'` (Service Degradation) →
 *   `degraded_performance`; other severities (Informational, No Service Impact) → `operational`;
 *   a maintenance → `under_maintenance`. A component's status is the worst effect on it.
 * - A **group** (core services, a region's data centers, a cloud) is `major_outage` when every
 *   member is, `partial_outage` when some are, else its worst member's status.
 * - An incident's **impact**: `'20'` → `major`, `'19'` → `minor`, others `none`; a maintenance's
 *   is `maintenance`.
 * - The **indicator**: `critical` when a core service is in `major_outage`; `major` when any
 *   component is in `major_outage` or `partial_outage`, or a live incident's impact is `major`;
 *   `minor` when any component is `degraded_performance`, or a live incident's impact is `minor`;
 *   else `maintenance` while a component is under maintenance (Statuspage's indicator for a page
 *   with nothing but maintenance under way), else `none`. Its **description**: `critical` →
 *   "Major Service Disruption"; `major` and `minor` → "Partial Service Disruption";
 *   `maintenance` → "Service Under Maintenance"; `none` → "All Systems Operational".
 */
import {
  COMPONENT_STATUSES,
  type ComponentStatus,
  INDICATORS,
  type Indicator,
  OVERALL_STATUS_TEXT,
  type StatuspageStatus,
} from '../../contract/statuspage.js'

/** The severity term ids with an effect (docs/requirements/entities.md#severity). */
export const SEVERITY_DISRUPTION = 20
export const SEVERITY_DEGRADATION = 19

/** What the derivation needs of a record. Instants in epoch ms. */
export interface StatusRecord {
  type: 'incident' | 'maintenance'
  /** The record status's name (`In Progress`, `Monitoring`, `Resolved`, `Scheduled`, …). */
  status: string
  severityTid: number | null
  from: number
  to: number | null
}

/** Open record statuses per type: a started, unended record in one of them is live. */
const OPEN: Record<StatusRecord['type'], readonly string[]> = {
  incident: ['In Progress', 'Monitoring'],
  maintenance: ['In Progress'],
}

/** Whether `record` acts on the status at `now` (epoch ms). */
export function isLive(record: StatusRecord, now: number): boolean {
  return OPEN[record.type].includes(record.status) && record.from <= now && (record.to === null || record.to > now)
}

/** The status a live record gives the components it names. */
export function recordEffect(record: Pick<StatusRecord, 'type' | 'severityTid'>): ComponentStatus {
  if (record.type === 'maintenance') return 'under_maintenance'
  if (record.severityTid === SEVERITY_DISRUPTION) return 'major_outage'
  if (record.severityTid === SEVERITY_DEGRADATION) return 'degraded_performance'
  return 'operational'
}

const rank = (status: ComponentStatus) => COMPONENT_STATUSES.indexOf(status)

/** The worst of `statuses` (`operational` for none). */
export function worstComponentStatus(statuses: Iterable<ComponentStatus>): ComponentStatus {
  let worst: ComponentStatus = 'operational'
  for (const status of statuses) if (rank(status) > rank(worst)) worst = status
  return worst
}

/** A group's status from its members' (see the module comment). */
export function groupStatus(members: readonly ComponentStatus[]): ComponentStatus {
  const down = members.filter((s) => s === 'major_outage').length
  if (members.length > 0 && down === members.length) return 'major_outage'
  if (down > 0 || members.includes('partial_outage')) return 'partial_outage'
  return worstComponentStatus(members)
}

/** An incident's or maintenance's impact. */
export function recordImpact(record: Pick<StatusRecord, 'type' | 'severityTid'>): 'none' | 'minor' | 'major' | 'maintenance' {
  if (record.type === 'maintenance') return 'maintenance'
  if (record.severityTid === SEVERITY_DISRUPTION) return 'major'
  if (record.severityTid === SEVERITY_DEGRADATION) return 'minor'
  return 'none'
}

/** What the indicator of one cloud is made of. */
export interface StatusInputs {
  /** Statuses of the core services. */
  core: readonly ComponentStatus[]
  /** Statuses of the other components (data centers). */
  others: readonly ComponentStatus[]
  /** Impacts of the live incidents (also those naming no component). */
  incidentImpacts: readonly string[]
}

const worse = (a: Indicator, b: Indicator): Indicator => (INDICATORS.indexOf(b) > INDICATORS.indexOf(a) ? b : a)

/** The text of an indicator (see the module comment). */
export function indicatorText(indicator: Indicator): string {
  if (indicator === 'critical') return OVERALL_STATUS_TEXT.major
  if (indicator === 'maintenance') return OVERALL_STATUS_TEXT.maintenance
  if (indicator !== 'none') return OVERALL_STATUS_TEXT.partial
  return OVERALL_STATUS_TEXT.operational
}

/** One cloud's overall status, and whether a component of it is under maintenance. */
export function overallStatus({ core, others, incidentImpacts }: StatusInputs): StatuspageStatus & { underMaintenance: boolean } {
  const all = [...core, ...others]
  let indicator: Indicator = 'none'
  if (all.includes('degraded_performance') || incidentImpacts.includes('minor')) indicator = worse(indicator, 'minor')
  if (all.includes('major_outage') || all.includes('partial_outage') || incidentImpacts.includes('major')) {
    indicator = worse(indicator, 'major')
  }
  if (core.includes('major_outage')) indicator = 'critical'
  const underMaintenance = all.includes('under_maintenance')
  if (underMaintenance) indicator = worse(indicator, 'maintenance')
  return { indicator, description: indicatorText(indicator), underMaintenance }
}

/** The site's status from its clouds': the worst indicator (`maintenance` when that is the worst). */
export function combinedStatus(parts: ReadonlyArray<StatuspageStatus & { underMaintenance: boolean }>): StatuspageStatus & {
  underMaintenance: boolean
} {
  const indicator = parts.reduce<Indicator>((acc, p) => worse(acc, p.indicator), 'none')
  const underMaintenance = parts.some((p) => p.underMaintenance)
  return { indicator, description: indicatorText(indicator), underMaintenance }
}

/** Statuspage's status of an incident from its record status. */
export function incidentStatus(status: string): 'investigating' | 'monitoring' | 'resolved' {
  if (status === 'Monitoring') return 'monitoring'
  if (status === 'In Progress') return 'investigating'
  return 'resolved'
}

/** Statuspage's status of a maintenance from its record status. */
export function maintenanceStatus(status: string): 'scheduled' | 'in_progress' | 'completed' {
  if (status === 'In Progress') return 'in_progress'
  if (status === 'Scheduled' || status === 'Postponed') return 'scheduled'
  return 'completed'
}
