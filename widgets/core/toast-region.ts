import type { ReadableAtom } from 'nanostores'
import { shared } from './shared'
import type { Toast } from './toast'

/**
 * Where toasts appear (docs/requirements/errors.md#success-toasts).
 *
 * A page with the shell has its own toast region (`<Toaster>`), which calls
 * {@link registerToastRegion} while mounted. A partner page with only drop-in widgets has none,
 * so the first toast makes core create a fallback region: one element appended to
 * `document.body`, its polite live region in an open shadow root (host-page CSS cannot restyle
 * it), fixed at the bottom right (bottom centre below 576 px), at most 400 px wide
 * (`NOTIFICATION_WIDTH`). Plain DOM, no React, so every drop-in can carry it.
 *
 * The state lives in the page's {@link shared} bag, so several drop-in scripts register with,
 * and create, one region between them.
 */
const state = shared('toastRegion', () => ({
  /** How many regions are registered (the shell's Toaster mounted). */
  count: 0,
  /** The fallback's host element, once created. */
  el: undefined as HTMLElement | undefined,
  /** Re-renders the fallback (after a region registers or leaves). */
  render: undefined as (() => void) | undefined,
}))

/** The fallback region's CSS: theme variables with the light theme's values as fallbacks; px sizes. */
const CSS =
  'div{position:fixed;z-index:99999;right:16px;bottom:16px;display:flex;justify-content:flex-end;max-width:400px;' +
  'pointer-events:none;font:14px/1.5 var(--trust-font-body,system-ui,sans-serif)}' +
  'p{margin:0;padding:12px 16px;border-radius:var(--trust-radius-md,8px);background:var(--trust-color-header,#0f2740);' +
  'color:var(--trust-color-header-text,#fff);box-shadow:0 8px 24px #0004}' +
  'p:empty{display:none}' +
  '@media (max-width:575px){div{left:16px;margin:auto;justify-content:center}}'

/**
 * Declares that the page renders toasts itself (the shell's `<Toaster>`), so core creates no
 * fallback region and the fallback, if it exists, stays empty.
 *
 * @returns unregisters (call on unmount); calling it again does nothing
 * @example
 * useEffect(() => registerToastRegion(), [])
 */
export function registerToastRegion(): () => void {
  let registered = true
  state.count++
  state.render?.()
  return () => {
    if (!registered) return
    registered = false
    state.count--
    state.render?.()
  }
}

const nextFrame = (fn: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fn)
  else setTimeout(fn, 16)
}

/**
 * Creates the page's fallback toast region showing `$toast`, unless a region is registered or the
 * fallback exists already. The live region is created empty and texts arrive from the next
 * frames on, so screen readers know the region before they must announce it.
 */
export function ensureToastRegion($toast: ReadableAtom<Toast | null>): void {
  if (state.count || state.el || typeof document === 'undefined' || !document.body) return
  const host = document.createElement('trust-toast-region')
  state.el = host
  const root = host.attachShadow({ mode: 'open' })
  root.innerHTML = `<style>${CSS}</style><div role="status" aria-live="polite" aria-atomic="true"><p></p></div>`
  document.body.append(host)
  const box = root.querySelector('p')!
  const render = () => {
    box.textContent = (!state.count && $toast.get()?.text) || ''
  }
  nextFrame(() =>
    nextFrame(() => {
      state.render = render
      $toast.subscribe(render)
    }),
  )
}
