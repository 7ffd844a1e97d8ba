import { request as playwrightRequest, type Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import type { PublishData, PublishRecordBody } from '../../contract/publishing'
import { axeViolations, browser, open, queryDb, screenshot, siteSuite, type SiteContext } from './harness'

const subscriptions = siteSuite('subscriptions that deliver')

/** The demo accounts of a development server (README, Accounts). */
const ADMIN = { name: 'admin', pass: 'Admin12345' }
const VIEWER = { name: 'viewer@example.com', pass: 'Viewer12345' }
const CLOUD = { machine: 'auroraedge', domain: 'auroraedge.net', title: 'auroraedge.net' }

// Cookies are per host, not per port: start and end signed out so other suites stay signed out.
subscriptions.before.each(async () => {
  await (await browser()).clearCookies()
})
subscriptions.after(async () => {
  await (await browser()).clearCookies()
})

const toastText = (page: Page, text: string) => page.getByTestId('toasts').getByText(text, { exact: true })
const subscribed = (name: string) => `You have successfully subscribed to the ${name} notifications.`
const unsubscribed = (name: string) => `You have successfully unsubscribed from the ${name} notifications.`

async function signIn(ctx: SiteContext, who: { name: string; pass: string }, then: string, width = 1280) {
  const tp = await open(ctx, `/sign-in?destination=${encodeURIComponent(then)}`, width)
  const { page } = tp
  await page.getByLabel('Email or Username').fill(who.name)
  await page.getByLabel('Password', { exact: true }).fill(who.pass)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL((u) => new URL(u).pathname === then.split('?')[0])
  return tp
}

/** The cloud's id, and one public region with its public data centers (read from the database). */
function publicRegions(ctx: SiteContext) {
  const rows = queryDb<{ region: number; region_name: string; tid: number; name: string }>(
    ctx,
    `SELECT r.tid AS region, r.name AS region_name, dc.tid, dc.name
       FROM cloud_data_centers cdc JOIN clouds c ON c.id = cdc.cloud_id
       JOIN data_centers dc ON dc.tid = cdc.data_center_tid JOIN regions r ON r.tid = dc.region_tid
      WHERE c.machine_name = ? AND cdc.premium_dc = 0 AND cdc.active = 1
      ORDER BY r.sort, r.tid, dc.name`,
    CLOUD.machine,
  )
  const byRegion = new Map<number, { name: string; dcs: string[]; all: number }>()
  for (const r of rows) {
    const entry = byRegion.get(r.region) ?? { name: r.region_name, dcs: [], all: 0 }
    entry.dcs.push(r.name)
    byRegion.set(r.region, entry)
  }
  return [...byRegion.values()]
}

/** Data centers (public and premium) of a region on the cloud: what a region star covers. */
function regionSize(ctx: SiteContext, regionName: string): number {
  return queryDb<{ n: number }>(
    ctx,
    `SELECT count(*) AS n FROM cloud_data_centers cdc JOIN clouds c ON c.id = cdc.cloud_id
       JOIN data_centers dc ON dc.tid = cdc.data_center_tid JOIN regions r ON r.tid = dc.region_tid
      WHERE c.machine_name = ? AND cdc.active = 1 AND r.name = ?`,
    CLOUD.machine,
    regionName,
  )[0].n
}

/** An enabled timeline star (decommissioned rows have a disabled one). */
const STAR = '[data-testid="subscribe-star"]:not([disabled])'

/** The row name in a timeline star's label 'Subscribe to {name} notifications'. */
const starName = (label: string | null) => label!.replace(/^Subscribe to (.*) notifications$/, '$1')

/** Presses the first enabled star of the timeline's data centers, waits for its toast, returns the row's name. */
async function subscribeFirstDataCenter(page: Page): Promise<string> {
  const star = page.getByTestId('status-block-datacenter').locator(STAR).first()
  await star.waitFor()
  const name = starName(await star.getAttribute('aria-label'))
  await star.click()
  await toastText(page, subscribed(name)).waitFor()
  return name
}

const count = (page: Page) => page.getByTestId('subscriptions-count')

subscriptions(
  'a signed-in user subscribes through the page: data center, region, service, All, a notification category, Unsubscribe All',
  async (ctx) => {
    const { page, errors } = await signIn(ctx, VIEWER, '/subscribe')
    await page.getByRole('heading', { name: 'Manage Subscriptions', level: 1 }).waitFor()
    assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
    const help = page.getByRole('link', { name: 'How to Manage Your Subscription?' })
    // The FAQ's question on subscriptions (test/e2e/faq-compliance.e2e.ts opens it by this link).
    assert.is(await help.getAttribute('href'), '/faq#how-to-manage-your-subscription')
    // A tab per cloud plus Notifications; the chosen cloud's tab is selected.
    const clouds = queryDb<{ title: string }>(ctx, 'SELECT title FROM clouds ORDER BY sort, id')
    const tabs = page.getByRole('tab')
    assert.equal(await tabs.allTextContents(), [...clouds.map((c) => c.title), 'Notifications'])
    await count(page)
      .filter({ hasText: /^0 subscriptions$/ })
      .waitFor()

    const regions = publicRegions(ctx)
    assert.ok(regions.length >= 2, 'the demo cloud has public data centers in two regions at least')
    const [first, second] = regions
    const panel = page.getByTestId('cloud-subscriptions')

    // One data center.
    const dc = first.dcs[0]
    await panel.getByRole('button', { name: `Subscribe to ${dc}`, exact: true }).click()
    await toastText(page, subscribed(dc)).waitFor()
    await panel.getByRole('button', { name: `Unsubscribe from ${dc}`, exact: true }).waitFor()
    await count(page)
      .filter({ hasText: /^1 subscription$/ })
      .waitFor()

    // A region star covers every data center of the region.
    await panel
      .getByRole('button', { name: `Subscribe to ${second.name}`, exact: true })
      .first()
      .click()
    await toastText(page, subscribed(second.name)).waitFor()
    const afterRegion = 1 + regionSize(ctx, second.name)
    await count(page)
      .filter({ hasText: new RegExp(`^${afterRegion} subscriptions$`) })
      .waitFor()
    for (const name of second.dcs) {
      assert.is(
        await panel.getByRole('button', { name: `Unsubscribe from ${name}`, exact: true }).getAttribute('aria-pressed'),
        'true',
        name,
      )
    }

    // One core service, then All: the services become disabled and subscribed.
    const services = panel.getByTestId('group-core_cloud_services').getByTestId('star')
    const serviceCount = await services.count()
    assert.ok(serviceCount > 1)
    const service = (await services.first().textContent())!.replace(/ \((not )?subscribed\)$/, '')
    await services.first().click()
    await toastText(page, subscribed(service)).waitFor()
    await count(page)
      .filter({ hasText: new RegExp(`^${afterRegion + 1} subscriptions$`) })
      .waitFor()
    // The radio follows the server: it turns checked once the change is saved.
    const allServices = panel.getByTestId('group-core_cloud_services').getByRole('radio', { name: 'All' })
    await allServices.click()
    await toastText(page, subscribed('Core Cloud Services')).waitFor()
    assert.ok(await allServices.isChecked())
    await count(page)
      .filter({ hasText: new RegExp(`^${afterRegion + serviceCount} subscriptions$`) })
      .waitFor()
    for (let i = 0; i < serviceCount; i++) {
      assert.ok(await services.nth(i).isDisabled(), 'All disables the individual services')
      assert.is(await services.nth(i).getAttribute('aria-pressed'), 'true')
    }
    await screenshot(page, 'subscriptions-1280')
    assert.equal(await axeViolations(page), [])

    // Stored as the user would expect.
    const uid = queryDb<{ uid: number }>(ctx, 'SELECT uid FROM users WHERE mail = ?', VIEWER.name)[0].uid
    const stored = queryDb<{ target: string }>(ctx, 'SELECT target FROM subscriptions WHERE uid = ? ORDER BY target', uid).map(
      (r) => r.target,
    )
    assert.ok(stored.includes('core_cloud_services'))

    // The Notifications tab: one category.
    await page.getByRole('tab', { name: 'Notifications' }).click()
    const notifications = page.getByTestId('notification-subscriptions')
    const category = notifications.getByTestId('type-url_change_notification').getByTestId('star').first()
    const categoryName = (await category.textContent())!.replace(/ \((not )?subscribed\)$/, '')
    await category.click()
    await toastText(page, subscribed(categoryName)).waitFor()
    await count(page)
      .filter({ hasText: /^1 subscription$/ })
      .waitFor()
    assert.is(await category.getAttribute('aria-pressed'), 'true')
    await screenshot(page, 'subscriptions-notifications-1280')
    assert.equal(await axeViolations(page), [])

    // Back on the cloud's tab, Unsubscribe All clears the cloud; the notification category stays.
    await page.getByRole('tab', { name: CLOUD.title, exact: true }).click()
    await page.getByTestId('unsubscribe-all').click()
    await toastText(page, 'You have successfully unsubscribed from all the services.').waitFor()
    await count(page)
      .filter({ hasText: /^1 subscription$/ })
      .waitFor()
    assert.is(await page.getByTestId('cloud-subscriptions').locator('[aria-pressed="true"]').count(), 0)
    assert.equal(queryDb(ctx, 'SELECT target FROM subscriptions WHERE uid = ?', uid), [])
    assert.is(queryDb(ctx, 'SELECT target FROM notification_subscriptions WHERE uid = ?', uid).length, 1)

    // Subscribe All, then the same on a phone.
    await page.getByTestId('subscribe-all').click()
    await toastText(page, 'You have successfully subscribed to all the services.').waitFor()
    assert.is(await page.getByTestId('cloud-subscriptions').locator('[aria-pressed="false"]').count(), 0)
    await page.setViewportSize({ width: 375, height: 900 })
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'nothing scrolls sideways at 375 px')
    await screenshot(page, 'subscriptions-375')
    assert.equal(await axeViolations(page), [])
    await page.getByTestId('unsubscribe-all').click()
    await toastText(page, 'You have successfully unsubscribed from all the services.').waitFor()
    await page.getByRole('tab', { name: 'Notifications' }).click()
    await page.getByTestId('unsubscribe-all').click()
    await toastText(page, 'You have successfully unsubscribed from all the service notifications.').waitFor()
    await count(page)
      .filter({ hasText: /^0 subscriptions$/ })
      .waitFor()
    assert.equal(errors, [])
  },
)

