/**
 * Wall-clock times of an `<input type="datetime-local">` in the operator's IANA zone, and the UTC
 * instants they stand for (the desk's start and end times; `$session.timezone`). Minute precision:
 * the input's value is `YYYY-MM-DDTHH:mm`. An unknown zone is UTC.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * One cached formatter per locale and zone (building one costs ~100 µs). Its parts are read as
 * numbers, so whatever the locale it counts in Latin digits on the Gregorian calendar (Arabic
 * would otherwise give Arabic-Indic digits): the wall time is the same in every language.
 *
 * @param locale the page's locale (contract/locale.ts) @default 'en-US'
 */
function wallFormatter(zone: string, locale = 'en-US'): Intl.DateTimeFormat {
  const key = `${locale} ${zone}`
  let f = formatters.get(key)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        numberingSystem: 'latn',
        calendar: 'gregory',
      })
    } catch {
      f = wallFormatter('UTC', locale)
    }
    formatters.set(key, f)
  }
  return f
}

/** The wall-clock fields of epoch ms `t` in `zone`. */
function wall(t: number, zone: string): Record<string, number> {
  const p: Record<string, number> = {}
  for (const part of wallFormatter(zone).formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value)
  return p
}

/** How far `zone`'s wall clock is ahead of UTC at epoch ms `t`, in ms (seconds dropped). */
function offsetAt(t: number, zone: string): number {
  const w = wall(t, zone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The `datetime-local` value (`YYYY-MM-DDTHH:mm`) of an instant in `zone`; `''` for an unreadable one.
 * @example toLocalInput('2026-03-15T09:30:00Z', 'Europe/Berlin') // '2026-03-15T10:30'
 */
export function toLocalInput(instant: string | number | Date, zone: string): string {
  const t = new Date(instant).getTime()
  if (Number.isNaN(t)) return ''
  const w = wall(t, zone)
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`
}

/**
 * The UTC instant (ISO 8601, `…Z`) a `datetime-local` value means in `zone`; `undefined` when it is
 * not a time. A wall time that a daylight-saving change skips is read with the offset before it.
 * @example fromLocalInput('2026-03-15T10:30', 'Europe/Berlin') // '2026-03-15T09:30:00.000Z'
 */
export function fromLocalInput(local: string, zone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0))
  const guess = Date.UTC(y, mo - 1, d, h, mi, s)
  const check = new Date(guess)
  if (Number.isNaN(guess) || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return undefined
  let t = guess - offsetAt(guess, zone)
  const second = offsetAt(t, zone)
  if (guess - second !== t && offsetAt(guess - second, zone) === second) t = guess - second
  return new Date(t).toISOString()
}
