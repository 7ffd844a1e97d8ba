/**
 * Contract of the records domain: every seeded answer of the public record endpoints — the
 * incident, maintenance and advisory lists (every page of every cloud), the calendar of each kind,
 * the notification lists (every page of each type), each post and each notification found in
 * them — conforms to its schema in `contract/records.ts`, and the widget's parser accepts it and
 * gives back the same data. A privileged viewer's answer conforms to the `Privileged…` schema and
 * not to the public one. Each endpoint also has a broken answer that the schema and the parser
 * both reject, so the checks can fail.
 */
import type { TSchema } from 'typebox'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { INTERNAL_FIELDS, SESSION_COOKIE } from '../../contract/constants.js'
import type { Cloud } from '../../contract/global.js'
import {
  CalendarAnswer,
  type CalendarType,
  NotificationListAnswer,
  type NotificationListData,
  type NotificationType,
  PostAnswer,
  PrivilegedPostAnswer,
  PrivilegedRecordListAnswer,
  RecordListAnswer,
  type RecordListData,
  type RecordListType,
  type TrustRecord,
} from '../../contract/records.js'
import { ApiError } from '../../widgets/core/request.js'
import { parseNotificationListAnswer } from '../../widgets/notifications/api.js'
import { parsePostAnswer } from '../../widgets/post/api.js'
import { parseCalendarAnswer, parseRecordListAnswer } from '../../widgets/records/api.js'
import { body, getJson, schemaErrors, startSeeded, type TestApp } from './harness.js'

const LISTS: RecordListType[] = ['incident', 'maintenance', 'advisory']
const CALENDARS: CalendarType[] = ['recent_incident', 'scheduled_maintenance', 'advisory']
const NOTIFICATION_TYPES: NotificationType[] = ['url_change_notification', 'cloud_app', 'privacy_notification']

let t: TestApp
let clouds: Cloud[]
/** One cloud (machine name) per record found in the lists, by record id: where its post is asked for. */
const posts = new Map<number, string>()
/** The same for notifications (`/api/notification/{id}/{cloud}`). */
const notifications = new Map<number, string>()

/** `json` conforms to `schema` and `parse` gives back its `data`; `where` names the answer in failures. */
function conforms(schema: TSchema, parse: (json: unknown) => unknown, json: { data: unknown }, where: string): void {
  assert.equal(schemaErrors(schema, json), [], where)
  assert.equal(parse(json), json.data, where)
}

/** A broken copy of `json` fails `schema` at `path` (a prefix of the error's path) and `parse` throws. */
function rejects(schema: TSchema, parse: (json: unknown) => unknown, broken: unknown, path: string): void {
  const errors = schemaErrors(schema, broken)
  assert.ok(
    errors.some((e) => e.startsWith(path)),
    `${path} in ${JSON.stringify(errors)}`,
  )
  assert.throws(
    () => parse(broken),
    (error: unknown) => error instanceof ApiError && error.statusText === 'Malformed answer',
  )
}

/** `record` without its unset (null) internal-use fields: what the widgets' parser keeps of them. */
function withoutNulls<T extends Record<string, unknown>>(record: T): T {
  const kept: Record<string, unknown> = { ...record }
  for (const field of INTERNAL_FIELDS) if (kept[field] === null) delete kept[field]
  return kept as T
}

test.before(async () => {
  ;({ t, clouds } = await startSeeded())
})
test.after(() => t.close())

