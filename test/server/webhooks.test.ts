import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { SlackMessage, WebhookPayload, type WebhookRecordEvent, WebhooksData, WebhookTestData } from '../../contract/webhooks.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { buildApp } from '../../server/app.js'
import { readConfig } from '../../server/config.js'
import { dispatchEvent } from '../../server/publishing/dispatch.js'
import { openDatabase } from '../../server/db/connection.js'
import { createWebhookWorker, WEBHOOK_BACKOFF_MS, WEBHOOK_FAILURE_LIMIT } from '../../server/webhooks/deliver.js'
import { checkWebhookUrl, forbiddenReason, WebhookUrlError } from '../../server/webhooks/ssrf.js'
import { schemaErrors } from '../contract/harness.js'
import { auroraDataCenter, cloudId } from './desk-helpers.js'
import { body, removeDir, startApp, TEST_DIALECT, tempDir, type TestApp } from './helpers.js'
import { addEndpoint, fakeResolver, outsideTestMode, PUBLIC_URL, type Received, type Receiver, startReceiver } from './webhook-helpers.js'
import { createAccount, errorOf, login, type Session, send } from './staff-helpers.js'

// ---------------------------------------------------------------------------------------------
// A receiver on 127.0.0.1

/** The signature headers of a request, as `Webhook.verify` takes them. */
const signed = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
})

const INCIDENT = {
  type: 'incident',
  title: 'Elevated latency in Amsterdam',
  summary: 'Some requests through Amsterdam are slower than usual.',
  status: 'In Progress',
  severity: 19,
  clouds: ['auroraedge'],
  terms: [] as number[],
  from: '2026-03-15T09:00:00Z',
}

/** Publishes `INCIDENT` (with `overrides`) as `admin`; returns the record id and its event id. */
async function publish(t: TestApp, admin: Session, overrides: Record<string, unknown> = {}) {
  const res = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: { ...INCIDENT, terms: [await auroraDataCenter(t)], ...overrides },
  })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data as { id: number; event_id: number }
}

/** Runs the fan-out of every committed event, then one pass of the webhook worker. */
async function deliver(t: TestApp): Promise<void> {
  await t.settled()
  await t.app.webhooks.flush()
}

/** Adds an endpoint as `session`; returns the answer's data (201 expected). */
/** Subscribes `session` to everything of auroraedge. */
async function subscribeAll(t: TestApp, session: Session): Promise<void> {
  const res = await send(t, 'POST', '/api/subscribe', { session, payload: { cloud: 'auroraedge', tid: 'all', action: 'subscribe' } })
  assert.is(res.statusCode, 200, res.body)
}

const deliveriesOf = (t: TestApp, endpointId: number) =>
  t.query<{
    id: number
    event_key: string
    message_id: string
    attempts: number
    next_attempt_at: number
    delivered_at: number | null
    last_status: number | null
    last_error: string | null
  }>('select * from webhook_deliveries where endpoint_id = ? order by id', endpointId)

const endpointRow = async (t: TestApp, id: number) =>
  (
    await t.query<{ consecutive_failures: number; disabled_at: number | null; disabled_reason: string | null }>(
      'select consecutive_failures, disabled_at, disabled_reason from webhook_endpoints where id = ?',
      id,
    )
  )[0]

// ---------------------------------------------------------------------------------------------

const delivery = suite('deliveries in the test mode: one per event, signed; Slack gets Block Kit; pinned address')

let t: TestApp
let receiver: Receiver
let admin: Session
let viewer: Session
/** The app's clock, near the real one: `standardwebhooks` checks timestamps against the real clock. */
let clock = Math.floor(Date.now() / 1000) * 1000

delivery.before(async () => {
  // Near the real clock when the suite starts, however long the files before it took (the
  // verifier allows five minutes).
  clock = Math.floor(Date.now() / 1000) * 1000
  receiver = await startReceiver()
  t = await startApp({
    now: () => new Date(clock),
    accounts: { publicUrl: PUBLIC_URL },
    webhookAllowLoopback: true,
    // `receiver.test` exists only here: reaching the receiver through it shows the connection goes
    // to the checked address, not to a second DNS lookup.
    webhookResolver: fakeResolver({ 'receiver.test': ['127.0.0.1'] }),
  })
  admin = await login(t, 'admin', 'Admin12345')
  viewer = await login(t, 'viewer@example.com', 'Viewer12345')
  await subscribeAll(t, viewer)
})
delivery.after(async () => {
  await t.close()
  await receiver.close()
})

