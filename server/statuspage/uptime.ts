/**
 * Uptime per service and data center (docs/statuspage-api.md#statuspage-compatible-api,
 * "Uptime"): one formula for the v2 API's components (`uptime_30d`, `uptime_90d`) and the status
 * timeline's rows (`StatusItem.uptime_30d`, `uptime_90d`). Pure functions over plain values; the
 * callers read the spans with `incidentSpans` (`server/repo/records.ts`).
 *
 * Units: instants and lengths in epoch milliseconds, windows in whole days (of 86 400 000 ms),
 * results in percent.
 *
 * For one component (a cloud's service or data center) and a window of N days:
 *
 * - **Window**: from `max(now − N days, the component's start date)` to `min(now, its
 *   decommissioning date)`. An unknown start or end does not clip it. A window shorter than one day
 *   ({@link MIN_UPTIME_WINDOW_MS}) has no uptime: `null` — the component starts after now, was
 *   decommissioned before the window began, or has been in service for less than a day, too short
 *   for a percentage to mean anything (a minute's incident in its first few minutes is not "74 %").
 * - **Since**: when the start date clips the longest window (the component went into service less
 *   than 90 days ago, and not after now), `uptime_since` names that day (`YYYY-MM-DD`, UTC): the
 *   90-day figure, and the 30-day one when the day is within the last 30, count only from there,
 *   and a page shows "99.87% since 12 Nov 2026" rather than a 90-day figure. Otherwise `null`.
 * - **What counts**: the incidents on that cloud naming the component's term; each is clipped to
 *   the window (an ongoing one, `to` null, runs to now). Scheduled maintenance never counts
 *   (planned work is not downtime, as on Statuspage), nor do other record types.
 * - `down` = the length of the union of the severity `'20'` (Service Disruption) spans, so
 *   overlapping disruptions count once; `partial` = the length of the union of the severity `'19'`
 *   (Service Degradation) spans minus what is already down. Other severities (Informational, No
 *   Service Impact) count as up.
 * - **Uptime** = 100 × (window − down − 0.3 × partial) / window, rounded *down* to two decimals:
 *   100.00 only when nothing counted, so a real outage never shows as 100 (one minute of disruption
 *   in 30 days is 99.99). The 0.3 weight is Statuspage's uptime showcase's, which counts a partial
 *   outage as 30 % of a major one ("Display historical uptime of components",
 *   https://help.statuspage.io/help/uptime-calendar).
 */
import { DAY_MS } from '../lib/week.js'
import { SEVERITY_DEGRADATION, SEVERITY_DISRUPTION } from './derive.js'

/** The two windows the answers carry, days. */
export const UPTIME_WINDOWS = [30, 90] as const

/** How much of a partial outage (a Service Degradation) counts as down: 30 %, as Statuspage weighs it. */
export const PARTIAL_WEIGHT = 0.3

/** The severity term ids that count: a disruption is down, a degradation partial (docs/requirements/entities.md#severity). */
export const UPTIME_SEVERITIES: readonly number[] = [SEVERITY_DISRUPTION, SEVERITY_DEGRADATION]

/** What the formula needs of an incident: its severity's term id and its span, epoch ms (`to` null while ongoing). */
export interface UptimeSpan {
  severityTid: number | null
  from: number
  to: number | null
}

/** The part of a component's life the window is clipped to, epoch ms; `null` when unknown. */
export interface ComponentLife {
  /** When it went into service. */
  start: number | null
  /** When it was decommissioned (null while in service). */
  end: number | null
}

/**
 * The shortest window a figure is given for: one day, ms. Over less, a minute's incident would
 * swing the figure by whole percents; the answer gives `uptime_since` alone instead.
 */
export const MIN_UPTIME_WINDOW_MS = DAY_MS

/** The answers' uptime fields (see the module comment). */
export interface Uptimes {
  /** Percent with two decimals, or null. */
  uptime_30d: number | null
  /** Percent with two decimals, or null. */
  uptime_90d: number | null
  /** The UTC day (`YYYY-MM-DD`) the figures count from when the component's start clips the 90-day window; else null. */
  uptime_since: string | null
}

/** Length of the union of `spans` ([from, to) pairs, ms), each counted once however they overlap. */
function unionLength(spans: Array<[number, number]>): number {
  spans.sort((a, b) => a[0] - b[0])
  let total = 0
  let end = Number.NEGATIVE_INFINITY
  for (const [from, to] of spans) {
    if (to <= end) continue
    total += to - Math.max(from, end)
    end = to
  }
  return total
}

