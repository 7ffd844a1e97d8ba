import type { Gauge } from '../../contract/global'
import type { Locale } from '../../contract/locale'

/** Geometry of a gauge dial in its own SVG units: a half circle opening downwards. */
export const DIAL = { cx: 100, cy: 100, r: 80, stroke: 16 } as const

/**
 * The needle angle of a gauge, degrees: 180 (left end, zero) to 0 (right end, `max`).
 * Values outside [0, max] are clamped; a `max` of zero or less reads as an empty dial.
 */
export function needleAngle(value: number, max: number): number {
  if (!(max > 0) || !Number.isFinite(value)) return 180
  const fraction = Math.min(1, Math.max(0, value / max))
  return 180 - fraction * 180
}

/** A point on the dial at `angle` degrees and radius `r` (SVG units, y down). */
export function polar(angle: number, r: number = DIAL.r): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180
  return { x: DIAL.cx + r * Math.cos(rad), y: DIAL.cy - r * Math.sin(rad) }
}

/** SVG path of the dial arc from the zero end (180°) to `angle` degrees. */
export function arcPath(angle: number, r: number = DIAL.r): string {
  const start = polar(180, r)
  const end = polar(angle, r)
  return `M ${start.x.toFixed(2)} ${start.y.toFixed(2)} A ${r} ${r} 0 0 1 ${end.x.toFixed(2)} ${end.y.toFixed(2)}`
}

const formats = new Map<string, Intl.NumberFormat>()

/** `n` written by the cached number format of `locale` for `kind` (compact short or long, or percent). */
function format(n: number, locale: Locale, kind: 'short' | 'long' | 'percent'): string {
  let f = formats.get(locale + kind)
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      kind === 'percent' ? { style: kind } : { notation: 'compact', compactDisplay: kind, maximumFractionDigits: 2 },
    )
    formats.set(locale + kind, f)
  }
  return f.format(n)
}

/** A count for the dial in `locale`: `8.21B` (English), `8,21 Mrd.` (German). @default locale 'en' */
export function formatCompact(n: number, locale: Locale = 'en'): string {
  return format(n, locale, 'short')
}

/** A count for assistive text in `locale`: `8.21 billion`. @default locale 'en' */
export function formatLong(n: number, locale: Locale = 'en'): string {
  return format(n, locale, 'long')
}

/** A whole percent (0–100, see {@link percentOfPeak}) in `locale`: `42%`, `42 %` (French). */
export function formatPercent(percent: number, locale: Locale): string {
  return format(percent / 100, locale, 'percent')
}

/** Share of the year's peak, whole percent (0–100). */
export function percentOfPeak(gauge: Pick<Gauge, 'value' | 'max'>): number {
  if (!(gauge.max > 0)) return 0
  return Math.round(Math.min(1, Math.max(0, gauge.value / gauge.max)) * 100)
}
