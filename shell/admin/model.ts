import type { CatalogDataCenter, CatalogMenuItem } from '../../contract/catalog'
import type { MenuRoute } from '../../contract/global'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { adminCatalogMessages } from './messages'

/**
 * Pure helpers of the catalogue screens: draft rows, moving, the data-center rules and the menu
 * route's text form. Unit-tested without rendering in `test/unit/admin-catalog.test.tsx`.
 */

/**
 * One item of a list being edited: a stable `id` (React key and focus target; loaded rows are
 * numbered by position, so a save that keeps the order keeps them), whether it was added since
 * the list was loaded (only then may its natural key still change), and its value.
 */
export interface Row<T> {
  id: number
  isNew: boolean
  value: T
}

/** Rows of loaded values, numbered by position. */
export function rowsOf<T>(values: readonly T[]): Row<T>[] {
  return values.map((value, id) => ({ id, isNew: false, value }))
}

/** A new row for `value`, numbered after every row of `rows`. */
export function addRow<T>(rows: readonly Row<T>[], value: T): Row<T> {
  return { id: rows.reduce((max, r) => Math.max(max, r.id + 1), 0), isNew: true, value }
}

/** `items` with the one at `index` moved by `delta` places (clamped to the ends; a copy). */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const to = Math.min(items.length - 1, Math.max(0, index + delta))
  const next = items.slice()
  if (index < 0 || index >= items.length || to === index) return next
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item)
  return next
}

/**
 * `items` with the one at `index` moved one place up (`delta` < 0) or down among the items of its
 * own group (`groupOf`): it changes places with the nearest item of the same group in that
 * direction; the others keep theirs. A copy, unchanged when there is none.
 */
export function moveInGroup<T>(items: readonly T[], index: number, delta: number, groupOf: (item: T) => string): T[] {
  const next = items.slice()
  if (index < 0 || index >= items.length || delta === 0) return next
  const group = groupOf(items[index])
  const step = delta < 0 ? -1 : 1
  for (let j = index + step; j >= 0 && j < items.length; j += step) {
    if (groupOf(items[j]) !== group) continue
    next[index] = items[j]
    next[j] = items[index]
    break
  }
  return next
}

/** Whether the item at `index` is the first (`delta` < 0) or last of its group in `items`: it cannot move that way. */
export function atGroupEnd<T>(items: readonly T[], index: number, delta: number, groupOf: (item: T) => string): boolean {
  const group = groupOf(items[index])
  const step = delta < 0 ? -1 : 1
  for (let j = index + step; j >= 0 && j < items.length; j += step) if (groupOf(items[j]) === group) return false
  return true
}

/** `items` with the one at `index` replaced by `value` (a copy). */
export function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item))
}

/** `items` without the one at `index` (a copy). */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index)
}

/** Now as a catalogue instant (`2021-04-03T00:00:00.000Z`). */
export function nowInstant(now: Date = new Date()): string {
  return now.toISOString()
}

/**
 * The in-service date a cloud's new data center or core service gets: the start (00:00 UTC) of
 * the UTC day of `now`, as a catalogue instant (`2026-11-12T00:00:00.000Z`) — a day, not the
 * instant of the click, so its uptime counts that whole day (docs/statuspage-api.md#uptime).
 */
export function todayInstant(now: Date = new Date()): string {
  return instantOfDay(now.toISOString().slice(0, 10))!
}

/** A catalogue instant's UTC day as a date input shows it (`YYYY-MM-DD`); `''` when unknown (`null`). */
export function dayOf(instant: string | null): string {
  return instant === null ? '' : instant.slice(0, 10)
}

/**
 * The catalogue instant of a date input's day: its start, 00:00 UTC; `null` for an empty input
 * (the date is unknown) or one that is not a date.
 *
 * @example instantOfDay('2026-11-12') // '2026-11-12T00:00:00.000Z'
 */
export function instantOfDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null
  const t = Date.parse(`${day}T00:00:00.000Z`)
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day ? null : new Date(t).toISOString()
}

/**
 * `item` going into service on `day` (a date input's `YYYY-MM-DD`, `''` = unknown). The same
 * item when the day is the one it has, so an instant with a time of day stays as it was.
 */
export function withSince<T extends { since: string | null }>(item: T, day: string): T {
  return dayOf(item.since) === day ? item : { ...item, since: instantOfDay(day) }
}

// ---------------------------------------------------------------------------------------------
// Data centers and cloud services
// ---------------------------------------------------------------------------------------------

/** Degrees allowed per coordinate (WGS84). */
export const COORDINATE_RANGE = { latitude: 90, longitude: 180 } as const

/**
 * Why a coordinate is refused, or `''`: it must be a number from −90 to 90 (latitude) or −180
 * to 180 (longitude) degrees. The server checks the same (`contract/catalog.ts`).
 */
