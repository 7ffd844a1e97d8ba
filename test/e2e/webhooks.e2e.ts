/**
 * Webhook, Slack and Teams subscriptions from the user's side (docs/subscriptions.md): on
 * /subscribe a verified user adds a receiver on loopback through the "Webhooks, Slack and Teams" panel (the server runs in the
 * webhook test mode), sees its signing secret once, sends a test delivery; then an incident is
 * published, updated and resolved through the admin API, and the receiver gets exactly one
 * delivery per event, each verified with `standardwebhooks`. A Slack endpoint gets Block Kit; a
 * private address is refused in the panel; an endpoint is removed after a confirmation. A Microsoft
 * Teams endpoint added in the panel gets an Adaptive Card valid against the official schema, in
 * English and Arabic pages alike.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import * as assert from 'uvu/assert'
import { SESSION_COOKIE } from '../../contract/constants'
import type { SlackMessage, TeamsMessage, WebhookPayload, WebhookRecordEvent } from '../../contract/webhooks'
import { adaptiveCardErrors } from '../fixtures/adaptive-card'
import {
  axeViolations,
  browser,
  eventually,
  queryDb,
  root,
  screenshot,
  screenshotDir,
  signInTo,
  siteSuite,
  type SiteContext,
} from './harness'

/** The demo's verified user (README, Accounts) and administrator. */
const VIEWER = { name: 'viewer@example.com', pass: 'Viewer12345' }
const ADMIN = { name: 'admin', pass: 'Admin12345' }

// ---------------------------------------------------------------------------------------------
// A receiver on 127.0.0.1

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

let receiver: Server
let receiverUrl = ''
const received: Received[] = []
const at = (path: string) => received.filter((r) => r.path === path)

/** The signature headers of a request, as `Webhook.verify` takes them. */
const signed = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
})

/** Waits until `path` has received `count` requests (the worker delivers right after each event). */
async function receivedAt(path: string, count: number, ms = 15_000): Promise<Received[]> {
  await eventually(
    async () => at(path).length,
    (n) => n >= count,
    `${count} deliveries at ${path}`,
    ms,
  )
  return at(path)
}

// ---------------------------------------------------------------------------------------------

const test = siteSuite('webhook, Slack and Teams endpoints on /subscribe', { webhookAllowLoopback: true })

/** What the first test leaves for the second: the signed-in page and the webhook's secret. */
let page: Page
let errors: string[] = []
let secret = ''
let admin = { cookie: '', csrf: '' }

test.before(async () => {
  receiver = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
    })
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: text })
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})

test.after(async () => {
  receiver.closeAllConnections()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
  // Cookies are per host, not per port: leave the browser signed out for the next suites.
  await (await browser()).clearCookies()
})

/**
 * Signs the administrator in through the API (as statuspage-widget.e2e.ts does, but over HTTP: the
 * record links in the payloads then carry the server's real address, not `inject`'s localhost:80).
 */
