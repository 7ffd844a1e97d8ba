import type { ApiAnswer, Flag } from '../../contract/common'
import type { NotificationType } from '../../contract/records'
import type {
  AdvisoryMinimum,
  AdvisoryMinimumBody,
  NotificationManageBody,
  NotificationManageData,
  NotificationSubscriptionCategory,
  NotificationSubscriptionType,
  SubscribeBody,
  SubscribeData,
  SubscriptionAction,
  SubscriptionCoreGroup,
  SubscriptionDataCenters,
  SubscriptionItem,
  SubscriptionRegion,
  SubscriptionsData,
  SubscriptionTarget,
  UserNotificationsData,
} from '../../contract/subscriptions'
import { ApiError, is, request } from '../core/request'

function malformed(what: string): ApiError {
  return new ApiError(`The service sent subscription data of an unexpected shape (${what}).`, 0, 'Malformed answer')
}

/** A `'1'`/`'0'` flag; numbers and booleans are read the same way, anything else is malformed. */
function flag(v: unknown, where: string): Flag {
  if (v === '1' || v === 1 || v === true) return '1'
  if (v === '0' || v === 0 || v === false || v === '' || v === null) return '0'
  throw malformed(where)
}

function list(v: unknown, where: string): unknown[] {
  if (!is.array(v)) throw malformed(`${where} is not a list`)
  return v
}

function tidOf(v: unknown, where: string): number {
  const n = is.string(v) && /^\d+$/.test(v) ? Number(v) : v
  if (!is.number(n)) throw malformed(`${where}.tid`)
  return n
}

function item(raw: unknown, where: string): SubscriptionItem {
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  if (!is.string(raw.name)) throw malformed(`${where}.name`)
  return { tid: tidOf(raw.tid, where), name: raw.name, subscribed: flag(raw.subscribed, `${where}.subscribed`) }
}

function region(raw: unknown, where: string): SubscriptionRegion {
  const r = item(raw, where)
  const subs = (raw as Record<string, unknown>).subCategory
  return { ...r, subCategory: list(subs ?? [], `${where}.subCategory`).map((d, i) => item(d, `${where}.subCategory[${i}]`)) }
}

function dataCenters(raw: unknown, tid: 'public' | 'premium', where: string): SubscriptionDataCenters {
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  return {
    tid,
    name: is.string(raw.name) ? raw.name : tid === 'public' ? 'Public Data Center' : 'Premium Data Center',
    subscribed: flag(raw.subscribed, `${where}.subscribed`),
    category: list(raw.category, `${where}.category`).map((r, i) => region(r, `${where}.category[${i}]`)),
  }
}

function coreGroup(raw: unknown, i: number): SubscriptionCoreGroup {
  const where = `core_cloud_services[${i}]`
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  return {
    tid: 'core_cloud_services',
    name: is.string(raw.name) ? raw.name : 'Core Cloud Services',
    subscribed: flag(raw.subscribed, `${where}.subscribed`),
    subCategory: list(raw.subCategory, `${where}.subCategory`).map((s, j) => item(s, `${where}.subCategory[${j}]`)),
  }
}

/**
 * Checks a subscription tree (contract `SubscriptionsData`, docs/requirements/entities.md#subscription-data): the core
 * group(s), public and premium data centers by region, maintenance and advisory topics, each row
 * with `tid`, `name` and a `subscribed` flag, and a `subscriptions_count` ≥ 0.
 *
 * @throws ApiError (status 0, 'Malformed answer') naming the first field of the wrong shape
 */
