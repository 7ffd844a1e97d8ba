import ICAL from 'ical.js'
import type { Page } from 'playwright-core'
import Parser from 'rss-parser'
import * as assert from 'uvu/assert'
import { DEMO_RECORD_IDS, HOSTILE_BODY, REDIRECT_TARGETS } from '../../server/seed/lists'
import { INTERNAL_FIELDS } from '../../contract/constants'
import type { CalendarData, NotificationListData, RecordListData } from '../../contract/records'
import {
  apiData,
  axeViolations,
  eventually,
  open,
  queryDb,
  screenshot,
  settled,
  siteSuite,
  type SiteContext,
  withoutNotFound,
} from './harness'

const records = siteSuite('incidents, maintenance, advisories and notifications')

const ids = (page: Page) => page.getByTestId('record').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-record-id'))))
const currentPage = (page: Page) => page.locator('[data-testid="pagination"] [aria-current="page"]').textContent()

/**
 * Chromium reports every inline handler attribute (`onerror=`, `onload=`) it meets while the
 * widgets parse hostile HTML in an inert document, as a blocked-by-CSP console error, although
 * that document never runs it and the attribute never reaches the page. Tests that show hostile
 * records drop exactly these reports and check separately that nothing ran.
 */
const withoutCspReports = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('console: Executing inline event handler violates the following Content Security Policy'))

/** Waits until the list shows exactly the records `expected` (ids, in order). */
async function showsIds(page: Page, expected: number[], what: string): Promise<void> {
  await eventually(
    () => ids(page),
    (v) => JSON.stringify(v) === JSON.stringify(expected),
    what,
  )
}

const list = (ctx: SiteContext, type: string, query: string) =>
  apiData<RecordListData>(ctx, `/api/${type}?cloud=auroraedge&tz=UTC&${query}`)

/** Whether [from, to ?? now] overlaps the UTC day `day` (YYYY-MM-DD). */
function overlapsDay(fromTime: string, toTime: string | null, day: string): boolean {
  const start = Date.parse(`${day}T00:00:00Z`)
  const from = Date.parse(fromTime)
  const to = toTime ? Date.parse(toTime) : Date.now()
  return from < start + 86_400_000 && to >= start
}

async function openList(ctx: SiteContext, path: string, width = 1280) {
  const tp = await open(ctx, path, width)
  await tp.page.getByTestId('record').first().waitFor()
  await tp.page.getByTestId('calendar-day').first().waitFor()
  return tp
}

records('incidents: the first page as the API answers it; the status filter narrows it and returns to page 1', async (ctx) => {
  const { page, errors } = await openList(ctx, '/auroraedge.net/incidents')
  assert.is(await page.locator('h1').textContent(), 'Incidents')
  const all = await list(ctx, 'incident', 'page=1')
  assert.ok(all.totalPages >= 7, `incident pages ${all.totalPages}`)
  await showsIds(
    page,
    all.records.map((r) => r.id),
    'first page',
  )
  assert.is(await page.getByTestId('record').count(), 10)
  // The status dropdown: All Statuses plus the list's statuses (incidents: In Progress, Monitoring, Resolved, Remediated).
  const options = await page.getByTestId('status-filter').locator('option').allTextContents()
  assert.equal(options, ['All Statuses', ...all.statuses.map((s) => s.name)])
  assert.equal(
    all.statuses.map((s) => s.name),
    ['In Progress', 'Monitoring', 'Resolved', 'Remediated'],
  )
  // Page 3, then a status: back to page 1 of that status.
  await page.getByRole('button', { name: 'Page 3' }).click()
  await showsIds(
    page,
    (await list(ctx, 'incident', 'page=3')).records.map((r) => r.id),
    'page 3',
  )
  assert.is(await currentPage(page), '3')
  await page.getByTestId('status-filter').selectOption({ label: 'Resolved' })
  const resolved = await list(ctx, 'incident', 'page=1&category=4')
  await showsIds(
    page,
    resolved.records.map((r) => r.id),
    'resolved, page 1',
  )
  assert.is(await currentPage(page), '1')
  const shownStatuses = await page.getByTestId('record-status').allTextContents()
  assert.ok(shownStatuses.length === 10 && shownStatuses.every((s) => s === 'Status: Resolved'), shownStatuses.join('|'))
  assert.is(await page.getByTestId('resolved-marker').count(), 10, 'every resolved record carries the marker')
  // Remediated: a short list of its own, one page.
  await page.getByTestId('status-filter').selectOption({ label: 'Remediated' })
  const remediated = await list(ctx, 'incident', 'page=1&category=8')
  assert.ok(remediated.records.length > 0 && remediated.totalPages === 1)
  await showsIds(
    page,
    remediated.records.map((r) => r.id),
    'remediated',
  )
  assert.ok((await page.getByTestId('record-status').allTextContents()).every((s) => s === 'Status: Remediated'))
  assert.is(await page.getByTestId('pagination').count(), 0, 'no pager for one page')
  // Severity and times as a person reads them.
  const first = page.getByTestId('record').first()
  assert.match(
    (await first.getByTestId('record-severity').textContent())!,
    /Service Disruption|Service Degradation|Informational|No Impact/,
  )
  assert.match((await first.locator('dl').textContent())!, /Started.*UTC/)
  await screenshot(page, 'incidents-1280')
  assert.equal(await axeViolations(page), [])
  assert.equal(errors, [])
})

