import type { NotificationType } from '../../contract/records'
import type { SubscriptionAction, SubscriptionItem, SubscriptionsData, UserNotificationsData } from '../../contract/subscriptions'
import { starCall, subscriptionToast, type SubscriptionCall, type ToastScope } from '../core/subscribe'
export { starCall, subscriptionToast }
export type { SubscriptionCall, ToastScope }
import type { Locale } from '../../contract/locale'
import type { Cloud, MenuItem } from '../../contract/global'
import { flattenMenu, menuHref, visibleItems } from '../../contract/menu'
import { subscriptionsMessages } from './messages'

/**
 * Pure rules of the subscriptions page (docs/requirements/screens.md#subscriptions-page, docs/requirements/states.md#subscribe-star, docs/requirements/errors.md toasts)
 * on the contract's model: a target is subscribed when it or a target above it is stored;
 * `subscribe` stores a target, `unsubscribe` leaves the target and everything below it
 * unsubscribed. The `subscribed` flags of an answer are that effective state.
 */

/** The All / Individual choice of a group (core services, a data-center type, a notification type). */
export type GroupMode = 'all' | 'individual'

/** One star: a service, data center, region, topic or notification category. */
export interface StarView {
  /** What `subscribe` / `notification_manage_subscription` receive as `tid`. */
  tid: number | string
  name: string
  subscribed: boolean
  /** True while its group is in All mode (docs/requirements/states.md: choosing All disables the individual items). */
  disabled: boolean
}

/** A region of one data-center type: its star and the data centers below it. */
export interface RegionView extends StarView {
  dataCenters: StarView[]
}

/** A group with an All / Individual toggle. */
export interface GroupView {
  tid: 'core_cloud_services' | 'public' | 'premium'
  /** 'Core Cloud Services', 'Public Data Center', 'Premium Data Center'. */
  name: string
  subscribed: boolean
  mode: GroupMode
  /** Core services (core group only). */
  items: StarView[]
  /** Regions with their data centers (data-center groups only). */
  regions: RegionView[]
}

/** The view model of one cloud's tab. */
export interface CloudView {
  allSubscribed: boolean
  count: number
  maintenance: StarView[]
  advisory: StarView[]
  /** The core services group, when the cloud has core services. */
  core: GroupView[]
  /** Public data centers (when the cloud has any), then premium ones (only when they have regions). */
  dataCenters: GroupView[]
}

/** The view model of one notification type. */
export interface NotificationTypeView {
  type: NotificationType
  name: string
  subscribed: boolean
  mode: GroupMode
  categories: StarView[]
}

/** The view model of the Notifications tab. */
export interface NotificationsView {
  allSubscribed: boolean
  count: number
  types: NotificationTypeView[]
}

/**
 * Groups the user switched to Individual while the group is subscribed (keys: group tids).
 * Such a group shows its items enabled and still subscribed; no server call is made until an
 * item is pressed (which unsubscribes just that item).
 */
export type IndividualChoices = ReadonlySet<string>

const on = (flag: string) => flag === '1'

/** The mode a group shows: All while it is subscribed, unless the user chose Individual. */
export function groupMode(tid: string, subscribed: boolean, individual: IndividualChoices): GroupMode {
  return subscribed && !individual.has(tid) ? 'all' : 'individual'
}

const star = (row: SubscriptionItem, disabled: boolean): StarView => ({
  tid: row.tid,
  name: row.name,
  subscribed: on(row.subscribed),
  disabled,
})

/**
 * The subscription tree of a cloud as the tab shows it (docs/requirements/screens.md#subscriptions-page): Maintenance
 * and Advisory topics; Core Cloud Services (left out when empty); Public Data Center (left out
 * when it has no regions) and Premium Data Center (only when it has regions), each by region.
 * Items of a group in All mode are disabled.
 */
export function cloudView(data: SubscriptionsData, individual: IndividualChoices = new Set()): CloudView {
  const core: GroupView[] = data.core_cloud_services
    .filter((g) => g.subCategory.length > 0)
    .map((g) => {
      const mode = groupMode(g.tid, on(g.subscribed), individual)
      return {
        tid: g.tid,
        name: g.name,
        subscribed: on(g.subscribed),
        mode,
        items: g.subCategory.map((s) => star(s, mode === 'all')),
        regions: [],
      }
    })
  const dataCenters: GroupView[] = [data.datacenter, data.premium_datacenters]
    .filter((t) => t.category.length > 0)
    .map((t) => {
      const mode = groupMode(t.tid, on(t.subscribed), individual)
      const all = mode === 'all'
      return {
        tid: t.tid,
        name: t.name,
        subscribed: on(t.subscribed),
        mode,
        items: [],
        regions: t.category.map((r) => ({ ...star(r, all), dataCenters: r.subCategory.map((d) => star(d, all)) })),
      }
    })
  return {
    allSubscribed: on(data.all_subscribed),
    count: data.subscriptions_count,
    maintenance: data.maintenance.map((m) => star(m, false)),
    advisory: data.advisory.map((a) => star(a, false)),
    core,
    dataCenters,
  }
}

