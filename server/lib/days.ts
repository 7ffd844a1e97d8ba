/**
 * UTC calendar days as `YYYY-MM-DD` strings, the form the database stores them in.
 */

const MS_PER_DAY = 86_400_000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** The UTC day containing `instant`, e.g. `2026-11-22`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10)
}

/**
 * Milliseconds since the epoch at the start (00:00 UTC) of `day`.
 * @throws RangeError when `day` is not a valid `YYYY-MM-DD` day.
 */
export function dayStart(day: string): number {
  const ms = DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00.000Z`) : Number.NaN
  if (Number.isNaN(ms) || utcDay(new Date(ms)) !== day) throw new RangeError(`Not a day: ${day}`)
  return ms
}

/** `day` moved by `n` days (negative for earlier). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(dayStart(day) + n * MS_PER_DAY))
}

/** Whole days from the epoch (1970-01-01 is day 0) to `day`. */
export function epochDay(day: string): number {
  return Math.round(dayStart(day) / MS_PER_DAY)
}

/** The last complete UTC day before `now`: yesterday in UTC. */
export function lastCompleteDay(now: Date): string {
  return addDays(utcDay(now), -1)
}

/**
 * The 24 hours a day covers, ISO 8601 UTC; `to` is the exclusive end (the next midnight).
 * @example dayBounds('2026-11-21') // { from: '2026-11-21T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' }
 */
export function dayBounds(day: string): { from: string; to: string } {
  const start = dayStart(day)
  return { from: new Date(start).toISOString(), to: new Date(start + MS_PER_DAY).toISOString() }
}
