/**
 * Issue 25, "any visitor picks a timezone": the header's and footer's Time zone picker changes
 * every time the site shows (status timeline, record lists, the calendar's days, a post, the
 * home page's speedometer script), the choice survives a reload in the `trust_tz` cookie, and the
 * first paint stays one answer for every visitor.
 *
 * Expected texts are computed here with `Intl` for the zone, apart from the site's own formatters.
 */
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { WEEK_MINUTES } from '../../contract/constants'
import type { SpeedometerData } from '../../contract/global'
import type { CalendarData, RecordListData } from '../../contract/records'
import type { CloudStatusData, StatusIssue } from '../../contract/status'
import {
  addAccount,
  apiData,
  axeViolations,
  browser,
  eventually,
  open,
  queryDb,
  screenshot,
  screenshotDir,
  settled,
  signInTo,
  siteSuite,
  type SiteContext,
} from './harness'

const tz = siteSuite('time zone picker')

const DAY_MS = 86_400_000

/** How long the suite may run on one zone choice: far more than it takes on a busy machine. */
const SUITE_MARGIN_MS = 10 * 60_000

/**
 * A zone far from UTC whose today differs from UTC's for the next `SUITE_MARGIN_MS`, so the
 * timeline's days visibly change: UTC+14 from 10:00 UTC on (its today is UTC's tomorrow), UTC−11
 * before 10:00 UTC (its today is UTC's yesterday). No zone differs on both sides of a UTC midnight,
 * so a suite that starts just before one waits for it (a clock event, at most `SUITE_MARGIN_MS`).
 * Chosen when the suite starts, not when the file is loaded: the runner loads every file first.
 */
async function zoneAwayFromUtc(): Promise<string> {
  const sinceMidnight = Date.now() % DAY_MS
  if (sinceMidnight > DAY_MS - SUITE_MARGIN_MS) {
    await eventually(
      async () => Date.now() % DAY_MS,
      (t) => t < SUITE_MARGIN_MS,
      'UTC midnight',
      SUITE_MARGIN_MS + 60_000,
    )
  }
  return new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
}

let ZONE = 'Pacific/Kiritimati'

/** The spec's time format (docs/requirements/constants.md: `ddd, DD MMM YYYY HH:mm:ss z`) for `instant` in `zone`, by Intl. */
function stamp(instant: string | number, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  )
  return `${p.weekday}, ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}:${p.second} ${p.timeZoneName}`
}

/** `YYYY-MM-DD` of `instant` in `zone`. */
const dayIn = (instant: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)

/** 'Mon 16 Nov': the timeline's day header for the day around `instant` in `zone`. */
function dayHeader(instant: number, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  )
  return `${p.weekday} ${p.day} ${p.month}`
}

/**
 * Chromium reports each inline handler attribute of the seed's hostile records as a blocked CSP
 * inline handler while the widgets parse them in an inert document (see records.e2e.ts): expected.
 */
const withoutCspReports = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('console: Executing inline event handler violates the following Content Security Policy'))

const core = (page: Page) => page.getByTestId('status-block-core')
const picker = (page: Page, place: 'header' | 'menu' | 'footer') => page.getByTestId(`timezone-picker-${place}`).locator('select')
/** The header bar's button (1280 px): its accessible name says the zone in use. */
const zoneButton = (page: Page) => page.getByTestId('timezone-button')

/** Waits until the header bar's button names `zone` (the cookie applies right after hydrating). */
const buttonShows = (page: Page, zone: string) =>
  eventually(
    () => zoneButton(page).getAttribute('aria-label'),
    (label) => label === `Time zone: ${zone}. Change time zone`,
    `the header button names ${zone}`,
  )

/** The week of the core services as the API answers it in `zone` (`tz=`; UTC without). */
const coreWeek = (ctx: SiteContext, zone?: string) =>
  apiData<CloudStatusData>(
    ctx,
    `/api/cloud-status?cloud=auroraedge&requestType=core_cloud_services&dateOffset=0${zone ? `&tz=${encodeURIComponent(zone)}` : ''}`,
  )

/** A finished issue of the week with the name of its row. */
function finishedIssue(week: CloudStatusData): { row: string; issue: StatusIssue } {
  const found = week.category
    .flatMap((c) => c.subCategory)
    .flatMap((item) => item.issues.map((issue) => ({ row: item.name, issue })))
    .find((x) => x.issue.endTime !== null && x.issue.to - x.issue.from >= 60)
  assert.ok(found, 'a finished issue of an hour or more on this week')
  return found!
}

