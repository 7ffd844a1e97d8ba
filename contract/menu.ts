/**
 * Where main-menu items lead (docs/requirements/screens.md#header-and-menus): plain functions both sides use — the
 * shell for its menus and routes, the server for `/sitemap.xml`. No schemas, so the front end
 * imports them at run time without carrying `typebox`.
 */
import type { Cloud, MenuItem, MenuRoute } from './global'

/**
 * Resolves a top-menu route (docs/requirements/screens.md#header-and-menus): a single string, or a map by cloud
 * machine name with a `commercial` fallback.
 */
export function resolveRoute(route: MenuRoute, cloudMachineName: string | undefined): string {
  if (typeof route === 'string') return route
  return (cloudMachineName && route[cloudMachineName]) || route.commercial
}

/** True when `item` is hidden for the cloud (docs/requirements/entities.md#menu-item `hide_from_clouds`). */
export function isHidden(item: MenuItem, cloud: Pick<Cloud, 'machine_name'> | null | undefined): boolean {
  return !!cloud && item.hide_from_clouds.includes(cloud.machine_name)
}

/** Menu items visible for the cloud, sub-menus filtered the same way (docs/requirements/screens.md main menu). */
export function visibleItems(items: readonly MenuItem[], cloud: Pick<Cloud, 'machine_name'> | null | undefined): MenuItem[] {
  return items.filter((item) => !isHidden(item, cloud)).map((item) => ({ ...item, sub_menus: visibleItems(item.sub_menus ?? [], cloud) }))
}

/** True when the route leaves the site (an absolute URL). */
export function isExternal(route: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(route)
}

/**
 * The href of a main-menu item: deep-linked items live under the cloud's domain prefix
 * (`/{domain}/{route}`, the cloud's home for an empty route); others are absolute paths
 * (`/{route}`) or external URLs.
 */
export function menuHref(item: MenuItem, cloud: Pick<Cloud, 'domain' | 'machine_name'> | null | undefined): string {
  const route = resolveRoute(item.route, cloud?.machine_name).replace(/^\/+|\/+$/g, '')
  if (isExternal(route)) return route
  if (item.deep_link && cloud) return route ? `/${cloud.domain}/${route}` : `/${cloud.domain}`
  return `/${route}`
}

/** Every item of a menu tree, depth first. */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.sub_menus ?? [])])
}

/**
 * True for the main menu's Notifications dropdown: an item with sub-menus that is routed at
 * `notifications` or holds notification-list pages (docs/requirements/screens.md#header-and-menus).
 */
export function isNotificationsMenu(item: MenuItem): boolean {
  if (!item.sub_menus?.length) return false
  const route = typeof item.route === 'string' ? item.route : item.route.commercial
  return route.replace(/^\/+|\/+$/g, '') === 'notifications' || item.sub_menus.some((s) => s.component === 'notifications')
}

/**
 * Page components kept out of search results (docs/requirements/screens.md#route-table: /sign-in and /subscribe are
 * noindex; the other account pages and the admin console likewise): the shell marks them
 * `noindex`, `/robots.txt` disallows their paths and `/sitemap.xml` leaves them out.
 */
export const NOINDEX_COMPONENTS = [
  'sign-in',
  'sign-up',
  'subscribe',
  'unsubscribe',
  'opt-in',
  'thank-you',
  'user-edit',
  'user-password',
  'user-reset',
  'admin',
  'fallback',
] as const

/** The paths of those pages, as `/robots.txt` disallows them (prefixes). */
export const NOINDEX_PATHS = [
  '/sign-in',
  '/sign-up',
  '/subscribe',
  '/unsubscribe/',
  '/opt-in/',
  '/thank-you',
  '/user/',
  '/account-settings',
  '/admin',
] as const
