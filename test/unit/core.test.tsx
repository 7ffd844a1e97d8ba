import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createWidgetElement, defineElement } from '../../widgets/core/element'
import { safeRedirectPath, redirectFromRecord } from '../../widgets/core/redirect'
import { ApiError, isAcceptedStatus, request, dataOf, is } from '../../widgets/core/request'
import { formatTimestamp } from '../../contract/time.js'
import { waitFor } from '../fixtures/dom'

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection<E>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise
  } catch (e) {
    return e as E
  }
  throw new Error('expected a rejection')
}

test('formats ddd, DD MMM YYYY HH:mm:ss z in UTC', () => {
  assert.is(formatTimestamp('2026-11-22T14:03:09Z'), 'Sun, 22 Nov 2026 14:03:09 UTC')
  assert.is(formatTimestamp(Date.UTC(2024, 1, 29, 0, 0, 0), 'UTC'), 'Thu, 29 Feb 2024 00:00:00 UTC')
})

test('formats in a non-UTC zone with its abbreviation', () => {
  assert.is(formatTimestamp('2026-11-22T14:03:09Z', 'America/New_York'), 'Sun, 22 Nov 2026 09:03:09 EST')
  assert.is(formatTimestamp('2026-07-01T23:30:00Z', 'Europe/Berlin'), 'Thu, 02 Jul 2026 01:30:00 GMT+2')
  assert.is(formatTimestamp('2026-11-22T14:03:09Z', 'Asia/Kolkata'), 'Sun, 22 Nov 2026 19:33:09 GMT+5:30')
})

test('invalid instants and unknown zones never throw', () => {
  assert.is(formatTimestamp('not a date'), 'Invalid date')
  assert.is(formatTimestamp('2026-11-22T14:03:09Z', 'Mars/Olympus'), 'Sun, 22 Nov 2026 14:03:09 UTC')
})

const realFetch = globalThis.fetch
function answer(status: number, body: string, statusText = '') {
  globalThis.fetch = (async () => new Response(status === 204 || status === 205 ? null : body, { status, statusText })) as typeof fetch
}

test('client: 200-299 and 301 accepted, 204/205 empty', async () => {
  assert.ok(isAcceptedStatus(200) && isAcceptedStatus(299) && isAcceptedStatus(301))
  assert.not.ok(isAcceptedStatus(302) || isAcceptedStatus(304) || isAcceptedStatus(404) || isAcceptedStatus(199))
  answer(200, '{"data":{"x":1}}')
  assert.equal(await request('/api/x'), { data: { x: 1 } })
  answer(204, '')
  assert.is(await request('/api/x'), undefined)
  answer(205, '')
  assert.is(await request('/api/x'), undefined)
})

test('client: other statuses raise an error with the status text', async () => {
  answer(500, 'oops', 'Internal Server Error')
  try {
    await request('/api/x')
    assert.unreachable('should have thrown')
  } catch (e) {
    assert.instance(e, ApiError)
    assert.is((e as ApiError).status, 500)
    assert.is((e as ApiError).statusText, 'Internal Server Error')
    assert.is((e as ApiError).message, 'Internal Server Error')
  }
  answer(404, '{"error":{"code":"unknown_cloud","message":"Unknown cloud."}}', 'Not Found')
  const err = await rejection<ApiError>(request('/api/x'))
  assert.is(err.message, 'Unknown cloud.')
})

test('client: malformed JSON and wrong shapes become errors, not crashes', async () => {
  answer(200, '{"data": nope')
  const err = await rejection<ApiError>(request('/api/x'))
  assert.instance(err, ApiError)
  assert.is(err.statusText, 'Malformed answer')
  assert.throws(
    () => dataOf({ data: [1] }, is.object),
    (e: Error) => e instanceof ApiError,
  )
  assert.throws(
    () => dataOf(null, is.object),
    (e: Error) => e instanceof ApiError,
  )
})

test('client: sends the CSRF header when the token cookie exists, with credentials', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as the server's answer would
  document.cookie = 'z_csrf_token=tok123; path=/'
  let seen: RequestInit | undefined
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    seen = init
    return new Response('{}', { status: 200 })
  }) as typeof fetch
  await request('/api/x')
  assert.is((seen!.headers as Record<string, string>)['X-CSRF-Token'], 'tok123')
  assert.is(seen!.credentials, 'include')
  await request('/api/x', { apiBase: 'https://trust.other.example' })
  assert.is((seen!.headers as Record<string, string>)['X-CSRF-Token'], undefined)
  assert.is(seen!.credentials, 'omit')
  // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie the test set
  document.cookie = 'z_csrf_token=; path=/; max-age=0'
})

test('client: abort rejects with AbortError', async () => {
  globalThis.fetch = realFetch
  globalThis.fetch = ((_u: string, init: RequestInit) =>
    new Promise((_, reject) =>
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    )) as typeof fetch
  const c = new AbortController()
  const p = request('/api/x', { signal: c.signal })
  c.abort()
  const err = await rejection<Error>(p)
  assert.is(err.name, 'AbortError')
  globalThis.fetch = realFetch
})

test('redirects stay on the site', () => {
  for (const bad of [
    '//evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '',
    undefined,
    42,
  ]) {
    assert.is(safeRedirectPath(bad, '/home'), '/home', String(bad))
  }
  assert.is(safeRedirectPath('/auroraedge.net/cloud-status?x=1#y'), '/auroraedge.net/cloud-status?x=1#y')
  assert.is(redirectFromRecord('auroraedge.net/notifications/cloud-app'), '/auroraedge.net/notifications/cloud-app')
  for (const bad of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example']) {
    assert.is(redirectFromRecord(bad), undefined, bad)
  }
})

test('element wrapper: attributes become props, batched into one render, unmount on removal', async () => {
  const renders: Array<Record<string, unknown>> = []
  let unmounted = 0
  const { useEffect } = await import('react')
  // biome-ignore lint/correctness/noComponentHookFactories: a probe per test, closing over the test's own render log
  function Probe(props: { cloud?: string; apiBase?: string }) {
    renders.push({ cloud: props.cloud, apiBase: props.apiBase })
    useEffect(() => () => void unmounted++, [])
    return <p part="probe">{props.cloud ?? 'none'}</p>
  }
  const Element = createWidgetElement<{ cloud?: string; apiBase?: string }>({
    component: Probe,
    attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
    css: 'p { color: red }',
  })
  defineElement('trust-probe', Element)
  defineElement('trust-probe', Element) // a second load must not throw
  const el = document.createElement('trust-probe')
  el.setAttribute('cloud', 'a')
  document.body.appendChild(el)
  el.setAttribute('cloud', 'b')
  el.setAttribute('api-base', 'https://x.example')
  await waitFor(() => el.shadowRoot?.textContent === 'b', 'the render')
  assert.equal(renders, [{ cloud: 'b', apiBase: 'https://x.example' }])
  el.removeAttribute('cloud')
  await waitFor(() => el.shadowRoot?.textContent === 'none', 'the render without the attribute')
  el.remove()
  await waitFor(() => unmounted === 1, 'the unmount')
})

test.run()
