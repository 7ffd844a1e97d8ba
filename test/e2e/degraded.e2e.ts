/**
 * Degraded mode the visitor can see (docs/operating/cdn.md; widgets/core/live.ts): stale answers are announced
 * with "Live updates are unavailable; showing status as of HH:MM (zone)", and when the API cannot
 * be reached at all the site and the timeline drop-in show the last status they rendered, kept in
 * localStorage, with the same notice instead of an error. Playwright's `page.route` plays the
 * stale CDN (real answers with a Last-Modified ten minutes before their Date) and the outage
 * (every /api/ request aborted).
 */
import type { Page, Response } from 'playwright-core'
import * as assert from 'uvu/assert'
import { startExamplesServer, type ExamplesServer } from '../../examples/serve'
import { ANSWER_KEY_PREFIX } from '../../widgets/core/answer-store'
import { formatClock } from '../../contract/time.js'
import { axeViolations, browser, newPage, screenshot, signInTo, siteSuite, type SiteContext, type TestPage } from './harness'

const NOTICE = 'Live updates are unavailable; showing status as of'
const TEN_MINUTES_MS = 600_000

const degraded = siteSuite('degraded mode: stale copies and the last status kept')
let examples: ExamplesServer
degraded.before(async (ctx) => {
  examples = await startExamplesServer({ siteOrigin: ctx.server.url })
  await (await browser()).clearCookies()
})
degraded.after(async () => {
  await examples?.close()
})

/** A tab `width` px wide (the examples origin allowed); nothing loaded yet, so routes go in first. */
async function tab(ctx: SiteContext, width: number): Promise<TestPage> {
  const tp = await newPage(ctx.server, width, [examples.url])
  ctx.pages.push(tp)
  return tp
}

/**
 * Passes every public API answer through with a `Last-Modified` `ageMs` before its `Date`, as a
 * CDN serving an old copy would; returns the `Last-Modified` sent per URL (epoch ms).
 */
async function serveAged(page: Page, ageMs: number): Promise<Map<string, number>> {
  const sent = new Map<string, number>()
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch()
    const headers = response.headers()
    if (route.request().method() !== 'GET' || !/s-maxage=/.test(headers['cache-control'] ?? '') || !headers.date) {
      await route.fulfill({ response })
      return
    }
    const generated = Date.parse(headers.date) - ageMs
    sent.set(route.request().url(), generated)
    await route.fulfill({ response, headers: { ...headers, 'last-modified': new Date(generated).toUTCString() } })
  })
  return sent
}

/** Records the `Last-Modified` of every public API answer the page receives (epoch ms per URL). */
function recordGenerated(page: Page): Map<string, number> {
  const generated = new Map<string, number>()
  page.on('response', (r: Response) => {
    const lm = r.headers()['last-modified']
    if (r.url().includes('/api/') && r.status() === 200 && lm && /public/.test(r.headers()['cache-control'] ?? '')) {
      generated.set(r.url(), Date.parse(lm))
    }
  })
  return generated
}

/** Aborts every /api/ request (the origin and every cache in front of it unreachable); returns the URLs asked. */
async function cutTheApi(page: Page): Promise<string[]> {
  const asked: string[] = []
  await page.route('**/api/**', (route) => {
    asked.push(route.request().url())
    return route.abort('connectionrefused')
  })
  return asked
}

/** The earliest instant among `urls` in `times`: what the notice must name. */
function oldest(times: Map<string, number>, urls: Iterable<string>): number {
  const known = [...urls].map((u) => times.get(u)).filter((t): t is number => t !== undefined)
  assert.ok(known.length > 0, 'some answers were kept')
  return Math.min(...known)
}

/** Waits for the notice inside `scope` and returns its text. */
async function noticeText(page: Page, scope: string): Promise<string> {
  const notice = page.locator(`${scope} [data-testid="live-notice"] p`)
  await notice.waitFor({ timeout: 10_000 })
  return (await notice.textContent())!
}

/** Errors other than the failed requests the outage itself makes Chromium log. */
const beyondTheOutage = (errors: string[]) => errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(e))

/**
 * Waits until the page keeps a copy of each of `urls` (the live fetch writes a copy once the page
 * is idle after handing the answer over, within `KEEP_WITHIN_MS`).
 */
async function keptAll(page: Page, urls: Iterable<string>): Promise<void> {
  const keys = [...urls].map((u) => ANSWER_KEY_PREFIX + u)
  assert.ok(keys.length > 0, 'answers to keep')
  await page.waitForFunction((all) => all.every((k) => localStorage.getItem(k) !== null), keys, { timeout: 10_000 })
}

const coreRows = (page: Page) => page.locator('[data-testid="status-block-core"] [data-testid="status-row"]')

/** Waits until both blocks of the timeline show rows: their answers are in. */
async function timelineShown(page: Page, scope = 'main'): Promise<void> {
  for (const kind of ['core', 'datacenter']) {
    await page.locator(`${scope} [data-testid="status-block-${kind}"] [data-testid="status-row"]`).first().waitFor()
  }
}

