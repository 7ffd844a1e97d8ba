/**
 * Demo status data: the demo's own severities, core services per cloud, commissioning dates of
 * data centers, and incidents / scheduled maintenance (docs/requirements/screens.md#cloud-status-page, docs/requirements/entities.md#record). The
 * record statuses and the spec's severities 19 and 20 are not demo data: migration 011 creates
 * them on every database.
 *
 * Two kinds of records:
 * - History: for every complete UTC day up to the day before yesterday, a PRNG seeded by the cloud
 *   and the day decides that day's records, so filling in missing days later gives what a full seed
 *   would (given the same services and data centers). Every cloud whose status block is on gets a
 *   record on a core service every third day, one on a public data center every third day and (with
 *   premium data centers) one on a premium data center every third day, plus random extras, so each
 *   of the 13 timeline weeks has issues on every block. A top-up adds one incident every third day
 *   (two days in three on clouds without data centers), so every cloud has at least 60 incidents
 *   in any 90 days. Once a week a maintenance concerns every cloud of a product. History records
 *   may run up to 6 hours past their day's midnight, never into today.
 * - Live records, made once at seed time relative to `now`: ongoing incidents (to_time NULL),
 *   maintenance later today and in the coming days, two overlapping incidents on one row, a
 *   maintenance across a week boundary, and the one record whose body carries hostile markup (the
 *   front end must sanitise it).
 *
 * Times are epoch milliseconds (UTC).
 */
import type { Insertable, Kysely, Transaction } from 'kysely'
import { MAX_WEEK_OFFSET } from '../../contract/constants.js'
import { SPEC_SEVERITY_TIDS } from '../../contract/reference-data.js'
import { escapeHtml } from '../../contract/text.js'
import type { Database, RecordsTable, RecordType } from '../db/schema.js'
import { addDays, dayStart, epochDay, utcDay } from '../lib/days.js'
import { DAY_MS, MINUTE_MS, statusWeek } from '../lib/week.js'
import { ALIAS_PREFIX } from '../publishing/publish.js'
import { SETTING } from '../repo/settings.js'
import { createRandom, hashString } from './prng.js'
import {
  DATA_CENTER_DECOMMISSION_DAYS_AGO,
  DECOMMISSIONED_SERVICES,
  PRODUCT_SERVICES,
  SERVICES,
  SEVERITIES,
  SEVERITY,
  STATUS,
} from './status-catalog.js'
import { TID_BASE } from '../db/tids.js'

type Db = Kysely<Database> | Transaction<Database>

const SERVICE_TID_BASE = TID_BASE.service

const HOUR_MS = 60 * MINUTE_MS
const HELP_SITE = 'https://help.auroraedge.example'
export const PEOPLE = ['Dana Whitfield', 'Ravi Menon', 'Sofia Lindqvist', 'Tomás Ortega', 'Mei Tanaka', 'Kwame Asante']

// ------------------------------------------------------------------------------------------------
// Catalogue: severities, statuses, services, commissioning dates
// ------------------------------------------------------------------------------------------------

/**
 * Seeds the demo's status data once, when the database has clouds but no records and no record
 * history yet (`SETTING.recordsHistoryThrough`): the live records and the record history (see the
 * module comment) and, when no catalogue import brought services (the demo's sources,
 * `./sources.ts`), the demo's severities, services, each cloud's services and the commissioning
 * dates of its data centers. One transaction. The record statuses and the spec's two severities are
 * not the demo's: every database has them from migration 011 on.
 *
 * @param now The moment the seed is relative to: commissioning dates, live records and history.
 * @returns `true` when it seeded, `false` when the database has records or a record history
 *   already, or no clouds.
 */
export async function seedStatusIfEmpty(db: Kysely<Database>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const record = await trx.selectFrom('records').select('id').limit(1).executeTakeFirst()
    const history = await trx.selectFrom('settings').select('value').where('key', '=', SETTING.recordsHistoryThrough).executeTakeFirst()
    const cloud = await trx.selectFrom('clouds').select('id').limit(1).executeTakeFirst()
    if (record || history || !cloud) return false
    // A catalogue import brings severities, services and commissioning dates; the demo's own
    // sources bring them here otherwise (`./sources.ts`, databases from before the catalogue file).
    // (The spec's two severities do not tell: every database has them.)
    const service = await trx.selectFrom('services').select('tid').limit(1).executeTakeFirst()
    const severity = await trx.selectFrom('severities').select('tid').where('tid', 'not in', SPEC_SEVERITY_TIDS).limit(1).executeTakeFirst()
    if (!service && !severity) await seedVocabulary(trx, now)
    const world = await loadWorld(trx)
    const live = liveRecords(world, now)
    const range = historyRange(now)
    const drafts = [...live]
    for (let day = range.first; day <= range.last; day = addDays(day, 1)) drafts.push(...dayRecords(world, day))
    await insertDrafts(trx, drafts)
    await trx
      .insertInto('settings')
      .values({ key: SETTING.recordsHistoryThrough, value: range.last })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: range.last }))
      .execute()
    return true
  })
}