delivery('a loopback receiver gets exactly one signed delivery per event; the signature verifies, a tampered body does not', async () => {
  const { endpoint, secret } = await addEndpoint(t, viewer, 'webhook', receiver.url('/hook'))
  assert.ok(secret?.startsWith('whsec_'), String(secret))
  assert.is(endpoint.kind, 'webhook')
  assert.is(endpoint.url, receiver.url('/hook'))

  const published = await publish(t, admin)
  await deliver(t)
  await deliver(t)
  const got = receiver.at('/hook')
  assert.is(got.length, 1, 'one delivery for one event')
  const [hit] = got
  assert.is(hit.headers['content-type'], 'application/json')
  assert.match(String(hit.headers['webhook-id']), /^msg_/)
  assert.is(hit.headers['webhook-timestamp'], String(Math.floor(clock / 1000)))
  const payload = new Webhook(secret as string).verify(hit.body, signed(hit)) as WebhookPayload
  assert.equal(schemaErrors(WebhookPayload, payload), [])
  const domain = (await t.query<{ domain: string }>('select domain from clouds where machine_name = ?', 'auroraedge'))[0].domain
  const severity = (await t.query<{ name: string }>('select name from severities where tid = 19'))[0].name
  assert.equal(payload, {
    type: 'incident.published',
    timestamp: new Date(clock).toISOString(),
    data: {
      event_id: published.event_id,
      record: {
        id: published.id,
        type: 'incident',
        title: INCIDENT.title,
        status: 'In Progress',
        severity,
        clouds: [
          {
            machine_name: 'auroraedge',
            domain,
            title: (await t.query('select title from clouds where id = ?', await cloudId(t, 'auroraedge')))[0].title,
          },
        ],
        from: '2026-03-15T09:00:00.000Z',
        to: null,
        summary: INCIDENT.summary,
        url: `${PUBLIC_URL}/${domain}/posts/${published.id}`,
      },
      update: null,
    },
  })
  assert.throws(() => new Webhook(secret as string).verify(hit.body.replace('Amsterdam', 'Amsterdan'), signed(hit)), /signature/i)
  assert.throws(() => new Webhook(secret as string).verify(hit.body, { ...signed(hit), 'webhook-id': 'msg_other' }), /signature/i)

  // Enqueueing the same event again adds nothing; an update is a new event with a new webhook-id.
  await t
    .db()
    .transaction()
    .execute((trx) => dispatchEvent(trx, published.event_id, PUBLIC_URL, clock))
  assert.is((await deliveriesOf(t, endpoint.id)).length, 1)
  const res = await send(t, 'PATCH', `/api/admin/records/${published.id}`, {
    session: admin,
    payload: { status: 'Resolved', to: '2026-03-15T10:00:00Z', update: 'Latency is back to normal.' },
  })
  assert.is(res.statusCode, 200, res.body)
  await deliver(t)
  const [, second] = receiver.at('/hook')
  assert.ok(second, 'the update was delivered')
  const update = new Webhook(secret as string).verify(second.body, signed(second)) as WebhookRecordEvent
  assert.is(update.type, 'incident.updated')
  assert.is(update.data.record.status, 'Resolved')
  assert.is(update.data.record.to, '2026-03-15T10:00:00.000Z')
  assert.is(update.data.update, 'Latency is back to normal.')
  assert.is.not(second.headers['webhook-id'], got[0].headers['webhook-id'])
  const rows = await deliveriesOf(t, endpoint.id)
  assert.equal(
    rows.map((r) => [r.event_key, r.attempts, r.last_status, r.delivered_at === null]),
    [
      [`record-event:${published.event_id}`, 1, 200, false],
      [`record-event:${body(res).data.event_id}`, 1, 200, false],
    ],
  )
  assert.is((await send(t, 'DELETE', `/api/webhooks/${endpoint.id}`, { session: viewer })).statusCode, 200)
})

