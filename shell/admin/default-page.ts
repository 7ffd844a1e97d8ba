import type { CatalogMenuItem } from '../../contract/catalog'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { adminFormsMessages } from './forms/messages'

/**
 * The cloud form's choices of a default page (docs/operating/catalogue.md): the cloud's home page (`''`) or the route
 * of a main-menu item with deep link on — the rule the server checks (`defaultPageRoutes` of
 * `server/catalog/import.ts`). Pure: unit-tested without rendering.
 */

/** The main menu's deep-linked items with a route of their own (sub-menus too), one per route, in menu order. */
export function deepLinkedItems(mainMenu: readonly CatalogMenuItem[]): Array<{ route: string; label: string }> {
  const seen = new Set<string>()
  const out: Array<{ route: string; label: string }> = []
  for (const item of mainMenu.flatMap((m) => [m, ...(m.sub_menus as CatalogMenuItem[])])) {
    if (!item.deep_link || typeof item.route !== 'string' || item.route === '' || seen.has(item.route)) continue
    seen.add(item.route)
    out.push({ route: item.route, label: item.label })
  }
  return out
}

/**
 * The select's options in `locale`: `Home page`, then `Cloud Status (cloud-status)` for each
 * deep-linked route. A `current` route no such item has comes first, said to need another choice
 * (the server would refuse it).
 */
export function defaultPageChoices(
  mainMenu: readonly CatalogMenuItem[],
  current: string,
  locale: Locale = DEFAULT_LOCALE,
): Array<{ value: string; label: string }> {
  const t = adminFormsMessages.in(locale).get()
  const items = deepLinkedItems(mainMenu)
  const choices = [{ value: '', label: t.homePage }, ...items.map((i) => ({ value: i.route, label: t.routeOption(i) }))]
  return current === '' || items.some((i) => i.route === current)
    ? choices
    : [{ value: current, label: t.notInMenu({ route: current }) }, ...choices]
}
