/**
 * The admin console (`/admin`, shell/admin/) against the real server: an administrator opens it
 * from the user menu in a new tab, adds a data center and sees it on the public map and timeline;
 * a jab_compliance user edits compliance and is kept out of the catalogue (by the console and by
 * the server); visitors never download the console; every console page is axe-clean at 1280 and
 * 375 px; an operator fills an empty production site in the console.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import {
  addAccount,
  loaded,
  axeViolations,
  browser,
  open,
  passSecondFactor,
  queryDb,
  screenshot,
  signInTo,
  siteSuite,
  withoutBrowserCache,
} from './harness'

const h1 = (page: Page) => page.getByRole('heading', { level: 1 })
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })

const admin = siteSuite('admin console')

admin.before(async (ctx) => {
  await addAccount(ctx, 'compliance@vendor.example', 'Compliance123', ['jab_compliance'])
})
// The browser context is shared by every suite: leave no session behind for the next one.
admin.after(async () => {
  await (await browser()).clearCookies()
})

admin('a visitor never downloads the console; a signed-out visit to /admin goes to sign-in', async (ctx) => {
  const tp = await open(ctx, '/auroraedge.net/cloud-status')
  await withoutBrowserCache(tp.page)
  const scripts: string[] = []
  tp.page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url())
  })
  await tp.page.getByTestId('status-block-core').waitFor()
  await tp.page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  await tp.page.getByRole('heading', { level: 1, name: /Incidents/ }).waitFor()
  await tp.page.waitForLoadState('networkidle')
  assert.ok(scripts.length > 0)
  assert.equal(
    scripts.filter((u) => /AdminConsole/.test(u)),
    [],
  )
  await tp.page.goto(`${ctx.server.url}/admin/catalog/data-centers`)
  await tp.page.waitForURL((u) => new URL(u).pathname === '/sign-in')
  assert.is(new URL(tp.page.url()).searchParams.get('destination'), '/admin/catalog/data-centers')
  assert.equal(tp.errors, [])
})

admin('an administrator opens Admin from the user menu in a new tab; the dashboard shows live records and the outbox', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/auroraedge.net/cloud-status')
  await page.getByRole('button', { name: /trust-admin@example\.com/ }).click()
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('menuitem', { name: 'Admin' }).click()])
  await tab.waitForURL((u) => new URL(u).pathname === '/admin/dashboard')
  await h1(tab).filter({ hasText: 'Dashboard' }).waitFor()
  // What the server says is live on auroraedge now, by title.
  const now = Date.now()
  const live = queryDb<{ title: string }>(
    ctx,
    `select r.title from records r join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where c.machine_name = 'auroraedge' and r.type in ('incident','maintenance','advisory') and r.from_time <= ? and (r.to_time is null or r.to_time > ?)`,
    now,
    now,
  )
  assert.ok(live.length > 0, 'the demo has live records')
  const cloud = tab.getByRole('region', { name: /auroraedge\.net/ }).first()
  await cloud.getByText(live[0].title, { exact: true }).first().waitFor()
  assert.ok(
    await tab
      .getByRole('heading', { name: /outbox/i })
      .first()
      .isVisible(),
  )
  assert.equal(await axeViolations(tab), [])
  await screenshot(tab, 'admin-dashboard-1280')
  await tab.close()
  assert.equal(errors, [])
})

admin('an administrator adds a data center with coordinates; the public map and the timeline show it', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/catalog/data-centers')
  await h1(page).filter({ hasText: 'Data centers' }).waitFor()
  await page.getByRole('button', { name: 'Add data center' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Reykjavik I')
  await page.getByLabel('City', { exact: true }).fill('Reykjavik')
  await page.getByLabel('Country (ISO code, e.g. NL)').fill('IS')
  await page.getByLabel('Region', { exact: true }).selectOption('EMEA')
  // A latitude out of range is caught before the server sees it.
  await page.getByLabel(/^Latitude/).fill('95')
  await page.getByText('Latitude must be from -90 to 90 degrees.').first().waitFor()
  await page.getByLabel(/^Latitude/).fill('64.1466')
  await page.getByLabel(/^Longitude/).fill('-21.9426')
  await page.getByLabel('Serves auroraedge.net', { exact: true }).check()
  await screenshot(page, 'admin-data-center-form-1280')
  await page.getByRole('button', { name: 'Save data centers' }).click()
  await page.getByTestId('save-status').filter({ hasText: 'Saved.' }).waitFor()
  assert.equal(await axeViolations(page), [])

  const row = queryDb<{ latitude: number; longitude: number; country: string }>(
    ctx,
    "select latitude, longitude, country from data_centers where name = 'Reykjavik I'",
  )
  assert.equal(row, [{ latitude: 64.1466, longitude: -21.9426, country: 'IS' }])
  const audit = queryDb<{ action: string; actor_name: string }>(
    ctx,
    "select action, actor_name from audit_log where action = 'catalog.data_centers'",
  )
  assert.equal(audit, [{ action: 'catalog.data_centers', actor_name: 'admin' }])

  // The public map: a marker for Reykjavik.
  await page.goto(`${ctx.server.url}/auroraedge.net/data-center-map`)
  const marker = page.locator('[data-marker][aria-label*="Reykjavik"]')
  await marker.waitFor({ state: 'attached' })
  assert.is(await marker.count(), 1)
  await screenshot(page, 'admin-new-data-center-on-map-1280')

  // The timeline: a row for Reykjavik I in the data-center block (EMEA).
  await page.goto(`${ctx.server.url}/auroraedge.net/cloud-status`)
  const block = page.getByTestId('status-block-datacenter')
  await block.getByTestId('status-row').first().waitFor()
  const emea = block.getByRole('tab', { name: /EMEA/ })
  if (await emea.count()) await emea.click()
  await block.getByTestId('status-row').filter({ hasText: 'Reykjavik I' }).first().waitFor({ state: 'attached' })
  assert.equal(errors, [])
})

admin('an administrator adds a notification category; the Notifications tab of /subscribe offers it', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/catalog/notification-categories')
  await h1(page).filter({ hasText: 'Notification categories' }).waitFor()
  const privacy = page.getByRole('region', { name: 'Privacy categories' })
  await privacy.getByRole('listitem').first().waitFor()
  await privacy.getByRole('button', { name: 'Add privacy category' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Cookie Policy')
  await page.getByRole('button', { name: 'Save notification categories' }).click()
  await page.getByTestId('save-status').filter({ hasText: 'Saved.' }).waitFor()
  await privacy.getByText('Cookie Policy', { exact: true }).waitFor()
  assert.equal(await axeViolations(page), [])
  const [row] = queryDb<{ tid: number }>(
    ctx,
    "select tid from notification_categories where notification_type = 'privacy_notification' and name = 'Cookie Policy'",
  )
  assert.ok(row, 'stored')

  await page.goto(`${ctx.server.url}/subscribe`)
  await page.getByRole('tab', { name: 'Notifications' }).click()
  const offered = page.getByTestId('notification-subscriptions').getByTestId('type-privacy_notification').getByTestId('star')
  await offered.filter({ hasText: 'Cookie Policy' }).waitFor()
  assert.equal(errors, [])
})

admin('a jab_compliance user edits a compliance row and cannot change the catalogue', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'compliance@vendor.example', 'Compliance123', '/admin/content/compliance')
  await h1(page).filter({ hasText: 'Compliance' }).waitFor()
  // The nav offers no Staff link to a role without that permission.
  assert.is(await adminNav(page).getByRole('link', { name: 'Staff' }).count(), 0)
  const description = page.getByLabel('Description of row 1 (HTML)')
  await description.fill('FedRAMP High <strong>authorised</strong><script>window.__pwned=1</script>')
  await page.getByLabel('Estimated approval date of row 1').fill('2027-05-31')
  await page.getByRole('region', { name: 'Preview' }).first().getByText('authorised').waitFor()
  await page.getByRole('button', { name: 'Save compliance page' }).click()
  await page.getByTestId('save-status').filter({ hasText: 'Saved.' }).waitFor()
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'admin-compliance-1280')

  // Stored sanitised; the public page shows it.
  const stored = queryDb<{ description: string; date: string }>(
    ctx,
    "select description, date from compliance_rows where cloud_id = (select id from clouds where machine_name = 'auroraedge') order by sort limit 1",
  )
  assert.equal(stored, [{ description: 'FedRAMP High <strong>authorised</strong>', date: '2027-05-31' }])
  await page.goto(`${ctx.server.url}/auroraedge.net/compliance`)
  await page.getByText('FedRAMP High').first().waitFor()
  assert.is(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined)

  // The catalogue screens say the roles do not allow it and offer no save…
  await page.goto(`${ctx.server.url}/admin/catalog/data-centers`)
  await h1(page).filter({ hasText: 'Data centers' }).waitFor()
  await page
    .getByText(/Your roles do not allow you to change/)
    .first()
    .waitFor()
  assert.is(await page.getByRole('button', { name: 'Save data centers' }).count(), 0)
  assert.is(await page.getByRole('button', { name: 'Add data center' }).count(), 0)
  // …and the server refuses the write all the same.
  const status = await page.evaluate(async () => {
    const csrf = document.cookie.match(/(?:^|; )z_csrf_token=([^;]*)/)?.[1] ?? ''
    const res = await fetch('/api/admin/catalog/products', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
      body: JSON.stringify({ revision: 'x', value: [] }),
    })
    return { status: res.status, code: (await res.json()).error?.code }
  })
  assert.equal(status, { status: 403, code: 'not_permitted' })
  // The one console error is that refused request's.
  assert.equal(
    errors.filter((e) => !/status of 403/.test(e)),
    [],
  )
})

admin('a signed-in user without a staff role is told the console is not for them', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'viewer', 'Viewer12345', '/auroraedge.net/cloud-status')
  await page.goto(`${ctx.server.url}/admin/dashboard`)
  await page
    .getByTestId('admin-forbidden')
    .getByRole('alert')
    .filter({ hasText: 'You are not allowed to use the admin console.' })
    .waitFor()
  assert.equal(await axeViolations(page), [])
  assert.equal(errors, [])
})

admin('every console page is axe-clean at 1280 and 375 px (screenshots)', async (ctx) => {
  const paths = [
    '/admin/dashboard',
    '/admin/catalog/products',
    '/admin/catalog/clouds',
    '/admin/catalog/core-services',
    '/admin/catalog/regions',
    '/admin/catalog/data-centers',
    '/admin/catalog/main-menu',
    '/admin/catalog/top-menu',
    '/admin/catalog/notification-categories',
    '/admin/catalog/severities',
    '/admin/catalog/settings',
    '/admin/content/faq',
    '/admin/content/compliance',
    '/admin/staff',
    '/admin/audit',
  ]
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/dashboard')
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    for (const path of paths) {
      await page.goto(ctx.server.url + path)
      await adminNav(page).waitFor()
      await h1(page).first().waitFor()
      await loaded(page)
      const current = adminNav(page).locator('[aria-current="page"]')
      assert.is(await current.count(), 1, `${path}: one current nav link`)
      assert.equal(await axeViolations(page), [], `${path} @${width}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      assert.ok(overflow <= 0, `${path} @${width}: no sideways scroll (${overflow} px)`)
      if (width === 375 || ['/admin/dashboard', '/admin/audit', '/admin/staff', '/admin/content/faq'].includes(path)) {
        await screenshot(page, `admin${path.replace(/\//g, '-')}-${width}`)
      }
    }
  }
  assert.equal(errors, [])
})

admin.run()

/** A production server on an empty database, with its first administrator from the environment. */
const empty = siteSuite('production: the operator fills an empty site in the console', {
  mode: 'production',
  accounts: {
    publicUrl: 'https://trust.example',
    admin: { name: 'ops', mail: 'ops@vendor.example', password: 'Operator123' },
    seedViewer: false,
  },
})

