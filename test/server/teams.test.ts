import { Migrator, sql } from 'kysely'
import { suite, test } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { TeamsMessage, type WebhookPayload, WebhooksData } from '../../contract/webhooks.js'
import { openDatabase } from '../../server/db/connection.js'
import { syncIdentitySequences } from '../../server/db/dialect.js'
import { migrationProvider, migrations } from '../../server/db/migrations/index.js'
import { slackMessage, teamsMessage } from '../../server/webhooks/payload.js'
import { schemaErrors } from '../contract/harness.js'
import { adaptiveCardErrors } from '../fixtures/adaptive-card.js'
import { auroraDataCenter } from './desk-helpers.js'
import { body, createTestDatabase, rejects, startApp, TEST_DIALECT, type TestApp } from './helpers.js'
import { addEndpoint, fakeResolver, outsideTestMode, PUBLIC_URL, type Receiver, startReceiver } from './webhook-helpers.js'
import { errorOf, login, type Session, send } from './staff-helpers.js'

/** Every element of a card body, nested ones included. */
function elementsOf(card: { body?: unknown[] }): Array<Record<string, unknown>> {
  return (card.body ?? []) as Array<Record<string, unknown>>
}

/** Text of the card that is rendered as Markdown (`TextBlock.text`, `fallbackText`, facts). */
function markdownTexts(card: Record<string, unknown>): string[] {
  const texts: string[] = []
  if (typeof card.fallbackText === 'string') texts.push(card.fallbackText)
  for (const element of elementsOf(card as { body?: unknown[] })) {
    if (element.type === 'TextBlock') texts.push(String(element.text))
    else if (element.type === 'FactSet') for (const f of element.facts as Array<{ value: string }>) texts.push(f.value)
    else assert.is(element.type, 'RichTextBlock', `an element type this test knows: ${String(element.type)}`)
  }
  return texts
}

/** The plain text runs of a card. */
function runTexts(card: Record<string, unknown>): string[] {
  return elementsOf(card as { body?: unknown[] })
    .filter((e) => e.type === 'RichTextBlock')
    .flatMap((e) =>
      (e.inlines as Array<{ type: string; text: string }>).map((r) => {
        assert.is(r.type, 'TextRun')
        return r.text
      }),
    )
}

const HOSTILE = '[Sign in](https://evil.example) <at>Everyone</at> **urgent** <img src=x onerror=alert(1)> <!channel> & _x_'

/** A record event with `title` and everything else from the record, for the pure functions. */
const eventPayload = (title: string, extra: Partial<{ update: string | null; to: string | null }> = {}): WebhookPayload => ({
  type: 'incident.updated',
  timestamp: '2026-03-15T09:30:00.000Z',
  data: {
    event_id: 3,
    record: {
      id: 9,
      type: 'incident',
      title,
      status: 'In *Progress*',
      severity: '[Major](https://evil.example)',
      clouds: [{ machine_name: 'a', domain: 'a.example', title: '<at>Cloud</at>' }],
      from: '2026-03-15T09:00:00.000Z',
      to: extra.to ?? null,
      summary: 'Summary with [a link](https://evil.example)',
      url: 'https://trust.example/a.example/posts/9',
    },
    update: extra.update === undefined ? 'Update with <at>someone</at>' : extra.update,
  },
})

// ---------------------------------------------------------------------------------------------

const pure = suite('the Teams card and the Slack text, as pure functions')

