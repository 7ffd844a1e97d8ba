/**
 * Subscriptions (docs/requirements/screens.md#subscriptions-page, Cloud status subscribe stars; docs/requirements/entities.md#subscription-data,
 * Notification subscriptions; docs/requirements/states.md#subscribe-star; docs/requirements/calls.md subscription calls; docs/requirements/errors.md toasts).
 */

import Type, { type Static } from 'typebox'
import { Flag, Nullable } from './common'
import { NotificationType } from './records'

// ---------------------------------------------------------------------------------------------
// Subscriptions (docs/requirements/screens.md#subscriptions-page, Cloud status subscribe stars; docs/requirements/entities.md#subscription-data,
// Notification subscriptions; docs/requirements/states.md#subscribe-star; docs/requirements/calls.md subscription calls; docs/requirements/errors.md toasts). Every call is
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

/** `subscribe` or `unsubscribe` (docs/requirements/calls.md POST /api/subscribe `action`). */
export const SubscriptionAction = Type.Enum(['subscribe', 'unsubscribe'])
export type SubscriptionAction = Static<typeof SubscriptionAction>

/**
 * A term id in a request: a positive integer, or the same as a string of digits (Fastify turns
 * digit strings into numbers first).
 */
const TidValue = [Type.Integer({ minimum: 1 }), Type.TemplateLiteral([Type.Number()])] as const

/**
 * The group targets of a cloud: `'all'`, `'core_cloud_services'` and the data-center types
 * (`'public'` | `'premium'`, the cloud-status request types).
 */
export const SubscriptionGroup = Type.Enum(['all', 'core_cloud_services', 'public', 'premium'])
export type SubscriptionGroup = Static<typeof SubscriptionGroup>

/**
 * The targets of `POST /api/subscribe`'s `tid`: a term id (service, region, data center, maintenance
 * or advisory topic; as a number or a string of digits) or a {@link SubscriptionGroup}.
 */
export const SubscriptionTarget = Type.Union([...TidValue, SubscriptionGroup])
export type SubscriptionTarget = Static<typeof SubscriptionTarget>

/**
 * Any other `tid` a body may carry: it is well-formed, but names no row, so the answer is 404
 * `unknown_tid` rather than 400 (docs/requirements/calls.md).
 */
const OtherTarget = Type.String({ minLength: 1, maxLength: 64 })

/** A subscribable row: a service, data center, maintenance topic or advisory topic. */
export const SubscriptionItem = Type.Object({
  tid: Type.Integer(),
  name: Type.String(),
  /** `'1'` when the user is subscribed to it, directly or through a group above it. */
  subscribed: Flag,
})
export type SubscriptionItem = Static<typeof SubscriptionItem>

/** A region with its data centers of one type; `subscribed` is the region star. */
export const SubscriptionRegion = Type.Object({
  ...SubscriptionItem.properties,
  subCategory: Type.Array(SubscriptionItem),
})
export type SubscriptionRegion = Static<typeof SubscriptionRegion>

/** The public or premium data centers of a cloud; `subscribed` is the type's "All" toggle. */
export const SubscriptionDataCenters = Type.Object({
  /** `'public'` or `'premium'`: the tid that subscribes the whole type. */
  tid: Type.Enum(['public', 'premium']),
  /** 'Public Data Center' or 'Premium Data Center'. */
  name: Type.String(),
  subscribed: Flag,
  /** Regions in region order; regions without a data center of this type are left out. */
  category: Type.Array(SubscriptionRegion),
})
export type SubscriptionDataCenters = Static<typeof SubscriptionDataCenters>

/** The core cloud services group; `subscribed` is its "All" toggle. */
export const SubscriptionCoreGroup = Type.Object({
  tid: Type.Literal('core_cloud_services'),
  /** 'Core Cloud Services'. */
  name: Type.String(),
  subscribed: Flag,
  subCategory: Type.Array(SubscriptionItem),
})
export type SubscriptionCoreGroup = Static<typeof SubscriptionCoreGroup>

/**
 * The minimums a subscriber can choose for a cloud's advisories (docs/subscriptions.md#advisories-by-severity-and-signed-mail),
 * lowest first, of the CVSS ratings (`contract/advisories.ts` `CVSS_RATINGS`): `Medium` and above,
 * `High` and above, `Critical` only. No minimum (`null`) is every advisory, those without a score
 * included; an advisory without a score reaches only subscribers without a minimum.
 */
