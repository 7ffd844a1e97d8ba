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
 *
 * Each email is in its recipient's saved language (issue 25; texts `server/mail/messages.ts`
 * `recordMailMessages`), English when none was saved: subject, body, the names of the matched
 * subscriptions the mail generates (`All notifications`, `Core Cloud Services`, …; the names of
 * services, data centers and topics are data and stay as stored) and the unsubscribe text.
 */
import { termName } from '../../widgets/core/terms.js'
import { recordHref } from '../../contract/links.js'
import { type Locale, toLocale } from '../../contract/locale.js'
import type { Transaction } from 'kysely'
import { randomToken, sha256 } from '../accounts/tokens.js'
import { htmlToText } from '../admin/sanitize.js'
import type { Database, RecordEventKind, RecordType } from '../db/schema.js'
import { formatTimestamp } from '../../widgets/core/time.js'
import { isTimeZone } from '../lib/zones.js'
import { mailTexts, rtlWrapped } from '../mail/catalogues.js'
import { escapeHtml, recordMailMessages } from '../mail/messages.js'
import { enqueueMail, type OutgoingMail } from '../mail/outbox.js'
import { enqueueDeliveries } from '../webhooks/endpoints.js'
import { recordEventPayload } from '../webhooks/payload.js'
import type { NotificationType } from '../../contract/records.js'

/** The texts of the notification emails in one locale. */
type RecordMailTexts = (typeof recordMailMessages)['base']

/**
 * `instant` (epoch ms) in `zone` and `locale`, with the zone's name (widgets/core/time.ts
 * `formatTimestamp`; spec §9 time format in English): `Sun, 15 Mar 2026 05:30:00 EDT (America/New_York)`,
 * `So., 15. März 2026, 10:30:00 MEZ (Europe/Berlin)`. An unknown zone shows the time in UTC.
 */
export function formatInZone(instant: number, zone: string, locale: Locale = 'en'): string {
  const known = isTimeZone(zone) ? zone : 'UTC'
  return `${formatTimestamp(instant, known, locale)} (${known})`
}

/** A matched subscription's display name: `key` tells names apart, `text` is it in a recipient's locale. */
interface SubscriptionName {
  key: string
  text: (t: RecordMailTexts) => string
}

/** A name that is data (a service's, a data center's or a topic's): the same in every locale. */
const dataName = (name: string): SubscriptionName => ({ key: name, text: () => name })

/** A name the mail generates: `key` is its English, `text` picks its translation. */
const textName = (pick: (t: RecordMailTexts) => string): SubscriptionName => ({
  key: pick(mailTexts(recordMailMessages, 'en')),
  text: pick,
})

/** One recipient of an event. */
interface Recipient {
  uid: number
  mail: string
  timezone: string
  /** The saved language, English when none (`users.locale`). */
  locale: Locale
  /** The cloud the mail is about (the first of the record's clouds that matched); null for notifications. */
  cloud: CloudRef | null
  /** Targets matched on {@link cloud} (or notification targets). */
  targets: string[]
  /** Display names of every matched subscription, over all clouds. */
  names: SubscriptionName[]
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
  const add = (
    row: { uid: number; mail: string; timezone: string; locale: string | null; target: string },
    cloud: CloudRef | null,
    name: SubscriptionName,
  ) => {
    let r = recipients.get(row.uid)
    if (!r) {
      r = { uid: row.uid, mail: row.mail, timezone: row.timezone, locale: toLocale(row.locale) ?? 'en', cloud, targets: [], names: [] }
      recipients.set(row.uid, r)
    }
    if (r.cloud?.id === cloud?.id && !r.targets.includes(row.target)) r.targets.push(row.target)
    if (!r.names.some((n) => n.key === name.key)) r.names.push(name)
  }

