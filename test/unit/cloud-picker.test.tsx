import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CloudChangeEvent, CloudPicker, CloudPickerElement } from '../../widgets/cloud-picker'
import { $cloud, $cloudName } from '../../widgets/core/cloud'
import { COOKIE, readCookie, removeCookie, writeCookie } from '../../widgets/core/cookies'
import { defineElement, TrustEvent } from '../../widgets/core/element'
import { $global } from '../../widgets/core/global'
import { choose, mount, serve, settle, waitFor } from '../fixtures/dom'
import { cloud, globalDataOf } from '../fixtures/global'

const clouds = [
  { ...cloud('alpha', 'alpha.net', 'internet_access'), title: 'Alpha Cloud' },
  { ...cloud('beta', 'beta.net', 'internet_access'), title: 'Beta Cloud' },
  { ...cloud('gamma', 'private.gamma.com', 'private_access', ''), title: 'Gamma Private' },
]

const globalData = globalDataOf(clouds)

function reset() {
  $global.set({ loading: false })
  $cloudName.set(null)
  removeCookie(COOKIE.machineName)
}

const select = (c: ParentNode) => c.querySelector<HTMLSelectElement>('select')
const options = (c: ParentNode) => Array.from(c.querySelectorAll('option'), (o) => [o.value, o.textContent])

test.before.each(reset)

test('lists every cloud of GET /api/global by title (value = machine name) under a visible label', async () => {
  const { calls, restore } = serve(() => ({ data: globalData }))
  const { container, root, unmount } = mount()
  try {
    root.render(<CloudPicker />)
    await waitFor(() => select(container) !== null && $cloud.get() !== null, 'the select')
    assert.equal(
      calls.map((c) => c.path),
      ['/api/global'],
    )
    assert.equal(options(container), [
      ['alpha', 'Alpha Cloud'],
      ['beta', 'Beta Cloud'],
      ['gamma', 'Gamma Private'],
    ])
    const s = select(container)!
    const label = container.querySelector('label')!
    assert.is(label.textContent, 'Cloud')
    assert.is(label.htmlFor, s.id)
    assert.is(label.getAttribute('part'), 'label')
    assert.is(s.getAttribute('part'), 'select')
    // Nobody chose a cloud and there is no cookie: the first cloud, as every widget would show.
    await waitFor(() => s.value === 'alpha', 'first cloud selected')
    assert.is($cloudName.get(), 'alpha')
    assert.not.ok(readCookie(COOKIE.machineName), 'no cookie written on the host page by the default choice')
  } finally {
    unmount()
    restore()
  }
})

test('a polite loading status until the global data is there', async () => {
  const real = globalThis.fetch
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  globalThis.fetch = (async () => {
    await gate
    return new Response(JSON.stringify({ data: globalData }), { status: 200 })
  }) as typeof fetch
  const { container, root, unmount } = mount()
  try {
    root.render(<CloudPicker />)
    await waitFor(() => container.querySelector('[role="status"]')?.textContent === 'Loading clouds…', 'the loading status')
    assert.is(select(container), null)
    release()
    await waitFor(() => select(container)?.value === 'alpha', 'the select')
    assert.is(container.querySelector('[role="status"]'), null)
  } finally {
    unmount()
    globalThis.fetch = real
  }
})

test('the chosen cloud is selected; the label attribute overrides the text; the cookie rule applies when none is chosen', async () => {
  const { restore } = serve(() => ({ data: globalData }))
  try {
    $cloudName.set('gamma')
    const first = mount()
    first.root.render(<CloudPicker label="Choose your cloud" />)
    await waitFor(() => select(first.container)?.value === 'gamma', 'gamma selected')
    assert.is(first.container.querySelector('label')!.textContent, 'Choose your cloud')
    first.unmount()

    $cloudName.set(null)
    writeCookie(COOKIE.machineName, 'beta')
    const second = mount()
    second.root.render(<CloudPicker />)
    await waitFor(() => select(second.container)?.value === 'beta', 'beta from the cookie')
    assert.is($cloudName.get(), 'beta')
    second.unmount()
  } finally {
    restore()
  }
})

