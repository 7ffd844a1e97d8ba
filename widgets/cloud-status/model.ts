/**
 * Pure logic of the cloud status timeline (docs/requirements/screens.md#cloud-status-page, docs/requirements/entities.md#status-response,
 * docs/requirements/states.md#timeline-paging, docs/requirements/constants.md#timeline). No DOM here: every function is unit-tested.
 *
 * Units: timeline positions are minutes from the week's start (0…10080) or percent of the
 * week's width (0…100); instants are ISO 8601 UTC strings.
 */
import { termName } from '../../contract/terms.js'
import { MAX_WEEK_OFFSET, SEVERITY_DEGRADATION, SEVERITY_DISRUPTION, WEEK_MINUTES } from '../../contract/constants'
import type { Locale } from '../../contract/locale'
import type { CloudStatusData, CloudStatusRequestType, StatusCategory, StatusIssue, StatusSeverity } from '../../contract/status'
import { isNamed } from '../core/narrow'
import { formatTimestamp, formatter } from '../../contract/time.js'
import { cloudStatusMessages } from './messages'

/** How a bar looks by severity (docs/requirements/entities.md#severity, docs/requirements/states.md#timeline-paging classes). */
export type BarKind = 'disruption' | 'degradation' | 'informational'

/**
 * The look of a bar from its severity id: '20' → `disruption`, '19' → `degradation`,
 * anything else → `informational` (docs/requirements/entities.md#severity, docs/requirements/constants.md#severity-ids"Severity ids '20' and '19'").
 */
export function barKind(severityTid: string): BarKind {
  if (severityTid === SEVERITY_DISRUPTION) return 'disruption'
  if (severityTid === SEVERITY_DEGRADATION) return 'degradation'
  return 'informational'
}

/** Whether an issue is ongoing (docs/requirements/states.md "live" bars): its `endTime` is `null`. */
export function isLive(issue: Pick<StatusIssue, 'endTime'>): boolean {
  return issue.endTime === null
}

/**
 * Smallest width a bar is drawn with, percent of the week (0.5 % ≈ 50 minutes, about 5 px on a
 * 1000 px timeline), so a five-minute issue is still visible and clickable.
 */
export const MIN_BAR_PERCENT = 0.5

/** Where a bar sits, percent of the week's width. */
export interface BarGeometry {
  /** Left edge, 0…100 %. */
  left: number
  /** Width, MIN…100 %. */
  width: number
}

const clampMinutes = (m: number): number => (Number.isFinite(m) ? Math.min(WEEK_MINUTES, Math.max(0, m)) : 0)

/**
 * Converts an issue's span in minutes from the week's start into left/width percent of the
 * 10080-minute week (docs/requirements/constants.md). Both ends are clipped to 0…10080 (`to < from` is swapped); a bar
 * narrower than `minPercent` is widened to it, and moved left when that would overflow the week.
 *
 * @param from minutes from the week's start
 * @param to minutes from the week's start
 * @param minPercent smallest width, % @default MIN_BAR_PERCENT
 * @example barGeometry(1440, 2880) // { left: 14.2857…, width: 14.2857… } — the whole 2nd day
 */
export function barGeometry(from: number, to: number, minPercent = MIN_BAR_PERCENT): BarGeometry {
  let a = clampMinutes(from)
  let b = clampMinutes(to)
  if (b < a) [a, b] = [b, a]
  const left = (a / WEEK_MINUTES) * 100
  const width = Math.max(minPercent, ((b - a) / WEEK_MINUTES) * 100)
  return { left: Math.min(left, 100 - width), width }
}

/** One bar of a row, placed: geometry plus the lane it sits in. */
export interface PlacedBar extends BarGeometry {
  issue: StatusIssue
  /** 0-based lane within the row; overlapping bars get different lanes. */
  lane: number
}

/** A row's bars with lanes: `lanes` is how many lanes the row needs (at least 1). */
export interface RowLayout {
  bars: PlacedBar[]
  lanes: number
}

/**
 * Lays out one row's issues (docs/requirements/screens.md#cloud-status-page): computes each bar's geometry and puts
 * bars that overlap on screen (after the minimum width is applied) into separate lanes, so both
 * stay visible and clickable. Greedy interval partitioning: bars sorted by left edge (then
 * right edge), each takes the lowest lane whose last bar ended at or before its left edge.
 * The returned bars are in that order, which is also the keyboard order along the row.
 */
