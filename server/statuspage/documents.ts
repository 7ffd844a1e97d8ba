/**
 * The Statuspage v2 documents (`contract/statuspage.ts`) of the whole site or of one cloud, read
 * from the database: components from the clouds' core services and public data centers, their
 * status from the live records (`./derive.ts`), incidents and scheduled maintenances from the
 * records of type incident and maintenance with their update history; each component's uptime over
 * 30 and 90 days from the incidents naming it (`./uptime.ts`).
 *
 * Published postmortems ride on their incidents (`postmortem_body`, status `postmortem`);
 * third-party groups follow the cloud's own (`../upstream/statuspage.ts`).
 *
 * A document costs a fixed number of queries, plus one per cloud for its data centers: clouds,
 * services, records (three), their clouds, terms and published postmortems, updates and publishing
 * events, the incidents of the last 90 days (uptime), and the third-party groups and components.
 */
import { type Kysely, sql } from 'kysely'
import type {
  ComponentStatus,
  StatuspageDocument,
  StatuspageComponent,
  StatuspageDocumentName,
  StatuspageIncident,
  StatuspageMaintenance,
  StatuspagePage,
  StatuspageStatus,
  StatuspageUpdate,
} from '../../contract/statuspage.js'
import { recordHref } from '../../contract/links.js'
import { htmlToText } from '../admin/sanitize.js'
import type { Database } from '../db/schema.js'
import { type CloudRow, listCloudRows } from '../repo/clouds.js'
import { cloudDataCenters } from '../repo/data-centers.js'
import { type Audience, componentVisible, PUBLIC_GROUPS, recordVisible } from '../repo/private-components.js'
import { RECORD_HEAD_COLUMNS } from '../repo/record-columns.js'
import { incidentSpans } from '../repo/records.js'
import {
  combinedStatus,
  groupStatus,
  incidentStatus,
  isLive,
  maintenanceStatus,
  overallStatus,
  recordEffect,
  recordImpact,
  type StatusRecord,
  worstComponentStatus,
} from './derive.js'
import { statuspageComponent } from './component.js'
import { componentKey, componentUptimes, spansByComponent, UPTIME_SEVERITIES, uptimeRange } from './uptime.js'
import { thirdPartyComponents } from '../upstream/statuspage.js'

/** Incidents in `incidents.json`, and scheduled maintenances in `scheduled-maintenances.json`. */
export const STATUSPAGE_LIST_SIZE = 50

const iso = (ms: number) => new Date(ms).toISOString()
const day = (ms: number | null) => (ms === null ? null : iso(ms).slice(0, 10))

/** A record as the documents need it. */
interface RecordRow extends StatusRecord {
  id: number
  title: string
  alias: string
  summary: string
  posted: number
  updated: number
  closed: number | null
  /** Ids of the clouds in scope it is on, in cloud order. */
  clouds: number[]
  terms: number[]
  /** A maintenance's reminder lead, minutes (0 none; null the server's). */
  reminderMinutes: number | null
  /** The published postmortem, or null. */
  postmortem: { body: string; published: number; updated: number; notified: boolean } | null
}

/** One component before it is written out; `tid` is its service or data-center term. */
interface Member {
  id: string
  cloudId: number
  name: string
  description: string | null
  tid: number
  start: number | null
  /** When it is decommissioned (an active component with a date ahead), else null. */
  end: number | null
  status: ComponentStatus
  updated: number
}

interface Group {
  id: string
  name: string
  description: string | null
  members: Member[]
}

/** What {@link statuspageDocument} reads once per request. */
interface Scope {
  page: StatuspagePage
  components: StatuspageComponent[]
  /** Components by cloud id and term id (a record's affected components). */
  byTerm: Map<string, StatuspageComponent>
  records: RecordRow[]
  updates: Map<number, StatuspageUpdate[]>
  status: StatuspageStatus
  cloudsById: Map<number, CloudRow>
  origin: string
  now: number
  /** The server's reminder lead of maintenance, minutes. */
  reminderMinutes: number
}

/** Options of {@link statuspageDocument}. */
export interface StatuspageOptions {
  /** One cloud (its page), or null for the whole site. */
  cloud: CloudRow | null
  /** The site's public origin, e.g. `https://trust.example` (links and `page.url`). */
  origin: string
  /**
   * The site's name (`readSiteName`, `contract/site-name.ts`): the page's `name`, e.g.
   * `'Nimbus Security Trust'`, `'Nimbus Security Trust – nimbus.net'` for one cloud.
   */
  siteName: string
  now: Date
  /** The server's reminder lead of maintenance, minutes (`MAINTENANCE_REMINDER_MINUTES`). @default 60 */
  reminderMinutes?: number
  /**
   * Who reads: a console token's customer groups (`[]`: the public) see the private components and
   * records of those groups only (docs/operating/catalogue.md#private-components); `'all'` (API keys)
   * sees every one. @default [] (the public)
   */
  groups?: Audience
}