export const ADVISORY_MINIMUMS = ['Medium', 'High', 'Critical'] as const
export const AdvisoryMinimum = Type.Enum(ADVISORY_MINIMUMS)
export type AdvisoryMinimum = (typeof ADVISORY_MINIMUMS)[number]

/** `POST /api/subscriptions` body: the cloud, a machine name or domain. 400 `bad_request` without it. */
export const SubscriptionsBody = Type.Object({ cloud: Type.String({ minLength: 1, maxLength: 200 }) })
export type SubscriptionsBody = Static<typeof SubscriptionsBody>

/**
 * `POST /api/subscriptions {cloud}` → `{ data: SubscriptionsData }` (docs/requirements/entities.md#subscription-data).
 * Decommissioned services and data centers are left out. `core_cloud_services` is empty, and
 * `datacenter` / `premium_datacenters` have no regions, when the cloud shows no such block (docs/requirements/entities.md
 * Cloud.cloud_status).
 */
export const SubscriptionsData = Type.Object({
  /** The cloud's machine name. */
  cloud: Type.String(),
  /** `'1'` when `all` is stored: every row of the cloud is subscribed. */
  all_subscribed: Flag,
  core_cloud_services: Type.Array(SubscriptionCoreGroup),
  datacenter: SubscriptionDataCenters,
  premium_datacenters: SubscriptionDataCenters,
  maintenance: Type.Array(SubscriptionItem),
  advisory: Type.Array(SubscriptionItem),
  /**
   * The lowest CVSS rating of the advisories the user hears about on this cloud (mail, webhooks,
   * Slack, Teams); `null` for every advisory.
   */
  advisory_minimum: Nullable(AdvisoryMinimum),
  /**
   * How many rows of this cloud (services, data centers, maintenance and advisory topics) the user
   * is subscribed to, plus the notification categories they are subscribed to (the heading's count).
   */
  subscriptions_count: Type.Integer(),
})
export type SubscriptionsData = Static<typeof SubscriptionsData>

/** `POST /api/subscribe` body (docs/requirements/calls.md). `cloud` is a machine name or domain. */
export const SubscribeBody = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  /** A {@link SubscriptionTarget}; any other string answers 404 `unknown_tid`. */
  tid: Type.Union([SubscriptionTarget, OtherTarget]),
  action: SubscriptionAction,
})
export type SubscribeBody = Static<typeof SubscribeBody>

/**
 * `POST /api/subscribe` → `{ data: SubscribeData }` (the spec leaves the shape open): what was
 * changed, its display name for the toast, and the cloud's whole tree after the change.
 */
export const SubscribeData = Type.Object({
  /** The target as stored: a tid in decimal digits, or the group name. */
  tid: Type.String(),
  action: SubscriptionAction,
  /** e.g. 'Amsterdam II', 'EMEA', 'Core Cloud Services', 'Public Data Center'; 'all' for `all`. */
  name: Type.String(),
  subscriptions: SubscriptionsData,
})
export type SubscribeData = Static<typeof SubscribeData>

/**
 * `POST /api/advisory_minimum {cloud, minimum}` body: the user's minimum rating of the cloud's
 * advisories (`null`: every advisory). Session and CSRF like the other subscription calls; 400
 * `bad_request` for a minimum that is not one of {@link ADVISORY_MINIMUMS} or null; 404
 * `unknown_cloud`. → `{ data: SubscriptionsData }`, the cloud's tree after the change.
 */
export const AdvisoryMinimumBody = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  minimum: Nullable(AdvisoryMinimum),
})
export type AdvisoryMinimumBody = Static<typeof AdvisoryMinimumBody>

/** A notification category with the user's state (docs/requirements/entities.md#notification-subscriptions). */
export const NotificationSubscriptionCategory = Type.Object({
  /** The category's tid, as a string. */
  notification_subcategory_id: Type.String(),
  notification_subcategory_name: Type.String(),
  /** `'1'` when subscribed, directly or through its type or `all`. */
  notification_subcategory_sub_status: Flag,
})
export type NotificationSubscriptionCategory = Static<typeof NotificationSubscriptionCategory>

