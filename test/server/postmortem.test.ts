/**
 * Postmortems (docs/operating/console-and-desk.md#postmortems): on a production start from an empty
 * database with the vendor's own catalogue, the desk writes a resolved incident's postmortem as a
 * draft, publishes it (sanitised like bodies) and mails it once — through a real SMTP server — to
 * the subscribers the incident reached; the public post and the v2 API carry it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog, ownIncident } from './own-catalog.js'
import { startSmtpSink, type SmtpSink } from './smtp-sink.js'
import { auditRows, createAccount, execute, loginOps, type Session, send, startProduction } from './staff-helpers.js'

const test = suite('postmortems: written on the desk, published on the post and in the v2 API, mailed once')
const PUBLIC_URL = 'https://status.northwind.example'
const T0 = FIXED_NOW.getTime()
const REACHED = 'reader@customer.example'
const ELSEWHERE = 'maintenance-only@customer.example'

let t: TestApp
let sink: SmtpSink
let ops: Session
let incident = 0

const POSTMORTEM = [
  '## What happened',
  '',
  'A relay firmware update dropped **2 %** of packets for 40 minutes.',
  '',
  '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">',
  '[details](javascript:alert(1))',
  '',
  '## What will change',
  '',
  '- Staged roll-outs of relay firmware.',
].join('\n')

const put = (id: number, payload: Record<string, unknown>) =>
  send(t, 'PUT', `/api/admin/records/${id}/postmortem`, { session: ops, payload })

test.before(async () => {
  sink = await startSmtpSink()
  t = await startProduction(PUBLIC_URL, { accounts: { smtpUrl: sink.url } })
  importByCommand(t, PUBLIC_URL, ownCatalog())
  const [cloud] = await t.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
  const reached = await createAccount(t, 'reader', 'x', [], REACHED)
  await execute(t, "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)", reached, cloud.id, T0)
  const elsewhere = await createAccount(t, 'maint', 'x', [], ELSEWHERE)
  const [topic] = await t.query<{ tid: number }>("select tid from subscription_topics where kind = 'maintenance'")
  await execute(
    t,
    'insert into subscriptions (uid, cloud_id, target, created) values (?, ?, ?, ?)',
    elsewhere,
    cloud.id,
    String(topic.tid),
    T0,
  )
  ops = await loginOps(t)
  const [service] = await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service)
  const res = await send(t, 'POST', '/api/admin/records', { session: ops, payload: ownIncident(service.tid, T0 - 3_600_000) })
  assert.is(res.statusCode, 201, res.body)
  incident = body(res).data.id
  assert.is(body(res).data.mails, 1)
  await sink.waitFor(1)
})
test.after(async () => {
  await t.close()
  await sink.close()
})

test('an open incident has no postmortem yet; a maintenance never has one', async () => {
  const res = await put(incident, { body: POSTMORTEM, publish: true })
  assert.is(res.statusCode, 400)
  assert.is(body(res).error.message, 'status: the incident is not resolved yet; resolve it first, then write its postmortem.')
  const empty = await put(incident, { body: '   ', publish: false })
  assert.is(body(empty).error.message, 'body: the postmortem is empty; write what happened, why, and what will change.')
  assert.is((await put(999_999, { body: 'x', publish: false })).statusCode, 404)
})

test('a draft stays off the post and out of the v2 API', async () => {
  const resolved = await send(t, 'POST', `/api/admin/records/${incident}/resolve`, { session: ops, payload: { notify: false } })
  assert.is(resolved.statusCode, 200, resolved.body)
  const res = await put(incident, { body: POSTMORTEM, publish: false })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data.mails, 0)
  assert.is(body(res).data.postmortem.published_at, null)
  const post = body(await t.app.inject(`/api/posts/${incident}?cloud=${OWN.cloud}`)).data
  assert.is(post.postmortem, undefined)
  const [v2] = body(await t.app.inject(`/${OWN.domain}/api/v2/incidents.json`)).incidents
  assert.equal([v2.status, v2.postmortem_body, v2.postmortem_published_at], ['resolved', null, null])
})

test('published with notify: sanitised on the post, in the v2 API, mailed to the subscribers the incident reached', async () => {
  const before = sink.received.length
  const res = await put(incident, { body: POSTMORTEM, publish: true, notify: true })
  assert.is(res.statusCode, 200, res.body)
  const data = body(res).data
  assert.is(data.mails, 1, 'the subscriber of the cloud; not the maintenance-only one')
  assert.ok(data.postmortem.published_at)
  assert.ok(data.postmortem.notified_at)
  const [mail] = (await sink.waitFor(before + 1)).slice(before)
  assert.equal(mail.to, [REACHED])
  assert.match(mail.subject, /Postmortem: Relays drop packets$/)
  assert.match(mail.text, 'Postmortem: ')
  assert.match(mail.text, 'A relay firmware update dropped 2 % of packets for 40 minutes.')
  assert.match(mail.text, `${PUBLIC_URL}/${OWN.domain}/posts/${incident}`)
  assert.not.match(mail.html, /<script|onerror|javascript:/i)

  const post = body(await t.app.inject(`/api/posts/${incident}?cloud=${OWN.cloud}`)).data
  assert.match(post.postmortem.html, '<h2>What happened</h2>')
  assert.match(post.postmortem.html, '<strong>2 %</strong>')
  assert.not.match(post.postmortem.html, /<script|onerror|javascript:/i)
  assert.is(post.postmortem.published_at, data.postmortem.published_at)

  const [v2] = body(await t.app.inject(`/${OWN.domain}/api/v2/incidents.json`)).incidents
  assert.equal(
    [v2.status, v2.postmortem_body, v2.postmortem_published_at, v2.postmortem_notified_subscribers],
    ['postmortem', POSTMORTEM, data.postmortem.published_at, true],
  )
  assert.equal(body(await t.app.inject(`/${OWN.domain}/api/v2/incidents/unresolved.json`)).incidents, [])

  const detail = body(await send(t, 'GET', `/api/admin/records/${incident}`, { session: ops })).data
  assert.equal(detail.postmortem.body, POSTMORTEM)
  assert.equal(
    detail.events.filter((e: { postmortem: boolean }) => e.postmortem).map((e: { kind: string; mails: number }) => [e.kind, e.mails]),
    [['updated', 1]],
  )
})

test('a postmortem is mailed once: a second notify is refused, an edit mails nothing', async () => {
  const again = await put(incident, { body: `${POSTMORTEM}\n\nAmended.`, publish: true, notify: true })
  assert.is(again.statusCode, 400)
  assert.match(body(again).error.message, /^notify: subscribers were mailed this postmortem on .+; a postmortem is mailed once\.$/)
  const edit = await put(incident, { body: `${POSTMORTEM}\n\nAmended.`, publish: true })
  assert.is(edit.statusCode, 200, edit.body)
  assert.is(body(edit).data.mails, 0)
  await t.settled()
  const queued = await t.query<{ n: number }>("select count(*) as n from outbox where subject like '%Postmortem:%'")
  assert.is(Number(queued[0].n), 1)
  const [v2] = body(await t.app.inject(`/${OWN.domain}/api/v2/incidents.json`)).incidents
  assert.match(v2.postmortem_body, /Amended\.$/)
  const audit = (await auditRows(t)).filter((r) => r.action === 'record.postmortem')
  assert.is(audit.length, 3)
  assert.equal(JSON.parse(audit.at(-1)!.after!).body, `${POSTMORTEM}\n\nAmended.`)
})

test.run()