export function parseSubscriptionsData(data: unknown): SubscriptionsData {
  if (!is.object(data)) throw malformed('no data object')
  if (!is.number(data.subscriptions_count) || data.subscriptions_count < 0) throw malformed('subscriptions_count')
  return {
    cloud: is.string(data.cloud) ? data.cloud : '',
    all_subscribed: flag(data.all_subscribed ?? '0', 'all_subscribed'),
    core_cloud_services: list(data.core_cloud_services, 'core_cloud_services').map(coreGroup),
    datacenter: dataCenters(data.datacenter, 'public', 'datacenter'),
    premium_datacenters: dataCenters(data.premium_datacenters ?? { subscribed: '0', category: [] }, 'premium', 'premium_datacenters'),
    maintenance: list(data.maintenance, 'maintenance').map((m, i) => item(m, `maintenance[${i}]`)),
    advisory: list(data.advisory, 'advisory').map((a, i) => item(a, `advisory[${i}]`)),
    // A server without severity choices answers none: every advisory.
    advisory_minimum: (['Medium', 'High', 'Critical'] as unknown[]).includes(data.advisory_minimum)
      ? (data.advisory_minimum as AdvisoryMinimum)
      : null,
    subscriptions_count: data.subscriptions_count,
  }
}

function category(raw: unknown, where: string): NotificationSubscriptionCategory {
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  const id = is.number(raw.notification_subcategory_id) ? String(raw.notification_subcategory_id) : raw.notification_subcategory_id
  if (!is.string(id) || id === '') throw malformed(`${where}.notification_subcategory_id`)
  if (!is.string(raw.notification_subcategory_name)) throw malformed(`${where}.notification_subcategory_name`)
  return {
    notification_subcategory_id: id,
    notification_subcategory_name: raw.notification_subcategory_name,
    notification_subcategory_sub_status: flag(raw.notification_subcategory_sub_status, `${where}.notification_subcategory_sub_status`),
  }
}

/**
 * Checks a notification-subscription tree (contract `UserNotificationsData`, docs/requirements/entities.md
 * Notification subscriptions): `terms` keyed by notification type, each with its display name,
 * categories and `all_subscribed`; `terms.totalCount`; `all_subscribed`; `subscriptions_count`.
 *
 * @throws ApiError (status 0, 'Malformed answer') naming the first field of the wrong shape
 */
export function parseUserNotificationsData(data: unknown): UserNotificationsData {
  if (!is.object(data)) throw malformed('no data object')
  if (!is.object(data.terms)) throw malformed('terms')
  if (!is.number(data.subscriptions_count) || data.subscriptions_count < 0) throw malformed('subscriptions_count')
  const terms: UserNotificationsData['terms'] = { totalCount: is.number(data.terms.totalCount) ? data.terms.totalCount : 0 }
  for (const [key, raw] of Object.entries(data.terms)) {
    if (key === 'totalCount') continue
    const where = `terms.${key}`
    if (!is.object(raw)) throw malformed(`${where} is not an object`)
    if (!is.string(raw.notification_type)) throw malformed(`${where}.notification_type`)
    const type: NotificationSubscriptionType = {
      type: (is.string(raw.type) ? raw.type : key) as NotificationType,
      notification_type: raw.notification_type,
      categories: list(raw.categories, `${where}.categories`).map((c, i) => category(c, `${where}.categories[${i}]`)),
      all_subscribed: flag(raw.all_subscribed ?? '0', `${where}.all_subscribed`),
    }
    terms[key as NotificationType] = type
  }
  return { terms, all_subscribed: flag(data.all_subscribed ?? '0', 'all_subscribed'), subscriptions_count: data.subscriptions_count }
}

const dataOf = (answer: unknown): unknown => (is.object(answer) ? answer.data : undefined)

function changeOf(data: unknown): { tid: string; action: SubscriptionAction; name: string } {
  if (!is.object(data)) throw malformed('no data object')
  if (data.action !== 'subscribe' && data.action !== 'unsubscribe') throw malformed('action')
  if (!is.string(data.name)) throw malformed('name')
  return { tid: String(data.tid ?? ''), action: data.action, name: data.name }
}

/** Checks a `POST /api/subscribe` answer (contract `SubscribeData`). @throws ApiError when malformed */
export function parseSubscribeAnswer(answer: unknown): SubscribeData {
  const data = dataOf(answer)
  const change = changeOf(data)
  return { ...change, subscriptions: parseSubscriptionsData((data as Record<string, unknown>).subscriptions) }
}

