/**
 * Notification emails of a record event (contract "Publishing"; spec §1 "registered users
 * subscribe to email notifications"): finds the verified users whose subscriptions cover the
 * record and enqueues one email per user and event in the outbox, within the caller's transaction.
 *
 * Who is a recipient, per cloud the record concerns (model: `server/subscriptions/tree.ts`): a user
 * who stored `all`; for each linked service on that cloud the service's tid or
 * `core_cloud_services`; for each linked data center on that cloud its tid, its region's tid, or its
 * type (`public` / `premium`, from `cloud_data_centers.premium_dc`); for maintenance the maintenance
 * topic; for an advisory the topic of its `event_type`. Notifications use the user's notification
 * subscriptions instead: `all`, the record's `notification_type`, or one of its category tids.
 *
 * The same recipients' enabled webhook and Slack endpoints get one delivery each per event
 * (`server/webhooks/`), enqueued in the same transaction.
 */
import { recordHref } from '../../contract/links.js'
import { formatInTimeZone } from 'date-fns-tz'
import type { Transaction } from 'kysely'
import { randomToken, sha256 } from '../accounts/tokens.js'
import { htmlToText } from '../admin/sanitize.js'
import type { Database, RecordEventKind, RecordType } from '../db/schema.js'
import { escapeHtml } from '../mail/messages.js'
import { enqueueMail, type OutgoingMail } from '../mail/outbox.js'
import { GROUP_NAMES } from '../subscriptions/tree.js'
import { NOTIFICATION_TYPE_NAMES } from '../subscriptions/repo.js'
import { enqueueDeliveries } from '../webhooks/endpoints.js'
import { recordEventPayload } from '../webhooks/payload.js'
import type { NotificationType } from '../../contract/records.js'

/** The subject's label per record type. */
export const TYPE_LABELS: Record<RecordType, string> = {
  incident: 'Incident',
  maintenance: 'Maintenance',
  advisory: 'Security Advisory',
  notification: 'Notification',
}

/** Time format of the emails: `Sun, 15 Mar 2026 05:30:00 EDT` (spec §9 time format, in the user's zone). */
const TIME_FORMAT = 'EEE, dd MMM yyyy HH:mm:ss zzz'

/** `instant` (epoch ms) in `zone`, with the zone's name: `Sun, 15 Mar 2026 05:30:00 EDT (America/New_York)`. */
export function formatInZone(instant: number, zone: string): string {
  try {
    return `${formatInTimeZone(new Date(instant), zone, TIME_FORMAT)} (${zone})`
  } catch {
    return `${formatInTimeZone(new Date(instant), 'UTC', TIME_FORMAT)} (UTC)`
  }
}

/** One recipient of an event. */
interface Recipient {
  uid: number
  mail: string
  timezone: string
  /** The cloud the mail is about (the first of the record's clouds that matched); null for notifications. */
  cloud: CloudRef | null
  /** Targets matched on {@link cloud} (or notification targets). */
  targets: string[]
  /** Display names of every matched subscription, over all clouds. */
  names: string[]
}

interface CloudRef {
  id: number
  machine_name: string
  domain: string
  title: string
}

/**
 * Enqueues the emails of record event `eventId` (see the module comment) in `trx`: one per
 * recipient with `eventKey` `record-event:{eventId}:uid:{uid}`, so enqueueing an event twice adds
 * nothing. Each mail carries a one-click unsubscribe link (`{publicUrl}/unsubscribe/{token}`; the
 * token is stored hashed in `unsubscribe_tokens` with the matched targets) and the RFC 8058 headers
 * `List-Unsubscribe: <{publicUrl}/api/unsubscribe/{token}>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Each recipient's enabled webhook endpoints get
 * one delivery keyed `record-event:{eventId}` (unique per endpoint), with the record's page for
 * the recipient's cloud as `url`.
 *
 * @param publicUrl The site's origin for links, without a trailing slash.
 * @param now Epoch ms, the outbox rows' `created`.
 * @returns The number of emails enqueued by this call.
 * @throws When the event does not exist.
 */
