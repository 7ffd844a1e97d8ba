/**
 * Shared set-up of the admin console's unit tests (`admin-*.test.tsx`): a staff member's
 * `auth` answer, a signed-in session with given roles, and finding a button the way a person
 * names it. Not a test file itself (its name does not end in `.test.tsx`).
 */
import * as assert from 'uvu/assert'
import type { UserDetailsData } from '../../contract/accounts'
import { COOKIE, writeCookie } from '../../widgets/core/cookies'
import { $session, type SessionState } from '../../widgets/core/session'

/**
 * The `auth` part of `GET /api/user/details` for Ann: uid `7`, name and mail `ann@vendor.example`,
 * verified, time zone UTC, with `roles`.
 */
export function auth(roles: string[]): UserDetailsData['auth'] {
  return {
    user: {
      timezone: [{ value: 'UTC' }],
      mail: [{ value: 'ann@vendor.example' }],
      uid: [{ value: '7' }],
      name: [{ value: 'ann@vendor.example' }],
      verified: [{ value: true }],
    },
    roles,
  }
}

/**
 * Signs Ann in as the shell does after a sign-in: the CSRF cookie `csrf` and logout cookie `l`,
 * and a signed-in `$session` with those tokens and {@link auth} of `roles` as its `apiData`
 * (`null` roles: signed in, details not loaded). `extra` overrides other session keys (e.g. `timezone`).
 */
export function signedInAs(roles: string[] | null, csrf: string, extra: Partial<SessionState> = {}): void {
  writeCookie(COOKIE.csrfToken, csrf)
  writeCookie(COOKIE.logoutToken, 'l')
  $session.set({ ...$session.get(), isLoggedIn: true, csrfToken: csrf, logoutToken: 'l', apiData: roles ? auth(roles) : null, ...extra })
}

/** The button named `name` (its `aria-label`, else its trimmed text) in `container`; fails the test if there is none. */
export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const b = Array.from(container.querySelectorAll('button')).find((x) => (x.getAttribute('aria-label') ?? x.textContent?.trim()) === name)
  assert.ok(b, `button ${name}`)
  return b as HTMLButtonElement
}
