/**
 * Lighthouse 12.8 figures of the site's five main pages (issue "front-end speed"): the mobile
 * preset (Moto G Power emulation, simulated slow 4G and 4× CPU throttling) in Debian's Chromium,
 * against the real server on a throw-away demo database. Figures only, never assertions.
 *
 * Run alone: `node --import tsx bench/lighthouse.ts` (needs `npm run build`); `npm run bench`
 * runs it after the other figures. Each page is measured `LIGHTHOUSE_RUNS` times (default 5); each
 * figure printed is the median of the runs, performance and TBT with their spread (lowest–highest),
 * and the machine's load average (1 minute) is printed before and after. `LIGHTHOUSE_SAVE=dir`
 * keeps the reports. Budgets and what was measured: docs/benchmarks.md#lighthouse.
 */
import lighthouse from 'lighthouse'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../test/e2e/chromium'
import { buildApp } from '../server/app'
import { type LighthouseFigures, lighthouseRow, overBudget } from './lighthouse-figures'

export { LIGHTHOUSE_BUDGET, type LighthouseFigures } from './lighthouse-figures'

/** The five pages of the issue, as paths of the demo catalogue. */
export const LIGHTHOUSE_PAGES: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'home', path: '/auroraedge.net' },
  { name: 'cloud status', path: '/auroraedge.net/cloud-status' },
  { name: 'incidents', path: '/auroraedge.net/incidents' },
  { name: 'data center map', path: '/auroraedge.net/data-center-map' },
  { name: 'sign-in', path: '/sign-in' },
]

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/**
 * Runs Lighthouse on `url` in a browser listening for DevTools on `port`.
 * @throws when Lighthouse returns no result or reports a runtime error (page did not load).
 */
export async function measurePage(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  // LIGHTHOUSE_SAVE=dir keeps each report's JSON (open it in the Lighthouse viewer to see why).
  if (process.env.LIGHTHOUSE_SAVE) {
    mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true })
    const name = new URL(url).pathname.replace(/[^\w.-]+/g, '_') || 'root'
    writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${name}.json`), JSON.stringify(lhr))
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const failed = Object.values(lhr.categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id))
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failed,
  }
}

const load = () => loadavg()[0].toFixed(2)

/**
 * Measures every page of {@link LIGHTHOUSE_PAGES} on a server serving `site` and prints a table.
 * @param site the built site folder (dist/site)
 * @returns what exceeds {@link LIGHTHOUSE_BUDGET}, in words (empty when every page is within it)
 */
export async function runLighthouse(site: string, runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5)): Promise<string[]> {
  const over: string[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'trust-lighthouse-'))
  const profile = mkdtempSync(join(tmpdir(), 'trust-lighthouse-profile-'))
  const app = await buildApp({ dataDir, staticDir: site, ssrDir: join(site, '..', 'ssr'), logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const port = await freePort()
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  })
  try {
    console.log(`\nLighthouse ${lighthouseVersion()} (mobile preset, simulated throttling), median of ${runs} runs (lowest–highest)`)
    console.log(`load average (1 min) before: ${load()}`)
    console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |')
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    for (const page of LIGHTHOUSE_PAGES) {
      const all: LighthouseFigures[] = []
      for (let i = 0; i < runs; i++) all.push(await measurePage(`${base}${page.path}`, port))
      console.log(lighthouseRow(page.name, all))
      over.push(...overBudget(page.name, all))
      const failed = [...new Set(all.flatMap((f) => f.failed))]
      if (failed.length) console.log(`|   ↳ failed audits: ${failed.join(', ')} | | | | | | | | |`)
    }
    console.log(`load average (1 min) after: ${load()}`)
    return over
  } finally {
    await browser.close()
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(profile, { recursive: true, force: true })
  }
}

function lighthouseVersion(): string {
  return createRequire(import.meta.url)('lighthouse/package.json').version
}

// `--check` (`npm run bench:lighthouse`): exits 1 when a page's medians exceed the budget.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const over = await runLighthouse(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist/site'))
  if (over.length) {
    console.log(`\nOver the phone budget:\n${over.map((line) => `- ${line}`).join('\n')}`)
    if (process.argv.includes('--check')) process.exitCode = 1
  } else console.log('\nEvery page is within the phone budget (TBT ≤ 100 ms, performance ≥ 95, medians).')
}