subscriptions('timeline stars show and change the real subscription state', async (ctx) => {
  // The administrator (a verified account too), so the state of the page test above does not matter.
  const { page, errors } = await signIn(ctx, ADMIN, `/${CLOUD.domain}/cloud-status`)
  const star = page.locator(STAR).first()
  await star.waitFor()
  assert.is(await star.getAttribute('aria-pressed'), 'false')
  const name = starName(await star.getAttribute('aria-label'))
  await star.click()
  await toastText(page, subscribed(name)).waitFor()
  await page.waitForFunction(
    () => document.querySelector('[data-testid="subscribe-star"]:not([disabled])')?.getAttribute('aria-pressed') === 'true',
  )
  // Real state: kept after a reload, and the same on the subscriptions page.
  await page.reload()
  await page.locator(STAR).first().waitFor()
  assert.is(await page.locator(STAR).first().getAttribute('aria-pressed'), 'true')
  await page.goto(`${ctx.server.url}/subscribe`)
  await page
    .getByTestId('cloud-subscriptions')
    .getByRole('button', { name: `Unsubscribe from ${name}`, exact: true })
    .waitFor()
  await count(page)
    .filter({ hasText: /^1 subscription$/ })
    .waitFor()

  // A data center star on the public tab, then both off again from the timeline.
  await page.goto(`${ctx.server.url}/${CLOUD.domain}/cloud-status`)
  const dcName = await subscribeFirstDataCenter(page)
  await screenshot(page, 'cloud-status-stars-1280')
  await page.locator(STAR).first().click()
  await toastText(page, unsubscribed(name)).waitFor()
  await page.getByTestId('status-block-datacenter').locator(STAR).first().click()
  await toastText(page, unsubscribed(dcName)).waitFor()
  const uid = queryDb<{ uid: number }>(ctx, 'SELECT uid FROM users WHERE name = ?', ADMIN.name)[0].uid
  assert.equal(queryDb(ctx, 'SELECT target FROM subscriptions WHERE uid = ?', uid), [])
  assert.equal(errors, [])
})