records('paging: Last page shows the remainder; Next and Last are disabled there; First returns', async (ctx) => {
  const { page } = await openList(ctx, '/auroraedge.net/incidents')
  const first = await list(ctx, 'incident', 'page=1')
  const last = await list(ctx, 'incident', `page=${first.totalPages}`)
  await page.getByRole('button', { name: 'Last page' }).click()
  await showsIds(
    page,
    last.records.map((r) => r.id),
    'last page',
  )
  assert.is(await currentPage(page), String(first.totalPages))
  assert.ok(await page.getByRole('button', { name: 'Next page' }).isDisabled())
  assert.ok(await page.getByRole('button', { name: 'Last page' }).isDisabled())
  // Near the end the window keeps five numbers, ending on the last page.
  const numbers = (
    await page
      .locator(
        '[data-testid^="page-"]:not([data-testid$="first"]):not([data-testid$="previous"]):not([data-testid$="next"]):not([data-testid$="last"])',
      )
      .allTextContents()
  ).map(Number)
  assert.equal(numbers, [first.totalPages - 4, first.totalPages - 3, first.totalPages - 2, first.totalPages - 1, first.totalPages])
  await page.getByRole('button', { name: 'First page' }).click()
  await showsIds(
    page,
    first.records.map((r) => r.id),
    'first page again',
  )
  assert.ok(await page.getByRole('button', { name: 'Previous page' }).isDisabled())
})

records('calendar: a day with records filters the list to that day; Today clears it and returns to this month', async (ctx) => {
  const { page, errors } = await openList(ctx, '/auroraedge.net/incidents')
  const cal = await apiData<CalendarData>(ctx, '/api/calendar?cloud=auroraedge&type=recent_incident&tz=UTC')
  const thisMonth = new Date().toISOString().slice(0, 7)
  // A day of last month with records: the calendar has to be paged back to reach it.
  const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7)
  const day = Object.keys(cal.calendar)
    .filter((d) => d.startsWith(lastMonth))
    .sort()[0]
  assert.ok(day, 'a day of last month with incidents')
  const monthTitle = await page.getByTestId('calendar-month').textContent()
  await page.getByRole('button', { name: 'Previous month' }).click()
  await eventually(
    () => page.getByTestId('calendar-month').textContent(),
    (t) => t !== monthTitle,
    'month changes',
  )
  const button = page.locator(`[data-testid="calendar-day"][data-date="${day}"]`)
  assert.is(await button.getAttribute('data-status'), cal.calendar[day].status)
  await button.click()
  const filtered = await list(ctx, 'incident', `page=1&date=${day}`)
  assert.ok(filtered.records.length > 0)
  await showsIds(
    page,
    filtered.records.map((r) => r.id),
    'the day’s incidents',
  )
  for (const r of filtered.records) assert.ok(overlapsDay(r.fromTime, r.toTime, day), `record ${r.id} overlaps ${day}`)
  assert.is(await button.getAttribute('aria-pressed'), 'true')
  assert.match((await page.getByTestId('date-filter').textContent())!, /Showing/)
  await screenshot(page, 'incidents-day-1280')
  // Today: no date filter, the month view back on this month, the full list again.
  await page.getByTestId('calendar-today').click()
  const all = await list(ctx, 'incident', 'page=1')
  await showsIds(
    page,
    all.records.map((r) => r.id),
    'full list after Today',
  )
  assert.is(await page.getByTestId('date-filter').count(), 0)
  assert.is(await page.getByTestId('calendar-month').textContent(), monthTitle)
  assert.ok(
    await page
      .locator('[data-testid="calendar-day"]')
      .evaluateAll((els, m) => els.every((el) => el.getAttribute('data-date')!.startsWith(m)), thisMonth),
    'this month’s days',
  )
  assert.match((await page.getByTestId('calendar-note').textContent())!, /\(UTC\)/)
  assert.equal(errors, [])
})

