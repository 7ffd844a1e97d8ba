// Degraded mode (widgets/core/live.ts, answer-store.ts, LiveNotice.tsx; docs/operating/cdn.md): public answers
// are kept in localStorage under our own prefix, a kept copy of the same URL stands in on a network
// error or a 5xx, stale answers are recorded, and the notice names the data's generation time.
import { test } from 'uvu'
import { cloudStatusProps } from '../fixtures/cloud-status-props'
import * as assert from 'uvu/assert'
import { CloudStatus, type CloudStatusProps } from '../../widgets/cloud-status/CloudStatus'
import { ANSWER_KEY_PREFIX, ANSWER_LIMITS, readAnswer, storeAnswer, type StoredAnswer } from '../../widgets/core/answer-store'
import {
  $staleAnswers,
  clearStaleAnswers,
  createLiveFetch,
  installLiveFetch,
  KEEP_WITHIN_MS,
  liveNoticeText,
  staleAsOf,
} from '../../widgets/core/live'
import { LiveNotice } from '../../widgets/core/LiveNotice'
import { ApiError, apiUrl, request, type NetHook } from '../../widgets/core/request'
import { shared } from '../../widgets/core/shared'
import { formatClock, formatTimestamp } from '../../contract/time.js'
import { week } from '../fixtures/cloud-status'
import { withClock } from '../fixtures/clock'
import { mount, quietly, settle, waitFor } from '../fixtures/dom'

/** A Storage in memory that refuses writes past `quota` characters (keys + values), like a browser. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  constructor(private quota = Number.POSITIVE_INFINITY) {}
  get length() {
    return this.items.size
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null
  }
  getItem(k: string) {
    return this.items.get(k) ?? null
  }
  setItem(k: string, v: string) {
    let used = k.length + v.length
    for (const [key, value] of this.items) if (key !== k) used += key.length + value.length
    if (used > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(k, String(v))
  }
  removeItem(k: string) {
    this.items.delete(k)
  }
  clear() {
    this.items.clear()
  }
  keys() {
    return [...this.items.keys()]
  }
}

const GENERATED = Date.UTC(2026, 10, 24, 8, 0, 0)
const URL_A = 'https://trust.example/api/cloud-status?cloud=alpha&requestType=public&dateOffset=0'
const URL_B = 'https://trust.example/api/cloud-status?cloud=alpha&requestType=public&dateOffset=1'
const PUBLIC = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400'

/** A 200 JSON answer with the server's public headers, generated at `generated` and served `servedAfterS` later. */
function answer(body: unknown, { generated = GENERATED, servedAfterS = 1, cc = PUBLIC, status = 200 } = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': cc,
      'last-modified': new Date(generated).toUTCString(),
      date: new Date(generated + servedAfterS * 1000).toUTCString(),
    },
  })
}

const networkError = () => Promise.reject(new TypeError('Failed to fetch'))

/** A live fetch over `respond`, on a fresh storage, with the clock at `now`. */
function live(respond: (url: string) => Promise<Response> | Response, storage: Storage = new MemoryStorage(), now = GENERATED + 1000) {
  const calls: string[] = []
  const liveFetch = createLiveFetch({
    storage,
    now: () => now,
    fetch: (async (input: string) => {
      calls.push(String(input))
      return respond(String(input))
    }) as typeof fetch,
  })
  return { liveFetch, storage, calls }
}

const reset = () => clearStaleAnswers()

/** Waits until `storage` keeps a copy of `url` (written once the page is idle, after the answer is handed over). */
const kept = (storage: Storage, url: string) => waitFor(() => storage.getItem(ANSWER_KEY_PREFIX + url) !== null, `the copy of ${url}`)

// ---------------------------------------------------------------------------------------------
// the notice
// ---------------------------------------------------------------------------------------------

test('notice text: exact words, HH:MM and the zone name the site shows in its timestamps', () => {
  assert.is(liveNoticeText(Date.UTC(2026, 10, 22, 14, 3, 9)), 'Live updates are unavailable; showing status as of 14:03 (UTC)')
  assert.is(
    liveNoticeText(Date.UTC(2026, 10, 22, 14, 3, 9), 'America/New_York'),
    'Live updates are unavailable; showing status as of 09:03 (EST)',
  )
  assert.is(
    liveNoticeText(Date.UTC(2026, 6, 1, 23, 30), 'Europe/Berlin'),
    'Live updates are unavailable; showing status as of 01:30 (GMT+2)',
  )
})

