/**
 * The admin console in every language (docs/languages-and-themes.md, "no English left"): a production server on an
 * empty database with the operator's own catalogue (`npm run catalog -- import`), a record of each
 * severity, a maintenance and an advisory; the operator signs in and walks the console's screens in
 * each non-English locale. None may show an English text of the catalogues (the console's, the
 * widgets', the shell's and the severities', statuses' and event types' names of `core.terms`), an
 * English date or the server's English error words, in text, `aria-label`s, placeholders or
 * titles; the desk's Severity column names each severity in the locale's words. axe in `ar` and `de`,
 * light and dark; screenshots `console-locale-{code}-desk-{width}.png` at 1280 and 375 px.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { LOCALES, type Locale, textDirection } from '../../contract/locale'
import { englishLeftovers, leftovers } from './catalogue-text'
import { apiSignIn, axeViolations, browser, newPage, root, screenshot, settled, signInTo, type SiteContext, siteSuite } from './harness'

const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const CLOUD = 'nimbusone'

const consoleLocales = siteSuite('console: every screen in every language, no English left', {
  mode: 'production',
  accounts: { publicUrl: 'https://status.nimbus.test', admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: null },
})

/** The severities of the operator's site, as the console's API lists them (English default names). */
let severities: { tid: number; name: string }[] = []
/** The advisory's desk screen (its event type, severity, update history and events). */
let advisoryPath = ''

consoleLocales.before(async (ctx) => {
  // uvu reports a failed hook with no message: say what failed.
  await seed(ctx).catch((error) => {
    console.error('console-locales: the seed failed:', error)
    throw error
  })
})