/** The texts of the timeline's day headers. */
const headers = (page: Page) => core(page).locator('div[aria-hidden="true"] > div > div > span').allTextContents()

/** The timeline's core block shows `zone`'s week: its day headers, range, a bar's name and popover and the now marker. */
async function showsWeekIn(ctx: SiteContext, page: Page, zone: string): Promise<void> {
  const week = await coreWeek(ctx, zone === 'UTC' ? undefined : zone)
  const start = Date.parse(week.start_date)
  const expected = Array.from({ length: 7 }, (_, i) => dayHeader(start + i * DAY_MS + DAY_MS / 2, zone))
  await eventually(
    () => headers(page),
    (h) => JSON.stringify(h) === JSON.stringify(expected),
    `day headers in ${zone}`,
  )
  // The week starts at a midnight of the zone and ends with its today.
  assert.is(stamp(start, zone).slice(17, 25), '00:00:00', `${zone} week start ${week.start_date}`)
  assert.is(dayIn(Date.now(), zone), dayIn(start + 6 * DAY_MS + DAY_MS / 2, zone), 'today is the last column')
  const { row, issue } = finishedIssue(week)
  const bar = core(page).getByTestId('status-row').filter({ hasText: row }).locator(`[data-issue-id="${issue.id}"]`)
  const label = (await bar.getAttribute('aria-label'))!
  assert.ok(label.includes(`${stamp(issue.startTime, zone)} to ${stamp(issue.endTime!, zone)}`), `${zone}: ${label}`)
  await bar.hover()
  const popover = page.getByTestId('issue-popover')
  await popover.waitFor()
  const text = (await popover.textContent())!
  assert.ok(text.includes(`Start${stamp(issue.startTime, zone)}`) && text.includes(`End${stamp(issue.endTime!, zone)}`), text)
  await page.mouse.move(0, 0)
  await popover.waitFor({ state: 'detached' })
  const marker = await core(page)
    .getByTestId('now-marker')
    .locator('div')
    .first()
    .evaluate(
      (el) =>
        (el.getBoundingClientRect().left - el.parentElement!.getBoundingClientRect().left) /
        el.parentElement!.getBoundingClientRect().width,
    )
  assert.ok(Math.abs(marker - week.current_time / WEEK_MINUTES) < 0.003, `now marker ${marker} vs ${week.current_time}`)
}

async function openStatus(ctx: SiteContext, width = 1280) {
  const tp = await open(ctx, '/auroraedge.net/cloud-status', width)
  await core(tp.page).getByTestId('issue-bar').first().waitFor()
  return tp
}

/** Waits until a select shows `zone` (the page applies the cookie right after hydrating). */
const showsZone = (select: Locator, zone: string) =>
  eventually(
    () => select.inputValue(),
    (v) => v === zone,
    `picker shows ${zone}`,
  )

/**
 * An incident of auroraedge whose whole window lies on one UTC day and on one day of `zone`,
 * another one: near midnight for one of them. With the day in `zone`, and the list of that day
 * (page 1) holding it.
 */
async function incidentOnAnotherDay(ctx: SiteContext, zone: string) {
  const month = dayIn(Date.now(), zone).slice(0, 7)
  const rows = queryDb<{ id: number; from_time: number; to_time: number }>(
    ctx,
    `select r.id, r.from_time, r.to_time from records r
       join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id and c.machine_name = 'auroraedge'
      where r.type = 'incident' and r.to_time is not null and r.from_time > ? order by r.from_time desc`,
    Date.now() - 40 * DAY_MS,
  )
  for (const r of rows) {
    const utcDay = dayIn(r.from_time, 'UTC')
    const zoneDay = dayIn(r.from_time, zone)
    if (utcDay !== dayIn(r.to_time, 'UTC') || zoneDay !== dayIn(r.to_time, zone) || zoneDay === utcDay) continue
    if (!zoneDay.startsWith(month)) continue
    const list = await apiData<RecordListData>(ctx, `/api/incident?cloud=auroraedge&page=1&date=${zoneDay}&tz=${encodeURIComponent(zone)}`)
    if (list.records.some((x) => x.id === r.id)) return { ...r, utcDay, zoneDay, list }
  }
  assert.unreachable(`an incident of this month in ${zone} on another day than in UTC`)
  throw new Error('unreachable')
}