test('formatClock cuts HH:MM and the zone from formatTimestamp, so both always agree', () => {
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'Mars/Olympus']) {
    const full = formatTimestamp('2026-07-01T00:05:59Z', zone)
    const clock = formatClock('2026-07-01T00:05:59Z', zone)
    const [hh, mm] = clock.slice(0, 5).split(':')
    assert.ok(full.includes(` ${hh}:${mm}:`), `${zone}: ${clock} within ${full}`)
    assert.ok(full.endsWith(` ${clock.slice(7, -1)}`), `${zone}: zone of ${clock} ends ${full}`)
  }
  assert.is(formatClock('2026-11-22T00:00:00Z', 'Asia/Kolkata'), '05:30 (GMT+5:30)')
  assert.is(formatClock('nonsense'), 'Invalid date')
})

test('staleAsOf: the oldest generation time, only among the given URLs', () => {
  const stale = { [URL_A]: 2000, [URL_B]: 1000 }
  assert.is(staleAsOf(stale), 1000)
  assert.is(staleAsOf(stale, [URL_A]), 2000)
  assert.is(staleAsOf(stale, ['https://other.example/api/x']), undefined)
  assert.is(staleAsOf({}), undefined)
})

// ---------------------------------------------------------------------------------------------
// the answer store
// ---------------------------------------------------------------------------------------------

const copy = (body: string, storedAt = 1, until = Number.MAX_SAFE_INTEGER): StoredAnswer => ({
  storedAt,
  generated: GENERATED,
  until,
  body,
})

test('store: keeps by exact URL under our prefix; another URL finds nothing', () => {
  const storage = new MemoryStorage()
  assert.ok(storeAnswer(storage, URL_A, copy('{"data":1}')))
  assert.equal(storage.keys(), [ANSWER_KEY_PREFIX + URL_A])
  assert.equal(readAnswer(storage, URL_A, 5)?.body, '{"data":1}')
  assert.is(readAnswer(storage, URL_B, 5), undefined)
  assert.is(readAnswer(storage, `${URL_A}&x=1`, 5), undefined)
})

test('store: bad stored JSON, an unreadable head or an expired copy is ignored and removed', () => {
  const storage = new MemoryStorage()
  storage.setItem(ANSWER_KEY_PREFIX + URL_A, '1 2 3\n{"data":')
  assert.is(readAnswer(storage, URL_A, 0), undefined)
  assert.is(storage.getItem(ANSWER_KEY_PREFIX + URL_A), null)
  storage.setItem(ANSWER_KEY_PREFIX + URL_A, 'garbage')
  assert.is(readAnswer(storage, URL_A, 0), undefined)
  storeAnswer(storage, URL_B, copy('{}', 1, 100))
  assert.is(readAnswer(storage, URL_B, 101), undefined, 'past stale-if-error')
  assert.equal(storage.keys(), [])
})

test('store: quota errors evict our own oldest copies, never other keys, and never throw', () => {
  const storage = new MemoryStorage(ANSWER_KEY_PREFIX.length * 3 + URL_A.length * 3 + 200)
  storage.setItem('partner-cart', 'x'.repeat(50))
  storeAnswer(storage, `${URL_A}1`, copy('{"n":1}', 1))
  storeAnswer(storage, `${URL_A}2`, copy('{"n":2}', 2))
  assert.ok(storeAnswer(storage, `${URL_A}3`, copy(`{"n":"${'y'.repeat(60)}"}`, 3)), 'kept after evicting')
  assert.is(storage.getItem('partner-cart'), 'x'.repeat(50), 'the partner key is untouched')
  assert.is(readAnswer(storage, `${URL_A}1`, 0), undefined, 'the oldest copy went first')
  assert.ok(readAnswer(storage, `${URL_A}3`, 0))
  // Larger than what is left even with nothing of ours: refused, nothing thrown, the partner key stays.
  assert.not.ok(storeAnswer(storage, URL_B, copy(`{"big":"${'z'.repeat(400)}"}`)))
  assert.is(storage.getItem('partner-cart'), 'x'.repeat(50))
  assert.equal(storage.keys(), ['partner-cart'])
})

test('store: at most ANSWER_LIMITS.entries copies; a storage that throws on every call keeps nothing', () => {
  const storage = new MemoryStorage()
  for (let i = 0; i < ANSWER_LIMITS.entries + 5; i++) storeAnswer(storage, `${URL_A}${i}`, copy('{}', i))
  assert.is(storage.length, ANSWER_LIMITS.entries)
  assert.is(readAnswer(storage, `${URL_A}0`, 0), undefined, 'oldest evicted')
  assert.ok(readAnswer(storage, `${URL_A}${ANSWER_LIMITS.entries + 4}`, 0))
  const broken = {
    get length(): number {
      throw new Error('SecurityError')
    },
  } as unknown as Storage
  assert.not.ok(storeAnswer(broken, URL_A, copy('{}')))
  assert.is(readAnswer(broken, URL_A), undefined)
  assert.not.ok(storeAnswer(undefined, URL_A, copy('{}')))
  assert.not.ok(storeAnswer(storage, URL_A, copy('x'.repeat(ANSWER_LIMITS.entryChars + 1))), 'too large to keep')
})

