/**
 * Security advisories for visitors (docs/operating/security-advisories.md#the-public-pages), on the
 * demo site, whose seed has five advisories with CVEs, CVSS, products and VEX statements: the
 * Critical connector advisory's post shows its key facts under the title (advisory id, "Critical
 * 9.8", the CVE ids, TLP:CLEAR) and its security details (scores with vectors, CWE, products with
 * versions and VEX status, revisions, the CSAF document, which the site serves); the advisory list
 * shows each row's rating and CVEs, its rating filter keeps Critical ones and its search finds a
 * CVE id; the VEX page lists the third-party flaw's statements, answers "Is … affected by …?" for a
 * typed CVE id and says the demo's CVE ids are invented. axe on each page; screenshots
 * `advisories-{post,list,vex}-{en,ar}-{1280,375}.png`.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import type { AdvisoryDetails } from '../../contract/advisories'
import type { PostData, RecordListData } from '../../contract/records'
import { apiData, axeViolations, open, screenshot, settled, siteSuite, type SiteContext } from './harness'

const advisories = siteSuite('advisories in public: the post, the list’s rating filter and CVE search, the VEX page')
const CLOUD = 'auroraedge'
const DOMAIN = 'auroraedge.net'

/** The demo's Critical connector advisory: its record id and security details, as the API gives them. */
async function connectorAdvisory(ctx: SiteContext): Promise<{ id: number; advisory: AdvisoryDetails }> {
  const list = await apiData<RecordListData>(ctx, `/api/advisory?cloud=${CLOUD}&q=CVE-2026-90001`)
  assert.is(list.records.length, 1, 'the search finds one advisory')
  const post = await apiData<PostData>(ctx, `/api/posts/${list.records[0].id}?cloud=${CLOUD}`)
  return { id: post.id, advisory: post.advisory! }
}

/** Screenshots of `page` at 1280 and 375 px wide as `advisories-{name}-{lang}-{width}.png`. */
async function shots(page: Page, name: string, lang: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await settled(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(overflow <= 0, `${name} ${lang} at ${width} px scrolls sideways by ${overflow} px`)
    await screenshot(page, `advisories-${name}-${lang}-${width}`)
  }
}

advisories('the post: key facts under the title, then scores, products with VEX status, revisions and the CSAF document', async (ctx) => {
  const { id, advisory } = await connectorAdvisory(ctx)
  const { page, errors } = await open(ctx, `/${DOMAIN}/posts/${id}`)
  const details = page.getByTestId('advisory-details')
  await details.waitFor()
  const facts = page.getByTestId('advisory-facts')
  assert.is(await facts.getByTestId('tracking-id').textContent(), advisory.tracking_id)
  assert.match(advisory.tracking_id, /^AURORA-SA-\d{4}-\d{4}$/)
  assert.is(await facts.getByTestId('cvss-rating').textContent(), 'Critical 9.8')
  assert.equal(await facts.getByTestId('cve-list').locator('li').allTextContents(), ['CVE-2026-90001'])
  assert.is(await facts.getByTestId('tlp').textContent(), 'TLP:CLEAR (public)')
  // The facts sit between the title and the body.
  const order = await page.evaluate(() =>
    ['h1', '[data-testid="advisory-facts"]', '[data-testid="record-body"]'].map(
      (sel) => document.querySelector(sel)!.getBoundingClientRect().top,
    ),
  )
  assert.ok(order[0] < order[1] && order[1] < order[2], `title, facts, body: ${order}`)

  const vulnerability = details.getByTestId('vulnerability')
  assert.is(await vulnerability.count(), 1)
  assert.is(
    await vulnerability.getByTestId('cvss-v4.0').getByTestId('cvss-vector').textContent(),
    advisory.vulnerabilities[0].cvss_v4!.vector,
  )
  assert.is(await vulnerability.getByTestId('cvss-v4.0').getByTestId('cvss-rating').textContent(), 'Critical 9.3')
  assert.match((await vulnerability.getByTestId('cwe').textContent())!, /CWE-287 Improper Authentication/)
  const products = await details
    .getByTestId('product')
    .evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('th')!.textContent, r.querySelector('[data-testid="vex-status"]')!.getAttribute('data-status')]),
    )
  assert.equal(products, [
    ['Client Connector', 'known_affected'],
    ['Internet Access (auroraedge.net)', 'fixed'],
  ])
  assert.match((await details.getByTestId('product').first().textContent())!, />=4\.0 <4\.2\.1.*4\.2\.1/)
  assert.equal(
    await details.getByTestId('revisions').locator('tbody tr td:first-child').allTextContents(),
    ['2', '1'],
    'the revision history, newest first',
  )
  assert.is(await page.getByTestId('workaround').count(), 1, 'the workaround')
  assert.match((await page.getByTestId('record-body').textContent())!, /CVE ids are invented/, 'the demo says so')

  // The CSAF document the post links to is served, for this advisory.
  const href = (await details.getByTestId('csaf-link').getAttribute('href'))!
  assert.match(href, new RegExp(`^/\\.well-known/csaf/white/\\d{4}/${advisory.tracking_id.toLowerCase()}\\.json$`))
  const csaf = await page.evaluate(async (url) => {
    const res = await fetch(url)
    return { status: res.status, body: res.ok ? await res.json() : null }
  }, href)
  assert.is(csaf.status, 200, `GET ${href}`)
  assert.is(csaf.body.document.tracking.id, advisory.tracking_id)

  assert.equal(await axeViolations(page), [])
  await shots(page, 'post', 'en')
  await page.goto(`${ctx.server.url}/${DOMAIN}/posts/${id}?lang=ar`)
  await page.getByTestId('advisory-details').waitFor()
  assert.is(await page.getByTestId('advisory-details').locator('h2').textContent(), 'التفاصيل الأمنية')
  assert.is(await page.getByTestId('advisory-facts').getByTestId('cvss-rating').getAttribute('data-rating'), 'Critical')
  assert.equal(await axeViolations(page), [])
  await shots(page, 'post', 'ar')
  assert.equal(errors, [])
})

