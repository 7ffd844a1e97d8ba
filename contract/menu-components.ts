/**
 * The `component` of a menu item (docs/requirements/screens.md#header-and-menus, docs/requirements/entities.md#menu-item): which page of the site
 * its route opens, or what kind of link it is. The one list of valid names, read by the catalogue
 * import (an unknown name is refused), the console's menu form (a list to pick from) and the shell
 * (each page component is a page it renders, `shell/routes.ts`). Plain values only, so the front
 * end imports them at run time.
 */
import { STATUS_PAGE_COMPONENT } from './constants'

/**
 * Components that are a page of the site, rendered under the cloud's domain when the item is
 * deep-linked (`/{domain}/{route}`), else at the absolute path of its route (`/faq`).
 */
export const PAGE_COMPONENTS = [
  'home',
  'cloud-status',
  'incidents',
  'maintenance',
  'security-advisories',
  'notifications',
  'dc-map',
  'faq',
  'compliance',
] as const

/**
 * Components that are a link out of the site: `external` (the route is the URL) and the two
 * external status pages of the Notifications dropdown, whose URLs come from the settings.
 */
export const LINK_COMPONENTS = ['external', STATUS_PAGE_COMPONENT.vulnerabilityManagement, STATUS_PAGE_COMPONENT.zeroTrustBranch] as const

/**
 * Every valid `component`, in the order the console offers them: `''` first (no page of its own:
 * the heading of a dropdown of sub-menus), then the pages, then the links.
 */
export const MENU_COMPONENTS = ['', ...PAGE_COMPONENTS, ...LINK_COMPONENTS] as const

export type PageComponentName = (typeof PAGE_COMPONENTS)[number]
export type MenuComponent = (typeof MENU_COMPONENTS)[number]

/** True when `name` is one of {@link MENU_COMPONENTS}. */
export function isMenuComponent(name: string): name is MenuComponent {
  return (MENU_COMPONENTS as readonly string[]).includes(name)
}