/** Signs the demo administrator in on its own cookie jar and publishes through the admin API. */
async function asAdmin(ctx: SiteContext) {
  const api = await playwrightRequest.newContext({ baseURL: ctx.server.url })
  await api.post('/api/user/before-login')
  const login = await api.post('/api/user/login', { data: ADMIN })
  assert.is(login.status(), 200)
  const { csrf_token } = (await login.json()).data as { csrf_token: string }
  const headers = { 'X-CSRF-Token': csrf_token }
  return {
    async publish(body: PublishRecordBody): Promise<PublishData> {
      const res = await api.post('/api/admin/records', { data: body, headers })
      assert.is(res.status(), 201, await res.text())
      return (await res.json()).data
    },
    async update(id: number, body: object): Promise<PublishData> {
      const res = await api.patch(`/api/admin/records/${id}`, { data: body, headers })
      assert.is(res.status(), 200, await res.text())
      return (await res.json()).data
    },
    dispose: () => api.dispose(),
  }
}

/** Outbox rows to `to` whose subject contains `title`. */
const mailsTo = (ctx: SiteContext, to: string, title: string) =>
  queryDb<{ subject: string; text: string; headers: string }>(
    ctx,
    'SELECT subject, text, headers FROM outbox WHERE to_address = ? AND subject LIKE ? ORDER BY id',
    to,
    `%${title}%`,
  )

