// `trust-site-kit/subscriptions`: the public surface (side-effect free; `./define` registers the tag).
export { fetchSubscriptions, fetchUserNotifications, manageNotification, subscribe } from './api'
export type { CallOptions } from './api'
export { SignInRequiredEvent } from '../core/events'
export type { SignInRequiredDetail } from '../core/events'
export { SubscriptionsElement } from './element'
export { Subscriptions, SubscriptionsErrorEvent, SubscriptionsWidget } from './Subscriptions'
export type { SubscriptionsErrorDetail, SubscriptionsProps, SubscriptionsWidgetProps } from './Subscriptions'
