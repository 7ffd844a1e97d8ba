import type { CatalogSection } from '../../contract/admin'
import type { Permission } from '../../contract/permissions'
import { useMessages } from '../../widgets/core/i18n/react'
import * as styles from './admin.css'
import { adminNavMessages } from './messages'
import { ADMIN_PATHS, catalogPath, type AdminScreen } from './sections'

interface NavItem {
  /** Its name's message (`admin.nav`). */
  label: keyof typeof adminNavMessages.base
  href: string
  /** The screen (and sections) the link is current on. */
  screen: AdminScreen
  /** Other screens the link is current on (the desk's new post and record screens). */
  also?: readonly AdminScreen[]
  sections?: readonly CatalogSection[]
  /** Shown only to roles with this permission. */
  needs?: Permission
}

const catalog = (label: NavItem['label'], ...sections: CatalogSection[]): NavItem => ({
  label,
  href: catalogPath(sections[0]),
  screen: 'catalog',
  sections,
})

/**
 * The console's links, in order. The catalogue's screens come in the order a new site is set up in
 * (`./setup.ts`: settings, products, services, regions, data centers, clouds, menus), then the
 * notification categories (optional, so not a setup step) and the severities.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'dashboard', href: ADMIN_PATHS.dashboard, screen: 'dashboard' },
  { label: 'desk', href: ADMIN_PATHS.desk, screen: 'desk', also: ['desk-new', 'desk-record'] },
  { label: 'templates', href: ADMIN_PATHS.templates, screen: 'templates' },
  { label: 'alertRules', href: ADMIN_PATHS['alert-rules'], screen: 'alert-rules' },
  catalog('settings', 'settings'),
  catalog('products', 'products'),
  catalog('coreServices', 'core_services'),
  catalog('regions', 'regions'),
  catalog('dataCenters', 'data_centers'),
  catalog('clouds', 'clouds'),
  catalog('menus', 'main_menu', 'top_menu'),
  catalog('notificationCategories', 'notification_categories'),
  catalog('severities', 'severities'),
  { label: 'thirdParty', href: ADMIN_PATHS['third-party'], screen: 'third-party' },
  { label: 'faq', href: ADMIN_PATHS.faq, screen: 'faq' },
  { label: 'compliance', href: ADMIN_PATHS.compliance, screen: 'compliance' },
  { label: 'staff', href: ADMIN_PATHS.staff, screen: 'staff', needs: 'staff' },
  { label: 'apiKeys', href: ADMIN_PATHS['api-keys'], screen: 'api-keys', needs: 'staff' },
  { label: 'subscribers', href: ADMIN_PATHS.subscribers, screen: 'subscribers', needs: 'subscribers' },
  { label: 'audit', href: ADMIN_PATHS.audit, screen: 'audit' },
]

/**
 * The console's navigation: a list of links (the current one `aria-current="page"`), wrapping
 * above the screen on phones and a column beside it on desktops. Staff and API keys show to
 * administrators only (the `staff` permission), Subscribers to the administrator roles (`subscribers`).
 */
export function AdminNav({
  screen,
  section,
  permissions,
}: {
  screen: AdminScreen
  section?: CatalogSection
  permissions: Set<Permission>
}) {
  const t = useMessages(adminNavMessages)
  return (
    <nav aria-label={t.label}>
      <ul className={styles.navList}>
        {NAV_ITEMS.filter((item) => !item.needs || permissions.has(item.needs)).map((item) => {
          const current =
            (item.screen === screen || item.also?.includes(screen)) &&
            (!item.sections || (section !== undefined && item.sections.includes(section)))
          return (
            <li key={item.label}>
              <a className={styles.navLink} href={item.href} aria-current={current ? 'page' : undefined}>
                {t[item.label]}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
