/**
 * Reading the main and top menus (docs/requirements/entities.md#menu-item) as trees.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Menu, MenuItem, MenuRoute } from '../../contract/global.js'
import type { Database, MenuItemsTable } from '../db/schema.js'

function parseRoute(raw: string, id: number): MenuRoute {
  const route: unknown = JSON.parse(raw)
  if (typeof route === 'string') return route
  if (
    route !== null &&
    typeof route === 'object' &&
    Object.values(route).every((v) => typeof v === 'string') &&
    typeof (route as Record<string, unknown>).commercial === 'string'
  ) {
    return route as MenuRoute
  }
  throw new Error(`Menu item ${id}: route must be a string or a map with a 'commercial' entry`)
}

function parseCloudList(raw: string, id: number): string[] {
  const list: unknown = JSON.parse(raw)
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) {
    throw new Error(`Menu item ${id}: hide_from_clouds must be a list of cloud machine names`)
  }
  return list
}

function toItem(row: Selectable<MenuItemsTable>): MenuItem {
  return {
    id: String(row.id),
    item: row.label,
    route: parseRoute(row.route, row.id),
    component: row.component,
    deep_link: row.deep_link === 1,
    hide_from_clouds: parseCloudList(row.hide_from_clouds, row.id),
    sub_menus: [],
  }
}

/**
 * Both menus, each a list of top-level items with their `sub_menus`, ordered by `sort`.
 * Items whose parent is missing or in the other menu are left out.
 * @throws When a stored route or hidden-cloud list is not valid JSON of the expected shape.
 */
export async function readMenu(db: Kysely<Database>): Promise<Menu> {
  const rows = await db.selectFrom('menu_items').selectAll().orderBy('sort').orderBy('id').execute()
  const items = new Map(rows.map((row) => [row.id, { row, item: toItem(row) }]))
  const menu: Menu = { main_menu: [], top_menu: [] }
  for (const { row, item } of items.values()) {
    if (row.parent_id === null) {
      ;(row.menu === 'main' ? menu.main_menu : menu.top_menu).push(item)
      continue
    }
    const parent = items.get(row.parent_id)
    if (parent && parent.row.menu === row.menu) parent.item.sub_menus.push(item)
  }
  return menu
}
