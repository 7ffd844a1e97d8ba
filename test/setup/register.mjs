// Unit-test environment: happy-dom globals, and a module hook for styles.
// - `*.css.ts` (vanilla-extract) run in runtime mode: wrapped with a file scope, so importing a
//   widget in a test works without the bundler.
// - plain `*.css` imports (package stylesheets) load as empty modules.
// - no network: `fetch` rejects at once unless a test stubs it (see `offlineFetch`).
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { register } from 'node:module'

GlobalRegistrator.register({ url: 'http://localhost:8080/', width: 1280, height: 800 })
register('./css-hooks.mjs', import.meta.url)

/**
 * The `fetch` of a test that did not stub one (tests stub `globalThis.fetch` and put this back):
 * it fails the way an unreachable server does — a rejected promise with a TypeError, which the
 * code under test handles as a network failure — without touching the network. happy-dom's own
 * fetch would connect and print every connection error (`connect ECONNREFUSED 127.0.0.1:9`, with
 * its stack) straight to the terminal, out of reach of the tests' console capture.
 *
 * As with a real connection, the failure comes in a later task, and an abort before it wins
 * (rejecting with the signal's reason, an `AbortError`).
 *
 * @param {RequestInfo | URL} input
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
function offlineFetch(input, init) {
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
  const aborted = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError')
  if (signal?.aborted) return Promise.reject(aborted())
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  return new Promise((_, reject) => {
    const timer = setTimeout(() => reject(new TypeError(`Failed to fetch ${url}: unit tests have no network (stub globalThis.fetch)`)))
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(aborted())
      },
      { once: true },
    )
  })
}
globalThis.fetch = offlineFetch
