/**
 * The incident desk (shell/admin/desk/, server/routes/desk.ts, server/publishing/scheduler.ts) on
 * the real server in Chromium: an administrator publishes an incident on one data center from a
 * template, sees it on the public timeline and incidents list, posts an update and resolves it;
 * the subscriber gets one mail per event; a maintenance scheduled a few seconds ahead turns In
 * Progress and then Completed on the public post by itself; a url_editor is offered notifications
 * only; axe and screenshots on every desk screen at 1280 and 375 px. Prints the seconds from
 * opening the console to the subscriber's email in the outbox.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import type { DevMail } from '../../contract/publishing'
import {
  addAccount,
  loaded,
  apiData,
  axeViolations,
  browser,
  eventually,
  open,
  queryDb,
  screenshot,
  signInTo,
  type SiteContext,
  siteSuite,
} from './harness'

const SUBSCRIBER = 'subscriber@vendor.example'

/** The subscriber's mails whose subject names `title`, oldest first. */
async function mailsAbout(ctx: SiteContext, title: string): Promise<DevMail[]> {
  const mails = await apiData<DevMail[]>(ctx, '/api/dev/mail')
  return mails.filter((m) => m.to === SUBSCRIBER && m.subject.includes(title)).reverse()
}

const statusLine = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ })

const desk = siteSuite('incident desk', { schedulerIntervalMs: 1000, maintenanceReminderMinutes: 0 })

desk.before(async (ctx) => {
  await addAccount(ctx, SUBSCRIBER, 'Subscriber123', [], 'auroraedge')
  await addAccount(ctx, 'urls@vendor.example', 'UrlEditor123', ['url_editor'])
})
desk.after(async () => {
  await (await browser()).clearCookies()
})

/** A public data center of auroraedge in service, in EMEA (the timeline's first region). */
function dataCenter(ctx: SiteContext): string {
  const [dc] = queryDb<{ name: string }>(
    ctx,
    `select dc.name from data_centers dc join cloud_data_centers cdc on cdc.data_center_tid = dc.tid
     join clouds c on c.id = cdc.cloud_id join regions r on r.tid = dc.region_tid
     where c.machine_name = 'auroraedge' and cdc.active = 1 and cdc.premium_dc = 0 and r.name = 'EMEA' order by dc.sort limit 1`,
  )
  return dc.name
}

