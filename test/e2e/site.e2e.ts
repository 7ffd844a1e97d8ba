import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { apiData as api, open, screenshot, siteSuite, withoutNotFound } from './harness'
import { formatCompact } from '../../widgets/speedometer/model'

const site = siteSuite('site shell, home and cloud choice')

const bannerTitle = (page: Page) => page.getByTestId('cloud-banner').locator('h1')

site('home shows the cloud banner and three gauges with the API values', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net')
  const banner = await api<{ title: string; description: string }>(ctx, '/api/cloud-banner?cloud=auroraedge')
  await bannerTitle(page).waitFor()
  assert.is(await bannerTitle(page).textContent(), banner.title)
  assert.ok((await page.getByTestId('cloud-banner').textContent())!.includes(banner.description))
  const gauges = page.locator('trust-speedometer li')
  await gauges.nth(2).waitFor()
  assert.is(await gauges.count(), 3)
  const data = await api<{ gauges: Array<{ label: string; value: number }> }>(ctx, '/api/speedometer?cloud=auroraedge')
  for (let i = 0; i < 3; i++) {
    const text = (await gauges.nth(i).textContent())!
    assert.ok(text.includes(data.gauges[i].label), `gauge ${i} label`)
    assert.is(await gauges.nth(i).getByTestId('gauge-value').textContent(), formatCompact(data.gauges[i].value))
  }
  const meters = page.locator('trust-speedometer [role="meter"]')
  assert.is(await meters.count(), 3)
  assert.is(Number(await meters.first().getAttribute('aria-valuenow')), data.gauges[0].value)
  assert.ok(await page.getByRole('link', { name: 'service continuity policy' }).isVisible())
  const footer = page.locator('footer')
  assert.match((await footer.textContent())!, /© \d{4} Aurora Edge/)
  assert.is(await footer.locator('a[href^="mailto:"]').getAttribute('href'), 'mailto:trust-feedback@auroraedge.example')
  assert.match(await page.title(), /auroraedge\.net/)
  await screenshot(page, 'home-1280')
  assert.equal(errors, [])
})

site('choosing another cloud in the selector changes the path, the cookie and the banner', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net')
  await bannerTitle(page).waitFor()
  await page.getByTestId('cloud-selector').click()
  const dialog = page.getByRole('dialog', { name: 'Choose a cloud' })
  await dialog.waitFor()
  assert.is(await dialog.getByTestId('selector-column').count(), 5)
  await screenshot(page, 'cloud-selector-1280')
  await dialog.getByRole('button', { name: 'auroraedgetwo.net' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/auroraedgetwo.net')
  const expected = await api<{ title: string }>(ctx, '/api/cloud-banner?cloud=auroraedgetwo')
  await page.waitForFunction((t) => document.querySelector('[data-testid="cloud-banner"] h1')?.textContent === t, expected.title)
  const cookies = await page.context().cookies(ctx.server.url)
  assert.is(cookies.find((c) => c.name === 'machineName')?.value, 'auroraedgetwo')
  assert.match((await page.getByTestId('cloud-selector').textContent())!, /Internet Access - auroraedgetwo\.net/)
  // Back navigation returns to the previous cloud's page and selects that cloud again.
  await page.goBack()
  await page.waitForFunction(() => /auroraedge\.net\b/.test(document.querySelector('[data-testid="cloud-selector"]')?.textContent ?? ''))
  assert.equal(errors, [])
})

site('the selector is keyboard operable and closes after the mouse leaves', async (ctx) => {
  const { page } = await open(ctx, '/auroraedge.net')
  await bannerTitle(page).waitFor()
  const button = page.getByTestId('cloud-selector')
  await button.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Choose a cloud' })
  await dialog.waitFor()
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  // Hover opens, leaving closes after the delay (not at once).
  await button.hover()
  await dialog.waitFor()
  await page.mouse.move(5, 600)
  assert.ok(await dialog.isVisible(), 'still open right after the mouse left')
  await dialog.waitFor({ state: 'detached', timeout: 3000 })
  // Keyboard choice.
  await button.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'private.auroraedge.com' }).focus()
  await page.keyboard.press('Enter')
  await page.waitForURL((u) => new URL(u).pathname === '/private.auroraedge.com')
})

site('?cloud=trust.<domain> selects the cloud and leaves the address bar', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net?cloud=trust.auroraedgeone.net')
  await page.waitForURL((u) => new URL(u).pathname === '/auroraedgeone.net')
  assert.not.ok(page.url().includes('cloud='), page.url())
  const expected = await api<{ title: string }>(ctx, '/api/cloud-banner?cloud=auroraedgeone')
  await page.waitForFunction((t) => document.querySelector('[data-testid="cloud-banner"] h1')?.textContent === t, expected.title)
  const cookies = await page.context().cookies(ctx.server.url)
  assert.is(cookies.find((c) => c.name === 'machineName')?.value, 'auroraedgeone')
  assert.equal(errors, [])
})

site('an unknown path shows the fallback page, sent as a 404', async (ctx) => {
  for (const path of ['/no/such/page', '/auroraedge.net/no-such-page', '/unknown.example/cloud-status']) {
    const { page, errors, status } = await open(ctx, path)
    assert.is(status, 404, path)
    await page.getByTestId('fallback').waitFor()
    assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Page not found')
    assert.match(await page.title(), /Page Not Found/)
    assert.equal(withoutNotFound(errors), [])
  }
})

site('the root path goes to the chosen cloud default page', async (ctx) => {
  const { page } = await open(ctx, '/')
  await page.waitForURL((u) => new URL(u).pathname !== '/')
  assert.match(new URL(page.url()).pathname, /^\/[a-z.]+\.(net|com)/)
})

site('mobile 375 px: menu, product drawer with back button, cloud choice', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net', 375)
  await bannerTitle(page).waitFor()
  await page.locator('trust-speedometer li').nth(2).waitFor()
  await screenshot(page, 'home-375')
  assert.not.ok(await page.getByTestId('cloud-selector').isVisible(), 'desktop selector hidden on mobile')
  await page.getByRole('button', { name: 'Menu' }).click()
  const drawer = page.getByTestId('mobile-cloud-selector')
  await drawer.waitFor()
  const privateAccess = drawer.getByRole('button', { name: /Private Access\s+2 clouds/ })
  await privateAccess.click()
  await drawer.getByRole('button', { name: /Back/ }).waitFor()
  await screenshot(page, 'mobile-drawer-375')
  await drawer.getByRole('button', { name: /Back/ }).click()
  await drawer.getByRole('button', { name: /Internet Access\s+5 clouds/ }).click()
  await drawer.getByRole('button', { name: 'auroraedgethree.net' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/auroraedgethree.net')
  assert.equal(errors, [])
})

site.run()