test('change: selectCloud (shared store + machineName cookie) and a trust-cloud-change event from the host', async () => {
  const { restore } = serve(() => ({ data: globalData }))
  const host = document.createElement('div')
  document.body.appendChild(host)
  const events: CloudChangeEvent[] = []
  const outer = (e: Event) => events.push(e as CloudChangeEvent)
  document.addEventListener('trust-cloud-change', outer)
  const { container, root, unmount } = mount()
  try {
    root.render(<CloudPicker host={host} />)
    await waitFor(() => select(container)?.value === 'alpha', 'alpha selected')
    choose(select(container)!, 'gamma')
    await waitFor(() => events.length === 1, 'the event')
    assert.is($cloudName.get(), 'gamma')
    assert.is($cloud.get()?.domain, 'private.gamma.com')
    assert.is(readCookie(COOKIE.machineName), 'gamma')
    const event = events[0]
    assert.ok(event instanceof CloudChangeEvent)
    assert.ok(event instanceof TrustEvent)
    assert.is(event.type, 'trust-cloud-change')
    assert.is(event.target, host)
    assert.ok(event.bubbles && event.composed)
    assert.equal(event.detail, { cloud: 'gamma', domain: 'private.gamma.com', title: 'Gamma Private' })
    await waitFor(() => select(container)!.value === 'gamma', 'gamma shown')
    // The store changing elsewhere (the shell, another picker) moves the select, without an event.
    $cloudName.set('beta')
    await waitFor(() => select(container)!.value === 'beta', 'beta shown')
    await settle()
    assert.is(events.length, 1)
  } finally {
    document.removeEventListener('trust-cloud-change', outer)
    host.remove()
    unmount()
    restore()
  }
})

test('error: an alert with Retry; Retry loads again and shows the clouds', async () => {
  let fail = true
  const { calls, restore } = serve(() =>
    fail
      ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503, statusText: 'Service Unavailable' })
      : { data: globalData },
  )
  const { container, root, unmount } = mount()
  try {
    root.render(<CloudPicker />)
    await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the alert')
    assert.is(select(container), null)
    const retry = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Retry')!
    assert.ok(retry, 'a Retry button')
    fail = false
    retry.click()
    await waitFor(() => select(container) !== null, 'the select after Retry')
    assert.is(calls.filter((c) => c.path === '/api/global').length, 2)
    assert.is(container.querySelector('[role="alert"]'), null)
    assert.is(options(container).length, 3)
  } finally {
    unmount()
    restore()
  }
})

test('a malformed answer is an error state, not a crash', async () => {
  const { restore } = serve(() => ({ data: { clouds: [{ machine_name: 1 }] } }))
  const { container, root, unmount } = mount()
  try {
    root.render(<CloudPicker />)
    await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the alert')
    assert.is(select(container), null)
    assert.ok(container.querySelector('[role="alert"] button'))
  } finally {
    unmount()
    restore()
  }
})

test('<trust-cloud-picker>: api-base and label attributes; the event crosses the shadow root', async () => {
  const { calls, restore } = serve(() => ({ data: globalData }))
  defineElement('trust-cloud-picker', CloudPickerElement)
  const el = document.createElement('trust-cloud-picker')
  el.setAttribute('api-base', 'http://api.example/')
  el.setAttribute('label', 'Region')
  const events: CloudChangeEvent[] = []
  document.body.addEventListener('trust-cloud-change', (e) => events.push(e as CloudChangeEvent))
  document.body.appendChild(el)
  try {
    const shadow = el.shadowRoot!
    await waitFor(() => select(shadow)?.value === 'alpha', 'select in the shadow root')
    assert.is(calls[0].path, '/api/global')
    assert.is(shadow.querySelector('label')!.textContent, 'Region')
    choose(select(shadow)!, 'beta')
    await waitFor(() => events.length === 1, 'the event at the body')
    assert.is(events[0].target, el)
    assert.is(events[0].detail.cloud, 'beta')
  } finally {
    el.remove()
    restore()
  }
})

test.run()
