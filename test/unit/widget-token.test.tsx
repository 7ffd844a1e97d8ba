// The console token on the widgets (widgets/core/token.ts, request.ts; docs/embedding.md#a-customers-own-status):
// sent as `Authorization: Bearer` only, never in a URL or kept; a refused token falls back to the
// public answer and says why with console.warn (never in the page); a token refused as expired is
// asked anew from the provider once; answers read with a token are never kept for anyone.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CloudStatus } from '../../widgets/cloud-status/CloudStatus'
import { ANSWER_KEY_PREFIX } from '../../widgets/core/answer-store'
import { createLiveFetch } from '../../widgets/core/live'
import { request } from '../../widgets/core/request'
import { tokenReader } from '../../widgets/core/token'
import '../../widgets/status-badge/define'
import '../../widgets/cloud-status/define'
import { cloudStatusProps } from '../fixtures/cloud-status-props'
import { week } from '../fixtures/cloud-status'
import { clouds, globalDataOf } from '../fixtures/global'
import { mount, type Served, serve, settle, waitFor } from '../fixtures/dom'
import { alphaPage } from '../fixtures/statuspage-page'

const PAGE = alphaPage()
const PUBLIC_LINE = { page: PAGE, status: { indicator: 'none', description: 'All Systems Operational' } }
const TENANT_LINE = { page: PAGE, status: { indicator: 'major', description: 'Partial Service Disruption' } }
const EXPIRED = 'The console token expired at 2026-11-29T07:00:00Z; ask the console for a fresh one.'

const bearer = (call: Served) => (call as Served & { headers: Record<string, string> }).headers.Authorization

/** Answers as a trust site would: the tenant's line for `good`, the public one plus the header for any other token. */
function site(good: string) {
  return serve((call) => {
    const auth = bearer(call)
    if (!auth) return PUBLIC_LINE
    if (auth === `Bearer ${good}`) return TENANT_LINE
    const problem = auth === 'Bearer stale' ? EXPIRED : 'The console token is signed by a key the site does not know.'
    return new Response(JSON.stringify(PUBLIC_LINE), { headers: { 'Trust-Token-Problem': problem } })
  })
}

/** Runs `fn` with console.warn recorded. */
async function warnings(fn: () => Promise<void>): Promise<string[]> {
  const real = console.warn
  const logged: string[] = []
  console.warn = (...args: unknown[]) => void logged.push(args.map(String).join(' '))
  try {
    await fn()
  } finally {
    console.warn = real
  }
  return logged
}

function badge(attributes: Record<string, string>): { el: HTMLElement; line: () => HTMLElement | null } {
  const el = document.createElement('trust-status-badge')
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value)
  return { el, line: () => el.shadowRoot?.querySelector<HTMLElement>('[data-testid="overall-status"]') ?? null }
}

test('a token goes in the Authorization header only; without one, none is sent', async () => {
  const { calls, restore } = site('good')
  const { el, line } = badge({ 'api-base': 'https://trust.example', cloud: 'alpha', token: 'good' })
  try {
    document.body.append(el)
    await waitFor(() => line()?.dataset.kind === 'partial', "the tenant's line")
    assert.is(bearer(calls[0]), 'Bearer good')
    assert.not.ok(JSON.stringify(calls[0]).includes('good'), 'never in the URL')
    el.removeAttribute('token')
    await waitFor(() => line()?.dataset.kind === 'operational', 'the public line')
    assert.is(bearer(calls.at(-1)!), undefined)
  } finally {
    el.remove()
    restore()
  }
})

test('a refused token: the public line, and why in console.warn, never in the page; no second try unless expired', async () => {
  const { calls, restore } = site('good')
  const { el, line } = badge({ 'api-base': 'https://trust.example', cloud: 'alpha', token: 'forged' })
  try {
    const logged = await warnings(async () => {
      document.body.append(el)
      await waitFor(() => line()?.dataset.kind === 'operational', 'the public line')
      await settle()
    })
    assert.equal(logged, ['trust-status-badge: console token refused: The console token is signed by a key the site does not know.'])
    assert.is(calls.length, 1, 'not sent again')
    assert.is(line()!.textContent, 'All Systems Operational')
    assert.not.ok(el.shadowRoot!.textContent!.includes('token'), 'nothing about the token in the page')
  } finally {
    el.remove()
    restore()
  }
})

test('a token refused as expired: the provider gives a fresh one and the read is sent once more', async () => {
  const { calls, restore } = site('fresh')
  const { el, line } = badge({ 'api-base': 'https://trust.example', cloud: 'alpha', token: 'stale' })
  let asked = 0
  ;(el as HTMLElement & { tokenProvider?: () => Promise<string> }).tokenProvider = async () => {
    asked++
    return 'fresh'
  }
  try {
    const logged = await warnings(async () => {
      document.body.append(el)
      await waitFor(() => line()?.dataset.kind === 'partial', "the tenant's line with the fresh token")
    })
    assert.equal(logged, [`trust-status-badge: console token refused: ${EXPIRED}`])
    assert.equal(calls.map(bearer), ['Bearer stale', 'Bearer fresh'])
    assert.is(asked, 1)
  } finally {
    el.remove()
    restore()
  }
})