export function layoutRow(issues: readonly StatusIssue[], minPercent = MIN_BAR_PERCENT): RowLayout {
  const placed = issues
    .map((issue): PlacedBar => {
      const { left, width } = barGeometry(issue.from, issue.to, minPercent)
      return { issue, left, width, lane: 0 }
    })
    .sort((x, y) => x.left - y.left || x.width - y.width || x.issue.id - y.issue.id)
  const laneEnds: number[] = []
  for (const bar of placed) {
    let lane = 0
    while (lane < laneEnds.length && laneEnds[lane] > bar.left + 1e-9) lane++
    laneEnds[lane] = bar.left + bar.width
    bar.lane = lane
  }
  return { bars: placed, lanes: Math.max(1, laneEnds.length) }
}

/** One day column of the header. */
export interface DayHeader {
  /** The day in the week's time zone, `YYYY-MM-DD`. */
  date: string
  /** e.g. 'Mon 16 Nov' (weekday, day, short month; docs/requirements/screens.md "date headers (day and short month)"). */
  label: string
}

const DAY_MS = 86_400_000

/**
 * `[weekday + ',', day (2 digits), month, year]` of the day around instant `t` (epoch ms) in
 * `timeZone`, cut from its timestamp ({@link stamp}: the cached formatter of the zone; an unknown
 * zone is UTC). Callers pass the middle of a day (start + 12 h), which stays inside that day when
 * a daylight-saving change moves the week's edges by an hour.
 */
const day = (t: number, timeZone: string): string[] => stamp(new Date(t).toISOString(), timeZone).split(' ')

const dates = new Map<string, Intl.DateTimeFormat>()

/**
 * The day around instant `t` in `timeZone` written in `locale` (not English, whose labels are cut
 * from {@link stamp}): weekday, day and short month for a header, day, short month and year for
 * the week's range. Formatters are cached per (locale, zone, use); an unknown zone is UTC.
 */
function localDay(t: number, timeZone: string, locale: Locale, header: boolean): string {
  const key = `${locale} ${timeZone} ${header}`
  let f = dates.get(key)
  if (!f) {
    const options: Intl.DateTimeFormatOptions = header
      ? { weekday: 'short', day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' }
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    } catch {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    }
    dates.set(key, f)
  }
  return f.format(t)
}

/**
 * The 7 days of the week starting at `startDate` in `timeZone` (docs/requirements/screens.md, contract
 * `CloudStatusData`: the answer's week is made of that zone's days when asked with its `tz`),
 * labelled weekday + day + short month: `['Mon 16 Nov', 'Tue 17 Nov', …]`, or the same parts as
 * `locale` writes them (`'Mo., 16. Nov.'`). Invalid input gives [].
 *
 * @param timeZone IANA zone the week was asked for @default 'UTC'
 * @param locale the labels' language @default 'en'
 */
export function dayHeaders(startDate: string, timeZone = 'UTC', locale: Locale = 'en'): DayHeader[] {
  const start = Date.parse(startDate)
  if (Number.isNaN(start)) return []
  return Array.from({ length: 7 }, (_, i) => {
    const t = start + i * DAY_MS + DAY_MS / 2
    const [weekday, d, month, year] = day(t, timeZone)
    return {
      date: `${year}-${String(MONTHS.indexOf(month) / 3 + 1).padStart(2, '0')}-${d}`,
      label: locale === 'en' ? `${weekday.slice(0, 3)} ${+d} ${month}` : localDay(t, timeZone, locale, true),
    }
  })
}

/**
 * The week's date range for the paging bar, e.g. '16 Nov 2026 – 22 Nov 2026': from the first to
 * the last of the 7 days in `timeZone` (`endDate` is exclusive, the midnight after the last day),
 * each day as `locale` writes it.
 *
 * @param timeZone IANA zone the week was asked for @default 'UTC'
 * @param locale the dates' language @default 'en'
 */
export function weekRangeLabel(startDate: string, endDate: string, timeZone = 'UTC', locale: Locale = 'en'): string {
  const start = Date.parse(startDate)
  const end = Date.parse(endDate)
  if (Number.isNaN(start) || Number.isNaN(end)) return ''
  return `${dayLabel(start, timeZone, locale)} – ${dayLabel(Math.max(start, end - DAY_MS), timeZone, locale)}`
}

/**
 * The day starting at instant `t` (epoch ms, a midnight of `timeZone`) with its year, as
 * `locale` writes it: '16 Nov 2026', '16. Nov. 2026', '2026年11月16日'. The week's range and a
 * row's "since 12 Nov 2026" (its in-service day, in UTC) use it.
 *
 * @param timeZone IANA zone of the day; an unknown zone is UTC
 */