delivery('a Slack endpoint gets a Block Kit message with the facts and a link button, unsigned', async () => {
  const { endpoint, secret } = await addEndpoint(t, viewer, 'slack', receiver.url('/slack'))
  assert.is(secret, null, 'Slack endpoints have no secret')
  const published = await publish(t, admin, { title: 'Packet loss <in> Frankfurt & Paris' })
  await deliver(t)
  const got = receiver.at('/slack')
  assert.is(got.length, 1)
  assert.is(got[0].headers['webhook-signature'], undefined)
  const message = JSON.parse(got[0].body)
  assert.equal(schemaErrors(SlackMessage, message), [])
  // The top-level text is parsed for `<…>` links and mentions: escaped (docs/statuspage-api.md); the header is plain_text.
  assert.is(message.text, 'Incident: Packet loss &lt;in&gt; Frankfurt &amp; Paris (In Progress)')
  assert.equal(
    message.blocks.map((b: { type: string }) => b.type),
    ['header', 'section', 'section', 'actions', 'context'],
  )
  const [header, facts, summary, actions, context] = message.blocks
  assert.equal(header.text, { type: 'plain_text', text: 'Incident: Packet loss <in> Frankfurt & Paris' })
  const fieldText = facts.fields.map((f: { text: string }) => f.text).join('\n')
  assert.match(fieldText, /\*Status\*\nIn Progress/)
  assert.match(fieldText, /\*Severity\*/)
  assert.match(fieldText, /\*Clouds\*/)
  assert.match(fieldText, /<!date\^\d+\^/)
  assert.is(summary.text.text, INCIDENT.summary)
  assert.is(actions.elements[0].type, 'button')
  assert.match(actions.elements[0].url, new RegExp(`^${PUBLIC_URL}/[^/]+/posts/${published.id}$`))
  assert.match(context.elements[0].text, /^incident\.published/)
  assert.is((await send(t, 'DELETE', `/api/webhooks/${endpoint.id}`, { session: viewer })).statusCode, 200)
})

delivery('the connection goes to the address the guard checked (a name only the injected resolver knows)', async () => {
  const { endpoint } = await addEndpoint(t, viewer, 'webhook', `http://receiver.test:${receiver.port}/pinned`)
  await publish(t, admin, { title: 'Pinned' })
  await deliver(t)
  assert.is(receiver.at('/pinned').length, 1)
  assert.is(receiver.at('/pinned')[0].headers.host, `receiver.test:${receiver.port}`)
  assert.is((await send(t, 'DELETE', `/api/webhooks/${endpoint.id}`, { session: viewer })).statusCode, 200)
})

delivery('users whose subscriptions do not cover the record, and disabled endpoints, get nothing', async () => {
  const hash = await hashPassword('Secret12345')
  await createAccount(t, 'bystander', hash)
  const bystander = await login(t, 'bystander', 'Secret12345')
  const { endpoint } = await addEndpoint(t, bystander, 'webhook', receiver.url('/bystander'))
  const { endpoint: off } = await addEndpoint(t, viewer, 'webhook', receiver.url('/off'))
  await t.exec('update webhook_endpoints set disabled_at = ? where id = ?', clock, off.id)
  await publish(t, admin, { title: 'Not for everyone' })
  await deliver(t)
  assert.is(receiver.at('/bystander').length, 0)
  assert.is(receiver.at('/off').length, 0)
  assert.is((await deliveriesOf(t, endpoint.id)).length, 0)
  assert.is((await deliveriesOf(t, off.id)).length, 0)
  await send(t, 'DELETE', `/api/webhooks/${off.id}`, { session: viewer })
})

delivery.run()

// ---------------------------------------------------------------------------------------------

const retries = suite('retries with backoff, disabling after repeated failures, the owner mail, and enabling by a test')

retries.before(async () => {
  clock = Math.floor(Date.now() / 1000) * 1000
  receiver = await startReceiver()
  t = await startApp({ now: () => new Date(clock), accounts: { publicUrl: PUBLIC_URL }, webhookAllowLoopback: true })
  admin = await login(t, 'admin', 'Admin12345')
  viewer = await login(t, 'viewer@example.com', 'Viewer12345')
  await subscribeAll(t, viewer)
})
retries.after(async () => {
  await t.close()
  await receiver.close()
})