export async function dispatchEvent(trx: Transaction<Database>, eventId: number, publicUrl: string, now: number): Promise<number> {
  const event = await trx
    .selectFrom('record_events as e')
    .innerJoin('records as r', 'r.id', 'e.record_id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .leftJoin('severities as sv', 'sv.tid', 'r.severity_tid')
    .select([
      'e.id',
      'e.kind',
      'e.at',
      'e.note',
      'r.id as record_id',
      'r.type',
      'r.title',
      'r.summary',
      'r.event_type',
      'r.notification_type',
      'r.from_time',
      'r.to_time',
      'st.name as status',
      'sv.name as severity',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow()
  const clouds = await trx
    .selectFrom('record_clouds as rc')
    .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
    .select(['c.id', 'c.machine_name', 'c.domain', 'c.title'])
    .where('rc.record_id', '=', event.record_id)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
  const termTids = (await trx.selectFrom('record_terms').select('tid').where('record_id', '=', event.record_id).execute()).map((r) => r.tid)

  const recipients = new Map<number, Recipient>()
  const add = (row: { uid: number; mail: string; timezone: string; target: string }, cloud: CloudRef | null, name: string) => {
    let r = recipients.get(row.uid)
    if (!r) {
      r = { uid: row.uid, mail: row.mail, timezone: row.timezone, cloud, targets: [], names: [] }
      recipients.set(row.uid, r)
    }
    if (r.cloud?.id === cloud?.id && !r.targets.includes(row.target)) r.targets.push(row.target)
    if (!r.names.includes(name)) r.names.push(name)
  }

  if (event.type === 'notification') {
    const categories = termTids.length
      ? await trx.selectFrom('notification_categories').select(['tid', 'name']).where('tid', 'in', termTids).execute()
      : []
    const names = new Map<string, string>([['all', 'All notifications']])
    if (event.notification_type)
      names.set(event.notification_type, NOTIFICATION_TYPE_NAMES[event.notification_type as NotificationType] ?? event.notification_type)
    for (const c of categories) names.set(String(c.tid), c.name)
    const rows = await trx
      .selectFrom('notification_subscriptions as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select(['u.uid', 'u.mail', 'u.timezone', 's.target'])
      .where('u.verified', '=', 1)
      .where('s.target', 'in', [...names.keys()])
      .orderBy('u.uid')
      .execute()
    for (const row of rows) add(row, null, names.get(row.target) ?? row.target)
  } else {
    for (const cloud of clouds) {
      const names = await cloudTargets(trx, cloud, event, termTids)
      const rows = await trx
        .selectFrom('subscriptions as s')
        .innerJoin('users as u', 'u.uid', 's.uid')
        .select(['u.uid', 'u.mail', 'u.timezone', 's.target'])
        .where('u.verified', '=', 1)
        .where('s.cloud_id', '=', cloud.id)
        .where('s.target', 'in', [...names.keys()])
        .orderBy('u.uid')
        .execute()
      for (const row of rows) add(row, cloud, `${names.get(row.target) ?? row.target}${clouds.length > 1 ? ` (${cloud.title})` : ''}`)
    }
  }

  const linkCloud = clouds[0]
  let count = 0
  for (const r of recipients.values()) {
    const token = randomToken()
    const tokenHash = sha256(token)
    await trx
      .insertInto('unsubscribe_tokens')
      .values({
        token_hash: tokenHash,
        uid: r.uid,
        scope: r.cloud ? 'cloud' : 'notification',
        cloud_id: r.cloud?.id ?? null,
        targets: JSON.stringify(r.targets),
        created: now,
      })
      .execute()
    const cloud = r.cloud ?? linkCloud ?? null
    const mail = eventMail({ event, recipient: r, cloud, publicUrl, token })
    const id = await enqueueMail(trx, { ...mail, eventKey: `record-event:${eventId}:uid:${r.uid}` }, now)
    if (id === null) await trx.deleteFrom('unsubscribe_tokens').where('token_hash', '=', tokenHash).execute()
    else count += 1
  }
  const facts = { ...event, update: event.note ? htmlToText(event.note) : '' }
  await enqueueDeliveries(
    trx,
    [...recipients.keys()],
    `record-event:${eventId}`,
    (uid) => {
      const cloud = recipients.get(uid)?.cloud ?? linkCloud ?? null
      return recordEventPayload(facts, clouds, recordHref(event.type, event.record_id, cloud?.domain ?? '', publicUrl))
    },
    now,
  )
  return count
}

/** The targets of one cloud that cover the record, with their display names. */
async function cloudTargets(
  trx: Transaction<Database>,
  cloud: CloudRef,
  event: { type: RecordType; event_type: string | null },
  termTids: number[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>([['all', `All subscriptions of ${cloud.title}`]])
  if (termTids.length > 0) {
    const services = await trx
      .selectFrom('cloud_services as cs')
      .innerJoin('services as s', 's.tid', 'cs.service_tid')
      .select(['s.tid', 's.name'])
      .where('cs.cloud_id', '=', cloud.id)
      .where('cs.service_tid', 'in', termTids)
      .execute()
    if (services.length > 0) names.set('core_cloud_services', GROUP_NAMES.core_cloud_services)
    for (const s of services) names.set(String(s.tid), s.name)
    const dcs = await trx
      .selectFrom('cloud_data_centers as cdc')
      .innerJoin('data_centers as dc', 'dc.tid', 'cdc.data_center_tid')
      .innerJoin('regions as r', 'r.tid', 'dc.region_tid')
      .select(['dc.tid', 'dc.name', 'r.tid as region_tid', 'r.name as region_name', 'cdc.premium_dc'])
      .where('cdc.cloud_id', '=', cloud.id)
      .where('cdc.data_center_tid', 'in', termTids)
      .execute()
    for (const d of dcs) {
      names.set(String(d.tid), d.name)
      names.set(String(d.region_tid), d.region_name)
      const type = d.premium_dc === 1 ? 'premium' : 'public'
      names.set(type, GROUP_NAMES[type])
    }
  }
  const topic =
    event.type === 'maintenance'
      ? await trx
          .selectFrom('subscription_topics')
          .select(['tid', 'name'])
          .where('kind', '=', 'maintenance')
          .orderBy('sort')
          .executeTakeFirst()
      : event.type === 'advisory' && event.event_type
        ? await trx
            .selectFrom('subscription_topics')
            .select(['tid', 'name'])
            .where('kind', '=', 'advisory')
            .where('event_type', '=', event.event_type)
            .executeTakeFirst()
        : undefined
  if (topic) names.set(String(topic.tid), topic.name)
  return names
}

/**
 * The subject of an event's email after the cloud prefix (`[auroraedge.net] `), by kind:
 * `Incident: {title} ({status})` (published), `Incident update: {title} ({status})` (updated),
 * `Maintenance reminder: {title} starts {time}`, `Maintenance started: {title}`,
 * `Maintenance completed: {title}`, `Maintenance postponed: {title}, now starts {time}`,
 * `Maintenance cancelled: {title}` (times in the recipient's zone).
 */
export function eventSubject(
  event: { kind: RecordEventKind; type: RecordType; title: string; status: string; from_time: number },
  zone: string,
): string {
  const label = TYPE_LABELS[event.type]
  const start = formatInZone(event.from_time, zone)
  switch (event.kind) {
    case 'published':
      return `${label}: ${event.title} (${event.status})`
    case 'updated':
      return `${label} update: ${event.title} (${event.status})`
    case 'reminder':
      return `${label} reminder: ${event.title} starts ${start}`
    case 'started':
      return `${label} started: ${event.title}`
    case 'completed':
      return `${label} completed: ${event.title}`
    case 'postponed':
      return `${label} postponed: ${event.title}, now starts ${start}`
    case 'cancelled':
      return `${label} cancelled: ${event.title}`
  }
}

/** The first line of an event's email, by kind. */
const HEADINGS: Record<RecordEventKind, string> = {
  published: '',
  updated: '',
  reminder: 'Reminder',
  started: 'Started',
  completed: 'Completed',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
}

/** The email of one event for one recipient (pure apart from formatting). */
function eventMail(o: {
  event: {
    kind: RecordEventKind
    at: number
    note: string | null
    record_id: number
    type: RecordType
    title: string
    summary: string
    status: string
    from_time: number
    to_time: number | null
  }
  recipient: Recipient
  cloud: CloudRef | null
  publicUrl: string
  token: string
}): Omit<OutgoingMail, 'eventKey'> {
  const { event, recipient, cloud, publicUrl, token } = o
  const zone = recipient.timezone || 'UTC'
  const label = TYPE_LABELS[event.type]
  const prefix = cloud ? `[${cloud.title}] ` : ''
  const subject = `${prefix}${eventSubject(event, zone)}`
  const heading = `${label}${HEADINGS[event.kind] ? ` ${HEADINGS[event.kind].toLowerCase()}` : ''}: ${event.title}`
  const link = recordHref(event.type, event.record_id, cloud?.domain ?? '', publicUrl)
  const unsubscribeLink = `${publicUrl}/unsubscribe/${token}`
  const lines: Array<[string, string]> = [
    ['Status', event.status],
    ['Start', formatInZone(event.from_time, zone)],
    ['End', event.to_time === null ? 'Ongoing' : formatInZone(event.to_time, zone)],
  ]
  if (event.kind !== 'published' && event.kind !== 'reminder') lines.push(['Updated at', formatInZone(event.at, zone)])
  // The update's text is stored as HTML; the mail carries what it reads as.
  const update = event.note ? htmlToText(event.note) : ''
  const matched = `You receive this email because you subscribed to: ${recipient.names.join(', ')}.`
  const text = [
    heading,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(event.summary ? [event.summary, ''] : []),
    ...(update ? [`Update: ${update}`, ''] : []),
    `Read the full post: ${link}`,
    '',
    matched,
    `Unsubscribe from these notifications: ${unsubscribeLink}`,
    '',
  ].join('\n')
  const html = [
    `<h1>${escapeHtml(heading)}</h1>`,
    `<table>${lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    event.summary ? `<p>${escapeHtml(event.summary)}</p>` : '',
    update ? `<p><strong>Update:</strong> ${escapeHtml(update)}</p>` : '',
    `<p><a href="${escapeHtml(link)}">Read the full post</a></p>`,
    `<p>${escapeHtml(matched)}</p>`,
    `<p><a href="${escapeHtml(unsubscribeLink)}">Unsubscribe from these notifications</a></p>`,
  ]
    .filter((p) => p !== '')
    .join('\n')
  return {
    to: recipient.mail,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
