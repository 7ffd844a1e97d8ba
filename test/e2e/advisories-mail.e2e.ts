/**
 * Advisories by severity, signed (docs/subscriptions.md#advisories-by-severity-and-signed-mail): on
 * a production server from an empty database with the operator's own catalogue
 * (`test/fixtures/own-catalog.json`), a signing key and a real SMTP server on loopback (aiosmtpd,
 * ./smtp.ts), a subscriber signs in, subscribes to the cloud on /subscribe and picks "High and
 * above" in the Advisory section; a second subscriber keeps every advisory. The operator publishes
 * a Medium advisory and a Critical one with two CVEs (published without mail, security details
 * saved, an update published). The High-only subscriber receives the Critical advisory's mail —
 * tracking id, both CVEs, "9.3 Critical", PGP/MIME-signed — and not the Medium one, which the other
 * subscriber receives. axe on /subscribe; screenshots `advisories-mail-subscribe-{en,ar}-{1280,375}.png`.
 */
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { generateProviderKey } from '../../server/advisories/signing'
import {
  addAccount,
  apiSignIn,
  axeViolations,
  browser,
  queryDb,
  root,
  screenshot,
  settled,
  signInTo,
  type SiteContext,
  startServer,
} from './harness'
import { type SmtpServer, startSmtp } from './smtp'

const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const PUBLIC_URL = 'https://status.nimbus.test'
const CLOUD = { machine: 'nimbusone', title: 'nimbusone.net' }
const HIGH_ONLY = 'high-only@customer.test'
const EVERYTHING = 'everything@customer.test'
const PASSWORD = 'Reader2026x'
const CRITICAL = 'Nimbus Connector: authentication bypass'
const MEDIUM = 'Nimbus Connector: verbose error pages'

const smtp: { server?: SmtpServer } = {}
const advisoriesMail = suite<SiteContext>(
  'advisories by severity: the subscriber picks High and above and receives the signed Critical advisory',
  {
    server: undefined as never,
    pages: [],
  },
)

advisoriesMail.before(async (ctx) => {
  smtp.server = await startSmtp()
  ctx.server = await startServer({
    mode: 'production',
    openpgpKey: await generateProviderKey('Nimbus PSIRT', 'psirt@nimbus.test'),
    accounts: { publicUrl: PUBLIC_URL, admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: smtp.server.url },
  })
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'test/fixtures/own-catalog.json'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
  await addAccount(ctx, HIGH_ONLY, PASSWORD, [])
  await addAccount(ctx, EVERYTHING, PASSWORD, [], CLOUD.machine)
})
advisoriesMail.after(async (ctx) => {
  for (const p of ctx.pages) await p.page.close()
  await ctx.server?.close()
  await smtp.server?.stop()
  await (await browser()).clearCookies()
})

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** The operator's session headers for the admin API (signed in without a browser, second factor passed: `apiSignIn`). */
const operatorHeaders = (ctx: SiteContext): Promise<Record<string, string>> => apiSignIn(ctx, OPERATOR.name, OPERATOR.password)

/**
 * Publishes an advisory as an operator does through the admin API: published without mail, its
 * security details saved (`PUT /api/admin/records/{id}/advisory`), then an update published with mail.
 */