retries('a failing receiver is retried after 30 s, 2 min, 10 min, 1 h, 6 h, then disabled with a mail; later events wait', async () => {
  receiver.status.set('/flaky', 500)
  const { endpoint } = await addEndpoint(t, viewer, 'webhook', receiver.url('/flaky'))
  const first = await publish(t, admin, { title: 'First' })
  const second = await publish(t, admin, { title: 'Second' })
  await deliver(t)
  assert.is(receiver.at('/flaky').length, 1, 'the first event is tried; the second waits behind it')
  const start = clock
  let [row] = await deliveriesOf(t, endpoint.id)
  assert.is(row.event_key, `record-event:${first.event_id}`)
  assert.is(row.attempts, 1)
  assert.is(row.last_status, 500)
  assert.match(String(row.last_error), /^HTTP 500: receiver is broken/)
  assert.is(row.next_attempt_at, start + WEBHOOK_BACKOFF_MS[0])
  assert.is((await endpointRow(t, endpoint.id)).consecutive_failures, 1)

  // Nothing happens before the backoff has passed.
  clock += WEBHOOK_BACKOFF_MS[0] - 1000
  await deliver(t)
  assert.is(receiver.at('/flaky').length, 1)

  assert.equal(WEBHOOK_BACKOFF_MS, [30_000, 120_000, 600_000, 3_600_000, 21_600_000])
  assert.is(WEBHOOK_FAILURE_LIMIT, 6)
  for (let failure = 1; failure < WEBHOOK_FAILURE_LIMIT; failure++) {
    clock = (row.next_attempt_at as number) + 0
    await deliver(t)
    assert.is(receiver.at('/flaky').length, failure + 1, `attempt ${failure + 1}`)
    ;[row] = await deliveriesOf(t, endpoint.id)
    assert.is(row.attempts, failure + 1)
    if (failure + 1 < WEBHOOK_FAILURE_LIMIT) assert.is(row.next_attempt_at, clock + WEBHOOK_BACKOFF_MS[failure])
  }
  const ids = new Set(receiver.at('/flaky').map((r) => r.headers['webhook-id']))
  assert.is(ids.size, 1, 'the webhook-id is the same on every retry')

  const state = await endpointRow(t, endpoint.id)
  assert.is(state.consecutive_failures, WEBHOOK_FAILURE_LIMIT)
  assert.is(state.disabled_at, clock)
  assert.match(String(state.disabled_reason), /6 delivery attempts in a row failed; the last one: HTTP 500/)
  const mails = await t.query<{ to_address: string; subject: string; text: string }>(
    "select to_address, subject, text from outbox where event_key like 'webhook-disabled:%'",
  )
  assert.is(mails.length, 1)
  assert.is(mails[0].to_address, 'viewer@example.com')
  assert.is(mails[0].subject, 'Your webhook endpoint was disabled')
  assert.ok(mails[0].text.includes(receiver.url('/flaky')), mails[0].text)
  assert.ok(mails[0].text.includes('HTTP 500'), mails[0].text)

  // Disabled: no more attempts, however long (within the session's day); the list says so.
  clock += 12 * 3_600_000
  await deliver(t)
  assert.is(receiver.at('/flaky').length, WEBHOOK_FAILURE_LIMIT)
  const list = body(await send(t, 'GET', '/api/webhooks', { session: viewer }))
  assert.equal(schemaErrors(answer(WebhooksData), list), [])
  const [shown] = list.data.endpoints
  assert.is(shown.disabled_at, new Date(state.disabled_at as number).toISOString())
  assert.is(shown.pending, 2)

  // Fixed: a successful test enables it again, and the kept events follow, in order.
  receiver.status.delete('/flaky')
  const test = await send(t, 'POST', `/api/webhooks/${endpoint.id}/test`, { session: viewer, payload: {} })
  assert.is(test.statusCode, 200, test.body)
  const result = body(test)
  assert.equal(schemaErrors(answer(WebhookTestData), result), [])
  assert.is(result.data.delivered, true)
  assert.is(result.data.endpoint.disabled_at, null)
  assert.is(JSON.parse(receiver.at('/flaky')[WEBHOOK_FAILURE_LIMIT].body).type, 'webhook.test')
  await deliver(t)
  const titles = receiver
    .at('/flaky')
    .slice(WEBHOOK_FAILURE_LIMIT + 1)
    .map((r) => JSON.parse(r.body).data.record.title)
  assert.equal(titles, ['First', 'Second'])
  assert.equal(
    (await deliveriesOf(t, endpoint.id)).map((d) => [d.event_key, d.delivered_at !== null]),
    [
      [`record-event:${first.event_id}`, true],
      [`record-event:${second.event_id}`, true],
    ],
  )
  assert.is((await endpointRow(t, endpoint.id)).consecutive_failures, 0)
})