test('GET /api/{incident|maintenance|advisory}: every page of every cloud conforms to RecordListData and the parser gives it back', async () => {
  assert.ok(clouds.length > 0)
  const seen = { pages: 0, schedules: 0, ongoing: 0 }
  for (const cloud of clouds) {
    for (const type of LISTS) {
      for (let page = 1, total = 1; page <= Math.max(1, total); page++) {
        const json = await getJson<{ data: RecordListData }>(t, `/api/${type}?cloud=${cloud.machine_name}&page=${page}`)
        conforms(RecordListAnswer, parseRecordListAnswer, json, `${cloud.machine_name} ${type} page ${page}`)
        total = json.data.totalPages
        seen.pages += 1
        if (json.data.maintenanceSchedule) seen.schedules += 1
        for (const record of json.data.records) {
          if (!posts.has(record.id)) posts.set(record.id, cloud.machine_name)
          if (record.toTime === null) seen.ongoing += 1
        }
      }
    }
  }
  // The seed fills the lists: many pages, the schedule table, ongoing records (toTime null).
  assert.ok(seen.pages > clouds.length * LISTS.length && seen.schedules > 0 && seen.ongoing > 0, JSON.stringify(seen))
})

test('GET /api/{type}: a filtered list (day, zone, data centers) conforms too', async () => {
  const cloud = clouds[0].machine_name
  const calendar = await getJson(t, `/api/calendar?cloud=${cloud}&type=scheduled_maintenance`)
  const dcs = calendar.data.datacenters.flatMap((g: { options: Array<{ value: string }> }) => g.options.map((o) => o.value)).slice(0, 3)
  const day = Object.keys(calendar.data.calendar)[0]
  assert.ok(dcs.length > 0 && day, 'the calendar names data centers and days')
  for (const query of [`date=${day}&tz=Europe/Berlin`, `datacenter=${dcs.join(',')}`, 'category=3']) {
    const json = await getJson(t, `/api/maintenance?cloud=${cloud}&${query}`)
    conforms(RecordListAnswer, parseRecordListAnswer, json, query)
  }
})

test('GET /api/calendar: every kind of every cloud conforms to CalendarData and the parser gives it back', async () => {
  let days = 0
  for (const cloud of clouds) {
    for (const type of CALENDARS) {
      const json = await getJson(t, `/api/calendar?cloud=${cloud.machine_name}&type=${type}${type === 'advisory' ? '&cc_term=241' : ''}`)
      conforms(CalendarAnswer, parseCalendarAnswer, json, `${cloud.machine_name} ${type}`)
      days += Object.keys(json.data.calendar).length
    }
  }
  assert.ok(days > 0)
})

test('GET /api/notifications: every page of each type conforms to NotificationListData and the parser gives it back', async () => {
  const queries = NOTIFICATION_TYPES.map((type) => `notification_type=${type}`)
  // cloud_app is the one type that reads `cloud`.
  for (const cloud of clouds) queries.push(`notification_type=cloud_app&cloud=${cloud.machine_name}`)
  let records = 0
  for (const query of queries) {
    for (let page = 0, total = 1; page < Math.max(1, total); page++) {
      const json = await getJson<{ data: NotificationListData }>(t, `/api/notifications?${query}&page=${page}`)
      conforms(NotificationListAnswer, parseNotificationListAnswer, json, `${query} page ${page}`)
      total = json.data.totalPages
      for (const record of json.data.records) {
        records += 1
        if (!notifications.has(record.id) && record.clouds.length > 0) notifications.set(record.id, record.clouds[0])
      }
    }
  }
  assert.ok(records > 0 && notifications.size > 0)
})

test('GET /api/posts/{id}: each record found in the lists conforms to PostData and the parser gives it back', async () => {
  assert.ok(posts.size > 100, `${posts.size} posts`)
  for (const [id, cloud] of posts) {
    const json = await getJson(t, `/api/posts/${id}?cloud=${cloud}`)
    conforms(PostAnswer, parsePostAnswer, json, `post ${id} on ${cloud}`)
  }
})

test('GET /api/notification/{id}/{cloud}: each notification found in the lists conforms to PostData and the parser gives it back', async () => {
  let redirects = 0
  for (const [id, cloud] of notifications) {
    const json = await getJson(t, `/api/notification/${id}/${cloud}`)
    conforms(PostAnswer, parsePostAnswer, json, `notification ${id} on ${cloud}`)
    if (json.data.url_redirect !== undefined) redirects += 1
  }
  assert.ok(redirects > 0, 'some notifications redirect (url_redirect)')
})