records('data-center multi-select narrows the list to the chosen data centers', async (ctx) => {
  const { page, errors } = await openList(ctx, '/auroraedge.net/maintenance')
  const cal = await apiData<CalendarData>(ctx, '/api/calendar?cloud=auroraedge&type=scheduled_maintenance&tz=UTC')
  const options = cal.datacenters.flatMap((g) => g.options)
  // A data center with maintenance records but fewer than the whole list.
  const all = await list(ctx, 'maintenance', 'page=1')
  let chosen: { value: string; label: string } | undefined
  let expected: RecordListData | undefined
  for (const o of options) {
    const answer = await list(ctx, 'maintenance', `page=1&datacenter=${o.value}`)
    if (answer.records.length > 0 && answer.totalPages < all.totalPages) {
      chosen = o
      expected = answer
      break
    }
  }
  assert.ok(chosen && expected, 'a data center with some maintenance')
  assert.is(await page.getByTestId('datacenter-button').textContent(), 'Select Data Centers▾')
  await page.getByTestId('datacenter-button').click()
  const panel = page.getByRole('dialog', { name: 'Select Data Centers' })
  await panel.waitFor()
  await panel.getByRole('searchbox', { name: 'Search data centers' }).fill(chosen.label)
  await panel.getByRole('checkbox', { name: chosen.label, exact: true }).check()
  await showsIds(
    page,
    expected.records.map((r) => r.id),
    `maintenance of ${chosen.label}`,
  )
  const clusters = await page.getByTestId('record').locator('dl').allTextContents()
  assert.ok(
    clusters.every((text) => text.includes(chosen!.label)),
    `every record names ${chosen.label}`,
  )
  await screenshot(page, 'maintenance-datacenter-1280')
  await page.keyboard.press('Escape')
  assert.is(await page.getByTestId('datacenter-button').textContent(), '1 selected▾')
  // The calendar feed link follows the one chosen data center.
  assert.is(
    await page.getByTestId('ics-link').getAttribute('href'),
    `webcal://${new URL(ctx.server.url).host}/ics/maintenance/auroraedge.ics?datacenter=${chosen.value}`,
  )
  assert.is(
    await page.getByTestId('ics-download').getAttribute('href'),
    `${new URL(ctx.server.url).origin}/ics/maintenance/auroraedge.ics?datacenter=${chosen.value}`,
  )
  // Select All: every data center, 'All Data Centers'.
  await page.getByTestId('datacenter-button').click()
  // The search box starts empty again; Select All then takes every data center.
  assert.is(await panel.getByRole('searchbox', { name: 'Search data centers' }).inputValue(), '')
  await panel.getByTestId('datacenter-select-all').check()
  await page.keyboard.press('Escape')
  assert.is(await page.getByTestId('datacenter-button').textContent(), 'All Data Centers▾')
  assert.equal(errors, [])
})

