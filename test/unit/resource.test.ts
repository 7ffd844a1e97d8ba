// createResource (widgets/core/resource.ts): loads only when asked, keeps data while reloading,
// aborts on stop; the lean drop-ins' `nanostores` for @nanostores/react (widgets/core/lean/).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { listenKeys } from '../../widgets/core/lean/nanostores'
import { createResource } from '../../widgets/core/resource'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

test('a resource loads nothing until reload(), even with a listener', async () => {
  let calls = 0
  const $r = createResource(async () => ++calls)
  const off = $r.listen(() => {})
  await tick()
  assert.is(calls, 0)
  assert.equal($r.get(), { status: 'loading' })
  $r.reload()
  await tick()
  assert.is(calls, 1)
  assert.equal($r.get(), { status: 'ready', data: 1 })
  off()
})

test('reload keeps the data while loading; a failure keeps it too, with its English sentence', async () => {
  let fail = false
  const $r = createResource(async () => {
    if (fail) throw new Error('Boom.')
    return 'first'
  })
  $r.reload()
  await tick()
  fail = true
  $r.reload()
  assert.equal($r.get(), { status: 'loading', data: 'first' })
  await tick()
  const state = $r.get()
  assert.is(state.status, 'error')
  assert.is(state.data, 'first')
  assert.is(state.status === 'error' && state.error, 'Boom.')
})

test('stop() aborts the load under way and its answer is dropped; a new reload aborts the previous', async () => {
  const signals: AbortSignal[] = []
  const resolvers: ((v: number) => void)[] = []
  const $r = createResource(
    (signal) =>
      new Promise<number>((resolve) => {
        signals.push(signal)
        resolvers.push(resolve)
      }),
  )
  $r.reload()
  $r.reload()
  assert.is(signals[0].aborted, true, 'the second reload aborts the first')
  assert.is(signals[1].aborted, false)
  $r.stop()
  assert.is(signals[1].aborted, true)
  resolvers[1](7)
  await tick()
  assert.equal($r.get(), { status: 'loading', data: undefined }, 'an aborted answer is not kept')
})

test('the lean drop-ins leave listenKeys out: calling it fails loudly', () => {
  assert.throws(() => listenKeys(), /listenKeys/)
})

test.run()
