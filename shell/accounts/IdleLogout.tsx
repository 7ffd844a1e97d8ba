import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { IDLE_LOGOUT_S } from '../../contract/constants'
import { $session } from '../../widgets/core/session'

/** The activity that keeps a session alive (docs/requirements/states.md#idle-logout). */
export const ACTIVITY_EVENTS = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const

/**
 * The idle time in seconds: {@link IDLE_LOGOUT_S} (7200, docs/requirements/constants.md) unless overridden — for tests
 * and demos — by `globalThis.__TRUST_IDLE_LOGOUT_S` (a positive number) or by the
 * `data-idle-logout-s` attribute of `<html>` (checked in that order).
 */
export function idleLogoutSeconds(): number {
  const fromGlobal = Number((globalThis as { __TRUST_IDLE_LOGOUT_S?: unknown }).__TRUST_IDLE_LOGOUT_S)
  if (Number.isFinite(fromGlobal) && fromGlobal > 0) return fromGlobal
  const attr = typeof document === 'undefined' ? null : document.documentElement.getAttribute('data-idle-logout-s')
  const fromAttr = attr === null || attr.trim() === '' ? NaN : Number(attr)
  if (Number.isFinite(fromAttr) && fromAttr > 0) return fromAttr
  return IDLE_LOGOUT_S
}

/**
 * Idle auto-logout (docs/requirements/screens.md#visual-hints "renders nothing", docs/requirements/states.md#idle-logout): while signed in,
 * any of `load`, `mousemove`, `mousedown`, `click`, `scroll`, `keypress` on the window restarts a
 * timer; when it runs out ({@link idleLogoutSeconds}: 7200 s, or the override of
 * `globalThis.__TRUST_IDLE_LOGOUT_S` / `<html data-idle-logout-s="…">` read when the visitor
 * signs in) `onIdle` is called to sign the visitor out. Renders nothing.
 */
export function IdleLogout({ onIdle }: { onIdle: () => void }) {
  const signedIn = useStore($session).isLoggedIn
  useEffect(() => {
    if (!signedIn) return
    const ms = idleLogoutSeconds() * 1000
    let timer = setTimeout(onIdle, ms)
    const restart = () => {
      clearTimeout(timer)
      timer = setTimeout(onIdle, ms)
    }
    // scroll does not bubble: capture it from any scrolling element.
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, restart, { passive: true, capture: true })
    return () => {
      clearTimeout(timer)
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, restart, { capture: true })
    }
  }, [signedIn, onIdle])
  return null
}
