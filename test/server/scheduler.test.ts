/**
 * The maintenance scheduler (`server/publishing/scheduler.ts`) with an injected clock: the app's
 * clock is a mutable `now`, its interval a day (only the start-up pass and the passes a test runs
 * happen), and passes are run with `runScheduler` on a connection of the test's own or by starting
 * the app again on the same folder.
 */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { openDatabase } from '../../server/db/connection.js'
import type { Database } from '../../server/db/schema.js'
import { applyStep, dueSteps, runScheduler } from '../../server/publishing/scheduler.js'
import {
  addUsualSubscribers,
  eventsOf,
  HOUR,
  iso,
  kindsOf,
  MINUTE,
  mailsOf,
  maintenanceBody,
  recipientsByKind,
  statusOf,
  updatesOf,
} from './desk-helpers.js'
import { body, FIXED_NOW, reopen, startApp, TEST_DIALECT, type TestApp } from './helpers.js'
import { type AuditRow, auditRows, login, type Session, send } from './staff-helpers.js'

const PUBLIC_URL = 'https://trust.example'
const T0 = FIXED_NOW.getTime()

let t: TestApp
let now = T0
let admin: Session
let recipients: string[] = []

const OPTIONS = { now: () => new Date(now), accounts: { publicUrl: PUBLIC_URL }, schedulerIntervalMs: 86_400_000 }
const start = () => startApp(OPTIONS)

/** Stops the app (if not yet) keeping its database, and starts it again at the current `now` (its start-up pass runs). */
async function restart(): Promise<void> {
  t = await reopen(t, OPTIONS)
  admin = await login(t, 'admin', 'Admin12345')
}

/** One pass at `now` on a connection of the test's own. */
async function pass(reminderMinutes = 60) {
  const db = openDatabase(t.location)
  try {
    return await runScheduler(db, now, { reminderMinutes })
  } finally {
    await db.destroy()
  }
}

/** Publishes a Scheduled maintenance on auroraedge from `from` to `to`; returns its id. */
async function publish(from: number, to: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload: await maintenanceBody(t, from, to, overrides) })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data.id
}

/** The steps of one record among those a pass made. */
const stepsOf = (steps: Awaited<ReturnType<typeof pass>>, id: number) => steps.filter((s) => s.recordId === id).map((s) => s.kind)

const test = suite('the maintenance scheduler')

test.before.each(async () => {
  now = T0
  t = await start()
  admin = await login(t, 'admin', 'Admin12345')
  recipients = await addUsualSubscribers(t)
})
test.after.each(async () => {
  await t.close()
})

