/**
 * Subscriptions (spec §2 Subscriptions page, Cloud status subscribe stars; §3 Subscription data,
 * Notification subscriptions; §4 Subscribe star; §7 subscription calls; §8 toasts).
 */

import type { Flag } from './common'
import type { NotificationType } from './records'

// ---------------------------------------------------------------------------------------------
// Subscriptions (spec §2 Subscriptions page, Cloud status subscribe stars; §3 Subscription data,
// Notification subscriptions; §4 Subscribe star; §7 subscription calls; §8 toasts). Every call is
// a POST for signed-in users only, with the CSRF header: 403 `not_signed_in` / `csrf` /
// `cross_site` otherwise, 400 `bad_request` for a malformed body, 404 `unknown_cloud` /
// `unknown_tid`.
//
// The subscription model, per user and cloud, is a set of *targets* arranged in a tree:
//
//   all ─┬─ core_cloud_services ── each core service of the cloud (tid)
//        ├─ public ── each region (tid) ── each public data center of the region (tid)
//        ├─ premium ── each region (tid) ── each premium data center of the region (tid)
//        ├─ each maintenance topic (tid)
//        └─ each advisory topic (tid, one per advisory event type)
//
// A region is one term for both data-center types: its star covers the region's public and
// premium data centers. A target is *subscribed* when it or any target above it is stored.
// `subscribe` stores the target (and drops the stored targets below it, now redundant);
// `unsubscribe` leaves the target and everything below it unsubscribed: a stored target above it
// is replaced by its other children, so pressing one star never changes another's state.
// Notification subscriptions are one tree per user (not per cloud): all ── each notification type
// ── each category.
// ---------------------------------------------------------------------------------------------

/** `subscribe` or `unsubscribe` (spec §7 POST /api/subscribe `action`). */
export type SubscriptionAction = 'subscribe' | 'unsubscribe'

/**
 * What `POST /api/subscribe` accepts as `tid`: a term id (service, region, data center, maintenance
 * or advisory topic; as a number or a string of digits), `'core_cloud_services'`, a data-center
 * type (`'public'` | `'premium'`, the cloud-status request types) or `'all'`.
 */
export type SubscriptionTarget = number | `${number}` | 'all' | 'core_cloud_services' | 'public' | 'premium'

/** A subscribable row: a service, data center, maintenance topic or advisory topic. */
export interface SubscriptionItem {
  tid: number
  name: string
  /** `'1'` when the user is subscribed to it, directly or through a group above it. */
  subscribed: Flag
}

/** A region with its data centers of one type; `subscribed` is the region star. */
export interface SubscriptionRegion extends SubscriptionItem {
  subCategory: SubscriptionItem[]
}

/** The public or premium data centers of a cloud; `subscribed` is the type's "All" toggle. */
export interface SubscriptionDataCenters {
  /** `'public'` or `'premium'`: the tid that subscribes the whole type. */
  tid: 'public' | 'premium'
  /** 'Public Data Center' or 'Premium Data Center'. */
  name: string
  subscribed: Flag
  /** Regions in region order; regions without a data center of this type are left out. */
  category: SubscriptionRegion[]
}

/** The core cloud services group; `subscribed` is its "All" toggle. */
export interface SubscriptionCoreGroup {
  tid: 'core_cloud_services'
  /** 'Core Cloud Services'. */
  name: string
  subscribed: Flag
  subCategory: SubscriptionItem[]
}

/**
 * `POST /api/subscriptions {cloud}` → `{ data: SubscriptionsData }` (spec §3 Subscription data).
 * Decommissioned services and data centers are left out. `core_cloud_services` is empty, and
 * `datacenter` / `premium_datacenters` have no regions, when the cloud shows no such block (spec §3
 * Cloud.cloud_status).
 */
export interface SubscriptionsData {
  /** The cloud's machine name. */
  cloud: string
  /** `'1'` when `all` is stored: every row of the cloud is subscribed. */
  all_subscribed: Flag
  core_cloud_services: SubscriptionCoreGroup[]
  datacenter: SubscriptionDataCenters
  premium_datacenters: SubscriptionDataCenters
  maintenance: SubscriptionItem[]
  advisory: SubscriptionItem[]
  /**
   * How many rows of this cloud (services, data centers, maintenance and advisory topics) the user
   * is subscribed to, plus the notification categories they are subscribed to (the heading's count).
   */
  subscriptions_count: number
}

/** `POST /api/subscribe` body (spec §7). `cloud` is a machine name or domain. */
export interface SubscribeBody {
  cloud: string
  tid: SubscriptionTarget
  action: SubscriptionAction
}

/**
 * `POST /api/subscribe` → `{ data: SubscribeData }` (the spec leaves the shape open): what was
 * changed, its display name for the toast, and the cloud's whole tree after the change.
 */
export interface SubscribeData {
  tid: string
  action: SubscriptionAction
  /** e.g. 'Amsterdam II', 'EMEA', 'Core Cloud Services', 'Public Data Center'; 'all' for `all`. */
  name: string
  subscriptions: SubscriptionsData
}

/** A notification category with the user's state (spec §3 Notification subscriptions). */
export interface NotificationSubscriptionCategory {
  /** The category's tid, as a string. */
  notification_subcategory_id: string
  notification_subcategory_name: string
  /** `'1'` when subscribed, directly or through its type or `all`. */
  notification_subcategory_sub_status: Flag
}

/** One notification type of the Notifications tab. */
export interface NotificationSubscriptionType {
  /** The type's machine name, also accepted as a `tid` of `notification_manage_subscription`. */
  type: NotificationType
  /** Display name, e.g. 'URL Category Notifications'. */
  notification_type: string
  categories: NotificationSubscriptionCategory[]
  /** `'1'` when the type (or `all`) is stored: every category of the type is subscribed. */
  all_subscribed: Flag
}

/**
 * `POST /api/user_notifications` (no body) → `{ data: UserNotificationsData }`.
 * `terms.totalCount` is the number of URL categorization categories (spec §3).
 */
export interface UserNotificationsData {
  terms: Partial<Record<NotificationType, NotificationSubscriptionType>> & { totalCount: number }
  /** `'1'` when `all` is stored. */
  all_subscribed: Flag
  /** Categories the user is subscribed to, over every type. */
  subscriptions_count: number
}

/** `POST /api/notification_manage_subscription` body: `tid` is a category tid, a notification type or `'all'`. */
export interface NotificationManageBody {
  tid: number | `${number}` | NotificationType | 'all'
  action: SubscriptionAction
}

/** `POST /api/notification_manage_subscription` → `{ data: NotificationManageData }` (shape left open by the spec). */
export interface NotificationManageData {
  tid: string
  action: SubscriptionAction
  /** e.g. 'Gambling', 'URL Category Notifications'; 'all' for `all`. */
  name: string
  notifications: UserNotificationsData
}

/**
 * `GET /api/unsubscribe/{token}` → `{ data: UnsubscribeData }`: what the one-click link of a
 * notification email stops (no sign-in needed; the token is the authority). `POST` to the same URL
 * (RFC 8058 `List-Unsubscribe=One-Click` form body, or an empty/JSON body) unsubscribes and answers
 * the same shape with `done: true`. 404 `invalid_token` for an unknown token.
 */
export interface UnsubscribeData {
  /** The recipient, masked (`v•••@example.com`). */
  mail: string
  /** The cloud's title, or '' for notification subscriptions. */
  cloud: string
  /** Display names of the subscriptions the mail was sent for, e.g. ['EMEA']. */
  names: string[]
  /** `true` once they are unsubscribed. */
  done: boolean
}
