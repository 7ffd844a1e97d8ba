// <SpeedometerWidget> (widgets/speedometer/Speedometer.tsx), hook-free since its drop-in carries
// no Preact hooks: the cloud from its attribute or the page's choice, the gauges' load, a new
// load when the cloud changes, the retryable error, the session's time zone, the locale context.
import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { $cloudName } from '../../widgets/core/cloud'
import { COOKIE, removeCookie } from '../../widgets/core/cookies'
import { $global } from '../../widgets/core/global'
import { addCatalogue } from '../../contract/i18n/index.js'
import { LocaleContext } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { ApiError } from '../../widgets/core/request'
import { fetchSpeedometer, SpeedometerWidget } from '../../widgets/speedometer'
import { mount, quietly, serve, settle, waitFor } from '../fixtures/dom'
import { cloud, globalDataOf } from '../fixtures/global'

const globalData = globalDataOf([cloud('alpha', 'alpha.net', 'internet_access'), cloud('beta', 'beta.net', 'internet_access')])

const gauges = (n: number) => ({
  data: {
    gauges: [
      {
        id: 'transactions',
        label: 'Transactions per day',
        value: n,
        max: 4_000_000_000,
        from: '2026-11-23T10:00:00.000Z',
        to: '2026-11-24T10:00:00.000Z',
      },
    ],
  },
})

test.before.each(() => {
  $global.set({ loading: false })
  $cloudName.set(null)
  $session.setKey('timezone', 'UTC')
  removeCookie(COOKIE.machineName)
})

const text = (c: ParentNode, testId: string) => c.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null

test('without a cloud attribute: the global data, the first cloud by the spec, its gauges; another chosen cloud loads anew', async () => {
  const { calls, restore } = serve((call) =>
    call.path === '/api/global' ? { data: globalData } : gauges(call.query.cloud === 'alpha' ? 1_200_000_000 : 3_400_000),
  )
  // Answers wait until the loading status has been seen.
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const answer = globalThis.fetch
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    await gate
    return answer(...args)
  }) as typeof fetch
  const { container, root, unmount } = mount()
  try {
    root.render(<SpeedometerWidget />)
    await waitFor(() => container.querySelector('[role="status"]')?.textContent === 'Loading gauges…', 'the loading status')
    release()
    await waitFor(() => text(container, 'gauge-value') === '1.2B', 'the first cloud’s gauge')
    assert.equal(
      calls.map((c) => [c.path, c.query.cloud]),
      [
        ['/api/global', undefined],
        ['/api/speedometer', 'alpha'],
      ],
    )
    assert.is(container.querySelector('section')?.getAttribute('aria-label'), 'Speedometer')
    assert.is(container.querySelector('[role="meter"]')?.getAttribute('aria-valuenow'), '1200000000')
    assert.ok(container.textContent?.includes('24 hours to Tue, 24 Nov 2026 10:00:00 UTC'), container.textContent ?? '')
    $cloudName.set('beta')
    await waitFor(() => text(container, 'gauge-value') === '3.4M', 'the other cloud’s gauge')
    assert.equal(calls.at(-1)!.query, { cloud: 'beta' })
    // The session's time zone reaches the period line without a new request.
    const before = calls.length
    $session.setKey('timezone', 'Asia/Tokyo')
    await waitFor(() => container.textContent!.includes('24 hours to Tue, 24 Nov 2026 19:00:00 GMT+9'), 'the Tokyo period line')
    assert.is(calls.length, before)
  } finally {
    unmount()
    restore()
  }
})

test('a cloud attribute needs no global data; a failed load says why and Retry loads again', async () => {
  let fail = true
  const { calls, restore } = serve(() =>
    fail ? new Response(JSON.stringify({ error: { code: 'unavailable', message: 'Down for a moment.' } }), { status: 503 }) : gauges(42),
  )
  const { container, root, unmount } = mount()
  try {
    await quietly(async () => {
      root.render(<SpeedometerWidget cloud="beta" />)
      await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the error')
    })
    assert.ok(container.querySelector('[role="alert"]')!.textContent!.includes('Could not load this information: Down for a moment.'))
    fail = false
    container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click()
    await waitFor(() => text(container, 'gauge-value') === '42', 'the gauge after Retry')
    assert.equal(
      calls.map((c) => [c.path, c.query.cloud]),
      [
        ['/api/speedometer', 'beta'],
        ['/api/speedometer', 'beta'],
      ],
    )
  } finally {
    unmount()
    restore()
  }
})

