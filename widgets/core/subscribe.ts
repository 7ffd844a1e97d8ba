/**
 * What a subscribe star or a Subscribe All button asks the server, and the success toast after it
 * (spec §4 Subscribe star, §7 POST /api/subscribe and /api/notification_manage_subscription, §8
 * toasts). Shared by the subscriptions panel and the cloud-status timeline's stars.
 */
import type { NotificationManageBody, SubscriptionAction, SubscriptionTarget } from '../../contract/subscriptions'

/** A server call the page makes. */
export interface SubscriptionCall<T = SubscriptionTarget | NotificationManageBody['tid']> {
  tid: T
  action: SubscriptionAction
}

/** A star (item, region or category): subscribes it when it is not subscribed, otherwise unsubscribes just it. */
export function starCall<T extends number | string>(tid: T, subscribed: boolean): SubscriptionCall<T> {
  return { tid, action: subscribed ? 'unsubscribe' : 'subscribe' }
}

/** Where a toast's text comes from: a cloud tab or the Notifications tab. */
export type ToastScope = 'cloud' | 'notifications'

/**
 * The success toast after a change (spec §8, exact texts, 1000 ms): the `all` target of a cloud
 * tab says "…all the services.", of the Notifications tab "…all the service notifications.";
 * anything else names the target: "You have successfully subscribed to the {name} notifications."
 */
export function subscriptionToast(scope: ToastScope, tid: unknown, action: SubscriptionAction, name: string): string {
  const verb = action === 'subscribe' ? 'subscribed to' : 'unsubscribed from'
  if (tid === 'all') return `You have successfully ${verb} all the ${scope === 'cloud' ? 'services' : 'service notifications'}.`
  return `You have successfully ${verb} the ${name} notifications.`
}
