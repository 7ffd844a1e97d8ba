/**
 * A customer's console (docs/operating/console-tokens.md): a production server from an empty
 * database with the operator's own catalogue (test/fixtures/own-catalog.json) plus two data
 * centers private to the customer group `acme`, the console token settings (issuer, the PEM key
 * of a key pair made here), and one incident on the two private data centers published through the
 * desk's route. `examples/tenant-console.html`, on the examples server's own origin, embeds
 * `<trust-cloud-status>` whose `token-provider` asks the examples server's `/console-token` (the
 * console's back end) for a token minted here:
 * - `acme`'s token: its two private data centers and their incident beside the public one;
 * - `globex`'s token, and no token: neither;
 * - an expired token, one signed by another key, one for another audience: the public answer, and
 *   the reason in the browser console's log (`console.warn`), never in the page.
 * axe on the tenant's view; screenshots `tenant-console-{en,ar}-{1280,375}.png` and, without a
 * token, `tenant-console-public-en-1280.png`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ConsoleMessage, Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import type { Catalog } from '../../contract/catalog'
import { DEFAULT_SEVERITY_TID } from '../../contract/reference-data'
import { type ExamplesServer, startExamplesServer } from '../../examples/serve'
import { runCommand } from '../server/helpers'
import { CONSOLE_ISSUER, type ConsoleKey, consoleKey } from './console-token'
import { apiSignIn, axeViolations, browser, loaded, newPage, queryDb, root, type SiteContext, screenshot, siteSuite } from './harness'

const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const PUBLIC_URL = 'https://status.nimbus.test'
/** The cloud of the own catalogue and its public data center. */
const CLOUD = 'nimbusone'
const PUBLIC_DC = 'Frankfurt I'
/** The data centers private to `acme`. */
const PRIVATE_DCS = ['Acme Dedicated Paris', 'Acme Dedicated Milan'] as const
const INCIDENT = 'Acme dedicated nodes drop connections'

/** The token the console's back end hands out now (`/console-token`); none: 204. */
let currentToken: () => Promise<string | undefined> = async () => undefined
let examples: ExamplesServer
let key: ConsoleKey
/** The id of the incident on the private data centers (the issue bars carry it). */
let incidentId = ''

const tenant = siteSuite("a customer's console: private data centers behind a console token", {
  mode: 'production',
  accounts: { publicUrl: PUBLIC_URL, admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: null },
})

/** The own catalogue with the two private data centers and the console token settings. */
function tenantCatalog(publicPem: string): Catalog {
  const catalog = JSON.parse(readFileSync(join(root, 'test/fixtures/own-catalog.json'), 'utf8')) as Catalog
  const [frankfurt] = catalog.data_centers
  const cities: Record<(typeof PRIVATE_DCS)[number], [string, string, number, number]> = {
    'Acme Dedicated Paris': ['Paris', 'FR', 48.8566, 2.3522],
    'Acme Dedicated Milan': ['Milan', 'IT', 45.4642, 9.19],
  }
  for (const name of PRIVATE_DCS) {
    const [city, country, latitude, longitude] = cities[name]
    catalog.data_centers.push({
      ...frankfurt,
      name,
      city,
      country,
      latitude,
      longitude,
      clouds: frankfurt.clouds.map((link) => ({ ...link, private_to: ['acme'] })),
    })
  }
  catalog.settings = { ...catalog.settings, console_token_issuer: CONSOLE_ISSUER, console_token_public_key: publicPem }
  return catalog
}

