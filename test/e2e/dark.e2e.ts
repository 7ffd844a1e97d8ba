/**
 * The dark site (docs/languages-and-themes.md): every page of the site, the signed-in pages and the admin console's
 * main screens pass axe in the dark scheme (a dark `prefers-color-scheme` with the default
 * `system` theme) at 1280 px, and a few public pages at 375 px; the header's Theme switch forces
 * dark over a light system preference at once, the choice survives a reload with the first paint
 * already dark (no light flash), and another visitor still gets the light page from the response
 * cache; at 375 px the switch is in the menu. Screenshots of home, cloud status, incidents, the
 * map, sign-in and the console in both schemes at 375 and 1280 px: `{light|dark}-{page}-{width}.png`.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import {
  axeViolations,
  browser,
  loaded,
  newPage,
  screenshot,
  settled,
  siteSuite,
  type SiteContext,
  type TestPage,
  withoutBrowserCache,
} from './harness'
import { ADMIN, CLOUD, checkPage, publicPages, SIGNED_IN_PAGES, signIn, VIEWER, type Visit } from './pages'

const dark = siteSuite('the dark site: axe in the dark scheme, the theme switch, no light flash')

dark.before(async () => {
  await (await browser()).clearCookies()
})
dark.after(async () => {
  await (await browser()).clearCookies()
})

/** The palette's page background (`--trust-color-bg`) in each scheme, as computed styles give it. */
const BG = { light: 'rgb(245, 247, 250)', dark: 'rgb(13, 17, 23)' } as const

/** Public pages also scanned and shot at 375 px, and shot in both schemes. */
const BOTH_SCHEMES = ['home', 'cloud-status', 'incidents', 'dc-map', 'sign-in'] as const

/** The admin console's main screens. */
const CONSOLE: Visit[] = [
  '/admin/dashboard',
  '/admin/desk',
  '/admin/desk/templates',
  '/admin/catalog/data-centers',
  '/admin/catalog/severities',
  '/admin/catalog/settings',
  '/admin/content/faq',
  '/admin/content/compliance',
  '/admin/staff',
  '/admin/audit',
].map((path) => ({
  name: `console${path.slice('/admin'.length).replace(/\//g, '-')}`,
  path,
  ready: async (page: Page) => {
    await page.getByRole('navigation', { name: 'Admin' }).waitFor()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await loaded(page)
  },
}))