records('maintenance: the schedule table in UTC, Postponed filter, and no data-center filter on advisories', async (ctx) => {
  const { page, errors } = await openList(ctx, '/auroraedge.net/maintenance')
  const all = await list(ctx, 'maintenance', 'page=1')
  const schedule = page.getByTestId('maintenance-schedule')
  await schedule.waitFor()
  const headers = await schedule.locator('thead th').allTextContents()
  assert.is(headers.length, all.maintenanceSchedule!.days.length + 1)
  assert.is(await schedule.locator('tbody tr').count(), all.maintenanceSchedule!.regions.length)
  assert.match((await schedule.textContent())!, /UTC/)
  await page.getByTestId('status-filter').selectOption({ label: 'Postponed' })
  const postponed = await list(ctx, 'maintenance', 'page=1&category=5')
  assert.ok(postponed.records.length > 0, 'postponed maintenance is seeded')
  await showsIds(
    page,
    postponed.records.map((r) => r.id),
    'postponed',
  )
  assert.ok((await page.getByTestId('record-status').allTextContents()).every((s) => s === 'Status: Postponed'))
  await screenshot(page, 'maintenance-1280')
  assert.equal(await axeViolations(page), [])

  await page.goto(`${ctx.server.url}/auroraedge.net/security-advisories`)
  await page.getByTestId('record').first().waitFor()
  assert.is(await page.locator('h1').textContent(), 'Security Advisories')
  await page.getByTestId('calendar-day').first().waitFor()
  assert.is(await page.getByTestId('datacenter-select').count(), 0)
  assert.is(await page.getByTestId('rss-link').getAttribute('href'), '/rss-feed/advisories?cloud=auroraedge')
  assert.is(await page.getByRole('link', { name: 'Atom', exact: true }).getAttribute('href'), '/atom-feed/advisories?cloud=auroraedge')
  const advisories = await list(ctx, 'advisory', 'page=1')
  await showsIds(
    page,
    advisories.records.map((r) => r.id),
    'advisories',
  )
  assert.ok((await page.getByTestId('record-event-type').count()) > 0, 'event types shown')
  await screenshot(page, 'advisories-1280')
  assert.equal(errors, [])
})

records('empty states read exactly as the spec gives them', async (ctx) => {
  const { page, errors } = await openList(ctx, '/auroraedge.net/maintenance')
  // A status of the maintenance list without records on this cloud (the seed leaves some
  // statuses to other clouds), else one on a single data center.
  const all = await list(ctx, 'maintenance', 'page=1')
  let empty: { status: string; dc?: { value: string; label: string } } | undefined
  for (const st of all.statuses) {
    if ((await list(ctx, 'maintenance', `page=1&category=${st.id}`)).records.length === 0) {
      empty = { status: st.name }
      break
    }
  }
  if (!empty) {
    const cal = await apiData<CalendarData>(ctx, '/api/calendar?cloud=auroraedge&type=scheduled_maintenance&tz=UTC')
    search: for (const dc of cal.datacenters.flatMap((g) => g.options)) {
      for (const st of all.statuses) {
        if ((await list(ctx, 'maintenance', `page=1&category=${st.id}&datacenter=${dc.value}`)).records.length === 0) {
          empty = { status: st.name, dc }
          break search
        }
      }
    }
  }
  assert.ok(empty, 'a maintenance filter without records')
  if (empty.dc) {
    await page.getByTestId('datacenter-button').click()
    await page.getByRole('dialog', { name: 'Select Data Centers' }).getByRole('checkbox', { name: empty.dc.label, exact: true }).check()
    await page.keyboard.press('Escape')
  }
  await page.getByTestId('status-filter').selectOption({ label: empty.status })
  await page.getByTestId('records-empty').waitFor()
  assert.is(await page.getByTestId('records-empty').textContent(), 'There are no records')
  assert.is(await page.getByTestId('pagination').count(), 0)
  assert.is(await page.getByTestId('record').count(), 0)
  await screenshot(page, 'maintenance-empty-1280')

  // Notification lists say it with a period (docs/requirements/errors.md): a status of some notification type without records.
  const types = [
    ['cloud_app', 'cloud-app'],
    ['privacy_notification', 'privacy'],
    ['url_change_notification', 'url-category'],
  ] as const
  let emptyNotifications: { path: string; status: string } | undefined
  search: for (const [type, path] of types) {
    const base = `/api/notifications?notification_type=${type}&page=0&cloud=auroraedge`
    for (const st of (await apiData<NotificationListData>(ctx, base)).statuses) {
      if ((await apiData<NotificationListData>(ctx, `${base}&category=${st.id}`)).records.length === 0) {
        emptyNotifications = { path, status: st.name }
        break search
      }
    }
  }
  assert.ok(emptyNotifications, 'a notification status without records')
  await page.goto(`${ctx.server.url}/auroraedge.net/notifications/${emptyNotifications.path}`)
  await page.getByTestId('record').first().waitFor()
  await page.getByTestId('status-filter').selectOption({ label: emptyNotifications.status })
  await page.getByTestId('notifications-empty').waitFor()
  assert.is(await page.getByTestId('notifications-empty').textContent(), 'There are no records.')
  assert.equal(withoutCspReports(errors), [])
})