async function publishAdvisory(ctx: SiteContext, title: string, cves: Array<[string, string]>): Promise<number> {
  const headers = await operatorHeaders(ctx)
  const call = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) => {
    const res = await ctx.server.app.inject({ method, url, headers, payload: payload as Record<string, unknown> })
    assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`)
    return JSON.parse(res.body).data
  }
  const [service] = queryDb<{ tid: number }>(
    ctx,
    'select cs.service_tid as tid from cloud_services cs join clouds c on c.id = cs.cloud_id where c.machine_name = ? order by cs.sort limit 1',
    CLOUD.machine,
  )
  const { id } = await call('POST', '/api/admin/records', {
    type: 'advisory',
    terms: [service.tid],
    event_type: 'Security Advisory',
    title,
    status: 'In Progress',
    clouds: [CLOUD.machine],
    from: new Date().toISOString(),
    summary: 'A vulnerability in the Nimbus Connector before 4.2.1.',
    notify: false,
  })
  await call('PUT', `/api/admin/records/${id}/advisory`, {
    vulnerabilities: cves.map(([cve, vector]) => ({
      cve,
      title,
      description: 'A crafted request reaches the connector.',
      cwe: null,
      cvss_v3: null,
      cvss_v4: vector,
      statements: [{ product: 'p1', status: 'known_affected', justification: null, note: 'Upgrade the connector to 4.2.1.' }],
    })),
    products: [{ id: 'p1', kind: 'software', cloud: null, name: 'Nimbus Connector', versions: '<4.2.1', fixed_version: '4.2.1' }],
    acknowledgements: [],
  })
  await call('PATCH', `/api/admin/records/${id}`, { update: 'The security details are published.', body_format: 'markdown' })
  return id
}

advisoriesMail(
  'a subscriber picks “High and above” on /subscribe; the signed Critical advisory reaches them, the Medium one does not',
  async (ctx) => {
    const { page, errors } = await signInTo(ctx, HIGH_ONLY, PASSWORD, '/subscribe')
    await page.getByRole('tab', { name: CLOUD.title, exact: true }).click()
    await page.getByTestId('subscribe-all').click()
    await toast(page, 'You have successfully subscribed to all the services.').waitFor()
    const minimum = page.getByRole('combobox', { name: 'Send advisories rated' })
    assert.is(await minimum.inputValue(), '', 'every advisory at first')
    await minimum.selectOption({ label: 'High and above' })
    await toast(page, 'Advisories: High and above.').waitFor()
    await page.getByText('Advisories without a score are sent with "All advisories" only.', { exact: false }).waitFor()
    await settled(page)
    assert.equal(await axeViolations(page), [])
    await screenshot(page, 'advisories-mail-subscribe-en-1280')
    await page.setViewportSize({ width: 375, height: 800 })
    await page.getByTestId('section-advisory').scrollIntoViewIfNeeded()
    await screenshot(page, 'advisories-mail-subscribe-en-375')

    // Arabic: the same choice, kept.
    await page.goto(`${ctx.server.url}/subscribe?lang=ar`)
    await page.getByRole('tab', { name: CLOUD.title, exact: true }).click()
    const arabic = page.getByRole('combobox', { name: 'إرسال الإرشادات بتقييم' })
    await arabic.waitFor()
    assert.is(await arabic.inputValue(), 'High')
    await settled(page)
    assert.equal(await axeViolations(page), [])
    await page.getByTestId('section-advisory').scrollIntoViewIfNeeded()
    await screenshot(page, 'advisories-mail-subscribe-ar-375')
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'advisories-mail-subscribe-ar-1280')
    assert.equal(errors, [])

    await publishAdvisory(ctx, MEDIUM, [['CVE-2026-90010', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N']])
    await publishAdvisory(ctx, CRITICAL, [
      ['CVE-2026-90011', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'],
      ['CVE-2026-90012', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N'],
    ])
    const server = smtp.server!
    const about = (to: string, title: string) => (m: { to: string[]; subject: string }) => m.to.includes(to) && m.subject.includes(title)
    const all = await server.waitFor(
      (mails) => mails.some(about(HIGH_ONLY, CRITICAL)) && mails.some(about(EVERYTHING, MEDIUM)) && mails.some(about(EVERYTHING, CRITICAL)),
      'the Critical advisory to both subscribers and the Medium one to the subscriber of every advisory',
    )
    assert.not.ok(all.some(about(HIGH_ONLY, MEDIUM)), 'the High-only subscriber did not get the Medium advisory')
    const mail = all.find(about(HIGH_ONLY, CRITICAL))!
    assert.match(mail.text, /Advisory ID: NIMBUS-SA-\d{4}-\d{4}/)
    assert.match(mail.text, 'CVE IDs: CVE-2026-90011, CVE-2026-90012')
    assert.match(mail.text, 'Highest CVSS score: 9.3 Critical (CVSS v4.0)')
    assert.match(
      mail.text,
      /signed with OpenPGP \(PGP\/MIME\) by the key [0-9A-F ]+\. Its public key is published at https:\/\/status\.nimbus\.test\/\.well-known\/csaf\/openpgp\/[0-9A-F]+\.asc\./,
    )
    assert.match(mail.raw, /Content-Type: multipart\/signed; micalg=pgp-sha\d+;\s+protocol="application\/pgp-signature"/)
    assert.match(mail.raw, '-----BEGIN PGP SIGNATURE-----')
  },
)

advisoriesMail.run()