/**
 * The records a document shows: the newest of each type and every open or coming one; with `only`,
 * exactly those ids (incidents and maintenances on the clouds in scope), whatever their age.
 */
async function readRecords(
  db: Kysely<Database>,
  cloudIds: number[],
  now: number,
  groups: Audience,
  only?: readonly number[],
): Promise<RecordRow[]> {
  if (cloudIds.length === 0 || only?.length === 0) return []
  const base = () =>
    db
      .selectFrom('records as r')
      .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
      .select([
        ...RECORD_HEAD_COLUMNS,
        'r.severity_tid',
        'r.from_time',
        'r.to_time',
        'r.posted_on',
        'r.updated_on',
        'r.closed_on',
        'r.reminder_minutes',
        'st.name as status',
      ])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('record_clouds as rc')
            .select('rc.record_id')
            .whereRef('rc.record_id', '=', 'r.id')
            .where('rc.cloud_id', 'in', cloudIds),
        ),
      )
      .where((eb) => recordVisible(eb, 'r.id', groups))
      .$if(only !== undefined, (qb) => qb.where('r.id', 'in', only ?? []))
  // The newest of each type, and every one still open or yet to come, whatever its age (with
  // `only`: every one of those ids, as the newest of their type).
  const size = only ? only.length : STATUSPAGE_LIST_SIZE
  const [incidents, maintenances, open] = await Promise.all([
    base().where('r.type', '=', 'incident').orderBy('r.from_time', 'desc').orderBy('r.id', 'desc').limit(size).execute(),
    base().where('r.type', '=', 'maintenance').orderBy('r.from_time', 'desc').orderBy('r.id', 'desc').limit(size).execute(),
    base()
      .where((eb) =>
        eb.or([
          eb.and([eb('r.type', '=', 'incident'), eb('st.name', 'in', ['In Progress', 'Monitoring'])]),
          eb.and([
            eb('r.type', '=', 'maintenance'),
            eb('st.name', 'in', ['Scheduled', 'In Progress', 'Postponed']),
            eb.or([eb('r.to_time', 'is', null), eb('r.to_time', '>', now)]),
          ]),
        ]),
      )
      .execute(),
  ])
  const rows = new Map<number, (typeof open)[number]>()
  for (const row of [...incidents, ...maintenances, ...open]) rows.set(row.id, row)
  const ids = [...rows.keys()]
  if (ids.length === 0) return []
  const [links, terms, postmortems] = await Promise.all([
    db
      .selectFrom('record_clouds')
      .select(['record_id', 'cloud_id'])
      .where('record_id', 'in', ids)
      .where('cloud_id', 'in', cloudIds)
      .execute(),
    db.selectFrom('record_terms').select(['record_id', 'tid']).where('record_id', 'in', ids).execute(),
    db
      .selectFrom('record_postmortems')
      .select(['record_id', 'body', 'published_at', 'updated', 'notified_at'])
      .where('record_id', 'in', ids)
      .where('published_at', 'is not', null)
      .execute(),
  ])
  const postmortemOf = new Map(postmortems.map((p) => [p.record_id, p]))
  const order = new Map(cloudIds.map((id, i) => [id, i]))
  const cloudsOf = new Map<number, number[]>()
  for (const l of links) cloudsOf.set(l.record_id, [...(cloudsOf.get(l.record_id) ?? []), l.cloud_id])
  const termsOf = new Map<number, number[]>()
  for (const t of terms) termsOf.set(t.record_id, [...(termsOf.get(t.record_id) ?? []), t.tid])
  return [...rows.values()]
    .filter((r) => r.type === 'incident' || r.type === 'maintenance')
    .map((r) => ({
      id: r.id,
      type: r.type as 'incident' | 'maintenance',
      title: r.title,
      alias: r.alias,
      summary: r.summary,
      status: r.status,
      severityTid: r.severity_tid,
      from: r.from_time,
      to: r.to_time,
      posted: r.posted_on,
      updated: r.updated_on,
      closed: r.closed_on,
      clouds: (cloudsOf.get(r.id) ?? []).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
      terms: termsOf.get(r.id) ?? [],
      reminderMinutes: r.reminder_minutes,
      postmortem: postmortemOf.has(r.id)
        ? (({ body, published_at, updated, notified_at }) => ({
            body,
            published: published_at ?? updated,
            updated: Math.max(updated, published_at ?? 0),
            notified: notified_at !== null,
          }))(postmortemOf.get(r.id)!)
        : null,
    }))
    .sort((a, b) => b.from - a.from || b.id - a.id)
}

