/**
 * Shared set-up of the incident desk's tests (`desk*.test.ts`, `scheduler.test.ts`): subscribers
 * made straight in the database (like `subscriptions.test.ts`), a maintenance body to publish, and
 * reads of one record's events, update history and emails computed from the tables.
 */
import { FIXED_NOW, type TestApp } from './helpers.js'
import { execute } from './staff-helpers.js'

export const HOUR = 3_600_000
export const MINUTE = 60_000

/** ISO 8601 of epoch ms. */
export const iso = (ms: number) => new Date(ms).toISOString()

/** The id of a cloud by machine name. */
export const cloudId = async (t: TestApp, machineName: string): Promise<number> =>
  (await t.query<{ id: number }>('select id from clouds where machine_name = ?', machineName))[0].id

/**
 * Creates a user `mail` (verified unless told, time zone UTC) subscribed to `target` (default
 * `all`) on `cloud` (default `auroraedge`); returns the uid.
 */
export async function addSubscriber(
  t: TestApp,
  mail: string,
  { cloud = 'auroraedge', target = 'all', verified = true } = {},
): Promise<number> {
  const uid = await execute(
    t,
    'insert into users (name, mail, pass_hash, verified, timezone, created) values (?, ?, ?, ?, ?, ?) returning uid as id',
    mail,
    mail,
    'x',
    verified ? 1 : 0,
    'UTC',
    FIXED_NOW.getTime(),
  )
  await execute(t, 'insert into subscriptions (uid, cloud_id, target, created) values (?, ?, ?, 0)', uid, await cloudId(t, cloud), target)
  return uid
}

/**
 * The usual subscribers: two verified users subscribed to all of auroraedge (who get the mails), an
 * unverified one and one of another cloud (who do not). Returns the two recipients' addresses.
 */
export async function addUsualSubscribers(t: TestApp): Promise<string[]> {
  await addSubscriber(t, 'ops-a@example.com')
  await addSubscriber(t, 'ops-b@example.com', { target: 'public' })
  await addSubscriber(t, 'unverified@example.com', { verified: false })
  const [other] = await t.query<{ machine_name: string }>(
    "select machine_name from clouds where machine_name <> 'auroraedge' order by id limit 1",
  )
  await addSubscriber(t, 'elsewhere@example.com', { cloud: other.machine_name })
  return ['ops-a@example.com', 'ops-b@example.com']
}

/** A data center of auroraedge (so that `public` subscribers match), for the maintenance's terms. */
export const auroraDataCenter = async (t: TestApp): Promise<number> =>
  (
    await t.query<{ tid: number }>(
      `select cdc.data_center_tid as tid from cloud_data_centers cdc where cdc.cloud_id = ? and cdc.active = 1 and cdc.premium_dc = 0
     order by cdc.data_center_tid limit 1`,
      await cloudId(t, 'auroraedge'),
    )
  )[0].tid

/** The body of an incident "Packet loss in Amsterdam" (In Progress, severity 20) at data center `dc` of auroraedge, from 09:00 UTC on 15 March 2026. */
export const incidentBody = (dc: number) => ({
  type: 'incident',
  title: 'Packet loss in Amsterdam',
  summary: 'Some customers see packet loss.',
  status: 'In Progress',
  severity: 20,
  clouds: ['auroraedge'],
  terms: [dc],
  from: '2026-03-15T09:00:00Z',
})
/** A maintenance window on auroraedge from `from` to `to` (epoch ms), Scheduled. */
export async function maintenanceBody(t: TestApp, from: number, to: number, overrides: Record<string, unknown> = {}) {
  return {
    type: 'maintenance',
    title: 'Core switch upgrade',
    summary: 'Switches in one data center are upgraded.',
    status: 'Scheduled',
    clouds: ['auroraedge'],
    terms: [await auroraDataCenter(t)],
    from: iso(from),
    to: iso(to),
    ...overrides,
  }
}

export interface EventRow {
  id: number
  kind: string
  at: number
  window_from: number | null
}

/** The events of a record, in the order written. */
export const eventsOf = (t: TestApp, recordId: number): Promise<EventRow[]> =>
  t.query<EventRow>('select id, kind, at, window_from from record_events where record_id = ? order by id', recordId)

/** The kinds of a record's events, in the order written. */
export const kindsOf = async (t: TestApp, recordId: number): Promise<string[]> => (await eventsOf(t, recordId)).map((e) => e.kind)

export interface MailRow {
  kind: string
  to_address: string
  subject: string
  text: string
  event_key: string
}

/** The emails of a record's events (outbox rows by `event_key`), by event then recipient, once the fan-out is done. */
export const mailsOf = async (t: TestApp, recordId: number): Promise<MailRow[]> => {
  await t.settled()
  return t.query<MailRow>(
    `select e.kind, o.to_address, o.subject, o.text, o.event_key from outbox o
     join record_events e on o.event_key like 'record-event:' || e.id || ':uid:%'
     where e.record_id = ? order by e.id, o.to_address`,
    recordId,
  )
}

/** `kind → sorted recipients` of a record's emails. */
export async function recipientsByKind(t: TestApp, recordId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const m of await mailsOf(t, recordId)) out[m.kind] = [...(out[m.kind] ?? []), m.to_address]
  for (const list of Object.values(out)) list.sort()
  return out
}

/** The status name of a record. */
export const statusOf = async (t: TestApp, recordId: number): Promise<string> =>
  (
    await t.query<{ name: string }>('select st.name from records r join record_statuses st on st.id = r.status_id where r.id = ?', recordId)
  )[0].name

/** A record's update history as stored, oldest first. */
export const updatesOf = (t: TestApp, recordId: number) =>
  t.query<{ at: number; status: string; text: string; event_id: number | null }>(
    `select u.at, st.name as status, u.text, u.event_id from record_updates u join record_statuses st on st.id = u.status_id
     where u.record_id = ? order by u.id`,
    recordId,
  )