pure('the card of a record event is valid against the Adaptive Card 1.4 schema and the contract, in the Teams envelope', () => {
  for (const payload of [eventPayload('Elevated latency'), eventPayload(HOSTILE, { update: null, to: '2026-03-15T10:00:00.000Z' })]) {
    const message = teamsMessage(payload)
    assert.equal(schemaErrors(TeamsMessage, message), [])
    assert.is(message.type, 'message')
    assert.is(message.attachments.length, 1)
    const [attachment] = message.attachments
    assert.is(attachment.contentType, 'application/vnd.microsoft.card.adaptive')
    assert.is(attachment.contentUrl, null)
    assert.equal(adaptiveCardErrors(attachment.content), [])
    assert.is(attachment.content.version, '1.4')
    assert.equal(attachment.content.actions, [
      { type: 'Action.OpenUrl', title: 'View on the trust site', url: 'https://trust.example/a.example/posts/9' },
    ])
  }
  const test = teamsMessage({ type: 'webhook.test', timestamp: '2026-03-15T09:30:00.000Z', data: { endpoint_id: 1, message: 'x' } })
  assert.equal(schemaErrors(TeamsMessage, test), [])
  assert.equal(adaptiveCardErrors(test.attachments[0].content), [])
})

pure('the schema check can fail: a card with a mistake is refused', () => {
  const card = structuredClone(teamsMessage(eventPayload('x')).attachments[0].content) as Record<string, unknown>
  assert.equal(adaptiveCardErrors(card), [])
  const wrongElement = { ...card, body: [{ type: 'TextBlock' }] }
  assert.ok(adaptiveCardErrors(wrongElement).length > 0, 'a TextBlock without text')
  const wrongAction = { ...card, actions: [{ type: 'Action.OpenUrl', title: 'x' }] }
  assert.ok(adaptiveCardErrors(wrongAction).length > 0, 'an OpenUrl without url')
  const unknown = { ...card, msteams: { width: 'Full' } }
  assert.ok(adaptiveCardErrors(unknown).length > 0, 'a property the schema does not know')
})

pure('hostile record text is only ever in plain text runs, never in Markdown text', () => {
  const card = teamsMessage(eventPayload(HOSTILE)).attachments[0].content as unknown as Record<string, unknown>
  const runs = runTexts(card)
  const markdown = markdownTexts(card)
  // Every piece of record text is there, as typed, in a TextRun.
  for (const text of [
    HOSTILE,
    'In *Progress*',
    '[Major](https://evil.example)',
    '<at>Cloud</at>',
    'Summary with [a link](https://evil.example)',
    'Update with <at>someone</at>',
  ]) {
    assert.ok(runs.includes(text), `a run is ${text}`)
  }
  // The Markdown texts are the site's own: labels, the times' functions, the event type.
  assert.equal(markdown, [
    '**Start:** {{DATE(2026-03-15T09:00:00Z, SHORT)}} {{TIME(2026-03-15T09:00:00Z)}}',
    '**End:** Ongoing',
    'incident.updated',
  ])
  assert.not.ok(JSON.stringify(card).includes('msteams'), 'no mention entities')
})

pure('Slack: the top-level text escapes &, < and > (a title cannot mention @channel or forge a link); blocks too', () => {
  const message = slackMessage(eventPayload('<img src=x> <!channel> <https://evil.example|Sign in> & more'))
  assert.is(
    message.text,
    'Incident update: &lt;img src=x&gt; &lt;!channel&gt; &lt;https://evil.example|Sign in&gt; &amp; more (In *Progress*)',
  )
  assert.not.match(message.text, /<|>|&(?!amp;|lt;|gt;)/)
  // The header is plain_text (not parsed for mentions or links); every mrkdwn text is escaped.
  for (const block of message.blocks) {
    const texts = block.type === 'section' ? [block.text, ...(block.fields ?? [])] : block.type === 'context' ? block.elements : []
    for (const text of texts) {
      if (text?.type !== 'mrkdwn') continue
      // `<!date^…|…>` is the site's own control sequence; nothing else may open one.
      assert.not.match(text.text.replace(/<!date\^\d+\^[^|>]+\|[^>]+>/g, ''), /[<>]/, text.text)
    }
  }
})

pure.run()

// ---------------------------------------------------------------------------------------------
// Migration 017 on a database with endpoints and deliveries from before it

