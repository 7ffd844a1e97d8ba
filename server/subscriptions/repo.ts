/**
 * Subscriptions in the database (docs/requirements/screens.md#subscriptions-page; docs/requirements/entities.md#subscription-data, Notification
 * subscriptions; docs/requirements/states.md#subscribe-star): loading a cloud's target tree, a user's stored targets, and
 * the answers of the subscription calls (shapes: `contract/subscriptions.ts`;
 * model: `./tree.ts`).
 */
import type { Kysely, Transaction } from 'kysely'
import type { Flag } from '../../contract/common.js'
import type { NotificationType } from '../../contract/records.js'
import type {
  AdvisoryMinimum,
  NotificationSubscriptionType,
  SubscriptionDataCenters,
  SubscriptionItem,
  SubscriptionsData,
  UserNotificationsData,
} from '../../contract/subscriptions.js'
import type { Database } from '../db/schema.js'
import type { CloudRow } from '../repo/clouds.js'
import { cloudDataCenters } from '../repo/data-centers.js'
import { componentVisible, PUBLIC_GROUPS } from '../repo/private-components.js'
import { NOTIFICATION_TYPES } from '../repo/records.js'
import {
  cloudTree,
  coveredLeaves,
  GROUP_NAMES,
  groupState,
  notificationTree,
  regionState,
  type CloudTreeInput,
  type NotificationTreeInput,
  type TargetTree,
} from './tree.js'

type Db = Kysely<Database> | Transaction<Database>

/** Display names of the notification types (docs/requirements/screens.md Notifications tab). */
export const NOTIFICATION_TYPE_NAMES: Record<NotificationType, string> = {
  url_change_notification: 'URL Category Notifications',
  cloud_app: 'Cloud Application Notifications',
  privacy_notification: 'Privacy Notifications',
}

const flag = (on: boolean): Flag => (on ? '1' : '0')

/**
 * The subscribable rows of a cloud: active services and data centers (decommissioned ones,
 * `active = 0`, are left out) of the blocks the cloud shows (docs/requirements/entities.md#cloud.cloud_status), and the
 * maintenance and advisory topics. Three queries. Private services and data centers are left out
 * (docs/operating/catalogue.md#private-components): their records reach a cloud's subscribers of
 * the right customer groups through the cloud's groups and `all`.
 */
export async function cloudTreeInput(db: Db, cloud: CloudRow): Promise<CloudTreeInput> {
  const [services, dcs, topics] = await Promise.all([
    cloud.status_core_cloud_services === 1
      ? db
          .selectFrom('cloud_services as cs')
          .innerJoin('services as s', 's.tid', 'cs.service_tid')
          .select(['s.tid', 's.name'])
          .where('cs.cloud_id', '=', cloud.id)
          .where('cs.active', '=', 1)
          .where((eb) => componentVisible(eb, 'cs.cloud_id', 'cs.service_tid', PUBLIC_GROUPS))
          .orderBy('cs.sort')
          .orderBy('s.name')
          .execute()
      : Promise.resolve([]),
    cloudDataCenters(db as Kysely<Database>, cloud.id)
      .select(['dc.tid', 'dc.name', 'cdc.premium_dc', 'r.tid as region_tid', 'r.name as region_name'])
      .where('cdc.active', '=', 1)
      .orderBy('r.sort')
      .orderBy('r.tid')
      .orderBy('dc.name')
      .execute(),
    db.selectFrom('subscription_topics').select(['tid', 'name', 'kind']).orderBy('sort').orderBy('tid').execute(),
  ])
  const regions: CloudTreeInput['regions'] = []
  for (const dc of dcs) {
    const show = dc.premium_dc === 1 ? cloud.status_premium_datacenter === 1 : cloud.status_datacenter === 1
    if (!show) continue
    let region = regions[regions.length - 1]
    if (!region || region.tid !== dc.region_tid) {
      region = { tid: dc.region_tid, name: dc.region_name, public: [], premium: [] }
      regions.push(region)
    }
    region[dc.premium_dc === 1 ? 'premium' : 'public'].push({ tid: dc.tid, name: dc.name })
  }
  return {
    services,
    regions,
    maintenance: topics.filter((t) => t.kind === 'maintenance').map(({ tid, name }) => ({ tid, name })),
    advisory: topics.filter((t) => t.kind === 'advisory').map(({ tid, name }) => ({ tid, name })),
  }
}