records('notification lists: URL category pages (zero-based API pages), status filter, and the type’s feed', async (ctx) => {
  const { page, errors } = await open(ctx, '/auroraedge.net/notifications/url-category')
  await page.getByTestId('record').first().waitFor()
  assert.is(await page.locator('h1').textContent(), 'URL Category Notifications')
  const p0 = await apiData<NotificationListData>(ctx, '/api/notifications?notification_type=url_change_notification&page=0')
  assert.is(p0.totalPages, 3)
  await showsIds(
    page,
    p0.records.map((r) => r.id),
    'page 1',
  )
  await page.getByRole('button', { name: 'Page 2' }).click()
  const p1 = await apiData<NotificationListData>(ctx, '/api/notifications?notification_type=url_change_notification&page=1')
  await showsIds(
    page,
    p1.records.map((r) => r.id),
    'page 2',
  )
  const completed = p0.statuses.find((s) => s.name === 'Completed')!
  await page.getByTestId('status-filter').selectOption({ label: 'Completed' })
  const filtered = await apiData<NotificationListData>(
    ctx,
    `/api/notifications?notification_type=url_change_notification&page=0&category=${completed.id}`,
  )
  await showsIds(
    page,
    filtered.records.map((r) => r.id),
    'completed',
  )
  assert.is(await currentPage(page).catch(() => '1'), '1')
  assert.is(await page.getByTestId('rss-link').getAttribute('href'), '/rss-feed/url-category-notification')
  await screenshot(page, 'notifications-url-category-1280')
  assert.equal(await axeViolations(page), [])
  // Cloud-app notifications belong to the cloud; their feed link says which.
  await page.goto(`${ctx.server.url}/auroraedge.net/notifications/cloud-app`)
  await page.getByTestId('record').first().waitFor()
  assert.is(await page.getByTestId('rss-link').getAttribute('href'), '/rss-feed/cloud-app?cloud=auroraedge')
  const cloudApp = await apiData<NotificationListData>(ctx, '/api/notifications?notification_type=cloud_app&page=0&cloud=auroraedge')
  await showsIds(
    page,
    cloudApp.records.map((r) => r.id),
    'cloud-app page 1',
  )
  assert.equal(errors, [])
})

records('single post: /{domain}/posts/{id} shows the record in full; /posts/{id} redirects; missing posts say so', async (ctx) => {
  const incident = (await list(ctx, 'incident', 'page=1&category=4')).records.find((r) => !/\son\w+=/.test(r.body))!
  const { page, errors } = await open(ctx, `/posts/${incident.id}`)
  await page.waitForURL((u) => new URL(u).pathname === `/auroraedge.net/posts/${incident.id}`)
  await page.getByTestId('record').waitFor()
  assert.is(await page.locator('h1').textContent(), incident.title)
  assert.match((await page.getByTestId('record-severity').textContent())!, /\w/)
  assert.is(await page.getByTestId('record-status').locator('svg').getAttribute('data-icon'), 'check')
  assert.is(await page.getByTestId('record-status').textContent(), 'Status: Resolved')
  assert.ok(await page.getByTestId('resolved-marker').isVisible())
  assert.is(await page.getByTestId('customer-impact').count(), incident.customer_impact ? 1 : 0)
  // Customer impact is shown once, not in the body as well.
  assert.is((await page.locator('main').textContent())!.split('Customer impact').length - 1, incident.customer_impact ? 1 : 0)
  assert.is(await page.getByTestId('internal-block').count(), 0, 'no internal block for visitors')
  await screenshot(page, 'post-1280')
  assert.equal(await axeViolations(page), [])

  assert.equal(errors, [])
  await page.goto(`${ctx.server.url}/auroraedge.net/posts/999999`)
  await page.getByTestId('post-missing').waitFor()
  assert.is(await page.getByTestId('post-missing').textContent(), 'No records found.')
  // The hostile incident belongs to auroraedge only.
  await page.goto(`${ctx.server.url}/auroraedgetwo.net/posts/${DEMO_RECORD_IDS.hostileIncident}`)
  await page.getByTestId('post-missing').waitFor()
  assert.is(await page.getByTestId('post-missing').textContent(), 'Post not available on this cloud.')
  // An unknown cloud segment is the fallback page.
  await page.goto(`${ctx.server.url}/nowhere.example/posts/${incident.id}`)
  await page.getByTestId('fallback').waitFor()
  assert.equal(withoutCspReports(withoutNotFound(errors)), [])
})