/** The operator's own catalogue, a record of each severity, a maintenance and an advisory. */
async function seed(ctx: SiteContext): Promise<void> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'test/fixtures/own-catalog.json'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL: 'https://status.nimbus.test' },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
  // Signed in without a browser, the second factor set up on the way (the harness keeps its codes).
  const headers = await apiSignIn(ctx, OPERATOR.name, OPERATOR.password)
  const send = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await ctx.server.app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`)
    return JSON.parse(res.body).data
  }
  severities = (await send('GET', '/api/admin/catalog')).catalog.severities
  assert.ok(severities.length >= 2, 'the migration’s severities')
  const hour = 3_600_000
  // Titles without English words: they are the operator's data, whatever the console's language.
  for (const [i, s] of severities.entries()) {
    await send('POST', '/api/admin/records', {
      type: 'incident',
      title: `Relay ${i + 1}.0`,
      summary: `${i + 1}.0 → ${i + 1}.1`,
      status: 'In Progress',
      severity: s.tid,
      clouds: [CLOUD],
      terms: [],
      from: new Date(Date.now() - (i + 1) * hour).toISOString(),
      notify: false,
    })
  }
  await send('POST', '/api/admin/records', {
    type: 'maintenance',
    title: 'Relay 9.0',
    summary: '9.0 → 9.1',
    status: 'Scheduled',
    severity: severities[1].tid,
    clouds: [CLOUD],
    terms: [],
    from: new Date(Date.now() + 24 * hour).toISOString(),
    to: new Date(Date.now() + 26 * hour).toISOString(),
    notify: false,
  })
  const advisory = await send('POST', '/api/admin/records', {
    type: 'advisory',
    title: 'CVE-2026-0001',
    summary: 'CVE-2026-0001',
    status: 'Monitoring',
    event_type: 'Under Investigation',
    severity: severities[0].tid,
    clouds: [CLOUD],
    terms: [],
    from: new Date(Date.now() - 3 * hour).toISOString(),
    notify: false,
  })
  await send('POST', `/api/admin/records/${advisory.id}/resolve`, { update: 'CVE-2026-0001 → 2.0', notify: false })
  advisoryPath = `/admin/desk/${advisory.id}`
}
consoleLocales.after(async () => {
  await (await browser()).clearCookies()
})

/** The console's screens, each with what shows its content has loaded (no English selectors). */
const SCREENS: {
  name: string
  path: string
  ready: (page: Page) => Promise<unknown>
  /** What the operator then does whose answer (a toast, a message) is checked too. */
  act?: (page: Page) => Promise<unknown>
}[] = [
  { name: 'dashboard', path: '/admin/dashboard', ready: (p) => p.getByTestId('setup-steps').waitFor() },
  {
    name: 'desk',
    path: '/admin/desk',
    ready: (p) => p.getByTestId('desk-all').getByTestId('desk-row').nth(3).waitFor(),
  },
  {
    name: 'desk-record',
    get path() {
      return advisoryPath
    },
    ready: (p) => p.getByTestId('desk-facts').waitFor(),
  },
  { name: 'desk-new', path: '/admin/desk/new?type=incident', ready: (p) => p.locator('main form select').first().waitFor() },
  { name: 'templates', path: '/admin/desk/templates', ready: (p) => p.locator('main h1').waitFor() },
  { name: 'catalog-settings', path: '/admin/catalog/settings', ready: (p) => p.locator('main form input').first().waitFor() },
  { name: 'catalog-clouds', path: '/admin/catalog/clouds', ready: (p) => p.locator('main li').first().waitFor() },
  { name: 'catalog-data-centers', path: '/admin/catalog/data-centers', ready: (p) => p.locator('main li').first().waitFor() },
  { name: 'catalog-main-menu', path: '/admin/catalog/main-menu', ready: (p) => p.locator('main li').first().waitFor() },
  { name: 'catalog-severities', path: '/admin/catalog/severities', ready: (p) => p.locator('main li').first().waitFor() },
  { name: 'audit', path: '/admin/audit', ready: (p) => p.locator('main table tbody tr').first().waitFor() },
  {
    name: 'faq',
    path: '/admin/content/faq',
    ready: (p) => p.getByTestId('admin-faq').locator('form, textarea').first().waitFor(),
    // Saving shows the save's message (or the refusal) in the locale.
    act: async (p) => {
      await p.getByTestId('admin-faq').locator('button[type="submit"]').last().click()
      await p.getByTestId('save-status').or(p.getByTestId('admin-faq').getByRole('alert')).first().waitFor()
    },
  },
  {
    name: 'compliance',
    path: '/admin/content/compliance',
    ready: (p) => p.getByTestId('admin-compliance').locator('form, textarea').first().waitFor(),
  },
  { name: 'staff', path: '/admin/staff', ready: (p) => p.locator('main table tbody tr').first().waitFor() },
  { name: 'subscribers', path: '/admin/subscribers', ready: (p) => p.locator('main h1').waitFor() },
  { name: 'third-party', path: '/admin/third-party', ready: (p) => p.locator('main h1').waitFor() },
]

/**
 * What no locale but English shows: an English month or weekday name next to a number, or a time
 * with AM/PM (the console's dates follow the locale, contract/time.ts).
 */
const ENGLISH_DATES = [
  String.raw`\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December) \d`,
  String.raw`\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),`,
  String.raw`\d (AM|PM)\b`,
]

/** The records the desk lists, one desk row each (the open list and the list of all). */
function deskRow(page: Page, title: string) {
  return page
    .getByTestId('desk-all')
    .getByTestId('desk-row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) })
}

/** Opens `path` of the console in `locale` in a new tab `width` px wide. */
async function openIn(ctx: SiteContext, path: string, locale: Locale, width = 1280) {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  await tp.page.goto(`${ctx.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${locale}`)
  return tp
}

consoleLocales('the operator signs in', async (ctx) => {
  const { page } = await signInTo(ctx, OPERATOR.name, OPERATOR.password, '/admin/dashboard')
  await page.getByTestId('admin-dashboard').waitFor()
  await page.close()
})

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  consoleLocales(`${locale}: every console screen without English`, async (ctx) => {
    const patterns = [...(await englishLeftovers(locale, ['widgets', 'shell', 'contract'])), ...ENGLISH_DATES]
    assert.ok(patterns.length > 300, 'the catalogues were read')
    const terms = JSON.parse(readFileSync(join(root, 'contract/locales', `${locale}.json`), 'utf8'))['core.terms'] as Record<string, string>
    const problems: string[] = []
    for (const screen of SCREENS) {
      const { page, errors } = await openIn(ctx, screen.path, locale)
      await screen.ready(page).catch((error) => {
        throw new Error(`${locale} ${screen.name}: ${error}`)
      })
      await settled(page)
      const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])
      assert.equal(html, [locale, textDirection(locale)], `${screen.name}: <html lang dir>`)
      for (const text of await leftovers(page, patterns, ['aria-label', 'placeholder', 'title']))
        problems.push(`${screen.name}: English text "${text}"`)
      if (screen.act) {
        await screen.act(page)
        for (const text of await leftovers(page, patterns, ['aria-label', 'placeholder', 'title']))
          problems.push(`${screen.name} after its action: English text "${text}"`)
      }
      if (screen.name === 'dashboard') {
        // The console's navigation holds every screen's name inside its column (long German compounds).
        const wide = await page
          .locator('nav:has(a[href="/admin/desk"]) a')
          .evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent))
        for (const name of wide) problems.push(`navigation: "${name}" runs past its column`)
      }
      if (screen.name === 'desk') {
        // Each severity in the locale's words, from the same catalogue as the public pages.
        for (const [i, s] of severities.entries()) {
          const cell = (
            await deskRow(page, `Relay ${i + 1}.0`)
              .locator('td')
              .nth(3)
              .textContent()
          )?.trim()
          const key = { 'Service Disruption': 'serviceDisruption', 'Service Degradation': 'serviceDegradation' }[s.name]
          if (key) assert.is(cell, terms[key], `${s.name} in ${locale}`)
          else assert.is(cell, s.name, 'an operator’s own severity as it is')
        }
      }
      if (errors.length) problems.push(`${screen.name}: ${errors.join('; ')}`)
      await page.close()
    }
    assert.equal(problems, [], problems.slice(0, 40).join('\n'))
  })
}

for (const locale of ['ar', 'de'] as const) {
  consoleLocales(`${locale}: axe on the console in light and dark; the desk at 1280 and 375 px`, async (ctx) => {
    const problems: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      for (const screen of SCREENS) {
        const { page } = await openIn(ctx, screen.path, locale)
        await page.emulateMedia({ colorScheme: scheme })
        await screen.ready(page)
        await settled(page)
        for (const v of await axeViolations(page)) problems.push(`${screen.name} ${scheme}: ${v}`)
        await page.close()
      }
    }
    for (const width of [1280, 375]) {
      const { page } = await openIn(ctx, '/admin/desk', locale, width)
      await SCREENS[1].ready(page)
      await settled(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      if (overflow > 0) problems.push(`desk ${width}px: scrolls ${overflow} px sideways`)
      await screenshot(page, `console-locale-${locale}-desk-${width}`)
      await page.close()
    }
    assert.equal(problems, [], problems.slice(0, 40).join('\n'))
  })
}

consoleLocales.run()