/**
 * Tops up the record history so it reaches the day before yesterday (UTC) of `now`, like
 * `extendTraffic` does for traffic: a long-running demo keeps a populated current week. Only days
 * after the last generated one (and within the 13 timeline weeks) are added.
 *
 * @returns The number of records added (0 when up to date or when the status data is not seeded).
 */
export async function extendRecords(db: Kysely<Database>, now: Date): Promise<number> {
  const history = historyRange(now)
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING.recordsHistoryThrough).executeTakeFirst()
  if (!row) return 0
  const nextDay = addDays(row.value, 1)
  // biome-ignore lint/complexity/useMathMinMax: the days are YYYY-MM-DD strings, compared as text
  const first = nextDay > history.first ? nextDay : history.first
  if (first > history.last) return 0
  return db.transaction().execute(async (trx) => {
    const world = await loadWorld(trx)
    const drafts: Draft[] = []
    for (let day = first; day <= history.last; day = addDays(day, 1)) drafts.push(...dayRecords(world, day))
    await insertDrafts(trx, drafts)
    await trx.updateTable('settings').set({ value: history.last }).where('key', '=', SETTING.recordsHistoryThrough).execute()
    return drafts.length
  })
}

/** The days the history covers at `now`: the first day of the oldest timeline week to the day before yesterday. */
export function historyRange(now: Date): { first: string; last: string } {
  return {
    first: utcDay(new Date(statusWeek(now, MAX_WEEK_OFFSET).start)),
    last: addDays(utcDay(now), -2),
  }
}

async function seedVocabulary(trx: Transaction<Database>, now: Date): Promise<void> {
  const today = dayStart(utcDay(now))
  const serviceTid = new Map(SERVICES.map((s, i) => [s.name, SERVICE_TID_BASE + 1 + i]))

  // The spec's two severities are there already (migration 011); the demo adds its others.
  const present = new Set((await trx.selectFrom('severities').select('tid').execute()).map((r) => r.tid))
  const severities = SEVERITIES.map((s, sort) => ({ ...s, sort })).filter((s) => !present.has(s.tid))
  await trx
    .insertInto('terms')
    .values([
      ...severities.map((s) => ({ tid: s.tid, vocabulary: 'severity' })),
      ...SERVICES.map((s) => ({ tid: serviceTid.get(s.name)!, vocabulary: 'service' })),
    ])
    .execute()
  if (severities.length > 0) await trx.insertInto('severities').values(severities).execute()
  await trx
    .insertInto('services')
    .values(SERVICES.map((s) => ({ tid: serviceTid.get(s.name)!, name: s.name, description: s.description })))
    .execute()

  const clouds = await trx
    .selectFrom('clouds')
    .innerJoin('products', 'products.id', 'clouds.product_id')
    .select(['clouds.id', 'clouds.machine_name', 'products.machine_name as product'])
    .orderBy('clouds.id')
    .execute()
  // Commissioned 1 to 8 years before the seed's day, per cloud and item.
  const since = (key: string) => today - (400 + (hashString(key) % 2500)) * DAY_MS
  const links = clouds.flatMap((cloud) => {
    const names = [...(PRODUCT_SERVICES[cloud.product] ?? [])]
    const extra = DECOMMISSIONED_SERVICES.filter((d) => d.cloud === cloud.machine_name)
    return [
      ...names.map((name, sort) => ({
        cloud_id: cloud.id,
        service_tid: serviceTid.get(name)!,
        sort,
        active: 1,
        start_date: since(`service:${cloud.machine_name}:${name}`),
        end_date: null,
      })),
      ...extra.map((d, i) => ({
        cloud_id: cloud.id,
        service_tid: serviceTid.get(d.service)!,
        sort: names.length + i,
        active: 0,
        start_date: since(`service:${cloud.machine_name}:${d.service}`),
        end_date: today - d.endedDaysAgo * DAY_MS + 6 * HOUR_MS,
      })),
    ]
  })
  await trx.insertInto('cloud_services').values(links).execute()

  const dcs = await trx
    .selectFrom('cloud_data_centers as cdc')
    .innerJoin('data_centers as dc', 'dc.tid', 'cdc.data_center_tid')
    .select(['cdc.cloud_id', 'cdc.data_center_tid', 'cdc.active', 'dc.name'])
    .orderBy('cdc.cloud_id')
    .orderBy('dc.sort')
    .execute()
  const decommissioned = new Map<number, number>() // cloud id → how many seen so far
  for (const dc of dcs) {
    const cloud = clouds.find((c) => c.id === dc.cloud_id)!
    const start = since(`dc:${cloud.machine_name}:${dc.name}`)
    let end: number | null = null
    if (!dc.active) {
      const n = decommissioned.get(dc.cloud_id) ?? 0
      decommissioned.set(dc.cloud_id, n + 1)
      const daysAgo = DATA_CENTER_DECOMMISSION_DAYS_AGO[n % DATA_CENTER_DECOMMISSION_DAYS_AGO.length]
      end = Math.max(start + DAY_MS, today - daysAgo * DAY_MS + 4 * HOUR_MS)
    }
    await trx
      .updateTable('cloud_data_centers')
      .set({ start_date: start, end_date: end })
      .where('cloud_id', '=', dc.cloud_id)
      .where('data_center_tid', '=', dc.data_center_tid)
      .execute()
  }
}

