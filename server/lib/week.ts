/**
 * The cloud status timeline's weeks (spec §2 Cloud status page, §4 Timeline paging, §9): 7 whole UTC
 * days; offset 0 ends at the coming UTC midnight after now (today is its last day), offset n is
 * n × 7 days earlier.
 */
import { WEEK_MINUTES } from '../../contract/constants.js'
import { dayStart, utcDay } from './days.js'

export const MINUTE_MS = 60_000
export const DAY_MS = 86_400_000
/** One timeline page in milliseconds (10080 minutes). */
export const WEEK_MS = WEEK_MINUTES * MINUTE_MS

/** One week of the timeline. Instants are epoch milliseconds (UTC). */
export interface StatusWeek {
  /** Inclusive start: a UTC midnight. */
  start: number
  /** Exclusive end: `start` + 7 days. */
  end: number
  /** Minutes from `start` to now, capped to 0…10080 (10080 for every past week). */
  currentMinutes: number
}

/**
 * The week `offset` weeks before the current one, seen at `now`.
 * @param offset Whole weeks back, 0 = the week ending with today. Not range-checked here.
 * @example statusWeek(new Date('2026-03-15T09:30Z'), 0)
 *   // { start: 2026-03-09T00:00Z, end: 2026-03-16T00:00Z, currentMinutes: 8790 } (as epoch ms)
 */
export function statusWeek(now: Date, offset: number): StatusWeek {
  const end = dayStart(utcDay(now)) + DAY_MS - offset * WEEK_MS
  const start = end - WEEK_MS
  return { start, end, currentMinutes: weekMinute({ start }, now.getTime()) }
}

/**
 * Whole minutes from the week's start to `instant` (epoch ms), floored and clipped to 0…10080.
 */
export function weekMinute(week: Pick<StatusWeek, 'start'>, instant: number): number {
  const minutes = Math.floor((instant - week.start) / MINUTE_MS)
  return Math.min(WEEK_MINUTES, Math.max(0, minutes))
}
