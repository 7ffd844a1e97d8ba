import type { MenuItem } from '../contract/global'

export { flattenMenu, isExternal, isHidden, menuHref, resolveRoute, visibleItems } from '../contract/menu'

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
 * The main menu as the variant shows it (docs/requirements/product.md Variants): the government variant has no
 * Notifications dropdown (its external status pages included); other variants show every item.
 * Only the menu changes: a notification list stays reachable by its address.
 */
export function variantMainMenu(items: readonly MenuItem[], variant: { isGov: boolean }): MenuItem[] {
  return variant.isGov ? items.filter((item) => !isNotificationsMenu(item)) : [...items]
}