// ------------------------------------------------------------------------------------------------
// What the generators see
// ------------------------------------------------------------------------------------------------

export interface Item {
  tid: number
  name: string
  /** Data centers only. */
  city?: string
  premium: boolean
  start: number | null
  end: number | null
}

export interface CloudWorld {
  id: number
  machine_name: string
  domain: string
  product: string
  core: boolean
  datacenter: boolean
  premium: boolean
  services: Item[]
  dataCenters: Item[]
}

export interface World {
  clouds: CloudWorld[]
}

/** The clouds with their services and data centers, as the record generators see them. */
export async function loadWorld(db: Db): Promise<World> {
  const clouds = await db
    .selectFrom('clouds')
    .innerJoin('products', 'products.id', 'clouds.product_id')
    .select([
      'clouds.id',
      'clouds.machine_name',
      'clouds.domain',
      'products.machine_name as product',
      'clouds.status_core_cloud_services',
      'clouds.status_datacenter',
      'clouds.status_premium_datacenter',
    ])
    .orderBy('clouds.id')
    .execute()
  const services = await db
    .selectFrom('cloud_services as cs')
    .innerJoin('services as s', 's.tid', 'cs.service_tid')
    .select(['cs.cloud_id', 's.tid', 's.name', 'cs.start_date', 'cs.end_date'])
    .orderBy('cs.cloud_id')
    .orderBy('cs.sort')
    .execute()
  const dataCenters = await db
    .selectFrom('cloud_data_centers as cdc')
    .innerJoin('data_centers as dc', 'dc.tid', 'cdc.data_center_tid')
    .select(['cdc.cloud_id', 'dc.tid', 'dc.name', 'dc.city', 'cdc.premium_dc', 'cdc.start_date', 'cdc.end_date'])
    .orderBy('cdc.cloud_id')
    .orderBy('dc.sort')
    .execute()
  return {
    clouds: clouds.map((c) => ({
      id: c.id,
      machine_name: c.machine_name,
      domain: c.domain,
      product: c.product,
      core: c.status_core_cloud_services === 1,
      datacenter: c.status_datacenter === 1,
      premium: c.status_premium_datacenter === 1,
      services: services
        .filter((s) => s.cloud_id === c.id)
        .map((s) => ({ tid: s.tid, name: s.name, premium: false, start: s.start_date, end: s.end_date })),
      dataCenters: dataCenters
        .filter((d) => d.cloud_id === c.id)
        .map((d) => ({ tid: d.tid, name: d.name, city: d.city, premium: d.premium_dc === 1, start: d.start_date, end: d.end_date })),
    })),
  }
}

/** Whether an item is in service for the whole of [from, to]. */
export const inService = (item: Item, from: number, to: number) =>
  (item.start === null || item.start <= from) && (item.end === null || item.end >= to)

// ------------------------------------------------------------------------------------------------
// Record texts
// ------------------------------------------------------------------------------------------------

/** A record before it gets its id (`id` only when the seed fixes it, see `./lists.ts`). */
export interface Draft {
  id?: number
  type: RecordType
  title: string
  summary: string
  body: string
  status_id: number
  severity_tid: number | null
  /** Advisories: the event type (docs/requirements/states.md). */
  event_type?: string | null
  /** Notifications: the notification type and where the reader is sent instead. */
  notification_type?: string | null
  url_redirect?: string | null
  from: number
  to: number | null
  posted_on: number
  closed_on: number | null
  customer_impact: string | null
  available_workaround: string | null
  next_update: string | null
  how_found: string | null
  incident_type: string | null
  cloudIds: number[]
  tids: number[]
  internal: { note: string; ticket: number; author: string; resolver: string | null }
}

