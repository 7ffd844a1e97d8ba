/**
 * Timestamp formatting in the user's time zone (docs/requirements/constants.md: `ddd, DD MMM YYYY HH:mm:ss z`) and, for
 * the other locales (docs/languages-and-themes.md), in the locale's own order of the same parts.
 *
 * Formatters are built once per (locale, zone) and cached: building an `Intl.DateTimeFormat`
 * costs about 100 µs, formatting with a cached one about 1.5 µs, and a status timeline formats
 * thousands of timestamps.
 */
const cache = new Map<string, Intl.DateTimeFormat>()

/**
 * The cached formatter of {@link formatTimestamp} for `timeZone` in `locale` (for English the
 * en-US parts, reordered there into the spec's pattern).
 * @throws RangeError for a zone the platform does not know
 */
export function formatter(timeZone: string, locale = 'en'): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`
  let f = cache.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
      timeZone,
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
    cache.set(key, f)
  }
  return f
}

/** Anything a timestamp may arrive as: a Date, epoch milliseconds, or an ISO 8601 string. */
export type TimeInput = Date | number | string

/** Parses a {@link TimeInput}; `undefined` when it is not a valid instant. */
export function toDate(value: TimeInput | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? undefined : d
}

/**
 * Formats an instant as `Sun, 22 Nov 2026 14:03:00 UTC` in `timeZone` (IANA name; an unknown
 * zone falls back to UTC). The zone abbreviation is the platform's short name: `UTC`, `EST`,
 * `GMT+1`. Invalid input gives `'Invalid date'` rather than throwing inside a render. Another
 * locale gets the same parts in its own order and words (`So., 22. Nov. 2026, 14:03:00 UTC`).
 *
 * @param value instant to show
 * @param timeZone IANA zone @default 'UTC'
 * @param locale language code (contract/locale.ts) @default 'en'
 */
export function formatTimestamp(value: TimeInput, timeZone = 'UTC', locale = 'en'): string {
  const date = toDate(value)
  if (!date) return 'Invalid date'
  let f: Intl.DateTimeFormat
  try {
    f = formatter(timeZone, locale)
  } catch {
    f = formatter('UTC', locale)
  }
  if (locale !== 'en') return f.format(date)
  const p: Record<string, string> = {}
  for (const part of f.formatToParts(date)) p[part.type] = part.value
  return `${p.weekday}, ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}:${p.second} ${p.timeZoneName}`
}

/**
 * Formats the time of day of an instant as `14:03 (UTC)` in `timeZone`: hours and minutes
 * (24-hour) and, in brackets, the zone's short name exactly as {@link formatTimestamp} shows it
 * (`UTC`, `EST`, `GMT+1`). An unknown zone falls back to UTC; invalid input gives
 * `'Invalid date'`.
 *
 * @param value instant to show
 * @param timeZone IANA zone @default 'UTC'
 * @example formatClock('2026-11-22T14:03:09Z', 'America/New_York') // '09:03 (EST)'
 */
export function formatClock(value: TimeInput, timeZone = 'UTC', locale = 'en'): string {
  if (locale !== 'en') {
    const date = toDate(value)
    if (!date) return 'Invalid date'
    return clockFormatter(timeZone, locale).format(date)
  }
  // Cut from the full timestamp, so the clock and the zone's name can never differ from it
  // (and formatTimestamp stays as it is in the drop-ins that do not need this).
  return formatTimestamp(value, timeZone).replace(/^.* (\d\d:\d\d):\d\d (.+)$/, '$1 ($2)')
}

const clocks = new Map<string, Intl.DateTimeFormat>()

/** The cached hour-and-minute formatter (with the zone's short name) of a locale other than English. */
function clockFormatter(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`
  let f = clocks.get(key)
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    } catch {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    }
    clocks.set(key, f)
  }
  return f
}