tz.before(async () => {
  ZONE = await zoneAwayFromUtc()
  // Cookies are per host, not per port: start from none (no zone, no session of another suite).
  await (await browser()).clearCookies()
})
tz.after(async () => {
  // …and leave no trust_tz behind for the next suite's server on 127.0.0.1.
  await (await browser()).clearCookies()
})

tz('a signed-out visitor picks a zone in the header: the timeline changes at once, without a reload', async (ctx) => {
  const { page, errors } = await openStatus(ctx)
  const cdp = await page.context().newCDPSession(page)
  // The browser's zone comes first in the list, but the site's default stays UTC (docs/requirements/entities.md).
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Europe/Berlin' })
  await page.reload()
  await core(page).getByTestId('issue-bar').first().waitFor()
  await buttonShows(page, 'UTC')
  assert.is(await zoneButton(page).locator('span').first().textContent(), 'UTC')
  // The button opens a panel with the labelled select, focused.
  await zoneButton(page).click()
  const header = picker(page, 'header')
  await header.waitFor()
  assert.ok(await header.evaluate((el) => el === document.activeElement), 'the select has the focus')
  assert.is(await header.inputValue(), 'UTC')
  await eventually(
    () => header.locator('option').count(),
    (n) => n > 300,
    'the full zone list',
  )
  const labels = await header.locator('option').allTextContents()
  assert.equal(labels.slice(0, 2), ['Your browser: Europe/Berlin', 'UTC'])
  assert.ok(labels.includes(ZONE))
  assert.is(await page.getByTestId('timezone-picker-header').locator('label').textContent(), 'Time zone')
  await showsWeekIn(ctx, page, 'UTC')
  const utcHeaders = await headers(page)

  await page.evaluate(() => {
    ;(window as { noReload?: boolean }).noReload = true
  })
  await header.selectOption(ZONE)
  await buttonShows(page, ZONE)
  assert.is(await zoneButton(page).locator('span').first().textContent(), ZONE.split('/')[1].replace(/_/g, ' '))
  assert.equal(await axeViolations(page, '[data-testid="timezone-panel"]'), [])
  await page.screenshot({ path: join(screenshotDir, 'timezone-panel-1280.png') })
  await page.keyboard.press('Escape')
  await page.getByTestId('timezone-panel').waitFor({ state: 'detached' })
  assert.ok(await zoneButton(page).evaluate((el) => el === document.activeElement), 'Escape returns to the button')
  await showsWeekIn(ctx, page, ZONE)
  assert.ok(await page.evaluate(() => (window as { noReload?: boolean }).noReload), 'the page was not reloaded')
  assert.not.equal(await headers(page), utcHeaders, 'other days')
  assert.is(await picker(page, 'footer').inputValue(), ZONE, 'the footer picker shows the same zone')
  const cookie = (await page.context().cookies(ctx.server.url)).find((c) => c.name === 'trust_tz')
  assert.ok(cookie, 'the trust_tz cookie')
  assert.is(decodeURIComponent(cookie!.value), ZONE)
  assert.is(cookie!.sameSite, 'Lax')
  assert.ok(Math.abs(cookie!.expires * 1000 - (Date.now() + 365 * DAY_MS)) < 60_000, 'one year')
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' })
  await screenshot(page, 'timezone-cloud-status-1280')
  // The header bar and the footer up close (the full page shrinks them).
  await page.locator('header').screenshot({ path: join(screenshotDir, 'timezone-header-1280.png') })
  await page.locator('footer').screenshot({ path: join(screenshotDir, 'timezone-footer-1280.png') })
  assert.equal(await axeViolations(page, '[data-testid="timezone-button"]'), [])
  assert.equal(await axeViolations(page, '[data-testid="timezone-picker-footer"]'), [])
  assert.equal(errors, [])
})

