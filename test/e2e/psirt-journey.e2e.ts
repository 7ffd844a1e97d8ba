/**
 * A PSIRT publishes an advisory (docs/operating/security-advisories.md), from end to end on a
 * production server from an empty database with the operator's own catalogue (plus its Security
 * Advisories page), the operator's signing key and a real SMTP server on loopback (aiosmtpd,
 * ./smtp.ts):
 *
 * 1. a customer's security engineer, subscribed to the cloud, picks "High and above" on /subscribe;
 * 2. the operator publishes an advisory on the desk and saves its security details: two CVEs, the
 *    first scored with a CVSS 4.0 vector built in the calculator (9.3 Critical), a VEX statement
 *    for the connector, the revision mailed;
 * 3. the engineer's mail names the CVEs and "9.3 Critical", and its PGP/MIME signature verifies
 *    with the key the site publishes;
 * 4. a visitor sees the post with its score and CVEs; the list's "Critical only" filter and its
 *    search for the second CVE id both show it;
 * 5. the CSAF document the post links to passes the BSI validator, its `.sha256` matches and its
 *    `.asc` verifies with the published key.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { validateCsaf } from '../../scripts/csaf-validate'
import { generateProviderKey, readProviderKey } from '../../server/advisories/signing'
import { signedParts, verifies } from '../fixtures/pgp-mime'
import { addAccount, axeViolations, browser, root, screenshot, settled, signInTo, type SiteContext, startServer } from './harness'
import { type SmtpServer, startSmtp } from './smtp'

const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const PUBLIC_URL = 'https://status.nimbus.test'
const CLOUD = { machine: 'nimbusone', domain: 'nimbusone.net', title: 'nimbusone.net' }
const ENGINEER = 'secops@customer.test'
const PASSWORD = 'Engineer2026x'
const TITLE = 'Nimbus Connector: authentication bypass and stored cross-site scripting'
const V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'
const V3 = 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N'

interface JourneyContext extends SiteContext {
  smtp: SmtpServer
  armoredKey: string
  /** The advisory's record id, once published. */
  id: number
}

const journey = suite<JourneyContext>('a PSIRT publishes an advisory: desk, signed mail by rating, post, list, CSAF', {
  server: undefined as never,
  pages: [],
  smtp: undefined as never,
  armoredKey: '',
  id: 0,
})

journey.before(async (ctx) => {
  ctx.smtp = await startSmtp()
  ctx.armoredKey = await generateProviderKey('Nimbus PSIRT', 'psirt@nimbus.test')
  ctx.server = await startServer({
    mode: 'production',
    openpgpKey: ctx.armoredKey,
    accounts: { publicUrl: PUBLIC_URL, admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: ctx.smtp.url },
  })
  // The operator's own catalogue, with a Security Advisories page in its menu.
  const catalogue = JSON.parse(readFileSync(join(root, 'test/fixtures/own-catalog.json'), 'utf8'))
  const page = { route: 'security-advisories', component: 'security-advisories', deep_link: true, hide_from_clouds: [], sub_menus: [] }
  catalogue.main_menu.push({ label: 'Security Advisories', ...page })
  const file = join(mkdtempSync(join(tmpdir(), 'trust-psirt-')), 'catalog.json')
  writeFileSync(file, JSON.stringify(catalogue))
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
  await addAccount(ctx, ENGINEER, PASSWORD, [], CLOUD.machine)
})
journey.after(async (ctx) => {
  for (const p of ctx.pages) await p.page.close()
  await ctx.server?.close()
  await ctx.smtp?.stop()
  await (await browser()).clearCookies()
})

const statusLine = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ })

journey('the engineer asks for High and above only', async (ctx) => {
  const { page, errors } = await signInTo(ctx, ENGINEER, PASSWORD, '/subscribe')
  await page.getByRole('tab', { name: CLOUD.title, exact: true }).click()
  await page.getByRole('combobox', { name: 'Send advisories rated' }).selectOption({ label: 'High and above' })
  await statusLine(page).filter({ hasText: 'Advisories: High and above.' }).waitFor()
  assert.equal(errors, [])
})

