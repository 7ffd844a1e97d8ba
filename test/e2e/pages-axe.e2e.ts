/**
 * Every route of the site (spec §2 Route table) at 1280 and 375 px: the page's main content
 * loads, axe (WCAG 2.0/2.1/2.2 A and AA, see `AXE_TAGS`) finds nothing, nothing scrolls
 * sideways at 375 px, and a screenshot per page and width lands in test-results/screenshots
 * (`axe-{page}-{width}.png`). The cookie banner is scanned once open, then accepted.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { apiData, axeViolations, browser, newPage, screenshot, siteSuite, type SiteContext } from './harness'

const site = siteSuite('every page passes axe at 1280 and 375 px')
const CLOUD = 'auroraedge.net'
const VIEWER = { name: 'viewer@example.com', pass: 'Viewer12345' }

// Cookies are per host, not per port: start and end without the session cookies so the other
// suites stay signed out (as accounts.e2e.ts does).
site.before(async () => {
  await (await browser()).clearCookies()
})
site.after(async () => {
  await (await browser()).clearCookies()
})

interface Visit {
  name: string
  path: string
  /** Waits for the page's main content. */
  ready: (page: Page) => Promise<unknown>
}

const heading = (page: Page) => page.locator('main h1').first().waitFor()
const testId = (id: string) => (page: Page) => page.locator(`main [data-testid="${id}"]`).first().waitFor()
const noLoading = (page: Page) =>
  page.waitForFunction(() => ![...document.querySelectorAll('main [role="status"]')].some((el) => /^Loading/.test(el.textContent ?? '')))
const records = async (page: Page) => {
  await page.locator('main [data-testid="record"], main [data-testid="records-empty"]').first().waitFor()
  await page.getByTestId('calendar-day').first().waitFor()
}
const notifications = (page: Page) =>
  page.locator('main [data-testid="notifications-content"], main [data-testid="notifications-empty"]').first().waitFor()

async function firstNotificationId(ctx: SiteContext): Promise<string> {
  const list = await apiData<{ records: Array<{ id: string | number }> }>(
    ctx,
    '/api/notifications?notification_type=cloud_app&cloud=auroraedge&page=0',
  )
  for (const r of list.records) {
    const one = await apiData<{ url_redirect?: string }>(ctx, `/api/notification/${r.id}/auroraedge`)
    if (!one.url_redirect) return String(r.id)
  }
  throw new Error('no notification without url_redirect')
}

function publicPages(postId: string, notificationId: string): Visit[] {
  return [
    {
      name: 'home',
      path: `/${CLOUD}`,
      ready: async (p) => {
        await testId('cloud-banner')(p)
        await p.locator('trust-speedometer li').nth(2).waitFor()
      },
    },
    { name: 'cloud-status', path: `/${CLOUD}/cloud-status`, ready: (p) => p.getByTestId('status-row').first().waitFor() },
    { name: 'incidents', path: `/${CLOUD}/incidents`, ready: records },
    { name: 'maintenance', path: `/${CLOUD}/maintenance`, ready: records },
    {
      name: 'security-advisories',
      path: `/${CLOUD}/security-advisories`,
      ready: (p) => p.locator('main [data-testid="record"], main [data-testid="records-empty"]').first().waitFor(),
    },
    { name: 'notifications-cloud-app', path: `/${CLOUD}/notifications/cloud-app`, ready: notifications },
    { name: 'notifications-url-category', path: `/${CLOUD}/notifications/url-category`, ready: notifications },
    { name: 'notifications-privacy', path: `/${CLOUD}/notifications/privacy`, ready: notifications },
    { name: 'post', path: `/${CLOUD}/posts/${postId}`, ready: testId('post') },
    { name: 'notification', path: `/notification/${notificationId}`, ready: testId('post') },
    { name: 'dc-map', path: `/${CLOUD}/data-center-map`, ready: (p) => p.locator('[data-marker]').first().waitFor() },
    // FAQ, compliance and cookie policy: built concurrently; until then they show the fallback page.
    { name: 'faq', path: '/faq', ready: heading },
    { name: 'compliance', path: `/${CLOUD}/compliance`, ready: heading },
    { name: 'cookie-policy', path: '/privacy-compliance/cookie-policy', ready: heading },
    { name: 'sign-in', path: '/sign-in', ready: (p) => p.getByLabel('Email or Username').waitFor() },
    { name: 'sign-up', path: '/sign-up', ready: (p) => p.getByLabel('Confirm Password').waitFor() },
    { name: 'user-password', path: '/user/password', ready: testId('user-password') },
    { name: 'thank-you', path: '/thank-you', ready: testId('thank-you') },
    { name: 'fallback', path: '/no/such/page', ready: testId('fallback') },
  ]
}

async function check(ctx: SiteContext, page: Page, visit: Visit, width: number, problems: string[]): Promise<void> {
  await page.goto(ctx.server.url + visit.path)
  try {
    await visit.ready(page)
    await noLoading(page)
  } catch (error) {
    problems.push(`${visit.name} @${width}: main content did not load (${(error as Error).message.split('\n')[0]})`)
    await screenshot(page, `axe-${visit.name}-${width}`)
    return
  }
  // Let fonts and late layout settle before measuring.
  await page.waitForTimeout(150)
  await screenshot(page, `axe-${visit.name}-${width}`)
  for (const v of await axeViolations(page)) problems.push(`${visit.name} @${width}: ${v}`)
  if (width === 375) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    if (overflow > 0) problems.push(`${visit.name} @375: scrolls ${overflow} px sideways`)
  }
}

site('every route at 1280 and 375 px: content, 0 axe violations, no sideways scroll, screenshots', async (ctx) => {
  const incidents = await apiData<{ records: Array<{ id: string | number }> }>(ctx, '/api/incident?cloud=auroraedge&page=1')
  const visits = publicPages(String(incidents.records[0].id), await firstNotificationId(ctx))
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

    for (const visit of visits) await check(ctx, page, visit, width, problems)

    // Signed in: /subscribe and the settings page.
    await page.goto(`${ctx.server.url}/sign-in`)
    await page.getByLabel('Email or Username').fill(VIEWER.name)
    await page.getByLabel('Password', { exact: true }).fill(VIEWER.pass)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'You have successfully logged in!' }).waitFor()
    await check(ctx, page, { name: 'subscribe', path: '/subscribe', ready: (p) => p.getByRole('tab').first().waitFor() }, width, problems)
    await check(
      ctx,
      page,
      { name: 'settings', path: '/account-settings', ready: (p) => p.getByLabel('Time zone').waitFor() },
      width,
      problems,
    )
    await page.context().clearCookies()
  }
  assert.equal(problems, [])
})

site.run()
