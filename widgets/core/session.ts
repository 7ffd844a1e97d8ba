import { map } from 'nanostores'
import { shared } from './shared'

/** The visitor's session (spec §3 Session). Accounts fill in the rest in a later release. */
export interface SessionState {
  /** IANA time zone every timestamp is shown in. @default 'UTC' */
  timezone: string
  isLoggedIn: boolean
}

/** The shared session store; timezone defaults to UTC (spec §3, §9). */
export const $session = shared('session', () => map<SessionState>({ timezone: 'UTC', isLoggedIn: false }))

/** Sets the time zone timestamps are shown in; an unknown zone falls back to UTC. */
export function setTimezone(timezone: string): void {
  $session.setKey('timezone', isTimeZone(timezone) ? timezone : 'UTC')
}

/** True when the platform knows the IANA zone `tz`. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}
