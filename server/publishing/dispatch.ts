/**
 * Notification emails of a record event (contract "Publishing"; docs/requirements/product.md "registered users
 * subscribe to email notifications"): finds the verified users whose subscriptions cover the
 * record and enqueues one email per user and event in the outbox.
 *
 * Who is a recipient, per cloud the record concerns (model: `server/subscriptions/tree.ts`): a user
 * who stored `all`; for each linked service on that cloud the service's tid or
 * `core_cloud_services`; for each linked data center on that cloud its tid, its region's tid, or its
 * type (`public` / `premium`, from `cloud_data_centers.premium_dc`); for maintenance the maintenance
 * topic; for an advisory the topic of its `event_type`. Notifications use the user's notification
 * subscriptions instead: `all`, the record's `notification_type`, or one of its category tids.
 *
 * The same recipients' enabled webhook and Slack endpoints get one delivery each per event
 * (`server/webhooks/`), enqueued with the mails.
 *
 * A record event's transaction commits only a fan-out job (`./fanout.ts`); the recipients are read
 * in uid ranges ({@link recipientsBetween}) and enqueued chunk by chunk afterwards
 * ({@link enqueueRecipients}), each mail rendered once per language, zone, cloud and matched
 * names and the recipient's own unsubscribe token put in ({@link recipientMail}).
 *
 * Each email is in its recipient's saved language (docs/languages-and-themes.md; texts `server/mail/messages.ts`
 * `recordMailMessages`), English when none was saved: subject, body, the names of the matched
 * subscriptions the mail generates (`All notifications`, `Core Cloud Services`, …; the names of
 * services, data centers and topics are data and stay as stored) and the unsubscribe text.
 */
import { termName } from '../../contract/terms.js'
import { recordHref } from '../../contract/links.js'
import { type Locale, toLocale } from '../../contract/locale.js'
import type { Kysely, Transaction } from 'kysely'
import { randomToken, sha256 } from '../accounts/tokens.js'
import { htmlToText } from '../admin/sanitize.js'
import type { Database, RecordEventKind, RecordType } from '../db/schema.js'
import { formatTimestamp } from '../../contract/time.js'
import { isTimeZone } from '../lib/zones.js'
import { mailTexts, rtlWrapped } from '../mail/catalogues.js'
import { escapeHtml, recordMailMessages } from '../mail/messages.js'
import { enqueueMails, INSERT_ROWS, type OutgoingMail } from '../mail/outbox.js'
import { enqueueDeliveries } from '../webhooks/endpoints.js'
import { recordEventPayload } from '../webhooks/payload.js'
import type { NotificationType } from '../../contract/records.js'
import { type AdvisorySummary, type CvssRating, ratingAtLeast } from '../../contract/advisories.js'
import { ADVISORY_MINIMUMS, type AdvisoryMinimum } from '../../contract/subscriptions.js'
import { readAdvisorySummaries } from '../advisories/repo.js'
import { componentGroups } from '../repo/private-components.js'

/** The texts of the notification emails in one locale. */
type RecordMailTexts = (typeof recordMailMessages)['base']

/**
 * `instant` (epoch ms) in `zone` and `locale`, with the zone's name (contract/time.ts
 * `formatTimestamp`; docs/requirements/constants.md#time-format in English): `Sun, 15 Mar 2026 05:30:00 EDT (America/New_York)`,
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

/** A Kysely instance or transaction. */
type Db = Kysely<Database> | Transaction<Database>

