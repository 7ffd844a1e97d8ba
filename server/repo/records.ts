/**
 * Records as the lists, single posts and notification lists send them (docs/requirements/screens.md#incidents-maintenance-security-advisories-lists,
 * Maintenance, Security Advisories lists, Notification list page, Single post; docs/requirements/entities.md#record, List
 * response, Notification list; docs/requirements/states.md#record-statuses, Lists; docs/requirements/calls.md).
 *
 * Internal-use columns are selected only when {@link visibleInternalFields} grants them to the
 * viewer (a signed-in privileged role). The answers are typed with the contract's `Privileged…`
 * shapes (internal fields optional); the routes serialise them through the public schemas unless
 * the viewer is privileged. A page costs a handful of queries whatever its size: the count, the
 * page's ids, then the records with their clouds and terms.
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { type CvssRating, isCveId } from '../../contract/advisories.js'
import { RECORDS_PAGE_SIZE } from '../../contract/constants.js'
import type {
  AdvisoryEventType,
  ListSeverity,
  NotificationType,
  PrivilegedNotificationListData,
  PrivilegedPostData,
  PrivilegedRecord,
  PrivilegedRecordListData,
  RecordListType,
  RecordStatus,
  RecordType,
  RecordUpdate,
} from '../../contract/records.js'
import { readAdvisory, readAdvisorySummaries, ratingsFrom } from '../advisories/repo.js'
import type { Database } from '../db/schema.js'
import { badRequest, notFound } from '../http/errors.js'
import { zonedDayRange } from '../lib/zones.js'
import type { CloudRow } from './clouds.js'
import { maintenanceSchedule } from './maintenance-schedule.js'
import { type Audience, type CustomerGroups, PUBLIC_GROUPS, recordVisible, visibleRecordIds } from './private-components.js'
import { visibleInternalFields, type Viewer } from './visibility.js'

type Db = Kysely<Database>

/**
 * The statuses each list filters by, by name, in the dropdown's order after 'All Statuses'
 * (docs/requirements/screens.md lists, docs/requirements/states.md#record-statuses). Their ids are the `record_statuses` ids.
 */
export const LIST_STATUS_NAMES: Record<RecordType, readonly string[]> = {
  incident: ['In Progress', 'Monitoring', 'Resolved', 'Remediated'],
  maintenance: ['Scheduled', 'In Progress', 'Completed', 'Postponed', 'Archived'],
  advisory: ['In Progress', 'Monitoring', 'Resolved', 'Remediated', 'Archived'],
  notification: ['Scheduled', 'In Progress', 'Completed', 'Archived'],
}

/** The notification list types (contract `NotificationType`), the first being the default (docs/requirements/calls.md). */
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['url_change_notification', 'cloud_app', 'privacy_notification']

/** Advisory event types (docs/requirements/states.md) with their style class, in the order the categories list them. */
export const ADVISORY_EVENT_TYPES: ReadonlyArray<{ name: AdvisoryEventType; class: string }> = [
  { name: 'Under Investigation', class: 'under_investigation' },
  { name: 'Service Disruption', class: 'service_disruption' },
  { name: 'Service Degradation', class: 'service_degradation' },
  { name: 'Informational', class: 'informational' },
  { name: 'No Service Impact', class: 'no-service-impact' },
  { name: 'Security Advisory', class: 'security_advisory' },
]

/** Messages of the single-post errors (docs/requirements/screens.md#single-post, docs/requirements/errors.md#empty-states). */
export const POST_MESSAGES = {
  notFound: 'No records found.',
  notOnCloud: 'Post not available on this cloud.',
} as const

/** What a page of records is filtered by. Instants are epoch ms. */
export interface RecordFilter {
  type: RecordType
  /** Only records linked to this cloud. */
  cloudId?: number
  /** `record_statuses.id`. */
  statusId?: number
  /** Notifications: only this type. */
  notificationType?: NotificationType
  /** Only records linked to at least one of these data-center term ids. */
  dataCenters?: readonly number[]
  /** Only records whose time overlaps `[start, end)` (see {@link overlaps}). */
  range?: { start: number; end: number }
  /** Advisories: only those whose highest CVSS rating is one of these (see {@link ratingsFrom}). */
  ratings?: readonly CvssRating[]
  /** Only records matching these words or this CVE id (see {@link parseSearch}). */
  search?: RecordSearch
  /** The server's now: an ongoing record (no `to_time`) runs until it. */
  now: number
  /**
   * The viewer's customer groups: records on private components they may not see are left out
   * (`server/repo/private-components.ts`); absent: the public's.
   */
  groups?: Audience
}

