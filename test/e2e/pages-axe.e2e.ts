/**
 * Every route of the site (docs/requirements/screens.md#route-table) at 1280 and 375 px: the page's main content
 * loads, axe (WCAG 2.0/2.1/2.2 A and AA, see `AXE_TAGS`) finds nothing, nothing scrolls
 * sideways at 375 px, and a screenshot per page and width lands in test-results/screenshots
 * (`axe-{page}-{width}.png`). The cookie banner is scanned once open, then accepted.
 */
import * as assert from 'uvu/assert'
import { axeViolations, browser, newPage, screenshot, siteSuite } from './harness'
import { CLOUD, checkPage, publicPages, SIGNED_IN_PAGES, signIn, testId, VIEWER } from './pages'

const site = siteSuite('every page passes axe at 1280 and 375 px')

// Cookies are per host, not per port: start and end without the session cookies so the other
// suites stay signed out (as accounts.e2e.ts does).
site.before(async () => {
  await (await browser()).clearCookies()
})
site.after(async () => {
  await (await browser()).clearCookies()
})

site('every route at 1280 and 375 px: content, 0 axe violations, no sideways scroll, screenshots', async (ctx) => {
  const visits = await publicPages(ctx)
  const problems: string[] = []
  for (const width of [1280, 375]) {
    const tp = await newPage(ctx.server, width)
    ctx.pages.push(tp)
    const { page } = tp

    if (width === 1280) {
      // First visit: the cookie banner is open; scan one page with it, then accept it (the
      // choice is kept per origin, so later pages and the 375 px tab go without it).
      await page.goto(`${ctx.server.url}/${CLOUD}`)
      const banner = page.getByRole('region', { name: 'Cookie consent' })
      await banner.waitFor()
      await testId('cloud-banner')(page)
      await screenshot(page, 'axe-cookie-banner-1280')
      for (const v of await axeViolations(page)) problems.push(`cookie banner: ${v}`)
      await banner.getByRole('button', { name: 'Accept' }).click()
      await banner.waitFor({ state: 'detached' })
    }

    for (const visit of visits) await checkPage(ctx, page, visit, width, problems)

    // Signed in: /subscribe and the settings page.
    await signIn(ctx, page, VIEWER)
    for (const visit of SIGNED_IN_PAGES) await checkPage(ctx, page, visit, width, problems)
    await page.context().clearCookies()
  }
  assert.equal(problems, [])
})

site.run()