desk('publish from a template on one data center, update, resolve: public pages and one mail per event', async (ctx) => {
  const dcName = dataCenter(ctx)
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/desk/new')

  // Written once: the template (not timed).
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Authentication failures for some users')
  await page.getByLabel('auroraedge.net', { exact: true }).check()
  await page.getByLabel('Summary').fill('Some users cannot sign in. We are investigating.')
  await page.getByLabel('Body (Markdown)').fill('Users may see **sign-in errors**.\n\n- Retry after a minute\n- Use the backup IdP')
  await page.getByRole('group', { name: 'Save as template' }).or(page.getByText('Save as template')).first().click()
  await page.getByLabel('Template name').fill('Authentication outage')
  await page.getByRole('button', { name: 'Save template' }).click()
  await statusLine(page)
    .filter({ hasText: /template/i })
    .first()
    .waitFor()
  const [template] = queryDb<{ id: number }>(ctx, "select id from record_templates where name = 'Authentication outage'")
  assert.ok(template, 'the template is stored')

  // Timed: from opening the console to the subscriber's email in the outbox.
  const t0 = Date.now()
  await page.goto(`${ctx.server.url}/admin/desk`)
  await page.getByRole('link', { name: 'New incident' }).click()
  await page.getByLabel('Start from template').selectOption(String(template.id))
  await page.getByRole('button', { name: 'Apply template' }).click()
  await page.getByLabel('Find a data center').fill(dcName)
  await page.getByRole('checkbox', { name: dcName, exact: true }).check()
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.waitForURL((u) => /^\/admin\/desk\/\d+$/.test(new URL(u).pathname))
  await statusLine(page)
    .filter({ hasText: /Published\. 1 email queued\./ })
    .waitFor()
  const title = 'Authentication failures for some users'
  await eventually(async () => (await mailsAbout(ctx, title)).length === 1, Boolean, 'the subscriber’s first mail', 10_000)
  const seconds = (Date.now() - t0) / 1000
  console.log(`  console open → published incident → subscriber's email in the outbox: ${seconds.toFixed(1)} s`)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  const [stored] = queryDb<{ body: string; terms: number }>(
    ctx,
    'select body, (select count(*) from record_terms where record_id = records.id) as terms from records where id = ?',
    id,
  )
  assert.match(stored.body, /<strong>sign-in errors<\/strong>/)
  assert.is(stored.terms, 1)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'desk-record-1280')

  // The public timeline (data-center row) and the incidents list show it.
  const pub = await open(ctx, '/auroraedge.net/cloud-status')
  const block = pub.page.getByTestId('status-block-datacenter')
  await block.getByTestId('status-row').first().waitFor()
  await block
    .getByTestId('status-row')
    .filter({ hasText: dcName })
    .locator(`[data-issue-id="${id}"]`)
    .first()
    .waitFor({ state: 'attached' })
  await pub.page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  await pub.page.getByText(title).first().waitFor()

  // An update, then the resolve.
  const update = page.getByRole('form', { name: 'Post an update' })
  await update.getByLabel('New status').selectOption('Monitoring')
  await update.getByLabel('Update (Markdown)').fill('A fix is rolling out; sign-ins are recovering.')
  await update.getByRole('button', { name: 'Post update' }).click()
  await statusLine(page).filter({ hasText: 'Update posted.' }).waitFor()
  const resolve = page.getByRole('form', { name: 'Resolve' })
  await resolve.getByLabel('Closing update (Markdown, optional)').fill('Sign-ins work again for every user.')
  await resolve.getByRole('button', { name: 'Resolve' }).click()
  await statusLine(page).filter({ hasText: 'Resolved.' }).waitFor()
  await eventually(async () => (await mailsAbout(ctx, title)).length === 3, Boolean, 'three mails', 10_000)
  const mails = await mailsAbout(ctx, title)
  assert.is(mails.length, 3, 'one mail per event: published, update, resolved')
  assert.match(mails[1].subject, /update/i)
  assert.match(mails[1].text, /sign-ins are recovering/)

  // The subscriber's mails as a person sees them at /dev/mail.
  await pub.page.goto(`${ctx.server.url}/dev/mail`)
  assert.is((await pub.page.getByText(title).count()) >= 3, true)

  // The public post: the update history, newest first, with the resolved marker.
  await pub.page.goto(`${ctx.server.url}/auroraedge.net/posts/${id}`)
  const history = pub.page.getByTestId('post-updates')
  await history.getByRole('heading', { name: 'Updates' }).waitFor()
  const updates = history.getByRole('listitem')
  assert.is(await updates.count(), 2)
  assert.match((await updates.first().textContent()) ?? '', /Sign-ins work again/)
  assert.match((await updates.nth(1).textContent()) ?? '', /sign-ins are recovering/)
  assert.ok(await updates.first().getByTestId('update-resolved').isVisible(), 'the resolved-update marker on the newest entry')
  assert.is(await updates.nth(1).getByTestId('update-resolved').count(), 0)
  assert.equal(await axeViolations(pub.page), [])
  await screenshot(pub.page, 'desk-public-post-1280')
  assert.equal(errors, [])
  assert.equal(pub.errors, [])
})

