import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CloudStatus, type CloudStatusProps } from '../../widgets/cloud-status/CloudStatus'
import { COOKIE, removeCookie, writeCookie } from '../../widgets/core/cookies'
import { addCatalogue, type Catalogue } from '../../contract/i18n/index.js'
import { LocaleContext } from '../../widgets/core/i18n/react'
import germanCore from '../../widgets/core/locales/de.json'
import { $toast } from '../../widgets/core/toast'
import { week } from '../fixtures/cloud-status'
import { mount, serve, waitFor } from '../fixtures/dom'

const props = (extra: Partial<CloudStatusProps> = {}): CloudStatusProps => ({
  cloud: 'alpha',
  cloudDomain: 'alpha.net',
  flags: { core_cloud_services: '1', datacenter: '0', premium_datacenter: '0' },
  isGov: false,
  isLoggedIn: true,
  timezone: 'UTC',
  // The overall status line has its own request; these tests count the star's.
  statusBadge: false,
  ...extra,
})
const starOf = (c: ParentNode, tid: number) => c.querySelector<HTMLButtonElement>(`[data-tid="${tid}"] [data-testid="subscribe-star"]`)!

test('cloud-status star signed in: posts /api/subscribe with the CSRF header, is disabled while pending, flips aria-pressed and toasts', async () => {
  writeCookie(COOKIE.csrfToken, 'csrf-star')
  writeCookie(COOKIE.logoutToken, 'logout-star')
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => (release = r))
  const { calls, restore } = serve((call) => {
    if (call.path === '/api/cloud-status') return { data: week('core_cloud_services' as 'public', 0) }
    const body = call.body as { tid: number; action: string }
    return { data: { tid: String(body.tid), action: body.action, name: 'Web Proxy', subscriptions: {} } }
  })
  const served = globalThis.fetch
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (String(input).includes('/api/subscribe')) await gate
    return served(input, init)
  }) as typeof fetch
  const signIns: Event[] = []
  const listener = (e: Event) => void signIns.push(e)
  document.addEventListener('trust-sign-in-required', listener)
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props()} />)
  await waitFor(() => container.querySelector('[data-tid="101"] [data-testid="subscribe-star"]') !== null, 'rows')
  assert.is(starOf(container, 101).getAttribute('aria-pressed'), 'false')
  starOf(container, 101).click()
  await waitFor(() => starOf(container, 101).disabled, 'disabled while pending')
  release()
  await waitFor(() => starOf(container, 101).getAttribute('aria-pressed') === 'true', 'subscribed')
  assert.not.ok(starOf(container, 101).disabled)
  const call = calls.find((c) => c.path === '/api/subscribe')!
  assert.is(call.method, 'POST')
  assert.equal(call.body, { cloud: 'alpha', tid: 101, action: 'subscribe' })
  assert.is(call.headers!['X-CSRF-Token'], 'csrf-star')
  assert.is($toast.get()?.text, 'You have successfully subscribed to the Web Proxy notifications.')
  assert.is(signIns.length, 0, 'no sign-in request when signed in')

  starOf(container, 101).click()
  await waitFor(() => starOf(container, 101).getAttribute('aria-pressed') === 'false', 'unsubscribed')
  assert.equal(calls.at(-1)!.body, { cloud: 'alpha', tid: 101, action: 'unsubscribe' })
  assert.is($toast.get()?.text, 'You have successfully unsubscribed from the Web Proxy notifications.')
  document.removeEventListener('trust-sign-in-required', listener)
  unmount()
  globalThis.fetch = served
  restore()
  removeCookie(COOKIE.csrfToken)
  removeCookie(COOKIE.logoutToken)
})

test('cloud-status star on a German page: the toast is German (docs/requirements/errors.md toast, core.toasts)', async () => {
  addCatalogue('de', germanCore as Catalogue)
  const { restore } = serve((call) =>
    call.path === '/api/cloud-status'
      ? { data: week('core_cloud_services' as 'public', 0) }
      : { data: { tid: '101', action: 'subscribe', name: 'Web Proxy', subscriptions: {} } },
  )
  $toast.set(null)
  const { container, root, unmount } = mount()
  root.render(
    <LocaleContext.Provider value="de">
      <CloudStatus {...props()} />
    </LocaleContext.Provider>,
  )
  await waitFor(() => container.querySelector('[data-tid="101"] [data-testid="subscribe-star"]') !== null, 'rows')
  starOf(container, 101).click()
  await waitFor(() => $toast.get() !== null, 'toast')
  assert.is($toast.get()?.text, 'Sie haben die Benachrichtigungen für Web Proxy erfolgreich abonniert.')
  unmount()
  restore()
})

test('cloud-status star signed in: a call that settles after the timeline is gone still toasts what it did', async () => {
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => (release = r))
  const { restore } = serve((call) =>
    call.path === '/api/cloud-status'
      ? { data: week('core_cloud_services' as 'public', 0) }
      : { data: { tid: '101', action: 'subscribe', name: 'Web Proxy', subscriptions: {} } },
  )
  const served = globalThis.fetch
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (String(input).includes('/api/subscribe')) await gate
    return served(input, init)
  }) as typeof fetch
  $toast.set(null)
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props()} />)
  await waitFor(() => container.querySelector('[data-tid="101"] [data-testid="subscribe-star"]') !== null, 'rows')
  starOf(container, 101).click()
  await waitFor(() => starOf(container, 101).disabled, 'pending')
  // The visitor moves on (another page of the site) before the server answers.
  root.render(<p>elsewhere</p>)
  await waitFor(() => container.querySelector('[data-testid="subscribe-star"]') === null, 'the timeline gone')
  release()
  await waitFor(() => $toast.get() !== null, 'the toast')
  assert.is($toast.get()?.text, 'You have successfully subscribed to the Web Proxy notifications.')
  assert.is(container.textContent, 'elsewhere')
  unmount()
  globalThis.fetch = served
  restore()
})

test('cloud-status star signed in: a failed call shows an alert and keeps the state', async () => {
  const { restore } = serve((call) =>
    call.path === '/api/cloud-status'
      ? { data: week('core_cloud_services' as 'public', 0) }
      : new Response(JSON.stringify({ error: { code: 'csrf', message: 'Invalid CSRF token.' } }), { status: 403, statusText: 'Forbidden' }),
  )
  $toast.set(null)
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props()} />)
  await waitFor(() => container.querySelector('[data-tid="101"] [data-testid="subscribe-star"]') !== null, 'rows')
  starOf(container, 101).click()
  await waitFor(() => container.querySelector('[data-testid="star-error"]') !== null, 'alert')
  const alert = container.querySelector('[data-testid="star-error"]')!
  assert.is(alert.getAttribute('role'), 'alert')
  assert.ok(alert.textContent!.includes('Invalid CSRF token.'))
  assert.is(starOf(container, 101).getAttribute('aria-pressed'), 'false')
  assert.not.ok(starOf(container, 101).disabled)
  assert.is($toast.get(), null)
  unmount()
  restore()
})

test.run()