/** The Notifications tab's view model: each type with its categories, disabled while the type is in All mode. */
export function notificationsView(data: UserNotificationsData, individual: IndividualChoices = new Set()): NotificationsView {
  const types: NotificationTypeView[] = []
  for (const [key, t] of Object.entries(data.terms)) {
    if (key === 'totalCount' || typeof t !== 'object' || t === null) continue
    const subscribed = on(t.all_subscribed)
    const mode = groupMode(t.type, subscribed, individual)
    types.push({
      type: t.type,
      name: t.notification_type,
      subscribed,
      mode,
      categories: t.categories.map((c) => ({
        tid: c.notification_subcategory_id,
        name: c.notification_subcategory_name,
        subscribed: on(c.notification_subcategory_sub_status),
        disabled: mode === 'all',
      })),
    })
  }
  return { allSubscribed: on(data.all_subscribed), count: data.subscriptions_count, types }
}

/** Subscribe All / Unsubscribe All: the `all` target. */
export function allCall(action: SubscriptionAction): SubscriptionCall<'all'> {
  return { tid: 'all', action }
}

/** What choosing a mode on a group does: a call to make (or none) and the new Individual choices. */
export interface ModeChange<T extends string> {
  call: SubscriptionCall<T> | null
  individual: Set<string>
}

/**
 * Choosing All or Individual on a group (docs/requirements/states.md): All subscribes the group
 * (`{tid: group, action: 'subscribe'}`); Individual makes no call — the items become enabled and
 * keep showing their (effective) state, and pressing one then unsubscribes just that one.
 */
export function chooseMode<T extends string>(group: T, mode: GroupMode, individual: IndividualChoices): ModeChange<T> {
  const next = new Set(individual)
  if (mode === 'all') {
    next.delete(group)
    return { call: { tid: group, action: 'subscribe' }, individual: next }
  }
  next.add(group)
  return { call: null, individual: next }
}

/** The widget's texts in a locale. */
const textsIn = (locale: Locale) => subscriptionsMessages.in(locale).get()

/**
 * The accessible name of a star: 'Subscribe to Amsterdam II' or 'Unsubscribe from Amsterdam II'.
 * @param locale the widget's language @default 'en'
 */
export function starLabel(name: string, subscribed: boolean, locale: Locale = 'en'): string {
  const t = textsIn(locale)
  return subscribed ? t.unsubscribe({ name }) : t.subscribe({ name })
}

/**
 * The heading's count: '1 subscription', '12 subscriptions'.
 * @param locale the widget's language (its plural rules) @default 'en'
 */
export function countLabel(count: number, locale: Locale = 'en'): string {
  return textsIn(locale).count(count)
}

/** The tab key of the Notifications tab (cloud tabs use the cloud's machine name). */
export const NOTIFICATIONS_TAB = '#notifications'

/** The tab after `current` for a tab-list key (Left/Right arrows wrap; Home, End), or undefined for other keys. */
export function nextTab(tabs: readonly string[], current: string, key: string): string | undefined {
  const i = Math.max(0, tabs.indexOf(current))
  if (key === 'ArrowRight') return tabs[(i + 1) % tabs.length]
  if (key === 'ArrowLeft') return tabs[(i - 1 + tabs.length) % tabs.length]
  if (key === 'Home') return tabs[0]
  if (key === 'End') return tabs[tabs.length - 1]
  return undefined
}

/** The id of the FAQ's question on managing subscriptions (docs/requirements/screens.md: the help link opens it). */
export const FAQ_SUBSCRIPTION_ANCHOR = 'how-to-manage-your-subscription'

/**
 * Where the help link 'How to Manage Your Subscription?' leads (docs/requirements/screens.md): the site's FAQ page —
 * the first main-menu item, sub-menus included, whose component is `faq` and that `cloud` does not
 * hide — at its subscriptions question: `/faq#how-to-manage-your-subscription`,
 * `/alpha.net/faq#…` when deep-linked. `''` when the site has no FAQ page: the page shows no help
 * link rather than one to 'Page not found'.
 */
export function faqHelpHref(mainMenu: readonly MenuItem[], cloud: Pick<Cloud, 'domain' | 'machine_name'> | null | undefined): string {
  const faq = flattenMenu(visibleItems(mainMenu, cloud)).find((item) => item.component === 'faq')
  return faq ? `${menuHref(faq, cloud)}#${FAQ_SUBSCRIPTION_ANCHOR}` : ''
}
