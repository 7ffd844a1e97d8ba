/**
 * The variants (docs/requirements/product.md) and the remaining route rules (spec docs/requirements/screens.md): the commercial site (the
 * Notifications dropdown with its two external status pages, the cookie banner, hidden pages,
 * titles, noindex), the government variant with each of its five differences, and the
 * disaster-recovery variant on every page it affects.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import type { GlobalData } from '../../contract/global'
import { apiData, axeViolations, open, screenshot, siteSuite } from './harness'

const DR_TEXT = 'The service is temporarily unavailable.'

/** Forgets the cookie choice of the suite's origin (earlier tests may have made one) and reloads. */
async function forgetCookieChoice(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('trust-cookie-consent'))
  await page.reload()
}

/**
 * Accepts the cookie banner of a first visit (the choice is kept per origin; a server port can be
 * reused by a later suite, so any earlier choice is forgotten first).
 */
async function acceptCookies(page: Page): Promise<void> {
  await forgetCookieChoice(page)
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  await banner.waitFor()
  await banner.getByRole('button', { name: 'Accept' }).click()
  await banner.waitFor({ state: 'detached' })
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })

// ---------------------------------------------------------------------------------------------
const commercial = siteSuite('commercial site: menus, cookie banner and route rules')

commercial('the Notifications dropdown lists the types and the two external status pages (new tab, announced)', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net')
  await acceptCookies(page)
  const button = mainMenu(page).getByRole('button', { name: /Notifications/ })
  await button.click()
  const list = page
    .locator('ul')
    .filter({ has: page.getByRole('link', { name: /URL Category Notifications/ }) })
    .last()
  await list.waitFor()
  const names = (await list.getByRole('link').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())
  assert.equal(names.slice(0, 3), ['Cloud Application Notifications', 'URL Category Notifications', 'Privacy Notifications'])
  const global = await apiData<GlobalData>(ctx, '/api/global')
  const subs = global.menu.main_menu.find((i) => i.item === 'Notifications')!.sub_menus
  for (const label of ['Vulnerability Management Status', 'Zero Trust Branch Status']) {
    const link = list.getByRole('link', { name: new RegExp(`${label}.*opens in a new tab`) })
    assert.is(await link.getAttribute('target'), '_blank', label)
    assert.match((await link.getAttribute('rel'))!, /noopener/)
    assert.is(await link.getAttribute('href'), subs.find((s) => s.item === label)!.route, label)
  }
  assert.is(
    await list.getByRole('link', { name: /URL Category Notifications/ }).getAttribute('href'),
    '/auroraedge.net/notifications/url-category',
  )
  await screenshot(page, 'variants-notifications-menu-1280')
  assert.equal(await axeViolations(page), [])
  await page.keyboard.press('Escape')
  assert.equal(errors, [])
})

commercial('menu-driven routes live under the cloud domain prefix', async (ctx) => {
  const { page } = await open(ctx, '/auroraedge.net')
  const menu = mainMenu(page)
  await menu.getByRole('link', { name: 'Home' }).waitFor()
  assert.is(await menu.getByRole('link', { name: 'Home' }).getAttribute('href'), '/auroraedge.net')
  assert.is(await menu.getByRole('link', { name: 'Cloud Status' }).getAttribute('href'), '/auroraedge.net/cloud-status')
  assert.is(await menu.getByRole('link', { name: 'Data Center Map' }).getAttribute('href'), '/auroraedge.net/data-center-map')
  assert.is(await menu.getByRole('link', { name: 'Compliance' }).getAttribute('href'), '/auroraedge.net/compliance')
  assert.is(await menu.getByRole('link', { name: 'FAQ' }).getAttribute('href'), '/faq')
  // Another cloud: the same items under its prefix.
  await page.goto(`${ctx.server.url}/auroraedgeone.net/cloud-status`)
  await page.getByTestId('status-row').first().waitFor()
  assert.is(await mainMenu(page).getByRole('link', { name: 'Cloud Status' }).getAttribute('aria-current'), 'page')
  assert.is(await mainMenu(page).getByRole('link', { name: 'Data Center Map' }).getAttribute('href'), '/auroraedgeone.net/data-center-map')
})

commercial('a page hidden for the cloud redirects to the cloud default page, and is not in its menu', async (ctx) => {
  for (const [path, to] of [
    ['/experience.auroraedge.net/compliance', '/experience.auroraedge.net'],
    ['/deception.auroraedge.net/security-advisories', '/deception.auroraedge.net'],
  ]) {
    const { page } = await open(ctx, path)
    await page.waitForURL((u) => new URL(u).pathname === to)
    await page.getByTestId('cloud-banner').waitFor()
    assert.is(
      await mainMenu(page)
        .getByRole('link', { name: path.endsWith('compliance') ? 'Compliance' : 'Security Advisories' })
        .count(),
      0,
      path,
    )
  }
})