// ---------------------------------------------------------------------------------------------
// the live fetch
// ---------------------------------------------------------------------------------------------

test('live fetch: a public 200 answer is stored; a network error then returns the stored copy, marked stale', async () => {
  reset()
  let down = false
  const { liveFetch, storage } = live(() => (down ? networkError() : answer({ data: 'week' })))
  const first = await liveFetch(URL_A)
  // The answer is handed over first, its body unread: the copy is written after, when idle.
  assert.is(storage.getItem(ANSWER_KEY_PREFIX + URL_A), null, 'not kept before the answer is handed over')
  assert.equal(await first.json(), { data: 'week' })
  assert.is($staleAnswers.get()[URL_A], undefined, 'fresh: no notice')
  await kept(storage, URL_A)
  assert.equal(readAnswer(storage, URL_A, GENERATED + 2000)?.body, JSON.stringify({ data: 'week' }), 'the whole body')
  down = true
  const second = await liveFetch(URL_A)
  assert.is(second.status, 200)
  assert.equal(await second.json(), { data: 'week' })
  assert.is($staleAnswers.get()[URL_A], GENERATED, 'marked stale since its Last-Modified')
  // Another URL has no copy: the network error stands.
  const error = await liveFetch(URL_B).then(
    () => undefined,
    (e: unknown) => e,
  )
  assert.instance(error, TypeError)
  reset()
})

test('live fetch: a 5xx answer to a GET is replaced by the stored copy; without one the 5xx stands', async () => {
  reset()
  let status = 200
  const { liveFetch, storage } = live(() => (status === 200 ? answer({ data: 1 }) : new Response('down', { status })))
  await liveFetch(URL_A)
  await kept(storage, URL_A)
  status = 503
  const served = await liveFetch(URL_A)
  assert.is(served.status, 200)
  assert.equal(await served.json(), { data: 1 })
  assert.is($staleAnswers.get()[URL_A], GENERATED)
  assert.is((await liveFetch(URL_B)).status, 503)
  status = 404
  assert.is((await liveFetch(URL_A)).status, 404, 'a 4xx is an answer, not an outage')
  reset()
})

test('live fetch: answers marked private or no-store (signed-in views), or not public, are never stored', async () => {
  reset()
  for (const cc of ['private, no-store', 'no-store', 'public, private', 'max-age=30', '']) {
    const { liveFetch, storage } = live(() => answer({ data: 'mine' }, { cc }))
    await withClock(async (clock) => {
      await liveFetch(URL_A)
      // The copy would be written within KEEP_WITHIN_MS, when the page is idle: let both pass.
      await clock.tickAsync(KEEP_WITHIN_MS)
      await settle()
    })
    assert.is(storage.length, 0, `not stored with Cache-Control: ${cc}`)
  }
})

test('live fetch: a stale 200 answer is recorded, and a fresh one for the same URL clears it', async () => {
  reset()
  let servedAfterS = 600
  const { liveFetch } = live(() => answer({ data: 1 }, { servedAfterS }))
  await liveFetch(URL_A)
  assert.is($staleAnswers.get()[URL_A], GENERATED)
  servedAfterS = 2
  await liveFetch(URL_A)
  assert.is($staleAnswers.get()[URL_A], undefined)
  reset()
})

test('live fetch: aborts, writes and URLs out of scope pass through untouched', async () => {
  reset()
  const storage = new MemoryStorage()
  storeAnswer(storage, URL_A, copy('{"data":"kept"}'))
  const abort = new DOMException('aborted', 'AbortError')
  const liveFetch = createLiveFetch({
    storage,
    inScope: (url) => url !== URL_B,
    fetch: (async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' || input === URL_B) return new Response('{}', { status: 503 })
      return Promise.reject(abort)
    }) as typeof fetch,
  })
  assert.is(await liveFetch(URL_A).catch((e: unknown) => e), abort, 'an abort is never answered from storage')
  assert.is((await liveFetch(URL_A, { method: 'POST', body: '{}' })).status, 503, 'a write gets no stored copy')
  storeAnswer(storage, URL_B, copy('{"data":"kept"}'))
  assert.is((await liveFetch(URL_B)).status, 503, 'out of scope')
  assert.equal($staleAnswers.get(), {})
})