/** One notification type of the Notifications tab. */
export const NotificationSubscriptionType = Type.Object({
  /** The type's machine name, also accepted as a `tid` of `notification_manage_subscription`. */
  type: NotificationType,
  /** Display name, e.g. 'URL Category Notifications'. */
  notification_type: Type.String(),
  categories: Type.Array(NotificationSubscriptionCategory),
  /** `'1'` when the type (or `all`) is stored: every category of the type is subscribed. */
  all_subscribed: Flag,
})
export type NotificationSubscriptionType = Static<typeof NotificationSubscriptionType>

/**
 * `POST /api/user_notifications` (no body) → `{ data: UserNotificationsData }`.
 * `terms.totalCount` is the number of URL categorization categories (docs/requirements/entities.md).
 */
export const UserNotificationsData = Type.Object({
  /** One entry per notification type (keyed by `NotificationType`), and `totalCount`. */
  terms: Type.Object({
    url_change_notification: Type.Optional(NotificationSubscriptionType),
    cloud_app: Type.Optional(NotificationSubscriptionType),
    privacy_notification: Type.Optional(NotificationSubscriptionType),
    totalCount: Type.Integer(),
  }),
  /** `'1'` when `all` is stored. */
  all_subscribed: Flag,
  /** Categories the user is subscribed to, over every type. */
  subscriptions_count: Type.Integer(),
})
export type UserNotificationsData = Static<typeof UserNotificationsData>

/**
 * The targets of `POST /api/notification_manage_subscription`'s `tid`: a category tid (a number or
 * a string of digits), a notification type or `'all'`.
 */
export const NotificationTarget = Type.Union([...TidValue, NotificationType, Type.Literal('all')])
export type NotificationTarget = Static<typeof NotificationTarget>

/** `POST /api/notification_manage_subscription` body. */
export const NotificationManageBody = Type.Object({
  /** A {@link NotificationTarget}; any other string answers 404 `unknown_tid`. */
  tid: Type.Union([NotificationTarget, OtherTarget]),
  action: SubscriptionAction,
})
export type NotificationManageBody = Static<typeof NotificationManageBody>

/** `POST /api/notification_manage_subscription` → `{ data: NotificationManageData }` (shape left open by the spec). */
export const NotificationManageData = Type.Object({
  /** The target as stored: a category tid in decimal digits, a notification type or `'all'`. */
  tid: Type.String(),
  action: SubscriptionAction,
  /** e.g. 'Gambling', 'URL Category Notifications'; 'all' for `all`. */
  name: Type.String(),
  notifications: UserNotificationsData,
})
export type NotificationManageData = Static<typeof NotificationManageData>

/** `/api/unsubscribe/{token}` path parameters: the token of a notification email's link. */
export const UnsubscribeParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) })
export type UnsubscribeParams = Static<typeof UnsubscribeParams>

/**
 * `POST /api/unsubscribe/{token}` body: RFC 8058's form body `List-Unsubscribe=One-Click`, a JSON
 * object, or none. Its content is not read (the token is the authority).
 */
export const UnsubscribeBody = Type.Union([Type.Object({ 'List-Unsubscribe': Type.Optional(Type.String()) }), Type.Null()])
export type UnsubscribeBody = Static<typeof UnsubscribeBody>

/**
 * `GET /api/unsubscribe/{token}` → `{ data: UnsubscribeData }`: what the one-click link of a
 * notification email stops (no sign-in needed; the token is the authority). `POST` to the same URL
 * (RFC 8058 `List-Unsubscribe=One-Click` form body, or an empty/JSON body) unsubscribes and answers
 * the same shape with `done: true`. 404 `invalid_token` for an unknown token.
 */
export const UnsubscribeData = Type.Object({
  /** The recipient, masked (`v•••@example.com`). */
  mail: Type.String(),
  /** The cloud's title, or '' for notification subscriptions. */
  cloud: Type.String(),
  /** Display names of the subscriptions the mail was sent for, e.g. ['EMEA']. */
  names: Type.Array(Type.String()),
  /** `true` once they are unsubscribed. */
  done: Type.Boolean(),
})
export type UnsubscribeData = Static<typeof UnsubscribeData>