retries('a success resets the failure count; an unreachable receiver fails like an error answer', async () => {
  receiver.status.set('/once', 503)
  const { endpoint } = await addEndpoint(t, viewer, 'webhook', receiver.url('/once'))
  await publish(t, admin, { title: 'Once' })
  await deliver(t)
  assert.is((await endpointRow(t, endpoint.id)).consecutive_failures, 1)
  receiver.status.delete('/once')
  clock += WEBHOOK_BACKOFF_MS[0]
  await deliver(t)
  assert.is((await endpointRow(t, endpoint.id)).consecutive_failures, 0)
  assert.is(receiver.at('/once').length, 2)

  // A port nobody listens on.
  const closed = await startReceiver()
  const deadUrl = closed.url('/dead')
  await closed.close()
  const { endpoint: dead } = await addEndpoint(t, viewer, 'webhook', deadUrl)
  await publish(t, admin, { title: 'Nobody home' })
  await deliver(t)
  const [row] = await deliveriesOf(t, dead.id)
  assert.is(row.last_status, null)
  assert.is(row.last_error, 'The connection was refused.')
  assert.is((await endpointRow(t, dead.id)).consecutive_failures, 1)
})

retries('PostgreSQL: several workers on one database send each delivery once, each endpoint in order', async () => {
  if (TEST_DIALECT !== 'postgres') return
  await t.exec('delete from webhook_endpoints')
  const paths = ['/c1', '/c2', '/c3']
  for (const path of paths) await addEndpoint(t, viewer, 'webhook', receiver.url(path))
  receiver.delay.ms = 30
  const titles = ['One', 'Two', 'Three', 'Four']
  for (const title of titles) await publish(t, admin, { title })
  await t.settled()
  // Two more origins' workers on connections of their own, racing the app's.
  const others = [openDatabase(t.location), openDatabase(t.location)]
  const workers = others.map((db) =>
    createWebhookWorker({
      db,
      now: () => new Date(clock),
      policy: { httpsOnly: false, allowLoopback: true },
      publicUrl: () => PUBLIC_URL,
      onMail: () => {},
    }),
  )
  try {
    await Promise.all([t.app.webhooks.flush(), ...workers.map((w) => w.flush())])
    await deliver(t)
  } finally {
    receiver.delay.ms = 0
    for (const w of workers) await w.close()
    for (const db of others) await db.destroy()
  }
  for (const path of paths) {
    assert.equal(
      receiver.at(path).map((r) => JSON.parse(r.body).data.record.title),
      titles,
      path,
    )
  }
})

retries.run()

// ---------------------------------------------------------------------------------------------

const ssrf = suite('the SSRF guard outside the test mode')

const outside = outsideTestMode(ssrf)
/** What the injected resolver answers; tests change it. */
const { dns } = outside
let plain: TestApp
let user: Session
ssrf.before(() => {
  ;({ app: plain, user } = outside)
})