/** The update history of `records`, newest first, in Statuspage's shape. */
async function readUpdates(db: Kysely<Database>, records: RecordRow[]): Promise<Map<number, StatuspageUpdate[]>> {
  const byId = new Map(records.map((r) => [r.id, r]))
  const ids = [...byId.keys()]
  const [rows, published] =
    records.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('record_updates as u')
            .innerJoin('record_statuses as st', 'st.id', 'u.status_id')
            .select(['u.id', 'u.record_id', 'u.at', 'u.text', 'u.event_id', 'st.name as status'])
            .where('u.record_id', 'in', ids)
            .orderBy('u.at', 'desc')
            .orderBy('u.id', 'desc')
            .execute(),
          db.selectFrom('record_events').select('record_id').where('record_id', 'in', ids).where('kind', '=', 'published').execute(),
        ])
  const announced = new Set(published.map((e) => e.record_id))
  const updates = new Map<number, StatuspageUpdate[]>()
  for (const row of rows) {
    const record = byId.get(row.record_id)!
    const status = record.type === 'incident' ? incidentStatus(row.status) : maintenanceStatus(row.status)
    const update: StatuspageUpdate = {
      id: `u${row.id}`,
      status,
      body: htmlToText(row.text) || `${record.title}: ${row.status}.`,
      incident_id: String(record.id),
      created_at: iso(row.at),
      updated_at: iso(row.at),
      display_at: iso(row.at),
      affected_components: null,
      deliver_notifications: row.event_id !== null,
      custom_tweet: null,
      tweet_id: null,
    }
    updates.set(row.record_id, [...(updates.get(row.record_id) ?? []), update])
  }
  // The first post is the oldest update (the history holds what came after it); its status is
  // the one a record opens with.
  for (const record of records) {
    const opening = record.type === 'incident' ? 'investigating' : record.from <= record.posted ? 'in_progress' : 'scheduled'
    const history = updates.get(record.id) ?? []
    updates.set(record.id, [
      ...history,
      {
        id: `r${record.id}`,
        status:
          history.length === 0 ? (record.type === 'incident' ? incidentStatus(record.status) : maintenanceStatus(record.status)) : opening,
        body: htmlToText(record.summary) || record.title,
        incident_id: String(record.id),
        created_at: iso(record.posted),
        updated_at: iso(record.posted),
        display_at: iso(record.posted),
        affected_components: null,
        deliver_notifications: announced.has(record.id),
        custom_tweet: null,
        tweet_id: null,
      },
    ])
  }
  return updates
}

/**
 * When this site's database was made (the first migration's run, epoch ms): the `created_at` of a
 * component whose in-service date is unknown, which can be no older than the site. `now` when it
 * cannot be read.
 */
export async function siteStart(db: Kysely<Database>, now: number): Promise<number> {
  let migrated = migratedAt.get(db)
  if (!migrated) {
    // Read once per connection: a migration's run never changes.
    migrated = sql<{ timestamp: string }>`select timestamp from kysely_migration where name = '001_foundation'`
      .execute(db)
      .then((r) => Date.parse(r.rows[0]?.timestamp ?? ''))
      .catch(() => Number.NaN)
    migratedAt.set(db, migrated)
  }
  const at = await migrated
  return Number.isNaN(at) ? now : Math.min(at, now)
}

/** {@link siteStart}'s migration instant (epoch ms, NaN when unreadable), per database handle. */
const migratedAt = new WeakMap<Kysely<Database>, Promise<number>>()

