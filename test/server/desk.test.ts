/**
 * The incident desk's routes (`contract/desk.ts`) and the publishing changes that come with it:
 * the desk's list and record, the update history (public posts carry it, lists do not), Markdown,
 * `notify: false`, internal-use fields, resolve / postpone / cancel, and templates.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DeskListData, DeskRecordDetail, RecordTemplate } from '../../contract/desk.js'
import { DeskListData as DeskListSchema, DeskRecordDetail as DeskRecordSchema, TemplatesData } from '../../contract/desk.js'
import { answer } from '../../contract/common.js'
import { PostAnswer } from '../../contract/records.js'
import { schemaErrors } from '../contract/harness.js'
import {
  addUsualSubscribers,
  auroraDataCenter,
  HOUR,
  iso,
  kindsOf,
  mailsOf,
  maintenanceBody,
  recipientsByKind,
  statusOf,
  updatesOf,
} from './desk-helpers.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { auditRows, errorOf, login, type Session, send } from './staff-helpers.js'

const T0 = FIXED_NOW.getTime()
let t: TestApp
let admin: Session
let recipients: string[] = []

const INCIDENT = {
  type: 'incident',
  title: 'Login failures in the admin portal',
  summary: 'Some administrators cannot sign in.',
  status: 'In Progress',
  clouds: ['auroraedge'],
  terms: [] as number[],
  from: '2026-03-15T09:00:00Z',
}

async function publish(payload: Record<string, unknown>): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data.id
}

async function patch(id: number, payload: Record<string, unknown>) {
  const res = await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload })
  assert.is(res.statusCode, 200, res.body)
  return body(res).data as { id: number; event_id: number; mails: number }
}

const detail = async (id: number): Promise<DeskRecordDetail> => {
  const res = await send(t, 'GET', `/api/admin/records/${id}`, { session: admin })
  assert.is(res.statusCode, 200, res.body)
  const json = body(res)
  assert.equal(schemaErrors(answer(DeskRecordSchema), json), [])
  return json.data
}

const post = async (id: number, session?: Session) => {
  const res = await send(t, 'GET', `/api/posts/${id}?cloud=auroraedge`, { session })
  assert.is(res.statusCode, 200, res.body)
  return body(res)
}

// ---------------------------------------------------------------------------------------------

const records = suite('the desk: records, update history, Markdown, notify, internal fields')

records.before(async () => {
  t = await startApp({ accounts: { publicUrl: 'https://trust.example' } })
  admin = await login(t, 'admin', 'Admin12345')
  recipients = await addUsualSubscribers(t)
  INCIDENT.terms = [await auroraDataCenter(t)]
})
records.after(async () => {
  await t.close()
})

records('GET /api/admin/records: 25 a page, most recently changed first, filters by type, open and title words', async () => {
  const get = async (query: string) => {
    const res = await send(t, 'GET', `/api/admin/records${query}`, { session: admin })
    assert.is(res.statusCode, 200, res.body)
    const json = body(res)
    assert.equal(schemaErrors(answer(DeskListSchema), json), [])
    return json.data as DeskListData
  }
  const total = (await t.query<{ n: number }>('select count(*) as n from records'))[0].n
  const first = await get('')
  assert.is(first.page, 0)
  assert.is(first.records.length, 25)
  assert.is(first.pages, Math.ceil(total / 25))
  const order = (await t.query<{ id: number }>('select id from records order by updated_on desc, id desc limit 25')).map((r) => r.id)
  assert.equal(
    first.records.map((r) => r.id),
    order,
  )
  const last = await get(`?page=${first.pages - 1}`)
  assert.is(last.records.length, total - 25 * (first.pages - 1))
  assert.equal((await get(`?page=${first.pages + 3}`)).records, [])

  const id = await publish({ ...INCIDENT, title: 'Desk 100% needle_in haystack', severity: 20 })
  const [top] = (await get('?q=needle_in')).records
  assert.equal(top, {
    id,
    type: 'incident',
    notification_type: null,
    title: 'Desk 100% needle_in haystack',
    status: 'In Progress',
    statusClass: 'in_progress',
    severity: (await t.query('select name from severities where tid = 20'))[0].name,
    clouds: ['auroraedge'],
    from: '2026-03-15T09:00:00.000Z',
    to: null,
    updated_on: FIXED_NOW.toISOString(),
    href: `/auroraedge.net/posts/${id}`,
  })
  assert.equal(
    (await get('?q=NEEDLE%20haystack')).records.map((r) => r.id),
    [id],
  )
  assert.equal(
    (await get('?q=100%25')).records.map((r) => r.id),
    [id],
    '% is taken literally',
  )
  assert.equal((await get('?q=needle%20nothing')).records, [])
  assert.equal((await get('?q=needleXin')).records, [], '_ is taken literally')
  assert.equal((await get('?q=zzzz-nothing')).pages, 1)

  const maintenance = await get('?type=maintenance')
  assert.ok(maintenance.records.length > 0 && maintenance.records.every((r) => r.type === 'maintenance'))
  const open = await get('?open=1&type=maintenance')
  const openCount = (
    await t.query<{ n: number }>(
      `select count(*) as n from records r join record_statuses st on st.id = r.status_id
     where r.type = 'maintenance' and st.name not in ('Completed', 'Resolved', 'Archived', 'Remediated')`,
    )
  )[0].n
  assert.is(open.pages, Math.max(1, Math.ceil(openCount / 25)))
  assert.ok(open.records.every((r) => !['Completed', 'Archived'].includes(r.status)))
  for (const bad of ['?page=-1', '?type=blog', '?open=yes', '?page=x']) {
    const res = await send(t, 'GET', `/api/admin/records${bad}`, { session: admin })
    assert.is(res.statusCode, 400, bad)
  }
})

records('an update text or a status change adds to the update history; the body is left alone; other changes add nothing', async () => {
  const id = await publish({ ...INCIDENT, body: '<p>What we know.</p>' })
  assert.equal(await updatesOf(t, id), [], 'publishing adds no update')
  const first = await patch(id, { update: 'We found the cause: <em>a certificate</em>.' })
  assert.is(first.mails, recipients.length)
  await patch(id, { status: 'Monitoring' })
  await patch(id, { title: 'Login failures in the admin portal (EMEA)' })
  await patch(id, { status: 'Resolved', to: '2026-03-15T09:20:00Z', update: 'All sign-ins work again.' })
  assert.is((await t.query('select body from records where id = ?', id))[0].body, '<p>What we know.</p>')
  const stored = await updatesOf(t, id)
  assert.equal(
    stored.map((u) => [u.status, u.text]),
    [
      ['In Progress', 'We found the cause: <em>a certificate</em>.'],
      ['Monitoring', ''],
      ['Resolved', 'All sign-ins work again.'],
    ],
  )
  assert.is(stored[0].event_id, first.event_id)
  assert.equal(await kindsOf(t, id), ['published', 'updated', 'updated', 'updated', 'updated'])

  // The public post: newest first, the closing entry marked resolved.
  const json = await post(id)
  assert.equal(schemaErrors(PostAnswer, json), [])
  assert.equal(json.data.updates, [
    { at: FIXED_NOW.toISOString(), status: 'Resolved', statusClass: 'resolved', text: 'All sign-ins work again.', resolved: true },
    { at: FIXED_NOW.toISOString(), status: 'Monitoring', statusClass: 'monitoring', text: '', resolved: false },
    {
      at: FIXED_NOW.toISOString(),
      status: 'In Progress',
      statusClass: 'in_progress',
      text: 'We found the cause: <em>a certificate</em>.',
      resolved: false,
    },
  ])
  // The mail carries the update's text as plain text.
  const update = (await mailsOf(t, id)).find((m) => m.kind === 'updated')!
  assert.match(update.text, 'Update: We found the cause: a certificate.')
  assert.is(update.subject, '[auroraedge.net] Incident update: Login failures in the admin portal (In Progress)')

  // The desk's record: the history and the events with their mail counts.
  const d = await detail(id)
  assert.equal(
    d.updates.map((u) => u.status),
    ['Resolved', 'Monitoring', 'In Progress'],
  )
  assert.equal(
    d.events.map((e) => [e.kind, e.mails]),
    [
      ['published', 2],
      ['updated', 2],
      ['updated', 2],
      ['updated', 2],
      ['updated', 2],
    ],
  )
})

records('lists do not carry the update history; posts and notifications do', async () => {
  const id = await publish({ ...INCIDENT, title: 'History list check' })
  await patch(id, { update: 'Investigating.' })
  const list = body(await t.app.inject('/api/incident?cloud=auroraedge')).data
  assert.ok(list.records.some((r: { id: number }) => r.id === id))
  for (const record of list.records) assert.not.ok('updates' in record, `list record ${record.id}`)
  const privileged = body(await send(t, 'GET', '/api/incident?cloud=auroraedge', { session: admin })).data
  for (const record of privileged.records) assert.not.ok('updates' in record, `privileged list record ${record.id}`)
  const notifications = body(await t.app.inject('/api/notifications')).data
  for (const record of notifications.records) assert.not.ok('updates' in record, `notification ${record.id}`)

  const category = (
    await t.query("select tid from notification_categories where notification_type = 'url_change_notification' order by tid limit 1")
  )[0].tid
  const n = await publish({
    type: 'notification',
    notification_type: 'url_change_notification',
    title: 'URL categories change',
    status: 'Scheduled',
    clouds: ['auroraedge'],
    terms: [category],
    from: '2026-03-20T09:00:00Z',
  })
  await patch(n, { status: 'In Progress', update: 'The changes are live.' })
  const note = body(await t.app.inject(`/api/notification/${n}/auroraedge`)).data
  assert.equal(
    note.updates.map((u: { status: string; text: string }) => [u.status, u.text]),
    [['In Progress', 'The changes are live.']],
  )
  const fresh = await publish({ ...INCIDENT, title: 'No history yet' })
  assert.equal((await post(fresh)).data.updates, [])
})

records('Markdown: body, impact, workaround and update texts are rendered, then sanitised', async () => {
  const md =
    '## Impact\n\nSome **users** see [errors](https://status.example/x).\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>'
  const id = await publish({
    ...INCIDENT,
    body: md,
    customer_impact: '- one\n- two',
    available_workaround: 'Use *the API*.',
    body_format: 'markdown',
  })
  const row = (await t.query('select body, customer_impact, available_workaround from records where id = ?', id))[0]
  assert.match(row.body, '<h2>Impact</h2>')
  assert.match(row.body, '<strong>users</strong>')
  assert.match(row.body, '<a href="https://status.example/x">errors</a>')
  assert.not.match(row.body, /script|javascript:|onerror/i)
  assert.is(row.customer_impact, '<ul>\n<li>one</li>\n<li>two</li>\n</ul>')
  assert.is(row.available_workaround, '<p>Use <em>the API</em>.</p>')

  // A PATCH renders only the fields it brings: the stored HTML is not rendered again.
  await patch(id, {
    summary: 'Still here.',
    body_format: 'markdown',
    update: 'Fixed in **v2** <iframe src="https://evil.example"></iframe>',
  })
  const after = (await t.query('select body, customer_impact from records where id = ?', id))[0]
  assert.is(after.body, row.body)
  assert.is(after.customer_impact, row.customer_impact)
  assert.equal(
    (await updatesOf(t, id)).map((u) => u.text),
    ['<p>Fixed in <strong>v2</strong> </p>'],
  )
  await patch(id, { customer_impact: '*new*', body_format: 'markdown' })
  assert.is((await t.query('select customer_impact from records where id = ?', id))[0].customer_impact, '<p><em>new</em></p>')
  // HTML (the default) is not taken for Markdown.
  await patch(id, { customer_impact: '*literal*' })
  assert.is((await t.query('select customer_impact from records where id = ?', id))[0].customer_impact, '*literal*')
  const bad = await send(t, 'POST', '/api/admin/records', { session: admin, payload: { ...INCIDENT, body_format: 'rtf' } })
  assert.is(bad.statusCode, 400)
  assert.is(errorOf(bad).code, 'invalid')
  assert.match(errorOf(bad).message, /^body_format:/)
})

records('notify: false records the event and mails nobody', async () => {
  const id = await publish({ ...INCIDENT, title: 'Quiet one', notify: false })
  const res = await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload: { update: 'Quietly.', notify: false } })
  assert.is(body(res).data.mails, 0)
  assert.equal(await kindsOf(t, id), ['published', 'updated'])
  assert.equal(await mailsOf(t, id), [])
  const loud = await patch(id, { update: 'Now loudly.' })
  assert.is(loud.mails, recipients.length)
  const d = await detail(id)
  assert.equal(
    d.events.map((e) => e.mails),
    [0, 0, 2],
  )
})

records('internal-use fields: stored (note sanitised, links http(s) only), in the desk and privileged answers, never public', async () => {
  const id = await publish({
    ...INCIDENT,
    title: 'Internal fields',
    internal_note: '<p>Call the <b>vendor</b></p><script>x()</script>',
    slack_link: 'https://chat.example/c/123',
    jira_link: 'http://tickets.example/T-1',
    sfdc_link: null,
    severity_link: '',
  })
  const d = await detail(id)
  assert.equal(
    [d.internal_note, d.slack_link, d.jira_link, d.sfdc_link, d.severity_link],
    ['<p>Call the <b>vendor</b></p>', 'https://chat.example/c/123', 'http://tickets.example/T-1', null, null],
  )
  const anonymous = (await post(id)).data
  for (const field of ['internal_note', 'slack_link', 'jira_link']) assert.not.ok(field in anonymous, field)
  assert.is((await post(id, admin)).data.slack_link, 'https://chat.example/c/123')
  for (const [field, value] of [
    ['slack_link', 'javascript:alert(1)'],
    ['jira_link', 'ftp://files.example/x'],
    ['sfdc_link', 'not a url'],
    ['severity_link', '/relative/path'],
  ]) {
    const res = await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload: { [field]: value } })
    assert.is(res.statusCode, 400, `${field} ${value}`)
    assert.is(errorOf(res).code, 'invalid')
    assert.match(errorOf(res).message, new RegExp(`^${field}: must be an http\\(s\\) URL`))
  }
  await patch(id, { jira_link: null })
  assert.is((await detail(id)).jira_link, null)
  assert.is((await detail(id)).slack_link, 'https://chat.example/c/123', 'fields not sent stay')
})

records('GET /api/admin/records/{id}: the record as stored; 404 for an unknown id', async () => {
  const tid = (
    await t.query(
      'select data_center_tid as tid from cloud_data_centers where cloud_id = 1 and active = 1 order by data_center_tid limit 1',
    )
  )[0].tid
  const id = await publish({
    ...INCIDENT,
    title: 'Detail',
    severity: '19',
    terms: [tid],
    summary: 'Plain <text>',
    next_update: 'In an hour',
  })
  const d = await detail(id)
  assert.equal(
    {
      type: d.type,
      title: d.title,
      summary: d.summary,
      status: d.status,
      severity: d.severity,
      event_type: d.event_type,
      notification_type: d.notification_type,
      clouds: d.clouds,
      terms: d.terms,
      from: d.from,
      to: d.to,
      next_update: d.next_update,
      href: d.href,
    },
    {
      type: 'incident',
      title: 'Detail',
      summary: 'Plain <text>',
      status: 'In Progress',
      severity: 19,
      event_type: null,
      notification_type: null,
      clouds: ['auroraedge'],
      terms: [tid],
      from: '2026-03-15T09:00:00.000Z',
      to: null,
      next_update: 'In an hour',
      href: `/auroraedge.net/posts/${id}`,
    },
  )
  assert.equal(
    d.events.map((e) => [e.kind, e.at]),
    [['published', FIXED_NOW.toISOString()]],
  )
  const missing = await send(t, 'GET', '/api/admin/records/99999999', { session: admin })
  assert.is(missing.statusCode, 404)
  assert.is(errorOf(missing).code, 'not_found')
  assert.is((await send(t, 'GET', '/api/admin/records/abc', { session: admin })).statusCode, 400)
})

records.run()

// ---------------------------------------------------------------------------------------------

const actions = suite('the desk: resolve, postpone, cancel')

actions.before(async () => {
  t = await startApp({ accounts: { publicUrl: 'https://trust.example' } })
  admin = await login(t, 'admin', 'Admin12345')
  recipients = await addUsualSubscribers(t)
  INCIDENT.terms = [await auroraDataCenter(t)]
})
actions.after(async () => {
  await t.close()
})

const act = (id: number, action: string, payload: Record<string, unknown> = {}, session = admin) =>
  send(t, 'POST', `/api/admin/records/${id}/${action}`, { session, payload })

actions('resolve: the closing status of the type, to = now, an update entry (Markdown), event updated, audited; once', async () => {
  const id = await publish(INCIDENT)
  const res = await act(id, 'resolve', { update: 'Certificates **renewed**.' })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(Object.keys(body(res).data).sort(), ['alias', 'event_id', 'id', 'mails'])
  assert.is(body(res).data.mails, recipients.length)
  const row = (await t.query('select to_time, closed_on, resolved_by from records where id = ?', id))[0]
  assert.equal(row, { to_time: T0, closed_on: T0, resolved_by: 'admin' })
  assert.is(await statusOf(t, id), 'Resolved')
  assert.equal(await updatesOf(t, id), [
    { at: T0, status: 'Resolved', text: '<p>Certificates <strong>renewed</strong>.</p>', event_id: body(res).data.event_id },
  ])
  assert.equal(await kindsOf(t, id), ['published', 'updated'])
  assert.equal((await post(id)).data.updates[0].resolved, true)
  const [audit] = (await auditRows(t, 'record.resolve')).filter((a) => a.target === String(id))
  assert.is(audit.actor_name, 'admin')
  assert.is(JSON.parse(audit.before!).status, 'In Progress')
  assert.is(JSON.parse(audit.after!).status, 'Resolved')

  const again = await act(id, 'resolve')
  assert.is(again.statusCode, 400)
  assert.is(errorOf(again).code, 'invalid')
  assert.match(errorOf(again).message, /closed already/)

  // A past end stays; an advisory is Remediated; without text the entry is a bare status change.
  const advisory = await publish({
    ...INCIDENT,
    type: 'advisory',
    event_type: 'Security Advisory',
    to: '2026-03-15T09:10:00Z',
    status: 'Monitoring',
  })
  const quiet = await act(advisory, 'resolve', { notify: false })
  assert.is(body(quiet).data.mails, 0)
  assert.is(await statusOf(t, advisory), 'Remediated')
  assert.is((await t.query('select to_time from records where id = ?', advisory))[0].to_time, Date.parse('2026-03-15T09:10:00Z'))
  assert.equal(
    (await updatesOf(t, advisory)).map((u) => [u.status, u.text]),
    [['Remediated', '']],
  )
  // Maintenance in progress is Completed; maintenance to come cannot be resolved.
  const running = await publish(await maintenanceBody(t, T0 - HOUR, T0 + HOUR, { status: 'In Progress' }))
  assert.is((await act(running, 'resolve')).statusCode, 200)
  assert.is(await statusOf(t, running), 'Completed')
  const coming = await publish(await maintenanceBody(t, T0 + HOUR, T0 + 2 * HOUR))
  const early = await act(coming, 'resolve')
  assert.is(early.statusCode, 400)
  assert.match(errorOf(early).message, /^from: the maintenance has not started yet/)
  const missing = await act(99999999, 'resolve')
  assert.is(missing.statusCode, 404)
  assert.is(errorOf(missing).code, 'not_found')
})

actions('postpone: maintenance only, not closed, a new window that is not in the past; audited', async () => {
  const id = await publish(await maintenanceBody(t, T0 + HOUR, T0 + 2 * HOUR))
  const refusals: Array<[number, Record<string, unknown>, RegExp]> = [
    [await publish(INCIDENT), { from: iso(T0 + 5 * HOUR), to: iso(T0 + 6 * HOUR) }, /^type: only maintenance/],
    [id, { from: iso(T0 + 5 * HOUR), to: iso(T0 + 4 * HOUR) }, /^to: must not be before from/],
    [id, { from: iso(T0 - HOUR), to: iso(T0 + 4 * HOUR) }, /^from: the new window must not start in the past/],
    [id, { from: iso(T0 + HOUR), to: iso(T0 + 4 * HOUR) }, /^from: the new window must start at another time/],
    [id, { from: 'tomorrow', to: iso(T0 + 4 * HOUR) }, /^from: must be an ISO 8601/],
    [id, { to: iso(T0 + 4 * HOUR) }, /^from: required/],
  ]
  for (const [target, payload, message] of refusals) {
    const res = await act(target, 'postpone', payload)
    assert.is(res.statusCode, 400, JSON.stringify(payload))
    assert.is(errorOf(res).code, 'invalid')
    assert.match(errorOf(res).message, message)
  }
  assert.equal(await kindsOf(t, id), ['published'], 'refusals change nothing')

  const res = await act(id, 'postpone', { from: iso(T0 + 26 * HOUR), to: iso(T0 + 27 * HOUR) })
  assert.is(res.statusCode, 200, res.body)
  const row = (await t.query('select from_time, to_time, closed_on from records where id = ?', id))[0]
  assert.equal(row, { from_time: T0 + 26 * HOUR, to_time: T0 + 27 * HOUR, closed_on: null })
  assert.is(await statusOf(t, id), 'Postponed')
  assert.equal(await kindsOf(t, id), ['published', 'postponed'])
  assert.equal((await recipientsByKind(t, id)).postponed, recipients)
  assert.equal(
    (await updatesOf(t, id)).map((u) => [u.status, u.text]),
    [['Postponed', '']],
  )
  const [audit] = (await auditRows(t, 'record.postpone')).filter((a) => a.target === String(id))
  assert.is(JSON.parse(audit.before!).from, iso(T0 + HOUR))
  assert.is(JSON.parse(audit.after!).from, iso(T0 + 26 * HOUR))
  // Postponed again: still maintenance to come.
  assert.is((await act(id, 'postpone', { from: iso(T0 + 50 * HOUR), to: iso(T0 + 51 * HOUR) })).statusCode, 200)
  const done = await publish(await maintenanceBody(t, T0 - 2 * HOUR, T0 - HOUR, { status: 'Completed' }))
  assert.match(errorOf(await act(done, 'postpone', { from: iso(T0 + HOUR), to: iso(T0 + 2 * HOUR) })).message, /closed already/)
})

actions('cancel: maintenance not closed becomes Archived with an update and event cancelled; audited', async () => {
  const id = await publish(await maintenanceBody(t, T0 + HOUR, T0 + 2 * HOUR))
  const res = await act(id, 'cancel', { update: 'Cancelled: the *vendor* withdrew.' })
  assert.is(res.statusCode, 200, res.body)
  assert.is(await statusOf(t, id), 'Archived')
  assert.equal(await kindsOf(t, id), ['published', 'cancelled'])
  assert.equal(
    (await updatesOf(t, id)).map((u) => [u.status, u.text]),
    [['Archived', '<p>Cancelled: the <em>vendor</em> withdrew.</p>']],
  )
  assert.is((await auditRows(t, 'record.cancel')).filter((a) => a.target === String(id)).length, 1)
  assert.match(errorOf(await act(id, 'cancel')).message, /closed already/)
  assert.match(errorOf(await act(await publish(INCIDENT), 'cancel')).message, /^type: only maintenance/)
  const bad = await act(id, 'cancel', { notify: 'yes please' })
  assert.is(bad.statusCode, 400)
  assert.is(errorOf(bad).code, 'invalid')
  assert.match(errorOf(bad).message, /^notify:/)
})

actions.run()

// ---------------------------------------------------------------------------------------------

const templates = suite('the desk: templates')

templates.before(async () => {
  t = await startApp()
  admin = await login(t, 'admin', 'Admin12345')
})
templates.after(async () => {
  await t.close()
})

const list = async () => {
  const res = await send(t, 'GET', '/api/admin/templates', { session: admin })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(schemaErrors(answer(TemplatesData), body(res)), [])
  return body(res).data.templates as RecordTemplate[]
}

templates('create, list by name, update, delete; each audited; unique names regardless of case', async () => {
  assert.equal(await list(), [])
  const fields = {
    type: 'incident',
    title: 'Authentication outage',
    body: '## Impact',
    body_format: 'markdown',
    severity: 20,
    clouds: ['auroraedge'],
  }
  const created = await send(t, 'POST', '/api/admin/templates', { session: admin, payload: { name: ' Authentication outage ', fields } })
  assert.is(created.statusCode, 201, created.body)
  const template = body(created).data as RecordTemplate
  assert.equal(template, { id: template.id, name: 'Authentication outage', fields, updated: FIXED_NOW.toISOString(), updated_by: 'admin' })
  const second = await send(t, 'POST', '/api/admin/templates', {
    session: admin,
    payload: { name: 'API latency', fields: { type: 'maintenance', status: 'Scheduled' } },
  })
  assert.is(second.statusCode, 201, second.body)
  assert.equal(
    (await list()).map((x) => x.name),
    ['API latency', 'Authentication outage'],
  )

  const duplicate = await send(t, 'POST', '/api/admin/templates', { session: admin, payload: { name: 'api LATENCY', fields } })
  assert.is(duplicate.statusCode, 400)
  assert.is(errorOf(duplicate).code, 'invalid')
  assert.match(errorOf(duplicate).message, /^name: a template named "api LATENCY" exists already/)
  const rename = await send(t, 'PUT', `/api/admin/templates/${template.id}`, { session: admin, payload: { name: 'API Latency', fields } })
  assert.is(rename.statusCode, 400)
  assert.match(errorOf(rename).message, /^name:/)

  const saved = await send(t, 'PUT', `/api/admin/templates/${template.id}`, {
    session: admin,
    payload: { name: 'Authentication outage', fields: { ...fields, title: 'Sign-in outage' } },
  })
  assert.is(saved.statusCode, 200, saved.body)
  assert.is(body(saved).data.fields.title, 'Sign-in outage')
  const deleted = await send(t, 'DELETE', `/api/admin/templates/${template.id}`, { session: admin })
  assert.is(deleted.statusCode, 200, deleted.body)
  assert.equal(body(deleted).data, { id: template.id })
  assert.equal(
    (await list()).map((x) => x.name),
    ['API latency'],
  )
  for (const [method, payload] of [
    ['PUT', { name: 'x', fields }],
    ['DELETE', undefined],
  ] as const) {
    const res = await send(t, method, `/api/admin/templates/${template.id}`, { session: admin, payload })
    assert.is(res.statusCode, 404, method)
    assert.is(errorOf(res).code, 'not_found')
  }

  const audits = [
    ...(await auditRows(t, 'template.create')),
    ...(await auditRows(t, 'template.update')),
    ...(await auditRows(t, 'template.delete')),
  ]
  assert.equal(
    audits.map((a) => [a.action, a.target]),
    [
      ['template.create', String(template.id)],
      ['template.create', String(body(second).data.id)],
      ['template.update', String(template.id)],
      ['template.delete', String(template.id)],
    ],
  )
  assert.is(JSON.parse(audits[2].before!).fields.title, 'Authentication outage')
  assert.is(JSON.parse(audits[2].after!).fields.title, 'Sign-in outage')
  assert.is(JSON.parse(audits[3].before!).name, 'Authentication outage')
})

templates('template bodies are checked: the schema, the name, the notification type', async () => {
  const refusals: Array<[unknown, RegExp]> = [
    [{ name: '', fields: { type: 'incident' } }, /^name:/],
    [{ name: '   ', fields: { type: 'incident' } }, /^name: must not be empty/],
    [{ name: 'x', fields: { type: 'blog' } }, /^fields\.type:/],
    [{ name: 'x' }, /^fields: required/],
    [{ name: 'x', fields: { type: 'notification' } }, /^fields\.notification_type: must be one of/],
    [{ name: 'x', fields: { type: 'incident', notification_type: 'cloud_app' } }, /^fields\.notification_type: only notifications/],
  ]
  for (const [payload, message] of refusals) {
    const res = await send(t, 'POST', '/api/admin/templates', { session: admin, payload })
    assert.is(res.statusCode, 400, JSON.stringify(payload))
    assert.is(errorOf(res).code, 'invalid', JSON.stringify(payload))
    assert.match(errorOf(res).message, message, JSON.stringify(payload))
  }
  // A field that is not a template's (the window is the moment of use) is not kept.
  const ok = await send(t, 'POST', '/api/admin/templates', {
    session: admin,
    payload: {
      name: 'Privacy notice',
      fields: { type: 'notification', notification_type: 'privacy_notification', from: '2026-03-15T09:00:00Z' },
    },
  })
  assert.is(ok.statusCode, 201, ok.body)
  assert.equal(body(ok).data.fields, { type: 'notification', notification_type: 'privacy_notification' })
  assert.equal(
    JSON.parse((await t.query('select fields from record_templates where id = ?', body(ok).data.id))[0].fields),
    body(ok).data.fields,
  )
})

templates.run()