async function adminSession(ctx: SiteContext) {
  if (admin.cookie) return admin
  const login = await fetch(`${ctx.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: ADMIN.name, pass: ADMIN.pass }),
  })
  assert.is(login.status, 200)
  const session = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
  assert.ok(session, 'the session cookie')
  admin = { cookie: session.split(';')[0], csrf: ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token }
  return admin
}

/** A write of the admin API; returns the answer's `data` (`{ id, event_id, … }`). */
async function adminWrite(ctx: SiteContext, method: 'POST' | 'PATCH', url: string, payload: object, status = 200) {
  const { cookie, csrf } = await adminSession(ctx)
  const res = await fetch(ctx.server.url + url, {
    method,
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', origin: ctx.server.url },
    body: JSON.stringify(payload),
  })
  const text = await res.text()
  assert.is(res.status, status, text)
  return JSON.parse(text).data as { id: number; event_id: number }
}

/** A public data center of the demo cloud (a record about it matches an `all` subscription). */
function dataCenter(ctx: SiteContext): number {
  return queryDb<{ tid: number }>(
    ctx,
    `select cdc.data_center_tid as tid from cloud_data_centers cdc join clouds c on c.id = cdc.cloud_id
      where c.machine_name = 'auroraedge' and cdc.active = 1 and cdc.premium_dc = 0 order by cdc.data_center_tid limit 1`,
  )[0].tid
}

/** Publishes an incident on auroraedge through the admin API. */
const publishIncident = (ctx: SiteContext, title: string) =>
  adminWrite(
    ctx,
    'POST',
    '/api/admin/records',
    {
      type: 'incident',
      title,
      summary: 'Some requests through the data center are slower than usual.',
      status: 'In Progress',
      severity: 19,
      clouds: ['auroraedge'],
      terms: [dataCenter(ctx)],
      from: new Date(Date.now() - 60_000).toISOString(),
    },
    201,
  )

const panelOf = (p: Page) => p.getByTestId('webhooks')
const urlField = (panel: Locator) => panel.getByRole('textbox', { name: /URL/ })

/** Saves the panel alone as test-results/screenshots/{name}.png (the full page is mostly the subscriptions above it). */
async function panelShot(p: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await panelOf(p).screenshot({ path: join(screenshotDir, `${name}.png`) })
}

/** Fills the add form and presses Add endpoint. */
async function add(panel: Locator, kind: 'Webhook' | 'Slack' | 'Microsoft Teams', url: string) {
  await panel.getByRole('radio', { name: new RegExp(`^${kind} — `) }).check()
  await urlField(panel).fill(url)
  await panel.getByRole('button', { name: 'Add endpoint' }).click()
}

test('a verified user adds a loopback webhook in the panel, sees its secret once, tests it; one verified delivery per event', async (ctx) => {
  const tp = await signInTo(ctx, VIEWER.name, VIEWER.pass, '/subscribe')
  page = tp.page
  errors = tp.errors
  // Subscriptions first (the demo viewer starts with none): everything of the demo cloud.
  await page.getByRole('heading', { name: 'Manage Subscriptions', level: 1 }).waitFor()
  // The cookie banner of a first visit on this origin: answered, so it does not sit on the screenshots.
  const accept = page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' })
  if (await accept.isVisible()) await accept.click()
  await page.getByTestId('subscribe-all').click()
  await page.getByTestId('toasts').getByText('You have successfully subscribed to all the services.').waitFor()

  const panel = panelOf(page)
  await panel.getByRole('heading', { name: 'Webhooks, Slack and Teams', level: 2 }).waitFor()
  await panel.getByTestId('webhooks-empty').waitFor()
  assert.is(await panel.getByTestId('webhooks-count').innerText(), '0 endpoints of 5')

  // A private address is refused: the sentence is next to the field, which keeps what was typed.
  await add(panel, 'Webhook', 'http://10.0.0.1/')
  const fieldError = panel.getByTestId('webhook-url-error')
  await fieldError.waitFor()
  assert.match(await fieldError.innerText(), /private, local or reserved network/)
  assert.is(await urlField(panel).inputValue(), 'http://10.0.0.1/')
  assert.is(await urlField(panel).getAttribute('aria-invalid'), 'true')
  assert.ok((await urlField(panel).getAttribute('aria-describedby'))!.split(' ').includes((await fieldError.getAttribute('id'))!))
  assert.is(await fieldError.getAttribute('role'), 'alert')
  assert.equal(await axeViolations(page, '[data-testid="webhooks"]'), [])
  await panelShot(page, 'webhooks-panel-error-1280')

  // The receiver: added, the secret shown once (focus on it), the error gone.
  await add(panel, 'Webhook', `${receiverUrl}/hook`)
  const addedBox = panel.getByTestId('webhook-added')
  await addedBox.waitFor()
  assert.is(await page.evaluate(() => document.activeElement?.id), 'webhook-added-title')
  secret = (await panel.getByTestId('webhook-secret').innerText()).trim()
  assert.match(secret, /^whsec_[A-Za-z0-9+/=]{40,}$/)
  assert.match(await panel.getByTestId('webhook-secret-once').innerText(), /shown only once/)
  // Its copy button puts it on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.server.url })
  await addedBox.getByRole('button', { name: 'Copy secret' }).click()
  await addedBox.getByText('Copied to the clipboard.').waitFor()
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), secret)
  assert.is(await fieldError.count(), 0)
  assert.is(await urlField(panel).inputValue(), '', 'the field is cleared once the endpoint is added')
  const item = panel.getByTestId('webhook-endpoint')
  assert.is(await item.count(), 1)
  assert.is(await item.getByTestId('webhook-endpoint-url').innerText(), `${receiverUrl}/hook`)
  assert.is(await item.getByTestId('webhook-endpoint-status').innerText(), 'Active')
  assert.is(await panel.getByTestId('webhooks-count').innerText(), '1 endpoint of 5')
  assert.equal(await axeViolations(page, '[data-testid="webhooks"]'), [])
  await panelShot(page, 'webhooks-panel-secret-1280')
  // Once: closed, it is nowhere on the page, and a reload lists the endpoint without it.
  await addedBox.getByRole('button', { name: 'I have stored it' }).click()
  await addedBox.waitFor({ state: 'detached' })
  assert.not.ok((await page.content()).includes(secret))
  await page.reload()
  await panelOf(page).getByTestId('webhook-endpoint').waitFor()
  assert.not.ok((await page.content()).includes(secret))

  // A test delivery from the panel: delivered, and what the receiver got verifies.
  await panelOf(page)
    .getByRole('button', { name: `Send test delivery to ${receiverUrl}/hook` })
    .click()
  const outcome = panelOf(page).getByTestId('webhook-test-outcome')
  await outcome.filter({ hasText: 'Delivered' }).waitFor()
  assert.is(await outcome.innerText(), 'Test delivery: Delivered (HTTP 200).')
  const [testHit] = await receivedAt('/hook', 1)
  const testEvent = new Webhook(secret).verify(testHit.body, signed(testHit)) as WebhookPayload
  assert.is(testEvent.type, 'webhook.test')

  // An incident, an update and its resolution: three record events.
  const published = await publishIncident(ctx, 'Elevated latency (webhook e2e)')
  const updated = await adminWrite(ctx, 'PATCH', `/api/admin/records/${published.id}`, {
    status: 'Monitoring',
    update: 'A fix is deployed; we are watching latency.',
  })
  const resolved = await adminWrite(ctx, 'POST', `/api/admin/records/${published.id}/resolve`, { update: 'Latency is back to normal.' })
  await receivedAt('/hook', 4)
  // Every delivery on record as delivered: no later pass of the worker (every WEBHOOK_POLL_MS)
  // picks one up again, so what the receiver has now is all it gets.
  const deliveries = () =>
    queryDb<{ delivered: number }>(
      ctx,
      `select d.delivered_at is not null as delivered from webhook_deliveries d
         join webhook_endpoints e on e.id = d.endpoint_id where e.url = ?`,
      `${receiverUrl}/hook`,
    )
  await eventually(
    async () => deliveries(),
    (rows) => rows.length >= 3 && rows.every((r) => r.delivered === 1),
    'every delivery on record',
  )
  const hits = at('/hook').slice(1)
  assert.is(hits.length, 3, 'exactly one delivery per event, no duplicates')
  const events = hits.map((hit) => new Webhook(secret).verify(hit.body, signed(hit)) as WebhookRecordEvent)
  assert.equal(
    events.map((e) => [e.type, e.data.event_id, e.data.record.id, e.data.record.status]),
    [
      ['incident.published', published.event_id, published.id, 'In Progress'],
      ['incident.updated', updated.event_id, published.id, 'Monitoring'],
      ['incident.updated', resolved.event_id, published.id, 'Resolved'],
    ],
  )
  assert.is(new Set(hits.map((h) => h.headers['webhook-id'])).size, 3, 'a webhook-id per event')
  assert.is(events[1].data.update, 'A fix is deployed; we are watching latency.')
  // A tampered body does not verify.
  assert.throws(() => new Webhook(secret).verify(hits[0].body.replace('Elevated', 'Lowered'), signed(hits[0])))
  const rows = queryDb<{ event_key: string; delivered: number }>(
    ctx,
    `select d.event_key, d.delivered_at is not null as delivered from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id where e.url = ? order by d.id`,
    `${receiverUrl}/hook`,
  )
  assert.equal(
    rows,
    [published, updated, resolved].map((r) => ({ event_key: `record-event:${r.event_id}`, delivered: 1 })),
  )

  // The proof for the closing note: the first record event, as the receiver got and verified it.
  const pick = (h: IncomingHttpHeaders) =>
    Object.fromEntries(['content-type', 'user-agent', 'webhook-id', 'webhook-timestamp', 'webhook-signature'].map((k) => [k, h[k]]))
  mkdirSync(join(root, 'test-results'), { recursive: true })
  writeFileSync(
    join(root, 'test-results/webhook-delivery.json'),
    `${JSON.stringify(
      {
        verified_with: "new Webhook(secret).verify(body, headers) from 'standardwebhooks': passed",
        receiver: `${receiverUrl}/hook`,
        delivery: { method: 'POST', headers: pick(hits[0].headers), body: JSON.parse(hits[0].body) },
        all_deliveries: [testHit, ...hits].map((h, i) => ({
          'webhook-id': h.headers['webhook-id'],
          type: (i === 0 ? testEvent : events[i - 1]).type,
          event_id: i === 0 ? null : events[i - 1].data.event_id,
          record_id: i === 0 ? null : events[i - 1].data.record.id,
          verified: true,
        })),
      },
      null,
      2,
    )}\n`,
  )

  // The list after a refresh: active, nothing waiting, a last delivery.
  await panelOf(page).getByRole('button', { name: 'Refresh' }).click()
  const last = panelOf(page).getByTestId('webhook-endpoint-last')
  await last.filter({ hasNotText: 'Nothing delivered yet' }).waitFor()
  assert.is(await panelOf(page).getByTestId('webhook-endpoint-pending').innerText(), '0')
  assert.is(await panelOf(page).getByTestId('webhook-endpoint-failures').innerText(), '0')
  // The refused address's 400 is the one failed request the browser logs.
  assert.equal(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  )
})

test('a Slack endpoint (loopback in the test mode) gets Block Kit; the list masks it; removing needs a confirmation', async (ctx) => {
  assert.ok(page, 'the first test signed in')
  const panel = panelOf(page)
  await add(panel, 'Slack', `${receiverUrl}/services/T0/B0/slack-secret-part`)
  const addedBox = panel.getByTestId('webhook-added')
  await addedBox.waitFor()
  assert.is(await addedBox.getByTestId('webhook-secret').count(), 0, 'Slack endpoints have no secret')
  assert.match(await addedBox.innerText(), /no secret to keep/)
  const slack = panel.getByTestId('webhook-endpoint').nth(1)
  assert.is(await slack.getByTestId('webhook-endpoint-url').innerText(), `${receiverUrl}/services/T0/B0/••••`)

  // Its test delivery, then a new incident reaches both endpoints once.
  await slack.getByRole('button', { name: /^Send test delivery to / }).click()
  await slack.getByTestId('webhook-test-outcome').filter({ hasText: 'Delivered' }).waitFor()
  const slackPath = '/services/T0/B0/slack-secret-part'
  await receivedAt(slackPath, 1)
  const hooksBefore = at('/hook').length
  const published = await publishIncident(ctx, 'Packet loss <in> Frankfurt & Paris')
  const [, hit] = await receivedAt(slackPath, 2)
  await receivedAt('/hook', hooksBefore + 1)
  assert.is(hit.headers['webhook-signature'], undefined, 'Slack messages are not signed')
  const message = JSON.parse(hit.body) as SlackMessage
  // Escaped: Slack reads `<…>` in the top-level text as a link or mention (docs/statuspage-api.md).
  assert.is(message.text, 'Incident: Packet loss &lt;in&gt; Frankfurt &amp; Paris (In Progress)')
  assert.equal(
    message.blocks.map((b) => b.type),
    ['header', 'section', 'section', 'actions', 'context'],
  )
  const actions = message.blocks[3] as Extract<SlackMessage['blocks'][number], { type: 'actions' }>
  assert.match(actions.elements[0].url, new RegExp(`/posts/${published.id}$`))

  // Screenshots and axe at both widths, with two endpoints (refreshed: both delivered) and the Slack notice.
  await panel.getByRole('button', { name: 'Refresh' }).click()
  await slack.getByTestId('webhook-endpoint-last').filter({ hasNotText: 'Nothing delivered yet' }).waitFor()
  assert.equal(await axeViolations(page, '[data-testid="webhooks"]'), [])
  await screenshot(page, 'webhooks-1280')
  await panelShot(page, 'webhooks-panel-1280')
  await page.setViewportSize({ width: 375, height: 900 })
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'nothing scrolls sideways at 375 px')
  assert.equal(await axeViolations(page, '[data-testid="webhooks"]'), [])
  await screenshot(page, 'webhooks-375')
  await panelShot(page, 'webhooks-panel-375')
  await page.setViewportSize({ width: 1280, height: 900 })
  await addedBox.getByRole('button', { name: 'Close' }).click()

  // Remove: a confirmation (focus on its question), Keep it returns; then removed.
  const remove = slack.getByRole('button', { name: /^Remove http/ })
  await remove.click()
  const confirm = slack.getByTestId('webhook-remove-confirm')
  await confirm.waitFor()
  assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /^Remove this endpoint\?/)
  await confirm.getByRole('button', { name: 'Keep it' }).click()
  await confirm.waitFor({ state: 'detached' })
  await remove.click()
  await slack.getByRole('button', { name: 'Remove endpoint' }).click()
  await panel.getByText(/^Slack endpoint .* removed\.$/).waitFor()
  assert.is(await panel.getByTestId('webhook-endpoint').count(), 1)
  assert.is(queryDb(ctx, 'select id from webhook_endpoints where kind = ?', 'slack').length, 0)
  assert.equal(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  )
})

test('a Teams endpoint added in the panel gets an Adaptive Card per event, valid against the schema; English and Arabic', async (ctx) => {
  assert.ok(page, 'the first test signed in')
  const panel = panelOf(page)
  // The kind's own label and hint.
  await panel.getByRole('radio', { name: /^Microsoft Teams — A card in a Microsoft Teams channel/ }).check()
  await panel.getByText('Teams webhook URL', { exact: true }).waitFor()
  await panel.getByText(/Workflows app/).waitFor()
  const teamsPath = '/workflows/e2e/triggers/manual/paths/invoke?api-version=1&sig=teams-secret-sig'
  await add(panel, 'Microsoft Teams', `${receiverUrl}${teamsPath}`)
  const addedBox = panel.getByTestId('webhook-added')
  await addedBox.getByText('Microsoft Teams endpoint added').waitFor()
  assert.is(await addedBox.getByTestId('webhook-secret').count(), 0, 'Teams endpoints have no secret')
  assert.match(await addedBox.innerText(), /Teams messages are not signed/)
  const teams = panel.getByTestId('webhook-endpoint').filter({ hasText: 'Microsoft Teams' })
  await teams.waitFor()
  assert.is(await teams.getByTestId('webhook-endpoint-url').innerText(), `${receiverUrl}/workflows/e2e/triggers/manual/paths/••••?••••`)
  assert.not.ok((await page.content()).includes('teams-secret-sig'), 'the URL (a credential) is masked')

  // Its test card, then an incident with a hostile title: one card each.
  await teams.getByRole('button', { name: /^Send test delivery to / }).click()
  await teams.getByTestId('webhook-test-outcome').filter({ hasText: 'Delivered' }).waitFor()
  const title = 'Packet loss [Sign in](https://evil.example) <at>Everyone</at>'
  const published = await publishIncident(ctx, title)
  const [testHit, hit] = await receivedAt(teamsPath, 2)
  for (const h of [testHit, hit]) {
    assert.is(h.headers['webhook-signature'], undefined, 'Teams messages are not signed')
    const message = JSON.parse(h.body) as TeamsMessage
    assert.is(message.type, 'message')
    assert.is(message.attachments[0].contentType, 'application/vnd.microsoft.card.adaptive')
    assert.equal(adaptiveCardErrors(message.attachments[0].content), [])
  }
  const card = (JSON.parse(hit.body) as TeamsMessage).attachments[0].content
  const runs = card.body.flatMap((e) => (e.type === 'RichTextBlock' ? e.inlines.map((r) => r.text) : []))
  assert.ok(runs.includes(title), 'the title as typed, in a plain text run')
  assert.ok(runs.includes('In Progress'))
  assert.not.ok(
    card.body.some((e) => e.type === 'TextBlock' && e.text.includes('evil')),
    'no record text in Markdown',
  )
  assert.match(card.actions?.[0].url ?? '', new RegExp(`/posts/${published.id}$`))
  mkdirSync(join(root, 'test-results'), { recursive: true })
  writeFileSync(join(root, 'test-results/teams-card.json'), `${JSON.stringify(JSON.parse(hit.body), null, 2)}\n`)

  // Axe and screenshots with the Teams endpoint, English and Arabic, 1280 and 375 px.
  await addedBox.getByRole('button', { name: 'Close' }).click()
  await panel.getByRole('button', { name: 'Refresh' }).click()
  await teams.getByTestId('webhook-endpoint-last').filter({ hasNotText: 'Nothing delivered yet' }).waitFor()
  await panel.getByRole('radio', { name: /^Microsoft Teams — / }).check()
  for (const [lang, heading] of [
    ['en', 'Webhooks, Slack and Teams'],
    ['ar', 'Webhooks وSlack وTeams'],
  ] as const) {
    await page.goto(`${ctx.server.url}/subscribe?lang=${lang}`)
    await panelOf(page).getByRole('heading', { name: heading, level: 2 }).waitFor()
    await panelOf(page).getByTestId('webhook-endpoint').nth(1).waitFor()
    await panelOf(page)
      .getByRole('radio', { name: /^Microsoft Teams — / })
      .check()
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      assert.ok(await page.evaluate((w) => document.documentElement.scrollWidth <= w, width), `nothing scrolls sideways at ${width} px`)
      assert.equal(await axeViolations(page, '[data-testid="webhooks"]'), [], `${lang} ${width}`)
      await panelShot(page, `webhooks-teams-${lang}-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  }
  await page.goto(`${ctx.server.url}/subscribe?lang=en`)
  await panelOf(page).getByRole('heading', { name: 'Webhooks, Slack and Teams', level: 2 }).waitFor()
  assert.equal(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  )
})

test.run()
