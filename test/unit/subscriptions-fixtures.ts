import type { Flag } from '../../contract/common'
import type { SubscriptionsData, UserNotificationsData } from '../../contract/subscriptions'

const row = (tid: number, name: string, subscribed: Flag = '0') => ({ tid, name, subscribed })

/**
 * A cloud's subscription tree (contract `SubscriptionsData`): core services 101–102, public data
 * centers in EMEA (region 300: Amsterdam II 301, Frankfurt 302) and Americas (region 310:
 * Chicago 311), premium data centers per `premium`, maintenance 401, advisory 501–502.
 */
export function tree(extra: Partial<SubscriptionsData> = {}, premium = false): SubscriptionsData {
  return {
    cloud: 'alpha',
    all_subscribed: '0',
    core_cloud_services: [
      {
        tid: 'core_cloud_services',
        name: 'Core Cloud Services',
        subscribed: '0',
        subCategory: [row(101, 'Web Proxy'), row(102, 'Firewall', '1')],
      },
    ],
    datacenter: {
      tid: 'public',
      name: 'Public Data Center',
      subscribed: '0',
      category: [
        { ...row(300, 'EMEA'), subCategory: [row(301, 'Amsterdam II'), row(302, 'Frankfurt')] },
        { ...row(310, 'Americas'), subCategory: [row(311, 'Chicago')] },
      ],
    },
    premium_datacenters: {
      tid: 'premium',
      name: 'Premium Data Center',
      subscribed: '0',
      category: premium ? [{ ...row(300, 'EMEA'), subCategory: [row(351, 'Zurich Premium')] }] : [],
    },
    maintenance: [row(401, 'Scheduled Maintenance')],
    advisory: [row(501, 'Security Advisory'), row(502, 'Service Disruption')],
    advisory_minimum: null,
    subscriptions_count: 1,
    ...extra,
  }
}

/** The user's notification-subscription tree: URL categories (Gambling 11, News 12) and cloud apps (Box 21). */
export function notificationTree(extra: Partial<UserNotificationsData> = {}): UserNotificationsData {
  return {
    terms: {
      totalCount: 2,
      url_change_notification: {
        type: 'url_change_notification',
        notification_type: 'URL Category Notifications',
        all_subscribed: '0',
        categories: [
          { notification_subcategory_id: '11', notification_subcategory_name: 'Gambling', notification_subcategory_sub_status: '1' },
          { notification_subcategory_id: '12', notification_subcategory_name: 'News', notification_subcategory_sub_status: '0' },
        ],
      },
      cloud_app: {
        type: 'cloud_app',
        notification_type: 'Cloud App Notifications',
        all_subscribed: '1',
        categories: [{ notification_subcategory_id: '21', notification_subcategory_name: 'Box', notification_subcategory_sub_status: '1' }],
      },
    },
    all_subscribed: '0',
    subscriptions_count: 2,
    ...extra,
  }
}