/**
 * Whether a record's time overlaps `[start, end)`: it starts before `end`, and it ends after
 * `start` (an ongoing record ends at `now`) or starts within the range. The calendar marks the
 * same days (`server/repo/calendar.ts`), so a marked day never filters to an empty list.
 */
function overlaps(
  eb: ExpressionBuilder<Database & { r: Database['records'] }, 'r'>,
  range: { start: number; end: number },
  now: number,
): Expression<SqlBool> {
  return eb.and([
    eb('r.from_time', '<', range.end),
    eb.or([eb(eb.fn.coalesce('r.to_time', eb.val(now)), '>', range.start), eb('r.from_time', '>=', range.start)]),
  ])
}

function filtered(db: Db, f: RecordFilter) {
  let q = db
    .selectFrom('records as r')
    .where('r.type', '=', f.type)
    .where((eb) => recordVisible(eb, 'r.id', f.groups ?? PUBLIC_GROUPS))
  if (f.notificationType !== undefined) q = q.where('r.notification_type', '=', f.notificationType)
  if (f.statusId !== undefined) q = q.where('r.status_id', '=', f.statusId)
  const cloudId = f.cloudId
  if (cloudId !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('record_clouds as rc')
          .select('rc.record_id')
          .whereRef('rc.record_id', '=', 'r.id')
          .where('rc.cloud_id', '=', cloudId),
      ),
    )
  }
  const dataCenters = f.dataCenters
  if (dataCenters && dataCenters.length > 0) {
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('record_terms as rt').select('rt.record_id').whereRef('rt.record_id', '=', 'r.id').where('rt.tid', 'in', dataCenters),
      ),
    )
  }
  const range = f.range
  if (range) q = q.where((eb) => overlaps(eb, range, f.now))
  const ratings = f.ratings
  if (ratings) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('advisory_details as ad')
          .select('ad.record_id')
          .whereRef('ad.record_id', '=', 'r.id')
          .where('ad.highest_rating', 'in', [...ratings]),
      ),
    )
  }
  const search = f.search
  if (search) q = q.where((eb) => matches(eb, search))
  return q
}

/**
 * A list's `q`: one CVE id (matched as a whole id among an advisory's CVE ids) or words, each of
 * which must appear in the title, the summary, the tracking id or the CVE ids (case-insensitive).
 */
export type RecordSearch = { cve: string } | { words: string[] }

/** At most this many words in a list's `q`. */
export const MAX_SEARCH_WORDS = 8

/** `q` as a {@link RecordSearch}: `undefined` when absent or blank; a CVE id in any case is a CVE search. */
export function parseSearch(q: string | undefined): RecordSearch | undefined {
  const text = (q ?? '').trim()
  if (text === '') return undefined
  if (isCveId(text.toUpperCase())) return { cve: text.toUpperCase() }
  const words = [...new Set(text.toLowerCase().split(/\s+/))].slice(0, MAX_SEARCH_WORDS)
  return { words }
}

/** `text` as a LIKE pattern matching it anywhere, its `%`, `_` and `\` taken literally (escape `\`). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function matches(eb: ExpressionBuilder<Database & { r: Database['records'] }, 'r'>, search: RecordSearch): Expression<SqlBool> {
  if ('cve' in search) {
    return eb.exists(
      eb
        .selectFrom('advisory_details as ad')
        .select('ad.record_id')
        .whereRef('ad.record_id', '=', 'r.id')
        .where(sql<SqlBool>`' ' || ad.cves || ' ' like ${containsPattern(` ${search.cve} `)} escape '\\'`),
    )
  }
  return eb.and(
    search.words.map((word) => {
      const pattern = containsPattern(word)
      const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
      return eb.or([
        like('r.title'),
        like('r.summary'),
        eb.exists(
          eb
            .selectFrom('advisory_details as ad')
            .select('ad.record_id')
            .whereRef('ad.record_id', '=', 'r.id')
            .where((inner) => inner.or([like('ad.tracking_id'), like('ad.cves')])),
        ),
      ])
    }),
  )
}

/**
 * One page of records matching `filter`, newest first (by `from_time`, then id, both descending),
 * {@link RECORDS_PAGE_SIZE} a page.
 *
 * @param pageIndex Zero-based.
 * @returns The page's records and the number of matching records.
 */