/** One recipient of an event. */
export interface Recipient {
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

/** The facts of a record event its mails and webhook payloads are made of. */
interface EventFacts {
  id: number
  kind: RecordEventKind
  at: number
  note: string | null
  record_id: number
  type: RecordType
  title: string
  summary: string
  event_type: string | null
  notification_type: string | null
  from_time: number
  to_time: number | null
  status: string
  severity: string | null
  /** Whether the event tells of the record's postmortem (`record_postmortems.notify_event_id`; its note is the postmortem). */
  postmortem: boolean
  /** An advisory's tracking id, CVE ids and highest score (`server/advisories/repo.ts`); null without security details. */
  advisory: AdvisorySummary | null
}

/**
 * Who an event is for, without the users: per cloud of the record, the subscription targets that
 * cover it with their names; for a notification, the notification targets. Read once per fan-out
 * ({@link planEvent}); the recipients are then read in uid ranges ({@link recipientsBetween}).
 */
export interface EventPlan {
  event: EventFacts
  clouds: CloudRef[]
  /** Per cloud (in the record's cloud order), its covering targets; empty for a notification. */
  cloudTargets: Array<{ cloud: CloudRef; names: Map<string, SubscriptionName> }>
  /** A notification's covering targets; null for the other record types. */
  notificationTargets: Map<string, SubscriptionName> | null
  /**
   * An advisory's reach by severity: the subscribers' minimums (`advisory_minimums.rating`) its
   * highest rating reaches — besides no minimum, which every advisory reaches ({@link reachedMinimums});
   * null for the other record types (no minimum applies).
   */
  minimums: AdvisoryMinimum[] | null
  /**
   * A record on private components (docs/operating/catalogue.md#private-components): per private
   * component, the customer groups that may see it; a recipient must belong to one group of every
   * set (`user_customer_groups`). Empty for a public record.
   */
  groupSets: string[][]
  /** Rendered mails by recipient shape (locale, zone, cloud, names), with a token placeholder. */
  templates: Map<string, Omit<OutgoingMail, 'eventKey' | 'to'>>
  /**
   * The fingerprint of the provider's OpenPGP key the mailer signs advisory mails with
   * (`server/advisories/signing.ts`), named in their last line; null when mails go out unsigned.
   */
  signer: string | null
}

/**
 * Reads what event `eventId`'s fan-out needs (see the module comment): the event and record, the
 * record's clouds and, per cloud, the subscription targets that cover the record.
 * @throws When the event does not exist.
 */
export async function planEvent(db: Db, eventId: number, signer: string | null = null): Promise<EventPlan> {
  const row = await db
    .selectFrom('record_events as e')
    .innerJoin('records as r', 'r.id', 'e.record_id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .leftJoin('severities as sv', 'sv.tid', 'r.severity_tid')
    .leftJoin('record_postmortems as pm', 'pm.notify_event_id', 'e.id')
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
      'pm.record_id as postmortem_of',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow()
  const { postmortem_of, ...facts } = row
  const advisory = facts.type === 'advisory' ? ((await readAdvisorySummaries(db, [facts.record_id])).get(facts.record_id) ?? null) : null
  const event: EventFacts = { ...facts, postmortem: postmortem_of !== null, advisory }
  const clouds = await db
    .selectFrom('record_clouds as rc')
    .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
    .select(['c.id', 'c.machine_name', 'c.domain', 'c.title'])
    .where('rc.record_id', '=', event.record_id)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
  const termTids = (await db.selectFrom('record_terms').select('tid').where('record_id', '=', event.record_id).execute()).map((r) => r.tid)
  const plan: EventPlan = {
    event,
    clouds,
    cloudTargets: [],
    notificationTargets: null,
    minimums: event.type === 'advisory' ? reachedMinimums(advisory) : null,
    groupSets: [...(await componentGroups(db, event.record_id)).values()],
    templates: new Map(),
    signer,
  }
  if (event.type === 'notification') {
    const categories = termTids.length
      ? await db.selectFrom('notification_categories').select(['tid', 'name']).where('tid', 'in', termTids).execute()
      : []
    const names = new Map<string, SubscriptionName>([['all', textName((t) => t.allNotifications)]])
    if (event.notification_type) {
      const type = NOTIFICATION_TYPE_TEXTS[event.notification_type as NotificationType]
      names.set(event.notification_type, type ? textName(type) : dataName(event.notification_type))
    }
    for (const c of categories) names.set(String(c.tid), dataName(c.name))
    plan.notificationTargets = names
  } else {
    for (const cloud of clouds) plan.cloudTargets.push({ cloud, names: await cloudTargets(db, cloud, event, termTids) })
  }
  return plan
}

/**
 * The minimums (contract `ADVISORY_MINIMUMS`) an advisory with `summary` reaches: those its highest
 * rating is at least; none for an advisory without a score (it reaches only subscribers without a
 * minimum). docs/subscriptions.md#advisories-by-severity-and-signed-mail.
 */
export function reachedMinimums(summary: Pick<AdvisorySummary, 'highest'> | null): AdvisoryMinimum[] {
  const rating = summary?.highest?.rating
  return rating ? ADVISORY_MINIMUMS.filter((minimum) => ratingAtLeast(rating, minimum)) : []
}

/**
 * Stored subscription rows joined with their users, without the rows of users whose minimum
 * rating on the row's cloud the event does not reach (`minimums` null: no minimum applies).
 */
function withinMinimums(db: Db, minimums: AdvisoryMinimum[] | null, groupSets: readonly string[][]) {
  let rows = db.selectFrom('subscriptions as s').innerJoin('users as u', 'u.uid', 's.uid')
  // A record on private components reaches only members of a group of each (see EventPlan.groupSets).
  for (const set of groupSets) {
    rows = rows.where('u.uid', 'in', (eb) => eb.selectFrom('user_customer_groups').select('uid').where('customer_group', 'in', set))
  }
  if (minimums === null) return rows
  return rows
    .leftJoin('advisory_minimums as am', (join) => join.onRef('am.uid', '=', 's.uid').onRef('am.cloud_id', '=', 's.cloud_id'))
    .where((eb) =>
      minimums.length > 0 ? eb.or([eb('am.rating', 'is', null), eb('am.rating', 'in', minimums)]) : eb('am.rating', 'is', null),
    )
}

/**
 * The number of verified users event `plan` mails (each once, however many of their subscriptions
 * cover it): the fan-out's size, counted when the event is committed.
 */
export async function countRecipients(db: Db, plan: EventPlan): Promise<number> {
  if (plan.notificationTargets) {
    const row = await db
      .selectFrom('notification_subscriptions as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select((eb) => eb.fn.count<number | string>('u.uid').distinct().as('n'))
      .where('u.verified', '=', 1)
      .where('s.target', 'in', [...plan.notificationTargets.keys()])
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  if (plan.cloudTargets.length === 0) return 0
  const row = await withinMinimums(db, plan.minimums, plan.groupSets)
    .select((eb) => eb.fn.count<number | string>('u.uid').distinct().as('n'))
    .where('u.verified', '=', 1)
    .where((eb) =>
      eb.or(
        plan.cloudTargets.map(({ cloud, names }) => eb.and([eb('s.cloud_id', '=', cloud.id), eb('s.target', 'in', [...names.keys()])])),
      ),
    )
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The recipients of `plan` whose uid is in (`afterUid`, `toUid`] (`toUid` null: no upper bound),
 * by uid: the same matching as the module comment says, one entry per user.
 */
export async function recipientsBetween(db: Db, plan: EventPlan, afterUid: number, toUid: number | null): Promise<Map<number, Recipient>> {
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
  if (plan.notificationTargets) {
    const names = plan.notificationTargets
    let query = db
      .selectFrom('notification_subscriptions as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select(['u.uid', 'u.mail', 'u.timezone', 'u.locale', 's.target'])
      .where('u.verified', '=', 1)
      .where('s.target', 'in', [...names.keys()])
      .where('u.uid', '>', afterUid)
    if (toUid !== null) query = query.where('u.uid', '<=', toUid)
    for (const row of await query.orderBy('u.uid').execute()) add(row, null, names.get(row.target) ?? dataName(row.target))
    return recipients
  }
  const several = plan.cloudTargets.length > 1
  const rows: Array<{
    row: { uid: number; mail: string; timezone: string; locale: string | null; target: string }
    cloud: CloudRef
    name: SubscriptionName
  }> = []
  for (const { cloud, names } of plan.cloudTargets) {
    let query = withinMinimums(db, plan.minimums, plan.groupSets)
      .select(['u.uid', 'u.mail', 'u.timezone', 'u.locale', 's.target'])
      .where('u.verified', '=', 1)
      .where('s.cloud_id', '=', cloud.id)
      .where('s.target', 'in', [...names.keys()])
      .where('u.uid', '>', afterUid)
    if (toUid !== null) query = query.where('u.uid', '<=', toUid)
    for (const row of await query.orderBy('u.uid').execute()) {
      const name = names.get(row.target) ?? dataName(row.target)
      const suffix = several ? ` (${cloud.title})` : ''
      rows.push({ row, cloud, name: suffix ? { key: `${name.key}${suffix}`, text: (t) => `${name.text(t)}${suffix}` } : name })
    }
  }
  // Recipients in uid order; a user's first matching cloud (the record's cloud order) is the mail's.
  rows.sort((a, b) => a.row.uid - b.row.uid)
  for (const { row, cloud, name } of rows) add(row, cloud, name)
  return recipients
}

/** Stands for a recipient's unsubscribe token in a rendered template; a token never contains it. */
const TOKEN_SLOT = `\u0000unsubscribe-token-${randomToken().slice(0, 8)}\u0000`

/**
 * The email of `plan`'s event for recipient `r` with unsubscribe token `token`: rendered once per
 * language, zone, cloud and set of matched names ({@link EventPlan.templates}), the token put in.
 */
export function recipientMail(plan: EventPlan, r: Recipient, publicUrl: string, token: string): Omit<OutgoingMail, 'eventKey'> {
  const cloud = r.cloud ?? plan.clouds[0] ?? null
  const key = [r.locale, r.timezone || 'UTC', cloud?.id ?? '', r.names.map((n) => n.key).join('\u0001')].join('\u0002')
  let template = plan.templates.get(key)
  if (!template) {
    const { to: _to, ...rest } = eventMail({ event: plan.event, recipient: r, cloud, publicUrl, token: TOKEN_SLOT, signer: plan.signer })
    template = rest
    plan.templates.set(key, template)
  }
  const put = (text: string) => text.split(TOKEN_SLOT).join(token)
  return {
    to: r.mail,
    subject: template.subject,
    text: put(template.text),
    html: template.html === undefined ? undefined : put(template.html),
    headers: Object.fromEntries(Object.entries(template.headers ?? {}).map(([k, v]) => [k, put(v)])),
    sign: template.sign,
  }
}

/** The outbox `event_key` of event `eventId`'s mail to user `uid`. */
export const recordMailKey = (eventId: number, uid: number) => `record-event:${eventId}:uid:${uid}`

/**
 * Enqueues, in `trx`, the emails and webhook deliveries of `recipients` of `plan`'s event (see
 * the module comment): per recipient one unsubscribe token (stored hashed in
 * `unsubscribe_tokens` with the matched targets), one outbox row keyed
 * {@link recordMailKey} carrying the one-click unsubscribe link (`{publicUrl}/unsubscribe/{token}`)
 * and the RFC 8058 headers `List-Unsubscribe: <{publicUrl}/api/unsubscribe/{token}>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; per enabled webhook endpoint of theirs one
 * delivery keyed `record-event:{eventId}`. Rows go in with multi-row inserts; a key already
 * enqueued adds nothing (and no token).
 *
 * @param now Epoch ms, the rows' `created`.
 * @returns The number of emails this call enqueued.
 */
export async function enqueueRecipients(
  trx: Db,
  plan: EventPlan,
  recipients: Map<number, Recipient>,
  publicUrl: string,
  now: number,
): Promise<number> {
  if (recipients.size === 0) return 0
  const eventId = plan.event.id
  const tokens = new Map<string, { uid: number; hash: string; r: Recipient }>()
  const mails: OutgoingMail[] = []
  for (const r of recipients.values()) {
    const token = randomToken()
    const eventKey = recordMailKey(eventId, r.uid)
    tokens.set(eventKey, { uid: r.uid, hash: sha256(token), r })
    mails.push({ ...recipientMail(plan, r, publicUrl, token), eventKey })
  }
  const added = await enqueueMails(trx, mails, now)
  const fresh = added.map((key) => tokens.get(key)).filter((t) => t !== undefined)
  for (let i = 0; i < fresh.length; i += INSERT_ROWS) {
    await trx
      .insertInto('unsubscribe_tokens')
      .values(
        fresh.slice(i, i + INSERT_ROWS).map(({ uid, hash, r }) => ({
          token_hash: hash,
          uid,
          scope: r.cloud ? 'cloud' : 'notification',
          cloud_id: r.cloud?.id ?? null,
          targets: JSON.stringify(r.targets),
          created: now,
        })),
      )
      .execute()
  }
  const { event, clouds } = plan
  const facts = { ...event, update: event.note ? htmlToText(event.note) : '' }
  await enqueueDeliveries(
    trx,
    [...recipients.keys()],
    `record-event:${eventId}`,
    (uid) => {
      const cloud = recipients.get(uid)?.cloud ?? clouds[0] ?? null
      return recordEventPayload(facts, clouds, recordHref(event.type, event.record_id, cloud?.domain ?? '', publicUrl))
    },
    now,
  )
  return added.length
}

/**
 * Enqueues all emails of record event `eventId` in `trx` at once ({@link planEvent},
 * {@link recipientsBetween}, {@link enqueueRecipients}): what a fan-out job does chunk by chunk
 * (`./fanout.ts`), for callers that want every row written before they go on. Enqueueing an event
 * twice adds nothing.
 *
 * @param publicUrl The site's origin for links, without a trailing slash.
 * @param now Epoch ms, the outbox rows' `created`.
 * @param signer The provider key's fingerprint ({@link EventPlan.signer}).
 * @returns The number of emails enqueued by this call.
 * @throws When the event does not exist.
 */
export async function dispatchEvent(
  trx: Db,
  eventId: number,
  publicUrl: string,
  now: number,
  signer: string | null = null,
): Promise<number> {
  const plan = await planEvent(trx, eventId, signer)
  return enqueueRecipients(trx, plan, await recipientsBetween(trx, plan, 0, null), publicUrl, now)
}

/** The names of the notification types (`server/subscriptions/repo.ts` `NOTIFICATION_TYPE_NAMES`) in the mails. */
const NOTIFICATION_TYPE_TEXTS: Record<NotificationType, (t: RecordMailTexts) => string> = {
  url_change_notification: (t) => t.urlCategoryNotifications,
  cloud_app: (t) => t.cloudAppNotifications,
  privacy_notification: (t) => t.privacyNotifications,
}

/** The targets of one cloud that cover the record, with their display names. */
async function cloudTargets(
  trx: Db,
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
function eventHeading(t: RecordMailTexts, event: { kind: RecordEventKind; type: RecordType; title: string; postmortem?: boolean }): string {
  const title = event.title
  if (event.postmortem) return t.postmortem({ title })
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
 * maintenance only); `Postmortem: {title}` for the event that mails a postmortem. The status is
 * the record's, as stored.
 *
 * @param zone the recipient's IANA zone
 * @param locale the recipient's language @default 'en'
 */
export function eventSubject(
  event: { kind: RecordEventKind; type: RecordType; title: string; status: string; from_time: number; postmortem?: boolean },
  zone: string,
  locale: Locale = 'en',
): string {
  const t = mailTexts(recordMailMessages, locale)
  const title = event.title
  const time = () => formatInZone(event.from_time, zone, locale)
  if (event.postmortem) return t.postmortem({ title })
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

/** A fingerprint in groups of four hex digits, as OpenPGP tools print it (`AB12 CD34 …`). */
export const groupedFingerprint = (fingerprint: string) => fingerprint.replace(/(.{4})(?=.)/g, '$1 ')

/** Where the provider's public key is published (`/.well-known/csaf/openpgp/{FINGERPRINT}.asc`, docs/operating/security-advisories.md). */
export const publicKeyUrl = (publicUrl: string, fingerprint: string) => `${publicUrl}/.well-known/csaf/openpgp/${fingerprint}.asc`

/** The rating keys of the mail texts. */
const RATING_TEXTS = {
  None: 'ratingNone',
  Low: 'ratingLow',
  Medium: 'ratingMedium',
  High: 'ratingHigh',
  Critical: 'ratingCritical',
} as const satisfies Record<CvssRating, keyof RecordMailTexts>

/**
 * The facts an advisory's mail adds to its table (docs/subscriptions.md#advisories-by-severity-and-signed-mail):
 * its tracking id, CVE ids and highest score with rating and CVSS version (`9.8 Critical (CVSS v3.1)`;
 * the score in the digits CVSS writes it with, whatever the language).
 */
function advisoryLines(t: RecordMailTexts, advisory: AdvisorySummary): Array<[string, string]> {
  const { highest } = advisory
  const score = highest ? `${highest.score.toFixed(1)} ${t[RATING_TEXTS[highest.rating]]} (CVSS v${highest.version})` : t.notScored
  return [
    [t.advisoryId, advisory.tracking_id],
    ...(advisory.cves.length > 0 ? [[t.cveIds, advisory.cves.join(', ')] as [string, string]] : []),
    [t.highestScore, score],
  ]
}

/**
 * The email of one event for one recipient, in the recipient's language (pure apart from
 * formatting). An advisory's mail carries its tracking id, CVE ids and highest score, is marked to
 * be signed (`sign`, PGP/MIME by the mailer) and, with a `signer`, ends naming the key's
 * fingerprint and where its public key is.
 */
function eventMail(o: {
  event: Omit<EventFacts, 'id' | 'event_type' | 'notification_type' | 'severity'>
  recipient: Recipient
  cloud: CloudRef | null
  publicUrl: string
  token: string
  signer: string | null
}): Omit<OutgoingMail, 'eventKey'> {
  const { event, recipient, cloud, publicUrl, token, signer } = o
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
    ...(event.advisory ? advisoryLines(t, event.advisory) : []),
    [t.status, termName(event.status, locale)],
    [t.start, at(event.from_time)],
    [t.end, event.to_time === null ? t.ongoing : at(event.to_time)],
  ]
  if (event.kind !== 'published' && event.kind !== 'reminder') lines.push([t.updatedAt, at(event.at)])
  // The update's text is stored as HTML; the mail carries what it reads as.
  const update = event.note ? htmlToText(event.note) : ''
  const matched = t.subscribedTo({ names: recipient.names.map((n) => n.text(t)).join(t.separator) })
  const updateLabel = event.postmortem ? t.postmortemLabel : t.update
  const sign = event.type === 'advisory'
  const signedBy = sign && signer ? t.signedBy({ fingerprint: groupedFingerprint(signer), url: publicKeyUrl(publicUrl, signer) }) : ''
  const text = [
    heading,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(event.summary ? [event.summary, ''] : []),
    ...(update ? [`${updateLabel}: ${update}`, ''] : []),
    `${t.readPost}: ${link}`,
    '',
    matched,
    `${t.unsubscribe}: ${unsubscribeLink}`,
    '',
    ...(signedBy ? [signedBy, ''] : []),
  ].join('\n')
  const html = [
    `<h1>${escapeHtml(heading)}</h1>`,
    `<table>${lines.map(([k, v]) => `<tr><th align="${locale === 'ar' ? 'right' : 'left'}">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    event.summary ? `<p>${escapeHtml(event.summary)}</p>` : '',
    update ? `<p><strong>${escapeHtml(updateLabel)}:</strong> ${escapeHtml(update)}</p>` : '',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.readPost)}</a></p>`,
    `<p>${escapeHtml(matched)}</p>`,
    `<p><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(t.unsubscribe)}</a></p>`,
    signedBy ? `<p><small>${escapeHtml(signedBy)}</small></p>` : '',
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
    ...(sign ? { sign } : {}),
  }
}