journey(
  'the operator publishes the advisory and saves two CVEs, a CVSS 4.0 vector from the calculator and a VEX statement',
  async (ctx) => {
    const { page, errors } = await signInTo(ctx, OPERATOR.name, OPERATOR.password, '/admin/desk/new')
    await page.goto(`${ctx.server.url}/admin/desk/new?type=advisory`)
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)
    await page.getByLabel(CLOUD.title, { exact: true }).check()
    await page.getByLabel('Event type').selectOption('Security Advisory')
    await page.getByLabel('Summary').fill('Two vulnerabilities in the Nimbus Connector before 4.2.1.')
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.waitForURL((u) => /^\/admin\/desk\/\d+$/.test(new URL(u).pathname))
    ctx.id = Number(new URL(page.url()).pathname.split('/').pop())

    const form = page.getByTestId('advisory-details')
    await form.getByRole('heading', { name: 'Security details' }).waitFor()
    await form.getByRole('button', { name: 'Add a product' }).click()
    await form.getByLabel('Product 1: Kind').selectOption('software')
    await form.getByLabel('Software name').fill('Nimbus Connector')
    await form.getByLabel('Affected versions (e.g. <4.2.1)').fill('<4.2.1')
    await form.getByLabel('First fixed version').fill('4.2.1')

    const first = form.getByTestId('advisory-vulnerability-0')
    await first.getByLabel('CVE ID (e.g. CVE-2026-10234)').fill('CVE-2026-90101')
    await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Authentication bypass in the connector')
    await first.getByLabel('Description').fill('A crafted token lets an attacker act as any user of the connector.')
    await first.getByLabel('CWE ID (e.g. CWE-79)').fill('CWE-287')
    const calculator = page.getByTestId('advisory-vulnerability-0-v4')
    const metrics: Record<string, string> = {
      AV: 'N',
      AC: 'L',
      AT: 'N',
      PR: 'N',
      UI: 'N',
      VC: 'H',
      VI: 'H',
      VA: 'H',
      SC: 'N',
      SI: 'N',
      SA: 'N',
    }
    for (const [key, value] of Object.entries(metrics)) await calculator.locator(`select[id$="-${key}"]`).selectOption(value)
    assert.is(await calculator.getByLabel('CVSS v4.0 vector').inputValue(), V4)
    await page.getByTestId('advisory-vulnerability-0-v4-score').filter({ hasText: 'Base score 9.3: Critical' }).waitFor()
    await first.getByRole('button', { name: 'Add a VEX statement' }).click()
    await first.getByLabel('Statement 1: Product').selectOption('p1')
    await first.getByLabel('Status', { exact: true }).selectOption('known_affected')
    await first.getByLabel('Note: the remediation or workaround, or why it is not affected').fill('Upgrade the connector to 4.2.1.')

    await form.getByRole('button', { name: 'Add a CVE' }).click()
    const second = form.getByTestId('advisory-vulnerability-1')
    await second.getByLabel('CVE ID (e.g. CVE-2026-10234)').fill('CVE-2026-90102')
    await second.getByRole('textbox', { name: 'Title', exact: true }).fill('Stored cross-site scripting in the connector’s console')
    await page.getByTestId('advisory-vulnerability-1-v3').getByLabel('CVSS v3.1 vector').fill(V3)
    await page.getByTestId('advisory-vulnerability-1-v3-score').filter({ hasText: 'Base score 5.4: Medium' }).waitFor()

    // Mailing the revision is the default.
    assert.ok(await form.getByRole('checkbox', { name: /Email this revision/ }).isChecked())
    await form.getByRole('button', { name: 'Save security details' }).click()
    const tracking = `NIMBUS-SA-${new Date().getUTCFullYear()}-0001`
    await statusLine(page)
      .filter({ hasText: `Security details saved: ${tracking}, revision 1.` })
      .waitFor()
    await settled(page)
    assert.equal(await axeViolations(page, '[data-testid="advisory-details"]'), [])
    assert.equal(errors, [])
  },
)

