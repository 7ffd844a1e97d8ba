/**
 * Pure logic of the record lists and their calendar (docs/requirements/screens.md#incidents-maintenance-security-advisories-lists, Maintenance, Security
 * Advisories lists, Calendar; docs/requirements/states.md#lists, Calendar; docs/requirements/constants.md). No DOM here: every function is unit-tested.
 * What the notification lists and the post share with the lists (pager, filters, severity kinds,
 * internal-use block) is in `widgets/record-view/model.ts`; links are the contract's
 * (`contract/links.ts`).
 *
 * Units: days are `YYYY-MM-DD` strings; months are 1-based (1 = January).
 */
import { trimBase } from '../../contract/links'
import type { Locale } from '../../contract/locale'
import type { CalendarDataCenterGroup, CalendarType, MaintenanceSchedule, RecordListType } from '../../contract/records'
import { recordsMessages, recordStatusMessages, topMessages } from './messages'

// ---------------------------------------------------------------------------------------------
// Names and paths
// ---------------------------------------------------------------------------------------------

/** The site path segment of each list (docs/requirements/screens.md#route-table): `/{cloudDomain}/{segment}`. */
export const LIST_SEGMENTS: Record<RecordListType, string> = {
  incident: 'incidents',
  maintenance: 'maintenance',
  advisory: 'security-advisories',
}

/** The calendar kind of each list (docs/requirements/calls.md `GET /api/calendar` `type`). */
export const CALENDAR_TYPES: Record<RecordListType, CalendarType> = {
  incident: 'recent_incident',
  maintenance: 'scheduled_maintenance',
  advisory: 'advisory',
}

/** `cc_term` the advisory calendar sends (docs/requirements/calls.md). */
export const ADVISORY_CC_TERM = '241'

/**
 * The maintenance calendar's address (docs/requirements/screens.md Maintenance "Add to calendar"):
 * `/ics/maintenance/{cloud}.ics` on `origin` (the site origin or the widget's `api-base`), with
 * `?datacenter={tid}` when exactly one data center is selected. This plain http(s) link is the
 * 'Download .ics' one; {@link webcalHref} gives the 'Add to calendar' subscription.
 *
 * @example icsUrl('https://trust.example/', 'alpha', ['12']) // 'https://trust.example/ics/maintenance/alpha.ics?datacenter=12'
 */
export function icsUrl(origin: string, cloud: string, datacenters: readonly string[]): string {
  const query = datacenters.length === 1 ? `?datacenter=${encodeURIComponent(datacenters[0])}` : ''
  return `${trimBase(origin)}/ics/maintenance/${encodeURIComponent(cloud)}.ics${query}`
}

/**
 * The `webcal:` form of an http(s) calendar address (same host, path and query), which calendar
 * apps subscribe to.
 *
 * @example webcalHref('https://trust.example/ics/maintenance/alpha.ics') // 'webcal://trust.example/ics/maintenance/alpha.ics'
 */
export function webcalHref(url: string): string {
  return url.replace(/^https?:/i, 'webcal:')
}

// ---------------------------------------------------------------------------------------------
// Status classes
// ---------------------------------------------------------------------------------------------

/**
 * A human name for a status or event-type style class (docs/requirements/states.md classes): `service_disruption` →
 * 'Service Disruption', `no-service-impact` → 'No Service Impact'. Used where only a class is
 * known (calendar days), so the status is also told in text, never by colour alone. The classes
 * of docs/requirements/states.md are named in `locale` (`records.status` messages); others are their words capitalised.
 */
export function statusClassName(cls: string, locale: Locale = 'en'): string {
  return (
    (recordStatusMessages.in(locale).get() as Record<string, string>)[cls.replace(/[_\-\s]+(\w)/g, (_, c: string) => c.toUpperCase())] ??
    cls
      .split(/[_\-\s]+/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ')
  )
}

// ---------------------------------------------------------------------------------------------
// Maintenance schedule table (docs/requirements/screens.md "regions by days, in UTC", docs/requirements/entities.mdmaintenanceSchedule)
// ---------------------------------------------------------------------------------------------

/** The schedule as the table shows it. */
export interface ScheduleTable {
  /** Column headers: the UTC day and its label, e.g. `{ date: '2026-11-23', label: 'Mon 23 Nov' }`. */
  days: Array<{ date: string; label: string }>
  /** One row per region; exactly one cell per day. */
  rows: Array<{ title: string; cells: Array<{ className: string; value: string }> }>
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** A cached formatter of UTC dates in `locale` ('en' is en-US) with `options`. */
function utcFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + Object.values(options)
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { timeZone: 'UTC', ...options })
    formats.set(key, f)
  }
  return f
}

