/**
 * The cloud status timeline's answer, computed from the database (docs/requirements/screens.md#cloud-status-page,
 * docs/requirements/entities.md#status-response / Service or location item / Issue, docs/requirements/calls.md GET /api/cloud-status).
 *
 * A request costs five queries whatever the number of rows: the items (services or data centers),
 * the week's records of the cloud with their terms, the severities, and the cloud's incidents of the
 * last 90 days for the rows' uptime (the cloud itself is resolved by the route).
 */
import type { Kysely } from 'kysely'
import { escapeHtml } from '../../contract/text.js'
import type {
  CloudStatusData,
  CloudStatusRequestType,
  StatusCategory,
  StatusCount,
  StatusIssue,
  StatusItem,
  StatusSeverity,
} from '../../contract/status.js'
import type { Database } from '../db/schema.js'
import { statusWeek, weekMinute, type StatusWeek } from '../lib/week.js'
import { componentKey, componentUptimes, NO_UPTIME, spansByComponent, UPTIME_SEVERITIES, uptimeRange } from '../statuspage/uptime.js'
import type { CloudRow } from './clouds.js'
import { cloudDataCenters } from './data-centers.js'
import { type CustomerGroups, componentVisible, PUBLIC_GROUPS, recordVisible } from './private-components.js'
import { RECORD_HEAD_COLUMNS } from './record-columns.js'
import { incidentSpans } from './records.js'

/** The tid and title of the one category a `core_cloud_services` answer has. */
export const CORE_CATEGORY = { tid: 'core_cloud_services', title: 'Core Cloud Services' } as const

/** The record types the timeline shows. */
const TIMELINE_TYPES = ['incident', 'maintenance'] as const

/** A row of the timeline before its issues are attached. Instants in epoch ms. */
interface ItemRow {
  tid: number
  name: string
  active: boolean
  start: number | null
  end: number | null
  info: string
  /** Data centers: the region's tid, name and order. */
  region?: { tid: number; name: string }
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString())

/** `12 Mar 2026`, in UTC. */
const longDate = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code
  } catch {
    return code
  }
}

function decommissionNote(end: number | null, active: boolean): string {
  if (end !== null) return `<br>Decommissioned on ${longDate(end)}`
  return active ? '' : '<br>Decommissioned'
}

/**
 * Whether an item belongs on the week's timeline: in service at some point of the week. Items
 * decommissioned before the week started, or commissioned after it ended, are left out.
 */
const onTimeline = (item: Pick<ItemRow, 'start' | 'end'>, week: StatusWeek) =>
  (item.start === null || item.start < week.end) && (item.end === null || item.end > week.start)

/** The row fields a service and a data center share: id, name and when it was in service. */
const rowOf = (r: { tid: number; name: string; active: number; start_date: number | null; end_date: number | null }) => ({
  tid: r.tid,
  name: r.name,
  active: r.active === 1,
  start: r.start_date,
  end: r.end_date,
})

/** The services of a cloud, in row order. */
async function serviceItems(db: Kysely<Database>, cloudId: number, groups: CustomerGroups): Promise<ItemRow[]> {
  const rows = await db
    .selectFrom('cloud_services as cs')
    .innerJoin('services as s', 's.tid', 'cs.service_tid')
    .select(['s.tid', 's.name', 's.description', 'cs.active', 'cs.start_date', 'cs.end_date'])
    .where('cs.cloud_id', '=', cloudId)
    .where((eb) => componentVisible(eb, 'cs.cloud_id', 'cs.service_tid', groups))
    .orderBy('cs.sort')
    .orderBy('s.name')
    .execute()
  return rows.map((r) => ({
    ...rowOf(r),
    info:
      `<strong>${escapeHtml(r.name)}</strong>` +
      (r.description ? `<br>${escapeHtml(r.description)}` : '') +
      decommissionNote(r.end_date, r.active === 1),
  }))
}

/** The public (`premium = 0`) or premium data centers of a cloud, by region order then name. */
async function dataCenterItems(db: Kysely<Database>, cloudId: number, premium: 0 | 1, groups: CustomerGroups): Promise<ItemRow[]> {
  const rows = await cloudDataCenters(db, cloudId, groups)
    .select([
      'dc.tid',
      'dc.name',
      'dc.city',
      'dc.country',
      'r.tid as region_tid',
      'r.name as region_name',
      'cdc.active',
      'cdc.start_date',
      'cdc.end_date',
    ])
    .where('cdc.premium_dc', '=', premium)
    .orderBy('r.sort')
    .orderBy('r.tid')
    .orderBy('dc.name')
    .execute()
  return rows.map((r) => ({
    ...rowOf(r),
    region: { tid: r.region_tid, name: r.region_name },
    info:
      `<strong>${escapeHtml(r.name)}</strong><br>` +
      `${escapeHtml(r.city)}, ${escapeHtml(countryName(r.country))} · ${escapeHtml(r.region_name)}` +
      (premium ? '<br>Premium data center' : '') +
      decommissionNote(r.end_date, r.active === 1),
  }))
}