ssrf('loopback, private, link-local, metadata and reserved addresses are refused, as literals and through DNS', async () => {
  Object.assign(dns, {
    localhost: ['127.0.0.1', '::1'],
    'internal.example': ['10.1.2.3'],
    'mixed.example': ['93.184.216.34', '192.168.1.10'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:10.0.0.1'],
  })
  const refused = [
    'http://127.0.0.1/hook',
    'https://127.1.2.3:8443/hook',
    'https://10.0.0.5/hook',
    'https://172.16.0.1/hook',
    'https://192.168.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.100.100.200/latest/meta-data/',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[::]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://224.0.0.1/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'https://localhost/hook',
    'https://internal.example/hook',
    'https://mixed.example/hook',
    'https://metadata.example/hook',
    'https://mapped.example/hook',
  ]
  for (const url of refused) {
    const res = await send(plain, 'POST', '/api/webhooks', { session: user, payload: { kind: 'webhook', url } })
    assert.is(res.statusCode, 400, `${url}: ${res.body}`)
    assert.is(errorOf(res).code, 'forbidden_address', url)
    assert.match(errorOf(res).message, /not a public address/)
  }
  assert.match(
    errorOf(
      await send(plain, 'POST', '/api/webhooks', { session: user, payload: { kind: 'webhook', url: 'https://internal.example/hook' } }),
    ).message,
    /internal\.example resolves to 10\.1\.2\.3, which is not a public address \(private\)/,
  )
  const unknown = await send(plain, 'POST', '/api/webhooks', {
    session: user,
    payload: { kind: 'webhook', url: 'https://nowhere.example/' },
  })
  assert.is(errorOf(unknown).code, 'unresolvable_host')
  assert.equal(await plain.query('select id from webhook_endpoints'), [])
})

ssrf('malformed URLs and non-Slack URLs for Slack are refused with clear messages', async () => {
  dns['hooks.slack.com'] = ['34.0.0.10']
  dns['example.com'] = ['93.184.216.34']
  const cases: Array<[string, string, string]> = [
    ['webhook', 'not a url', 'invalid_url'],
    ['webhook', 'ftp://example.com/hook', 'invalid_url'],
    ['webhook', 'https://user:pass@example.com/hook', 'invalid_url'],
    ['slack', 'https://example.com/services/T0/B0/x', 'not_slack_url'],
    ['slack', 'http://hooks.slack.com/services/T0/B0/x', 'not_slack_url'],
  ]
  for (const [kind, url, code] of cases) {
    const res = await send(plain, 'POST', '/api/webhooks', { session: user, payload: { kind, url } })
    assert.is(res.statusCode, 400, url)
    assert.is(errorOf(res).code, code, url)
  }
  const slack = await addEndpoint(plain, user, 'slack', 'https://hooks.slack.com/services/T0001/B0002/abcdefSECRET')
  assert.is(slack.endpoint.url, 'https://hooks.slack.com/services/T0001/B0002/••••', 'the Slack URL (a credential) is masked')
  const list = body(await send(plain, 'GET', '/api/webhooks', { session: user }))
  assert.not.ok(JSON.stringify(list).includes('abcdefSECRET'))
  // http:// to a public address is allowed outside production.
  await addEndpoint(plain, user, 'webhook', 'http://example.com/hook')
  await plain.exec('delete from webhook_endpoints')
})

ssrf('a DNS answer that changes after the check is checked again at delivery (rebinding)', async () => {
  dns['rebind.example'] = ['93.184.216.34']
  const { endpoint } = await addEndpoint(plain, user, 'webhook', 'https://rebind.example/hook')
  await send(plain, 'POST', '/api/subscribe', { session: user, payload: { cloud: 'auroraedge', tid: 'all', action: 'subscribe' } })
  dns['rebind.example'] = ['127.0.0.1']
  const admin2 = await login(plain, 'admin', 'Admin12345')
  await publish(plain, admin2, { title: 'Rebound' })
  await deliver(plain)
  const [row] = await deliveriesOf(plain, endpoint.id)
  assert.is(row.attempts, 1)
  assert.is(row.last_status, null)
  assert.match(String(row.last_error), /^Refused: rebind\.example resolves to 127\.0\.0\.1, which is not a public address \(loopback\)/)
})

ssrf('the guard by itself: public addresses pass, the test mode opens loopback only, production wants https', async () => {
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:5db8:d822::1']) {
    assert.is(forbiddenReason(address), null, address)
  }
  for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) assert.is(forbiddenReason(address), 'loopback', address)
  assert.is(forbiddenReason('2002:0a00:0001::1'), 'private', '6to4 of 10.0.0.1')
  assert.is(forbiddenReason('64:ff9b::a9fe:a9fe'), 'link-local (cloud metadata)', 'NAT64 of 169.254.169.254')
  const testMode = { httpsOnly: false, allowLoopback: true }
  assert.is((await checkWebhookUrl('http://127.0.0.1:9/x', testMode)).address.address, '127.0.0.1')
  for (const url of ['http://10.0.0.5/x', 'https://169.254.169.254/x']) {
    await checkWebhookUrl(url, testMode).then(
      () => assert.unreachable(url),
      (error: unknown) => assert.ok(error instanceof WebhookUrlError && error.code === 'forbidden_address', url),
    )
  }
  const production = { httpsOnly: true, allowLoopback: false, resolve: fakeResolver({ 'example.com': ['93.184.216.34'] }) }
  await checkWebhookUrl('http://example.com/hook', production).then(
    () => assert.unreachable(),
    (error: unknown) => assert.ok(error instanceof WebhookUrlError && error.code === 'not_https'),
  )
  assert.is((await checkWebhookUrl('https://example.com/hook#frag', production)).url.toString(), 'https://example.com/hook')
})

ssrf.run()

// ---------------------------------------------------------------------------------------------

const production = suite('production: https only; the test mode is refused')

production('http:// is refused in production', async () => {
  const p = await startApp({
    mode: 'production',
    accounts: { admin: null, seedViewer: false, publicUrl: PUBLIC_URL },
    webhookResolver: fakeResolver({ 'example.com': ['93.184.216.34'] }),
  })
  try {
    await createAccount(p, 'prod-user', await hashPassword('Secret12345'))
    const session = await login(p, 'prod-user', 'Secret12345')
    const res = await send(p, 'POST', '/api/webhooks', { session, payload: { kind: 'webhook', url: 'http://example.com/hook' } })
    assert.is(res.statusCode, 400, res.body)
    assert.equal(errorOf(res), { code: 'not_https', message: 'Webhook URLs must use https://.' })
    await addEndpoint(p, session, 'webhook', 'https://example.com/hook')
  } finally {
    await p.close()
  }
})