records('notification pages: the record, a same-site url_redirect is followed, hostile ones stay on the site', async (ctx) => {
  const { page, errors } = await open(ctx, `/notification/${DEMO_RECORD_IDS.hostileUrlCategoryNotification}`)
  await page.getByTestId('record').waitFor()
  assert.match((await page.locator('h1').textContent())!, /^Markup check: url change notification/)
  assert.is(new URL(page.url()).pathname, `/notification/${DEMO_RECORD_IDS.hostileUrlCategoryNotification}`)
  await screenshot(page, 'notification-1280')
  await page.goto(`${ctx.server.url}/auroraedge.net/notification/${DEMO_RECORD_IDS.hostileCloudAppNotification}`)
  await page.getByTestId('record').waitFor()
  assert.match((await page.locator('h1').textContent())!, /^Markup check: cloud app/)

  await page.goto(`${ctx.server.url}/auroraedge.net/notification/${DEMO_RECORD_IDS.redirectSameSite}`)
  await page.waitForURL((u) => new URL(u).pathname === `/${REDIRECT_TARGETS.redirectSameSite}`)
  await page.getByTestId('records').waitFor()
  assert.is(await page.locator('h1').textContent(), 'Incidents')

  // Back navigation to a notification path selects the cloud its first segment names.
  await page.goto(`${ctx.server.url}/auroraedgetwo.net/notifications/url-category`)
  await page.getByTestId('record-link').first().click()
  await page.waitForURL((u) => /^\/auroraedgetwo\.net\/notification\/\d+$/.test(new URL(u).pathname))
  await page.getByTestId('post').getByTestId('record').waitFor()
  const notificationPath = new URL(page.url()).pathname
  await page.getByTestId('cloud-selector').click()
  await page.getByRole('dialog', { name: 'Choose a cloud' }).getByRole('button', { name: 'auroraedgethree.net' }).click()
  await page.waitForURL((u) => new URL(u).pathname.startsWith('/auroraedgethree.net'))
  await eventually(
    () => page.getByTestId('cloud-selector').textContent(),
    (t) => /auroraedgethree\.net/.test(t ?? ''),
    'cloud changed',
  )
  await page.goBack()
  await page.waitForURL((u) => new URL(u).pathname === notificationPath)
  await eventually(
    () => page.getByTestId('cloud-selector').textContent(),
    (t) => /auroraedgetwo\.net/.test(t ?? ''),
    'cloud of the notification path',
  )
  await page.getByTestId('post').getByTestId('record').waitFor()

  const origin = new URL(ctx.server.url).origin
  for (const key of ['redirectProtocolRelative', 'redirectBackslash', 'redirectJavascript'] as const) {
    const path = `/auroraedge.net/notification/${DEMO_RECORD_IDS[key]}`
    await page.goto(ctx.server.url + path)
    await page.getByTestId('record').waitFor()
    await settled(page) // a redirect, had the link run, would have left by now
    assert.is(new URL(page.url()).origin, origin, key)
    assert.is(new URL(page.url()).pathname, path, key)
    assert.match((await page.locator('h1').textContent())!, /^Redirect check/)
    assert.is(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), undefined)
  }
  assert.equal(withoutCspReports(errors), [])
})

