export {
  fetchSubscriptions,
  fetchUserNotifications,
  manageNotification,
  parseManageAnswer,
  parseSubscribeAnswer,
  parseSubscriptionsData,
  parseUserNotificationsData,
  subscribe,
} from './api'
export type { CallOptions } from './api'
export { SubscriptionsElement } from './element'
export {
  allCall,
  chooseMode,
  cloudView,
  countLabel,
  groupMode,
  nextTab,
  notificationsView,
  NOTIFICATIONS_TAB,
  starCall,
  starLabel,
  subscriptionToast,
} from './model'
export type {
  CloudView,
  GroupMode,
  GroupView,
  IndividualChoices,
  ModeChange,
  NotificationsView,
  NotificationTypeView,
  RegionView,
  StarView,
  SubscriptionCall,
  ToastScope,
} from './model'
export { DEFAULT_FAQ_HREF, Subscriptions, SubscriptionsErrorEvent, SubscriptionsWidget } from './Subscriptions'
export type { SubscriptionsErrorDetail, SubscriptionsProps, SubscriptionsWidgetProps } from './Subscriptions'