subscriptions(
  'a newcomer subscribes, receives the email when the admin publishes an incident, and unsubscribes from it signed out',
  async (ctx) => {
    const mail = `subscriber-${Date.now()}@example.org`
    const password = 'Subscriber2026'
    const { page, errors } = await open(ctx, '/sign-up')
    await page.getByLabel('Email').fill(mail)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL((u) => new URL(u).pathname === '/subscribe')
    // Verify through the mail's link.
    await page.goto(`${ctx.server.url}/dev/mail`)
    const verify = await page.locator('article').filter({ hasText: mail }).first().locator('a[href*="/user/verify/"]').getAttribute('href')
    await page.goto(verify!)
    await page.waitForURL((u) => new URL(u).pathname === '/thank-you')

    // Subscribe to one public data center through the timeline.
    await page.goto(`${ctx.server.url}/${CLOUD.domain}/cloud-status`)
    const dcName = await subscribeFirstDataCenter(page)
    const dcTid = queryDb<{ tid: number }>(ctx, 'SELECT tid FROM data_centers WHERE name = ?', dcName)[0].tid

    // The demo administrator publishes an incident on that data center.
    const admin = await asAdmin(ctx)
    const title = `Elevated latency in ${dcName} ${Date.now()}`
    const published = await admin.publish({
      type: 'incident',
      title,
      summary: 'Some requests through this data center are slower than usual.',
      status: 'In Progress',
      severity: 19,
      clouds: [CLOUD.machine],
      terms: [dcTid],
      from: new Date(Date.now() - 10 * 60_000).toISOString(),
    })
    const sent = mailsTo(ctx, mail, title)
    assert.is(sent.length, 1, 'exactly one email for the event')
    assert.match(sent[0].subject, /Incident/)
    assert.match(sent[0].text, /In Progress/)
    const headers = JSON.parse(sent[0].headers) as Record<string, string>
    assert.is(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
    assert.match(headers['List-Unsubscribe'], /^<https?:\/\/[^>]+\/api\/unsubscribe\/[^>]+>$/)

    // The mail as the user reads it: the post link opens the incident.
    await page.goto(`${ctx.server.url}/dev/mail`)
    const article = page.locator('article').filter({ hasText: title }).filter({ hasText: mail })
    const postLink = await article.locator(`a[href*="/posts/${published.id}"]`).first().getAttribute('href')
    const unsubscribeLink = await article.locator('a[href*="/unsubscribe/"]').first().getAttribute('href')
    assert.ok(postLink && unsubscribeLink)
    await page.goto(postLink!)
    await page.getByRole('heading', { name: title }).waitFor()
    await screenshot(page, 'published-post-1280')

    // The unsubscribe link works signed out.
    await (await browser()).clearCookies()
    await page.goto(unsubscribeLink!)
    await page.getByText(new RegExp(`Stop sending the ${dcName} notifications of ${CLOUD.title.replace(/\./g, '\\.')}`)).waitFor()
    assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
    assert.equal(await axeViolations(page), [])
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.getByText(new RegExp(`no longer receives the ${dcName} notifications`)).waitFor()
    await screenshot(page, 'unsubscribed-1280')
    const uid = queryDb<{ uid: number }>(ctx, 'SELECT uid FROM users WHERE mail = ?', mail)[0].uid
    assert.equal(queryDb(ctx, 'SELECT target FROM subscriptions WHERE uid = ?', uid), [])

    // An update to the incident no longer reaches them.
    await admin.update(published.id, { status: 'Resolved', to: new Date().toISOString(), update: 'Latency is back to normal.' })
    assert.is(mailsTo(ctx, mail, title).length, 1)
    await admin.dispose()
    assert.equal(
      errors.filter((e) => !/status of 40[13]/.test(e)),
      [],
    )
  },
)

subscriptions.run()
