/**
 * The admin console's dashboard (`contract/admin.ts` DashboardData): per cloud, what is going on now
 * and in the next 7 days, and who subscribes to what; notification subscribers; the mail outbox.
 */
import type { Kysely } from 'kysely'
import type { DashboardCloud, DashboardData, DashboardRecord, SubscriberCount } from '../../contract/admin.js'
import { postHref } from '../../contract/links.js'
import type { NotificationType } from '../../contract/records.js'
import type { Database, RecordType } from '../db/schema.js'
import { NOTIFICATION_TYPE_NAMES } from '../subscriptions/repo.js'
import { type OutboxDelivery, outboxData } from './outbox.js'

/** How far ahead "upcoming" looks, ms (7 days). */
export const UPCOMING_MS = 7 * 86_400_000

/** The record types the dashboard lists per cloud. */
const CLOUD_RECORD_TYPES: readonly RecordType[] = ['incident', 'maintenance', 'advisory']

/** Labels of the group targets of a cloud's subscriptions (`SubscriptionsTable.target`). */
export const CLOUD_TARGET_LABELS: Readonly<Record<string, string>> = {
  all: 'All notifications',
  core_cloud_services: 'Core cloud services',
  public: 'Data centers',
  premium: 'Premium data centers',
}

/** Labels of the non-tid targets of notification subscriptions: `all` and the notification types. */
export const NOTIFICATION_TARGET_LABELS: Readonly<Record<string, string>> = {
  all: 'All notifications',
  ...NOTIFICATION_TYPE_NAMES,
} satisfies Record<'all' | NotificationType, string>

const isTid = (target: string) => /^\d{1,15}$/.test(target)

/**
 * The names of the terms among `targets` that are tids: regions, data centers, services,
 * subscription topics and notification categories (a tid names one thing, see `server/db/schema.ts`).
 */
export async function termNames(db: Kysely<Database>, targets: Iterable<string>): Promise<Map<string, string>> {
  const tids = [...new Set([...targets].filter(isTid).map(Number))]
  const names = new Map<string, string>()
  if (tids.length === 0) return names
  for (const table of ['regions', 'data_centers', 'services', 'subscription_topics', 'notification_categories'] as const) {
    const rows = await db.selectFrom(table).select(['tid', 'name']).where('tid', 'in', tids).execute()
    for (const row of rows) names.set(String(row.tid), row.name)
  }
  return names
}

/** Counts with readable labels, most first (then by label). */
function labelled(
  rows: Array<{ target: string; count: number }>,
  groups: Readonly<Record<string, string>>,
  terms: Map<string, string>,
): SubscriberCount[] {
  return rows
    .map((r) => ({
      target: r.target,
      label: groups[r.target] ?? terms.get(r.target) ?? `Unknown topic ${r.target}`,
      count: Number(r.count),
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label) || a.target.localeCompare(b.target))
}

/**
 * The dashboard at `now` (the injected clock): every cloud in catalogue order with its live records
 * (started at or before now, not ended: `to` null or after now; newest first) and upcoming ones
 * (starting in (now, now + {@link UPCOMING_MS}]; soonest first) of the types incident, maintenance
 * and advisory; subscriber counts (distinct accounts) per target per cloud and for notifications;
 * the outbox (`outboxData`: how mail is delivered, `mail`, and the age of its oldest queued
 * message at `now`). Instants in ISO 8601 (UTC).
 */
export async function dashboardData(db: Kysely<Database>, now: Date, mail: OutboxDelivery): Promise<DashboardData> {
  const at = now.getTime()
  const clouds = await db.selectFrom('clouds').select(['id', 'machine_name', 'title', 'domain']).orderBy('sort').orderBy('id').execute()

  const records = await db
    .selectFrom('records as r')
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .leftJoin('severities as sev', 'sev.tid', 'r.severity_tid')
    .select(['rc.cloud_id', 'r.id', 'r.type', 'r.title', 'r.from_time', 'r.to_time', 'st.name as status', 'sev.name as severity'])
    .where('r.type', 'in', CLOUD_RECORD_TYPES)
    .where('r.from_time', '<=', at + UPCOMING_MS)
    .where((eb) => eb.or([eb('r.to_time', 'is', null), eb('r.to_time', '>', at)]))
    .execute()

  const [cloudCounts, notificationCounts] = await Promise.all([
    db
      .selectFrom('subscriptions')
      .select(['cloud_id', 'target', (eb) => eb.fn.count<number>('uid').distinct().as('count')])
      .groupBy(['cloud_id', 'target'])
      .execute(),
    db
      .selectFrom('notification_subscriptions')
      .select(['target', (eb) => eb.fn.count<number>('uid').distinct().as('count')])
      .groupBy('target')
      .execute(),
  ])
  const terms = await termNames(
    db,
    [...cloudCounts, ...notificationCounts].map((r) => r.target),
  )

  const result: DashboardCloud[] = clouds.map((cloud) => {
    const toRecord = (r: (typeof records)[number]): DashboardRecord => ({
      id: r.id,
      type: r.type,
      title: r.title,
      status: r.status,
      severity: r.severity ?? '',
      from: new Date(r.from_time).toISOString(),
      to: r.to_time === null ? null : new Date(r.to_time).toISOString(),
      href: postHref(cloud.domain, r.id),
    })
    const own = records.filter((r) => r.cloud_id === cloud.id)
    return {
      machine_name: cloud.machine_name,
      title: cloud.title,
      domain: cloud.domain,
      live: own
        .filter((r) => r.from_time <= at)
        .sort((a, b) => b.from_time - a.from_time || b.id - a.id)
        .map(toRecord),
      upcoming: own
        .filter((r) => r.from_time > at)
        .sort((a, b) => a.from_time - b.from_time || a.id - b.id)
        .map(toRecord),
      subscribers: labelled(
        cloudCounts.filter((r) => r.cloud_id === cloud.id),
        CLOUD_TARGET_LABELS,
        terms,
      ),
    }
  })

  return {
    now: now.toISOString(),
    clouds: result,
    notification_subscribers: labelled(notificationCounts, NOTIFICATION_TARGET_LABELS, terms),
    outbox: await outboxData(db, now, mail),
  }
}