tenant.before(async (ctx) => {
  key = await consoleKey()
  const file = join(ctx.server.dataDir, 'tenant-catalog.json')
  writeFileSync(file, JSON.stringify(tenantCatalog(key.publicPem)))
  const run = runCommand({ dataDir: ctx.server.dataDir }, PUBLIC_URL, 'scripts/catalog.ts', ['import', file])
  assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
  // The incident on the two private data centers, published through the desk's route.
  const tids = PRIVATE_DCS.map((name) => queryDb<{ tid: number }>(ctx, 'SELECT tid FROM data_centers WHERE name = ?', name)[0].tid)
  const incident = {
    type: 'incident',
    title: INCIDENT,
    status: 'In Progress',
    severity: DEFAULT_SEVERITY_TID,
    clouds: [CLOUD],
    terms: tids,
    from: new Date(ctx.server.now().getTime() - 3_600_000).toISOString(),
    to: null,
    summary: 'Connections through the dedicated nodes drop.',
    body: 'We are investigating.',
    body_format: 'markdown',
    notify: false,
  }
  const session = await apiSignIn(ctx, OPERATOR.name, OPERATOR.password)
  const res = await ctx.server.app.inject({ method: 'POST', url: '/api/admin/records', headers: session, payload: incident })
  assert.is(res.statusCode, 201, res.body)
  incidentId = String((JSON.parse(res.body) as { data: { id: number } }).data.id)
  examples = await startExamplesServer({ siteOrigin: ctx.server.url, consoleToken: () => currentToken() })
  await (await browser()).clearCookies()
})

tenant.after(async () => {
  await examples?.close()
  await (await browser()).clearCookies()
})

/** What the console page shows: the data-center rows' names, the issue bars (label, record id) and the warnings logged. */
interface View {
  page: Page
  errors: string[]
  warnings: string[]
  rows: string[]
  bars: Array<{ label: string; id: string }>
  text: string
}

/** Opens the console page with `token` as what its back end hands out, at `width`, in `lang`; waits for the timeline. */
async function openConsole(ctx: SiteContext, token: () => Promise<string | undefined>, width = 1280, lang = 'en'): Promise<View> {
  currentToken = token
  const tp = await newPage(ctx.server, width, [examples.url])
  ctx.pages.push(tp)
  const warnings: string[] = []
  tp.page.on('console', (msg: ConsoleMessage) => {
    // The widgets' own warnings (a browser's notes about the page are not the test's business).
    if (msg.type() === 'warning' && msg.text().startsWith('trust-')) warnings.push(msg.text())
  })
  await tp.page.goto(`${examples.url}/tenant-console.html${lang === 'en' ? '' : `?lang=${lang}`}`)
  const block = tp.page.locator('trust-cloud-status').getByTestId('status-block-datacenter')
  await block.getByTestId('status-row').first().waitFor({ timeout: 15_000 })
  await block.locator('ul[aria-busy="true"]').waitFor({ state: 'detached', timeout: 15_000 })
  await loaded(tp.page)
  const rows = (await block.getByTestId('status-row').evaluateAll((els) => els.map((e) => e.textContent ?? ''))).map((t) => t.trim())
  const bars = await block
    .getByTestId('issue-bar')
    .evaluateAll((els) => els.map((e) => ({ label: e.getAttribute('aria-label') ?? '', id: e.getAttribute('data-issue-id') ?? '' })))
  const text = await tp.page.locator('body').innerText()
  return { ...tp, warnings, rows, bars, text }
}

const rowOf = (view: View, name: string) => view.rows.some((row) => row.includes(name))

tenant("acme's token: its two private data centers and their incident beside the public one; axe; screenshots", async (ctx) => {
  const acme = () => key.mint(['acme'], PUBLIC_URL, {}, ctx.server.now())
  for (const lang of ['en', 'ar']) {
    for (const width of [1280, 375]) {
      const view = await openConsole(ctx, acme, width, lang)
      const label = `${lang} @${width}`
      assert.ok(rowOf(view, PUBLIC_DC), `${label}: the public data center: ${view.rows.join(' | ')}`)
      for (const name of PRIVATE_DCS) assert.ok(rowOf(view, name), `${label}: ${name}: ${view.rows.join(' | ')}`)
      for (const name of PRIVATE_DCS) {
        assert.ok(
          view.bars.some((bar) => bar.label.includes(name) && bar.id === incidentId),
          `${label}: the incident on ${name}: ${view.bars.map((b) => `${b.id} ${b.label}`).join(' | ')}`,
        )
      }
      assert.equal(view.warnings, [], `${label}: no token problem`)
      assert.equal(view.errors, [], label)
      const overflow = await view.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      assert.ok(overflow <= 0, `${label}: scrolls sideways by ${overflow} px`)
      assert.equal(await axeViolations(view.page), [], `${label}: axe`)
      await screenshot(view.page, `tenant-console-${lang}-${width}`)
      await view.page.close()
    }
  }
})

