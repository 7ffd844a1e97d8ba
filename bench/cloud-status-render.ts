/**
 * Render cost of `<trust-cloud-status>` in Chromium (issue budget: ≤ 50 ms script, no long task):
 * the drop-in renders one data-center week of 150 locations with 500 issues spread over 7 days.
 * The page and the status answers are synthetic (served through request interception on the
 * site's origin) with the headers the origin sends an anonymous visitor (`Cache-Control` of
 * `/api/cloud-status`, `Last-Modified`), so the drop-in judges and keeps them as it does the
 * real ones; the script and `/api/global` come from the real server.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../test/e2e/chromium'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WEEK_MINUTES } from '../contract/constants'
import { cacheControlOf, DEFAULT_PUBLIC_CACHE_SECONDS, PUBLIC_NOW_PER_VIEWER } from '../server/http/public-api'
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
    uptime_since: null,
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
  /** Wall-clock time from inserting the element to the first data-center row on screen (the frame after it is in the document), ms. */
  firstRowsMs: number
  /** Wall-clock time from inserting the element to the last bar rendered, ms. */
  allBarsMs: number
  bars: number
  /**
   * Main-thread CPU time of the same script, ms, from a trace of the render (the thread time of
   * its script tasks: what the script costs, without the time the thread waited for a core while
   * the browser's other processes and the harness ran). Only with `trace`.
   */
  scriptCpuMs?: number
  /** The CPU time of each task of the trace's window over 50 ms wall, ms. Only with `trace`. */
  longTasksCpu?: number[]
  /**
   * The CPU time of the window's costliest main-thread task, ms: a slice's script or the frame
   * that styles, lays out and paints it, whichever costs more. Only with `trace`.
   */
  longestTaskCpuMs?: number
  /**
   * Main-thread CPU time of every task in the window, ms: the script and the frames that style,
   * lay out and paint what it built. Only with `trace`.
   */
  tasksCpuMs?: number
}

/** The trace events that run script on the main thread (their outermost ones count). */
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'v8.callFunction',
  'v8.run',
  'MinorGC',
  'MajorGC',
])

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
}

/**
 * Opens the drop-in on `siteUrl`'s origin and measures one render of a data-center week of
 * `locations` locations with `issues` issues (150 × 500 by default) beside the core services'
 * 8 with 12.
 * @param siteUrl origin of a running trust site with a build (`/widgets/cloud-status.js`)
 * @param options.trace also trace the render for the script's CPU time (`scriptCpuMs`,
 *   `longTasksCpu`); tracing slows the wall-clock figures of that run
 */
export async function measureCloudStatusRender(
  siteUrl: string,
  locations = 150,
  issues = 500,
  { trace = false }: { trace?: boolean } = {},
): Promise<RenderFigures> {
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
        headers: {
          'content-type': 'application/json',
          'cache-control': cacheControlOf(PUBLIC_NOW_PER_VIEWER.publicApi, DEFAULT_PUBLIC_CACHE_SECONDS),
          'last-modified': new Date().toUTCString(),
        },
        body: new URL(route.request().url()).searchParams.get('requestType') === 'public' ? big : small,
      }),
    )
    // tsx keeps function names with a `__name` helper that functions sent to the page call.
    await page.addInitScript('globalThis.__name = (f) => f')
    await page.goto(`${siteUrl}/__bench__`)
    // The window measured is the render: both scripts (the drop-in and the status badge it loads
    // beside itself) have loaded and run before it opens.
    await page.evaluate(() =>
      Promise.all([customElements.whenDefined('trust-cloud-status'), customElements.whenDefined('trust-status-badge')]),
    )
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
    const events: TraceEvent[] = []
    if (trace) {
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        // The devtools panel's categories: the disabled-by-default one has the tasks (`RunTask`).
        traceConfig: {
          includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'v8'],
        },
      })
    }
    const before = await metric()
    await page.evaluate(() => performance.mark('trust-bench-start'))
    // The harness adds no script of its own while the widget renders: no polling, only a
    // mutation observer whose callback runs once per render the widget commits, and one frame
    // after the last bar to note when it is on screen.
    const { firstRowsMs, allBarsMs, bars } = await page.evaluate(
      (expected) =>
        new Promise<{ firstRowsMs: number; allBarsMs: number; bars: number }>((resolve, reject) => {
          const el = document.createElement('trust-cloud-status')
          el.setAttribute('cloud', 'auroraedgethree')
          const start = performance.now()
          let firstRowsMs = 0
          document.getElementById('main')!.append(el)
          const root = el.shadowRoot!
          const observer = new MutationObserver(() => {
            if (!firstRowsMs && root.querySelector('[data-testid="status-block-datacenter"] [data-testid="status-row"]'))
              requestAnimationFrame(() => {
                firstRowsMs = performance.now() - start
              })
            const bars = root.querySelectorAll('[data-issue-id]').length
            if (bars < expected) return
            observer.disconnect()
            clearTimeout(timer)
            requestAnimationFrame(() => {
              performance.mark('trust-bench-end')
              resolve({ firstRowsMs, allBarsMs: performance.now() - start, bars })
            })
          })
          observer.observe(root, { childList: true, subtree: true })
          const timer = setTimeout(() => {
            observer.disconnect()
            reject(new Error(`the widget rendered ${root.querySelectorAll('[data-issue-id]').length} of ${expected} bars in 30 s`))
          }, 30_000)
        }),
      issues + 12, // the data-center week plus the core services' 12
    )
    const after = await metric()
    const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long)
    const figures: RenderFigures = {
      scriptMs: after.script - before.script,
      taskMs: after.task - before.task,
      longTasks,
      firstRowsMs,
      allBarsMs,
      bars,
    }
    if (!trace) return figures
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await complete
    // The page's main thread is the one that marked the start; the window ends with the last bar's frame.
    const start = events.find((e) => e.name === 'trust-bench-start')
    const end = events.find((e) => e.name === 'trust-bench-end')
    if (!start || !end) throw new Error('the trace has no start or end mark')
    const main = events
      .filter((e) => e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts <= end.ts)
      .sort((a, b) => a.ts - b.ts)
    let cpu = 0
    let until = 0
    for (const e of main) {
      if (!SCRIPT_EVENTS.has(e.name) || e.ts < until) continue
      cpu += e.tdur ?? e.dur ?? 0
      until = e.ts + (e.dur ?? 0)
    }
    const tasks = main.filter((e) => e.name === 'RunTask')
    const long = tasks.filter((e) => (e.dur ?? 0) > 50_000)
    return {
      ...figures,
      scriptCpuMs: cpu / 1000,
      longTasksCpu: long.map((e) => (e.tdur ?? e.dur ?? 0) / 1000),
      longestTaskCpuMs: Math.max(0, ...tasks.map((e) => e.tdur ?? e.dur ?? 0)) / 1000,
      tasksCpuMs: tasks.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000,
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