/** The stored targets of a user on a cloud. */
export async function storedTargets(db: Db, uid: number, cloudId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('subscriptions').select('target').where('uid', '=', uid).where('cloud_id', '=', cloudId).execute()
  return new Set(rows.map((r) => r.target))
}

/** Replaces the stored targets of a user on a cloud by `targets` (call inside a transaction). `now` epoch ms. */
export async function saveTargets(trx: Db, uid: number, cloudId: number, targets: Iterable<string>, now: number): Promise<void> {
  await trx.deleteFrom('subscriptions').where('uid', '=', uid).where('cloud_id', '=', cloudId).execute()
  const rows = [...new Set(targets)].map((target) => ({ uid, cloud_id: cloudId, target, created: now }))
  if (rows.length > 0) await trx.insertInto('subscriptions').values(rows).execute()
}

/** The lowest rating of the advisories user `uid` hears about on cloud `cloudId`; null for every advisory. */
export async function advisoryMinimum(db: Db, uid: number, cloudId: number): Promise<AdvisoryMinimum | null> {
  const row = await db
    .selectFrom('advisory_minimums')
    .select('rating')
    .where((eb) => eb.and({ uid, cloud_id: cloudId }))
    .executeTakeFirst()
  return row?.rating ?? null
}

/** Stores user `uid`'s minimum rating of cloud `cloudId`'s advisories (`null`: every advisory) at `now` (epoch ms). */
export async function saveAdvisoryMinimum(
  db: Db,
  uid: number,
  cloudId: number,
  minimum: AdvisoryMinimum | null,
  now: number,
): Promise<void> {
  if (minimum === null) {
    await db.deleteFrom('advisory_minimums').where('uid', '=', uid).where('cloud_id', '=', cloudId).execute()
    return
  }
  await db
    .insertInto('advisory_minimums')
    .values({ uid, cloud_id: cloudId, rating: minimum, updated: now })
    .onConflict((oc) => oc.columns(['uid', 'cloud_id']).doUpdateSet({ rating: minimum, updated: now }))
    .execute()
}

/** The stored notification targets of a user. */
export async function storedNotificationTargets(db: Db, uid: number): Promise<Set<string>> {
  const rows = await db.selectFrom('notification_subscriptions').select('target').where('uid', '=', uid).execute()
  return new Set(rows.map((r) => r.target))
}

/** Replaces the stored notification targets of a user (call inside a transaction). `now` epoch ms. */
export async function saveNotificationTargets(trx: Db, uid: number, targets: Iterable<string>, now: number): Promise<void> {
  await trx.deleteFrom('notification_subscriptions').where('uid', '=', uid).execute()
  const rows = [...new Set(targets)].map((target) => ({ uid, target, created: now }))
  if (rows.length > 0) await trx.insertInto('notification_subscriptions').values(rows).execute()
}

/** The notification types (contract order) with their categories (display order). One query. */
export async function notificationTreeInput(db: Db): Promise<NotificationTreeInput> {
  const rows = await db
    .selectFrom('notification_categories')
    .select(['tid', 'name', 'notification_type'])
    .orderBy('sort')
    .orderBy('tid')
    .execute()
  return NOTIFICATION_TYPES.map((type) => ({
    type,
    name: NOTIFICATION_TYPE_NAMES[type],
    categories: rows.filter((r) => r.notification_type === type).map((r) => ({ tid: r.tid, name: r.name })),
  }))
}

