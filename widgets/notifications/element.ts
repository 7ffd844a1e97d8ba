import { createWidgetElement } from '../core/element'
import { NotificationsWidget, type NotificationsWidgetProps } from './Notifications'

/**
 * `<trust-notifications>`: a notification list (docs/requirements/screens.md#notification-list-page) — heading with
 * the type's name and RSS and Atom badges, 'Status' filter, notifications, pagination, and 'There
 * are no records.' when empty. Fires no events.
 *
 * @element trust-notifications
 * @attr {"url_change_notification" | "cloud_app" | "privacy_notification"} [type=url_change_notification] - Which notifications to list.
 * @attr {string} cloud - Cloud machine name or domain, sent for `cloud_app` only; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API (and of record and feed links) when embedded elsewhere.
 * @attr {string} [timezone=UTC] - IANA time zone for the shown times, overriding the session's.
 * @csspart root - The widget's outer box.
 * @csspart filters - The toolbar with the 'Status' filter.
 * @csspart list - The list of notifications.
 * @csspart item - One entry of the list.
 * @csspart article - One notification.
 * @csspart pager - The pagination.
 */
export const NotificationsElement = createWidgetElement<NotificationsWidgetProps>({
  component: NotificationsWidget,
  attributes: { type: 'type', cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})

declare global {
  interface HTMLElementTagNameMap {
    'trust-notifications': InstanceType<typeof NotificationsElement>
  }
}