test('a window crosses its reminder, start and end: one event of each, one email per subscriber and event, nothing twice', async () => {
  const from = T0 + 3 * HOUR
  const to = from + 2 * HOUR
  const id = await publish(from, to)
  assert.equal(await kindsOf(t, id), ['published'])

  now = from - 61 * MINUTE
  assert.equal(stepsOf(await pass(), id), [], 'before the reminder time')
  now = from - 45 * MINUTE
  assert.equal(stepsOf(await pass(), id), ['reminder'])
  assert.equal(stepsOf(await pass(), id), [], 'the reminder goes out once')
  assert.is(await statusOf(t, id), 'Scheduled', 'a reminder changes no status')

  now = from + 20_000
  assert.equal(stepsOf(await pass(), id), ['started'])
  assert.is(await statusOf(t, id), 'In Progress')
  assert.equal(stepsOf(await pass(), id), [])
  // A restart in the middle of the window: its start-up pass duplicates nothing.
  await restart()
  assert.equal(await kindsOf(t, id), ['published', 'reminder', 'started'])

  now = to - MINUTE
  assert.equal(stepsOf(await pass(), id), [], 'not before its end')
  now = to + 5_000
  assert.equal(stepsOf(await pass(), id), ['completed'])
  assert.equal(stepsOf(await pass(), id), [])
  await restart()

  assert.equal(await kindsOf(t, id), ['published', 'reminder', 'started', 'completed'])
  const events = await eventsOf(t, id)
  assert.equal(
    events.map((e) => e.window_from),
    [null, from, from, from],
  )
  const record = (await t.query('select closed_on, resolved_by, updated_by from records where id = ?', id))[0]
  assert.equal(record, { closed_on: to + 5_000, resolved_by: 'system', updated_by: 'system' })
  assert.is(await statusOf(t, id), 'Completed')
  assert.equal(await recipientsByKind(t, id), { published: recipients, reminder: recipients, started: recipients, completed: recipients })

  const mails = await mailsOf(t, id)
  const subjectOf = (kind: string) => mails.find((m) => m.kind === kind && m.to_address === recipients[0])!.subject
  assert.is(subjectOf('reminder'), '[auroraedge.net] Maintenance reminder: Core switch upgrade starts Sun, 15 Mar 2026 12:30:00 UTC (UTC)')
  assert.is(subjectOf('started'), '[auroraedge.net] Maintenance started: Core switch upgrade')
  assert.is(subjectOf('completed'), '[auroraedge.net] Maintenance completed: Core switch upgrade')
  assert.match(mails.find((m) => m.kind === 'started')!.text, 'Update: Maintenance started.')
  assert.match(mails.find((m) => m.kind === 'started')!.text, `${PUBLIC_URL}/auroraedge.net/posts/${id}`)

  // The update history: the two status changes, none for the publish or the reminder.
  assert.equal(await updatesOf(t, id), [
    { at: from + 20_000, status: 'In Progress', text: '<p>Maintenance started.</p>', event_id: events[2].id },
    { at: to + 5_000, status: 'Completed', text: '<p>Maintenance completed.</p>', event_id: events[3].id },
  ])
  const post = body(await t.app.inject(`/api/posts/${id}?cloud=auroraedge`)).data
  assert.equal(
    post.updates.map((u: { status: string; resolved: boolean }) => [u.status, u.resolved]),
    [
      ['Completed', true],
      ['In Progress', false],
    ],
  )

  // Audited as `system`, in the order made.
  const audits: AuditRow[][] = []
  for (const action of ['record.remind', 'record.start', 'record.complete']) {
    audits.push((await auditRows(t, action)).filter((a) => a.target === String(id)))
  }
  for (const rows of audits) {
    assert.is(rows.length, 1)
    assert.is(rows[0].actor_uid, null)
    assert.is(rows[0].actor_name, 'system')
  }
  assert.is(JSON.parse(audits[1][0].before!).status, 'Scheduled')
  assert.is(JSON.parse(audits[1][0].after!).status, 'In Progress')
})

test('catch-up: a window that ended while the server was down is completed once, without a started mail', async () => {
  const from = T0 + 2 * HOUR
  const to = from + HOUR
  const id = await publish(from, to)
  await t.stop()
  now = to + 6 * HOUR
  t = await reopen(t, OPTIONS)
  assert.equal(await kindsOf(t, id), ['published', 'completed'])
  assert.is(await statusOf(t, id), 'Completed')
  assert.equal(await recipientsByKind(t, id), { published: recipients, completed: recipients })
  assert.is((await t.query('select closed_on from records where id = ?', id))[0].closed_on, now)
  assert.equal(
    (await updatesOf(t, id)).map((u) => u.status),
    ['Completed'],
  )
  // Another start, and another pass: nothing more.
  await restart()
  assert.equal(stepsOf(await pass(), id), [])
  assert.equal(await kindsOf(t, id), ['published', 'completed'])
})

test('catch-up: a window that started while the server was down starts at the next start, once', async () => {
  const from = T0 + 30 * MINUTE
  const to = from + 4 * HOUR
  const id = await publish(from, to)
  await t.stop()
  now = from + HOUR
  t = await reopen(t, OPTIONS)
  // Its reminder time passed while the server was down: no reminder for a window that has begun.
  assert.equal(await kindsOf(t, id), ['published', 'started'])
  assert.is(await statusOf(t, id), 'In Progress')
})

