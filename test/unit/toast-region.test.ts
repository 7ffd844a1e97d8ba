import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { registerToastRegion } from '../../widgets/core/toast-region'
import { $toast, showToast, TOAST_MS } from '../../widgets/core/toast'
import { withClock } from '../fixtures/clock'
import { settle, waitFor } from '../fixtures/dom'

const regions = () => document.querySelectorAll('trust-toast-region')
const box = () => regions()[0]?.shadowRoot?.querySelector<HTMLElement>('[role="status"]') ?? null
const bag = () =>
  (globalThis as unknown as Record<string, Record<string, { el?: HTMLElement; count: number; render?: () => void }>>).__trustKit_v1

/** Forgets the fallback so each test starts on a page without one. */
function reset() {
  for (const el of regions()) el.remove()
  const state = bag()?.toastRegion
  if (state) {
    state.el = undefined
    state.render = undefined
  }
  $toast.set(null)
}

test.before.each(reset)
test.after(reset)

test('no region registered: the first toast creates a polite live region in an open shadow root, empty, then shows the text; it disappears after its time', () =>
  withClock(async (clock) => {
    assert.is(regions().length, 0)
    showToast('You have successfully subscribed to the EMEA notifications.')
    assert.is(regions().length, 1, 'created at once')
    const host = regions()[0]
    assert.is(host.parentElement, document.body)
    assert.ok(host.shadowRoot, 'an open shadow root')
    const live = box()!
    assert.is(live.getAttribute('aria-live'), 'polite')
    assert.is(live.textContent, '', 'the live region exists empty before the text arrives')
    await waitFor(() => live.textContent === 'You have successfully subscribed to the EMEA notifications.', 'the text')
    assert.ok(host.shadowRoot!.querySelector('style')!.textContent!.includes('position:fixed'))
    await clock.tickAsync(TOAST_MS - 1)
    assert.is(live.textContent, 'You have successfully subscribed to the EMEA notifications.', 'still shown 1 ms before its time')
    await clock.tickAsync(1)
    await waitFor(() => live.textContent === '', 'the toast gone')
    assert.is($toast.get(), null)
    // A later toast reuses the region and shows at once.
    showToast('Second', 60)
    assert.is(live.textContent, 'Second')
    await clock.tickAsync(60)
    await waitFor(() => live.textContent === '', 'second toast gone')
  }))

test('with a registered region (the shell Toaster) no fallback is created', () =>
  withClock(async (clock) => {
    const unregister = registerToastRegion()
    try {
      showToast('Shown by the shell', 40)
      await settle()
      assert.is(regions().length, 0)
      await clock.tickAsync(40)
      assert.is(regions().length, 0)
    } finally {
      unregister()
      unregister()
    }
    assert.is(bag().toastRegion.count, 0, 'unregistering twice counts once')
  }))

test('two toasts (and two bundles sharing the bag) make one region; a region registering later empties the fallback', async () => {
  // A second copy of the module, as another drop-in script on the page would bundle it.
  const copy: string = '../../widgets/core/toast-region.ts?second-bundle'
  const other = (await import(copy)) as typeof import('../../widgets/core/toast-region')
  assert.is.not(other.ensureToastRegion, (await import('../../widgets/core/toast-region')).ensureToastRegion)
  showToast('One', 200)
  other.ensureToastRegion($toast)
  showToast('Two', 200)
  assert.is(regions().length, 1)
  await waitFor(() => box()!.textContent === 'Two', 'the latest text')
  const unregister = registerToastRegion()
  assert.is(box()!.textContent, '', 'the registered region shows it instead')
  unregister()
  assert.is(box()!.textContent, 'Two')
  await withClock(async (clock) => {
    showToast('Three', 20)
    assert.is(regions().length, 1)
    await clock.tickAsync(20)
    await waitFor(() => box()!.textContent === '', 'gone')
  })
})

test.run()
