// The shell's degraded mode (shell/live.ts): every API call of the page goes through the live
// fetch, and moving to another path forgets the previous page's stale answers but not the global
// data's, which is loaded once per visit.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startLive } from '../../shell/live'
import { $router } from '../../shell/routes'
import { $staleAnswers, clearStaleAnswers } from '../../widgets/core/live'
import { apiUrl, type NetHook, request } from '../../widgets/core/request'
import { shared } from '../../widgets/core/shared'

const GENERATED = Date.UTC(2026, 10, 24, 8, 0, 0)

/** An answer generated ten minutes before it was served: stale. */
const staleAnswer = () =>
  new Response('{"data":{}}', {
    status: 200,
    headers: {
      'cache-control': 'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
      'last-modified': new Date(GENERATED).toUTCString(),
      date: new Date(GENERATED + 600_000).toUTCString(),
    },
  })

test('stale answers are recorded; a new path forgets the page answers and keeps /api/global', async () => {
  const hook = shared<NetHook>('net', () => ({}))
  const before = hook.fetch
  delete hook.fetch // an earlier test file may have loaded a define.ts
  const realFetch = globalThis.fetch
  globalThis.fetch = (async () => staleAnswer()) as typeof fetch
  $router.open('/alpha.net/cloud-status')
  const stop = startLive()
  try {
    await request('/api/global')
    await request('/api/cloud-banner', { query: { cloud: 'alpha' } })
    const global = apiUrl('/api/global')
    const banner = apiUrl('/api/cloud-banner', '', { cloud: 'alpha' })
    assert.equal($staleAnswers.get(), { [global]: GENERATED, [banner]: GENERATED })
    $router.open('/alpha.net/cloud-status#top')
    assert.equal(Object.keys($staleAnswers.get()).sort(), [banner, global].sort(), 'the same path keeps them')
    $router.open('/alpha.net/faq')
    assert.equal($staleAnswers.get(), { [global]: GENERATED }, 'another path keeps only the global data')
  } finally {
    stop()
    globalThis.fetch = realFetch
    if (before) hook.fetch = before
    clearStaleAnswers()
  }
  assert.is(shared<NetHook>('net', () => ({})).fetch, before, 'stopping removes the wrapper')
})

test.run()