export function coordinateError(kind: keyof typeof COORDINATE_RANGE, value: number, locale: Locale = DEFAULT_LOCALE): string {
  const t = adminCatalogMessages.in(locale).get()
  const limit = COORDINATE_RANGE[kind]
  if (!Number.isFinite(value)) return kind === 'latitude' ? t.latitudeNumber : t.longitudeNumber
  if (value < -limit || value > limit) return (kind === 'latitude' ? t.latitudeRange : t.longitudeRange)({ limit: String(limit) })
  return ''
}

/** A number typed into an input: `NaN` for an empty or unreadable text. */
export function parseNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

/**
 * Sets `decommissioned` of a data center's cloud or a cloud's service, and its `until`: now when
 * it is decommissioned (an earlier `until` stays), `null` when it is back in service.
 */
export function withDecommissioned<T extends { decommissioned: boolean; until: string | null }>(
  item: T,
  decommissioned: boolean,
  now: string,
): T {
  if (item.decommissioned === decommissioned) return item
  return { ...item, decommissioned, until: decommissioned ? (item.until ?? now) : null }
}

/** The data center decommissioned for every cloud it serves (its history stays). */
export function decommissionAll(dc: CatalogDataCenter, now: string): CatalogDataCenter {
  return { ...dc, clouds: dc.clouds.map((c) => withDecommissioned(c, true, now)) }
}

/** The form's own checks of the data centers (the server checks everything again), one message each. */
export function dataCenterErrors(dcs: readonly CatalogDataCenter[], locale: Locale = DEFAULT_LOCALE): string[] {
  const t = adminCatalogMessages.in(locale).get()
  const errors: string[] = []
  dcs.forEach((dc, i) => {
    const name = dc.name.trim() || t.dataCenterN({ n: String(i + 1) })
    if (!dc.name.trim()) errors.push(`${name}: ${t.nameRequired}`)
    for (const kind of ['latitude', 'longitude'] as const) {
      const error = coordinateError(kind, dc[kind], locale)
      if (error) errors.push(`${name}: ${error}`)
    }
  })
  return errors
}

// ---------------------------------------------------------------------------------------------
// Menus
// ---------------------------------------------------------------------------------------------

/** A menu item as the form edits it: the route as text (a path or URL, or JSON of per-cloud routes). */
export interface MenuDraft extends Omit<CatalogMenuItem, 'route' | 'sub_menus'> {
  route: string
  sub_menus: MenuDraft[]
}

/** The text form of a route: the string itself, or the per-cloud object as JSON. */
export function routeText(route: MenuRoute): string {
  return typeof route === 'string' ? route : JSON.stringify(route)
}

/**
 * A route from its text: text starting with `{` must be a JSON object of strings with a
 * `commercial` fallback; anything else is the route itself (trimmed).
 */
export function parseRoute(text: string, locale: Locale = DEFAULT_LOCALE): { route: MenuRoute } | { error: string } {
  const t = adminCatalogMessages.in(locale).get()
  const trimmed = text.trim()
  if (!trimmed.startsWith('{')) return { route: trimmed }
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    return { error: t.routeNotJson }
  }
  const entries = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.entries(parsed) : []
  if (!entries.length || entries.some(([, v]) => typeof v !== 'string')) return { error: t.routeNotTexts }
  const route = Object.fromEntries(entries) as Record<string, string>
  if (route.commercial === undefined) return { error: t.routeNoCommercial }
  return { route: route as MenuRoute }
}

/** A menu item as the form edits it. */
export function menuDraft(item: CatalogMenuItem): MenuDraft {
  return { ...item, route: routeText(item.route), sub_menus: item.sub_menus.map((s) => menuDraft(s as CatalogMenuItem)) }
}

/** A blank menu item. */
export function blankMenuItem(): MenuDraft {
  return { label: '', route: '', component: '', deep_link: true, hide_from_clouds: [], sub_menus: [] }
}

/** The menu to save from the form's drafts, and a message per route that cannot be read. */
export function menuOf(drafts: readonly MenuDraft[], locale: Locale = DEFAULT_LOCALE): { value: CatalogMenuItem[]; errors: string[] } {
  const t = adminCatalogMessages.in(locale).get()
  const errors: string[] = []
  const convert = (d: MenuDraft, where: string): CatalogMenuItem => {
    const parsed = parseRoute(d.route, locale)
    if ('error' in parsed) errors.push(`${where}: ${parsed.error}`)
    return {
      ...d,
      route: 'route' in parsed ? parsed.route : d.route,
      sub_menus: d.sub_menus.map((s, j) =>
        convert(s, `${where} › ${s.label || t.subMenuN({ n: String(j + 1) })}`),
      ) as CatalogMenuItem['sub_menus'],
    }
  }
  const value = drafts.map((d, i) => convert(d, d.label || t.menuItemN({ n: String(i + 1) })))
  return { value, errors }
}