test('017 allows kind teams, keeps every endpoint, delivery, id, index and foreign key; down removes Teams endpoints only', async () => {
  const database = await createTestDatabase()
  const db = openDatabase(database.location)
  try {
    const names = Object.keys(migrations).sort()
    const before = names[names.indexOf('017_teams') - 1]
    const migrator = new Migrator({ db, provider: migrationProvider })
    assert.is((await migrator.migrateTo(before)).error, undefined)
    await sql`insert into users (uid, name, mail, pass_hash, created) values (1, 'a', 'a@example.com', 'x', 0), (2, 'b', 'b@example.com', 'x', 0)`.execute(
      db,
    )
    await sql`insert into webhook_endpoints (id, uid, kind, url, secret, created, consecutive_failures, disabled_at, disabled_reason)
              values (5, 1, 'webhook', 'https://a.example/h', 'whsec_x', 10, 2, null, null),
                     (6, 1, 'slack', 'https://hooks.slack.com/services/T/B/x', null, 11, 6, 99, 'broken'),
                     (8, 2, 'webhook', 'https://b.example/h', 'whsec_y', 12, 0, null, null)`.execute(db)
    // Id 9 was used and removed: AUTOINCREMENT (SQLite) must not hand it out again.
    await sql`insert into webhook_endpoints (id, uid, kind, url, created) values (9, 2, 'slack', 'https://hooks.slack.com/x', 1)`.execute(
      db,
    )
    await sql`delete from webhook_endpoints where id = 9`.execute(db)
    await sql`insert into webhook_deliveries (id, endpoint_id, event_key, message_id, payload, created, next_attempt_at)
              values (1, 5, 'record-event:1', 'msg_1', '{}', 1, 1), (2, 6, 'record-event:1', 'msg_2', '{}', 1, 1),
                     (3, 8, 'record-event:1', 'msg_3', '{}', 1, 1)`.execute(db)
    await rejects(
      () => sql`insert into webhook_endpoints (uid, kind, url, created) values (1, 'teams', 'https://t.example', 1)`.execute(db),
      /CHECK constraint|violates check constraint/,
    )

    assert.is((await migrator.migrateTo('017_teams')).error, undefined)
    // As the server does at every start (PostgreSQL's identity does not follow explicit ids).
    await syncIdentitySequences(db)
    const endpoints = await sql`select id, uid, kind, url, secret, created, consecutive_failures, disabled_at, disabled_reason
                                from webhook_endpoints order by id`.execute(db)
    assert.equal(endpoints.rows, [
      {
        id: 5,
        uid: 1,
        kind: 'webhook',
        url: 'https://a.example/h',
        secret: 'whsec_x',
        created: 10,
        consecutive_failures: 2,
        disabled_at: null,
        disabled_reason: null,
      },
      {
        id: 6,
        uid: 1,
        kind: 'slack',
        url: 'https://hooks.slack.com/services/T/B/x',
        secret: null,
        created: 11,
        consecutive_failures: 6,
        disabled_at: 99,
        disabled_reason: 'broken',
      },
      {
        id: 8,
        uid: 2,
        kind: 'webhook',
        url: 'https://b.example/h',
        secret: 'whsec_y',
        created: 12,
        consecutive_failures: 0,
        disabled_at: null,
        disabled_reason: null,
      },
    ])
    const deliveries = await sql<{ id: number; endpoint_id: number }>`select id, endpoint_id from webhook_deliveries order by id`.execute(
      db,
    )
    assert.equal(deliveries.rows, [
      { id: 1, endpoint_id: 5 },
      { id: 2, endpoint_id: 6 },
      { id: 3, endpoint_id: 8 },
    ])
    // Teams now, ids after the highest ever used, the (uid, url) index, the check for other kinds.
    const teams = await db
      .insertInto('webhook_endpoints')
      .values({ uid: 1, kind: 'teams', url: 'https://contoso.webhook.office.com/webhookb2/x', secret: null, created: 13 })
      .returning('id')
      .executeTakeFirstOrThrow()
    // SQLite: the rebuild keeps the AUTOINCREMENT counter, so the removed id 9 is not handed out
    // again; PostgreSQL keeps the table (and its identity, moved past the highest id at start).
    const highest = TEST_DIALECT === 'sqlite' ? 9 : 8
    assert.ok(teams.id > highest, `a new id (${teams.id}) after ${highest}`)
    await rejects(
      () =>
        sql`insert into webhook_endpoints (uid, kind, url, created) values (1, 'teams', 'https://contoso.webhook.office.com/webhookb2/x', 1)`.execute(
          db,
        ),
      /UNIQUE constraint|violates unique constraint/,
    )
    await rejects(
      () => sql`insert into webhook_endpoints (uid, kind, url, created) values (1, 'email', 'https://x.example', 1)`.execute(db),
      /CHECK constraint|violates check constraint/,
    )
    // Foreign keys: to users (cascade), from deliveries (cascade, and no delivery for a missing endpoint).
    await rejects(
      () =>
        sql`insert into webhook_deliveries (endpoint_id, event_key, message_id, payload, created, next_attempt_at)
                values (4242, 'k', 'm', '{}', 1, 1)`.execute(db),
      /FOREIGN KEY constraint|violates foreign key constraint/,
    )
    await sql`insert into webhook_deliveries (endpoint_id, event_key, message_id, payload, created, next_attempt_at)
              values (${teams.id}, 'record-event:1', 'msg_t', '{}', 1, 1)`.execute(db)
    await sql`delete from webhook_endpoints where id = 8`.execute(db)
    assert.equal((await sql`select id from webhook_deliveries where endpoint_id = 8`.execute(db)).rows, [])
    await sql`delete from users where uid = 2`.execute(db)

    assert.is((await migrator.migrateDown()).error, undefined)
    const kept = await sql<{ id: number; kind: string }>`select id, kind from webhook_endpoints order by id`.execute(db)
    assert.equal(kept.rows, [
      { id: 5, kind: 'webhook' },
      { id: 6, kind: 'slack' },
    ])
    const keptDeliveries = await sql<{ id: number }>`select id from webhook_deliveries order by id`.execute(db)
    assert.equal(keptDeliveries.rows, [{ id: 1 }, { id: 2 }], 'the Teams endpoint took its delivery with it')
    await rejects(
      () => sql`insert into webhook_endpoints (uid, kind, url, created) values (1, 'teams', 'https://t.example', 1)`.execute(db),
      /CHECK constraint|violates check constraint/,
    )
    assert.is((await migrator.migrateToLatest()).error, undefined, 'and up again')
  } finally {
    await db.destroy()
    await database.drop()
  }
})

