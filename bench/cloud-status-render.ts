/**
 * Render cost of `<trust-cloud-status>` in Chromium (issue budget: ≤ 50 ms script, no long task):
 * the drop-in renders one data-center week of 150 locations with 500 issues spread over 7 days.
 * The page and the status answers are synthetic (served through request interception on the
 * site's origin); the script and `/api/global` come from the real server.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../test/e2e/chromium'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WEEK_MINUTES } from '../contract/constants'
import type { CloudStatusData, StatusIssue, StatusItem } from '../contract/status'

/** A week of `locations` data centers in `regions` regions with `issues` issues, deterministic. */
export function syntheticWeek(locations: number, issues: number, regions = 5): CloudStatusData {
  const start = Date.UTC(2026, 10, 16)
  const perRegion = Math.ceil(locations / regions)
  let seed = 7
  const rand = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  const items: StatusItem[] = Array.from({ length: locations }, (_, i) => ({
    tid: 2001 + i,
    name: `Location ${String(i + 1).padStart(3, '0')}`,
    status: i % 37 !== 5,
    subscribed: '0',
    startDate: '2020-01-01T00:00:00.000Z',
    endDate: i % 37 !== 5 ? '' : '2026-11-18T00:00:00.000Z',
    info: `<strong>Location ${i + 1}</strong>`,
    category_status: [],
    issues: [],
    uptime_30d: 99.87,
    uptime_90d: 99.95,
  }))
  for (let n = 0; n < issues; n++) {
    const item = items[Math.floor(rand() * locations)]
    const from = Math.floor(rand() * (WEEK_MINUTES - 60))
    const to = Math.min(WEEK_MINUTES, from + 15 + Math.floor(rand() * 600))
    const severityTid = ['20', '19', '18'][n % 3]
    const issue: StatusIssue = {
      id: 100000 + n,
      title: `Issue ${n + 1} at ${item.name}`,
      alias: `/incidents/${100000 + n}`,
      short_description: 'Elevated latency for some users.',
      description: '<p>Some users saw elevated latency.</p>',
      from,
      to,
      severityTid,
      status: n % 11 === 0 ? 'In Progress' : 'Resolved',
      type: n % 4 === 0 ? 'maintenance' : 'incident',
      startTime: new Date(start + from * 60_000).toISOString(),
      endTime: n % 11 === 0 ? null : new Date(start + to * 60_000).toISOString(),
    }
    item.issues.push(issue)
  }
  for (const item of items) {
    item.issues.sort((a, b) => a.from - b.from)
    const counts = new Map<string, number>()
    for (const issue of item.issues) counts.set(issue.severityTid, (counts.get(issue.severityTid) ?? 0) + 1)
    item.category_status = [...counts].map(([severityTid, count]) => ({ severityTid, count }))
  }
  return {
    category: Array.from({ length: regions }, (_, r) => ({
      tid: 1001 + r,
      title: `Region ${r + 1}`,
      subCategory: items.slice(r * perRegion, (r + 1) * perRegion),
    })),
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + WEEK_MINUTES * 60_000).toISOString(),
    current_time: 9000,
    page_number: 0,
    severity: [
      { tid: '20', name: 'Service Disruption', color_code: '#c62828', icon: 'ban', status_icon: 'ban', show_legend: true },
      { tid: '19', name: 'Service Degradation', color_code: '#b45309', icon: 'minus', status_icon: 'minus', show_legend: true },
      { tid: '18', name: 'Informational', color_code: '#1565c0', icon: 'info', status_icon: 'info', show_legend: true },
    ],
  }
}

/** Result of one measured render. */
export interface RenderFigures {
  /** Main-thread script time from inserting the element to the last bar rendered, ms. */
  scriptMs: number
  /** Main-thread task time in the same span, ms. */
  taskMs: number
  /** Long tasks (> 50 ms) observed in that span. */
  longTasks: number[]
  /** Wall-clock time from inserting the element to the first data-center row on screen, ms. */
  firstRowsMs: number
  /** Wall-clock time from inserting the element to the last bar rendered, ms. */
  allBarsMs: number
  bars: number
}

/**
 * Opens the drop-in on `siteUrl`'s origin and measures one render of a data-center week of
 * `locations` locations with `issues` issues (150 × 500 by default) beside the core services'
 * 8 with 12.
 * @param siteUrl origin of a running trust site with a build (`/widgets/cloud-status.js`)
 */
export async function measureCloudStatusRender(siteUrl: string, locations = 150, issues = 500): Promise<RenderFigures> {
  const profile = mkdtempSync(join(tmpdir(), 'trust-bench-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 1280, height: 900 },
  })
  try {
    const page = await context.newPage()
    const big = JSON.stringify({ data: syntheticWeek(locations, issues) })
    const small = JSON.stringify({
      data: {
        ...syntheticWeek(8, 12, 1),
        category: [{ ...syntheticWeek(8, 12, 1).category[0], tid: 'core_cloud_services', title: 'Core Cloud Services' }],
      },
    })
    await page.route(`${siteUrl}/__bench__`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>bench</title><script src="/widgets/cloud-status.js"></script></head><body><main id="main"></main></body></html>`,
      }),
    )
    await page.route(`${siteUrl}/api/cloud-status*`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: new URL(route.request().url()).searchParams.get('requestType') === 'public' ? big : small,
      }),
    )
    // tsx keeps function names with a `__name` helper that functions sent to the page call.
    await page.addInitScript('globalThis.__name = (f) => f')
    await page.goto(`${siteUrl}/__bench__`)
    await page.evaluate(() => customElements.whenDefined('trust-cloud-status'))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const metric = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
      return { script: get('ScriptDuration') * 1000, task: get('TaskDuration') * 1000 }
    }
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[] }
      w.__long = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push(e.duration)
      }).observe({ type: 'longtask' })
    })
    const before = await metric()
    await page.evaluate((expected) => {
      const w = window as unknown as { __first: number; __all: number }
      const el = document.createElement('trust-cloud-status')
      el.setAttribute('cloud', 'auroraedgethree')
      const start = performance.now()
      // Frame by frame: when the first data-center row and when the last bar are on screen.
      const watch = () => {
        const root = el.shadowRoot
        if (!w.__first && root?.querySelector('[data-testid="status-block-datacenter"] [data-testid="status-row"]'))
          w.__first = performance.now() - start
        if ((root?.querySelectorAll('[data-issue-id]').length ?? 0) >= expected) w.__all = performance.now() - start
        else requestAnimationFrame(watch)
      }
      requestAnimationFrame(watch)
      document.getElementById('main')!.append(el)
    }, issues + 12)
    await page.waitForFunction(
      (expected) => (document.querySelector('trust-cloud-status')?.shadowRoot?.querySelectorAll('[data-issue-id]').length ?? 0) >= expected,
      issues + 12, // the data-center week plus the core services' 12
      { polling: 100, timeout: 30_000 },
    )
    const after = await metric()
    const bars = await page.evaluate(
      () => document.querySelector('trust-cloud-status')!.shadowRoot!.querySelectorAll('[data-issue-id]').length,
    )
    await page.waitForFunction(() => (window as unknown as { __all?: number }).__all !== undefined, null, { polling: 50 })
    const { longTasks, firstRowsMs, allBarsMs } = await page.evaluate(() => {
      const w = window as unknown as { __long: number[]; __first: number; __all: number }
      return { longTasks: w.__long, firstRowsMs: w.__first, allBarsMs: w.__all }
    })
    return { scriptMs: after.script - before.script, taskMs: after.task - before.task, longTasks, firstRowsMs, allBarsMs, bars }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