commercial('page titles and descriptions per path; noindex on /sign-in and /subscribe only', async (ctx) => {
  const cases: Array<[string, RegExp, RegExp]> = [
    ['/auroraedge.net/incidents', /^Incidents \| auroraedge\.net \| Aurora Edge Trust$/, /incidents/i],
    ['/auroraedge.net/maintenance', /^Maintenance \| auroraedge\.net \| Aurora Edge Trust$/, /maintenance/i],
    ['/auroraedge.net/data-center-map', /^Data Center Map \| auroraedge\.net/, /map/i],
    ['/auroraedgeone.net/cloud-status', /^Cloud Status \| auroraedgeone\.net/, /status/i],
    ['/sign-in', /^Sign In \|/, /sign in/i],
  ]
  const { page } = await open(ctx, '/auroraedge.net')
  for (const [path, title, description] of cases) {
    await page.goto(ctx.server.url + path)
    await page.waitForFunction((t) => new RegExp(t).test(document.title), title.source)
    assert.match((await page.locator('meta[name="description"]').getAttribute('content'))!, description, path)
    const robots = await page.locator('meta[name="robots"]').count()
    assert.is(robots, path === '/sign-in' ? 1 : 0, `robots on ${path}`)
  }
  assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
  // /subscribe signed out goes to sign-in (noindex); both stay out of search results.
  await page.goto(`${ctx.server.url}/subscribe`)
  await page.waitForURL((u) => new URL(u).pathname === '/sign-in')
  await page.waitForFunction(() => document.title.startsWith('Sign In'))
  assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
})

commercial('cookie banner: labelled region with the policy link, keyboard Accept, remembered; no foreign request', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net/incidents', 375)
  await forgetCookieChoice(page)
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  await banner.waitFor()
  await page.getByTestId('record').first().waitFor()
  assert.is(await banner.getAttribute('data-domain-id'), 'trust-auroraedge-commercial')
  assert.is(await banner.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href'), '/privacy-compliance/cookie-policy')
  // In the page flow: nothing is covered, and the page does not scroll sideways at 375 px.
  assert.is(await banner.evaluate((el) => getComputedStyle(el).position), 'static')
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0)
  await screenshot(page, 'variants-cookie-banner-375')
  assert.equal(await axeViolations(page), [])
  // Keyboard: the banner's buttons are in the tab order right after the skip link's target.
  await banner.getByRole('button', { name: 'Reject' }).focus()
  await page.keyboard.press('Shift+Tab')
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Accept')
  await page.keyboard.press('Enter')
  await banner.waitFor({ state: 'detached' })
  await page.reload()
  await page.getByTestId('record').first().waitFor()
  assert.is(await banner.count(), 0, 'the choice is remembered')
  const stored = await page.evaluate(() => localStorage.getItem('trust-cookie-consent'))
  assert.match(stored!, /"choice":"accepted"/)
  assert.equal(errors, [])
})

commercial.run()

// ---------------------------------------------------------------------------------------------
const gov = siteSuite('government variant', { variant: { isGov: true } })

gov('(a) the top menu Help leads to the government help site, on every cloud', async (ctx) => {
  const global = await apiData<GlobalData>(ctx, '/api/global')
  assert.is(global.isGov, true)
  assert.is(global.links.help_site, 'https://help.auroraedgegov.example')
  const { page } = await open(ctx, '/auroraedge.net')
  await acceptCookies(page)
  const help = page.getByRole('navigation', { name: 'Top menu' }).getByRole('link', { name: /Help/ })
  assert.is(await help.getAttribute('href'), global.links.help_site)
  assert.is(await help.getAttribute('target'), '_blank')
})

gov('(b) no premium legend on the timeline or the map (premium cloud)', async (ctx) => {
  const { page } = await open(ctx, '/auroraedgethree.net/cloud-status')
  const dc = page.getByTestId('status-block-datacenter')
  await dc.getByTestId('legend').waitFor()
  assert.is(await dc.getByTestId('legend').getByText('Premium data center').count(), 0)
  await page.goto(`${ctx.server.url}/auroraedgethree.net/data-center-map`)
  await page.locator('[data-marker]').first().waitFor()
  const legend = page.getByRole('list', { name: 'Legend' })
  await legend.waitFor()
  assert.is(await legend.getByText(/Premium/i).count(), 0)
  assert.is(await page.locator('[data-marker][data-kind="premium"]').count(), 0)
  await screenshot(page, 'variants-gov-map-1280')
})

