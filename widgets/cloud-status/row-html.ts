/**
 * The markup of the timeline's rows (docs/requirements/screens.md#cloud-status-page, docs/requirements/constants.md#timeline): plain elements built
 * as strings, once per answer, a slice of rows as one string the browser parses at once, far
 * faster than a component per row or bar creates them. No state here: what changes while a row
 * is shown (the tab stop, the open popover, a star's pressed or pending state, the name's
 * tooltip) the timeline sets on the elements.
 */
import type { Locale } from '../../contract/locale'
import type { StatusItem, StatusSeverity } from '../../contract/status'
import { escapeHtml } from '../../contract/text'
import * as styles from './cloud-status.css'
import { cloudStatusMessages } from './messages'
import { barKind, barLabel, dayLabel, isLive, severityName, type TimelineRow } from './model'

/** What a row's markup depends on besides the row itself. */
export interface RowHtmlOptions {
  /** The answer's severities, for the names in the bars' accessible names. */
  severities: readonly StatusSeverity[]
  /** IANA zone of the times in the bars' accessible names. */
  timeZone: string
  /** Rows are premium data centers: a diamond and 'Premium data center: ' before the name. */
  premium: boolean
  /** Disaster-recovery variant: no subscribe star. */
  noStar: boolean
  /** The language of the texts and times. @default 'en' */
  locale?: Locale
}

/** Height of a row's lane area with `lanes` lanes, px: what the lane's CSS computes from its row's `--n` (cloud-status.css.ts). */
export const laneHeight = (lanes: number): number => lanes * styles.LANE_STEP_PX + styles.LANES_EXTRA_PX

const percents = new Map<Locale, Intl.NumberFormat>()

/**
 * An uptime figure with two decimals as `locale` writes it ('99.87', '99,87'). English takes
 * `toFixed`, the same text for a percentage (no grouping below 1,000): building a page's first
 * `Intl.NumberFormat` costs milliseconds of the timeline's first render (`npm run bench`).
 */
function percent(value: number, locale: Locale): string {
  if (locale === 'en') return value.toFixed(2)
  let f = percents.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    percents.set(locale, f)
  }
  return f.format(value)
}

/**
 * `visible` under the name, `aria-hidden`, with `spoken` as its title and, visually hidden, in its
 * place for screen readers. Its `figure` with the per cent sign after it ('99.87%', '99,87 %') is
 * a `<bdi>`, so the figure never reorders with the words around it in either direction.
 */
const uptimeSpans = (visible: string, spoken: string, figure = '\n'): string => {
  const text = escapeHtml(spoken)
  return `<span class="${styles.uptime}" title="${text}" aria-hidden="true">${escapeHtml(visible).replace(
    RegExp(`${figure.replace('.', '\\.')}\\s?[%٪]`),
    '<bdi>$&</bdi>',
  )}</span><span class="${styles.hidden}">${text}</span>`
}

/**
 * The row's uptime under its name (docs/statuspage-api.md), in `locale`: visibly the 30-day figure,
 * '99.87% (30 d)', with both figures in its title; read out as '30-day uptime 99.87%, 90-day
 * uptime 99.95%' (visually hidden text; the visible one is `aria-hidden`). A row in service for
 * less than 90 days (`uptime_since`, docs/statuspage-api.md#uptime) shows its figure since then, '99.87% since
 * 12 Nov 2026' ('Uptime 99.87% since 12 Nov 2026'), and during its first day, without a figure,
 * 'In service since 12 Nov 2026'. Nothing when the answer has no figures (`null`, or a server
 * without them).
 */
function uptimeHtml(
  { uptime_30d: month, uptime_90d: quarter, uptime_since: since }: Pick<StatusItem, 'uptime_30d' | 'uptime_90d' | 'uptime_since'>,
  locale: Locale,
): string {
  const t = cloudStatusMessages.in(locale).get()
  // NaN without a day (or with one that is not a date): the 30-day line.
  const start = Date.parse(since!)
  if (!Number.isNaN(start)) {
    const date = dayLabel(start, 'UTC', locale)
    if (typeof quarter !== 'number') return uptimeSpans(t.inService({ date }), t.inService({ date }))
    const month = percent(quarter, locale)
    return uptimeSpans(t.upSince({ month, date }), t.upSinceLong({ month, date }), month)
  }
  if (typeof month !== 'number' || typeof quarter !== 'number') return ''
  const m = percent(month, locale)
  return uptimeSpans(t.uptime30({ month: m }), t.uptime({ month: m, quarter: percent(quarter, locale) }), m)
}

