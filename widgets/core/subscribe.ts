/**
 * What a subscribe star or a Subscribe All button asks the server, and the success toast after it
 * (docs/requirements/states.md#subscribe-star, docs/requirements/calls.mdPOST /api/subscribe and /api/notification_manage_subscription, docs/requirements/errors.md
 * toasts). Shared by the subscriptions panel and the cloud-status timeline's stars.
 */
import type { Locale } from '../../contract/locale'
import type { NotificationManageBody, SubscriptionAction, SubscriptionTarget } from '../../contract/subscriptions'
import { allToastMessages, toastMessages } from './messages'

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
 * The success toast after a change (docs/requirements/errors.md, exact texts, 1000 ms): the `all` target of a cloud
 * tab says "…all the services.", of the Notifications tab "…all the service notifications.";
 * anything else names the target: "You have successfully subscribed to the {name} notifications."
 * In another locale, the same sentences in its language (docs/languages-and-themes.md).
 *
 * @param locale the language of the toast @default 'en'
 */
export function subscriptionToast(
  scope: ToastScope,
  tid: unknown,
  action: SubscriptionAction,
  name: string,
  locale: Locale = 'en',
): string {
  const on = action === 'subscribe'
  if (tid === 'all') {
    const t = allToastMessages.in(locale).get()
    if (scope === 'cloud') return on ? t.subscribedAll : t.unsubscribedAll
    return on ? t.subscribedAllNotifications : t.unsubscribedAllNotifications
  }
  return itemToast(action, name, locale)
}

/**
 * The toast of one subscription changed (docs/requirements/errors.md): 'You have successfully subscribed to the
 * {name} notifications.' or its unsubscribe twin, in `locale`. What a star says (a timeline row,
 * which is never 'all').
 */
export function itemToast(action: SubscriptionAction, name: string, locale: Locale = 'en'): string {
  const t = toastMessages.in(locale).get()
  return action === 'subscribe' ? t.subscribed({ name }) : t.unsubscribed({ name })
}