advisories('the list: rows show rating and CVEs; "Critical only" keeps Critical ones; the search finds a CVE id', async (ctx) => {
  const { page, errors } = await open(ctx, `/${DOMAIN}/security-advisories`)
  await page.getByTestId('advisory-row').first().waitFor()
  const all = await apiData<RecordListData>(ctx, `/api/advisory?cloud=${CLOUD}`)
  const withDetails = all.records.filter((r) => r.advisory_summary)
  assert.is(await page.getByTestId('advisory-row').count(), withDetails.length, 'a row of facts for each advisory with details')
  assert.ok(withDetails.length >= 3, 'the demo’s advisories are the newest')

  const critical = page.waitForResponse((r) => r.url().includes('/api/advisory?') && r.url().includes('rating=Critical'))
  await page.getByTestId('rating-filter').selectOption('Critical')
  await critical
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="record"]')].length > 0 && !document.querySelector('[aria-busy="true"]'),
  )
  const ratings = await page
    .getByTestId('advisory-row')
    .getByTestId('cvss-rating')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-rating')))
  const expected = await apiData<RecordListData>(ctx, `/api/advisory?cloud=${CLOUD}&rating=Critical`)
  assert.is(ratings.length, expected.records.length)
  assert.ok(ratings.length >= 1 && ratings.every((r) => r === 'Critical'), `only Critical: ${ratings}`)
  assert.is(new URL(page.url()).search, '?rating=Critical')

  await page.getByTestId('rating-filter').selectOption('')
  await page.getByTestId('advisory-search').fill('CVE-2026-90004')
  const searched = page.waitForResponse((r) => r.url().includes('q=CVE-2026-90004'))
  await page.getByTestId('advisory-search-submit').click()
  await searched
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="record"]').length === 1)
  assert.equal(await page.getByTestId('advisory-row').getByTestId('cve-list').locator('li').allTextContents(), [
    'CVE-2026-90003',
    'CVE-2026-90004',
  ])
  assert.is(new URL(page.url()).search, '?q=CVE-2026-90004')
  assert.equal(await axeViolations(page), [])
  await shots(page, 'list', 'en')

  // The search from the address, in Arabic.
  await page.goto(`${ctx.server.url}/${DOMAIN}/security-advisories?rating=High&lang=ar`)
  await page.getByTestId('advisory-row').first().waitFor()
  assert.is(await page.getByTestId('rating-filter').inputValue(), 'High')
  assert.ok(
    (
      await page
        .getByTestId('advisory-row')
        .getByTestId('cvss-rating')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-rating')))
    ).every((r) => r === 'High' || r === 'Critical'),
  )
  assert.equal(await axeViolations(page), [])
  await shots(page, 'list', 'ar')
  assert.equal(errors, [])
})

advisories('the VEX page: the third-party flaw product by product; a typed CVE id answers "Is … affected by …?"', async (ctx) => {
  const { page, errors } = await open(ctx, `/${DOMAIN}/vex`)
  await page.getByTestId('vex-cve').first().waitFor()
  assert.is(await page.locator('h1').textContent(), 'VEX statements')
  assert.is(await page.getByTestId('demo-note').textContent(), 'This is a demo: its CVE IDs are invented and name no real vulnerability.')
  const cves = await page.getByTestId('vex-cve').evaluateAll((els) => els.map((e) => e.getAttribute('data-cve')))
  assert.equal(cves[0], 'CVE-2026-90010', 'newest CVE id first')
  await page.getByTestId('vex-search').fill('cve-2026-90010')
  await page.getByTestId('vex-answers').waitFor()
  const answers = await page
    .getByTestId('vex-answer')
    .evaluateAll((els) => els.map((e) => [e.querySelector('h3')!.textContent, e.getAttribute('data-status')]))
  assert.ok(answers.length >= 4, `answers: ${JSON.stringify(answers)}`)
  assert.ok(
    answers.every(([q, status]) => /^Is .+ affected by CVE-2026-90010\?$/.test(q ?? '') && status === 'known_not_affected'),
    JSON.stringify(answers),
  )
  assert.ok(answers.some(([q]) => q === 'Is Client Connector affected by CVE-2026-90010?'))
  assert.match((await page.getByTestId('vex-answer').first().textContent())!, /No, it is not affected\./)
  assert.is(new URL(page.url()).search, '?cve=cve-2026-90010')
  await page.getByTestId('vex-search').fill('log4shell')
  await page.getByTestId('vex-invalid').waitFor()
  await page.getByTestId('vex-search').fill('CVE-2026-90010')
  await page.getByTestId('vex-answers').waitFor()
  assert.equal(await axeViolations(page), [])
  await shots(page, 'vex', 'en')
  await page.goto(`${ctx.server.url}/${DOMAIN}/vex?cve=CVE-2026-90010&lang=ar`)
  await page.getByTestId('vex-answers').waitFor()
  assert.match((await page.getByTestId('vex-answer').first().locator('h3').textContent())!, /CVE-2026-90010/)
  assert.equal(await axeViolations(page), [])
  await shots(page, 'vex', 'ar')
  assert.equal(errors, [])
})

advisories.run()