empty.after(async () => {
  await (await browser()).clearCookies()
})

empty('from "not configured" to a cloud with a home page, all in the console', async (ctx) => {
  // The browser context is shared by every suite: no session cookie of another server's.
  await (await browser()).clearCookies()
  const { page, errors } = await open(ctx, '/')
  await page.getByRole('heading', { level: 1, name: 'This trust site is not configured yet' }).waitFor()
  await page.getByRole('link', { name: 'sign in to the admin console' }).click()
  await page.getByLabel('Email or Username').fill('ops@vendor.example')
  await page.getByLabel('Password', { exact: true }).fill('Operator123')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  // The first sign-in sets up the second factor at the console's gate (docs/operating/staff-sign-in.md).
  await passSecondFactor(ctx, page, 'ops@vendor.example', '/admin/dashboard')
  await h1(page).filter({ hasText: 'Dashboard' }).waitFor()
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'admin-empty-site-dashboard-1280')

  const save = async (slug: string, title: string, fill: () => Promise<void>) => {
    // The nav's "Menus" opens the main menu.
    await adminNav(page)
      .getByRole('link', { name: slug === 'main-menu' ? 'Menus' : title, exact: true })
      .click()
    await page.waitForURL((u) => new URL(u).pathname === `/admin/catalog/${slug}`)
    await fill()
    await page.getByRole('button', { name: `Save ${title.toLowerCase()}` }).click()
    const saved = page.getByTestId('save-status').filter({ hasText: 'Saved.' })
    await saved.waitFor().catch(async (error) => {
      await screenshot(page, `admin-empty-site-${slug}-failed`)
      throw new Error(`${slug}: ${await page.getByRole('alert').allTextContents()} ${error}`)
    })
  }
  await save('products', 'Products', async () => {
    await page.getByRole('button', { name: 'Add product' }).click()
    await page.getByLabel('Machine name', { exact: true }).fill('edge')
    await page.getByLabel('Title', { exact: true }).fill('Edge Gateway')
  })
  await save('main-menu', 'Main menu', async () => {
    await page.getByRole('button', { name: 'Add menu item' }).click()
    await page.getByLabel('Label', { exact: true }).fill('Home')
    await page.getByLabel('Component (what the item opens)').selectOption('home')
    await page.getByLabel("Deep link (the route lives under the cloud's domain)").check()
  })

  await save('clouds', 'Clouds', async () => {
    await page.getByRole('button', { name: 'Add cloud' }).click()
    await page.getByLabel('Machine name', { exact: true }).fill('northwind')
    await page.getByLabel('Domain', { exact: true }).fill('northwind.example')
    await page.getByLabel('Title', { exact: true }).fill('Northwind Cloud')
    await page.getByLabel('Product', { exact: true }).selectOption('edge')
    await page.getByLabel('Default page', { exact: true }).selectOption({ label: 'Home page' })
    await page.getByLabel('Banner title', { exact: true }).fill('Northwind Cloud')
    await page.getByLabel('Banner description (plain text)').fill('Status of the Northwind cloud.')
  })
  // The public site now shows the cloud's home page.
  await page.goto(`${ctx.server.url}/northwind.example`)
  await page.getByTestId('cloud-banner').locator('h1').filter({ hasText: 'Northwind Cloud' }).waitFor()
  assert.is(await page.getByTestId('not-configured').count(), 0)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'admin-empty-site-filled-home-1280')
  assert.equal(errors, [])
})

empty.run()