records('hostile record bodies execute nothing in lists, posts and notifications', async (ctx) => {
  const pages = [
    '/auroraedge.net/incidents',
    '/auroraedge.net/security-advisories',
    `/auroraedge.net/posts/${DEMO_RECORD_IDS.hostileIncident}`,
    `/auroraedge.net/posts/${DEMO_RECORD_IDS.hostileMaintenance}`,
    `/auroraedge.net/posts/${DEMO_RECORD_IDS.hostileAdvisory}`,
    `/auroraedge.net/notification/${DEMO_RECORD_IDS.hostileUrlCategoryNotification}`,
    `/auroraedge.net/notification/${DEMO_RECORD_IDS.hostileCloudAppNotification}`,
    `/auroraedge.net/notification/${DEMO_RECORD_IDS.hostilePrivacyNotification}`,
    '/auroraedge.net/notifications/privacy',
  ]
  assert.match(HOSTILE_BODY, /onerror=/)
  const { page, errors } = await open(ctx, pages[0])
  for (const path of pages) {
    await page.goto(ctx.server.url + path)
    const hostile = page.getByTestId('record').filter({ hasText: 'Markup check' }).first()
    await hostile.waitFor()
    await settled(page)
    assert.is(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), undefined, path)
    assert.is(await hostile.locator('script, img, [onerror], [onload]').count(), 0, path)
    assert.is(await hostile.getByTestId('record-body').locator('svg').count(), 0, path)
    assert.is(await hostile.locator('a[href^="javascript" i]').count(), 0, path)
    if (/\/(posts|notification)\//.test(path))
      assert.match((await hostile.getByTestId('record-body').textContent())!, /must render inert/, path)
  }
  await screenshot(page, 'notifications-privacy-1280')
  assert.equal(withoutCspReports(errors), [])
  // The sanitiser alone keeps them inert: the same post with the site's CSP taken away (as on a
  // partner page without one) runs nothing either, and the browser has nothing to report.
  await page.route(`${ctx.server.url}/auroraedge.net/posts/*`, async (route) => {
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    await route.fulfill({ response, headers })
  })
  errors.length = 0
  await page.goto(`${ctx.server.url}/auroraedge.net/posts/${DEMO_RECORD_IDS.hostileIncident}`)
  await page.getByTestId('record-body').waitFor()
  await settled(page)
  assert.is(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), undefined)
  assert.equal(errors, [])
  await page.unroute(`${ctx.server.url}/auroraedge.net/posts/*`)
})

