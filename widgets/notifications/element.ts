import { createWidgetElement } from '../core/element'
import { NotificationsWidget, type NotificationsWidgetProps } from './Notifications'

/**
 * `<trust-notifications>`: a notification list (spec §2 Notification list page) — heading with
 * the type's name and RSS badge, 'Status' filter, notifications, pagination, and 'There are no
 * records.' when empty.
 *
 * Attributes:
 * - `type` — `url_change_notification` (default) | `cloud_app` | `privacy_notification`.
 * - `cloud` — cloud machine name or domain, sent for `cloud_app` only; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API (and of record and feed links) when embedded elsewhere.
 * - `timezone` — IANA time zone for the shown times, overriding the session's (default UTC).
 *
 * Events: none. CSS parts: `root`. Custom properties: the theme's `--trust-*` properties.
 */
export const NotificationsElement = createWidgetElement<NotificationsWidgetProps>({
  component: NotificationsWidget,
  attributes: { type: 'type', cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})