test.run()

// ---------------------------------------------------------------------------------------------
// Deliveries to a loopback receiver (the test mode)

const delivery = suite('a Teams endpoint on a loopback receiver: one Adaptive Card per event, the test card, unsigned')

let t: TestApp
let receiver: Receiver
let admin: Session
let viewer: Session
const WORKFLOWS_HOST = 'prod-00.westeurope.logic.azure.com'

delivery.before(async () => {
  receiver = await startReceiver(202)
  t = await startApp({
    accounts: { publicUrl: PUBLIC_URL },
    webhookAllowLoopback: true,
    // A Workflows host name that only this resolver knows leads to the receiver.
    webhookResolver: fakeResolver({ [WORKFLOWS_HOST]: ['127.0.0.1'] }),
  })
  admin = await login(t, 'admin', 'Admin12345')
  viewer = await login(t, 'viewer@example.com', 'Viewer12345')
  const res = await send(t, 'POST', '/api/subscribe', {
    session: viewer,
    payload: { cloud: 'auroraedge', tid: 'all', action: 'subscribe' },
  })
  assert.is(res.statusCode, 200, res.body)
})
delivery.after(async () => {
  await t.close()
  await receiver.close()
})

delivery('publish and update reach the Teams receiver as schema-valid cards with the facts and the link; the test card too', async () => {
  const path = '/workflows/abc/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=SECRETSIG'
  const { endpoint, secret } = await addEndpoint(t, viewer, 'teams', `http://${WORKFLOWS_HOST}:${receiver.port}${path}`)
  assert.is(secret, null, 'Teams endpoints have no secret')
  assert.is(endpoint.kind, 'teams')
  assert.is(endpoint.url, `http://${WORKFLOWS_HOST}:${receiver.port}/workflows/abc/triggers/manual/paths/••••?••••`)
  const list = body(await send(t, 'GET', '/api/webhooks', { session: viewer }))
  assert.equal(schemaErrors(answer(WebhooksData), list), [])
  assert.not.ok(JSON.stringify(list).includes('SECRETSIG'), 'the signature in the query is never shown again')

  const title = `Packet loss ${HOSTILE}`
  const published = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: {
      type: 'incident',
      title,
      summary: 'Some requests are lost.',
      status: 'In Progress',
      severity: 19,
      clouds: ['auroraedge'],
      terms: [await auroraDataCenter(t)],
      from: '2026-03-15T09:00:00Z',
    },
  })
  assert.is(published.statusCode, 201, published.body)
  const recordId = body(published).data.id as number
  await t.settled()
  await t.app.webhooks.flush()
  const updated = await send(t, 'PATCH', `/api/admin/records/${recordId}`, {
    session: admin,
    payload: { status: 'Resolved', to: '2026-03-15T10:00:00Z', update: 'Fixed. [Details](https://evil.example)' },
  })
  assert.is(updated.statusCode, 200, updated.body)
  await t.settled()
  await t.app.webhooks.flush()

  const got = receiver.at(path)
  assert.is(got.length, 2, 'one delivery per event')
  const domain = (await t.query<{ domain: string }>('select domain from clouds where machine_name = ?', 'auroraedge'))[0].domain
  const cloudTitle = (await t.query<{ title: string }>('select title from clouds where machine_name = ?', 'auroraedge'))[0].title
  for (const hit of got) {
    assert.is(hit.headers['content-type'], 'application/json')
    assert.is(hit.headers['webhook-signature'], undefined, 'Teams deliveries are not signed')
    assert.is(hit.headers.host, `${WORKFLOWS_HOST}:${receiver.port}`)
    const message = JSON.parse(hit.body)
    assert.equal(schemaErrors(TeamsMessage, message), [])
    const card = message.attachments[0].content
    assert.equal(adaptiveCardErrors(card), [])
    assert.ok(runTexts(card).includes(title), 'the title as typed, in a plain text run')
    assert.ok(runTexts(card).includes(cloudTitle))
    assert.equal(card.actions, [
      { type: 'Action.OpenUrl', title: 'View on the trust site', url: `${PUBLIC_URL}/${domain}/posts/${recordId}` },
    ])
    for (const text of markdownTexts(card)) assert.not.ok(text.includes('evil') || text.includes('<'), text)
  }
  const [first, second] = got.map((hit) => runTexts(JSON.parse(hit.body).attachments[0].content))
  assert.ok(first.includes('In Progress'))
  assert.ok(second.includes('Resolved'))
  assert.ok(second.includes('Fixed. [Details](https://evil.example)'), 'the update, plain')
  assert.ok(JSON.parse(got[1].body).attachments[0].content.body.some((e: { text?: string }) => e.text === 'incident.updated'))

  const tested = await send(t, 'POST', `/api/webhooks/${endpoint.id}/test`, { session: viewer, payload: {} })
  assert.is(tested.statusCode, 200, tested.body)
  assert.is(body(tested).data.delivered, true)
  assert.is(body(tested).data.status, 202)
  const testCard = JSON.parse(receiver.at(path)[2].body)
  assert.equal(schemaErrors(TeamsMessage, testCard), [])
  assert.equal(adaptiveCardErrors(testCard.attachments[0].content), [])
  assert.ok(testCard.attachments[0].content.body.some((e: { text?: string }) => e.text === 'webhook.test'))
  const rows = await t.query<{ delivered_at: number | null; last_status: number }>(
    'select delivered_at, last_status from webhook_deliveries where endpoint_id = ? order by id',
    endpoint.id,
  )
  assert.equal(
    rows.map((r) => [r.delivered_at !== null, r.last_status]),
    [
      [true, 202],
      [true, 202],
    ],
  )
})

