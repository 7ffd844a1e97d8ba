import { useStore } from '@nanostores/react'
import type { Cloud } from '../../contract/global'
import type { NotificationType } from '../../contract/records'
import { $session } from '../../widgets/core/session'
import { Notifications } from '../../widgets/notifications/Notifications'

/**
 * The notification list types by the last segment of their menu route
 * (`/{domain}/notifications/{segment}`, docs/requirements/screens.md#notification-list-page).
 */
export const NOTIFICATION_TYPE_OF_SEGMENT: Record<string, NotificationType> = {
  'url-category': 'url_change_notification',
  'cloud-app': 'cloud_app',
  privacy: 'privacy_notification',
}

/** A notification list page; an unknown segment shows the default list (docs/requirements/calls.md default type). */
export default function NotificationsPage({ cloud, segment }: { cloud: Cloud; segment: string }) {
  const { timezone } = useStore($session)
  const type = NOTIFICATION_TYPE_OF_SEGMENT[segment] ?? 'url_change_notification'
  return <Notifications key={type} type={type} cloud={cloud.machine_name} cloudDomain={cloud.domain} timezone={timezone} headingLevel={1} />
}