test('no token attribute: the provider is asked once and its token shared by the reads; a failing provider means public reads', async () => {
  const holder = document.createElement('trust-host') as HTMLElement & { tokenProvider?: () => Promise<string> }
  let asked = 0
  holder.tokenProvider = async () => {
    asked++
    return 'good'
  }
  const { calls, restore } = site('good')
  try {
    const auth = tokenReader(holder)
    await Promise.all([request('/api/v2/status.json', { apiBase: 'https://trust.example', auth }), request('/x', { auth })])
    assert.is(asked, 1)
    assert.equal(calls.map(bearer), ['Bearer good', 'Bearer good'])
    const broken = document.createElement('trust-host') as typeof holder
    broken.tokenProvider = () => Promise.reject(new Error('console offline'))
    const logged = await warnings(async () => {
      assert.equal(await request('/api/v2/status.json', { auth: tokenReader(broken) }), PUBLIC_LINE)
    })
    assert.is(bearer(calls.at(-1)!), undefined)
    assert.ok(logged[0].startsWith('trust-host: the token provider failed:'), logged[0])
  } finally {
    restore()
  }
})

test("the timeline's weeks carry the token; the line inside reads with its host element's token", async () => {
  const host = document.createElement('trust-cloud-status-host')
  host.setAttribute('token', 'good')
  const shadow = host.attachShadow({ mode: 'open' })
  const { calls, restore } = serve((call) =>
    call.path === '/api/cloud-status' ? { data: week(call.query.requestType as 'public', Number(call.query.dateOffset)) } : TENANT_LINE,
  )
  document.body.append(host)
  const container = document.createElement('div')
  shadow.append(container)
  const { root } = mount()
  try {
    const flags = { core_cloud_services: '1', datacenter: '1', premium_datacenter: '0' } as const
    root.render(
      <CloudStatus {...cloudStatusProps(flags, { statusBadge: true, auth: tokenReader(host), apiBase: 'https://trust.example' })} />,
    )
    await waitFor(() => calls.filter((c) => c.path === '/api/cloud-status').length === 2, 'both weeks')
    assert.equal(calls.filter((c) => c.path === '/api/cloud-status').map(bearer), ['Bearer good', 'Bearer good'])
    // A badge in the shadow root of a trust-* element reads with that element's token.
    const { el, line } = badge({ 'api-base': 'https://trust.example', cloud: 'alpha' })
    container.append(el)
    await waitFor(() => line()?.dataset.kind === 'partial', 'the line')
    assert.is(bearer(calls.at(-1)!), 'Bearer good')
  } finally {
    root.unmount()
    host.remove()
    restore()
  }
})

test('<trust-cloud-status token-provider="name">: the global function provides the token of the weeks and of the line inside', async () => {
  const g = globalThis as unknown as Record<string, unknown>
  let asked = 0
  g.galleryConsoleToken = async () => {
    asked++
    return 'good'
  }
  const { calls, restore } = serve((call) => {
    if (call.path === '/api/global') return { data: globalDataOf(clouds) }
    if (call.path === '/api/cloud-status') return { data: week(call.query.requestType as 'public', Number(call.query.dateOffset)) }
    return TENANT_LINE
  })
  const el = document.createElement('trust-cloud-status')
  el.setAttribute('cloud', 'alpha')
  el.setAttribute('api-base', 'https://trust.example')
  el.setAttribute('token-provider', 'galleryConsoleToken')
  try {
    document.body.append(el)
    const reads = () => calls.filter((c) => c.path === '/api/cloud-status' || c.path.endsWith('/status.json'))
    await waitFor(() => reads().length >= 3, 'both weeks and the line')
    await settle()
    assert.ok(
      reads().every((c) => bearer(c) === 'Bearer good'),
      JSON.stringify(reads().map((c) => [c.path, bearer(c)])),
    )
    assert.is(asked, 1, 'asked once, shared by the reads')
    assert.is(bearer(calls.find((c) => c.path === '/api/global')!), undefined, 'the global data is read without it')
  } finally {
    el.remove()
    delete g.galleryConsoleToken
    restore()
  }
})

test('an answer read with a token is never kept, even when marked public; the same answer without one is', async () => {
  const items = new Map<string, string>()
  const storage = {
    get length() {
      return items.size
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  } as Storage
  const now = Date.now()
  const liveFetch = createLiveFetch({
    storage,
    now: () => now,
    fetch: (async () =>
      new Response('{"data":1}', {
        headers: { 'cache-control': 'public, max-age=30, stale-if-error=86400', date: new Date(now).toUTCString() },
      })) as typeof fetch,
  })
  const url = 'https://trust.example/api/cloud-status?cloud=alpha'
  await liveFetch(url, { headers: { Authorization: 'Bearer good' } })
  await liveFetch(`${url}&x=1`)
  await waitFor(() => items.has(`${ANSWER_KEY_PREFIX}${url}&x=1`), 'the anonymous copy')
  assert.not.ok(items.has(ANSWER_KEY_PREFIX + url), 'no copy of the token-bearing answer')
})

test.run()