export interface Template {
  severity: number
  title: (target: string) => string
  summary: (target: string) => string
  impact: (target: string) => string
  workaround: string | null
  incidentType?: string
}

export const SERVICE_INCIDENTS: Template[] = [
  {
    severity: SEVERITY.disruption,
    title: (s) => `${s} unavailable for some users`,
    summary: (s) => `Some users could not reach ${s}; requests failed until the affected nodes were restored.`,
    impact: (s) => `Requests to ${s} failed for a subset of users.`,
    workaround: 'Retry the request; sessions were moved to healthy nodes automatically.',
    incidentType: 'Availability',
  },
  {
    severity: SEVERITY.degradation,
    title: (s) => `Elevated latency for ${s}`,
    summary: (s) => `Some requests to ${s} took longer than usual to complete.`,
    impact: (s) => `Slower responses from ${s}; no requests were lost.`,
    workaround: null,
    incidentType: 'Performance',
  },
  {
    severity: SEVERITY.degradation,
    title: (s) => `Intermittent errors in ${s}`,
    summary: (s) => `A fraction of requests to ${s} returned errors after a faulty deployment, which was rolled back.`,
    impact: (s) => `Intermittent errors in ${s}.`,
    workaround: 'Retry failed requests.',
    incidentType: 'Availability',
  },
  {
    severity: SEVERITY.informational,
    title: (s) => `Investigating reports of slow ${s}`,
    summary: (s) => `We investigated customer reports of slow ${s}; no service-wide impact was found.`,
    impact: () => 'No confirmed impact.',
    workaround: null,
    incidentType: 'Investigation',
  },
]

export const DATA_CENTER_INCIDENTS: Template[] = [
  {
    severity: SEVERITY.disruption,
    title: (d) => `Connectivity loss in ${d}`,
    summary: (d) => `Traffic through ${d} was dropped after a network failure; it was failed over to nearby data centers.`,
    impact: (d) => `Connections through ${d} failed until traffic was failed over.`,
    workaround: 'Forward traffic to the secondary data center of your configuration.',
    incidentType: 'Availability',
  },
  {
    severity: SEVERITY.degradation,
    title: (d) => `Elevated latency in ${d}`,
    summary: (d) => `Users forwarding traffic through ${d} saw higher latency while capacity was rebalanced.`,
    impact: (d) => `Higher latency for traffic through ${d}.`,
    workaround: null,
    incidentType: 'Performance',
  },
  {
    severity: SEVERITY.degradation,
    title: (d) => `Packet loss on an upstream provider in ${d}`,
    summary: (d) => `An upstream transit provider of ${d} dropped packets; traffic was moved to other providers.`,
    impact: (d) => `Packet loss and retransmissions for some destinations from ${d}.`,
    workaround: null,
    incidentType: 'Network',
  },
  {
    severity: SEVERITY.informational,
    title: (d) => `Traffic rerouted away from ${d}`,
    summary: (d) => `As a precaution, traffic was rerouted away from ${d} while a hardware alarm was checked.`,
    impact: () => 'Traffic was served from nearby data centers; no impact is expected.',
    workaround: null,
    incidentType: 'Precaution',
  },
]

export const SERVICE_MAINTENANCE: Template[] = [
  {
    severity: SEVERITY.informational,
    title: (s) => `Scheduled maintenance: ${s} service upgrade`,
    summary: (s) => `${s} is upgraded to a new release. Sessions may be re-established once during the window.`,
    impact: () => 'Sessions may be re-established once.',
    workaround: null,
  },
  {
    severity: SEVERITY.noImpact,
    title: (s) => `Scheduled maintenance: ${s} database maintenance`,
    summary: (s) => `Routine database maintenance behind ${s}. No service impact is expected.`,
    impact: () => 'No impact expected.',
    workaround: null,
  },
  {
    severity: SEVERITY.degradation,
    title: (s) => `Emergency maintenance: ${s} certificate rotation`,
    summary: (s) => `Certificates used by ${s} are rotated ahead of their expiry. Brief reconnects are possible.`,
    impact: () => 'Brief reconnects.',
    workaround: 'Clients reconnect automatically.',
  },
]