journey('the engineer’s mail names the CVEs and 9.3 Critical, and its signature verifies with the published key', async (ctx) => {
  const mails = await ctx.smtp.waitFor(
    (all) => all.some((m) => m.to.includes(ENGINEER) && m.subject.includes(TITLE) && m.text.includes('CVE-2026-90101')),
    'the advisory mail with its CVEs to the High-only subscriber',
  )
  const mail = mails.find((m) => m.to.includes(ENGINEER) && m.text.includes('CVE-2026-90101'))!
  assert.match(mail.text, 'Security details, revision 1: Initial public release')
  assert.match(mail.text, 'CVE IDs: CVE-2026-90101, CVE-2026-90102')
  assert.match(mail.text, 'Highest CVSS score: 9.3 Critical (CVSS v4.0)')
  const key = await readProviderKey(ctx.armoredKey)
  const published = await fetch(`${ctx.server.url}/.well-known/csaf/openpgp/${key.fingerprint}.asc`)
  assert.is(published.status, 200)
  const publicKey = await published.text()
  const { contentType, signed, signature } = signedParts(mail.raw)
  assert.match(contentType, /^multipart\/signed;.*protocol="application\/pgp-signature"/)
  assert.ok(await verifies(signed, signature, publicKey), 'the mail verifies with the key the site publishes')
  assert.not.ok(await verifies(signed.replace('9.3 Critical', '2.0 Low'), signature, publicKey), 'a forged copy does not')
  writeFileSync(join(root, 'test-results', 'psirt-journey-mail.txt'), mail.raw)
})

journey('a visitor sees the post, finds it with “Critical only” and by the second CVE id', async (ctx) => {
  const context = await browser()
  await context.clearCookies()
  const page = await context.newPage()
  ctx.pages.push({ page, errors: [] })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${ctx.server.url}/${CLOUD.domain}/posts/${ctx.id}`)
  const facts = page.getByTestId('advisory-facts')
  await facts.waitFor()
  assert.is(await facts.getByTestId('cvss-rating').textContent(), 'Critical 9.3')
  const factsText = (await facts.textContent())!
  for (const cve of ['CVE-2026-90101', 'CVE-2026-90102']) assert.match(factsText, cve)
  await settled(page)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'psirt-journey-post-1280')

  await page.goto(`${ctx.server.url}/${CLOUD.domain}/security-advisories`)
  await page.getByTestId('advisory-row').first().waitFor()
  const critical = page.waitForResponse((r) => r.url().includes('/api/advisory?') && r.url().includes('rating=Critical'))
  await page.getByTestId('rating-filter').selectOption('Critical')
  await critical
  await page.getByTestId('record').filter({ hasText: TITLE }).getByTestId('cvss-rating').filter({ hasText: 'Critical 9.3' }).waitFor()
  await page.getByTestId('rating-filter').selectOption('')
  await page.getByTestId('advisory-search').fill('CVE-2026-90102')
  const searched = page.waitForResponse((r) => r.url().includes('q=CVE-2026-90102'))
  await page.getByTestId('advisory-search-submit').click()
  await searched
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="record"]').length === 1)
  await page.getByTestId('record').filter({ hasText: TITLE }).waitFor()
  await settled(page)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'psirt-journey-list-1280')
})

journey('the CSAF document the post links to passes the BSI validator; its hash matches and its signature verifies', async (ctx) => {
  const page = ctx.pages.at(-1)!.page
  await page.goto(`${ctx.server.url}/${CLOUD.domain}/posts/${ctx.id}`)
  const href = (await page.getByTestId('csaf-link').getAttribute('href'))!
  const document = await fetch(ctx.server.url + href)
  assert.is(document.status, 200)
  const bytes = await document.text()
  const csaf = JSON.parse(bytes)
  assert.match(csaf.document.tracking.id, /^NIMBUS-SA-\d{4}-0001$/)
  assert.equal(
    csaf.vulnerabilities.map((v: { cve: string }) => v.cve),
    ['CVE-2026-90101', 'CVE-2026-90102'],
  )
  const { isValid, problems } = await validateCsaf(csaf)
  assert.ok(isValid, problems.join('\n'))
  assert.equal(problems, [])
  const sha256 = await (await fetch(`${ctx.server.url}${href}.sha256`)).text()
  assert.is(sha256.split(/\s+/)[0], createHash('sha256').update(bytes).digest('hex'))
  const asc = await (await fetch(`${ctx.server.url}${href}.asc`)).text()
  const key = await readProviderKey(ctx.armoredKey)
  const publicKey = await (await fetch(`${ctx.server.url}/.well-known/csaf/openpgp/${key.fingerprint}.asc`)).text()
  assert.ok(await verifies(Buffer.from(bytes, 'utf8').toString('latin1'), asc, publicKey), 'the .asc verifies')
})

journey.run()
