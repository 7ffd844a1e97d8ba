import type { MenuItem } from '../contract/global'
import { isNotificationsMenu } from '../contract/menu'

export { flattenMenu, isExternal, isHidden, isNotificationsMenu, menuHref, resolveRoute, visibleItems } from '../contract/menu'

/**
 * The main menu as the variant shows it (docs/requirements/product.md Variants): the government variant has no
 * Notifications dropdown (its external status pages included); other variants show every item.
 * Only the menu changes: a notification list stays reachable by its address.
 */
export function variantMainMenu(items: readonly MenuItem[], variant: { isGov: boolean }): MenuItem[] {
  return variant.isGov ? items.filter((item) => !isNotificationsMenu(item)) : [...items]
}