/**
 * The uptime of one component over the `days` days ending at `now` (see the module comment).
 *
 * @param spans the component's incidents (never maintenance); severities other than '20' and
 *   '19', and spans outside the window, change nothing
 * @param life the component's start and decommissioning dates, ms
 * @param days the window, whole days
 * @param now epoch ms
 * @returns percent, 0…100 with two decimals rounded down; `null` when the window is shorter than
 *   {@link MIN_UPTIME_WINDOW_MS}
 * @example uptimePercent([{ severityTid: 20, from: now - 60_000, to: now }], { start: null, end: null }, 30, now) // 99.99
 */
export function uptimePercent(spans: readonly UptimeSpan[], life: ComponentLife, days: number, now: number): number | null {
  const start = Math.max(now - days * DAY_MS, life.start ?? Number.NEGATIVE_INFINITY)
  const end = Math.min(now, life.end ?? now)
  const window = end - start
  if (!(window >= MIN_UPTIME_WINDOW_MS)) return null
  const down: Array<[number, number]> = []
  const counted: Array<[number, number]> = []
  for (const s of spans) {
    if (s.severityTid !== SEVERITY_DISRUPTION && s.severityTid !== SEVERITY_DEGRADATION) continue
    const from = Math.max(s.from, start)
    const to = Math.min(s.to ?? now, end)
    if (to <= from) continue
    counted.push([from, to])
    if (s.severityTid === SEVERITY_DISRUPTION) down.push([from, to])
  }
  const downMs = unionLength(down)
  const partialMs = unionLength(counted) - downMs
  // In hundredths of a percent, from integers (ms): the division is exact when the true value is
  // a whole number, and the floor never turns 99.999… into 100.
  const hundredths = Math.floor((10_000 * (window - downMs) - 10_000 * PARTIAL_WEIGHT * partialMs) / window)
  return Math.max(0, hundredths) / 100
}

/**
 * The day a component's figures count from (`uptime_since`): the UTC day of its start, `YYYY-MM-DD`,
 * when it went into service within the longest window ending at `now` (so it clips that window)
 * and not after `now`; `null` when it was in service before the window began, or its start is unknown.
 *
 * @example uptimeSince({ start: Date.parse('2026-11-12T09:30:00Z'), end: null }, Date.parse('2026-11-20T00:00:00Z')) // '2026-11-12'
 */
export function uptimeSince(life: ComponentLife, now: number): string | null {
  const { start } = life
  if (start === null || start > now || start <= now - Math.max(...UPTIME_WINDOWS) * DAY_MS) return null
  return new Date(start).toISOString().slice(0, 10)
}

/** Both windows of one component ({@link UPTIME_WINDOWS}) and the day they count from ({@link uptimeSince}). */
export function componentUptimes(spans: readonly UptimeSpan[], life: ComponentLife, now: number): Uptimes {
  const [short, long] = UPTIME_WINDOWS
  return {
    uptime_30d: uptimePercent(spans, life, short, now),
    uptime_90d: uptimePercent(spans, life, long, now),
    uptime_since: uptimeSince(life, now),
  }
}

/** A component without figures: a group, or a row whose time in service is unknown. */
export const NO_UPTIME: Readonly<Uptimes> = { uptime_30d: null, uptime_90d: null, uptime_since: null }

/** The time whose incidents the longest window needs: the 90 days ending at `now` (epoch ms). */
export function uptimeRange(now: number): { start: number; end: number } {
  return { start: now - Math.max(...UPTIME_WINDOWS) * DAY_MS, end: now }
}

/** A component's key in {@link spansByComponent}: its cloud's id and its service or data-center term. */
export const componentKey = (cloudId: number, tid: number): string => `${cloudId}:${tid}`

/** Spans grouped by {@link componentKey}, from rows of (cloud, term, span). */
export function spansByComponent(rows: ReadonlyArray<UptimeSpan & { cloudId: number; tid: number }>): Map<string, UptimeSpan[]> {
  const byKey = new Map<string, UptimeSpan[]>()
  for (const row of rows) {
    const key = componentKey(row.cloudId, row.tid)
    const list = byKey.get(key)
    if (list) list.push(row)
    else byKey.set(key, [row])
  }
  return byKey
}