degraded(
  'a stale copy (Last-Modified 10 minutes before Date) shows the notice on the cloud status page, at 1280 and 375 px',
  async (ctx) => {
    for (const width of [1280, 375]) {
      const { page, errors } = await tab(ctx, width)
      const sent = await serveAged(page, TEN_MINUTES_MS)
      await page.goto(`${ctx.server.url}/auroraedge.net/cloud-status`)
      await coreRows(page).first().waitFor()
      const text = await noticeText(page, 'main')
      const asked = [...sent.keys()]
      assert.ok(
        asked.some((u) => u.includes('/api/cloud-status')),
        asked.join(),
      )
      // Signed out, the site shows times in UTC; the notice names the oldest data shown.
      assert.is(text, `${NOTICE} ${formatClock(oldest(sent, asked), 'UTC')}`)
      assert.match(text, /as of \d\d:\d\d \(UTC\)$/)
      // One notice for the page: the timeline inside the shell adds none of its own.
      assert.is(await page.locator('[data-testid="live-notice"] p').count(), 1)
      assert.is(await page.locator('main [role="status"]').filter({ hasText: NOTICE }).count(), 1)
      const box = (await page.locator('main [data-testid="live-notice"] p').boundingBox())!
      assert.ok(box.x >= 0 && box.x + box.width <= width, `the notice fits in ${width} px: ${JSON.stringify(box)}`)
      await screenshot(page, `degraded-stale-cloud-status-${width}`)
      if (width === 1280) assert.equal(await axeViolations(page), [])
      assert.equal(errors, [])
    }
  },
)

degraded('fresh answers show no notice', async (ctx) => {
  const { page, errors } = await tab(ctx, 1280)
  await page.goto(`${ctx.server.url}/auroraedge.net/cloud-status`)
  await timelineShown(page)
  assert.is(await page.locator('[data-testid="live-notice"]').first().textContent(), '')
  assert.equal(errors, [])
})

degraded('the API unreachable: home and cloud status show the last status kept, with the notice, not an error', async (ctx) => {
  const first = await tab(ctx, 1280)
  const generated = recordGenerated(first.page)
  await first.page.goto(`${ctx.server.url}/auroraedge.net`)
  await first.page.locator('trust-speedometer li').nth(2).waitFor()
  await keptAll(first.page, generated.keys())
  // A key of someone else in the same localStorage: never touched.
  await first.page.evaluate(() => localStorage.setItem('host-key', 'keep me'))
  await first.page.goto(`${ctx.server.url}/auroraedge.net/cloud-status`)
  await timelineShown(first.page)
  await keptAll(first.page, generated.keys())
  const liveRows = await coreRows(first.page).allTextContents()

  for (const width of [1280, 375]) {
    const { page, errors } = await tab(ctx, width)
    const asked = await cutTheApi(page)
    await page.goto(`${ctx.server.url}/auroraedge.net/cloud-status`)
    await coreRows(page).first().waitFor()
    const text = await noticeText(page, 'main')
    assert.is(text, `${NOTICE} ${formatClock(oldest(generated, asked), 'UTC')}`)
    assert.equal(await coreRows(page).allTextContents(), liveRows, 'the same rows as the live page')
    assert.is(await page.locator('[role="alert"]').count(), 0, 'no error shown')
    await screenshot(page, `degraded-offline-cloud-status-${width}`)

    asked.length = 0
    await page.goto(`${ctx.server.url}/auroraedge.net`)
    await page.getByTestId('cloud-banner').waitFor()
    await page.locator('trust-speedometer li').nth(2).waitFor()
    assert.ok(
      asked.some((u) => u.includes('/api/speedometer')),
      'the speedometer drop-in asked too (through the shell)',
    )
    assert.is(await noticeText(page, 'main'), `${NOTICE} ${formatClock(oldest(generated, asked), 'UTC')}`)
    assert.is(await page.locator('[role="alert"]').count(), 0, 'no error shown')
    await screenshot(page, `degraded-offline-home-${width}`)
    if (width === 1280) assert.equal(await axeViolations(page), [])
    assert.equal(beyondTheOutage(errors), [])
  }
  // Our copies are under our prefix; the other key is as it was.
  const keys = await first.page.evaluate(() => Object.keys(localStorage))
  assert.ok(
    keys.some((k) => k.startsWith(`${ANSWER_KEY_PREFIX}${ctx.server.url}/api/cloud-status?`)),
    keys.join('\n'),
  )
  assert.is(await first.page.evaluate(() => localStorage.getItem('host-key')), 'keep me')
})