/** Reads everything a document of `cloud` (or the site) is made of; with `only`, of those records alone ({@link readRecords}). */
async function readScope(
  db: Kysely<Database>,
  { cloud, origin, siteName, now: at, reminderMinutes = 60, groups = PUBLIC_GROUPS }: StatuspageOptions,
  only?: readonly number[],
): Promise<Scope> {
  const now = at.getTime()
  const clouds = cloud ? [cloud] : (await listCloudRows(db)).filter((c) => c.status_core_cloud_services === 1 || c.status_datacenter === 1)
  const cloudIds = clouds.map((c) => c.id)
  const [services, dataCenters, records, spans, since] = await Promise.all([
    cloudIds.length === 0
      ? []
      : db
          .selectFrom('cloud_services as cs')
          .innerJoin('services as s', 's.tid', 'cs.service_tid')
          .select(['cs.cloud_id', 's.tid', 's.name', 's.description', 'cs.start_date', 'cs.end_date'])
          .where('cs.cloud_id', 'in', cloudIds)
          .where('cs.active', '=', 1)
          .where((eb) => componentVisible(eb, 'cs.cloud_id', 'cs.service_tid', groups))
          .orderBy('cs.sort')
          .orderBy('s.name')
          .execute(),
    Promise.all(
      clouds.map((c) =>
        cloudDataCenters(db, c.id, groups)
          .select(['dc.tid', 'dc.name', 'dc.city', 'r.tid as region_tid', 'r.name as region', 'cdc.start_date', 'cdc.end_date'])
          .where('cdc.active', '=', 1)
          .where('cdc.premium_dc', '=', 0)
          .orderBy('r.sort')
          .orderBy('r.tid')
          .orderBy('dc.name')
          .execute(),
      ),
    ),
    readRecords(db, cloudIds, now, groups, only),
    incidentSpans(db, cloudIds, UPTIME_SEVERITIES, uptimeRange(now), now, groups),
    siteStart(db, now),
  ])
  const spansOf = spansByComponent(spans)
  const live = records.filter((r) => isLive(r, now))
  const updates = await readUpdates(db, records)

  // Each cloud's groups: its core services, then its data centers by region.
  const groupsOf = new Map<number, Group[]>()
  const core = new Map<number, Member[]>()
  const statusOf = (cloudId: number, tid: number): { status: ComponentStatus; updated: number } => {
    const on = live.filter((r) => r.clouds.includes(cloudId) && r.terms.includes(tid))
    return { status: worstComponentStatus(on.map(recordEffect)), updated: Math.max(0, ...on.map((r) => r.updated)) }
  }
  for (const [i, c] of clouds.entries()) {
    const coreMembers: Member[] = services
      .filter((s) => s.cloud_id === c.id)
      .map((s) => ({
        id: `${c.machine_name}-service-${s.tid}`,
        cloudId: c.id,
        name: s.name,
        description: s.description || null,
        tid: s.tid,
        start: s.start_date,
        end: s.end_date,
        ...statusOf(c.id, s.tid),
      }))
    core.set(c.id, coreMembers)
    const groups: Group[] = []
    if (c.status_core_cloud_services === 1 && coreMembers.length > 0) {
      groups.push({ id: `${c.machine_name}-core-services`, name: 'Core Cloud Services', description: null, members: coreMembers })
    }
    if (c.status_datacenter === 1) {
      const regions = new Map<number, Group>()
      for (const dc of dataCenters[i]) {
        let group = regions.get(dc.region_tid)
        if (!group) {
          group = { id: `${c.machine_name}-region-${dc.region_tid}`, name: dc.region, description: null, members: [] }
          regions.set(dc.region_tid, group)
          groups.push(group)
        }
        group.members.push({
          id: `${c.machine_name}-dc-${dc.tid}`,
          cloudId: c.id,
          name: dc.name,
          description: dc.city,
          tid: dc.tid,
          start: dc.start_date,
          end: dc.end_date,
          ...statusOf(c.id, dc.tid),
        })
      }
    }
    groupsOf.set(c.id, groups)
  }

  const pageId = cloud ? cloud.machine_name : 'site'
  // The newest change of a record, never later than now (a post may be dated ahead).
  const updatedAt = Math.min(now, Math.max(0, ...records.map((r) => r.updated)))
  const components: StatuspageComponent[] = []
  const byTerm = new Map<string, StatuspageComponent>()
  // An unknown in-service date: the site's own start, never 1970.
  const startOf = (m: Member) => m.start ?? since
  const write = (m: Member, groupId: string): StatuspageComponent =>
    statuspageComponent({
      id: m.id,
      name: m.name,
      status: m.status,
      created_at: iso(startOf(m)),
      updated_at: iso(Math.max(m.updated, startOf(m))),
      position: components.length + 1,
      description: m.description,
      start_date: day(m.start),
      group_id: groupId,
      page_id: pageId,
      ...componentUptimes(spansOf.get(componentKey(m.cloudId, m.tid)) ?? [], m, now),
    })
  const writeGroup = (id: string, name: string, description: string | null, members: Member[]) => {
    const group = statuspageComponent({
      id,
      name,
      status: groupStatus(members.map((m) => m.status)),
      created_at: iso(Math.min(...members.map(startOf))),
      updated_at: iso(Math.max(0, ...members.map((m) => Math.max(m.updated, startOf(m))))),
      position: components.length + 1,
      description,
      group_id: null,
      page_id: pageId,
      components: members.map((m) => m.id),
    })
    components.push(group)
    for (const m of members) {
      const written = write(m, id)
      components.push(written)
      byTerm.set(`${m.cloudId}:${m.tid}`, written)
    }
  }
  if (cloud) {
    for (const g of groupsOf.get(cloud.id) ?? []) writeGroup(g.id, g.name, g.description, g.members)
  } else {
    // The site: one group per cloud with all its components.
    for (const c of clouds) {
      const members = (groupsOf.get(c.id) ?? []).flatMap((g) => g.members)
      if (members.length > 0) writeGroup(c.machine_name, c.title, c.domain, members)
    }
  }
  // Third-party groups after the site's own; they never count towards the indicator (server/upstream/statuspage.ts).
  components.push(...(await thirdPartyComponents(db, clouds, pageId, components.length)))

  const statuses = clouds.map((c) => {
    const groups = groupsOf.get(c.id) ?? []
    const coreIds = new Set((core.get(c.id) ?? []).map((m) => m.id))
    const members = groups.flatMap((g) => g.members)
    return overallStatus({
      core: members.filter((m) => coreIds.has(m.id)).map((m) => m.status),
      others: members.filter((m) => !coreIds.has(m.id)).map((m) => m.status),
      incidentImpacts: live.filter((r) => r.type === 'incident' && r.clouds.includes(c.id)).map(recordImpact),
    })
  })
  const { indicator, description } = combinedStatus(statuses)
  return {
    page: {
      id: pageId,
      name: cloud ? `${siteName} – ${cloud.title}` : siteName,
      url: cloud ? `${origin}/${cloud.domain}` : origin,
      time_zone: 'Etc/UTC',
      updated_at: iso(updatedAt || now),
    },
    components,
    byTerm,
    records,
    updates,
    status: { indicator, description },
    cloudsById: new Map(clouds.map((c) => [c.id, c])),
    origin,
    now,
    reminderMinutes,
  }
}

