import { withClock } from '../fixtures/clock'
import { mount, quietly, settle, waitFor } from '../fixtures/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { MapDataCenter } from '../../contract/global'
import { $global } from '../../widgets/core/global'
import { DcMap, DcMapWidget, DISCLAIMER, NO_DATA_MESSAGE, type WorldMapFactory } from '../../widgets/dc-map/DcMap'
import type { MarkerEvents } from '../../widgets/dc-map/map-view'
import type { MapMarker } from '../../widgets/dc-map/model'
import { siteGlobal } from '../fixtures/global'

// svgmap cannot run in happy-dom (no layout, no OffscreenCanvas), so these tests give the
// component a fake map layer and check what the component itself owns: states, legend,
// disclaimer, and the tooltip driven by marker events. The real map is checked in Chromium.

function dc(name: string, latitude: number, longitude: number, flags: Partial<MapDataCenter> = {}): MapDataCenter {
  return { name, city: name.replace(/\s+[IVX]+$/, ''), region: 'EMEA', latitude, longitude, regional_surcharge: 0, premium_dc: 0, ...flags }
}

const DATA: MapDataCenter[] = [
  dc('Amsterdam II', 52.367573, 4.904139),
  dc('Amsterdam III', 52.367573, 4.904139),
  dc('Dubai I', 25.204849, 55.270783, { regional_surcharge: 1 }),
  dc('Frankfurt IV', 50.110922, 8.682127, { premium_dc: 1 }),
  dc('Lisbon I', 38.722252, -9.139337),
]

interface FakeMap {
  factory: WorldMapFactory
  events?: MarkerEvents
  markers: MapMarker[]
  destroyed: number
  elements: Map<string, SVGGElement>
}

function fakeMap(): FakeMap {
  const fake: FakeMap = {
    markers: [],
    destroyed: 0,
    elements: new Map(),
    factory: () => {
      throw new Error('unset')
    },
  }
  fake.factory = (host, events) => {
    fake.events = events
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
    host.appendChild(svg)
    return {
      setMarkers(markers) {
        fake.markers = [...markers]
        svg.replaceChildren()
        fake.elements.clear()
        for (const m of markers) {
          const g = document.createElementNS('http://www.w3.org/2000/svg', 'g')
          g.setAttribute('aria-label', m.label)
          svg.appendChild(g)
          fake.elements.set(m.id, g)
        }
      },
      markerElement: (id) => fake.elements.get(id),
      destroy() {
        fake.destroyed++
        host.replaceChildren()
      },
    }
  }
  return fake
}

test('no data centers: the alert, and no map is loaded', async () => {
  const { container, root, unmount } = mount()
  let loads = 0
  root.render(
    <DcMap
      datacenters={[]}
      isGov={false}
      loadMap={async () => {
        loads++
        return fakeMap().factory
      }}
    />,
  )
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the alert')
  assert.is(container.querySelector('[role="alert"]')!.textContent, NO_DATA_MESSAGE)
  assert.is(loads, 0)
  unmount()
})

test('data: disclaimer, markers handed to the map, legend with text labels', async () => {
  const fake = fakeMap()
  const { container, root, unmount } = mount()
  root.render(<DcMap datacenters={DATA} isGov={false} loadMap={async () => fake.factory} />)
  await waitFor(() => fake.markers.length > 0, 'markers')
  assert.ok(container.textContent!.includes(DISCLAIMER))
  assert.is(fake.markers.length, 4) // the two Amsterdams share one marker
  const legend = [...container.querySelectorAll('[aria-label="Legend"] li')].map((li) => [li.getAttribute('data-kind'), li.textContent])
  assert.equal(legend, [
    ['normal', 'Data center'],
    ['surcharge', 'Regional surcharge'],
    ['premium', 'Premium data center'],
    ['multiple', 'Multiple data centers'],
  ])
  // Every legend symbol is a drawn shape, hidden from assistive technology (the text names it).
  assert.is(container.querySelectorAll('[aria-label="Legend"] svg[aria-hidden="true"] path').length, 4)
  assert.not.ok(container.querySelector('[role="status"]'), 'loading line gone once the map is there')
  unmount()
  assert.is(fake.destroyed, 1, 'the map is destroyed on unmount')
})

test('government variant: no premium marker and no premium legend entry', async () => {
  const fake = fakeMap()
  const { container, root, unmount } = mount()
  root.render(<DcMap datacenters={DATA} isGov={true} loadMap={async () => fake.factory} />)
  await waitFor(() => fake.markers.length > 0, 'markers')
  assert.not.ok(fake.markers.some((m) => m.kind === 'premium'))
  assert.not.ok(container.textContent!.includes('Premium'))
  unmount()
})

/** The tooltip's hide delay after the pointer leaves or focus goes (HIDE_DELAY_MS in DcMap.tsx). */
const HIDE_DELAY_MS = 300

