/**
 * Incidents from the vendor's alerts on the desk (docs/operating/alertmanager.md) on a production
 * server from an empty database with the operator's own catalogue: an alert rule (set through the
 * console's API), an API key, and an Alertmanager-shaped webhook (version 4, two alerts of one
 * group) posted to the site with the key as Alertmanager sends it. The draft shows in the desk's
 * "From alerts" list with its state in words; Publish makes it a published incident, which the
 * public incidents page shows. axe in English and Arabic; screenshots
 * `alerts-desk-{en|ar}-{375|1280}.png`.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { apiSignIn, axeViolations, newPage, screenshot, settled, signInTo, type SiteContext } from './harness'
import { OWN_SITE, OWNER, ownSiteSuite } from './own-site'

const { cloud: CLOUD, domain: DOMAIN, service: SERVICE } = OWN_SITE
const TITLE = 'GatewayDown: the web gateway refuses connections'

const site = ownSiteSuite('desk: an incident drafted from an Alertmanager webhook, published from the desk')

let key = ''
/** The owner's session headers for the console's API (set before the tests). */
let owner: Awaited<ReturnType<typeof apiSignIn>>

site.before(async (ctx) => {
  const headers = await apiSignIn(ctx, OWNER.name, OWNER.password)
  owner = headers
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx.server.app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`)
    return JSON.parse(res.body).data
  }
  key = (await send('POST', '/api/admin/api-keys', { name: 'Alertmanager', role: 'trust_admin', lifetime_days: 30 })).key
  await send('PUT', '/api/admin/alert-rules', {
    rules: [
      {
        name: 'Gateway alerts',
        enabled: true,
        matchers: [{ label: 'alertname', op: '=', value: 'GatewayDown' }],
        cloud: CLOUD,
        cloud_label: null,
        services: [SERVICE],
        services_label: null,
        data_centers: [],
        data_centers_label: null,
        severity: 'disruption',
        mode: 'draft',
        on_resolve: 'offer',
        title_template: '{{ $labels.alertname }}: {{ $annotations.summary }}',
        body_template: '{{ $count }} alerts fire: {{ $annotations.summary }}.',
        grace_seconds: 300,
      },
    ],
  })
})

/** One alert of the group, as Alertmanager's webhook carries it. */
const alert = (instance: string) => ({
  status: 'firing',
  labels: { alertname: 'GatewayDown', severity: 'critical', instance },
  annotations: { summary: 'the web gateway refuses connections' },
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: '0001-01-01T00:00:00Z',
  generatorURL: 'http://prometheus.nimbus.test/graph',
  fingerprint: instance === 'gw-1' ? 'a1b2c3d4e5f60718' : 'b1b2c3d4e5f60718',
})

/** Posts a notification of the group as Alertmanager does (its `http_config.authorization` sends the key as a bearer token). */
async function notify(ctx: SiteContext): Promise<Response> {
  return fetch(`${ctx.server.url}/api/integrations/alertmanager`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      version: '4',
      groupKey: '{}:{alertname="GatewayDown"}',
      truncatedAlerts: 0,
      status: 'firing',
      receiver: 'trust-site',
      groupLabels: { alertname: 'GatewayDown' },
      commonLabels: { alertname: 'GatewayDown', severity: 'critical' },
      commonAnnotations: { summary: 'the web gateway refuses connections' },
      externalURL: 'http://alertmanager.nimbus.test',
      alerts: [alert('gw-1'), alert('gw-2')],
    }),
  })
}

const alertRow = (page: Page) => page.getByTestId('desk-alert-row').filter({ hasText: TITLE })

site('a webhook with two alerts of one group drafts one incident; the desk lists it; Publish makes it public', async (ctx) => {
  const res = await notify(ctx)
  assert.is(res.status, 200, await res.clone().text())
  assert.is(((await res.json()) as { data: { outcome: string } }).data.outcome, 'drafted')
  // The same group again: still one draft.
  assert.is((await notify(ctx)).status, 200)

  const { page, errors } = await signInTo(ctx, OWNER.name, OWNER.password, '/admin/desk')
  const section = page.getByTestId('desk-alerts')
  await section.waitFor()
  await alertRow(page).waitFor()
  await settled(page)
  assert.is(await page.getByTestId('desk-alert-row').count(), 1, 'one alert incident for the group')
  assert.is((await alertRow(page).getByTestId('desk-alert-state').innerText()).trim(), 'Draft, not published')
  const cells = (await alertRow(page).locator('td').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim())
  assert.is(cells[1], `${DOMAIN} ${SERVICE}`)
  assert.is(cells[2], '2', 'two alerts firing')
  assert.equal(await axeViolations(page), [], 'the desk with a draft from alerts')
  await screenshot(page, 'alerts-desk-draft-1280')

  // Dismiss asks first; keeping the draft changes nothing.
  await alertRow(page)
    .getByRole('button', { name: `Dismiss ${TITLE}` })
    .click()
  await alertRow(page).getByTestId('desk-alert-dismiss-confirm').waitFor()
  await alertRow(page).getByRole('button', { name: 'Keep the draft' }).click()
  await alertRow(page)
    .getByRole('button', { name: `Publish ${TITLE}` })
    .click()
  const said = section.locator('[data-testid="save-status"], [data-testid="save-failed"], [data-testid="save-errors"]')
  await said.waitFor()
  assert.is((await said.innerText()).trim(), `Saved. “${TITLE}” is published.`)
  await page.locator('[data-testid="desk-alert-row"][data-state="open"]').waitFor()
  assert.is((await alertRow(page).getByTestId('desk-alert-state').innerText()).trim(), 'Published, alerts firing')
  // The desk's own lists read again: the record is among the open ones.
  await page.getByTestId('desk-open').getByRole('link', { name: TITLE }).waitFor()
  assert.equal(errors, [])

  const visitor = await newPage(ctx.server, 1280)
  ctx.pages.push(visitor)
  await visitor.page.goto(`${ctx.server.url}/${DOMAIN}/incidents`)
  await visitor.page.getByText(TITLE).first().waitFor()
  assert.equal(visitor.errors, [])
})

site(
  'the alert rules screen: the rule in words, a new rule by its labels (refused until named), moved up and saved in order',
  async (ctx) => {
    const tp = await newPage(ctx.server, 1280)
    ctx.pages.push(tp)
    const { page, errors } = tp
    await page.goto(`${ctx.server.url}/admin/alert-rules`)
    const rules = page.getByTestId('alert-rule')
    await rules.first().waitFor()
    await settled(page)
    assert.is(await rules.count(), 1)
    const first = rules.first()
    assert.is(await first.getByLabel('Rule name', { exact: true }).inputValue(), 'Gateway alerts')
    assert.is(await first.getByLabel('Value of matcher 1').inputValue(), 'GatewayDown')
    assert.is(await first.getByLabel('Services (names, comma-separated)').inputValue(), SERVICE)
    assert.is(await first.getByLabel('When the alerts resolve').inputValue(), 'offer')
    assert.equal(await axeViolations(page), [], 'the rules screen')

    await page.getByRole('button', { name: 'Add rule', exact: true }).click()
    await rules.nth(1).waitFor()
    await page.getByRole('button', { name: 'Save rules', exact: true }).click()
    const refusal = page.getByTestId('save-errors')
    await refusal.waitFor()
    assert.match(await refusal.innerText(), 'Rule 2: (no name yet): give the rule a name.')
    assert.match(await refusal.innerText(), 'Rule 2: (no name yet): choose a cloud, or a label that names it.')

    const second = rules.nth(1)
    await second.getByLabel('Rule name', { exact: true }).fill('Data center alerts')
    await second.getByLabel('Value of matcher 1').fill('DatacenterDown')
    await second.getByLabel('Cloud', { exact: true }).selectOption({ label: DOMAIN })
    await second.getByLabel('Label naming data centers (optional)').fill('datacenter')
    await second.getByLabel('When alerts fire').selectOption({ label: 'Publish the incident at once' })
    await second.getByRole('button', { name: 'Move Data center alerts up' }).click()
    assert.is(await rules.first().getByLabel('Rule name', { exact: true }).inputValue(), 'Data center alerts')
    await page.getByRole('button', { name: 'Save rules', exact: true }).click()
    await page.getByTestId('save-status').filter({ hasText: '2 rules in force.' }).waitFor()
    await screenshot(page, 'alert-rules-en-1280')

    const res = await ctx.server.app.inject({ method: 'GET', url: '/api/admin/alert-rules', headers: owner })
    assert.is(res.statusCode, 200, res.body)
    const saved = JSON.parse(res.body).data.rules as Array<Record<string, unknown>>
    assert.equal(
      saved.map((r) => [r.name, r.mode, r.cloud, r.data_centers_label]),
      [
        ['Data center alerts', 'publish', CLOUD, 'datacenter'],
        ['Gateway alerts', 'draft', CLOUD, null],
      ],
    )
    assert.equal(errors, [])
  },
)

site('the desk with alerts: axe in English and Arabic, light and dark; screenshots at 375 and 1280 px', async (ctx) => {
  const problems: string[] = []
  for (const locale of ['en', 'ar'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        const tp = await newPage(ctx.server, width)
        ctx.pages.push(tp)
        await tp.page.emulateMedia({ colorScheme: scheme })
        await tp.page.goto(`${ctx.server.url}/admin/desk?lang=${locale}`)
        await tp.page.getByTestId('desk-alert-row').first().waitFor()
        await settled(tp.page)
        for (const v of await axeViolations(tp.page)) problems.push(`${locale} ${scheme} ${width}: ${v}`)
        if (scheme === 'light') await screenshot(tp.page, `alerts-desk-${locale}-${width}`)
        // The rules screen too, in the same locale, scheme and width.
        await tp.page.goto(`${ctx.server.url}/admin/alert-rules?lang=${locale}`)
        await tp.page.getByTestId('alert-rule').first().waitFor()
        await settled(tp.page)
        for (const v of await axeViolations(tp.page)) problems.push(`rules ${locale} ${scheme} ${width}: ${v}`)
        if (scheme === 'light') await screenshot(tp.page, `alert-rules-${locale}-${width}`)
        problems.push(...tp.errors.map((e) => `${locale} ${scheme} ${width}: ${e}`))
        await tp.page.close()
      }
    }
  }
  assert.equal(problems, [], problems.join('\n'))
})

site.run()