/**
 * `updates` (newest first) with `affected_components` where the update changed the status of the
 * `affected` components: the opening post of an incident (operational → its effect), the start of
 * a maintenance (operational → under maintenance), the resolution or completion (→ operational).
 */
function withAffectedComponents(r: RecordRow, updates: StatuspageUpdate[], affected: StatuspageComponent[]): StatuspageUpdate[] {
  if (affected.length === 0) return updates
  const effect = recordEffect(r)
  if (effect === 'operational') return updates
  const change = (from: ComponentStatus, to: ComponentStatus) =>
    affected.map((c) => ({ code: c.id, name: c.name, old_status: from, new_status: to }))
  const oldestFirst = [...updates].reverse()
  const start = r.type === 'incident' ? oldestFirst[0] : oldestFirst.find((u) => u.status === 'in_progress')
  const end = oldestFirst.find((u) => u.status === 'resolved' || u.status === 'completed')
  return updates.map((u) => {
    if (u === start) return { ...u, affected_components: change('operational', effect) }
    if (u === end && start !== undefined) return { ...u, affected_components: change(effect, 'operational') }
    return u
  })
}

/** Statuspage's `reminder_intervals` of a maintenance (hours, e.g. `"[1]"`); null for none. */
function reminderIntervals(scope: Scope, r: RecordRow): string | null {
  if (r.type !== 'maintenance') return null
  const minutes = r.reminderMinutes ?? scope.reminderMinutes
  return minutes > 0 ? `[${Math.round((minutes / 60) * 100) / 100}]` : null
}