tenant("another tenant's token and no token see neither the private data centers nor their incident", async (ctx) => {
  const cases: Array<[string, () => Promise<string | undefined>]> = [
    ['globex', () => key.mint(['globex'], PUBLIC_URL, {}, ctx.server.now())],
    ['no token', async () => undefined],
  ]
  for (const [what, token] of cases) {
    const view = await openConsole(ctx, token)
    assert.ok(rowOf(view, PUBLIC_DC), `${what}: the public data center`)
    for (const name of PRIVATE_DCS) assert.not.ok(rowOf(view, name), `${what}: ${name}`)
    assert.not.ok(
      view.bars.some((bar) => bar.id === incidentId),
      `${what}: the incident`,
    )
    assert.not.ok(view.text.includes(INCIDENT), `${what}: the incident in the page`)
    assert.equal(view.warnings, [], `${what}: nothing to warn about`)
    assert.equal(view.errors, [], what)
    // The public status the tenant's view is compared with (the closing screenshots side by side).
    if (what === 'no token') await screenshot(view.page, 'tenant-console-public-en-1280')
    await view.page.close()
  }
})

tenant(
  'an expired token, one of another key, one for another audience: the public status, and why in the console log only',
  async (ctx) => {
    const other = await consoleKey()
    const now = () => ctx.server.now()
    const cases: Array<[string, () => Promise<string | undefined>, RegExp]> = [
      ['expired', () => key.mint(['acme'], PUBLIC_URL, { iat: -1200, exp: -600 }, now()), /expired/],
      ['another key', () => other.mint(['acme'], PUBLIC_URL, {}, now()), /signature does not match/],
      ['another audience', () => key.mint(['acme'], 'https://other-site.example', {}, now()), /another audience/],
    ]
    for (const [what, token, why] of cases) {
      const view = await openConsole(ctx, token)
      assert.ok(rowOf(view, PUBLIC_DC), `${what}: the public status`)
      for (const name of PRIVATE_DCS) assert.not.ok(rowOf(view, name), `${what}: ${name}`)
      assert.not.ok(
        view.bars.some((bar) => bar.id === incidentId),
        `${what}: the incident`,
      )
      const said = await eventuallyWarned(view, why)
      assert.match(said, /^trust-cloud-status: console token refused: /, `${what}: ${said}`)
      assert.not.ok(view.text.includes('console token'), `${what}: nothing about the token in the page`)
      assert.not.ok(view.text.match(why), `${what}: the reason is not in the page`)
      assert.equal(view.errors, [], what)
      await view.page.close()
    }
    // The refusal took nothing from the page's own timing: a valid token right after works.
    const fine = await openConsole(ctx, () => key.mint(['acme'], PUBLIC_URL, {}, now()))
    for (const name of PRIVATE_DCS) assert.ok(rowOf(fine, name), name)
    await fine.page.close()
  },
)

/** The warning matching `why` once the page has logged it (the refused read has been answered by then). */
async function eventuallyWarned(view: View, why: RegExp): Promise<string> {
  const found = view.warnings.find((w) => why.test(w))
  if (found) return found
  const msg = await view.page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && why.test(m.text()), timeout: 8000 })
  return msg.text()
}

tenant.run()