/** Checks a `POST /api/notification_manage_subscription` answer (contract `NotificationManageData`). @throws ApiError when malformed */
export function parseManageAnswer(answer: unknown): NotificationManageData {
  const data = dataOf(answer)
  const change = changeOf(data)
  return { ...change, notifications: parseUserNotificationsData((data as Record<string, unknown>).notifications) }
}

/** Options shared by the fetchers: the API origin on foreign pages and an abort signal. */
export interface CallOptions {
  /** @default '' (same origin) */
  apiBase?: string
  signal?: AbortSignal
}

/**
 * `POST /api/subscriptions {cloud}` — the signed-in user's subscription tree of `cloud` (docs/requirements/calls.md).
 *
 * @param cloud machine name or domain
 * @throws ApiError on a failed call (403 `not_signed_in`, 404 `unknown_cloud`, …) or a malformed answer
 */
export async function fetchSubscriptions(cloud: string, options: CallOptions = {}): Promise<SubscriptionsData> {
  const answer = await request<ApiAnswer<unknown>>('/api/subscriptions', { method: 'POST', body: { cloud }, ...options })
  return parseSubscriptionsData(dataOf(answer))
}

/**
 * `POST /api/subscribe {cloud, tid, action}` — subscribes or unsubscribes one target (a row, a
 * region, `core_cloud_services`, a data-center type or `all`; docs/requirements/states.md, docs/requirements/calls.md) and answers the
 * changed target's name with the cloud's whole tree after the change.
 *
 * @throws ApiError on a failed call or a malformed answer
 */
export async function subscribe(
  cloud: string,
  tid: SubscriptionTarget,
  action: SubscriptionAction,
  options: CallOptions = {},
): Promise<SubscribeData> {
  const body: SubscribeBody = { cloud, tid, action }
  const answer = await request<ApiAnswer<unknown>>('/api/subscribe', { method: 'POST', body, ...options })
  return parseSubscribeAnswer(answer)
}

/**
 * `POST /api/advisory_minimum {cloud, minimum}` — the lowest CVSS rating of `cloud`'s advisories
 * the user hears about (`null`: every advisory; docs/subscriptions.md#advisories-by-severity-and-signed-mail);
 * answers the cloud's whole tree after the change.
 *
 * @throws ApiError on a failed call or a malformed answer
 */
export async function setAdvisoryMinimum(
  cloud: string,
  minimum: AdvisoryMinimum | null,
  options: CallOptions = {},
): Promise<SubscriptionsData> {
  const body: AdvisoryMinimumBody = { cloud, minimum }
  const answer = await request<ApiAnswer<unknown>>('/api/advisory_minimum', { method: 'POST', body, ...options })
  return parseSubscriptionsData(dataOf(answer))
}

/**
 * `POST /api/user_notifications` (no body) — the user's notification-subscription tree (docs/requirements/calls.md).
 *
 * @throws ApiError on a failed call or a malformed answer
 */
export async function fetchUserNotifications(options: CallOptions = {}): Promise<UserNotificationsData> {
  const answer = await request<ApiAnswer<unknown>>('/api/user_notifications', { method: 'POST', ...options })
  return parseUserNotificationsData(dataOf(answer))
}

/**
 * `POST /api/notification_manage_subscription {tid, action}` — a category tid, a notification
 * type or `all` (docs/requirements/calls.md); answers the target's name with the whole tree after the change.
 *
 * @throws ApiError on a failed call or a malformed answer
 */
export async function manageNotification(
  tid: NotificationManageBody['tid'],
  action: SubscriptionAction,
  options: CallOptions = {},
): Promise<NotificationManageData> {
  const body: NotificationManageBody = { tid, action }
  const answer = await request<ApiAnswer<unknown>>('/api/notification_manage_subscription', { method: 'POST', body, ...options })
  return parseManageAnswer(answer)
}