/** The fields incidents and maintenances share. */
function recordFields(scope: Scope, r: RecordRow) {
  const domain = scope.cloudsById.get(r.clouds[0])?.domain ?? ''
  const affected = r.clouds.flatMap((cid) => r.terms.map((tid) => scope.byTerm.get(`${cid}:${tid}`))).filter((c) => c !== undefined)
  const updates = withAffectedComponents(r, scope.updates.get(r.id) ?? [], affected)
  const monitoring = updates.filter((u) => u.status === 'monitoring').at(-1)
  return {
    id: String(r.id),
    name: r.title,
    created_at: iso(r.posted),
    updated_at: iso(r.updated),
    monitoring_at: monitoring ? monitoring.created_at : null,
    resolved_at: r.closed === null ? null : iso(r.closed),
    impact: recordImpact(r),
    shortlink: recordHref(r.type, r.id, domain, scope.origin),
    started_at: iso(r.from),
    reminder_intervals: reminderIntervals(scope, r),
    postmortem_body: r.postmortem?.body ?? null,
    postmortem_published_at: r.postmortem ? iso(r.postmortem.published) : null,
    postmortem_body_last_updated_at: r.postmortem ? iso(r.postmortem.updated) : null,
    postmortem_notified_subscribers: r.postmortem?.notified ?? false,
    page_id: scope.page.id,
    incident_updates: updates,
    components: affected,
  }
}

const toIncident = (scope: Scope, r: RecordRow): StatuspageIncident => ({
  ...recordFields(scope, r),
  // Statuspage's incident with a published postmortem is in status `postmortem`.
  status: r.postmortem && incidentStatus(r.status) === 'resolved' ? 'postmortem' : incidentStatus(r.status),
  resolved_at: incidentStatus(r.status) === 'resolved' ? iso(r.closed ?? r.to ?? r.updated) : null,
})

const toMaintenance = (scope: Scope, r: RecordRow): StatuspageMaintenance => ({
  ...recordFields(scope, r),
  status: maintenanceStatus(r.status),
  resolved_at: maintenanceStatus(r.status) === 'completed' ? iso(r.closed ?? r.to ?? r.updated) : null,
  scheduled_for: iso(r.from),
  scheduled_until: r.to === null ? null : iso(r.to),
})

/**
 * The incidents and maintenances `ids` as the documents write them (docs/statuspage-manage-api.md
 * answers them), by id, whatever their age: those not on the clouds in scope, and records of other
 * types, are left out. A maintenance is told by its `scheduled_for`.
 */
export async function statuspageRecords(
  db: Kysely<Database>,
  ids: readonly number[],
  options: StatuspageOptions,
): Promise<Map<number, StatuspageIncident | StatuspageMaintenance>> {
  const scope = await readScope(db, options, ids)
  return new Map(scope.records.map((r) => [r.id, r.type === 'incident' ? toIncident(scope, r) : toMaintenance(scope, r)]))
}

/**
 * The document `name` of the site (`options.cloud` null) or of one cloud.
 *
 * - `incidents.json`: the {@link STATUSPAGE_LIST_SIZE} newest incidents and every unresolved one,
 *   newest first; `incidents/unresolved.json`: those `investigating` or `monitoring`.
 * - `scheduled-maintenances.json`: the newest maintenances and every one not yet completed;
 *   `…/upcoming.json`: `scheduled` ones, soonest first; `…/active.json`: `in_progress` ones.
 * - `summary.json`: page, components, unresolved incidents, upcoming and active maintenances, status.
 */
export async function statuspageDocument(
  db: Kysely<Database>,
  name: StatuspageDocumentName,
  options: StatuspageOptions,
): Promise<StatuspageDocument> {
  const scope = await readScope(db, options)
  const { page } = scope
  const incidents = scope.records.filter((r) => r.type === 'incident').map((r) => toIncident(scope, r))
  const unresolved = incidents.filter((i) => i.status !== 'resolved' && i.status !== 'postmortem')
  const maintenances = scope.records.filter((r) => r.type === 'maintenance').map((r) => toMaintenance(scope, r))
  const upcoming = maintenances
    .filter((m) => m.status === 'scheduled' && Date.parse(m.scheduled_until ?? m.scheduled_for) > scope.now)
    .reverse()
  const active = maintenances.filter((m) => m.status === 'in_progress')
  switch (name) {
    case 'summary.json':
      return {
        page,
        components: scope.components,
        incidents: unresolved,
        scheduled_maintenances: [...active, ...upcoming],
        status: scope.status,
      }
    case 'status.json':
      return { page, status: scope.status }
    case 'components.json':
      return { page, components: scope.components }
    case 'incidents.json':
      return { page, incidents }
    case 'incidents/unresolved.json':
      return { page, incidents: unresolved }
    case 'scheduled-maintenances.json':
      return { page, scheduled_maintenances: maintenances }
    case 'scheduled-maintenances/upcoming.json':
      return { page, scheduled_maintenances: upcoming }
    case 'scheduled-maintenances/active.json':
      return { page, scheduled_maintenances: active }
  }
}