degraded('the timeline drop-in on another origin: the stale notice in its own box, and the kept week when the API is down', async (ctx) => {
  // A stale copy, then the visitor's own zone through the `timezone` attribute.
  for (const width of [1280, 375]) {
    const { page, errors } = await tab(ctx, width)
    const sent = await serveAged(page, TEN_MINUTES_MS)
    await page.goto(`${examples.url}/console.html`)
    const widget = page.locator('trust-cloud-status')
    await widget.locator('[data-testid="status-block-core"] [data-testid="status-row"]').first().waitFor()
    const weeks = [...sent.keys()].filter((u) => u.includes('/api/cloud-status'))
    assert.is(await noticeText(page, 'trust-cloud-status'), `${NOTICE} ${formatClock(oldest(sent, weeks), 'UTC')}`)
    await widget.evaluate((el) => el.setAttribute('timezone', 'America/New_York'))
    await widget
      .locator('[data-testid="live-notice"] p')
      .filter({ hasText: /\(E[SD]T\)$/ })
      .waitFor()
    assert.is(await noticeText(page, 'trust-cloud-status'), `${NOTICE} ${formatClock(oldest(sent, weeks), 'America/New_York')}`)
    await screenshot(page, `degraded-stale-console-${width}`)
    if (width === 1280) assert.equal(await axeViolations(page, 'trust-cloud-status'), [])
    assert.equal(errors, [])
  }

  // Live once (the week is kept in the console's localStorage), then the API is cut.
  const live = await tab(ctx, 1280)
  const generated = recordGenerated(live.page)
  await live.page.goto(`${examples.url}/console.html`)
  await timelineShown(live.page, 'trust-cloud-status')
  assert.is(await live.page.locator('trust-cloud-status [data-testid="live-notice"]').textContent(), '', 'live: no notice')
  const liveRows = await live.page.locator('trust-cloud-status [data-testid="status-row"]').allTextContents()
  const statusLine = (page: typeof live.page) => page.locator('trust-cloud-status trust-status-badge [data-testid="overall-status"]')
  await statusLine(live.page).locator('svg').waitFor()
  const liveLine = await statusLine(live.page).innerText()
  // The drop-in keeps the timeline's answers (its weeks, the status line's summary).
  await keptAll(
    live.page,
    [...generated.keys()].filter((u) => /\/api\/(?:cloud-status|v2\/status\.json)/.test(u)),
  )

  for (const width of [1280, 375]) {
    const { page, errors } = await tab(ctx, width)
    const asked = await cutTheApi(page)
    await page.goto(`${examples.url}/console.html`)
    const widget = page.locator('trust-cloud-status')
    await widget.locator('[data-testid="status-block-datacenter"] [data-testid="status-row"]').first().waitFor()
    const weeks = asked.filter((u) => u.includes('/api/cloud-status'))
    assert.is(await noticeText(page, 'trust-cloud-status'), `${NOTICE} ${formatClock(oldest(generated, weeks), 'UTC')}`)
    assert.equal(await widget.locator('[data-testid="status-row"]').allTextContents(), liveRows, 'the rows it showed live')
    assert.is(await widget.locator('[role="alert"]').count(), 0, 'no error shown')
    // The overall status line above the blocks: the kept one too.
    await statusLine(page).locator('svg').waitFor()
    assert.is(await statusLine(page).innerText(), liveLine, 'the status line it showed live')
    await screenshot(page, `degraded-offline-console-${width}`)
    assert.equal(beyondTheOutage(errors), [])
  }
})

degraded('answers of a signed-in (privileged) view are never kept', async (ctx) => {
  const { page } = await signInTo(ctx, 'admin', 'Admin12345', '/auroraedge.net')
  await page.evaluate((prefix) => {
    for (const k of Object.keys(localStorage)) if (k.startsWith(prefix)) localStorage.removeItem(k)
  }, ANSWER_KEY_PREFIX)
  // Straight to the server: with `stale-while-revalidate` Chromium may first hand the page the
  // anonymous copy it cached on an earlier visit (public, so rightly kept); routing turns its cache off.
  await page.route('**/api/**', (route) => route.continue())
  const answers: Array<{ url: string; cacheControl: string }> = []
  page.on('response', (r) => {
    if (r.url().includes('/api/')) answers.push({ url: r.url(), cacheControl: r.headers()['cache-control'] ?? '' })
  })
  await page.goto(`${ctx.server.url}/auroraedge.net/cloud-status`)
  await timelineShown(page)
  const weeks = answers.filter((a) => a.url.includes('/api/cloud-status'))
  assert.ok(weeks.length >= 2)
  for (const a of weeks) assert.is(a.cacheControl, 'private, no-store', `the signed-in timeline is private: ${a.url}`)
  const kept = await page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), ANSWER_KEY_PREFIX)
  for (const a of answers) {
    if (/private|no-store/.test(a.cacheControl)) assert.not.ok(kept.includes(ANSWER_KEY_PREFIX + a.url), `kept a private answer: ${a.url}`)
  }
  for (const a of answers) {
    if (kept.includes(ANSWER_KEY_PREFIX + a.url)) assert.match(a.cacheControl, /^public,/, `kept: ${a.url}`)
  }
  await (await browser()).clearCookies()
})

degraded.run()