  if (event.type === 'notification') {
    const categories = termTids.length
      ? await trx.selectFrom('notification_categories').select(['tid', 'name']).where('tid', 'in', termTids).execute()
      : []
    const names = new Map<string, SubscriptionName>([['all', textName((t) => t.allNotifications)]])
    if (event.notification_type) {
      const type = NOTIFICATION_TYPE_TEXTS[event.notification_type as NotificationType]
      names.set(event.notification_type, type ? textName(type) : dataName(event.notification_type))
    }
    for (const c of categories) names.set(String(c.tid), dataName(c.name))
    const rows = await trx
      .selectFrom('notification_subscriptions as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select(['u.uid', 'u.mail', 'u.timezone', 'u.locale', 's.target'])
      .where('u.verified', '=', 1)
      .where('s.target', 'in', [...names.keys()])
      .orderBy('u.uid')
      .execute()
    for (const row of rows) add(row, null, names.get(row.target) ?? dataName(row.target))
  } else {
    for (const cloud of clouds) {
      const names = await cloudTargets(trx, cloud, event, termTids)
      const rows = await trx
        .selectFrom('subscriptions as s')
        .innerJoin('users as u', 'u.uid', 's.uid')
        .select(['u.uid', 'u.mail', 'u.timezone', 'u.locale', 's.target'])
        .where('u.verified', '=', 1)
        .where('s.cloud_id', '=', cloud.id)
        .where('s.target', 'in', [...names.keys()])
        .orderBy('u.uid')
        .execute()
      for (const row of rows) {
        const name = names.get(row.target) ?? dataName(row.target)
        const suffix = clouds.length > 1 ? ` (${cloud.title})` : ''
        add(row, cloud, suffix ? { key: `${name.key}${suffix}`, text: (t) => `${name.text(t)}${suffix}` } : name)
      }
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

/** The names of the notification types (`server/subscriptions/repo.ts` `NOTIFICATION_TYPE_NAMES`) in the mails. */
const NOTIFICATION_TYPE_TEXTS: Record<NotificationType, (t: RecordMailTexts) => string> = {
  url_change_notification: (t) => t.urlCategoryNotifications,
  cloud_app: (t) => t.cloudAppNotifications,
  privacy_notification: (t) => t.privacyNotifications,
}

/** The targets of one cloud that cover the record, with their display names. */
async function cloudTargets(
  trx: Transaction<Database>,
  cloud: CloudRef,
  event: { type: RecordType; event_type: string | null },
  termTids: number[],
): Promise<Map<string, SubscriptionName>> {
  const names = new Map<string, SubscriptionName>([['all', textName((t) => t.allOfCloud({ cloud: cloud.title }))]])
  if (termTids.length > 0) {
    const services = await trx
      .selectFrom('cloud_services as cs')
      .innerJoin('services as s', 's.tid', 'cs.service_tid')
      .select(['s.tid', 's.name'])
      .where('cs.cloud_id', '=', cloud.id)
      .where('cs.service_tid', 'in', termTids)
      .execute()
    if (services.length > 0)
      names.set(
        'core_cloud_services',
        textName((t) => t.coreCloudServices),
      )
    for (const s of services) names.set(String(s.tid), dataName(s.name))
    const dcs = await trx
      .selectFrom('cloud_data_centers as cdc')
      .innerJoin('data_centers as dc', 'dc.tid', 'cdc.data_center_tid')
      .innerJoin('regions as r', 'r.tid', 'dc.region_tid')
      .select(['dc.tid', 'dc.name', 'r.tid as region_tid', 'r.name as region_name', 'cdc.premium_dc'])
      .where('cdc.cloud_id', '=', cloud.id)
      .where('cdc.data_center_tid', 'in', termTids)
      .execute()
    for (const d of dcs) {
      names.set(String(d.tid), dataName(d.name))
      names.set(String(d.region_tid), dataName(d.region_name))
      if (d.premium_dc === 1)
        names.set(
          'premium',
          textName((t) => t.premiumDataCenter),
        )
      else
        names.set(
          'public',
          textName((t) => t.publicDataCenter),
        )
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
  if (topic) names.set(String(topic.tid), dataName(topic.name))
  return names
}

/** The first line of an event's email (`Incident: {title}`, `Maintenance reminder: {title}`, …), by type and kind. */
function eventHeading(t: RecordMailTexts, event: { kind: RecordEventKind; type: RecordType; title: string }): string {
  const title = event.title
  switch (event.kind) {
    case 'published':
    case 'updated':
      return t[event.type]({ title })
    case 'reminder':
      return t.reminder({ title })
    case 'started':
      return t.started({ title })
    case 'completed':
      return t.completed({ title })
    case 'postponed':
      return t.postponed({ title })
    case 'cancelled':
      return t.cancelled({ title })
  }
}

/** The subject's "update" lead of each record type. */
const UPDATE_KEYS = {
  incident: 'incidentUpdate',
  maintenance: 'maintenanceUpdate',
  advisory: 'advisoryUpdate',
  notification: 'notificationUpdate',
} as const satisfies Record<RecordType, keyof RecordMailTexts>

/**
 * The subject of an event's email after the cloud prefix (`[auroraedge.net] `), by kind (in
 * English): `Incident: {title} ({status})` (published), `Incident update: {title} ({status})`
 * (updated), `Maintenance reminder: {title} starts {time}`, `Maintenance started: {title}`,
 * `Maintenance completed: {title}`, `Maintenance postponed: {title}, now starts {time}`,
 * `Maintenance cancelled: {title}` (times in the recipient's zone; the last five concern
 * maintenance only). The status is the record's, as stored.
 *
 * @param zone the recipient's IANA zone
 * @param locale the recipient's language @default 'en'
 */
export function eventSubject(
  event: { kind: RecordEventKind; type: RecordType; title: string; status: string; from_time: number },
  zone: string,
  locale: Locale = 'en',
): string {
  const t = mailTexts(recordMailMessages, locale)
  const title = event.title
  const time = () => formatInZone(event.from_time, zone, locale)
  switch (event.kind) {
    case 'published':
      return `${t[event.type]({ title })} (${termName(event.status, locale)})`
    case 'updated':
      return `${t[UPDATE_KEYS[event.type]]({ title })} (${termName(event.status, locale)})`
    case 'reminder':
      return t.reminderSubject({ title, time: time() })
    case 'postponed':
      return t.postponedSubject({ title, time: time() })
    default:
      return eventHeading(t, event)
  }
}

/** The email of one event for one recipient, in the recipient's language (pure apart from formatting). */
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
  const locale = recipient.locale
  const t = mailTexts(recordMailMessages, locale)
  const at = (instant: number) => formatInZone(instant, zone, locale)
  const prefix = cloud ? `[${cloud.title}] ` : ''
  const subject = `${prefix}${eventSubject(event, zone, locale)}`
  const heading = eventHeading(t, event)
  const link = recordHref(event.type, event.record_id, cloud?.domain ?? '', publicUrl)
  const unsubscribeLink = `${publicUrl}/unsubscribe/${token}`
  const lines: Array<[string, string]> = [
    [t.status, termName(event.status, locale)],
    [t.start, at(event.from_time)],
    [t.end, event.to_time === null ? t.ongoing : at(event.to_time)],
  ]
  if (event.kind !== 'published' && event.kind !== 'reminder') lines.push([t.updatedAt, at(event.at)])
  // The update's text is stored as HTML; the mail carries what it reads as.
  const update = event.note ? htmlToText(event.note) : ''
  const matched = t.subscribedTo({ names: recipient.names.map((n) => n.text(t)).join(t.separator) })
  const text = [
    heading,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(event.summary ? [event.summary, ''] : []),
    ...(update ? [`${t.update}: ${update}`, ''] : []),
    `${t.readPost}: ${link}`,
    '',
    matched,
    `${t.unsubscribe}: ${unsubscribeLink}`,
    '',
  ].join('\n')
  const html = [
    `<h1>${escapeHtml(heading)}</h1>`,
    `<table>${lines.map(([k, v]) => `<tr><th align="${locale === 'ar' ? 'right' : 'left'}">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    event.summary ? `<p>${escapeHtml(event.summary)}</p>` : '',
    update ? `<p><strong>${escapeHtml(t.update)}:</strong> ${escapeHtml(update)}</p>` : '',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.readPost)}</a></p>`,
    `<p>${escapeHtml(matched)}</p>`,
    `<p><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(t.unsubscribe)}</a></p>`,
  ]
    .filter((p) => p !== '')
    .join('\n')
  return {
    to: recipient.mail,
    subject,
    text,
    html: rtlWrapped(html, locale),
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