test('a privileged viewer: the answer conforms to the Privileged schemas, carries internal fields, and the public schema rejects it', async () => {
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { name: 'admin', pass: 'Admin12345' } })
  assert.is(login.statusCode, 200, login.body)
  const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value
  assert.ok(cookie, 'a session cookie')
  const get = async (url: string) => body(await t.app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${cookie}` } }))

  const list = await get(`/api/incident?cloud=${clouds[0].machine_name}`)
  assert.equal(schemaErrors(PrivilegedRecordListAnswer, list), [])
  // The parser keeps the internal fields that are set (strings) and drops the unset (null) ones.
  assert.equal(parseRecordListAnswer(list), { ...list.data, records: list.data.records.map(withoutNulls) })
  const record = list.data.records[0]
  assert.ok(
    INTERNAL_FIELDS.every((f) => f in record),
    'a privileged answer names every internal field',
  )
  assert.ok(
    schemaErrors(RecordListAnswer, list).some((e) => e.startsWith('/data/records/0')),
    'the public schema names no internal field',
  )

  const post = await get(`/api/posts/${record.id}?cloud=${clouds[0].machine_name}`)
  assert.equal(schemaErrors(PrivilegedPostAnswer, post), [])
  assert.equal(parsePostAnswer(post), withoutNulls(post.data))
  assert.type(post.data.internal_note, 'string')
  assert.ok(schemaErrors(PostAnswer, post).length > 0, 'the public post schema names no internal field')
})

// --- broken answers: the checks above can fail -------------------------------------------------

test('a broken list answer fails RecordListData and the parser throws', async () => {
  const json = await getJson(t, `/api/incident?cloud=${clouds[0].machine_name}`)
  const broken = structuredClone(json)
  broken.data.records[0].title = 42
  rejects(RecordListAnswer, parseRecordListAnswer, broken, '/data/records/0/title')
  // A public answer that carried an internal field breaks the (closed) public schema.
  const leaked = structuredClone(json)
  ;(leaked.data.records[0] as TrustRecord & { internal_note: string }).internal_note = 'secret'
  assert.ok(schemaErrors(RecordListAnswer, leaked).some((e) => e.startsWith('/data/records/0')))
})

test('a broken calendar answer fails CalendarData and the parser throws', async () => {
  const json = await getJson(t, `/api/calendar?cloud=${clouds[0].machine_name}&type=recent_incident`)
  const broken = structuredClone(json)
  const day = Object.keys(broken.data.calendar)[0]
  broken.data.calendar[day] = { status: 3 }
  rejects(CalendarAnswer, parseCalendarAnswer, broken, `/data/calendar/${day}/status`)
})

test('a broken notification list answer fails NotificationListData and the parser throws', async () => {
  const json = await getJson(t, '/api/notifications?notification_type=url_change_notification&page=0')
  const broken = structuredClone(json)
  broken.data.currentPage = -1
  rejects(NotificationListAnswer, parseNotificationListAnswer, broken, '/data/currentPage')
})

test('a broken post answer fails PostData and the parser throws', async () => {
  const [id, cloud] = [...posts][0]
  const json = await getJson(t, `/api/posts/${id}?cloud=${cloud}`)
  const broken = structuredClone(json)
  broken.data.id = 'one'
  rejects(PostAnswer, parsePostAnswer, broken, '/data/id')
})

test('a broken notification answer fails PostData and the parser throws', async () => {
  const [id, cloud] = [...notifications][0]
  const json = await getJson(t, `/api/notification/${id}/${cloud}`)
  const broken = structuredClone(json)
  broken.data.statusDetail = { id: '1', name: null }
  rejects(PostAnswer, parsePostAnswer, broken, '/data/statusDetail')
})

test.run()
