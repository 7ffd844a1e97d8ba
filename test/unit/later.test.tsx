import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { holdLaterParts, Later, releaseLaterParts } from '../../shell/later'
import { mount, settle, waitFor } from '../fixtures/dom'

/** What the footer-like part did: mounted (its effect ran, so it is hydrated) and clicks it handled. */
interface Log {
  mounted: number
  clicks: number
}

function Part({ log }: { log: Log }) {
  useEffect(() => {
    log.mounted++
  }, [log])
  return (
    <button type="button" onClick={() => log.clicks++}>
      Footer
    </button>
  )
}

let rerender: () => void = () => undefined

/** A page: a header hydrated at once and a part in {@link Later}, its element made once like shell/App.tsx does. */
function Page({ part }: { part: React.ReactElement }) {
  const [count, setCount] = useState(0)
  rerender = () => setCount((n) => n + 1)
  return (
    <div>
      <p data-count={count}>Header</p>
      {part}
    </div>
  )
}

/** Server-renders the page into a container and hydrates it with the part held back. */
function hydrated(log: Log): { container: HTMLElement; button: Element; root: Root; unmount: () => void } {
  const part = (
    <Later>
      <Part log={log} />
    </Later>
  )
  const html = renderToString(<Page part={part} />)
  const container = document.createElement('div')
  document.body.appendChild(container)
  container.innerHTML = html
  const button = container.querySelector('button')!
  holdLaterParts()
  const root = hydrateRoot(container, <Page part={part} />)
  return {
    container,
    button,
    root,
    unmount: () => {
      root.unmount()
      container.remove()
    },
  }
}

/** A hydrated page whose header has hydrated and whose part still waits. */
async function hydratedPage() {
  const log: Log = { mounted: 0, clicks: 0 }
  const page = hydrated(log)
  await waitFor(() => page.container.querySelector('[data-count]') !== null, 'the header')
  await settle()
  assert.is(log.mounted, 0, 'the part waits')
  return { log, page }
}

test('a Later part keeps its server HTML, unhydrated, until released; the release resolves once it has hydrated, in place', async () => {
  const { log, page } = await hydratedPage()
  assert.is(page.container.querySelector('button'), page.button, 'its server HTML stays as it was')
  assert.is(page.button.textContent, 'Footer')
  // The page re-renders while the part waits (the session arriving): the part is left alone.
  flushSync(() => rerender())
  await settle()
  assert.is(page.container.querySelector('[data-count]')?.getAttribute('data-count'), '1')
  assert.is(log.mounted, 0, 'still waiting after the page re-rendered')
  assert.is(page.container.querySelector('button'), page.button, 'and still the server HTML')
  let released = false
  const release = releaseLaterParts().then(() => {
    released = true
  })
  assert.is(released, false, 'not before the part has hydrated')
  await release
  assert.is(log.mounted, 1, 'hydrated when the release resolved')
  assert.equal(
    await Promise.race([releaseLaterParts().then(() => 'at once'), settle(1).then(() => 'later')]),
    'at once',
    'nothing waits any more',
  )
  assert.is(page.container.querySelector('button'), page.button, 'hydrated in place, not rendered anew')
  ;(page.button as HTMLButtonElement).click()
  assert.is(log.clicks, 1)
  page.unmount()
})

test("a visitor's first press opens the held parts at once, and the press reaches its target", async () => {
  const { log, page } = await hydratedPage()
  page.button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
  ;(page.button as HTMLButtonElement).click()
  assert.is(log.clicks, 1, 'the click that followed the press was handled')
  await waitFor(() => log.mounted === 1, 'the part hydrated')
  assert.is(page.container.querySelector('button'), page.button)
  page.unmount()
})

test('a change with no press before it (a script, assistive technology) opens the parts and reaches its handler', async () => {
  const { log, page } = await hydratedPage()
  ;(page.button as HTMLButtonElement).click()
  assert.is(log.clicks, 1, 'the click alone was handled')
  await waitFor(() => log.mounted === 1, 'the part hydrated')
  page.unmount()
})

test('a page rendered in the browser (no server HTML) renders its Later parts at once', async () => {
  releaseLaterParts()
  const log: Log = { mounted: 0, clicks: 0 }
  const { root, container, unmount } = mount()
  root.render(
    <Later>
      <Part log={log} />
    </Later>,
  )
  await waitFor(() => log.mounted === 1, 'the part mounted')
  assert.is(container.querySelector('button')?.textContent, 'Footer')
  unmount()
})

test.run()