/**
 * The incidents and maintenance of a cloud that overlap the week, each with the term ids it is
 * linked to, ordered by start then id. An ongoing record (to_time NULL) overlaps every week from its
 * start on.
 */
async function weekRecords(db: Kysely<Database>, cloudId: number, week: StatusWeek, groups: CustomerGroups) {
  const rows = await db
    .selectFrom('record_clouds as rc')
    .innerJoin('records as r', 'r.id', 'rc.record_id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .innerJoin('record_terms as rt', 'rt.record_id', 'r.id')
    .select([...RECORD_HEAD_COLUMNS, 'r.body', 'r.severity_tid', 'r.from_time', 'r.to_time', 'st.name as status', 'rt.tid'])
    .where('rc.cloud_id', '=', cloudId)
    .where('r.type', 'in', TIMELINE_TYPES)
    .where((eb) => recordVisible(eb, 'r.id', groups))
    .where('r.from_time', '<', week.end)
    .where((eb) => eb.or([eb('r.to_time', 'is', null), eb('r.to_time', '>', week.start)]))
    .orderBy('r.from_time')
    .orderBy('r.id')
    .execute()
  return rows
}

/** The severities in legend order (docs/requirements/entities.md#severity). */
export async function listStatusSeverities(db: Kysely<Database>): Promise<StatusSeverity[]> {
  const rows = await db
    .selectFrom('severities')
    .select(['tid', 'name', 'color_code', 'icon', 'status_icon', 'show_legend'])
    .orderBy('sort')
    .orderBy('tid')
    .execute()
  return rows.map((r) => ({
    tid: String(r.tid),
    name: r.name,
    color_code: r.color_code,
    icon: r.icon,
    status_icon: r.status_icon,
    show_legend: r.show_legend === 1,
  }))
}

/** Whether the cloud shows the block a request type asks for (docs/requirements/entities.md#cloud.cloud_status). */
export function blockEnabled(cloud: CloudRow, requestType: CloudStatusRequestType): boolean {
  if (requestType === 'core_cloud_services') return cloud.status_core_cloud_services === 1
  if (requestType === 'public') return cloud.status_datacenter === 1
  return cloud.status_premium_datacenter === 1
}

/**
 * The status answer of one cloud for one week.
 *
 * - `core_cloud_services`: one category `{ tid: 'core_cloud_services', title: 'Core Cloud Services' }`
 *   with the cloud's services. `public` / `premium`: one category per region (region order) with the
 *   cloud's data centers whose premium flag is 0 / 1, by name; empty regions are omitted. When the
 *   cloud's flag for the block is off (docs/requirements/entities.md#cloud.cloud_status), or it has no such rows, the
 *   category list is empty.
 * - Rows decommissioned before the week started (or commissioned after it ended) are left out;
 *   `status` is the row's active flag (`false` = decommissioned).
 * - `issues`: the cloud's incidents and maintenance linked to the row that overlap the week, clipped
 *   to it in minutes from its start (an ongoing one ends at `current_time`), sorted by start.
 *   `category_status`: the number of those issues per severity, severity order, non-zero counts only.
 * - `uptime_30d` / `uptime_90d`: the row's uptime over the 30 and 90 days ending at `now`, whatever
 *   the week (`server/statuspage/uptime.ts`, the v2 API's formula), and `uptime_since`, the day they
 *   count from when the row went into service less than 90 days ago; all null for a row
 *   decommissioned on an unknown date.
 * - `subscribed` is the viewer's effective state (`server/subscriptions/tree.ts`): `'1'` when
 *   `stored` holds the row's tid, `all`, and for a service `core_cloud_services`, for a data center
 *   its region's tid or its type (`public` / `premium`). `'0'` without `stored` (anonymous).
 *
 * @param now The server's clock; the week is {@link statusWeek}(now, offset, zone).
 * @param offset Whole weeks back, 0…12 (validated by the route).
 * @param stored The signed-in viewer's stored subscription targets on this cloud; omitted for anonymous.
 * @param zone The IANA zone whose days the week's columns are (validated by the route). @default 'UTC'
 * @param groups The viewer's customer groups: private rows and records they may not see are left
 *   out (`server/repo/private-components.ts`). @default [] (the public)
 */
export async function cloudStatus(
  db: Kysely<Database>,
  cloud: CloudRow,
  requestType: CloudStatusRequestType,
  offset: number,
  now: Date,
  stored?: ReadonlySet<string>,
  zone?: string,
  groups: CustomerGroups = PUBLIC_GROUPS,
): Promise<CloudStatusData> {
  const week = statusWeek(now, offset, zone)
  const at = now.getTime()
  const enabled = blockEnabled(cloud, requestType)
  const [items, records, severity, spans] = await Promise.all([
    !enabled
      ? Promise.resolve([] as ItemRow[])
      : requestType === 'core_cloud_services'
        ? serviceItems(db, cloud.id, groups)
        : dataCenterItems(db, cloud.id, requestType === 'premium' ? 1 : 0, groups),
    enabled ? weekRecords(db, cloud.id, week, groups) : Promise.resolve([]),
    listStatusSeverities(db),
    enabled ? incidentSpans(db, [cloud.id], UPTIME_SEVERITIES, uptimeRange(at), at, groups) : Promise.resolve([]),
  ])
  const spansOf = spansByComponent(spans)
  const severityOrder = new Map(severity.map((s, i) => [s.tid, i]))

  const issuesByTid = new Map<number, StatusIssue[]>()
  const issueOf = new Map<number, StatusIssue>()
  for (const r of records) {
    let issue = issueOf.get(r.id)
    if (!issue) {
      const from = weekMinute(week, r.from_time)
      issue = {
        id: r.id,
        title: r.title,
        alias: r.alias,
        short_description: r.summary,
        description: r.body,
        from,
        to: Math.max(from, r.to_time === null ? week.currentMinutes : weekMinute(week, r.to_time)),
        severityTid: r.severity_tid === null ? '' : String(r.severity_tid),
        status: r.status,
        type: r.type as StatusIssue['type'],
        startTime: new Date(r.from_time).toISOString(),
        endTime: r.to_time === null ? null : new Date(r.to_time).toISOString(),
      }
      issueOf.set(r.id, issue)
    }
    const list = issuesByTid.get(r.tid)
    if (list) list.push(issue)
    else issuesByTid.set(r.tid, [issue])
  }

  const groupTarget = requestType === 'core_cloud_services' ? 'core_cloud_services' : requestType
  const isSubscribed = (row: ItemRow): boolean =>
    stored !== undefined &&
    (stored.has('all') ||
      stored.has(groupTarget) ||
      stored.has(String(row.tid)) ||
      (row.region !== undefined && stored.has(String(row.region.tid))))

  const toItem = (row: ItemRow): StatusItem => {
    const issues = issuesByTid.get(row.tid) ?? []
    const counts = new Map<string, number>()
    for (const issue of issues) if (issue.severityTid) counts.set(issue.severityTid, (counts.get(issue.severityTid) ?? 0) + 1)
    const category_status: StatusCount[] = [...counts]
      .map(([severityTid, count]) => ({ severityTid, count }))
      .sort((a, b) => (severityOrder.get(a.severityTid) ?? 1e9) - (severityOrder.get(b.severityTid) ?? 1e9))
    return {
      tid: row.tid,
      name: row.name,
      status: row.active,
      subscribed: isSubscribed(row) ? '1' : '0',
      startDate: iso(row.start),
      endDate: iso(row.end),
      info: row.info,
      category_status,
      issues,
      // A decommissioned row without a date: when it left service is unknown, so is its window.
      ...(row.active || row.end !== null ? componentUptimes(spansOf.get(componentKey(cloud.id, row.tid)) ?? [], row, at) : NO_UPTIME),
    }
  }

  const visible = items.filter((row) => onTimeline(row, week))
  const category: StatusCategory[] = []
  if (requestType === 'core_cloud_services') {
    if (visible.length > 0) category.push({ ...CORE_CATEGORY, subCategory: visible.map(toItem) })
  } else {
    for (const row of visible) {
      const region = row.region!
      let group = category[category.length - 1]
      if (!group || group.tid !== region.tid) {
        group = { tid: region.tid, title: region.name, subCategory: [] }
        category.push(group)
      }
      group.subCategory.push(toItem(row))
    }
  }

  return {
    category,
    start_date: new Date(week.start).toISOString(),
    end_date: new Date(week.end).toISOString(),
    current_time: week.currentMinutes,
    page_number: offset,
    severity,
  }
}