export const DATA_CENTER_MAINTENANCE: Template[] = [
  {
    severity: SEVERITY.informational,
    title: (d) => `Scheduled maintenance: hardware refresh in ${d}`,
    summary: (d) => `Servers in ${d} are replaced with new hardware; traffic is drained to nearby data centers first.`,
    impact: (d) => `Traffic is served from nearby data centers while ${d} is drained.`,
    workaround: null,
  },
  {
    severity: SEVERITY.noImpact,
    title: (d) => `Scheduled maintenance: network upgrade in ${d}`,
    summary: (d) => `Network equipment in ${d} is upgraded, one redundant path at a time.`,
    impact: () => 'No impact expected.',
    workaround: null,
  },
  {
    severity: SEVERITY.degradation,
    title: (d) => `Emergency maintenance: power work in ${d}`,
    summary: (d) => `The facility operator of ${d} works on a power distribution unit; traffic may be rerouted.`,
    impact: (d) => `Traffic may be rerouted away from ${d}.`,
    workaround: 'Keep a secondary data center configured.',
  },
]

const HOW_FOUND = ['Internal monitoring', 'Customer report', 'Automated alert', 'Partner notification']

const clock = (ms: number) => `${new Date(ms).toISOString().slice(11, 16)} UTC`
const dateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)} ${clock(ms)}`

function renderBody(o: {
  type: 'incident' | 'maintenance'
  summary: string
  targets: string[]
  domains: string[]
  from: number
  to: number | null
  extra?: string
}): string {
  const e = escapeHtml
  const updates =
    o.type === 'incident'
      ? [
          `<li><strong>${clock(o.from)}</strong> We are investigating the issue.</li>`,
          o.to === null
            ? `<li><strong>${clock(o.from + 20 * MINUTE_MS)}</strong> The cause is identified; a fix is being applied.</li>`
            : `<li><strong>${clock(o.to)}</strong> The issue is resolved and the service is operating normally.</li>`,
        ]
      : [`<li><strong>Window</strong> ${dateTime(o.from)} to ${o.to === null ? 'until further notice' : dateTime(o.to)}</li>`]
  const article = o.type === 'incident' ? 'incident-response-process' : 'maintenance-windows'
  return [
    `<p>${e(o.summary)}</p>`,
    '<p><strong>Affected</strong></p>',
    `<ul>${[...o.targets, ...o.domains].map((t) => `<li>${e(t)}</li>`).join('')}</ul>`,
    `<p><strong>${o.type === 'incident' ? 'Updates' : 'Schedule'}</strong></p>`,
    `<ul>${updates.join('')}</ul>`,
    o.extra ?? '',
    `<p>Read more about how we handle these events in the <a href="${HELP_SITE}/articles/${article}">help center</a>.</p>`,
  ].join('')
}

/** An incident or maintenance from a template, with its texts, body HTML and internal fields. */
export function makeDraft(o: {
  type: 'incident' | 'maintenance'
  template: Template
  targets: Item[]
  clouds: CloudWorld[]
  from: number
  to: number | null
  status: number
  random: () => number
  postedOn?: number
  bodyExtra?: string
  nextUpdate?: string
}): Draft {
  const label = o.targets.length === 1 ? o.targets[0].name : `${o.targets[0].name} and ${o.targets[1].name}`
  const summary = o.template.summary(label)
  const impact = o.template.impact(label)
  const pick = <T>(list: readonly T[]) => list[Math.floor(o.random() * list.length)]
  const posted =
    o.postedOn ??
    (o.type === 'incident' ? o.from + (5 + Math.floor(o.random() * 15)) * MINUTE_MS : o.from - (2 + Math.floor(o.random() * 6)) * DAY_MS)
  const closed =
    o.to === null || o.status === STATUS.scheduled || o.status === STATUS.postponed
      ? null
      : o.to + (10 + Math.floor(o.random() * 30)) * MINUTE_MS
  const author = pick(PEOPLE)
  return {
    type: o.type,
    title: o.template.title(label),
    summary,
    body: renderBody({
      type: o.type,
      summary,
      targets: o.targets.map((t) => t.name),
      domains: o.clouds.map((c) => c.domain),
      from: o.from,
      to: o.to,
      extra: o.bodyExtra,
    }),
    status_id: o.status,
    severity_tid: o.template.severity,
    from: o.from,
    to: o.to,
    posted_on: posted,
    closed_on: closed,
    customer_impact: impact,
    available_workaround: o.template.workaround,
    next_update: o.nextUpdate ?? null,
    how_found: o.type === 'incident' ? pick(HOW_FOUND) : null,
    incident_type: o.type === 'incident' ? (o.template.incidentType ?? null) : null,
    cloudIds: o.clouds.map((c) => c.id),
    tids: o.targets.map((t) => t.tid),
    internal: {
      note: `Handled by ${author}. ${o.type === 'incident' ? 'Post-incident review scheduled.' : 'Change approved by CAB.'}`,
      ticket: 1000 + Math.floor(o.random() * 9000),
      author,
      resolver: closed === null ? null : pick(PEOPLE),
    },
  }
}

// ------------------------------------------------------------------------------------------------
// History: one UTC day at a time
// ------------------------------------------------------------------------------------------------

/**
 * The history records of `day` (a complete UTC day) for every cloud: deterministic given the day,
 * the clouds and their services and data centers. Every record ends within 6 hours after the day.
 */
function dayRecords(world: World, day: string): Draft[] {
  const n = epochDay(day)
  const start = dayStart(day)
  const drafts: Draft[] = []

  const oneRecord = (cloud: CloudWorld, items: Item[], random: () => number, kind: 'service' | 'dc', incidentOnly = false): void => {
    const maintenance = !incidentOnly && random() < 0.35
    let from: number
    let to: number
    if (maintenance) {
      from = start + (21 + Math.floor(random() * 3)) * HOUR_MS + (random() < 0.5 ? 0 : 30 * MINUTE_MS)
      to = from + (120 + Math.floor(random() * 4) * 30) * MINUTE_MS
    } else {
      from = start + Math.floor(random() * 1440) * MINUTE_MS
      to = from + (20 + Math.floor(random() * 340)) * MINUTE_MS
    }
    const candidates = items.filter((item) => inService(item, from, to))
    if (candidates.length === 0) return
    const target = candidates[Math.floor(random() * candidates.length)]
    const targets = [target]
    // Now and then a problem hits two data centers of one city.
    if (kind === 'dc' && random() < 0.2) {
      const sibling = candidates.find((c) => c !== target && c.city === target.city)
      if (sibling) targets.push(sibling)
    }
    const templates =
      kind === 'service'
        ? maintenance
          ? SERVICE_MAINTENANCE
          : SERVICE_INCIDENTS
        : maintenance
          ? DATA_CENTER_MAINTENANCE
          : DATA_CENTER_INCIDENTS
    const template = templates[Math.floor(random() * templates.length)]
    const status = maintenance ? STATUS.completed : random() < 0.1 ? STATUS.remediated : STATUS.resolved
    drafts.push(makeDraft({ type: maintenance ? 'maintenance' : 'incident', template, targets, clouds: [cloud], from, to, status, random }))
  }

  for (const cloud of world.clouds) {
    const random = createRandom(`records:${cloud.machine_name}:${day}`)
    const turn = (n + cloud.id) % 3
    if (cloud.core && (turn === 0 || random() < 0.2)) oneRecord(cloud, cloud.services, random, 'service')
    if (cloud.datacenter && (turn === 1 || random() < 0.25)) {
      oneRecord(
        cloud,
        cloud.dataCenters.filter((d) => !d.premium),
        random,
        'dc',
      )
    }
    if (cloud.premium && turn === 2)
      oneRecord(
        cloud,
        cloud.dataCenters.filter((d) => d.premium),
        random,
        'dc',
      )
  }

  // Top-up, with its own random sequence so the records above stay as they were: one more incident
  // every third day, or two days in three on clouds without a data-center block, so that every
  // cloud's incident list holds at least 60 incidents over any 90 days.
  for (const cloud of world.clouds) {
    const turn = (n + cloud.id) % 3
    if (cloud.datacenter ? turn !== 1 : turn === 0) continue
    const random = createRandom(`records:extra:${cloud.machine_name}:${day}`)
    const onService = cloud.core && (!cloud.datacenter || random() < 0.5)
    if (onService) oneRecord(cloud, cloud.services, random, 'service', true)
    else if (cloud.datacenter)
      oneRecord(
        cloud,
        cloud.dataCenters.filter((d) => !d.premium),
        random,
        'dc',
        true,
      )
  }

  // Once a week, one maintenance on a service that every cloud of a product runs.
  if (n % 7 === 2) {
    const products = [...new Set(world.clouds.map((c) => c.product))]
    for (const product of products) {
      const clouds = world.clouds.filter((c) => c.product === product && c.core)
      if (clouds.length < 2) continue
      const random = createRandom(`records:product:${product}:${day}`)
      const from = start + 22 * HOUR_MS
      const to = from + 3 * HOUR_MS
      const shared = clouds[0].services.filter((s) =>
        clouds.every((c) => c.services.some((o) => o.tid === s.tid && inService(o, from, to))),
      )
      if (shared.length === 0) continue
      const target = shared[Math.floor(random() * shared.length)]
      const template = SERVICE_MAINTENANCE[Math.floor(random() * SERVICE_MAINTENANCE.length)]
      drafts.push(makeDraft({ type: 'maintenance', template, targets: [target], clouds, from, to, status: STATUS.completed, random }))
    }
  }
  return drafts
}

// ------------------------------------------------------------------------------------------------
// Live records, relative to now
// ------------------------------------------------------------------------------------------------

/**
 * The hostile markup carried by exactly one record body of this module (the timeline's); the front
 * end must neutralise it. `./lists.ts` adds one such record per list with its own payload.
 */
export const HOSTILE_MARKUP = '<p>Diagnostics attached below.</p><img src=x onerror="alert(1)"><script>alert("xss")</script>'

function liveRecords(world: World, now: Date): Draft[] {
  const t = now.getTime()
  const random = createRandom(`records:live:${utcDay(now)}`)
  const week0 = statusWeek(now, 0)
  const week1 = statusWeek(now, 1)
  const yesterday = dayStart(utcDay(now)) - DAY_MS
  const drafts: Draft[] = []

  const byName = (items: Item[], preferred: string[], at: number) => {
    const usable = items.filter((i) => inService(i, at, at))
    return preferred.map((name) => usable.find((i) => i.name === name)).find(Boolean) ?? usable[0]
  }
  const main = world.clouds.find((c) => c.machine_name === 'auroraedge' && c.core && c.datacenter)
  const wide = world.clouds.find((c) => c.machine_name === 'auroraedgethree' && c.datacenter)

  if (main) {
    const publicDcs = main.dataCenters.filter((d) => !d.premium)
    const webProxy = byName(main.services, ['Web Proxy'], t)
    const auth = byName(main.services, ['Authentication'], t)
    const firewall = byName(main.services, ['Firewall'], week1.start)
    const portal = byName(main.services, ['Admin Portal'], yesterday)
    const dc = byName(publicDcs, ['Amsterdam III', 'Amsterdam II'], week1.start - 3 * HOUR_MS)

    // Ongoing degradation on a core service.
    if (webProxy) {
      drafts.push(
        makeDraft({
          type: 'incident',
          template: SERVICE_INCIDENTS[1],
          targets: [webProxy],
          clouds: [main],
          from: t - 135 * MINUTE_MS,
          to: null,
          status: STATUS.inProgress,
          random,
          nextUpdate: `Next update by ${clock(t + 30 * MINUTE_MS)}`,
        }),
      )
    }
    // Maintenance later today, still in the current week.
    if (auth) {
      const left = week0.end - t
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: SERVICE_MAINTENANCE[0],
          targets: [auth],
          clouds: [main],
          from: t + Math.floor(left / 3),
          to: t + Math.floor((2 * left) / 3),
          status: STATUS.scheduled,
          random,
          postedOn: t - 3 * DAY_MS,
        }),
      )
    }
    // Maintenance in the coming days (for the maintenance list; beyond the timeline).
    if (portal) {
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: SERVICE_MAINTENANCE[1],
          targets: [portal],
          clouds: [main],
          from: week0.end + 2 * DAY_MS + 22 * HOUR_MS,
          to: week0.end + 2 * DAY_MS + 25 * HOUR_MS,
          status: STATUS.scheduled,
          random,
          postedOn: t - DAY_MS,
        }),
      )
    }
    if (dc) {
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: DATA_CENTER_MAINTENANCE[0],
          targets: [dc],
          clouds: [main],
          from: week0.end + 4 * DAY_MS + 21 * HOUR_MS,
          to: week0.end + 5 * DAY_MS + HOUR_MS,
          status: STATUS.postponed,
          random,
          postedOn: t - 2 * DAY_MS,
        }),
      )
      // Across the boundary between the two previous weeks.
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: DATA_CENTER_MAINTENANCE[1],
          targets: [dc],
          clouds: [main],
          from: week1.start - 3 * HOUR_MS,
          to: week1.start + 2 * HOUR_MS,
          status: STATUS.completed,
          random,
        }),
      )
    }
    // Two overlapping incidents on one row of last week.
    if (firewall) {
      const base = week1.start + 2 * DAY_MS
      drafts.push(
        makeDraft({
          type: 'incident',
          template: SERVICE_INCIDENTS[1],
          targets: [firewall],
          clouds: [main],
          from: base + 10 * HOUR_MS,
          to: base + 14 * HOUR_MS,
          status: STATUS.resolved,
          random,
        }),
        makeDraft({
          type: 'incident',
          template: SERVICE_INCIDENTS[0],
          targets: [firewall],
          clouds: [main],
          from: base + 11 * HOUR_MS + 30 * MINUTE_MS,
          to: base + 14 * HOUR_MS + 30 * MINUTE_MS,
          status: STATUS.resolved,
          random,
        }),
      )
    }
    // The one record whose body carries hostile markup.
    if (portal) {
      drafts.push(
        makeDraft({
          type: 'incident',
          template: SERVICE_INCIDENTS[2],
          targets: [portal],
          clouds: [main],
          from: yesterday + 14 * HOUR_MS + 5 * MINUTE_MS,
          to: yesterday + 15 * HOUR_MS + 10 * MINUTE_MS,
          status: STATUS.resolved,
          random,
          bodyExtra: HOSTILE_MARKUP,
        }),
      )
    }
  }

  if (wide) {
    const publicDc = byName(
      wide.dataCenters.filter((d) => !d.premium),
      ['Frankfurt VI'],
      t,
    )
    const premiumDc = byName(
      wide.dataCenters.filter((d) => d.premium),
      ['London III'],
      t,
    )
    if (publicDc) {
      drafts.push(
        makeDraft({
          type: 'incident',
          template: DATA_CENTER_INCIDENTS[0],
          targets: [publicDc],
          clouds: [wide],
          from: t - 50 * MINUTE_MS,
          to: null,
          status: STATUS.monitoring,
          random,
          nextUpdate: `Next update by ${clock(t + 60 * MINUTE_MS)}`,
        }),
      )
    }
    if (premiumDc) {
      drafts.push(
        makeDraft({
          type: 'incident',
          template: DATA_CENTER_INCIDENTS[1],
          targets: [premiumDc],
          clouds: [wide],
          from: yesterday + 6 * HOUR_MS,
          to: yesterday + 7 * HOUR_MS + 40 * MINUTE_MS,
          status: STATUS.resolved,
          random,
        }),
      )
    }
  }
  return drafts
}

// ------------------------------------------------------------------------------------------------
// Writing
// ------------------------------------------------------------------------------------------------

/**
 * Inserts records with their cloud and term links. A draft with an `id` keeps it; the others get
 * the ids after the largest one in the table, in order.
 */
export async function insertDrafts(trx: Transaction<Database>, drafts: Draft[]): Promise<void> {
  if (drafts.length === 0) return
  const max = await trx
    .selectFrom('records')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  let nextId = Number(max?.id ?? 0) + 1
  const rows: Array<Insertable<RecordsTable> & { id: number }> = []
  const clouds: Array<{ record_id: number; cloud_id: number }> = []
  const terms: Array<{ record_id: number; tid: number }> = []
  for (const d of drafts) {
    const id = d.id ?? nextId++
    rows.push({
      id,
      type: d.type,
      title: d.title,
      alias: `${ALIAS_PREFIX[d.type]}${id}`,
      summary: d.summary,
      body: d.body,
      status_id: d.status_id,
      severity_tid: d.severity_tid,
      event_type: d.event_type ?? null,
      customer_impact: d.customer_impact,
      available_workaround: d.available_workaround,
      next_update: d.next_update,
      how_found: d.how_found,
      incident_type: d.incident_type,
      post_type: null,
      notification_type: d.notification_type ?? null,
      url_redirect: d.url_redirect ?? null,
      posted_on: d.posted_on,
      created: d.posted_on - 5 * MINUTE_MS,
      updated_on: d.closed_on ?? d.posted_on,
      closed_on: d.closed_on,
      from_time: d.from,
      to_time: d.to,
      internal_note: d.internal.note,
      slack_link: `https://auroraedge.slack.example/archives/C0OPS${d.internal.ticket}`,
      jira_link: `https://jira.auroraedge.internal/browse/OPS-${d.internal.ticket}`,
      sfdc_link: d.type === 'incident' ? `https://auroraedge.crm.example/cases/${d.internal.ticket}` : null,
      severity_link: d.type === 'incident' ? `https://runbooks.auroraedge.internal/severity/${d.severity_tid}` : null,
      author: d.internal.author,
      created_by: d.internal.author,
      updated_by: d.internal.resolver ?? d.internal.author,
      resolved_by: d.internal.resolver,
    })
    for (const cloud_id of new Set(d.cloudIds)) clouds.push({ record_id: id, cloud_id })
    for (const tid of new Set(d.tids)) terms.push({ record_id: id, tid })
  }
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('records')
      .values(rows.slice(i, i + 200))
      .execute()
  for (let i = 0; i < clouds.length; i += 1000)
    await trx
      .insertInto('record_clouds')
      .values(clouds.slice(i, i + 1000))
      .execute()
  for (let i = 0; i < terms.length; i += 1000)
    await trx
      .insertInto('record_terms')
      .values(terms.slice(i, i + 1000))
      .execute()
}
