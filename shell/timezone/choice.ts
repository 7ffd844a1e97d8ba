import { readCookie, writeCookie } from '../../widgets/core/cookies'
import { $session, isTimeZone } from '../../widgets/core/session'

/**
 * The visitor's time-zone choice (docs/languages-and-themes.md: any visitor picks a timezone) and the rule that
 * decides the zone every timestamp of the site is shown in (`$session.timezone`, docs/requirements/entities.md#session).
 *
 * The cookie lives here, in the shell, not in `widgets/core/cookies.ts`: drop-ins never write it,
 * and every byte in core counts against their budgets.
 */

/** Name of the cookie that remembers the visitor's chosen zone (first-party, readable by the page). */
export const TIMEZONE_COOKIE = 'trust_tz'

/** Life of {@link TIMEZONE_COOKIE}: one year, seconds. */
export const TIMEZONE_COOKIE_MAX_AGE_S = 365 * 86_400

/** The spec's zone when nobody chose one (docs/requirements/entities.md#session, docs/requirements/constants.md). */
export const DEFAULT_TIMEZONE = 'UTC'

/** Longest zone name accepted from a cookie (the server's `tz` limit; IANA names are ≤ 32). */
const MAX_ZONE_LENGTH = 64

/**
 * A zone read from a cookie or an account, when it is one: a non-empty IANA name of at most 64
 * characters that this browser knows (`isTimeZone`). Anything else (absent, empty, garbage, an
 * unknown or mistyped zone) gives `undefined`, never an exception.
 *
 * @example validZone('Europe/Berlin') // 'Europe/Berlin'
 * @example validZone('Mars/Olympus') // undefined
 */
export function validZone(value: string | null | undefined): string | undefined {
  const zone = value?.trim()
  return zone && zone.length <= MAX_ZONE_LENGTH && isTimeZone(zone) ? zone : undefined
}

/**
 * The zone timestamps are shown in (README, Design notes "Time zone precedence"): the visitor's
 * explicit choice in this browser (the {@link TIMEZONE_COOKIE} cookie) wins; else the signed-in
 * user's saved zone (`POST /api/user/details` → `auth.user.timezone`); else UTC. Invalid values
 * are skipped as if absent.
 *
 * @param chosen the cookie's value, if any
 * @param saved the signed-in user's saved zone, if any
 * @example effectiveTimezone(undefined, 'Asia/Tokyo') // 'Asia/Tokyo'
 * @example effectiveTimezone('America/Los_Angeles', 'Asia/Tokyo') // 'America/Los_Angeles'
 * @example effectiveTimezone('nonsense', undefined) // 'UTC'
 */
export function effectiveTimezone(chosen?: string | null, saved?: string | null): string {
  return validZone(chosen) ?? validZone(saved) ?? DEFAULT_TIMEZONE
}

/** The zone this browser's visitor chose (the cookie), when it holds a valid one. */
export function chosenTimezone(): string | undefined {
  return validZone(readCookie(TIMEZONE_COOKIE))
}

/**
 * Applies the precedence of {@link effectiveTimezone} to the page: the cookie's zone, else
 * `saved`, else UTC. Called at start, when a user's details arrive and when a session ends.
 *
 * @param saved the signed-in user's saved zone, if any
 */
export function applyTimezone(saved?: string | null): void {
  // Each zone is checked once, by `effectiveTimezone`: the public `setTimezone` would check its result again.
  $session.setKey('timezone', effectiveTimezone(readCookie(TIMEZONE_COOKIE), saved))
}

/**
 * The visitor chooses `zone`: it applies at once to every time on the page and is remembered in
 * {@link TIMEZONE_COOKIE} for a year (SameSite=Lax, Secure on https). Like the chosen cloud's
 * `machineName`, it is a preference the visitor sets by hand, set whatever the cookie-consent
 * choice (the site sets no optional cookies). An invalid zone changes nothing.
 *
 * @returns whether `zone` was valid and applied
 */
export function chooseTimezone(zone: string): boolean {
  const valid = validZone(zone)
  if (!valid) return false
  writeCookie(TIMEZONE_COOKIE, valid, TIMEZONE_COOKIE_MAX_AGE_S)
  $session.setKey('timezone', valid)
  return true
}

/**
 * Keeps the cookie in step when a signed-in user saves a zone on the settings page: a browser
 * that holds a choice gets the saved zone as its new choice (else the cookie would keep winning
 * over what was just saved); a browser without one stays without.
 */
export function updateChosenTimezone(zone: string): void {
  if (chosenTimezone() !== undefined && validZone(zone)) writeCookie(TIMEZONE_COOKIE, zone, TIMEZONE_COOKIE_MAX_AGE_S)
}