export function dayLabel(t: number, timeZone: string, locale: Locale): string {
  if (locale !== 'en') return localDay(t + DAY_MS / 2, timeZone, locale, false)
  const [, d, month, year] = day(t + DAY_MS / 2, timeZone)
  return `${+d} ${month} ${year}`
}

/**
 * Where the current-time marker sits, percent of the week; `null` when there is none (a past
 * week answers `current_time` 10080, docs/requirements/entities.md#status-response).
 */
export function nowPercent(currentTime: number): number | null {
  if (!Number.isFinite(currentTime) || currentTime < 0 || currentTime >= WEEK_MINUTES) return null
  return (currentTime / WEEK_MINUTES) * 100
}

/** '< Previous 7 Days' is enabled below offset 12 (docs/requirements/states.md#timeline-paging, docs/requirements/constants.md). */
export function canGoPrevious(offset: number): boolean {
  return offset < MAX_WEEK_OFFSET
}

/** 'Next 7 Days >' is enabled above offset 0 (docs/requirements/states.md#timeline-paging). */
export function canGoNext(offset: number): boolean {
  return offset > 0
}

/** The data-center tabs (docs/requirements/screens.md): request types of the data-center block. */
export type DataCenterTab = Extract<CloudStatusRequestType, 'public' | 'premium'>

/** Paging state of one block: its week offset (0…12 weeks back) and, for data centers, the tab. */
export interface PagingState {
  tab: DataCenterTab
  offset: number
}

/** What changes a block's paging state. */
export type PagingAction = { type: 'previous' } | { type: 'next' } | { type: 'tab'; tab: DataCenterTab }

/** The initial paging state: the current week of the public data centers. */
export const INITIAL_PAGING: PagingState = { tab: 'public', offset: 0 }

/**
 * Paging reducer (docs/requirements/states.md#timeline-paging): `previous` goes one week back (at most 12), `next`
 * one week forward (at least 0), switching to another data-center tab resets the offset to 0.
 * Actions that change nothing return the same state object.
 */
export function pagingReducer(state: PagingState, action: PagingAction): PagingState {
  switch (action.type) {
    case 'previous':
      return canGoPrevious(state.offset) ? { ...state, offset: state.offset + 1 } : state
    case 'next':
      return canGoNext(state.offset) ? { ...state, offset: state.offset - 1 } : state
    case 'tab':
      return action.tab === state.tab ? state : { tab: action.tab, offset: 0 }
  }
}

/** One legend line: a symbol and its text (status is never told by colour alone). */
export interface LegendEntry {
  /** Severity id, or `'live'` / `'premium'`. */
  key: string
  label: string
  /** How the symbol is drawn. */
  kind: BarKind | 'live' | 'premium'
  /** The severity's own colour (`#rrggbb`), for severities. */
  color?: string
}

/** Options of {@link legendEntries}. */
export interface LegendOptions {
  /** Which block the legend belongs to. */
  block: 'core' | 'datacenter'
  /** The cloud has premium data centers (`cloud_status.premium_datacenter` '1'). */
  hasPremium: boolean
  /** Government variant: no premium legend (docs/requirements/product.md Variants, docs/requirements/screens.md#cloud-status-page). */
  isGov: boolean
  /** The language of the 'Ongoing' and 'Premium data center' entries (severity names are data). @default 'en' */
  locale?: Locale
}

/**
 * The legend of a block (docs/requirements/screens.md#cloud-status-page): the severities with `show_legend`, in the
 * answer's order; an 'Ongoing' entry for live bars; and a 'Premium data center' entry only in
 * the data-center block of a cloud with premium data centers, never on the government variant.
 */
export function legendEntries(
  severities: readonly StatusSeverity[],
  { block, hasPremium, isGov, locale = 'en' }: LegendOptions,
): LegendEntry[] {
  const t = cloudStatusMessages.in(locale).get()
  const entries: LegendEntry[] = severities
    .filter((s) => s.show_legend)
    .map((s) => ({ key: s.tid, label: termName(s.name, locale), kind: barKind(s.tid), color: s.color_code }))
  entries.push({ key: 'live', label: t.ongoing, kind: 'live' })
  if (block === 'datacenter' && hasPremium && !isGov) entries.push({ key: 'premium', label: t.premDc, kind: 'premium' })
  return entries
}

/**
 * The name of severity `tid` from the answer's list, or the generic name of its kind in `locale`
 * ('Service Disruption', 'Service Degradation', 'Informational') when the answer lacks it.
 */
