/**
 * The cloud status timeline's weeks (docs/requirements/screens.md#cloud-status-page, docs/requirements/states.md#timeline-paging, docs/requirements/constants.md): 7 whole
 * days of the viewer's time zone (UTC unless the request names one); offset 0 ends at the coming
 * midnight after now (today is its last day), offset n is n × 7 days earlier.
 */
import { WEEK_MINUTES } from '../../contract/constants.js'
import { addDays, dayStart, utcDay } from './days.js'
import { DEFAULT_ZONE, zonedDay, zonedDayStart } from './zones.js'

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
 * The week `offset` weeks before the current one, seen at `now`, in `zone`. The week ends at a
 * midnight of `zone` and is always 10080 minutes long (docs/requirements/constants.md), so in a week with a
 * daylight-saving change its first day starts an hour off its local midnight.
 * @param offset Whole weeks back, 0 = the week ending with today. Not range-checked here.
 * @param zone IANA time zone, known to the runtime (the route checks it) @default 'UTC'
 * @example statusWeek(new Date('2026-03-15T09:30Z'), 0)
 *   // { start: 2026-03-09T00:00Z, end: 2026-03-16T00:00Z, currentMinutes: 8790 } (as epoch ms)
 * @example statusWeek(new Date('2026-03-15T09:30Z'), 0, 'Pacific/Kiritimati') // today there is 15 Mar (23:30, UTC+14)
 *   // { start: 2026-03-08T10:00Z, end: 2026-03-15T10:00Z, currentMinutes: 10050 }
 */
export function statusWeek(now: Date, offset: number, zone: string = DEFAULT_ZONE): StatusWeek {
  const end =
    zone === DEFAULT_ZONE
      ? dayStart(utcDay(now)) + DAY_MS - offset * WEEK_MS
      : zonedDayStart(addDays(zonedDay(now.getTime(), zone), 1 - 7 * offset), zone)
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
