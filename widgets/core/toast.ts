import { atom } from 'nanostores'
import { shared } from './shared'
import { ensureToastRegion } from './toast-region'

export { registerToastRegion } from './toast-region'

/** Toast duration, ms (docs/requirements/errors.md, docs/requirements/constants.md: 1000 ms). */
export const TOAST_MS = 1000

/** A toast on screen. `id` changes with every toast, so a repeated text is announced again. */
export interface Toast {
  id: number
  text: string
}

/**
 * The toast on screen, or null. Created through {@link shared} so the shell's toast region and
 * every drop-in widget on the page (each bundling its own copy of core) use one store.
 */
export const $toast = shared('toast', () => atom<Toast | null>(null))

/** The timer and id counter live with the store, so two bundles never race over one toast. */
const clock = shared('toastClock', () => ({ timer: undefined as ReturnType<typeof setTimeout> | undefined, next: 0 }))

/**
 * Shows `text` in the page's toast region for `ms` milliseconds, replacing any toast shown
 * (docs/requirements/errors.md#success-toasts). When no region is registered (a partner page with only drop-in
 * widgets, no shell `<Toaster>`), core shows it in a fallback region it creates once per page
 * (see `toast-region.ts`).
 *
 * @param ms how long the toast stays, ms @default TOAST_MS (1000)
 * @example
 * showToast('You have successfully subscribed to the EMEA notifications.')
 */
export function showToast(text: string, ms: number = TOAST_MS): void {
  clearTimeout(clock.timer)
  const id = ++clock.next
  ensureToastRegion($toast)
  $toast.set({ id, text })
  clock.timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null)
  }, ms)
}
