// `trust-site-kit/notifications`: the public surface (side-effect free; `./define` registers the tag).
export type { NotificationListData, NotificationType, PrivilegedNotificationListData } from '../../contract/records'
export { fetchNotifications } from './api'
export type { NotificationListQuery } from './api'
export { NotificationsElement } from './element'
export { Notifications, NotificationsWidget } from './Notifications'
export type { NotificationsProps, NotificationsWidgetProps } from './Notifications'