production('WEBHOOK_ALLOW_LOOPBACK=1 is read, and refused together with NODE_ENV=production', async () => {
  assert.is(readConfig({ WEBHOOK_ALLOW_LOOPBACK: '1' }).webhookAllowLoopback, true)
  assert.is(readConfig({}).webhookAllowLoopback, false)
  assert.throws(
    () => readConfig({ NODE_ENV: 'production', PUBLIC_URL, WEBHOOK_ALLOW_LOOPBACK: '1' }),
    /WEBHOOK_ALLOW_LOOPBACK=1 is a test mode/,
  )
  const dir = tempDir()
  try {
    await buildApp({ dataDir: dir, mode: 'production', accounts: { publicUrl: PUBLIC_URL }, webhookAllowLoopback: true }).then(
      () => assert.unreachable('built'),
      (error: Error) => assert.match(error.message, /WEBHOOK_ALLOW_LOOPBACK=1 is a test mode/),
    )
  } finally {
    removeDir(dir)
  }
})

production.run()

// ---------------------------------------------------------------------------------------------

const api = suite('the API: add, list, delete, test; sign-in, CSRF, limits')

api.before(async () => {
  clock = Math.floor(Date.now() / 1000) * 1000
  receiver = await startReceiver()
  t = await startApp({ now: () => new Date(clock), accounts: { publicUrl: PUBLIC_URL }, webhookAllowLoopback: true })
  viewer = await login(t, 'viewer@example.com', 'Viewer12345')
})
api.after(async () => {
  await t.close()
  await receiver.close()
})

api('sign-in and the CSRF token are required; cross-site writes are refused', async () => {
  assert.is(errorOf(await send(t, 'GET', '/api/webhooks')).code, 'not_signed_in')
  const payload = { kind: 'webhook', url: receiver.url('/a') }
  assert.is(errorOf(await send(t, 'POST', '/api/webhooks', { payload })).code, 'not_signed_in')
  const noCsrf = await send(t, 'POST', '/api/webhooks', { session: viewer, payload, csrf: false })
  assert.is(noCsrf.statusCode, 403)
  assert.is(errorOf(noCsrf).code, 'csrf')
  const crossSite = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: `trust_session=${viewer.cookie}`, 'x-csrf-token': viewer.csrf, origin: 'https://evil.example' },
    payload,
  })
  assert.is(errorOf(crossSite).code, 'cross_site')
  assert.is(errorOf(await send(t, 'DELETE', '/api/webhooks/1', { session: viewer, csrf: false })).code, 'csrf')
  assert.is(errorOf(await send(t, 'POST', '/api/webhooks/1/test', { session: viewer, payload: {}, csrf: false })).code, 'csrf')
  assert.equal(await t.query('select id from webhook_endpoints'), [])
})