desk('a maintenance scheduled seconds ahead turns In Progress, then Completed, by itself', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/desk')
  const from = new Date(Date.now() + 4000)
  const to = new Date(Date.now() + 14_000)
  const title = 'Network upgrade in a few seconds'
  // Scheduled through the publishing API with the operator's session (the form's inputs have minute precision).
  const published = await page.evaluate(
    async ({ title, from, to }) => {
      const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )z_csrf_token=([^;]*)/)?.[1] ?? '')
      const res = await fetch('/api/admin/records', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: JSON.stringify({ type: 'maintenance', title, status: 'Scheduled', clouds: ['auroraedge'], terms: [], from, to }),
      })
      return { status: res.status, data: (await res.json()).data }
    },
    { title, from: from.toISOString(), to: to.toISOString() },
  )
  assert.is(published.status, 201)
  const id = published.data.id as number
  const post = await open(ctx, `/auroraedge.net/posts/${id}`)
  // The post's status as a visitor reads it, after a reload (nobody touches the record).
  const status = async () => {
    await post.page.reload()
    const heading = post.page.getByRole('heading', { level: 1, name: title })
    await heading.waitFor()
    return (await post.page.locator('#content').textContent()) ?? ''
  }
  // The scheduler's transitions are record events: wait for each, then read the post as a visitor.
  const kinds = async () =>
    queryDb<{ kind: string }>(ctx, 'select kind from record_events where record_id = ? order by id', id).map((e) => e.kind)
  await eventually(kinds, (k) => k.includes('started'), 'the scheduler starting the maintenance', 20_000)
  assert.match(await status(), /In Progress/)
  await screenshot(post.page, 'desk-maintenance-in-progress-1280')
  await eventually(kinds, (k) => k.includes('completed'), 'the scheduler completing the maintenance', 30_000)
  assert.match(await status(), /Completed/)
  const events = queryDb<{ kind: string }>(ctx, 'select kind from record_events where record_id = ? order by id', id)
  assert.equal(
    events.map((e) => e.kind),
    ['published', 'started', 'completed'],
  )
  const audit = queryDb<{ actor_name: string }>(
    ctx,
    "select actor_name from audit_log where target = ? and actor_name = 'system'",
    String(id),
  )
  assert.is(audit.length, 2, 'both transitions attributed to the system')
  await eventually(async () => (await mailsAbout(ctx, title)).length === 3, Boolean, 'published, started and completed mails', 10_000)
  assert.equal(errors, [])
  assert.equal(post.errors, [])
})

desk('a url_editor is offered URL-category notifications only', async (ctx) => {
  const { page, errors } = await signInTo(ctx, 'urls@vendor.example', 'UrlEditor123', '/admin/desk')
  await page.getByRole('heading', { level: 1, name: 'Incident desk' }).waitFor()
  assert.is(await page.getByRole('link', { name: 'New notification' }).count(), 1)
  for (const other of ['New incident', 'New maintenance', 'New advisory'])
    assert.is(await page.getByRole('link', { name: other }).count(), 0, other)
  await page.getByRole('link', { name: 'New notification' }).click()
  await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor()
  const types = await page.getByLabel('Type', { exact: true }).locator('option').allTextContents()
  assert.equal(types, ['Notification'])
  const notificationTypes = await page.getByLabel('Notification type').locator('option').allTextContents()
  assert.equal(notificationTypes.length, 1)
  assert.match(notificationTypes[0], /URL/i)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'desk-url-editor-new-1280')
  assert.equal(errors, [])
})

desk('every desk screen is axe-clean at 1280 and 375 px (screenshots)', async (ctx) => {
  const [record] = queryDb<{ id: number }>(
    ctx,
    "select id from records where type = 'maintenance' and status_id = 1 order by id desc limit 1",
  )
  const paths = ['/admin/desk', '/admin/desk/new', '/admin/desk/new?type=maintenance', `/admin/desk/${record.id}`, '/admin/desk/templates']
  const { page, errors } = await signInTo(ctx, 'admin', 'Admin12345', '/admin/desk')
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    for (const path of paths) {
      await page.goto(ctx.server.url + path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await loaded(page)
      assert.equal(await axeViolations(page), [], `${path} @${width}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      assert.ok(overflow <= 0, `${path} @${width}: no sideways scroll (${overflow} px)`)
      await screenshot(page, `desk${path.replace(/[/?=]/g, '-')}-${width}`)
    }
  }
  assert.equal(errors, [])
})

desk.run()