records('feeds: the RSS badge’s feed parses as RSS 2.0 with the list’s records; the calendar parses as iCalendar', async (ctx) => {
  const { page } = await openList(ctx, '/auroraedge.net/incidents')
  const href = (await page.getByTestId('rss-link').getAttribute('href'))!
  const res = await page.request.get(new URL(href, ctx.server.url).href)
  assert.is(res.status(), 200)
  assert.match(res.headers()['content-type'], /application\/rss\+xml/)
  const feed = await new Parser().parseString(await res.text())
  const first = await list(ctx, 'incident', 'page=1')
  assert.ok(feed.items.length >= 10, `items ${feed.items.length}`)
  assert.equal(
    feed.items.slice(0, 5).map((i) => i.title),
    first.records.slice(0, 5).map((r) => r.title),
  )
  assert.ok(feed.items.every((i) => i.link && new URL(i.link).pathname.startsWith('/auroraedge.net/posts/')))
  // The Atom badge beside it: the same feed as Atom 1.0, entry for item.
  const atomHref = (await page.getByTestId('atom-link').getAttribute('href'))!
  assert.is(atomHref, href.replace('/rss-feed/', '/atom-feed/'))
  const atomRes = await page.request.get(new URL(atomHref, ctx.server.url).href)
  assert.is(atomRes.status(), 200)
  assert.match(atomRes.headers()['content-type'], /application\/atom\+xml/)
  const atomText = await atomRes.text()
  assert.match(atomText, '<feed xmlns="http://www.w3.org/2005/Atom">')
  const atom = await new Parser().parseString(atomText)
  assert.equal(
    atom.items.map((i) => [i.title, i.link]),
    feed.items.map((i) => [i.title, i.link]),
  )

  await page.goto(`${ctx.server.url}/auroraedge.net/maintenance`)
  const webcal = (await page.getByTestId('ics-link').getAttribute('href'))!
  assert.match(webcal, /^webcal:\/\//)
  // 'Download .ics' beside it: the same address over http(s), for calendars without webcal.
  const download = page.getByRole('link', { name: 'Download .ics' })
  assert.is(await download.getAttribute('href'), webcal.replace(/^webcal:/, 'http:'))
  assert.is(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'), webcal)
  const ics = await page.request.get((await download.getAttribute('href'))!)
  assert.is(ics.status(), 200)
  assert.match(ics.headers()['content-type'], /text\/calendar/)
  const calendar = new ICAL.Component(ICAL.parse(await ics.text()))
  const events = calendar.getAllSubcomponents('vevent')
  assert.ok(events.length > 5, `events ${events.length}`)
  for (const e of events) assert.match(String(e.getFirstPropertyValue('uid')), /^maintenance-\d+@trust-site$/)
  const statuses = new Set(events.map((e) => String(e.getFirstPropertyValue('status'))))
  assert.ok(statuses.has('TENTATIVE'), 'postponed windows are tentative')
  assert.ok(statuses.has('CONFIRMED'))
})

/** Every internal-use value the database holds (longer than 8 characters, so it cannot match by chance). */
function internalValues(ctx: SiteContext): string[] {
  const rows = queryDb<Record<string, string | null>>(ctx, `select ${INTERNAL_FIELDS.join(', ')} from records`)
  return [...new Set(rows.flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === 'string' && v.length > 8))]
}

records('public answers never carry internal-use fields, and no page shows them', async (ctx) => {
  const secrets = internalValues(ctx)
  assert.ok(secrets.length > 100, `internal values seeded: ${secrets.length}`)
  const { page } = await open(ctx, '/auroraedge.net')
  const paths = [
    '/api/incident?cloud=auroraedge&page=1',
    '/api/maintenance?cloud=auroraedge&page=1',
    '/api/advisory?cloud=auroraedge&page=1',
    '/api/notifications?notification_type=url_change_notification&page=0',
    '/api/notifications?notification_type=cloud_app&page=0&cloud=auroraedge',
    `/api/posts/${DEMO_RECORD_IDS.hostileIncident}?cloud=auroraedge`,
    `/api/notification/${DEMO_RECORD_IDS.hostilePrivacyNotification}/auroraedge`,
    '/rss-feed/incidents?cloud=auroraedge',
    '/rss-feed/maintenance',
    '/atom-feed/incidents?cloud=auroraedge',
    '/ics/maintenance/auroraedge.ics',
  ]
  for (const path of paths) {
    const res = await page.request.get(ctx.server.url + path)
    assert.is(res.status(), 200, path)
    const text = await res.text()
    for (const field of INTERNAL_FIELDS) assert.not.ok(text.includes(`"${field}"`), `${path} carries ${field}`)
    const leaked = secrets.find((s) => text.includes(s))
    assert.is(leaked, undefined, `${path} carries an internal value`)
  }
})

records('phone width: lists, calendar and post fit 375 px without sideways scroll; axe finds nothing', async (ctx) => {
  const { page, errors } = await openList(ctx, '/auroraedge.net/maintenance', 375)
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.is(await overflow(), 0, 'maintenance')
  await screenshot(page, 'maintenance-375')
  assert.equal(await axeViolations(page), [])
  await page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  await page.getByTestId('record').first().waitFor()
  assert.is(await overflow(), 0, 'incidents')
  await screenshot(page, 'incidents-375')
  await page.goto(`${ctx.server.url}/auroraedge.net/posts/${DEMO_RECORD_IDS.hostileMaintenance}`)
  await page.getByTestId('record').waitFor()
  assert.is(await overflow(), 0, 'post')
  await screenshot(page, 'post-375')
  assert.equal(await axeViolations(page), [])
  await page.goto(`${ctx.server.url}/auroraedge.net/notifications/url-category`)
  await page.getByTestId('record').first().waitFor()
  assert.is(await overflow(), 0, 'notifications')
  await screenshot(page, 'notifications-375')
  assert.equal(withoutCspReports(errors), [])
})

records.run()