/**
 * 'Mon 23 Nov' for a UTC `YYYY-MM-DD` day (in another `locale` its own short form, 'Mo., 23. Nov.');
 * the input itself when it is not a day.
 */
export function scheduleDayLabel(date: string, locale: Locale = 'en'): string {
  const t = Date.parse(`${date}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(t)) return date
  const f = utcFormat(locale === 'en' ? 'en-GB' : locale, { weekday: 'short', day: 'numeric', month: 'short' })
  if (locale !== 'en') return f.format(t)
  const p: Record<string, string> = {}
  for (const part of f.formatToParts(t)) p[part.type] = part.value
  return `${p.weekday} ${p.day} ${p.month}`
}

/**
 * Shapes the maintenance schedule for its table: day labels (in `locale`), and every region's
 * cells padded (with empty cells) or cut to the number of days, so the grid is always
 * rectangular. `null` (no table) when there is no schedule, no day or no region.
 */
export function scheduleTable(schedule: MaintenanceSchedule | null | undefined, locale: Locale = 'en'): ScheduleTable | null {
  if (!schedule || schedule.days.length === 0 || schedule.regions.length === 0) return null
  const n = schedule.days.length
  return {
    days: schedule.days.map((date) => ({ date, label: scheduleDayLabel(date, locale) })),
    rows: schedule.regions.map((region) => ({
      title: region.title,
      cells: Array.from({ length: n }, (_, i) => {
        const cell = region.data[i]
        return { className: cell?.className ?? '', value: cell?.value ?? '' }
      }),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Calendar (docs/requirements/screens.md#calendar, docs/requirements/states.md#calendar, docs/requirements/constants.md#calendar "Calendar week 7 columns")
// ---------------------------------------------------------------------------------------------

/** A calendar month: `month` is 1-based. */
export interface MonthView {
  year: number
  month: number
}

/**
 * The weekday headers in `locale`: weeks start on Monday (ISO 8601), Monday to Sunday
 * (`{ short: 'Mon', long: 'Monday' }` …). A locale whose short names are whole words (Arabic)
 * gets its narrow ones, so the seven columns fit.
 */
export function weekdays(locale: Locale = 'en'): Array<{ short: string; long: string }> {
  // 2024-01-01 was a Monday.
  const names = (weekday: 'short' | 'long' | 'narrow') =>
    Array.from({ length: 7 }, (_, i) => utcFormat(locale, { weekday }).format(Date.UTC(2024, 0, 1 + i)))
  const long = names('long')
  let short = names('short')
  if (short.some((s, i) => s === long[i])) short = names('narrow')
  return short.map((s, i) => ({ short: s, long: long[i] }))
}

/** One day of the grid. */
export interface GridDay {
  /** `YYYY-MM-DD`. */
  date: string
  /** Day of the month, 1…31. */
  day: number
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** `YYYY-MM-DD` of a year, 1-based month and day. */
export function isoDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** Days in a month (1-based month); February has 29 in leap years. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * The weeks of a month view (docs/requirements/screens.md#calendar: 7 columns): rows of 7 cells, Monday first;
 * cells before the 1st and after the last day are `null`. 4 to 6 rows.
 *
 * @param month 1-based
 * @example monthGrid(2026, 2)[0] // [null, null, null, null, null, null, { date: '2026-02-01', day: 1 }]
 */
export function monthGrid(year: number, month: number): Array<Array<GridDay | null>> {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay() // 0 = Sunday
  const lead = (first + 6) % 7 // Monday-first column of the 1st
  const count = daysInMonth(year, month)
  const cells: Array<GridDay | null> = Array.from({ length: lead }, () => null)
  for (let d = 1; d <= count; d++) cells.push({ date: isoDay(year, month, d), day: d })
  while (cells.length % 7) cells.push(null)
  const weeks: Array<Array<GridDay | null>> = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

/** The month `delta` months from `view` (negative = earlier). */
export function addMonths(view: MonthView, delta: number): MonthView {
  const index = view.year * 12 + (view.month - 1) + delta
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 }
}

/** The month of a `YYYY-MM-DD` (or longer ISO) string; `null` when it is not one. */
export function monthOf(date: string): MonthView | null {
  const m = /^(\d{4})-(\d{2})/.exec(date)
  if (!m) return null
  const month = Number(m[2])
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null
}

/**
 * Whether the previous-month button is enabled (docs/requirements/states.md#calendar: "previous button disabled at
 * or before the start date plus one month"). The view's first day is compared with `startDate`
 * plus one month: disabled when it is at or before it — in months, when the view is at most one
 * month after `startDate`'s month. An unreadable `startDate` sets no limit.
 *
 * @example canGoPreviousMonth({ year: 2026, month: 7 }, '2026-05-20') // true (June is allowed)
 * @example canGoPreviousMonth({ year: 2026, month: 6 }, '2026-05-20') // false
 */
export function canGoPreviousMonth(view: MonthView, startDate: string): boolean {
  const start = monthOf(startDate)
  if (!start) return true
  return view.year * 12 + view.month > start.year * 12 + start.month + 1
}

const todayFormats = new Map<string, Intl.DateTimeFormat>()

/** Today's `YYYY-MM-DD` in `timeZone` (IANA; unknown zones fall back to UTC). */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  let f = todayFormats.get(timeZone)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    } catch {
      return todayIn('UTC', now)
    }
    todayFormats.set(timeZone, f)
  }
  const p: Record<string, string> = {}
  for (const part of f.formatToParts(now)) p[part.type] = part.value
  return `${p.year}-${p.month}-${p.day}`
}

/** 'November 2026' ('novembre 2026', '2026年11月' in other locales). */
export function monthLabel(view: MonthView, locale: Locale = 'en'): string {
  return utcFormat(locale, { month: 'long', year: 'numeric' }).format(Date.UTC(view.year, view.month - 1, 1))
}

/** 'Monday, November 16, 2026' for a `YYYY-MM-DD` day ('Montag, 16. November 2026' in German). */
export function dayLabel(date: string, locale: Locale = 'en'): string {
  const t = Date.parse(`${date}T00:00:00Z`)
  return Number.isNaN(t) ? date : utcFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(t)
}

// ---------------------------------------------------------------------------------------------
// Data-center multi-select (docs/requirements/screens.md#calendar)
// ---------------------------------------------------------------------------------------------

/**
 * The multi-select's button text (docs/requirements/screens.md#calendar) in `locale`: 'Select Data Centers' with none
 * selected, 'All Data Centers' with all of them, otherwise 'N selected'.
 */
export function dataCenterButtonLabel(selected: number, total: number, locale: Locale = 'en'): string {
  const t = recordsMessages.in(locale).get()
  if (selected <= 0) return t.selectDcs
  if (total > 0 && selected >= total) return t.allDcs
  return t.selected({ count: selected })
}

/** Every data-center id of the groups, in order, without duplicates. */
export function allDataCenterIds(groups: readonly CalendarDataCenterGroup[]): string[] {
  return [...new Set(groups.flatMap((g) => g.options.map((o) => o.value)))]
}

/**
 * The groups whose region or data-center label contains `query` (case-insensitive, trimmed): a
 * matching region keeps all its data centers, otherwise only matching data centers stay;
 * groups left empty are dropped. An empty query returns the groups as they are.
 */
export function filterDataCenterGroups(groups: readonly CalendarDataCenterGroup[], query: string): CalendarDataCenterGroup[] {
  const q = query.trim().toLowerCase()
  if (!q) return groups as CalendarDataCenterGroup[]
  const out: CalendarDataCenterGroup[] = []
  for (const g of groups) {
    if (g.label.toLowerCase().includes(q)) out.push(g)
    else {
      const options = g.options.filter((o) => o.label.toLowerCase().includes(q))
      if (options.length) out.push({ label: g.label, options })
    }
  }
  return out
}

/** `ids` with each of `toggle` added (`on`) or removed, keeping order and no duplicates. */
export function toggleIds(ids: readonly string[], toggle: readonly string[], on: boolean): string[] {
  if (on) return [...new Set([...ids, ...toggle])]
  const drop = new Set(toggle)
  return ids.filter((id) => !drop.has(id))
}

/**
 * The list's top message in `locale` (docs/languages-and-themes.md): the server's four sentences (an ongoing incident
 * or several, maintenance in progress or several windows) in the locale's words, with the record's
 * title as it is; anything else as the server sent it. English: the server's text unchanged.
 *
 * @example topMessageText('We are working on 2 ongoing incidents.', 'de') // 'Wir arbeiten an 2 andauernden Störungen.'
 */
export function topMessageText(text: string, locale: Locale): string {
  if (locale === 'en') return text
  const t = topMessages.in(locale).get()
  let m = /^We are working on an ongoing incident: (.+)\.$/s.exec(text)
  if (m) return t.incident({ title: m[1] })
  m = /^We are working on (\d+) ongoing incidents\.$/.exec(text)
  if (m) return t.incidents(Number(m[1]))
  m = /^Maintenance is in progress: (.+)\.$/s.exec(text)
  if (m) return t.maintenance({ title: m[1] })
  m = /^(\d+) maintenance windows are in progress\.$/.exec(text)
  return m ? t.maintenances(Number(m[1])) : text
}