delivery.run()

// ---------------------------------------------------------------------------------------------

const hosts = suite('outside the test mode: only Teams hosts, https, the SSRF guard, the URL masked')

const outside = outsideTestMode(hosts)
const { dns } = outside
let plain: TestApp
let user: Session
hosts.before(() => {
  ;({ app: plain, user } = outside)
})

hosts(
  'Teams incoming-webhook and Workflows URLs are accepted and masked; other hosts, http, ports and private addresses are refused',
  async () => {
    Object.assign(dns, {
      'contoso.webhook.office.com': ['52.96.0.10'],
      'prod-27.westeurope.logic.azure.com': ['20.0.0.10'],
      'default1234.56.environment.api.powerplatform.com': ['20.0.0.11'],
      'example.com': ['93.184.216.34'],
      'webhook.office.com.evil.example': ['93.184.216.34'],
      'evil-webhook.office.com': ['93.184.216.34'],
      'inside.webhook.office.com': ['10.0.0.7'],
    })
    const refused: Array<[string, string]> = [
      ['https://example.com/webhookb2/x', 'not_teams_url'],
      ['https://webhook.office.com.evil.example/webhookb2/x', 'not_teams_url'],
      ['https://evil-webhook.office.com/webhookb2/x', 'not_teams_url'],
      ['https://webhook.office.com/webhookb2/x', 'not_teams_url'],
      ['http://contoso.webhook.office.com/webhookb2/x', 'not_teams_url'],
      ['https://contoso.webhook.office.com:8443/webhookb2/x', 'not_teams_url'],
      ['https://hooks.slack.com/services/T/B/x', 'not_teams_url'],
      ['https://inside.webhook.office.com/webhookb2/x', 'forbidden_address'],
      ['not a url', 'invalid_url'],
    ]
    for (const [url, code] of refused) {
      const res = await send(plain, 'POST', '/api/webhooks', { session: user, payload: { kind: 'teams', url } })
      assert.is(res.statusCode, 400, `${url}: ${res.body}`)
      assert.is(errorOf(res).code, code, url)
    }
    assert.match(
      errorOf(await send(plain, 'POST', '/api/webhooks', { session: user, payload: { kind: 'teams', url: 'https://example.com/x' } }))
        .message,
      /Microsoft Teams endpoint must be a Teams incoming-webhook URL/,
    )
    const incoming = await addEndpoint(
      plain,
      user,
      'teams',
      'https://contoso.webhook.office.com/webhookb2/1111@2222/IncomingWebhook/3333/4444/V2SECRETPART',
    )
    assert.is(incoming.endpoint.url, 'https://contoso.webhook.office.com/webhookb2/1111@2222/IncomingWebhook/3333/4444/••••')
    const workflows = await addEndpoint(
      plain,
      user,
      'teams',
      'https://prod-27.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=LOGICSIG',
    )
    assert.is(workflows.endpoint.url, 'https://prod-27.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/••••?••••')
    await addEndpoint(
      plain,
      user,
      'teams',
      'https://default1234.56.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=PPSIG',
    )
    const list = JSON.stringify(body(await send(plain, 'GET', '/api/webhooks', { session: user })))
    for (const secret of ['V2SECRETPART', 'LOGICSIG', 'PPSIG']) assert.not.ok(list.includes(secret), secret)
    // A Teams URL is not a Slack URL either.
    const slack = await send(plain, 'POST', '/api/webhooks', {
      session: user,
      payload: { kind: 'slack', url: 'https://contoso.webhook.office.com/webhookb2/x' },
    })
    assert.is(errorOf(slack).code, 'not_slack_url')
    await plain.exec('delete from webhook_endpoints')
  },
)

hosts.run()
