// The unit-test environment has no network (test/setup/register.mjs): a fetch no test stubbed
// fails like an unreachable server, and nothing reaches the terminal.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { settle } from '../fixtures/dom'

/** Runs `fn` and returns what it wrote to stdout and stderr (written nowhere else). */
async function captured(fn: () => Promise<void>): Promise<string> {
  let text = ''
  const out = process.stdout.write
  const err = process.stderr.write
  const keep = ((chunk: string | Uint8Array) => {
    text += String(chunk)
    return true
  }) as typeof process.stdout.write
  process.stdout.write = keep
  process.stderr.write = keep
  try {
    await fn()
    // Anything printed about the failure would come in a later task: let those run.
    await settle()
  } finally {
    process.stdout.write = out
    process.stderr.write = err
  }
  return text
}

test('an unstubbed fetch rejects with a TypeError naming the URL, and prints nothing', async () => {
  const printed = await captured(async () => {
    const error = await fetch('http://127.0.0.1:9/api/global').then(
      () => undefined,
      (e: unknown) => e,
    )
    assert.instance(error, TypeError)
    assert.match((error as Error).message, 'http://127.0.0.1:9/api/global')
  })
  assert.is(printed, '')
})

test('an abort before the failure wins, as with a real connection', async () => {
  const controller = new AbortController()
  const pending = fetch('/api/global', { signal: controller.signal }).then(
    () => undefined,
    (e: unknown) => e,
  )
  controller.abort()
  assert.is(((await pending) as Error).name, 'AbortError')
  const already = await fetch('/api/global', { signal: controller.signal }).then(
    () => undefined,
    (e: unknown) => e,
  )
  assert.is((already as Error).name, 'AbortError')
})

test.run()
