import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { apiData, loaded, newPage, open, screenshot, siteSuite } from './harness'

const paint = siteSuite('first paint: pages rendered by the server, hydrated in the browser')

/** Opens `path` with JavaScript off: what a visitor sees before the bundle runs. */
async function withoutScripts(ctx: Parameters<Parameters<typeof paint>[1]>[0], path: string, width = 1280): Promise<Page> {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  const cdp = await tp.page.context().newCDPSession(tp.page)
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
  await tp.page.goto(ctx.server.url + path)
  return tp.page
}

paint('before any script runs, the home page shows the header, menus, the cloud banner and the footer', async (ctx) => {
  const page = await withoutScripts(ctx, '/auroraedge.net', 375)
  const banner = await apiData<{ title: string; description: string }>(ctx, '/api/cloud-banner?cloud=auroraedge')
  assert.is(await page.locator('[data-testid="cloud-banner"] h1').textContent(), banner.title)
  assert.ok((await page.getByTestId('cloud-banner').textContent())!.includes(banner.description))
  assert.ok(await page.getByRole('heading', { name: 'Activity in the last 24 hours' }).isVisible())
  assert.ok(await page.getByRole('link', { name: 'Skip to content' }).count())
  assert.match((await page.locator('header').textContent())!, /auroraedge\.net/)
  assert.match((await page.locator('footer').textContent())!, /© \d{4} Aurora Edge/)
  assert.match(await page.title(), /^Home \| auroraedge\.net \| /)
  await screenshot(page, 'first-paint-home-375')
})

paint('before any script runs, cloud status, incidents, the map and sign-in show their frame and heading', async (ctx) => {
  for (const [path, heading] of [
    ['/auroraedge.net/cloud-status', 'Cloud Status'],
    ['/auroraedge.net/incidents', 'Incidents'],
    ['/auroraedge.net/data-center-map', 'Data Center Map'],
    ['/sign-in', 'Sign In'],
  ] as const) {
    const page = await withoutScripts(ctx, path)
    assert.ok(await page.getByRole('heading', { name: heading, exact: true, level: 1 }).isVisible(), `${path}: h1 ${heading}`)
    assert.ok(await page.locator('header nav').first().isVisible(), `${path}: the header's menus`)
  }
  const page = await withoutScripts(ctx, '/auroraedge.net/cloud-status', 1280)
  await screenshot(page, 'first-paint-cloud-status-1280')
})

paint("before any script runs, a path no route matches shows 'Page not found', noindex, sent as a 404", async (ctx) => {
  for (const path of ['/no/such/page', '/auroraedge.net/no-such-page', '/unknown.example/cloud-status']) {
    const page = await withoutScripts(ctx, path)
    assert.ok(await page.getByRole('heading', { name: 'Page not found', level: 1 }).isVisible(), `${path}: the rendered page`)
    assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex', path)
    const response = await page.reload()
    assert.is(response?.status(), 404, path)
  }
})

paint('indexable pages carry a canonical link without the query; noindex pages carry none', async (ctx) => {
  const page = await withoutScripts(ctx, '/auroraedge.net/incidents?page=2')
  assert.is(await page.locator('link[rel="canonical"]').getAttribute('href'), `${ctx.server.url}/auroraedge.net/incidents`)
  assert.is(await page.locator('meta[name="robots"]').count(), 0)
  const signIn = await withoutScripts(ctx, '/sign-in')
  assert.is(await signIn.locator('link[rel="canonical"]').count(), 0)
  assert.is(await signIn.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
})

paint('the rendered page hydrates without errors and works: the chunk of its page was preloaded', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net/cloud-status')
  const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')))
  assert.ok(
    preloaded.some((href) => /\/assets\/CloudStatusPage-[\w-]+\.js$/.test(href ?? '')),
    `page chunk preloaded: ${preloaded.join(', ')}`,
  )
  // The widget loads its data once hydrated, and the menus navigate in the page.
  await page.getByTestId('status-row').first().waitFor()
  await page.locator('header').getByRole('link', { name: 'Incidents', exact: true }).first().click()
  await page.waitForURL((u) => new URL(u).pathname === '/auroraedge.net/incidents')
  await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor()
  assert.equal(errors, [])
})

paint(
  'a returning visitor who answered the cookie banner never sees it; a new visitor does, and hydration keeps both right',
  async (ctx) => {
    const first = await open(ctx, '/auroraedge.net')
    await first.page.getByTestId('cookie-consent').waitFor()
    await first.page.getByRole('button', { name: 'Accept' }).click()
    await first.page.getByTestId('cookie-consent').waitFor({ state: 'detached' })
    // Same browser profile: the choice is in localStorage. With scripts off but the inline check,
    // the banner is gone before the first paint; with scripts on, hydration has no mismatch.
    const again = await open(ctx, '/auroraedge.net/incidents')
    await again.page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor()
    await again.page.getByTestId('records-content').waitFor()
    assert.is(await again.page.getByTestId('cookie-consent').count(), 0)
    assert.equal([...first.errors, ...again.errors], [])
    await first.page.evaluate(() => localStorage.removeItem('trust-cookie-consent'))
  },
)

/**
 * The page's cumulative layout shift (the layout-shift entries of the Layout Instability API,
 * without those right after input), once its loading states are gone.
 */
async function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; sources: string[] }>((resolve) => {
        const entries: Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }> = []
        new PerformanceObserver((list) => entries.push(...(list.getEntries() as never[]))).observe({ type: 'layout-shift', buffered: true })
        // Two frames: entries of the last layout are delivered.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const counted = entries.filter((e) => !e.hadRecentInput)
            resolve({
              total: counted.reduce((sum, e) => sum + e.value, 0),
              sources: counted.flatMap((e) =>
                (e.sources ?? []).map(
                  (src) => `${e.value.toFixed(3)} ${(src.node as Element | undefined)?.outerHTML?.slice(0, 90) ?? '?'}`,
                ),
              ),
            })
          }),
        )
      }),
  )
}

paint(
  'no layout shift while the data arrives: space is kept for the gauges, the timeline, the lists and the map (375 and 1280 px)',
  async (ctx) => {
    for (const width of [375, 1280]) {
      for (const path of [
        '/auroraedge.net',
        '/auroraedge.net/cloud-status',
        '/auroraedge.net/incidents',
        '/auroraedge.net/data-center-map',
      ]) {
        const tp = await newPage(ctx.server, width)
        ctx.pages.push(tp)
        // Answers arrive only once the server-rendered frame is on screen, as on a slow network:
        // held until the first contentful paint, then let through.
        let release = () => {}
        const painted = new Promise<void>((resolve) => (release = resolve))
        await tp.page.route(/\/(api|widgets)\//, async (route) => {
          await painted
          await route.continue()
        })
        await tp.page.goto(ctx.server.url + path, { waitUntil: 'commit' })
        await tp.page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
          timeout: 15_000,
        })
        release()
        await loaded(tp.page, 15_000)
        if (path.endsWith('.net')) await tp.page.locator('trust-speedometer li').nth(2).waitFor()
        if (path.endsWith('map')) await tp.page.locator('[data-marker]').first().waitFor()
        const shift = await layoutShift(tp.page)
        assert.ok(shift.total <= 0.02, `${path} at ${width} px: CLS ${shift.total.toFixed(3)}\n${shift.sources.join('\n')}`)
        await tp.page.close()
        ctx.pages.pop()
      }
    }
  },
)

paint.run()
