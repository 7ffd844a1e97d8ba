/**
 * The site's pages as the e2e files visit them (docs/requirements/screens.md#route-table): each with its path and what
 * shows that its main content has loaded. `pages-axe.e2e.ts` scans every one in the light scheme,
 * `dark.e2e.ts` in the dark one.
 */
import type { Page } from 'playwright-core'
import { adminHeaders, apiData, axeViolations, screenshot, settled, type SiteContext } from './harness'

export const CLOUD = 'auroraedge.net'

/** The seed's subscriber account (signed-in pages). */
export const VIEWER = { name: 'viewer@example.com', pass: 'Viewer12345' }

/** The seed's administrator account (the admin console). */
export const ADMIN = { name: 'admin', pass: 'Admin12345' }

/** One page to visit. */
export interface Visit {
  name: string
  path: string
  /** Waits for the page's main content. */
  ready: (page: Page) => Promise<unknown>
}

export const heading = (page: Page) => page.locator('main h1').first().waitFor()
export const testId = (id: string) => (page: Page) => page.locator(`main [data-testid="${id}"]`).first().waitFor()
export const noLoading = (page: Page) =>
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

/**
 * A resolved incident of {@link CLOUD} with a published postmortem (docs/operating/console-and-desk.md#postmortems), written
 * through the desk's API as the seed's administrator (not mailed); its id. The same one each call.
 */
export async function postWithPostmortem(ctx: SiteContext): Promise<string> {
  const res = await ctx.server.app.inject(`/${CLOUD}/api/v2/incidents.json`)
  const incidents = (JSON.parse(res.body) as { incidents: Array<{ id: string; status: string }> }).incidents
  const done = incidents.find((i) => i.status === 'postmortem') ?? incidents.find((i) => i.status === 'resolved')
  if (!done) throw new Error(`no resolved incident on ${CLOUD}`)
  if (done.status === 'resolved') {
    const saved = await ctx.server.app.inject({
      method: 'PUT',
      url: `/api/admin/records/${done.id}/postmortem`,
      headers: await adminHeaders(ctx),
      payload: { body: '## 1\n\nRelay firmware 4.2 → 4.3.\n\n- 4.3.1\n- 4.3.2', publish: true },
    })
    if (saved.statusCode !== 200) throw new Error(`postmortem: ${saved.statusCode} ${saved.body.slice(0, 200)}`)
  }
  return done.id
}

/** Every public page of the site, with a post (that has a postmortem) and a notification of the suite server's seed. */
export async function publicPages(ctx: SiteContext): Promise<Visit[]> {
  const postId = await postWithPostmortem(ctx)
  const notificationId = await firstNotificationId(ctx)
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
    { name: 'post', path: `/${CLOUD}/posts/${postId}`, ready: testId('post-postmortem') },
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

/** The signed-in subscriber's pages (sign in as {@link VIEWER} first). */
export const SIGNED_IN_PAGES: readonly Visit[] = [
  { name: 'subscribe', path: '/subscribe', ready: (p) => p.getByRole('tab').first().waitFor() },
  { name: 'settings', path: '/account-settings', ready: (p) => p.locator('#settings-timezone').waitFor() },
]

/** Signs in on /sign-in in `page` and waits for the toast. */
export async function signIn(ctx: SiteContext, page: Page, account: { name: string; pass: string }): Promise<void> {
  await page.goto(`${ctx.server.url}/sign-in`)
  await page.getByLabel('Email or Username').fill(account.name)
  await page.getByLabel('Password', { exact: true }).fill(account.pass)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'You have successfully logged in!' }).waitFor()
}

/**
 * Opens `visit` in `page` and adds to `problems` what is wrong: content that did not load, axe
 * violations, sideways scrolling at 375 px. Screenshot `{prefix}-{name}-{width}.png`.
 */
export async function checkPage(
  ctx: SiteContext,
  page: Page,
  visit: Visit,
  width: number,
  problems: string[],
  prefix = 'axe',
): Promise<void> {
  await page.goto(ctx.server.url + visit.path)
  try {
    await visit.ready(page)
    await noLoading(page)
  } catch (error) {
    problems.push(`${visit.name} @${width}: main content did not load (${(error as Error).message.split('\n')[0]})`)
    await screenshot(page, `${prefix}-${visit.name}-${width}`)
    return
  }
  // Fonts and late layout settled before measuring.
  await settled(page)
  await screenshot(page, `${prefix}-${visit.name}-${width}`)
  for (const v of await axeViolations(page)) problems.push(`${visit.name} @${width}: ${v}`)
  if (width === 375) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    if (overflow > 0) problems.push(`${visit.name} @375: scrolls ${overflow} px sideways`)
  }
}