test('request() goes through the installed hook; uninstalling restores the platform fetch', async () => {
  reset()
  const hook = shared<NetHook>('net', () => ({}))
  const before = hook.fetch
  delete hook.fetch // an earlier test file may have loaded a define.ts
  const storage = new MemoryStorage()
  const realFetch = globalThis.fetch
  let down = false
  globalThis.fetch = (async () => (down ? networkError() : answer({ data: { ok: true } }))) as typeof fetch
  const uninstall = installLiveFetch({ storage, now: () => GENERATED + 2000 })
  try {
    assert.equal(await request('/api/global'), { data: { ok: true } })
    await kept(storage, apiUrl('/api/global'))
    down = true
    assert.equal(await request('/api/global'), { data: { ok: true } }, 'served from the stored copy')
    assert.is($staleAnswers.get()[apiUrl('/api/global')], GENERATED)
    assert.is(installLiveFetch({ storage: new MemoryStorage() })(), undefined, 'a second install changes nothing')
    uninstall()
    const error = await request('/api/global').catch((e: unknown) => e)
    assert.instance(error, ApiError)
    assert.is((error as ApiError).status, 0, 'without the hook a network error is an error again')
  } finally {
    uninstall()
    globalThis.fetch = realFetch
    if (before) hook.fetch = before
    reset()
  }
})

test('the real localStorage: our key only, other keys untouched', async () => {
  reset()
  localStorage.setItem('host-key', 'keep me')
  const { liveFetch } = live(() => answer({ data: 1 }), localStorage)
  await liveFetch(URL_A)
  await kept(localStorage, URL_A)
  assert.is(localStorage.getItem('host-key'), 'keep me')
  localStorage.removeItem(ANSWER_KEY_PREFIX + URL_A)
  localStorage.removeItem('host-key')
})

// ---------------------------------------------------------------------------------------------
// the notice on screen
// ---------------------------------------------------------------------------------------------

test('<LiveNotice>: an empty status region while live; the notice text while an answer is stale', async () => {
  reset()
  const { container, root, unmount } = mount()
  root.render(<LiveNotice timezone="America/New_York" />)
  await waitFor(() => container.querySelector('[role="status"]') !== null, 'the region')
  assert.is(container.querySelector('[role="status"]')!.textContent, '')
  const storage = new MemoryStorage()
  storeAnswer(storage, URL_A, copy('{}'))
  const withCopy = createLiveFetch({ storage, fetch: networkError as typeof fetch })
  await withCopy(URL_A)
  await waitFor(() => (container.textContent ?? '') !== '', 'the notice')
  assert.is(container.querySelector('[role="status"]')!.textContent, 'Live updates are unavailable; showing status as of 03:00 (EST)')
  clearStaleAnswers()
  await waitFor(() => container.textContent === '', 'the notice to go')
  unmount()
})

const FLAGS = { core_cloud_services: '1', datacenter: '0', premium_datacenter: '0' } as const
const props = (extra: Partial<CloudStatusProps> = {}): CloudStatusProps =>
  cloudStatusProps(FLAGS, { apiBase: 'https://trust.example', ...extra })

test('<trust-cloud-status> shows the notice for its own week only, and not when the shell asks it not to', async () => {
  reset()
  const hook = shared<NetHook>('net', () => ({}))
  const before = hook.fetch
  delete hook.fetch
  const realFetch = globalThis.fetch
  const servedAfterS = 600
  globalThis.fetch = (async () => answer({ data: week('core_cloud_services', 0) }, { servedAfterS })) as typeof fetch
  const uninstall = installLiveFetch({ storage: new MemoryStorage() })
  const { container, root, unmount } = mount()
  try {
    // Another URL is stale (an hour older): not this widget's concern.
    const other = createLiveFetch({
      storage: new MemoryStorage(),
      fetch: (async () => answer({}, { generated: GENERATED - 3_600_000, servedAfterS: 900 })) as typeof fetch,
    })
    await other('https://trust.example/api/faq')
    await quietly(async () => {
      root.render(<CloudStatus {...props()} />)
      await waitFor(() => (container.querySelector('[role="status"]')?.textContent ?? '') !== '', 'the notice')
    })
    assert.is(
      container.querySelector('[data-testid="live-notice"]')!.textContent,
      'Live updates are unavailable; showing status as of 08:00 (UTC)',
    )
    const section = container.querySelector('[data-testid="cloud-status"]')!
    assert.is(section.firstElementChild, container.querySelector('[data-testid="live-notice"]'), 'above the blocks')
    root.render(<CloudStatus {...props({ liveNotice: false })} />)
    await waitFor(() => container.querySelector('[data-testid="live-notice"]') === null, 'no notice inside the shell')
  } finally {
    unmount()
    uninstall()
    globalThis.fetch = realFetch
    if (before) hook.fetch = before
    reset()
  }
})

test.run()