test('tooltip: opens on hover and focus, lists the data centers, closes on leave, blur and Escape', () =>
  withClock(async (clock) => {
    const fake = fakeMap()
    const { container, root, unmount } = mount()
    root.render(<DcMap datacenters={DATA} isGov={false} loadMap={async () => fake.factory} />)
    await waitFor(() => fake.markers.length > 0, 'markers')
    const amsterdam = fake.markers.find((m) => m.kind === 'multiple')!
    const tip = () => container.querySelector('[role="tooltip"]')

    fake.events!.enter(amsterdam.id)
    await waitFor(() => tip() !== null, 'tooltip on hover')
    assert.ok(tip()!.textContent!.includes('Amsterdam II') && tip()!.textContent!.includes('Amsterdam III'))
    const el = fake.elements.get(amsterdam.id)!
    assert.is(el.getAttribute('aria-expanded'), 'true')
    assert.is(el.getAttribute('aria-describedby'), tip()!.id)
    fake.events!.leave(amsterdam.id)
    await clock.tickAsync(HIDE_DELAY_MS - 1)
    assert.ok(tip() !== null, 'the tooltip stays until its hide delay ends')
    await clock.tickAsync(1)
    await waitFor(() => tip() === null, 'tooltip gone after leaving')
    assert.is(el.getAttribute('aria-expanded'), 'false')

    const frankfurt = fake.markers.find((m) => m.kind === 'premium')!
    fake.events!.focus(frankfurt.id)
    await waitFor(() => tip() !== null, 'tooltip on focus')
    assert.ok(tip()!.textContent!.includes('Frankfurt IV'))
    assert.ok(tip()!.textContent!.includes('Premium'))
    fake.events!.blur(frankfurt.id)
    await clock.tickAsync(HIDE_DELAY_MS)
    await waitFor(() => tip() === null, 'tooltip gone on blur')

    fake.events!.toggle(frankfurt.id)
    await waitFor(() => tip() !== null, 'pinned tooltip')
    fake.events!.leave(frankfurt.id)
    await clock.tickAsync(HIDE_DELAY_MS * 10)
    await settle()
    assert.ok(tip() !== null, 'a pinned tooltip stays when the pointer leaves')
    fake.events!.escape()
    await waitFor(() => tip() === null, 'Escape closes')
    unmount()
  }))

test('a map that fails to load says so instead of staying blank', async () => {
  const { container, root, unmount } = mount()
  const logged = await quietly(async () => {
    root.render(<DcMap datacenters={DATA} isGov={false} loadMap={() => Promise.reject(new Error('chunk failed'))} />)
    await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the error')
  })
  assert.is(container.querySelector('[role="alert"]')!.textContent, 'The map could not be shown.')
  assert.equal(
    logged.map((args) => (args[1] as Error).message),
    ['chunk failed'],
    'the failure is logged, once',
  )
  unmount()
})

const global = siteGlobal({
  menu: { main_menu: [], top_menu: [] },
  links: { help_site: '', continuity_policy: '', feedback_email: '', vendor: '' },
})

const realFetch = globalThis.fetch
/** Answers /api/dc_map/* with `body()` and /api/global with what `globalAnswer` resolves to. */
function serve(body: () => unknown, globalAnswer: Promise<unknown> = Promise.resolve({ data: global })) {
  globalThis.fetch = (async (url: string) =>
    new Response(JSON.stringify(String(url).includes('/api/global') ? await globalAnswer : body()), { status: 200 })) as typeof fetch
}

test('widget: a malformed answer shows an error with Retry (and is logged), and Retry loads again', async () => {
  $global.set({ loading: false, data: global })
  let calls = 0
  let body: unknown = { data: { status: 'success', datacenters: [{ name: 'broken' }] } }
  serve(() => {
    calls++
    return body
  })
  const { container, root, unmount } = mount()
  const logged = await quietly(async () => {
    root.render(<DcMapWidget cloud="alpha" />)
    await waitFor(() => container.querySelector('button') !== null, 'the retry button')
  })
  assert.ok(container.querySelector('[role="alert"]')!.textContent!.includes('unexpected shape'))
  assert.is(logged.length, 1, 'the failure is logged to the console (docs/requirements/errors.md)')
  body = { data: { status: 'success', datacenters: [] } }
  container.querySelector('button')!.click()
  await waitFor(() => container.textContent!.includes(NO_DATA_MESSAGE), 'the no-data alert after retry')
  assert.is(calls, 2)
  assert.is(container.querySelector('[role="alert"]')!.textContent, NO_DATA_MESSAGE)
  unmount()
  globalThis.fetch = realFetch
})

test('widget: waits for the variant flag from the global load before showing data', async () => {
  $global.set({ loading: false })
  let answerGlobal: (value: unknown) => void = () => {}
  serve(() => ({ data: { status: 'success', datacenters: [] } }), new Promise((resolve) => (answerGlobal = resolve)))
  const { container, root, unmount } = mount()
  root.render(<DcMapWidget cloud="alpha" />)
  await settle()
  assert.not.ok(container.textContent!.includes(NO_DATA_MESSAGE), 'still loading while isGov is unknown')
  assert.ok(container.querySelector('[role="status"]'))
  answerGlobal({ data: { ...global, isGov: true } })
  await waitFor(() => container.textContent!.includes(NO_DATA_MESSAGE), 'data once the flag is known')
  assert.is($global.get().data?.isGov, true)
  unmount()
  globalThis.fetch = realFetch
  $global.set({ loading: false })
})

test.run()
