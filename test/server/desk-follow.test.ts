/**
 * Every public read follows a maintenance through the desk and the scheduler without a restart:
 * the maintenance list (its status filter and the regions-by-days schedule), the calendar, the
 * post, the ICS feed and the RSS feed, answered by the same running app after each change.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { runScheduler } from '../../server/publishing/scheduler.js'
import { HOUR, maintenanceBody } from './desk-helpers.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { login, type Session, send } from './staff-helpers.js'

const PUBLIC_URL = 'https://trust.example'
const test = suite('desk: public reads follow each change without a restart')

let t: TestApp
let now = FIXED_NOW.getTime()
let admin: Session

test.before(async () => {
  t = await startApp({ now: () => new Date(now), accounts: { publicUrl: PUBLIC_URL }, schedulerIntervalMs: 86_400_000 })
  admin = await login(t, 'admin', 'Admin12345')
})
test.after(async () => {
  await t.close()
})

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url })
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  return res
}
const data = async (url: string) => body(await get(url)).data

async function pass(): Promise<void> {
  await runScheduler(t.db(), now, { reminderMinutes: 0 })
  // The server's own scheduler empties the response cache after a pass that moved something
  // (test/server/response-cache.test.ts); this pass ran on a connection of the test's own.
  t.app.responseCache.clear()
}

/** The record's status as the maintenance list shows it, or undefined when the list does not have it. */
async function listed(id: number): Promise<string | undefined> {
  const list = await data('/api/maintenance?cloud=auroraedge')
  return list.records.find((r: { id: number }) => r.id === id)?.status
}

test('schedule, start, postpone-free completion: list, schedule table, calendar, post, ICS and RSS', async () => {
  const title = 'Follow-me maintenance window'
  const from = now + 2 * HOUR
  const to = now + 4 * HOUR
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload: await maintenanceBody(t, from, to, { title }) })
  assert.is(res.statusCode, 201, res.body)
  const id = body(res).data.id as number

  // Scheduled: in the list, the schedule table, the calendar, the post, ICS and RSS at once.
  assert.is(await listed(id), 'Scheduled')
  const schedule = (await data('/api/maintenance?cloud=auroraedge')).maintenanceSchedule
  assert.ok(
    schedule.regions.some((r: { data: Array<{ className: string }> }) => r.data[0].className === 'scheduled'),
    'today is marked scheduled in a region',
  )
  const calendar = (await data('/api/calendar?cloud=auroraedge&type=scheduled_maintenance')).calendar
  assert.ok(calendar[new Date(from).toISOString().slice(0, 10)], 'the calendar marks the day')
  assert.is((await data(`/api/posts/${id}?cloud=auroraedge`)).status, 'Scheduled')
  assert.match((await get('/ics/maintenance/auroraedge.ics')).body, new RegExp(`SUMMARY:${title}`))
  assert.match((await get('/rss-feed/maintenance?cloud=auroraedge')).body, new RegExp(title))

  // The scheduler starts it: the same app answers In Progress everywhere.
  now = from + 1000
  await pass()
  assert.is(await listed(id), 'In Progress')
  const post = await data(`/api/posts/${id}?cloud=auroraedge`)
  assert.is(post.status, 'In Progress')
  assert.is(post.updates[0].status, 'In Progress')

  // …and completes it.
  now = to + 1000
  await pass()
  assert.is(await listed(id), 'Completed')
  const done = await data(`/api/posts/${id}?cloud=auroraedge`)
  assert.is(done.status, 'Completed')
  assert.is(done.updates.length, 2)
  assert.is(done.updates[0].resolved, true)
  assert.match((await get('/ics/maintenance/auroraedge.ics')).body, new RegExp(`SUMMARY:${title}`))
})

test('postponed and cancelled windows show as such in the list and the schedule table', async () => {
  const from = now + 3 * HOUR
  const res = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: await maintenanceBody(t, from, from + HOUR, { title: 'Moved window' }),
  })
  const id = body(res).data.id as number
  const later = from + 24 * HOUR
  const moved = await send(t, 'POST', `/api/admin/records/${id}/postpone`, {
    session: admin,
    payload: { from: new Date(later).toISOString(), to: new Date(later + HOUR).toISOString(), update: 'Moved by a day.' },
  })
  assert.is(moved.statusCode, 200, moved.body)
  assert.is(await listed(id), 'Postponed')
  const post = await data(`/api/posts/${id}?cloud=auroraedge`)
  assert.is(post.fromTime, new Date(later).toISOString())
  const cancelled = await send(t, 'POST', `/api/admin/records/${id}/cancel`, { session: admin, payload: {} })
  assert.is(cancelled.statusCode, 200, cancelled.body)
  assert.is((await data(`/api/posts/${id}?cloud=auroraedge`)).status, 'Archived')
  // A cancelled window is never started.
  now = later + 1000
  await pass()
  assert.is((await data(`/api/posts/${id}?cloud=auroraedge`)).status, 'Archived')
})

test.run()