export async function recordPage(
  db: Db,
  filter: RecordFilter,
  pageIndex: number,
  viewer: Viewer,
): Promise<{ records: PrivilegedRecord[]; total: number }> {
  const seen = { ...filter, groups: viewer.groups }
  const [count, ids] = await Promise.all([
    filtered(db, seen)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered(db, seen)
      .select('r.id')
      .orderBy('r.from_time', 'desc')
      .orderBy('r.id', 'desc')
      .limit(RECORDS_PAGE_SIZE)
      .offset(pageIndex * RECORDS_PAGE_SIZE)
      .execute(),
  ])
  const records = await loadRecords(
    db,
    ids.map((r) => r.id),
    viewer,
  )
  return { records: records.map((r) => r.record), total: Number(count.n) }
}

/** The newest `limit` records matching `filter` (feeds), newest first. */
export async function newestRecords(db: Db, filter: RecordFilter, limit: number, viewer: Viewer): Promise<LoadedRecord[]> {
  const ids = await filtered(db, { ...filter, groups: viewer.groups })
    .select('r.id')
    .orderBy('r.from_time', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute()
  return loadRecords(
    db,
    ids.map((r) => r.id),
    viewer,
  )
}

/** One incident's span on one component: a row of {@link incidentSpans}. Instants in epoch ms. */
export interface IncidentSpan {
  cloudId: number
  /** The service or data-center term the incident names. */
  tid: number
  severityTid: number | null
  from: number
  /** `null` while ongoing. */
  to: number | null
}

/**
 * The incidents on any of `cloudIds` with a severity in `severityTids` whose time overlaps `range`
 * (the lists' overlap rule: an ongoing incident runs to `now`), one row per incident, cloud of
 * `cloudIds` and term: what uptime is computed from (`server/statuspage/uptime.ts`). One query
 * whatever the number of clouds; no maintenance, advisories or notifications.
 */
export async function incidentSpans(
  db: Db,
  cloudIds: readonly number[],
  severityTids: readonly number[],
  range: { start: number; end: number },
  now: number,
  groups: Audience = PUBLIC_GROUPS,
): Promise<IncidentSpan[]> {
  if (cloudIds.length === 0 || severityTids.length === 0) return []
  const rows = await filtered(db, { type: 'incident', range, now, groups })
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .innerJoin('record_terms as rt', 'rt.record_id', 'r.id')
    .select(['rc.cloud_id', 'rt.tid', 'r.severity_tid', 'r.from_time', 'r.to_time'])
    .where('rc.cloud_id', 'in', cloudIds)
    .where('r.severity_tid', 'in', severityTids)
    .execute()
  return rows.map((r) => ({ cloudId: r.cloud_id, tid: r.tid, severityTid: r.severity_tid, from: r.from_time, to: r.to_time }))
}

/** A record in the contract's shape, with what feeds and posts need besides. */
export interface LoadedRecord {
  /** The record; with its internal-use fields only when the viewer may see them. */
  record: PrivilegedRecord
  /** Domains of the record's clouds, in cloud order (feeds link to the first). */
  cloudDomains: string[]
  /** The stored `url_redirect` (notifications); `null` for none. */
  urlRedirect: string | null
  /** Epoch ms, for feeds and calendars. */
  from: number
  to: number | null
  updated: number
  created: number
  /** The status's style class, e.g. `'postponed'`. */
  statusClass: string
}

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/** Statuses whose record was closed by an update (contract `TrustRecord.resolved`, `RecordUpdate.resolved`). */
const RESOLVED_CLASSES = new Set(['resolved', 'remediated', 'completed'])

/**
 * The update history of a record (contract `RecordUpdate`), newest first (by time, then by the
 * order written): the status each entry set with its style class, its text (sanitised HTML, `''`
 * for a status change without text), and whether that status closed the record (Resolved,
 * Completed, Remediated).
 */
export async function recordUpdates(db: Db, recordId: number): Promise<RecordUpdate[]> {
  const rows = await db
    .selectFrom('record_updates as u')
    .innerJoin('record_statuses as st', 'st.id', 'u.status_id')
    .select(['u.at', 'u.text', 'st.name', 'st.class'])
    .where('u.record_id', '=', recordId)
    .orderBy('u.at', 'desc')
    .orderBy('u.id', 'desc')
    .execute()
  return rows.map((r) => ({ at: iso(r.at), status: r.name, statusClass: r.class, text: r.text, resolved: RESOLVED_CLASSES.has(r.class) }))
}

/**
 * The records with ids `ids`, in that order (unknown ids, and records on private components the
 * viewer's groups may not see, are skipped), with their clouds, services
 * (`tags`), data centers (`clusters`) and, for notifications, categories. Internal-use fields are
 * selected only when {@link visibleInternalFields} grants them to `viewer`.
 */
export async function loadRecords(db: Db, wanted: readonly number[], viewer: Viewer): Promise<LoadedRecord[]> {
  if (wanted.length === 0) return []
  // Records on private components the viewer may not see are as unknown ids.
  const visible = await visibleRecordIds(db as Kysely<Database>, wanted, viewer.groups ?? PUBLIC_GROUPS)
  const ids = wanted.filter((id) => visible.has(id))
  if (ids.length === 0) return []
  const internal = visibleInternalFields(viewer)
  const [rows, clouds, terms] = await Promise.all([
    db
      .selectFrom('records as r')
      .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
      .select([
        'r.id',
        'r.type',
        'r.title',
        'r.alias',
        'r.summary',
        'r.body',
        'r.status_id',
        'r.severity_tid',
        'r.event_type',
        'r.customer_impact',
        'r.available_workaround',
        'r.next_update',
        'r.how_found',
        'r.incident_type',
        'r.post_type',
        'r.notification_type',
        'r.posted_on',
        'r.created',
        'r.updated_on',
        'r.closed_on',
        'r.from_time',
        'r.to_time',
        'r.url_redirect',
        'st.name as status',
        'st.class as status_class',
      ])
      .$if(internal.length > 0, (qb) => qb.select(internal.map((field) => `r.${field}` as const)))
      .where('r.id', 'in', ids)
      .execute(),
    db
      .selectFrom('record_clouds as rc')
      .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
      .select(['rc.record_id', 'c.machine_name', 'c.domain'])
      .where('rc.record_id', 'in', ids)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('record_terms as rt')
      .leftJoin('services as s', 's.tid', 'rt.tid')
      .leftJoin('data_centers as dc', 'dc.tid', 'rt.tid')
      .leftJoin('notification_categories as nc', 'nc.tid', 'rt.tid')
      .select(['rt.record_id', 's.name as service', 'dc.name as data_center', 'nc.name as category'])
      .where('rt.record_id', 'in', ids)
      .orderBy('rt.tid')
      .execute(),
  ])

  const group = <T extends { record_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>()
    for (const item of list) {
      const bucket = map.get(item.record_id)
      if (bucket) bucket.push(item)
      else map.set(item.record_id, [item])
    }
    return map
  }
  const cloudsOf = group(clouds)
  const termsOf = group(terms)
  const byId = new Map(rows.map((r) => [r.id, r]))

  const loaded: LoadedRecord[] = []
  for (const id of ids) {
    const row = byId.get(id)
    if (!row) continue
    const recordClouds = cloudsOf.get(id) ?? []
    const recordTerms = termsOf.get(id) ?? []
    const names = (key: 'service' | 'data_center' | 'category') =>
      recordTerms.map((t) => t[key]).filter((name): name is string => typeof name === 'string')
    const record: PrivilegedRecord = {
      id: row.id,
      type: row.type,
      title: row.title,
      alias: row.alias,
      summary: row.summary,
      body: row.body,
      status: row.status,
      statusId: String(row.status_id),
      severityId: row.severity_tid === null ? null : String(row.severity_tid),
      tags: names('service'),
      clusters: names('data_center'),
      clouds: recordClouds.map((c) => c.machine_name),
      customer_impact: row.customer_impact,
      available_workaround: row.available_workaround,
      next_update: row.next_update,
      how_found: row.how_found,
      posted_on: iso(row.posted_on),
      created: iso(row.created),
      updated_on: iso(row.updated_on),
      closed_on: isoOrNull(row.closed_on),
      fromTime: iso(row.from_time),
      toTime: isoOrNull(row.to_time),
      incident_type: row.incident_type,
      post_type: row.post_type,
      notification_type: row.notification_type as PrivilegedRecord['notification_type'],
      event_type: row.event_type as PrivilegedRecord['event_type'],
      pageType: row.type,
      resolved: RESOLVED_CLASSES.has(row.status_class),
    }
    if (row.type === 'notification') record.categories = names('category')
    const privileged = row as unknown as Partial<Record<(typeof internal)[number], string | null>>
    for (const field of internal) record[field] = privileged[field] ?? null
    loaded.push({
      record,
      cloudDomains: recordClouds.map((c) => c.domain),
      urlRedirect: row.url_redirect,
      from: row.from_time,
      to: row.to_time,
      updated: row.updated_on,
      created: row.created,
      statusClass: row.status_class,
    })
  }
  return loaded
}

/** The statuses of a list (or of notifications), in the list's order (docs/requirements/states.md#record-statuses). */
export async function listStatuses(db: Db, type: RecordType): Promise<RecordStatus[]> {
  const names = LIST_STATUS_NAMES[type]
  const rows = await db.selectFrom('record_statuses').select(['id', 'name', 'class', 'icon']).where('name', 'in', names).execute()
  return names.flatMap((name) => {
    const row = rows.find((r) => r.name === name)
    return row ? [{ id: String(row.id), name: row.name, class: row.class, icon: row.icon }] : []
  })
}

/** Severities as lists send them, most severe first (docs/requirements/entities.md#severity). */
export async function listSeverities(db: Db): Promise<ListSeverity[]> {
  const rows = await db.selectFrom('severities').select(['tid', 'name', 'color_code']).orderBy('sort').orderBy('tid').execute()
  return rows.map((r) => ({ tid: String(r.tid), name: r.name, color_code: r.color_code }))
}

/**
 * The status id a `category` parameter names, checked against the list's statuses.
 * @returns `undefined` for absent or empty (all statuses).
 * @throws HttpError 400 `bad_request` when it names no status of the list.
 */
export function statusFilter(category: string | undefined, statuses: readonly RecordStatus[], list: string): number | undefined {
  const value = (category ?? '').trim()
  if (value === '') return undefined
  const status = statuses.find((s) => s.id === value)
  if (!status) {
    throw badRequest(
      `category must be a status id of the ${list} list (${statuses.map((s) => `${s.id} ${s.name}`).join(', ')}) or empty, not ${JSON.stringify(value.slice(0, 40))}.`,
    )
  }
  return Number(status.id)
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** The list's categories (contract `RecordListData.categories`). */
async function listCategories(
  db: Db,
  type: RecordListType,
  cloudId: number,
  groups: CustomerGroups,
): Promise<Array<{ id: string; name: string }>> {
  if (type === 'advisory') return ADVISORY_EVENT_TYPES.map((e) => ({ id: e.class, name: e.name }))
  if (type === 'maintenance') return []
  const rows = await db
    .selectFrom('records as r')
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .select('r.incident_type')
    .distinct()
    .where('rc.cloud_id', '=', cloudId)
    .where((eb) => recordVisible(eb, 'r.id', groups))
    .where('r.type', '=', 'incident')
    .where('r.incident_type', 'is not', null)
    .orderBy('r.incident_type')
    .execute()
  return rows.map((r) => ({ id: slug(r.incident_type!), name: r.incident_type! }))
}

/**
 * The plain-text message above a list (contract `RecordListData.topMessage`): on the incident
 * list, the incidents still open (no end, In Progress or Monitoring); on the maintenance list, the
 * windows running now (Scheduled or In Progress, started, not ended); `''` otherwise.
 */
async function topMessage(db: Db, type: RecordListType, cloudId: number, now: number, groups: CustomerGroups): Promise<string> {
  if (type === 'advisory') return ''
  const base = db
    .selectFrom('records as r')
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .select(['r.title'])
    .where('rc.cloud_id', '=', cloudId)
    .where('r.type', '=', type)
    .where((eb) => recordVisible(eb, 'r.id', groups))
    .orderBy('r.from_time', 'desc')
    .orderBy('r.id', 'desc')
  if (type === 'incident') {
    const open = await base.where('r.to_time', 'is', null).where('st.name', 'in', ['In Progress', 'Monitoring']).execute()
    if (open.length === 0) return ''
    return open.length === 1
      ? `We are working on an ongoing incident: ${open[0].title}.`
      : `We are working on ${open.length} ongoing incidents.`
  }
  const running = await base
    .where('st.name', 'in', ['Scheduled', 'In Progress'])
    .where('r.from_time', '<=', now)
    .where((eb) => eb.or([eb('r.to_time', 'is', null), eb('r.to_time', '>', now)]))
    .execute()
  if (running.length === 0) return ''
  return running.length === 1
    ? `Maintenance is in progress: ${running[0].title}.`
    : `${running.length} maintenance windows are in progress.`
}

/** Parameters of {@link recordList}, validated by the route except `category`. */
export interface RecordListQuery {
  /** `category`: a status id of the list; absent or empty = all. */
  category?: string
  /** 1-based. */
  page: number
  /** `YYYY-MM-DD` in `tz`; absent = every day. */
  date?: string
  /** IANA zone of `date`. */
  tz: string
  /** Data-center term ids; empty = all. */
  dataCenters: readonly number[]
  /** Advisories: the minimum CVSS rating (`rating`); absent = every advisory. */
  rating?: CvssRating
  /** `q` (see {@link parseSearch}); absent = no search. */
  search?: RecordSearch
}

/**
 * `GET /api/{incident|maintenance|advisory}` (docs/requirements/entities.md#list-response, docs/requirements/calls.md): one page of the cloud's
 * records of `type`, newest first, with the list's statuses, the severities, its categories, the
 * top message and, for maintenance, the schedule table.
 *
 * - `date`: records whose time overlaps that day in `tz` (an ongoing record runs until now).
 * - `currentPage` is the page asked for (1 when there are no records); a page beyond the end
 *   answers no records and the real `totalPages`.
 *
 * @throws HttpError 400 `bad_request` when `category` is not a status of the list.
 */
export async function recordList(
  db: Db,
  cloud: CloudRow,
  type: RecordListType,
  query: RecordListQuery,
  now: Date,
  viewer: Viewer,
): Promise<PrivilegedRecordListData> {
  const statuses = await listStatuses(db, type)
  const statusId = statusFilter(query.category, statuses, type)
  const t = now.getTime()
  const filter: RecordFilter = {
    type,
    cloudId: cloud.id,
    statusId,
    dataCenters: query.dataCenters,
    range: query.date === undefined ? undefined : zonedDayRange(query.date, query.tz),
    ratings: query.rating === undefined ? undefined : ratingsFrom(query.rating),
    search: query.search,
    now: t,
  }
  const [page, severity, categories, message, schedule] = await Promise.all([
    recordPage(db, filter, query.page - 1, viewer),
    listSeverities(db),
    listCategories(db, type, cloud.id, viewer.groups ?? PUBLIC_GROUPS),
    topMessage(db, type, cloud.id, t, viewer.groups ?? PUBLIC_GROUPS),
    type === 'maintenance' ? maintenanceSchedule(db, cloud.id, now, viewer.groups) : Promise.resolve(null),
  ])
  const totalPages = Math.ceil(page.total / RECORDS_PAGE_SIZE)
  if (type === 'advisory') {
    const summaries = await readAdvisorySummaries(
      db,
      page.records.map((r) => r.id),
    )
    for (const record of page.records) {
      const summary = summaries.get(record.id)
      if (summary) record.advisory_summary = summary
    }
  }
  return {
    records: page.records,
    severity,
    statuses,
    categories,
    topMessage: message,
    maintenanceSchedule: schedule,
    currentPage: page.total === 0 ? 1 : query.page,
    totalPages,
  }
}

/** Parameters of {@link notificationList}. */
export interface NotificationListQuery {
  type: NotificationType
  /** A status id of the notification statuses; absent or empty = all. */
  category?: string
  /** Zero-based. */
  page: number
  /** Only for `cloud_app`: the cloud whose notifications to list; absent = every cloud. */
  cloud?: CloudRow
}

/**
 * `GET /api/notifications` (docs/requirements/entities.md#notification-list, docs/requirements/calls.md): one page of the notifications of a
 * type, newest first. Pages are ZERO-based: `currentPage` is the page asked for (0 when there are
 * none), `totalPages` the number of pages (0 when there are none).
 *
 * @throws HttpError 400 `bad_request` when `category` is not a notification status.
 */
export async function notificationList(
  db: Db,
  query: NotificationListQuery,
  now: Date,
  viewer: Viewer,
): Promise<PrivilegedNotificationListData> {
  const statuses = await listStatuses(db, 'notification')
  const statusId = statusFilter(query.category, statuses, 'notification')
  const page = await recordPage(
    db,
    {
      type: 'notification',
      notificationType: query.type,
      statusId,
      cloudId: query.type === 'cloud_app' ? query.cloud?.id : undefined,
      now: now.getTime(),
    },
    query.page,
    viewer,
  )
  return {
    records: page.records,
    currentPage: page.total === 0 ? 0 : query.page,
    totalPages: Math.ceil(page.total / RECORDS_PAGE_SIZE),
    statuses,
  }
}

/**
 * One record for the single-post page (`GET /api/posts/{id}`, docs/requirements/screens.md#single-post), or a
 * notification (`GET /api/notification/{id}/{cloud}`) with its `url_redirect` when it has one;
 * either with its update history (`updates`, newest first, {@link recordUpdates}), which the list
 * answers do not carry.
 *
 * @param kind `'post'`: any record; `'notification'`: notifications only.
 * @throws HttpError 404 `not_found` ('No records found.') when there is no such record (or, for
 *   `'notification'`, it is not a notification); 404 `not_on_cloud` ('Post not available on this
 *   cloud.') when it is not linked to `cloud`.
 */
export async function findPost(
  db: Db,
  id: number,
  cloud: CloudRow,
  kind: 'post' | 'notification',
  viewer: Viewer,
): Promise<PrivilegedPostData> {
  const [loaded] = await loadRecords(db, [id], viewer)
  if (!loaded || (kind === 'notification' && loaded.record.type !== 'notification')) {
    throw notFound(POST_MESSAGES.notFound, 'not_found')
  }
  if (!loaded.record.clouds.includes(cloud.machine_name)) throw notFound(POST_MESSAGES.notOnCloud, 'not_on_cloud')
  const { record } = loaded
  const [severities, status, updates, postmortem, advisory] = await Promise.all([
    listSeverities(db),
    db
      .selectFrom('record_statuses')
      .select(['id', 'name', 'class', 'icon'])
      .where('id', '=', Number(record.statusId))
      .executeTakeFirstOrThrow(),
    recordUpdates(db, record.id),
    db
      .selectFrom('record_postmortems')
      .select(['html', 'published_at', 'updated'])
      .where('record_id', '=', record.id)
      .where('published_at', 'is not', null)
      .executeTakeFirst(),
    record.type === 'advisory' ? readAdvisory(db, record.id) : Promise.resolve(null),
  ])
  const post: PrivilegedPostData = {
    ...record,
    updates,
    severity: severities.find((s) => s.tid === record.severityId) ?? null,
    statusDetail: { id: String(status.id), name: status.name, class: status.class, icon: status.icon },
  }
  if (kind === 'notification' && loaded.urlRedirect) post.url_redirect = loaded.urlRedirect
  if (advisory) post.advisory = advisory
  if (postmortem?.published_at != null) {
    post.postmortem = {
      html: postmortem.html,
      published_at: new Date(postmortem.published_at).toISOString(),
      updated_at: new Date(Math.max(postmortem.updated, postmortem.published_at)).toISOString(),
    }
  }
  return post
}
