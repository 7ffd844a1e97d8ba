import type { CatalogSection } from '../../contract/admin'
import type { Permission } from '../../contract/permissions'
import * as styles from './admin.css'
import { ADMIN_PATHS, catalogPath, type AdminScreen } from './sections'

interface NavItem {
  label: string
  href: string
  /** The screen (and sections) the link is current on. */
  screen: AdminScreen
  /** Other screens the link is current on (the desk's new post and record screens). */
  also?: readonly AdminScreen[]
  sections?: readonly CatalogSection[]
  /** Shown only to roles with this permission. */
  needs?: Permission
}

const catalog = (label: string, ...sections: CatalogSection[]): NavItem => ({
  label,
  href: catalogPath(sections[0]),
  screen: 'catalog',
  sections,
})

/** The console's links, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: ADMIN_PATHS.dashboard, screen: 'dashboard' },
  { label: 'Incident desk', href: ADMIN_PATHS.desk, screen: 'desk', also: ['desk-new', 'desk-record'] },
  { label: 'Templates', href: ADMIN_PATHS.templates, screen: 'templates' },
  catalog('Products', 'products'),
  catalog('Clouds', 'clouds'),
  catalog('Services', 'core_services'),
  catalog('Regions', 'regions'),
  catalog('Data centers', 'data_centers'),
  catalog('Menus', 'main_menu', 'top_menu'),
  catalog('Severities', 'severities'),
  catalog('Settings', 'settings'),
  { label: 'FAQ', href: ADMIN_PATHS.faq, screen: 'faq' },
  { label: 'Compliance', href: ADMIN_PATHS.compliance, screen: 'compliance' },
  { label: 'Staff', href: ADMIN_PATHS.staff, screen: 'staff', needs: 'staff' },
  { label: 'Audit log', href: ADMIN_PATHS.audit, screen: 'audit' },
]

/**
 * The console's navigation: a list of links (the current one `aria-current="page"`), wrapping
 * above the screen on phones and a column beside it on desktops. Staff shows to administrators
 * only (the `staff` permission).
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
  return (
    <nav aria-label="Admin">
      <ul className={styles.navList}>
        {NAV_ITEMS.filter((item) => !item.needs || permissions.has(item.needs)).map((item) => {
          const current =
            (item.screen === screen || item.also?.includes(screen)) &&
            (!item.sections || (section !== undefined && item.sections.includes(section)))
          return (
            <li key={item.label}>
              <a className={styles.navLink} href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