tz('the choice survives a reload: timeline, incident list and calendar days, a post and the speedometer in the zone', async (ctx) => {
  const { page, errors } = await openStatus(ctx)
  await buttonShows(page, ZONE)
  await showsZone(picker(page, 'footer'), ZONE)
  await showsWeekIn(ctx, page, ZONE)

  // The incident list: its times and the calendar's days are the zone's.
  const incident = await incidentOnAnotherDay(ctx, ZONE)
  await page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  await page.getByTestId('record').first().waitFor()
  await page.getByTestId('calendar-day').first().waitFor()
  await buttonShows(page, ZONE)
  const first = (await apiData<RecordListData>(ctx, `/api/incident?cloud=auroraedge&page=1&tz=${encodeURIComponent(ZONE)}`)).records[0]
  await eventually(
    () => page.getByTestId('record').first().locator('dl').textContent(),
    (t) => !!t?.includes(stamp(first.fromTime, ZONE)),
    'the first incident’s start in the zone',
  )
  assert.match((await page.getByTestId('calendar-note').textContent())!, `(${ZONE})`)
  const [zoneCal, utcCal] = await Promise.all([
    apiData<CalendarData>(ctx, `/api/calendar?cloud=auroraedge&type=recent_incident&tz=${encodeURIComponent(ZONE)}`),
    apiData<CalendarData>(ctx, '/api/calendar?cloud=auroraedge&type=recent_incident&tz=UTC'),
  ])
  assert.not.equal(zoneCal.calendar, utcCal.calendar, 'the zone’s days differ from UTC’s')
  const month = dayIn(Date.now(), ZONE).slice(0, 7)
  const shownDays = await page
    .getByTestId('calendar-day')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-date')}:${el.getAttribute('data-status')}`))
  const zoneDays = Object.entries(zoneCal.calendar)
    .filter(([d]) => d.startsWith(month))
    .map(([d, v]) => `${d}:${v.status}`)
    .sort()
  assert.equal(shownDays.sort(), zoneDays, 'the calendar marks the zone’s days')
  // The incident near midnight is on another day in the zone than in UTC: pressing the zone's
  // day lists it, with its start on that day; UTC's list of that day does not have it.
  await page.locator(`[data-testid="calendar-day"][data-date="${incident.zoneDay}"]`).click()
  const row = page.locator(`[data-testid="record"][data-record-id="${incident.id}"]`)
  await row.waitFor()
  const times = (await row.locator('dl').textContent())!
  assert.ok(times.includes(stamp(incident.from_time, ZONE)), times)
  const utcThatDay = await apiData<RecordListData>(ctx, `/api/incident?cloud=auroraedge&page=1&date=${incident.zoneDay}&tz=UTC`)
  assert.not.ok(
    utcThatDay.records.some((r) => r.id === incident.id),
    `in UTC incident ${incident.id} is on ${incident.utcDay}, not ${incident.zoneDay}`,
  )
  await screenshot(page, 'timezone-incidents-1280')

  // The incident's post.
  await page.goto(`${ctx.server.url}/auroraedge.net/posts/${incident.id}`)
  const post = page.getByTestId('record').first()
  await post.waitFor()
  const postTimes = (await post.locator('dl').first().textContent())!
  assert.ok(postTimes.includes(stamp(incident.from_time, ZONE)), postTimes)
  assert.ok(postTimes.includes(stamp(incident.to_time, ZONE)), postTimes)
  assert.not.match(postTimes, / UTC/)

  // The home page's speedometer, a separate drop-in script sharing the page's store.
  await page.goto(`${ctx.server.url}/auroraedge.net`)
  const gauges = await apiData<SpeedometerData>(ctx, '/api/speedometer?cloud=auroraedge')
  const detail = page.locator('trust-speedometer').getByText('24 hours to').first()
  await detail.waitFor()
  assert.is(await detail.textContent(), `24 hours to ${stamp(gauges.gauges[0].to, ZONE)}`)
  assert.equal(withoutCspReports(errors), [])
})

tz('at 375 px the header’s menu shows the same zone; the footer too; axe finds nothing on the picker', async (ctx) => {
  const { page, errors } = await openStatus(ctx, 375)
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = picker(page, 'menu')
  await menu.waitFor()
  await showsZone(menu, ZONE)
  await showsZone(picker(page, 'footer'), ZONE)
  assert.not.ok(await zoneButton(page).isVisible(), 'the bar’s button folds into the menu')
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.is(sideways, 0, 'no sideways scroll')
  const box = (await menu.boundingBox())!
  assert.ok(box.height >= 24 && box.x >= 0 && box.x + box.width <= 375, `menu picker box ${JSON.stringify(box)}`)
  await screenshot(page, 'timezone-menu-375')
  // The open menu and the footer as a phone shows them (the full page is too long to read).
  await menu.scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(screenshotDir, 'timezone-menu-375-viewport.png') })
  await page.locator('footer').screenshot({ path: join(screenshotDir, 'timezone-footer-375.png') })
  assert.equal(await axeViolations(page, '[data-testid="timezone-picker-menu"]'), [])
  // A choice in the menu applies too.
  await menu.selectOption('America/Los_Angeles')
  await showsZone(picker(page, 'footer'), 'America/Los_Angeles')
  await menu.selectOption(ZONE)
  await showsZone(picker(page, 'footer'), ZONE)
  assert.equal(errors, [])
})