/**
 * The inside of an item row's `<li>`: the name cell — the subscribe star (`aria-pressed` from the
 * answer, disabled for a decommissioned row), the premium mark, the name with '(decommissioned)',
 * focusable and marked `data-info` when it has an info tooltip, under it the row's uptime
 * ({@link uptimeHtml}), and 'No issues' (visually hidden) for a row without bars — and the lane:
 * a button per bar with its accessible name ({@link barLabel}), `tabindex="-1"`, its place as
 * inline `margin-inline-start` and `width` (% of the week from its start) and `grid-row` (its lane, from 1: the lane is a
 * grid of one column and a track per lane, so no bar is positioned), and the `data-row` / `data-col`
 * position the timeline's delegated handlers read. Texts and times are in `options.locale`; the
 * places are logical, so the week runs right to left in a right-to-left language.
 */
export function rowHtml(row: TimelineRow, { severities, timeZone, premium, noStar, locale = 'en' }: RowHtmlOptions): string {
  const item = row.item!
  const { bars } = row.layout!
  const t = cloudStatusMessages.in(locale).get()
  const name = escapeHtml(item.name)
  let html = `<div class="${styles.nameCell}">`
  if (!noStar) {
    html += `<button type="button" class="${styles.star}" aria-pressed="${item.subscribed === '1'}" aria-label="${escapeHtml(t.subscribe({ name: item.name }))}"${
      item.status ? '' : ' disabled'
    } data-testid="subscribe-star" part="star"></button>`
  }
  if (premium) {
    html += `<span class="${styles.premiumBadge}" aria-hidden="true"></span><span class="${styles.hidden}">${escapeHtml(t.premDc)}: </span>`
  }
  const info = item.info.trim() !== ''
  html += `<span class="${styles.label}"><span class="${styles.name}${info ? ` ${styles.nameWithInfo}" tabindex="0" data-info` : '"'}>${name}${
    item.status ? '' : `<span class="${styles.decommissioned}">${escapeHtml(t.decommissioned)}</span>`
  }</span>${uptimeHtml(item, locale)}</span>${bars.length ? '' : `<span class="${styles.noIssues}">${escapeHtml(t.noIssues)}</span>`}</div><div class="${styles.lane}">`
  bars.forEach((bar, col) => {
    const { issue } = bar
    const k = barKind(issue.severityTid)
    const live = isLive(issue)
    html += `<button type="button" class="${styles.bar} ${styles.kind[k]}${live ? ` ${styles.live}` : ''}" style="margin-inline-start:${bar.left}%;width:${bar.width}%;grid-row:${bar.lane + 1}" tabindex="-1" aria-label="${escapeHtml(
      barLabel(item.name, issue, severityName(severities, issue.severityTid, locale), timeZone, locale),
    )}" aria-haspopup="dialog" data-row="${row.index}" data-col="${col}" data-kind="${k}"${live ? ' data-live="true"' : ''} data-issue-id="${
      issue.id
    }" data-testid="issue-bar" part="bar"></button>`
  })
  return `${html}</div>`
}

/**
 * The `<li>`s of `rows[from…to)`, one string for the timeline's list: an item row is
 * {@link rowHtml} in an `<li>` carrying its lane count (`--n`, its estimated height while off
 * screen), its tid and test id; a region's title row is its title.
 */
export function rowsHtml(rows: readonly TimelineRow[], from: number, to: number, options: RowHtmlOptions): string {
  let html = ''
  for (let i = from; i < to; i++) {
    const row = rows[i]
    html += row.item
      ? `<li class="${styles.row}" style="--n:${row.layout!.lanes}" data-testid="status-row" data-tid="${row.item.tid}">${rowHtml(row, options)}</li>`
      : `<li class="${styles.categoryRow}" data-testid="category-row"><span class="${styles.headerName}">${escapeHtml(row.title)}</span></li>`
  }
  return html
}