/** A new tab `width` px wide whose system preference is `scheme`. */
async function tab(ctx: SiteContext, width: number, scheme: 'light' | 'dark'): Promise<TestPage> {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  await tp.page.emulateMedia({ colorScheme: scheme })
  return tp
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** Accepts the cookie banner unless it was answered before (the choice is kept for the origin). */
async function acceptCookies(ctx: SiteContext, page: Page): Promise<void> {
  await page.goto(`${ctx.server.url}/${CLOUD}`)
  await page.getByTestId('cloud-banner').waitFor()
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  if (!(await banner.count())) return
  await banner.getByRole('button', { name: 'Accept' }).click()
  await banner.waitFor({ state: 'detached' })
}

dark('every page in the dark scheme: content, 0 axe violations, dark ground (1280 px; a few public pages at 375 px)', async (ctx) => {
  const visits = await publicPages(ctx)
  const problems: string[] = []
  const darkCheck = async (page: Page, visit: Visit, width: number) => {
    await checkPage(ctx, page, visit, width, problems, 'dark')
    const bg = await background(page)
    if (bg !== BG.dark) problems.push(`${visit.name} @${width}: page background ${bg}, not dark`)
  }

  const { page } = await tab(ctx, 1280, 'dark')
  // The cookie banner of a first visit, in dark.
  await page.goto(`${ctx.server.url}/${CLOUD}`)
  await page.getByRole('region', { name: 'Cookie consent' }).waitFor()
  await page.getByTestId('cloud-banner').waitFor()
  await screenshot(page, 'dark-cookie-banner-1280')
  await acceptCookies(ctx, page)
  for (const visit of visits) await darkCheck(page, visit, 1280)
  await page.setViewportSize({ width: 375, height: 900 })
  for (const name of BOTH_SCHEMES) await darkCheck(page, visits.find((v) => v.name === name)!, 375)

  // The sign-in error box (its own red ground and text).
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${ctx.server.url}/sign-in`)
  await page.getByLabel('Email or Username').fill(VIEWER.name)
  await page.getByLabel('Password', { exact: true }).fill('Wrong12345')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByTestId('sign-in-error').waitFor()
  await screenshot(page, 'dark-sign-in-error-1280')
  for (const v of await axeViolations(page)) problems.push(`sign-in error @1280: ${v}`)

  await signIn(ctx, page, VIEWER)
  for (const visit of SIGNED_IN_PAGES) await darkCheck(page, visit, 1280)
  await page.context().clearCookies()

  await signIn(ctx, page, ADMIN)
  for (const visit of CONSOLE) await darkCheck(page, visit, 1280)
  await page.setViewportSize({ width: 375, height: 900 })
  await darkCheck(page, CONSOLE[0], 375)
  await page.context().clearCookies()
  // (Console errors are not checked here: the seed's hostile records make Chromium report the
  // inline handlers it blocked, see docs/decisions/0025-sanitising.md#sanitising; the other e2e files check errors.)
  assert.equal(problems, [])
})

dark(
  'screenshots of home, cloud status, incidents, the map, sign-in and the console in the light scheme at 375 and 1280 px',
  async (ctx) => {
    const visits = await publicPages(ctx)
    const { page, errors } = await tab(ctx, 1280, 'light')
    // Every load a first visit: no copy the browser kept from the previous test (which would be
    // old enough by now for the degraded-mode notice).
    await withoutBrowserCache(page)
    await acceptCookies(ctx, page)
    const problems: string[] = []
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      for (const name of BOTH_SCHEMES) {
        const visit = visits.find((v) => v.name === name)!
        await page.goto(ctx.server.url + visit.path)
        await visit.ready(page)
        await settled(page)
        await screenshot(page, `light-${name}-${width}`)
        const bg = await background(page)
        if (bg !== BG.light) problems.push(`${name} @${width}: page background ${bg}, not light`)
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn(ctx, page, ADMIN)
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(ctx.server.url + CONSOLE[0].path)
      await CONSOLE[0].ready(page)
      await screenshot(page, `light-console-dashboard-${width}`)
    }
    await page.context().clearCookies()
    assert.equal(problems, [])
    assert.equal(errors, [])
  },
)

dark(
  'the switch forces dark over a light system preference at once; a reload paints dark first; another visitor gets the light page from the cache',
  async (ctx) => {
    const path = `/${CLOUD}/incidents`
    const { page, errors } = await tab(ctx, 1280, 'light')
    await acceptCookies(ctx, page)
    await page.goto(ctx.server.url + path)
    await page.getByTestId('calendar-day').first().waitFor()
    assert.is(await background(page), BG.light, 'system theme, light preference: light')
    const theme = page.getByRole('banner').getByLabel('Theme')
    assert.is(await theme.inputValue(), 'system')

    // Chosen with the keyboard: applies at once, without a reload, and is remembered for a year.
    await theme.focus()
    await page.keyboard.press('ArrowDown') // Light
    await page.keyboard.press('ArrowDown') // Dark
    assert.is(await theme.inputValue(), 'dark')
    assert.is(await background(page), BG.dark)
    assert.is(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark')
    const cookie = (await page.context().cookies(ctx.server.url)).find((c) => c.name === 'trust_theme')
    assert.is(cookie?.value, 'dark')
    assert.is(cookie?.sameSite, 'Lax')
    assert.ok(cookie!.expires * 1000 > Date.now() + 364 * 86_400_000, 'kept for a year')
    await screenshot(page, 'dark-switch-incidents-1280')

    // Reload: the page the server sends is already dark (no light first paint), the switch says so.
    const [firstPaint] = await Promise.all([page.waitForResponse((r) => r.request().resourceType() === 'document'), page.reload()])
    const html = await firstPaint.text()
    assert.ok(html.includes('<html lang="en" data-theme="dark" style="color-scheme:dark">'), html.slice(0, 200))
    assert.match(html, /<select[^>]*data-testid="theme-switch"[^>]*>.*<option value="dark" selected="">/s)
    await page.getByTestId('calendar-day').first().waitFor()
    assert.is(await background(page), BG.dark)
    assert.is(await theme.inputValue(), 'dark')

    // Without any script (the first paint before the bundle): dark already.
    const still = await newPage(ctx.server, 1280)
    ctx.pages.push(still)
    await still.page.emulateMedia({ colorScheme: 'light' })
    const cdp = await still.page.context().newCDPSession(still.page)
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
    await still.page.goto(ctx.server.url + path)
    assert.is(await background(still.page), BG.dark, 'the server-rendered page is dark before any script runs')
    await screenshot(still.page, 'dark-first-paint-incidents-1280')

    // The home page's drop-in (the speedometer, in its own shadow root) follows the site's choice.
    await page.goto(`${ctx.server.url}/${CLOUD}`)
    await page.locator('trust-speedometer li').nth(2).waitFor()
    const gauge = await page
      .locator('trust-speedometer')
      .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="gauge"]')!).backgroundColor)
    assert.is(gauge, 'rgb(22, 27, 34)', 'the gauge card on the dark surface')

    // Another visitor, without the cookie: the light page, from the response cache.
    const before = ctx.server.app.responseCache.stats()
    const visitor = await fetch(ctx.server.url + path, { headers: { accept: 'text/html' } })
    const visitorHtml = await visitor.text()
    assert.ok(visitorHtml.includes('<html lang="en">'), visitorHtml.slice(0, 200))
    assert.not.ok(visitorHtml.includes('data-theme='))
    assert.is(ctx.server.app.responseCache.stats().hits, before.hits + 1, 'answered from the response cache')
    await (await browser()).clearCookies()
    const second = await tab(ctx, 1280, 'light')
    const [secondDocument] = await Promise.all([
      second.page.waitForResponse((r) => r.request().resourceType() === 'document'),
      second.page.goto(ctx.server.url + path),
    ])
    assert.not.ok((await secondDocument.text()).includes('data-theme='))
    await second.page.getByTestId('calendar-day').first().waitFor()
    assert.is(await background(second.page), BG.light)
    assert.is(await second.page.getByRole('banner').getByLabel('Theme').inputValue(), 'system')
    assert.equal(errors, [])
    assert.equal(second.errors, [])
  },
)

dark('at 375 px the switch is in the menu: Light over a dark system preference, and back to System', async (ctx) => {
  await (await browser()).clearCookies()
  const { page, errors } = await tab(ctx, 375, 'dark')
  await page.goto(`${ctx.server.url}/${CLOUD}/cloud-status`)
  await page.getByTestId('status-row').first().waitFor()
  assert.is(await background(page), BG.dark)
  await page.getByRole('button', { name: 'Menu' }).click()
  const theme = page.locator('#main-menu').getByLabel('Theme')
  assert.ok(await theme.isVisible(), 'the switch is in the open menu')
  await theme.selectOption('light')
  assert.is(await background(page), BG.light)
  await screenshot(page, 'light-switch-menu-375')
  await theme.selectOption('system')
  assert.is(await background(page), BG.dark)
  assert.is((await page.context().cookies(ctx.server.url)).find((c) => c.name === 'trust_theme')?.value, 'system')
  await (await browser()).clearCookies()
  assert.equal(errors, [])
})

dark.run()
