import { INDICATORS, type Indicator, OVERALL_STATUS_TEXT } from '../../contract/constants'
import type { Locale } from '../../contract/locale'
import { escapeHtml } from '../../contract/text'
import { isNamed } from '../core/narrow'
import { is } from '../core/request'
import { overallMessages } from './messages'

/**
 * The overall status line of a cloud or of the whole site (docs/statuspage-api.md): Statuspage's
 * `status` object (`contract/statuspage.ts` `StatuspageStatus`) plus the page it describes.
 */
export interface OverallStatus {
  indicator: Indicator
  /** The line's text: "All Systems Operational", "Partial Service Disruption", "Major Service Disruption" or "Service Under Maintenance". */
  description: string
  /** The status page the line stands for (`page.url` of the answer), an absolute http(s) URL; `''` when the answer had none. */
  url: string
}

/** How a line looks (its icon and accent colour), by what it says. */
export type OverallKind = 'operational' | 'partial' | 'major' | 'maintenance'

const INDICATOR_SET: readonly string[] = INDICATORS

/** Whether `s` is a Statuspage `status` object this kit can show. */
export function isStatuspageStatus(s: unknown): s is Pick<OverallStatus, 'indicator' | 'description'> {
  return is.object(s) && is.string(s.indicator) && INDICATOR_SET.includes(s.indicator) && is.string(s.description) && s.description !== ''
}

/** `page.url` of a status answer when it is an absolute http(s) URL (never a `javascript:` link), else `''`. */
export function pageUrl(page: unknown): string {
  const url = is.object(page) && is.string(page.url) ? page.url : ''
  return /^https?:\/\//i.test(url) ? url : ''
}

/** Which look and icon a status line takes: by its meaning, so that the icon always says what the text says. */
export function overallKind(status: Pick<OverallStatus, 'indicator' | 'description'>): OverallKind {
  if (status.indicator === 'critical') return 'major'
  if (status.indicator === 'maintenance') return 'maintenance'
  if (status.indicator !== 'none') return 'partial'
  // Answers from before Statuspage's `maintenance` indicator said so only in words.
  return status.description === OVERALL_STATUS_TEXT.maintenance || status.description === 'Under Maintenance'
    ? 'maintenance'
    : 'operational'
}

/** What a component's status makes of the line; a core service in major outage makes it `critical`. */
const EFFECT: Readonly<Record<string, Indicator>> = {
  under_maintenance: 'maintenance',
  degraded_performance: 'minor',
  partial_outage: 'major',
  major_outage: 'major',
}

/**
 * The overall status of the rows a narrowed element shows (its `services` and `datacenters`,
 * widgets/core/narrow.ts; an absent list keeps every row of its kind), from a cloud's v2
 * `components.json` list (ids `{cloud}-service-{tid}` and `{cloud}-dc-{tid}`; groups and other
 * components do not count), by the site's rule (docs/statuspage-api.md#statuspage-compatible-api)
 * over those rows alone: `critical` when a service shown is in major outage, `major` when a row
 * shown is in major or partial outage, `minor` when one is degraded, `maintenance` when one is
 * under maintenance, else `none`; the description is the indicator's text.
 *
 * @param components `components` of the answer; entries of another shape are left out
 */
export function narrowedStatus(
  components: unknown,
  services: readonly string[] | undefined,
  datacenters: readonly string[] | undefined,
): Pick<OverallStatus, 'indicator' | 'description'> {
  let indicator: Indicator = 'none'
  for (const c of is.array(components) ? components : []) {
    if (!is.object(c) || !is.string(c.id) || !is.string(c.name)) continue
    const row = /-(service|dc)-(\d+)$/.exec(c.id)
    if (!row || !isNamed(row[1] === 'dc' ? datacenters : services, row[2], c.name)) continue
    const effect = row[1] === 'service' && c.status === 'major_outage' ? 'critical' : (EFFECT[String(c.status)] ?? 'none')
    if (INDICATORS.indexOf(effect) > INDICATORS.indexOf(indicator)) indicator = effect
  }
  return { indicator, description: OVERALL_STATUS_TEXT[overallKind({ indicator, description: '' })] }
}

/**
 * Each kind's icon, stroke paths in a 16 × 16 viewBox like the kit's other status icons: a check,
 * a circled exclamation mark, a circled bar (the disruption severity's "ban"), a wrench.
 */
export const OVERALL_ICONS: Record<OverallKind, string> = {
  operational: 'M3 8.5l3.2 3.2L13 4.8',
  partial: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM8 4.8V9M8 11v.1',
  major: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM3.8 3.8l8.4 8.4',
  maintenance: 'M10.5 2.5a3 3 0 0 0-3.6 3.9L2.5 10.8l2.7 2.7 4.4-4.4a3 3 0 0 0 3.9-3.6l-1.9 1.9-1.8-.5-.5-1.8z',
}

/** What a line shows: its kind (`pending` while loading or failed) and its text. */
export interface OverallView {
  kind: OverallKind | 'pending'
  text: string
  /** The status page to link the text to (the badge); `''` for none. */
  href: string
}

/**
 * The line's view of a load: the status, or the waiting or failure text, in `locale`. The
 * answer's `description` is the API's English (Statuspage-compatible, `OVERALL_STATUS_TEXT`): one
 * of those four texts shows as its kind's message in `locale`; any other shows as it came.
 *
 * @param status the loaded status, `undefined` while none is loaded
 * @param failed whether the load failed
 * @param link whether the text links to the status page (`status.url`)
 * @param locale the language of the texts @default 'en'
 */
export function overallView(status: OverallStatus | undefined, failed: boolean, link: boolean, locale: Locale = 'en'): OverallView {
  const t = overallMessages.in(locale).get()
  if (!status) return { kind: 'pending', text: failed ? t.failed : t.checking, href: '' }
  const kind = overallKind(status)
  return {
    kind,
    text: status.description === OVERALL_STATUS_TEXT[kind] ? t[kind] : status.description,
    href: link ? status.url : '',
  }
}

/**
 * The inside of the line's `<p role="status">` (./OverallStatusLine.tsx, and the React-free
 * `<trust-status-badge>`): the icon (hidden from assistive technology: the text says it all), then
 * the text, escaped, as a link when {@link OverallView.href} is set. `iconClass` and `linkClass`
 * are the stylesheets' class names.
 */
export function overallLineHtml(view: OverallView, iconClass: string, linkClass = ''): string {
  const text = escapeHtml(view.text)
  const icon =
    view.kind === 'pending'
      ? ''
      : `<svg class="${iconClass}" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="${OVERALL_ICONS[view.kind]}"/></svg>`
  return icon + (view.href ? `<a class="${linkClass}" href="${escapeHtml(view.href)}">${text}</a>` : `<span>${text}</span>`)
}