tz('a second visitor without the cookie sees UTC: the page is one answer for all (zone-neutral first paint)', async (ctx) => {
  // The origin's response cache serves the same HTML with or without the cookie; it names no zone but UTC.
  const path = '/auroraedge.net/cloud-status'
  const withCookie = await fetch(ctx.server.url + path, { headers: { cookie: `trust_tz=${encodeURIComponent(ZONE)}` } })
  const without = await fetch(ctx.server.url + path)
  const [a, b] = [await withCookie.text(), await without.text()]
  assert.is(a, b)
  assert.not.match(a, ZONE)
  assert.match(a, /data-testid="timezone-button"[^>]*>.*?UTC/)
  assert.match(a, /data-testid="timezone-picker-footer"/)
  assert.not.match(String(without.headers.get('vary')), /cookie/i)
  // In the browser: no cookie, UTC everywhere.
  await (await browser()).clearCookies()
  const { page, errors } = await openStatus(ctx)
  await buttonShows(page, 'UTC')
  await showsWeekIn(ctx, page, 'UTC')
  assert.is(await picker(page, 'footer').inputValue(), 'UTC')
  await screenshot(page, 'timezone-second-visitor-1280')
  assert.equal(errors, [])
})

tz('a bad cookie is ignored: UTC, no error', async (ctx) => {
  await (await browser()).addCookies([{ name: 'trust_tz', value: 'Mars%2FOlympus', url: ctx.server.url }])
  const { page, errors } = await openStatus(ctx)
  await settled(page)
  await buttonShows(page, 'UTC')
  assert.is(await picker(page, 'footer').inputValue(), 'UTC')
  await showsWeekIn(ctx, page, 'UTC')
  assert.equal(errors, [])
  await (await browser()).clearCookies()
})

tz(
  'signed in: a picker choice is saved to the account; a browser without a choice shows the saved zone; a choice wins over it',
  async (ctx) => {
    await addAccount(ctx, 'zone@customer.example', 'Zone12345', [])
    const uid = queryDb<{ uid: number }>(ctx, "select uid from users where mail = 'zone@customer.example'")[0].uid
    const { page, errors } = await signInTo(ctx, 'zone@customer.example', 'Zone12345', '/auroraedge.net/cloud-status')
    await buttonShows(page, 'UTC')
    await picker(page, 'footer').selectOption('Asia/Tokyo')
    await buttonShows(page, 'Asia/Tokyo')
    await eventually(
      async () => queryDb<{ timezone: string }>(ctx, 'select timezone from users where uid = ?', uid)[0].timezone,
      (z) => z === 'Asia/Tokyo',
      'the account’s zone saved',
    )
    await page.goto(`${ctx.server.url}/user/${uid}/edit`)
    await page.getByTestId('settings').waitFor()
    assert.is(await page.locator('#settings-timezone').inputValue(), 'Asia/Tokyo')
    // Another browser of the same user (no cookie) shows the saved zone.
    await (await browser()).clearCookies()
    const other = await signInTo(ctx, 'zone@customer.example', 'Zone12345', '/auroraedge.net/cloud-status')
    await buttonShows(other.page, 'Asia/Tokyo')
    assert.is(
      (await other.page.context().cookies(ctx.server.url)).find((c) => c.name === 'trust_tz'),
      undefined,
      'no choice made here',
    )
    // This browser's own choice (the cookie) wins over the account's zone.
    await (await browser()).addCookies([{ name: 'trust_tz', value: encodeURIComponent('America/Los_Angeles'), url: ctx.server.url }])
    await other.page.reload()
    await buttonShows(other.page, 'America/Los_Angeles')
    await core(other.page).getByTestId('issue-bar').first().waitFor()
    await showsWeekIn(ctx, other.page, 'America/Los_Angeles')
    assert.equal([...errors, ...other.errors], [])
  },
)

tz.run()