export function severityName(severities: readonly StatusSeverity[], tid: string, locale: Locale = 'en'): string {
  const name = severities.find((s) => s.tid === tid)?.name
  return name === undefined ? cloudStatusMessages.in(locale).get()[barKind(tid)] : termName(name, locale)
}

/**
 * Accessible name of a bar in `locale`: row, severity and real start/end times in `timeZone`
 * (docs/requirements/constants.md#time-format), e.g. 'Frankfurt II: Service Disruption, Mon, 16 Nov 2026 10:00:00 UTC to
 * Mon, 16 Nov 2026 12:30:00 UTC'; a live issue ends 'to ongoing'.
 *
 * @param locale the language of the text and the times @default 'en'
 */
export function barLabel(rowName: string, issue: StatusIssue, severity: string, timeZone = 'UTC', locale: Locale = 'en'): string {
  const t = cloudStatusMessages.in(locale).get()
  const time = (value: string) => (locale === 'en' ? stamp(value, timeZone) : formatTimestamp(value, timeZone, locale))
  return t.bar({
    name: rowName,
    severity,
    start: time(issue.startTime),
    end: issue.endTime === null ? t.ongoing.toLowerCase() : time(issue.endTime),
  })
}

/** en-US `format()` text of the timestamp formatter: 'Mon, Nov 16, 2026, 10:00:00 UTC'. */
const US_STAMP = /^(\w+), (\w+) (\d+), (\d+), (\S+) (.+)$/
const WEEKDAYS = 'SunMonTueWedThuFriSat'
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec'

/**
 * `formatTimestamp(value, timeZone)` (contract/time.ts), the same text, for the many
 * timestamps of a week's bar names. In UTC (the default zone) it is cut from the ISO form without
 * `Intl`; in other zones one `format()` call of the same cached formatter, reordered, costs about
 * a quarter of `formatToParts`. Falls back to `formatTimestamp` when the platform writes another
 * pattern, the zone is unknown, the instant invalid or its year not of four digits.
 *
 * @param value ISO 8601 instant
 * @param timeZone IANA zone
 * @example stamp('2026-11-16T10:00:00Z', 'UTC') // 'Mon, 16 Nov 2026 10:00:00 UTC'
 */
export function stamp(value: string, timeZone: string): string {
  const t = Date.parse(value)
  let m: RegExpExecArray | null = null
  try {
    if (timeZone === 'UTC') {
      const d = new Date(t)
      const iso = d.toISOString() // throws for an invalid instant
      const w = d.getUTCDay() * 3
      const mo = d.getUTCMonth() * 3
      if (/^[1-9]\d{3}-/.test(iso))
        return `${WEEKDAYS.slice(w, w + 3)}, ${iso.slice(8, 10)} ${MONTHS.slice(mo, mo + 3)} ${iso.slice(0, 4)} ${iso.slice(11, 19)} UTC`
    }
    m = US_STAMP.exec(formatter(timeZone).format(t))
  } catch {
    // an unknown zone or an invalid instant: formatTimestamp says what it shows for those
  }
  return m ? `${m[1]}, ${m[3]} ${m[2]} ${m[4]} ${m[5]} ${m[6]}` : formatTimestamp(value, timeZone)
}

/** A position in the block's bar grid: row index (rows with and without bars) and bar index. */
export interface BarPosition {
  row: number
  col: number
}

/**
 * Roving focus between bars (one tab stop per block): ArrowLeft/ArrowRight move along the row to
 * the next bar on that side as it is seen — ArrowLeft to the earlier bar left to right, to the
 * later one right to left (`rtl`, the week mirrored: docs/languages-and-themes.md) — ArrowUp/ArrowDown to the bar
 * nearest in horizontal centre in the previous/next row that has bars (rows without bars are
 * skipped), Home/End to the row's first/last bar (the earliest/latest, whatever the direction).
 * At an edge the key stays on `at` (it is still the grid's: the page must not scroll away from
 * the focused bar); `null` for a key that is not the grid's.
 *
 * @param rows per row, the horizontal centres (%) of its bars in keyboard order (% of the week
 *   from its start, on the right when `rtl`)
 * @param rtl the timeline runs right to left
 */
