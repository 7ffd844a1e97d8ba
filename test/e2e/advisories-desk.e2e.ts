/**
 * An advisory's security details on the desk (docs/operating/console-and-desk.md#security-details):
 * on a production server from an empty database with the operator's own catalogue
 * (`npm run catalog -- import test/fixtures/own-catalog.json`), the operator publishes an advisory
 * from the new post form, opens its Security details, adds a cloud and a connector as products,
 * two CVEs — the first scored by building a CVSS 4.0 vector with the calculator's selects, the
 * second by pasting a v3.1 vector — a VEX statement each and an acknowledgement, and saves: the
 * server's score and rating show beside each calculator, the tracking ID and revision 1 after the
 * save, and a second save without a revision summary is refused in words. axe on the form in
 * English and Arabic; screenshots `advisories-desk-{en,ar}-{1280,375}.png`.
 */
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { addSoftwareProduct, describeVulnerability } from './advisory-form'
import { axeViolations, browser, queryDb, root, screenshot, settled, signInTo, siteSuite } from './harness'

const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const PUBLIC_URL = 'https://status.nimbus.test'
const V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'
const TITLE = 'Nimbus Connector: authentication bypass and cross-site scripting'

const advisoriesDesk = siteSuite('advisories on the desk: security details with the CVSS calculator and VEX statements', {
  mode: 'production',
  accounts: { publicUrl: PUBLIC_URL, admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: null },
})

advisoriesDesk.before(async (ctx) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'test/fixtures/own-catalog.json'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
})
advisoriesDesk.after(async () => {
  await (await browser()).clearCookies()
})

const statusLine = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ })

/** Chooses `values` (metric code → value code) in the calculator `calculator` (its test id). */
async function choose(page: Page, calculator: string, values: Record<string, string>): Promise<void> {
  const box = page.getByTestId(calculator)
  for (const [key, value] of Object.entries(values)) await box.locator(`select[id$="-${key}"]`).selectOption(value)
}