gov('(c) no Notifications dropdown, at 1280 and in the 375 px menu', async (ctx) => {
  const { page } = await open(ctx, '/auroraedge.net')
  await mainMenu(page).getByRole('link', { name: 'Cloud Status' }).waitFor()
  assert.is(
    await mainMenu(page)
      .getByRole('button', { name: /Notifications/ })
      .count(),
    0,
  )
  assert.is(await page.getByRole('link', { name: /Vulnerability Management Status|Zero Trust Branch Status/ }).count(), 0)
  const phone = await open(ctx, '/auroraedge.net', 375)
  await phone.page.getByRole('button', { name: 'Menu' }).click()
  await mainMenu(phone.page).getByRole('link', { name: 'Cloud Status' }).waitFor()
  assert.is(
    await mainMenu(phone.page)
      .getByRole('button', { name: /Notifications/ })
      .count(),
    0,
  )
  await screenshot(phone.page, 'variants-gov-menu-375')
})

gov('(d) the employee login carries the government label', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  const employee = page.getByTestId('employee-login')
  await employee.waitFor()
  assert.match((await employee.textContent())!, /Government employee login/)
})

gov('(e) the cookie banner carries the government domain id; no third-party script', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net')
  await forgetCookieChoice(page)
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  await banner.waitFor()
  const global = await apiData<GlobalData>(ctx, '/api/global')
  assert.is(await banner.getAttribute('data-domain-id'), 'trust-auroraedge-gov')
  assert.is(global.links.cookie_consent_id, 'trust-auroraedge-gov')
  const foreignScripts = await page.evaluate(() =>
    [...document.scripts].map((s) => s.src).filter((src) => src && new URL(src).origin !== location.origin),
  )
  assert.equal(foreignScripts, [])
  await banner.getByRole('button', { name: 'Reject' }).click()
  await banner.waitFor({ state: 'detached' })
  assert.match(
    (await page.evaluate(() => localStorage.getItem('trust-cookie-consent')))!,
    /"domainId":"trust-auroraedge-gov","choice":"rejected"/,
  )
  assert.equal(errors, [])
})

gov.run()

// ---------------------------------------------------------------------------------------------
const dr = siteSuite('disaster-recovery variant on every page it affects', { variant: { isTrustDR: true } })

async function noAccountLinks(page: Page, where: string): Promise<void> {
  assert.is(await page.getByRole('link', { name: 'Sign In', exact: true }).count(), 0, `${where}: Sign In`)
  assert.is(await page.getByRole('link', { name: 'Subscribe', exact: true }).count(), 0, `${where}: Subscribe`)
}

dr('header and 375 px menu: no sign-in or subscribe links', async (ctx) => {
  const { page } = await open(ctx, '/auroraedge.net')
  await acceptCookies(page)
  await page.getByTestId('cloud-banner').waitFor()
  await noAccountLinks(page, 'header')
  const phone = await open(ctx, '/auroraedge.net', 375)
  await phone.page.getByRole('button', { name: 'Menu' }).click()
  await phone.page.getByTestId('mobile-cloud-selector').waitFor()
  await noAccountLinks(phone.page, 'mobile menu')
  await screenshot(phone.page, 'variants-dr-menu-375')
})

dr('account pages show exactly the unavailable message (no redirect to sign-in)', async (ctx) => {
  const { page } = await open(ctx, '/auroraedge.net')
  for (const path of ['/sign-in', '/sign-up', '/subscribe', '/thank-you', '/user/password', '/account-settings', '/user/7/edit']) {
    await page.goto(ctx.server.url + path)
    const message = page.getByTestId('dr-unavailable')
    await message.waitFor()
    assert.is(await message.textContent(), DR_TEXT, path)
    assert.is(new URL(page.url()).pathname, path, `${path} stays`)
    assert.is(await page.locator('main form').count(), 0, `${path}: no form`)
  }
  await screenshot(page, 'variants-dr-settings-1280')
  assert.equal(await axeViolations(page), [])
})

dr('cloud status: no subscribe stars; a signed-out visitor is never sent to sign-in', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedgethree.net/cloud-status')
  await page.getByTestId('status-row').first().waitFor()
  assert.is(await page.getByTestId('subscribe-star').count(), 0)
  assert.is(await page.getByRole('button', { name: /^Subscribe to/ }).count(), 0)
  await noAccountLinks(page, 'cloud status')
  await screenshot(page, 'variants-dr-cloud-status-1280')
  assert.equal(errors, [])
})

dr('no verify banner under the header', async (ctx) => {
  const { page } = await open(ctx, '/auroraedge.net')
  await page.getByTestId('cloud-banner').waitFor()
  assert.is(await page.getByTestId('verify-banner').count(), 0)
})

dr.run()
