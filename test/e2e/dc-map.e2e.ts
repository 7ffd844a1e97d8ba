import * as assert from 'uvu/assert'
import type { MapDataCenter } from '../../contract/global'
import { mergeMarkers } from '../../widgets/dc-map/model'
import { CHROMIUM_CHECKED_CITIES } from '../fixtures/map-cities'
import { apiData, open, screenshot, siteSuite, type SiteContext } from './harness'

const map = siteSuite('data center map')

async function datacenters(ctx: SiteContext, cloud: string): Promise<MapDataCenter[]> {
  return (await apiData<{ datacenters: MapDataCenter[] }>(ctx, `/api/dc_map/${cloud}`)).datacenters
}

map('shows one marker per merged location of the real data, with legend and disclaimer', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedgethree.net/data-center-map')
  const dcs = await datacenters(ctx, 'auroraedgethree')
  assert.is(dcs.length, 95)
  const expected = mergeMarkers(dcs, { isGov: false })
  const markers = page.locator('[data-marker]')
  await markers.first().waitFor()
  assert.is(await markers.count(), expected.length)
  assert.ok(expected.length < 95 && expected.length > 50, `markers ${expected.length}`)
  assert.is(await page.locator('[data-marker][data-kind="premium"]').count(), expected.filter((m) => m.kind === 'premium').length)
  assert.ok(await page.getByText(/major cities with public data centers/).isVisible())
  const legend = page.getByRole('list', { name: 'Legend' })
  for (const label of [/Data center/i, /surcharge/i, /Premium/i, /Multiple/i])
    assert.ok(await legend.getByText(label).first().isVisible(), String(label))
  const box = await page.locator('[part="map"]').boundingBox()
  assert.ok(box && Math.abs(box.height - 652) <= 2, `map height ${box?.height}`)
  await screenshot(page, 'dc-map-1280')
  assert.equal(errors, [], 'no console errors and no request leaves the site')
})

map('the tooltip of a merged marker lists all its data centers (hover and keyboard)', async (ctx) => {
  const { page } = await open(ctx, '/auroraedgethree.net/data-center-map')
  const amsterdam = page.locator('[data-marker][aria-label*="Amsterdam II"]')
  await amsterdam.waitFor()
  assert.match((await amsterdam.getAttribute('aria-label'))!, /Amsterdam III/)
  await amsterdam.hover()
  const tooltip = page.getByRole('tooltip')
  await page.waitForFunction(() => {
    const t = document.querySelector('[role="tooltip"]') as HTMLElement | null
    return !!t && getComputedStyle(t).visibility === 'visible' && /Amsterdam III/.test(t.textContent ?? '')
  })
  const text = (await tooltip.textContent())!
  assert.match(text, /Amsterdam II/)
  assert.match(text, /Amsterdam III/)
  const width = (await tooltip.boundingBox())!.width
  assert.ok(width <= 270, `tooltip width ${width}`)
  await page.mouse.move(5, 5)
  // Keyboard: the markers are one tab stop; focus shows the tooltip too.
  await page.locator('[data-marker][tabindex="0"]').focus()
  await page.waitForFunction(() => {
    const t = document.querySelector('[role="tooltip"]') as HTMLElement | null
    return !!t && getComputedStyle(t).visibility === 'visible'
  })
  await screenshot(page, 'dc-map-tooltip-1280')
})

map('markers land inside their country on the rendered map', async (ctx) => {
  const { page } = await open(ctx, '/auroraedgethree.net/data-center-map')
  await page.locator('[data-marker]').first().waitFor()
  for (const city of CHROMIUM_CHECKED_CITIES.filter((c) => c.inside)) {
    const inside = await page.evaluate(
      ({ iso, x, y }) => {
        const path = document.querySelector(`[id$="-map-country-${iso}"]`) as SVGPathElement | null
        if (!path) return null
        const point = path.ownerSVGElement!.createSVGPoint()
        point.x = x
        point.y = y
        return path.isPointInFill(point)
      },
      { iso: city.iso, x: city.x, y: city.y },
    )
    assert.is(inside, true, `${city.city} inside ${city.iso}`)
  }
})

map('a cloud without data centers shows the alert', async (ctx) => {
  const { page, errors } = await open(ctx, '/deception.auroraedge.net/data-center-map')
  const alert = page.getByRole('alert')
  await alert.waitFor()
  assert.is((await alert.textContent())!.trim(), 'Data is not available for this cloud.')
  assert.is(await page.locator('[data-marker]').count(), 0)
  assert.equal(errors, [])
})

map('map at 375 px', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedgegov.net/data-center-map', 375)
  const dcs = await datacenters(ctx, 'auroraedgegov')
  await page.locator('[data-marker]').first().waitFor()
  assert.is(await page.locator('[data-marker]').count(), mergeMarkers(dcs, { isGov: false }).length)
  // Narrow screens get a 380 px map (README design notes) that still fits the page width.
  const box = await page.locator('[part="map"]').boundingBox()
  assert.ok(box && Math.abs(box.height - 382) <= 2 && box.width <= 375, `map box ${JSON.stringify(box)}`)
  await screenshot(page, 'dc-map-375')
  assert.equal(errors, [])
})

map.run()