api('add, list (the secret is shown once), delete; duplicates and more than five are refused', async () => {
  const added = await addEndpoint(t, viewer, 'webhook', receiver.url('/one'))
  assert.match(String(added.secret), /^whsec_[A-Za-z0-9+/]{43}=$/)
  const listed = await send(t, 'GET', '/api/webhooks', { session: viewer })
  assert.is(listed.statusCode, 200)
  assert.is(listed.headers['cache-control'], 'no-store')
  const json = body(listed)
  assert.equal(schemaErrors(answer(WebhooksData), json), [])
  assert.equal(json.data, {
    endpoints: [
      {
        id: added.endpoint.id,
        kind: 'webhook',
        url: receiver.url('/one'),
        created: new Date(clock).toISOString(),
        consecutive_failures: 0,
        disabled_at: null,
        disabled_reason: null,
        pending: 0,
        last_delivered_at: null,
      },
    ],
    limit: 5,
  })
  assert.not.ok(listed.body.includes(String(added.secret)), 'never the secret again')
  assert.not.ok(listed.body.includes('secret'))

  const duplicate = await send(t, 'POST', '/api/webhooks', { session: viewer, payload: { kind: 'webhook', url: receiver.url('/one') } })
  assert.is(duplicate.statusCode, 409)
  assert.is(errorOf(duplicate).code, 'duplicate_endpoint')
  for (const path of ['/two', '/three', '/four', '/five']) await addEndpoint(t, viewer, 'webhook', receiver.url(path))
  const sixth = await send(t, 'POST', '/api/webhooks', { session: viewer, payload: { kind: 'webhook', url: receiver.url('/six') } })
  assert.is(sixth.statusCode, 409)
  assert.equal(errorOf(sixth), {
    code: 'too_many_endpoints',
    message: 'You can have at most 5 webhook endpoints. Remove one before adding another.',
  })

  // Another user cannot see or delete them.
  await createAccount(t, 'other', await hashPassword('Secret12345'))
  const other = await login(t, 'other', 'Secret12345')
  assert.equal(body(await send(t, 'GET', '/api/webhooks', { session: other })).data.endpoints, [])
  assert.is((await send(t, 'DELETE', `/api/webhooks/${added.endpoint.id}`, { session: other })).statusCode, 404)
  assert.is((await send(t, 'POST', `/api/webhooks/${added.endpoint.id}/test`, { session: other, payload: {} })).statusCode, 404)

  const deleted = await send(t, 'DELETE', `/api/webhooks/${added.endpoint.id}`, { session: viewer })
  assert.is(deleted.statusCode, 200, deleted.body)
  assert.equal(body(deleted).data, { id: added.endpoint.id, deleted: true })
  assert.is(errorOf(await send(t, 'DELETE', `/api/webhooks/${added.endpoint.id}`, { session: viewer })).code, 'not_found')
  assert.is(body(await send(t, 'GET', '/api/webhooks', { session: viewer })).data.endpoints.length, 4)
  await addEndpoint(t, viewer, 'webhook', receiver.url('/six'))
  await t.exec('delete from webhook_endpoints')
})

api('unverified users cannot add endpoints; bad bodies are 400', async () => {
  const uid = await createAccount(t, 'unverified', await hashPassword('Secret12345'))
  await t.exec('update users set verified = 0 where uid = ?', uid)
  const session = await login(t, 'unverified', 'Secret12345')
  const res = await send(t, 'POST', '/api/webhooks', { session, payload: { kind: 'webhook', url: receiver.url('/u') } })
  assert.is(res.statusCode, 403)
  assert.is(errorOf(res).code, 'not_verified')
  for (const payload of [{ kind: 'email', url: receiver.url('/x') }, { kind: 'webhook' }, { kind: 'webhook', url: 'x'.repeat(2001) }]) {
    assert.is((await send(t, 'POST', '/api/webhooks', { session: viewer, payload })).statusCode, 400, JSON.stringify(payload).slice(0, 60))
  }
})

api('a test delivery reports the receiver answer, signed; at most 10 an hour', async () => {
  const { endpoint, secret } = await addEndpoint(t, viewer, 'webhook', receiver.url('/test'))
  const ok = await send(t, 'POST', `/api/webhooks/${endpoint.id}/test`, { session: viewer, payload: {} })
  assert.is(ok.statusCode, 200, ok.body)
  const data = body(ok).data
  assert.equal({ delivered: data.delivered, status: data.status, error: data.error }, { delivered: true, status: 200, error: null })
  const [hit] = receiver.at('/test')
  assert.is(hit.headers['webhook-id'], data.message_id)
  const payload = new Webhook(secret as string).verify(hit.body, signed(hit)) as WebhookPayload
  assert.equal(schemaErrors(WebhookPayload, payload), [])
  assert.is(payload.type, 'webhook.test')

  receiver.status.set('/test', 404)
  const failed = body(await send(t, 'POST', `/api/webhooks/${endpoint.id}/test`, { session: viewer, payload: {} })).data
  assert.equal(
    { delivered: failed.delivered, status: failed.status, error: failed.error },
    { delivered: false, status: 404, error: 'HTTP 404: receiver is broken' },
  )
  assert.is(failed.endpoint.consecutive_failures, 0, 'a failed test does not count')
  for (let i = 2; i < 10; i++) await send(t, 'POST', `/api/webhooks/${endpoint.id}/test`, { session: viewer, payload: {} })
  const limited = await send(t, 'POST', `/api/webhooks/${endpoint.id}/test`, { session: viewer, payload: {} })
  assert.is(limited.statusCode, 429)
  assert.is(errorOf(limited).code, 'too_many_requests')
  assert.is(receiver.at('/test').length, 10)
})

api.run()