/** The answer of `POST /api/user_notifications` for a stored set (pure). */
export function userNotificationsData(input: NotificationTreeInput, tree: TargetTree, stored: ReadonlySet<string>): UserNotificationsData {
  const covered = coveredLeaves(tree, stored)
  const terms: UserNotificationsData['terms'] = { totalCount: 0 }
  let count = 0
  for (const t of input) {
    const entry: NotificationSubscriptionType = {
      type: t.type as NotificationType,
      notification_type: t.name,
      categories: t.categories.map((c) => {
        const on = covered.has(String(c.tid))
        if (on) count += 1
        return {
          notification_subcategory_id: String(c.tid),
          notification_subcategory_name: c.name,
          notification_subcategory_sub_status: flag(on),
        }
      }),
      all_subscribed: flag(groupState(tree, stored, t.type)),
    }
    terms[t.type as NotificationType] = entry
    if (t.type === 'url_change_notification') terms.totalCount = t.categories.length
  }
  return { terms, all_subscribed: flag(stored.has('all')), subscriptions_count: count }
}

/** Loads the notification tree and a user's state: `{ input, tree, stored, data }`. Two queries. */
export async function loadUserNotifications(db: Db, uid: number) {
  const [input, stored] = await Promise.all([notificationTreeInput(db), storedNotificationTargets(db, uid)])
  const tree = notificationTree(input)
  return { input, tree, stored, data: userNotificationsData(input, tree, stored) }
}

/**
 * The answer of `POST /api/subscriptions` for a stored set (pure). `notificationCount` is the
 * number of notification categories the user is subscribed to (added to `subscriptions_count`);
 * `minimum` the user's lowest rating of the cloud's advisories ({@link advisoryMinimum}).
 */
export function subscriptionsData(
  cloud: CloudRow,
  input: CloudTreeInput,
  tree: TargetTree,
  stored: ReadonlySet<string>,
  notificationCount: number,
  minimum: AdvisoryMinimum | null = null,
): SubscriptionsData {
  const covered = coveredLeaves(tree, stored)
  let count = 0
  const item = (row: { tid: number; name: string }): SubscriptionItem => {
    const on = covered.has(String(row.tid))
    if (on) count += 1
    return { tid: row.tid, name: row.name, subscribed: flag(on) }
  }
  const dataCenters = (type: 'public' | 'premium'): SubscriptionDataCenters => ({
    tid: type,
    name: GROUP_NAMES[type],
    subscribed: flag(groupState(tree, stored, type)),
    category: input.regions
      .filter((r) => r[type].length > 0)
      .map((r) => ({
        tid: r.tid,
        name: r.name,
        subscribed: flag(
          regionState(
            covered,
            r[type].map((d) => d.tid),
          ),
        ),
        subCategory: r[type].map(item),
      })),
  })
  const core =
    input.services.length > 0
      ? [
          {
            tid: 'core_cloud_services' as const,
            name: GROUP_NAMES.core_cloud_services,
            subscribed: flag(groupState(tree, stored, 'core_cloud_services')),
            subCategory: input.services.map(item),
          },
        ]
      : []
  const datacenter = dataCenters('public')
  const premium_datacenters = dataCenters('premium')
  const maintenance = input.maintenance.map(item)
  const advisory = input.advisory.map(item)
  return {
    cloud: cloud.machine_name,
    all_subscribed: flag(stored.has('all')),
    core_cloud_services: core,
    datacenter,
    premium_datacenters,
    maintenance,
    advisory,
    advisory_minimum: minimum,
    subscriptions_count: count + notificationCount,
  }
}

/** Loads a cloud's tree and a user's state on it: `{ input, tree, stored }`. Four queries. */
export async function loadCloudSubscriptions(db: Db, uid: number, cloud: CloudRow) {
  const [input, stored] = await Promise.all([cloudTreeInput(db, cloud), storedTargets(db, uid, cloud.id)])
  return { input, tree: cloudTree(input), stored }
}
