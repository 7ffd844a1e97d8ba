/**
 * Pure logic of the notification lists (docs/requirements/screens.md#notification-list-page, docs/requirements/entities.md#notification-list,
 * docs/requirements/calls.md `GET /api/notifications`). The pager and filters are every record view's
 * (`widgets/record-view/model.ts`); a notification's link is the contract's `notificationHref`
 * (`contract/links.ts`).
 */
import type { NotificationType } from '../../contract/records'

/** The notification types, in menu order (contract `NotificationType`). */
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['url_change_notification', 'cloud_app', 'privacy_notification']

/**
 * The key of each notification list's heading in `notificationsMessages` (docs/requirements/screens.md "Heading with
 * the notification type").
 */
export const NOTIFICATION_HEADINGS = {
  url_change_notification: 'urlCategory',
  cloud_app: 'cloudApp',
  privacy_notification: 'privacy',
} as const satisfies Record<NotificationType, string>

/** `type` when it is a notification type, else the default `url_change_notification` (docs/requirements/calls.md). */
export function notificationType(type: string | null | undefined): NotificationType {
  return NOTIFICATION_TYPES.includes(type as NotificationType) ? (type as NotificationType) : 'url_change_notification'
}

/**
 * The API's zero-based page for a 1-based page shown (docs/requirements/entities.md "totalPages (zero-based)", contract
 * `NotificationListData`): page 1 is `page=0`.
 */
export function apiPage(shownPage: number): number {
  return Math.max(0, Math.floor(shownPage) - 1)
}

/** The 1-based page shown for the API's zero-based `currentPage`. */
export function shownPage(apiCurrentPage: number): number {
  return Math.max(0, Math.floor(apiCurrentPage)) + 1
}

/** Whether `GET /api/notifications` gets `cloud`: only for `cloud_app` (docs/requirements/calls.md). */
export function sendsCloud(type: NotificationType): boolean {
  return type === 'cloud_app'
}