export function moveFocus(rows: readonly (readonly number[])[], at: BarPosition, key: string, rtl = false): BarPosition | null {
  const row = rows[at.row] ?? []
  const last = row.length - 1
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowRight':
      return { row: at.row, col: Math.min(Math.max(at.col + ((key === 'ArrowLeft') === rtl ? 1 : -1), 0), last) }
    case 'Home':
      return { row: at.row, col: 0 }
    case 'End':
      return { row: at.row, col: last }
    case 'ArrowUp':
    case 'ArrowDown': {
      const step = key === 'ArrowUp' ? -1 : 1
      const x = row[at.col] ?? 0
      for (let r = at.row + step; r >= 0 && r < rows.length; r += step) {
        const centres = rows[r]
        if (!centres.length) continue
        let best = 0
        for (let c = 1; c < centres.length; c++) if (Math.abs(centres[c] - x) < Math.abs(centres[best] - x)) best = c
        return { row: r, col: best }
      }
      return at
    }
    default:
      return null
  }
}

/**
 * The first bar, row by row, whose horizontal centre lies within `from`…`to` (% of the week):
 * where the timeline's tab stop goes when the week opens scrolled (a phone), so the key lands on
 * a bar in view rather than one scrolled away or under the names column. `null` when none is.
 *
 * @param rows per row, the horizontal centres (%) of its bars in keyboard order
 */
export function firstBarIn(rows: readonly (readonly number[])[], from: number, to: number): BarPosition | null {
  for (let row = 0; row < rows.length; row++) {
    const col = rows[row].findIndex((x) => x >= from && x <= to)
    if (col !== -1) return { row, col }
  }
  return null
}

/** One timeline row of a block, flattened from the answer's categories. */
export interface TimelineRow {
  /** `'category'` rows are region titles (data-center block only). */
  type: 'item' | 'category'
  title: string
  /** Index among item rows (the bar grid's row), for item rows. */
  index: number
  item?: StatusCategory['subCategory'][number]
  layout?: RowLayout
}

/**
 * A week narrowed to the rows `list` names (`datacenters` or `services`, widgets/core/narrow.ts):
 * each category keeps those rows, a category left empty goes. Without a list, the week itself.
 */
export function narrowWeek(week: CloudStatusData, list: readonly string[] | undefined): CloudStatusData {
  if (!list) return week
  const category = week.category
    .map((c) => ({ ...c, subCategory: c.subCategory.filter((item) => isNamed(list, item.tid, item.name)) }))
    .filter((c) => c.subCategory.length)
  return { ...week, category }
}

/**
 * Flattens categories into rows: a title row per category except the core services group
 * (its title is the block's heading), then one row per service or data center with its laid-out
 * bars (see {@link layoutRow}).
 */
export function timelineRows(categories: readonly StatusCategory[]): TimelineRow[] {
  const rows: TimelineRow[] = []
  let index = 0
  for (const category of categories) {
    if (category.tid !== 'core_cloud_services') {
      rows.push({ type: 'category', title: category.title, index: -1 })
    }
    for (const item of category.subCategory) {
      rows.push({
        type: 'item',
        title: item.name,
        index: index++,
        item,
        layout: layoutRow(item.issues),
      })
    }
  }
  return rows
}

/**
 * How much DOM one task may build while a long timeline first renders, in cost units: a row
 * costs 1 plus 1 per bar. A slice's rows are one string of markup the list parses at once
 * (row-html.ts `rowsHtml`), so 550 units (markup, parsing and the slice's render) take about
 * 11 ms of CPU time in Chromium on the 2-core development machine (traced; `npm run bench`). A
 * week of 150 data centers with 500 issues renders in 2 slices; the frames after them, not the
 * slices, are the render's costliest tasks.
 */
export const RENDER_BUDGET_PER_TASK = 600

/**
 * The budget of the first slice, in the same units: smaller, as its rows are the ones on screen,
 * which the frame after it styles, lays out and paints; the rows of later slices start mostly
 * below the fold, where `content-visibility` skips them. For 150 data centers with 500 issues
 * the costliest frame went from a median 37 to 21 ms of main-thread CPU time over 10 traced
 * renders each when it came in, at no cost in script (docs/benchmarks.md#budgets-and-figures).
 */
export const FIRST_RENDER_BUDGET = 100

/**
 * The row count to render after the first `from` rows (≥ 0) are on screen: at least one more
 * row, then rows while their cost fits in `budget` (see {@link RENDER_BUDGET_PER_TASK}; the
 * first slice takes {@link FIRST_RENDER_BUDGET}). Returns `rows.length` when everything fits.
 */
export function nextRowLimit(rows: readonly TimelineRow[], from: number, budget = RENDER_BUDGET_PER_TASK): number {
  let limit = from
  let spent = 0
  while (limit < rows.length) {
    const cost = 1 + (rows[limit].layout?.bars.length ?? 0)
    if (spent && spent + cost > budget) break
    spent += cost
    limit++
  }
  return limit
}