advisoriesDesk('the operator publishes an advisory and saves its CVEs, CVSS 4.0 score and VEX statements', async (ctx) => {
  const { page, errors } = await signInTo(ctx, OPERATOR.name, OPERATOR.password, '/admin/desk/new')
  await page.goto(`${ctx.server.url}/admin/desk/new?type=advisory`)
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)
  await page.getByLabel('nimbusone.net', { exact: true }).check()
  await page.getByLabel('Event type').selectOption('Security Advisory')
  await page.getByLabel('Summary').fill('Two vulnerabilities in the Nimbus Connector before 4.2.1.')
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.waitForURL((u) => /^\/admin\/desk\/\d+$/.test(new URL(u).pathname))
  const id = Number(new URL(page.url()).pathname.split('/').pop())

  const form = page.getByTestId('advisory-details')
  await form.getByRole('heading', { name: 'Security details' }).waitFor()
  await form.getByText('Not saved yet', { exact: false }).waitFor()

  // Products: the catalogue's cloud, and the connector with its versions.
  await form.getByRole('button', { name: 'Add a product' }).click()
  await form.getByLabel('Product 1: Kind').selectOption('cloud')
  await form.getByLabel('Cloud', { exact: true }).selectOption('nimbusone')
  await addSoftwareProduct(form, 2, 'Nimbus Connector', '<4.2.1', '4.2.1')

  // The first CVE: a CVSS 4.0 vector built with the calculator's selects.
  const first = form.getByTestId('advisory-vulnerability-0')
  await describeVulnerability(first, {
    cve: 'CVE-2026-90001',
    title: 'Authentication bypass in the connector',
    description: 'A crafted token lets an attacker act as any user of the connector.',
    cwe: 'CWE-287',
  })
  const v4 = 'advisory-vulnerability-0-v4'
  await page.getByTestId(v4).getByLabel('Attack Vector (AV)').selectOption('N')
  await page.getByTestId(`${v4}-score`).filter({ hasText: 'Choose every base metric to see the score.' }).waitFor()
  await choose(page, v4, { AC: 'L', AT: 'N', PR: 'N', UI: 'N', VC: 'H', VI: 'H', VA: 'H', SC: 'N', SI: 'N', SA: 'N' })
  assert.is(await page.getByTestId(v4).getByLabel('CVSS v4.0 vector').inputValue(), V4)
  const critical = page.getByTestId(`${v4}-score`).filter({ hasText: 'Base score 9.3: Critical' })
  await critical.waitFor()
  assert.is(await critical.locator('[data-rating]').getAttribute('data-rating'), 'Critical')
  await first.getByRole('button', { name: 'Add a VEX statement' }).click()
  await first.getByLabel('Statement 1: Product').selectOption('p2')
  await first.getByLabel('Status', { exact: true }).selectOption('known_affected')
  await first.getByLabel('Note: the remediation or workaround, or why it is not affected').fill('Upgrade the connector to 4.2.1.')

  // The second CVE: a pasted v3.1 vector; the selects show its values.
  await form.getByRole('button', { name: 'Add a CVE' }).click()
  const second = form.getByTestId('advisory-vulnerability-1')
  await second.getByLabel('CVE ID (e.g. CVE-2026-10234)').fill('CVE-2026-90002')
  await second.getByRole('textbox', { name: 'Title', exact: true }).fill('Cross-site scripting in the connector’s console')
  const v3 = 'advisory-vulnerability-1-v3'
  await page.getByTestId(v3).getByLabel('CVSS v3.1 vector').fill('CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N')
  await page.getByTestId(`${v3}-score`).filter({ hasText: 'Base score 5.4: Medium' }).waitFor()
  assert.is(await page.getByTestId(v3).getByLabel('Scope (S)').inputValue(), 'C')
  await second.getByRole('button', { name: 'Add a VEX statement' }).click()
  await second.getByLabel('Statement 1: Product').selectOption('p1')
  await second.getByLabel('Status', { exact: true }).selectOption('known_not_affected')
  await second.getByLabel('Why it is not affected', { exact: true }).selectOption('vulnerable_code_not_present')

  // A vector the server refuses shows its sentence.
  await page.getByTestId('advisory-vulnerability-1-v4').getByLabel('CVSS v4.0 vector').fill(V4.replace('AT:N', 'AT:X'))
  await page.getByTestId('advisory-vulnerability-1-v4-score').filter({ hasText: 'AT:X is not a CVSS v4.0 value: AT takes N, P.' }).waitFor()
  await page.getByTestId('advisory-vulnerability-1-v4').getByLabel('CVSS v4.0 vector').fill('')

  await form.getByRole('button', { name: 'Add an acknowledgement' }).click()
  await form.getByLabel('Acknowledgement 1: Name').fill('Ada Byron')
  await form.getByLabel('Organization').fill('Analytical Security')
  await settled(page)
  assert.equal(await axeViolations(page, '[data-testid="advisory-details"]'), [], 'axe on the filled form')

  await form.getByRole('button', { name: 'Save security details' }).click()
  const year = new Date().getUTCFullYear()
  const tracking = `NIMBUS-SA-${year}-0001`
  await statusLine(page)
    .filter({ hasText: `Security details saved: ${tracking}, revision 1.` })
    .waitFor()
  await form
    .getByTestId('advisory-tracking')
    .filter({ hasText: `Tracking ID ${tracking} · TLP:CLEAR` })
    .waitFor()
  await form.getByTestId('advisory-revisions').getByText('Initial public release', { exact: false }).waitFor()
  const [stored] = queryDb<{ cves: string; highest_rating: string; highest_score: number }>(
    ctx,
    'select cves, highest_rating, highest_score from advisory_details where record_id = ?',
    id,
  )
  assert.equal(stored, { cves: 'CVE-2026-90001 CVE-2026-90002', highest_rating: 'Critical', highest_score: 9.3 })
  // The saved form starts from what was saved: the score is shown again, and the CWE's name from the CWE list.
  await page.getByTestId('advisory-vulnerability-0-cwe-name').filter({ hasText: 'CWE name: Improper Authentication' }).waitFor()
  await page.getByTestId(`${v4}-score`).filter({ hasText: 'Base score 9.3: Critical' }).waitFor()

  // A later save needs a revision summary.
  await form.getByRole('button', { name: 'Save security details' }).click()
  await form.getByText('Say what changed in this revision (the revision summary)', { exact: false }).waitFor()
  await form.getByLabel('What changed in this revision').fill('Added the fixed version of the connector.')
  await form.getByRole('button', { name: 'Save security details' }).click()
  await statusLine(page)
    .filter({ hasText: `Security details saved: ${tracking}, revision 2.` })
    .waitFor()
  await form.getByTestId('advisory-revisions').getByText('Added the fixed version of the connector.', { exact: false }).waitFor()

  await settled(page)
  assert.equal(await axeViolations(page), [], 'axe on the record screen')
  await screenshot(page, 'advisories-desk-en-1280')
  await page.setViewportSize({ width: 375, height: 900 })
  await settled(page)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(overflow <= 0, `no sideways scrolling at 375 px (${overflow} px)`)
  await screenshot(page, 'advisories-desk-en-375')

  // In Arabic: the same screen, right to left, without axe violations.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${ctx.server.url}/admin/desk/${id}?lang=ar`)
    await page.getByTestId('advisory-details').getByTestId('advisory-tracking').waitFor()
    await page.getByTestId(`${v4}-score`).locator('[data-rating="Critical"]').waitFor()
    await settled(page)
    assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl')
    assert.equal(await axeViolations(page, '[data-testid="advisory-details"]'), [], `axe in Arabic at ${width} px`)
    await screenshot(page, `advisories-desk-ar-${width}`)
  }
  // The refused vector and save answer 400 by design; nothing else may fail.
  assert.equal(
    errors.filter((e) => !e.includes('status of 400 (Bad Request)')),
    [],
  )
})

advisoriesDesk.run()