test('MAINTENANCE_REMINDER_MINUTES: 0 sends no reminder; another lead moves it', async () => {
  const from = T0 + 3 * HOUR
  const id = await publish(from, from + HOUR)
  now = from - 30 * MINUTE
  assert.equal(stepsOf(await pass(0), id), [])
  now = from - 10 * MINUTE
  assert.equal(stepsOf(await pass(0), id), [])
  assert.equal(stepsOf(await pass(5), id), [], 'five minutes ahead: not yet')
  now = from - 4 * MINUTE
  assert.equal(stepsOf(await pass(5), id), ['reminder'])
  assert.equal(stepsOf(await pass(60), id), [], 'once per window, whatever the lead')
})

test('postpone: Postponed, mails, and the new window is reminded, started and completed in its time', async () => {
  const from = T0 + 3 * HOUR
  const id = await publish(from, from + HOUR)
  now = from - 30 * MINUTE
  assert.equal(stepsOf(await pass(), id), ['reminder'])

  const newFrom = from + 24 * HOUR
  const res = await send(t, 'POST', `/api/admin/records/${id}/postpone`, {
    session: admin,
    payload: { from: iso(newFrom), to: iso(newFrom + 2 * HOUR), update: 'The vendor delivers the parts **tomorrow**.' },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body(res).data.mails, recipients.length)
  assert.is(await statusOf(t, id), 'Postponed')
  const postponed = (await mailsOf(t, id)).filter((m) => m.kind === 'postponed')
  assert.equal(postponed.map((m) => m.to_address).sort(), recipients)
  assert.is(
    postponed[0].subject,
    '[auroraedge.net] Maintenance postponed: Core switch upgrade, now starts Mon, 16 Mar 2026 12:30:00 UTC (UTC)',
  )
  assert.match(postponed[0].text, 'Update: The vendor delivers the parts tomorrow.')

  // The old window's start passes: nothing happens.
  now = from + MINUTE
  assert.equal(stepsOf(await pass(), id), [])
  now = from + 2 * HOUR
  assert.equal(stepsOf(await pass(), id), [])
  assert.is(await statusOf(t, id), 'Postponed')

  now = newFrom - 30 * MINUTE
  assert.equal(stepsOf(await pass(), id), ['reminder'], 'a new reminder for the new window')
  now = newFrom + MINUTE
  assert.equal(stepsOf(await pass(), id), ['started'], 'Postponed → In Progress')
  now = newFrom + 2 * HOUR
  assert.equal(stepsOf(await pass(), id), ['completed'])
  assert.equal(await kindsOf(t, id), ['published', 'reminder', 'postponed', 'reminder', 'started', 'completed'])
  assert.equal(
    (await eventsOf(t, id)).map((e) => e.window_from),
    [null, from, null, newFrom, newFrom, newFrom],
  )
  assert.equal(
    (await updatesOf(t, id)).map((u) => [u.status, u.text]),
    [
      ['Postponed', '<p>The vendor delivers the parts <strong>tomorrow</strong>.</p>'],
      ['In Progress', '<p>Maintenance started.</p>'],
      ['Completed', '<p>Maintenance completed.</p>'],
    ],
  )
  for (const kind of ['reminder', 'postponed', 'started', 'completed']) {
    const per = (await mailsOf(t, id)).filter((m) => m.kind === kind)
    assert.is(per.length, recipients.length * (kind === 'reminder' ? 2 : 1), kind)
  }
})

test('postpone an In Progress window: it starts again in the new window', async () => {
  const from = T0 + HOUR
  const id = await publish(from, from + 2 * HOUR)
  now = from + MINUTE
  assert.equal(stepsOf(await pass(), id), ['started'])
  const newFrom = from + 48 * HOUR
  const res = await send(t, 'POST', `/api/admin/records/${id}/postpone`, {
    session: admin,
    payload: { from: iso(newFrom), to: iso(newFrom + HOUR), notify: false },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.is(body(res).data.mails, 0)
  now = newFrom + MINUTE
  assert.equal(stepsOf(await pass(), id), ['started'])
  assert.equal(await kindsOf(t, id), ['published', 'started', 'postponed', 'started'])
})

test('cancel: Archived with closed_on, mails, and the scheduler never touches it again', async () => {
  const from = T0 + 3 * HOUR
  const id = await publish(from, from + HOUR)
  const res = await send(t, 'POST', `/api/admin/records/${id}/cancel`, { session: admin, payload: { update: 'Not needed after all.' } })
  assert.is(res.statusCode, 200, res.body)
  assert.is(await statusOf(t, id), 'Archived')
  assert.is((await t.query('select closed_on from records where id = ?', id))[0].closed_on, T0)
  const cancelled = (await mailsOf(t, id)).filter((m) => m.kind === 'cancelled')
  assert.equal(cancelled.map((m) => m.to_address).sort(), recipients)
  assert.is(cancelled[0].subject, '[auroraedge.net] Maintenance cancelled: Core switch upgrade')
  for (const at of [from - 30 * MINUTE, from + MINUTE, from + 2 * HOUR]) {
    now = at
    assert.equal(stepsOf(await pass(), id), [])
  }
  await restart()
  assert.equal(await kindsOf(t, id), ['published', 'cancelled'])
})

test('a planned step whose record changed meanwhile rolls back, claim included', async () => {
  const from = T0 + HOUR
  const id = await publish(from, from + HOUR)
  now = from + MINUTE
  const db = openDatabase(t.location)
  try {
    const due = (await dueSteps(db, now)).find((s) => s.recordId === id)!
    assert.is(due.kind, 'started')
    // An operator cancels it between the plan and the step.
    const res = await send(t, 'POST', `/api/admin/records/${id}/cancel`, { session: admin, payload: {} })
    assert.is(res.statusCode, 200, res.body)
    assert.is(await applyStep(db, due, now), null)
  } finally {
    await db.destroy()
  }
  assert.equal(await kindsOf(t, id), ['published', 'cancelled'])
  assert.is(await statusOf(t, id), 'Archived')
})

test('the claim: the same step made twice is made once', async () => {
  const from = T0 + HOUR
  const id = await publish(from, from + HOUR)
  now = from + MINUTE
  const db = openDatabase(t.location)
  try {
    const due = (await dueSteps(db, now)).find((s) => s.recordId === id)!
    const first = await applyStep(db, due, now)
    assert.ok(first)
    assert.is(first.mails, recipients.length)
    assert.is(await applyStep(db, due, now), null)
    // Even as the record stands again as planned (set back by hand), the window's start is taken.
    await sql`update records set status_id = ${due.statusId} where id = ${id}`.execute(db)
    assert.is(await applyStep(db, due, now), null)
  } finally {
    await db.destroy()
  }
  assert.equal(await kindsOf(t, id), ['published', 'started'])
  assert.is((await mailsOf(t, id)).filter((m) => m.kind === 'started').length, recipients.length)
})

test('two schedulers on one database (two connections, concurrent passes) make each step once', async () => {
  const ids = [
    await publish(T0 + HOUR, T0 + 2 * HOUR),
    await publish(T0 + 90 * MINUTE, T0 + 5 * HOUR),
    await publish(T0 + 3 * HOUR, T0 + 4 * HOUR),
  ]
  // SQLite: in one process a connection that waits for the other's write lock blocks the thread the
  // other needs to commit, so both fail fast here instead (busy_timeout 0): SQLITE_BUSY is a lost
  // claim too, and its step is left for the next pass. Separate processes wait (busy_timeout 5 s)
  // and then find the claim taken. PostgreSQL's connections wait for each other's locks anyway.
  const dbs: Kysely<Database>[] = [openDatabase(t.location), openDatabase(t.location)]
  if (TEST_DIALECT === 'sqlite') for (const db of dbs) await sql`pragma busy_timeout = 0`.execute(db)
  const warnings: string[] = []
  const options = { log: { warn: (o: object) => warnings.push(JSON.stringify(o)) } }
  let made = 0
  try {
    for (const at of [T0 + 30 * MINUTE, T0 + 100 * MINUTE, T0 + 150 * MINUTE, T0 + 200 * MINUTE, T0 + 5 * HOUR]) {
      now = at
      for (let round = 0; round < 2; round++) {
        const steps = await Promise.all(dbs.map((db) => runScheduler(db, now, options)))
        made += steps.flat().filter((s) => ids.includes(s.recordId)).length
      }
      // A step both lost to the other's lock is made by the next pass.
      made += (await runScheduler(dbs[0], now, options)).filter((s) => ids.includes(s.recordId)).length
    }
  } finally {
    await Promise.all(dbs.map((db) => db.destroy()))
  }
  assert.is(made, 9, 'the passes report each step once')
  assert.equal(await kindsOf(t, ids[0]), ['published', 'reminder', 'started', 'completed'])
  assert.equal(await kindsOf(t, ids[1]), ['published', 'reminder', 'started', 'completed'])
  assert.equal(await kindsOf(t, ids[2]), ['published', 'reminder', 'started', 'completed'])
  for (const id of ids) {
    for (const [kind, to] of Object.entries(await recipientsByKind(t, id))) assert.equal(to, recipients, `${id} ${kind}`)
    assert.is((await updatesOf(t, id)).length, 2)
  }
  // Warnings only for claims lost to the other connection's lock.
  const lockLost = TEST_DIALECT === 'sqlite' ? /SQLITE_BUSY|database is locked/i : /could not serialize|deadlock detected|lock timeout/i
  assert.ok(
    warnings.every((w) => lockLost.test(w)),
    warnings.join('\n'),
  )
})

test('a maintenance with its own lead is reminded that long before its start, whatever the server setting', async () => {
  const from = T0 + 48 * HOUR
  const day = await publish(from, from + HOUR, { reminder_minutes: 1440 })
  const short = await publish(from, from + HOUR, { reminder_minutes: 10 })
  assert.equal(
    (await t.query('select id, reminder_minutes from records where id in (?, ?) order by id', day, short)).map((r) => r.reminder_minutes),
    [1440, 10],
  )
  now = from - 25 * HOUR
  assert.equal(stepsOf(await pass(), day), [], 'a day and an hour ahead: not yet')
  now = from - 23 * HOUR
  assert.equal(stepsOf(await pass(), day), ['reminder'], 'inside its 24 hours')
  assert.equal(stepsOf(await pass(), day), [], 'once')
  now = from - 30 * MINUTE
  assert.equal(stepsOf(await pass(), short), [], 'the server setting (60 minutes) does not apply to a record with its own lead')
  now = from - 9 * MINUTE
  assert.equal(stepsOf(await pass(), short), ['reminder'])
  now = from + MINUTE
  const started = await pass()
  assert.equal([stepsOf(started, day), stepsOf(started, short)], [['started'], ['started']])
  assert.equal(await recipientsByKind(t, day), { published: recipients, reminder: recipients, started: recipients })
  assert.equal((await eventsOf(t, day)).find((e) => e.kind === 'reminder')!.at, from - 23 * HOUR)
})

test('a lead of 0 sends no reminder; the window still starts and completes', async () => {
  const from = T0 + 3 * HOUR
  const id = await publish(from, from + HOUR, { reminder_minutes: 0 })
  for (const at of [from - 59 * MINUTE, from - 10 * MINUTE, from - MINUTE]) {
    now = at
    assert.equal(stepsOf(await pass(), id), [], `no reminder at ${iso(at)}`)
  }
  now = from + MINUTE
  assert.equal(stepsOf(await pass(), id), ['started'])
  now = from + 2 * HOUR
  assert.equal(stepsOf(await pass(), id), ['completed'])
  assert.equal(await kindsOf(t, id), ['published', 'started', 'completed'])
})

test('announced inside its lead: no reminder moments after the announcement (published 40 minutes ahead)', async () => {
  const from = T0 + 40 * MINUTE
  const id = await publish(from, from + HOUR)
  // Published at the same moment, 61 minutes ahead: just outside the lead.
  const earlier = await publish(T0 + 61 * MINUTE, T0 + 2 * HOUR)
  assert.equal((await t.query('select reminder_minutes from records where id = ?', id))[0].reminder_minutes, null)
  now = T0 + 1_500
  let steps = await pass()
  assert.equal([stepsOf(steps, id), stepsOf(steps, earlier)], [[], []], 'the announcement was the last word')
  now = T0 + 2 * MINUTE
  steps = await pass()
  assert.equal([stepsOf(steps, id), stepsOf(steps, earlier)], [[], ['reminder']])
  now = from - 5 * MINUTE
  assert.equal(stepsOf(await pass(), id), [])
  now = from + MINUTE
  assert.equal(stepsOf(await pass(), id), ['started'])
  assert.equal(await recipientsByKind(t, id), { published: recipients, started: recipients })
})

test('postponed: the record keeps its lead; a new window announced inside it gets no reminder', async () => {
  const from = T0 + 3 * HOUR
  const id = await publish(from, from + HOUR, { reminder_minutes: 120 })
  now = from - 119 * MINUTE
  assert.equal(stepsOf(await pass(), id), ['reminder'])

  // Postponed by a day: the lead stays 120 minutes, so the new window's reminder is 2 hours ahead.
  const later = from + 24 * HOUR
  let res = await send(t, 'POST', `/api/admin/records/${id}/postpone`, {
    session: admin,
    payload: { from: iso(later), to: iso(later + HOUR) },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.is((await t.query('select reminder_minutes from records where id = ?', id))[0].reminder_minutes, 120)
  now = later - 121 * MINUTE
  assert.equal(stepsOf(await pass(), id), [])
  now = later - 119 * MINUTE
  assert.equal(stepsOf(await pass(), id), ['reminder'])

  // Postponed again, to start 30 minutes after the postponement is mailed: that mail is the last word.
  admin = await login(t, 'admin', 'Admin12345') // a day later: a new session
  const soon = now + 30 * MINUTE
  res = await send(t, 'POST', `/api/admin/records/${id}/postpone`, { session: admin, payload: { from: iso(soon), to: iso(soon + HOUR) } })
  assert.is(res.statusCode, 200, res.body)
  now += MINUTE
  assert.equal(stepsOf(await pass(), id), [])
  now = soon + MINUTE
  assert.equal(stepsOf(await pass(), id), ['started'])
  assert.equal(await kindsOf(t, id), ['published', 'reminder', 'postponed', 'reminder', 'postponed', 'started'])
})

test('without a lead of its own a maintenance follows the server setting, which the desk is told', async () => {
  const SERVER_45 = { ...OPTIONS, maintenanceReminderMinutes: 45 }
  t = await reopen(t, SERVER_45)
  admin = await login(t, 'admin', 'Admin12345')
  const from = T0 + 3 * HOUR
  const id = await publish(from, from + HOUR)
  const own = await publish(from, from + HOUR, { reminder_minutes: 60 })
  const third = await publish(from + HOUR, from + 2 * HOUR)

  const detail = body(await send(t, 'GET', `/api/admin/records/${id}`, { session: admin })).data
  assert.equal([detail.reminder_minutes, detail.reminder_default_minutes], [null, 45])
  const ownDetail = body(await send(t, 'GET', `/api/admin/records/${own}`, { session: admin })).data
  assert.equal([ownDetail.reminder_minutes, ownDetail.reminder_default_minutes], [60, 45])
  const templates = body(await send(t, 'GET', '/api/admin/templates', { session: admin })).data
  assert.is(templates.reminder_default_minutes, 45)

  // The app's own passes (a start runs one) use its setting, 45 minutes.
  now = from - 50 * MINUTE
  t = await reopen(t, SERVER_45)
  assert.equal(await kindsOf(t, id), ['published'], 'not 50 minutes ahead')
  assert.equal(await kindsOf(t, own), ['published', 'reminder'], 'its own 60 minutes')
  now = from - 44 * MINUTE
  t = await reopen(t, SERVER_45)
  assert.equal(await kindsOf(t, id), ['published', 'reminder'])
  assert.equal(await kindsOf(t, third), ['published'])
  // Another server setting moves the reminder of a record without a lead of its own.
  now = from + HOUR - 100 * MINUTE
  assert.equal(stepsOf(await pass(120), third), ['reminder'])
})

test('the lead is checked: maintenance only, whole minutes from 0 to 10080, changeable by PATCH and audited', async () => {
  const from = T0 + 3 * HOUR
  const refuse = async (payload: Record<string, unknown>, pattern: RegExp) => {
    const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload })
    assert.is(res.statusCode, 400, res.body)
    assert.match(body(res).error.message, pattern)
  }
  const maintenance = await maintenanceBody(t, from, from + HOUR)
  await refuse({ ...maintenance, reminder_minutes: -5 }, /^reminder_minutes: must be whole minutes from 0 \(no reminder\) to 10080/)
  await refuse({ ...maintenance, reminder_minutes: 10_081 }, /^reminder_minutes: must be whole minutes/)
  await refuse({ ...maintenance, reminder_minutes: 1.5 }, /^reminder_minutes: /)
  await refuse(
    { ...maintenance, type: 'incident', status: 'In Progress', reminder_minutes: 30 },
    /^reminder_minutes: only maintenance has a reminder/,
  )
  const id = await publish(from, from + HOUR, { reminder_minutes: 10_080 })
  let res = await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload: { reminder_minutes: 15, notify: false } })
  assert.is(res.statusCode, 200, res.body)
  assert.is((await t.query('select reminder_minutes from records where id = ?', id))[0].reminder_minutes, 15)
  const audit = (await auditRows(t)).find((a) => a.action === 'record.update' && a.target === String(id))!
  assert.equal([JSON.parse(audit.before!).reminder_minutes, JSON.parse(audit.after!).reminder_minutes], [10_080, 15])
  res = await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload: { reminder_minutes: null, notify: false } })
  assert.is(res.statusCode, 200, res.body)
  assert.is((await t.query('select reminder_minutes from records where id = ?', id))[0].reminder_minutes, null)
  // 0 (none) and null (the server's setting) stay apart through the publishing API and templates.
  const none = await publish(from, from + HOUR, { reminder_minutes: 0 })
  assert.is((await t.query('select reminder_minutes from records where id = ?', none))[0].reminder_minutes, 0)
  for (const lead of [0, null, 1440]) {
    res = await send(t, 'POST', '/api/admin/templates', {
      session: admin,
      payload: { name: `Patching ${lead}`, fields: { type: 'maintenance', reminder_minutes: lead } },
    })
    assert.is(res.statusCode, 201, res.body)
    assert.is(body(res).data.fields.reminder_minutes, lead)
  }
  res = await send(t, 'POST', '/api/admin/templates', {
    session: admin,
    payload: { name: 'Too long', fields: { type: 'maintenance', reminder_minutes: 20_000 } },
  })
  assert.is(res.statusCode, 400, res.body)
})

test.run()