test('unmounting aborts the load under way', async () => {
  let signal: AbortSignal | undefined
  const real = globalThis.fetch
  globalThis.fetch = ((_: string, init?: RequestInit) => {
    signal = init?.signal ?? undefined
    return new Promise(() => {})
  }) as typeof fetch
  const { root, unmount } = mount()
  try {
    root.render(<SpeedometerWidget cloud="alpha" />)
    await waitFor(() => signal !== undefined, 'the request')
    unmount()
    await settle()
    assert.is(signal!.aborted, true)
  } finally {
    globalThis.fetch = real
  }
})

test('the locale context words the widget and its figures', async () => {
  addCatalogue('de', { speedometer: { label: 'Tachometer', period: '24 Stunden bis {time}' } })
  const { restore } = serve(() => gauges(1_234_567))
  const { container, root, unmount } = mount()
  try {
    root.render(
      <LocaleContext.Provider value="de">
        <SpeedometerWidget cloud="alpha" />
      </LocaleContext.Provider>,
    )
    await waitFor(() => text(container, 'gauge-value') !== null, 'the gauge')
    assert.is(container.querySelector('section')?.getAttribute('aria-label'), 'Tachometer')
    assert.match(text(container, 'gauge-value')!, /^1,23\sMio\.$/)
    assert.ok(container.textContent!.includes('24 Stunden bis'), container.textContent ?? '')
  } finally {
    unmount()
    restore()
  }
})

test('a cloud without published figures shows one line instead of zero gauges; a cloud with figures shows its gauges', async () => {
  const zero = (id: string) => ({ id, label: id, value: 0, max: 0, from: '2026-11-23T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z' })
  const { calls, restore } = serve((call) =>
    call.query.cloud === 'alpha'
      ? { data: { has_data: false, gauges: ['transactions', 'threats_blocked', 'policy_enforcements'].map(zero) } }
      : { data: { has_data: true, ...gauges(42).data } },
  )
  const { container, root, unmount } = mount()
  const line = 'Traffic figures are not published for this cloud yet.'
  // The element the widget renders in: marked `data-empty` while it shows the line (the site's
  // page then gives back the height it keeps for the gauges).
  const host = document.createElement('trust-speedometer')
  try {
    root.render(<SpeedometerWidget cloud="alpha" host={host} />)
    await waitFor(() => container.textContent === line, 'the no-data line')
    assert.ok(host.hasAttribute('data-empty'), 'the element is marked empty')
    assert.is(container.querySelector('[role="meter"]'), null)
    assert.is(text(container, 'gauge-value'), null)
    assert.is(container.querySelector('section')?.getAttribute('aria-label'), 'Speedometer')

    root.render(<SpeedometerWidget cloud="beta" host={host} />)
    await waitFor(() => text(container, 'gauge-value') === '42', 'the other cloud’s gauge')
    assert.not.ok(container.textContent!.includes(line))
    assert.not.ok(host.hasAttribute('data-empty'), 'gauges: no longer marked empty')
    assert.equal(
      calls.map((c) => c.query.cloud),
      ['alpha', 'beta'],
    )
  } finally {
    unmount()
    restore()
  }
})

test('the no-data line in the locale context’s language, from the widget’s catalogue', async () => {
  const catalogue = JSON.parse(readFileSync(new URL('../../widgets/speedometer/locales/ja.json', import.meta.url), 'utf8'))
  addCatalogue('ja', catalogue)
  const { restore } = serve(() => ({ data: { has_data: false, gauges: [] } }))
  const { container, root, unmount } = mount()
  try {
    root.render(
      <LocaleContext.Provider value="ja">
        <SpeedometerWidget cloud="alpha" />
      </LocaleContext.Provider>,
    )
    await waitFor(() => container.querySelector('section p') !== null, 'the no-data line')
    assert.is(container.querySelector('section p')!.textContent, catalogue.speedometer.noData)
    assert.is(container.querySelector('[role="meter"]'), null)
  } finally {
    unmount()
    restore()
  }
})

test('fetchSpeedometer: `has_data: false` needs no gauges; with data, an answer without gauges is malformed', async () => {
  let answer: unknown = { data: { has_data: false, gauges: [] } }
  const { restore } = serve(() => answer)
  try {
    assert.equal(await fetchSpeedometer('alpha'), { has_data: false, gauges: [] })
    answer = { data: { has_data: true, gauges: [] } }
    const error = await fetchSpeedometer('alpha').then(
      () => undefined,
      (e: unknown) => e,
    )
    assert.instance(error, ApiError)
  } finally {
    restore()
  }
})

test.run()
