import { useStore } from '@nanostores/react'
import type { Cloud, MenuItem } from '../../contract/global'
import type { NotificationType } from '../../contract/records'
import { $session } from '../../widgets/core/session'
import { Notifications } from '../../widgets/notifications/Notifications'
import { useLocale } from '../../widgets/core/i18n/react'
import { MenuLink } from '../header/MainMenu'
import { visibleItems } from '../menu'
import { menuLabel } from '../messages'
import * as styles from '../shell.css'
import { TitledPage } from './TitledPage'

/**
 * The notification list types by the last segment of their menu route
 * (`/{domain}/notifications/{segment}`, docs/requirements/screens.md#notification-list-page).
 */
export const NOTIFICATION_TYPE_OF_SEGMENT: Record<string, NotificationType> = {
  'url-category': 'url_change_notification',
  'cloud-app': 'cloud_app',
  privacy: 'privacy_notification',
}

/**
 * The page of the Notifications dropdown's own route (`/{domain}/notifications`): its heading is the
 * dropdown's label and it lists the dropdown's entries for the cloud, as the menu does (the lists,
 * and the external status pages, which open in a new tab).
 */
function NotificationTypes({ cloud, item }: { cloud: Cloud; item: MenuItem }) {
  const locale = useLocale()
  return (
    <TitledPage name="notification-types" testId="notification-types" title={menuLabel(item.item, locale)}>
      <ul className={styles.entryList}>
        {visibleItems(item.sub_menus, cloud).map((sub) => (
          <li key={sub.id}>
            <MenuLink item={sub} cloud={cloud} currentPath="" className={styles.entryLink} />
          </li>
        ))}
      </ul>
    </TitledPage>
  )
}

/**
 * A notification list page; an unknown segment shows the default list (docs/requirements/calls.md default type).
 * Opened at the Notifications dropdown's own route (`item` has sub-menus), it lists the dropdown's entries.
 */
export default function NotificationsPage({ cloud, segment, item }: { cloud: Cloud; segment: string; item?: MenuItem }) {
  const { timezone } = useStore($session)
  if (item?.sub_menus.length) return <NotificationTypes cloud={cloud} item={item} />
  const type = NOTIFICATION_TYPE_OF_SEGMENT[segment] ?? 'url_change_notification'
  return <Notifications key={type} type={type} cloud={cloud.machine_name} cloudDomain={cloud.domain} timezone={timezone} headingLevel={1} />
}
