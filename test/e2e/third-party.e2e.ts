/**
 * Third-party components end to end (docs/operating/console-and-desk.md#third-party-components): the
 * administrator adds a group in the console pointing at a loopback server that serves a stored
 * real Statuspage summary (`test/fixtures/statuspage/`), the console says how many components it
 * read; the public cloud status page shows the group marked "Third-party" with each status in
 * words; the upstream fails (the console's "Poll now") and the page says "Status unknown since …";
 * axe finds nothing; screenshots at 375 and 1280 px in English and Arabic.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as assert from 'uvu/assert'
import { LANG_COOKIE } from '../../contract/locale'
import { axeViolations, browser, loaded, open, screenshot, signInTo, siteSuite } from './harness'

const FIXTURE = readFileSync(new URL('../fixtures/statuspage/instructure-summary.json', import.meta.url), 'utf8')
const mode = { failing: false }
let upstream: Server
let upstreamUrl = ''

const test = siteSuite('third-party components: console, cloud status page, failing upstream', { webhookAllowLoopback: true })

test.before(async () => {
  upstream = createServer((_req, res) => {
    if (mode.failing) {
      res.writeHead(503, { 'content-type': 'text/plain' })
      res.end('down')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(FIXTURE)
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})

test.after(async () => {
  upstream.closeAllConnections()
  await new Promise<void>((resolve) => upstream.close(() => resolve()))
  await (await browser()).clearCookies()
})

test('the operator adds a group; the cloud status page shows it; a failing upstream is "status unknown"', async (ctx) => {
  const { page } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/third-party')
  await page.getByRole('heading', { name: 'Third-party components', level: 1 }).waitFor()
  await page.getByLabel('Group name').fill('Instructure')
  await page.getByLabel('Status page address').fill(`${upstreamUrl}/`)
  await page.getByRole('button', { name: 'Add third-party group' }).click()
  await page.getByText('Instructure is followed: 21 components read.').waitFor()
  await page.locator('[data-testid="third-party-row"]').first().waitFor()
  assert.equal(await axeViolations(page, '[data-testid="admin-third-party"]'), [])
  await screenshot(page, 'third-party-console-1280')

  const domain = 'auroraedge.net'
  for (const width of [375, 1280]) {
    const tp = await open(ctx, `/${domain}/cloud-status`, width)
    const block = tp.page.locator('[data-testid="status-block-third-party"]')
    await block.waitFor()
    await loaded(tp.page)
    assert.is(await block.locator('[data-testid="third-party-badge"]').first().textContent(), 'Third-party')
    assert.is(await block.locator('[data-testid="third-party-component"]').count(), 21)
    const statuses = await block.locator('[data-testid="third-party-status"]').allTextContents()
    assert.ok(statuses.includes('Degraded performance'))
    assert.ok(statuses.includes('Operational'))
    assert.equal(await axeViolations(tp.page, '[data-testid="status-block-third-party"]'), [])
    await block.scrollIntoViewIfNeeded()
    await screenshot(tp.page, `third-party-${width}`)
  }

  // The upstream fails: polled now from the console, the page says since when the status is unknown.
  mode.failing = true
  await page.getByRole('button', { name: 'Poll now: Instructure' }).click()
  await page.getByText(/The page could not be read: The page answered HTTP 503/).waitFor()
  for (const [locale, width] of [
    ['en', 375],
    ['en', 1280],
    ['ar', 375],
    ['ar', 1280],
  ] as const) {
    await (await browser()).addCookies([{ name: LANG_COOKIE, value: locale, url: ctx.server.url }])
    const tp = await open(ctx, `/${domain}/cloud-status`, width)
    const unknown = tp.page.locator('[data-testid="third-party-unknown"]')
    await unknown.waitFor()
    if (locale === 'en') {
      assert.match((await unknown.textContent()) ?? '', /^Status unknown since /)
      const statuses = await tp.page.locator('[data-testid="third-party-status"]').allTextContents()
      assert.ok(
        statuses.every((s) => s === 'Status unknown'),
        'no stale status is shown',
      )
    } else {
      assert.match((await unknown.textContent()) ?? '', /الحالة غير معروفة منذ/)
    }
    assert.equal(await axeViolations(tp.page, '[data-testid="status-block-third-party"]'), [])
    await unknown.scrollIntoViewIfNeeded()
    await screenshot(tp.page, `third-party-unknown-${locale}-${width}`)
  }
  await (await browser()).addCookies([{ name: LANG_COOKIE, value: 'en', url: ctx.server.url }])
})

test.run()
