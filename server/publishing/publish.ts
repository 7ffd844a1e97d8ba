/**
 * Publishing records (contract "Publishing": `PublishRecordBody`, `UpdateRecordBody`,
 * `PublishData`): validation (the body's shape by the contract's schemas, see {@link refusalOf};
 * the rest against the database), the record with its cloud and term links, a `record_events` row,
 * for an update an entry of the record's update history (`record_updates`), and the fan-out job of
 * that event's notifications ({@link enqueueFanout}; none with `notify: false`) — all in one
 * transaction, so a record is never published without its subscribers being told, nor told of a
 * change that was rolled back. The job's mails are expanded and sent after the commit
 * (`./fanout.ts`): callers `mailer.kick()` after it resolves (or a running server picks the job up
 * within 5 s). HTML fields may be written as Markdown
 * (`body_format`, `./markdown.ts`); the desk's actions (`./desk.ts`) go through {@link changeRecord}.
 */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely'
import { INTERNAL_FIELDS, MAX_REMINDER_MINUTES } from '../../contract/constants.js'
import { recordHref } from '../../contract/links.js'
import type { PublishData, PublishRecordBody, UpdateRecordBody } from '../../contract/publishing.js'
import type { NotificationType } from '../../contract/records.js'
import { isClosedStatus, RECORD_TYPES } from '../../contract/reference-data.js'
import type { Database, RecordEventKind, RecordsTable, RecordType } from '../db/schema.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import { htmlToText, sanitizeOperatorHtml } from '../admin/sanitize.js'
import { addRevision } from '../advisories/repo.js'
import { badRequest, type HttpError, notFound } from '../http/errors.js'
import { findCloud } from '../repo/clouds.js'
import { ADVISORY_EVENT_TYPES, NOTIFICATION_TYPES } from '../repo/records.js'
import { enqueueFanout } from './fanout.js'
import { renderOperatorText, type TextFormat } from './markdown.js'

/** Path prefix of each record type's alias (the id follows), e.g. `/incidents/` for `/incidents/123`. */
export const ALIAS_PREFIX: Readonly<Record<RecordType, string>> = {
  incident: '/incidents/',
  maintenance: '/maintenance/',
  advisory: '/security-advisories/',
  notification: '/notification/',
}
/** Longest title, characters. */
export const MAX_TITLE = 300
/** Longest summary, body or update text, characters. */
export const MAX_TEXT = 100_000

/** The kind of a record a permission is checked against (`contract/permissions.ts` `recordPermission`). */
export interface RecordKind {
  type: RecordType
  /** Notifications only; `null` for the other types. */
  notificationType: string | null
}

/** Options of {@link publishRecord} and {@link updateRecord}. */
export interface PublishOptions {
  /**
   * The origin for links in the emails, e.g. `https://trust.example` (no trailing slash): the
   * request's (`server/http/origin.ts` `linkOrigin`); absent = the expanding server's `PUBLIC_URL`.
   */
  publicUrl?: string
  /**
   * Called inside the transaction with each kind of record the change touches (the new record's;
   * for an update the stored record's, and the new notification type's when it changes); throws
   * (e.g. a 403 `HttpError`) to refuse, rolling everything back. Absent: no check (command line).
   */
  authorize?: (kind: RecordKind) => void
}

/** Who publishes: a name (stored as author / created_by / updated_by; audited without a uid) or an audit actor. */
export type Publisher = string | Actor

export const actorOf = (publisher: Publisher): Actor => (typeof publisher === 'string' ? { uid: null, name: publisher } : publisher)

export type Trx = Transaction<Database>

export const invalid = (message: string) => badRequest(message, 'invalid')

/**
 * One failure of a schema check, as Fastify's validator (Ajv) and TypeBox's `Value.Errors` both
 * report it.
 */
export interface SchemaError {
  /** JSON pointer of the failing value, e.g. `/terms/0`; `''` for the body itself. */
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

/**
 * The refusal of a body that breaks the schema of `PublishRecordBody` / `UpdateRecordBody`, worded
 * like the checks below: 400 `invalid` with a message naming the (top-level) field, e.g.
 * `type: must be one of incident, maintenance, advisory, notification.` or `title: required.`;
 * 400 `bad_request` when the body is not a JSON object.
 */
export function refusalOf(errors: readonly SchemaError[]): HttpError {
  const first = errors[0]
  if (!first) return badRequest('The body does not match the schema.')
  if (first.instancePath === '') {
    const { missingProperty, requiredProperties } = first.params as { missingProperty?: string; requiredProperties?: string[] }
    const missing = missingProperty ?? requiredProperties?.[0]
    if (first.keyword === 'required' && missing) return invalid(`${missing}: required.`)
    return badRequest('The body must be a JSON object.')
  }
  const field = first.instancePath.split('/')[1].replaceAll('~1', '/').replaceAll('~0', '~')
  // A value no branch of a union accepts has one error per branch (and a final `anyOf`).
  const here = errors.filter((e) => e.instancePath === first.instancePath && e.keyword !== 'anyOf')
  const allowed = here.flatMap((e) =>
    e.keyword === 'enum' ? (e.params.allowedValues as unknown[]) : e.keyword === 'const' ? [e.params.allowedValue] : [],
  )
  if (allowed.length > 0) {
    if (here.some((e) => e.keyword === 'type' && e.params.type === 'null')) allowed.push(null)
    return invalid(`${field}: must be one of ${allowed.map(String).join(', ')}.`)
  }
  return invalid(
    `${field}: ${[...new Set(here.map((e) => (e.keyword === 'type' ? typeWords(e.params.type) : (e.message ?? 'is not valid'))))].join(', or ')}.`,
  )
}

/** JSON Schema type names as a field's refusal says them. */
export const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
}

/** `must be a whole number or null` for the `type` param of a `type` error (one name or a list). */
function typeWords(type: unknown): string {
  const names = (Array.isArray(type) ? type : [type]).map((t) => TYPE_WORDS[String(t)] ?? String(t))
  return `must be ${names.join(' or ')}`
}

function text(value: unknown, field: string, { required = false, max = MAX_TEXT } = {}): string | null {
  if (value === undefined || value === null) {
    if (required) throw invalid(`${field}: required.`)
    return null
  }
  if (typeof value !== 'string') throw invalid(`${field}: must be a string.`)
  const trimmed = value.trim()
  if (required && trimmed === '') throw invalid(`${field}: must not be empty.`)
  if (trimmed.length > max) throw invalid(`${field}: at most ${max} characters.`)
  return trimmed
}

/**
 * An ISO 8601 date-time of a request body (`2026-03-15T09:30:00Z`), as epoch ms.
 * @throws HttpError 400 naming `field` when `value` is not one
 */
export function instant(value: unknown, field: string): number {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalid(`${field}: must be an ISO 8601 date-time such as 2026-03-15T09:30:00Z.`)
  }
  return Date.parse(value)
}

function tidOf(value: unknown, field: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN
  if (!Number.isSafeInteger(n) || n <= 0) throw invalid(`${field}: ${JSON.stringify(value)} is not a tid.`)
  return n
}

/** Longest internal-use link, characters. */
export const MAX_LINK = 2000

/** The internal-use link fields (contract `PublishRecordBody`): http(s) URLs. */
const LINK_FIELDS = ['slack_link', 'jira_link', 'sfdc_link', 'severity_link'] as const
type LinkField = (typeof LINK_FIELDS)[number]

/** An internal-use link: `null` for none, else an absolute http(s) URL. */
function link(value: unknown, field: LinkField): string | null {
  const t = text(value, field, { max: MAX_LINK })
  if (t === null || t === '') return null
  let ok = false
  try {
    const url = new URL(t)
    ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(t)
  } catch {
    ok = false
  }
  if (!ok) throw invalid(`${field}: must be an http(s) URL such as https://example.com/path.`)
  return t
}

/** The HTML fields a body's `body_format` applies to (besides an update's text). */
export const FORMATTED_FIELDS = ['body', 'customer_impact', 'available_workaround'] as const
type FormattedField = (typeof FORMATTED_FIELDS)[number]

/** `body_format`: `'html'` (default) or `'markdown'`. */
function formatOf(value: unknown): TextFormat {
  if (value === undefined || value === null || value === 'html') return 'html'
  if (value === 'markdown') return 'markdown'
  throw invalid('body_format: must be one of html, markdown.')
}

/** A body with every field checked and resolved to ids; what is stored. */
interface ValidRecord {
  type: RecordType
  title: string
  summary: string
  body: string
  statusId: number
  statusName: string
  severity: number | null
  eventType: string | null
  notificationType: string | null
  cloudIds: number[]
  tids: number[]
  from: number
  to: number | null
  customerImpact: string | null
  availableWorkaround: string | null
  nextUpdate: string | null
  internalNote: string | null
  links: Record<LinkField, string | null>
  /** Maintenance: minutes, 0 = no reminder; `null` = the server's setting. */
  reminderMinutes: number | null
}

/**
 * `reminder_minutes`: `null` (absent, `null`, `''`) for the server's setting, else whole minutes
 * from 0 to {@link MAX_REMINDER_MINUTES}; only maintenance has one.
 */
function reminderOf(value: unknown, type: RecordType): number | null {
  if (value === undefined || value === null || value === '') return null
  if (type !== 'maintenance') throw invalid('reminder_minutes: only maintenance has a reminder; leave it out for other records.')
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < 0 || n > MAX_REMINDER_MINUTES) {
    throw invalid(
      `reminder_minutes: must be whole minutes from 0 (no reminder) to ${MAX_REMINDER_MINUTES} (7 days), or null for the server's setting.`,
    )
  }
  return n
}

/**
 * Checks a complete body against the database. The fields named in `markdown` are Markdown and
 * rendered to HTML ({@link renderOperatorText}); every HTML field is sanitised.
 * @throws HttpError 400 `invalid` naming the field.
 */
async function validate(trx: Trx, b: PublishRecordBody, markdown: ReadonlySet<FormattedField>): Promise<ValidRecord> {
  if (b === null || typeof b !== 'object') throw badRequest('The body must be a JSON object.')
  if (!RECORD_TYPES.includes(b.type)) throw invalid(`type: must be one of ${RECORD_TYPES.join(', ')}.`)
  const title = text(b.title, 'title', { required: true, max: MAX_TITLE })!
  const statusName = text(b.status, 'status', { required: true, max: 100 })!
  const status = await trx
    .selectFrom('record_statuses')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', statusName.toLowerCase()))
    .executeTakeFirst()
  if (!status) {
    const names = (await trx.selectFrom('record_statuses').select('name').orderBy('sort').execute()).map((s) => s.name)
    throw invalid(`status: unknown status ${JSON.stringify(statusName)}; one of ${names.join(', ')}.`)
  }
  let severity: number | null = null
  if (b.severity !== undefined && b.severity !== null && (b.severity as unknown) !== '') {
    severity = tidOf(b.severity, 'severity')
    const found = await trx.selectFrom('severities').select('tid').where('tid', '=', severity).executeTakeFirst()
    if (!found) throw invalid(`severity: unknown severity ${severity}.`)
  }
  let eventType: string | null = null
  if (b.type === 'advisory') {
    eventType = text(b.event_type, 'event_type', { required: true, max: 100 })
    if (!ADVISORY_EVENT_TYPES.some((e) => e.name === eventType)) {
      throw invalid(`event_type: must be one of ${ADVISORY_EVENT_TYPES.map((e) => e.name).join(', ')}.`)
    }
  } else if (b.event_type) throw invalid('event_type: only advisories have an event type.')
  let notificationType: NotificationType | null = null
  if (b.type === 'notification') {
    if (!NOTIFICATION_TYPES.includes(b.notification_type as NotificationType)) {
      throw invalid(`notification_type: must be one of ${NOTIFICATION_TYPES.join(', ')}.`)
    }
    notificationType = b.notification_type as NotificationType
  } else if (b.notification_type) throw invalid('notification_type: only notifications have a notification type.')

  if (!Array.isArray(b.clouds) || b.clouds.length === 0) throw invalid('clouds: at least one cloud (machine name or domain).')
  const cloudIds: number[] = []
  for (const c of b.clouds) {
    const cloud = typeof c === 'string' ? await findCloud(trx as unknown as Kysely<Database>, c) : undefined
    if (!cloud) throw invalid(`clouds: unknown cloud ${JSON.stringify(c)}.`)
    if (!cloudIds.includes(cloud.id)) cloudIds.push(cloud.id)
  }
  if (!Array.isArray(b.terms)) throw invalid('terms: must be an array of tids.')
  const tids = [...new Set(b.terms.map((t) => tidOf(t, 'terms')))]
  for (const tid of tids) {
    if (notificationType) {
      const cat = await trx.selectFrom('notification_categories').select('notification_type').where('tid', '=', tid).executeTakeFirst()
      if (!cat) throw invalid(`terms: ${tid} is not a notification category.`)
      if (cat.notification_type !== notificationType)
        throw invalid(`terms: category ${tid} belongs to ${cat.notification_type}, not ${notificationType}.`)
      continue
    }
    const service = await trx
      .selectFrom('cloud_services')
      .select('service_tid')
      .where('service_tid', '=', tid)
      .where('cloud_id', 'in', cloudIds)
      .executeTakeFirst()
    const dc = service
      ? undefined
      : await trx
          .selectFrom('cloud_data_centers')
          .select('data_center_tid')
          .where('data_center_tid', '=', tid)
          .where('cloud_id', 'in', cloudIds)
          .executeTakeFirst()
    if (!service && !dc) throw invalid(`terms: ${tid} is not a service or data center of the record's clouds.`)
  }
  const from = instant(b.from, 'from')
  let to = b.to === undefined || b.to === null || (b.to as unknown) === '' ? null : instant(b.to, 'to')
  if (to !== null && to < from) throw invalid('to: must not be before from.')
  if (b.type === 'notification' && to === null) to = from
  const html = (field: FormattedField): string | null => {
    const value = text(b[field], field)
    return value === null ? null : renderOperatorText(value, markdown.has(field) ? 'markdown' : 'html')
  }
  const note = text(b.internal_note, 'internal_note')
  return {
    type: b.type,
    title,
    summary: text(b.summary, 'summary') ?? '',
    body: html('body') ?? '',
    statusId: status.id,
    statusName: status.name,
    severity,
    eventType,
    notificationType,
    cloudIds,
    tids,
    from,
    to,
    customerImpact: html('customer_impact'),
    availableWorkaround: html('available_workaround'),
    nextUpdate: text(b.next_update, 'next_update', { max: 300 }),
    internalNote: note === null || note === '' ? null : sanitizeOperatorHtml(note),
    links: Object.fromEntries(LINK_FIELDS.map((field) => [field, link(b[field], field)])) as Record<LinkField, string | null>,
    reminderMinutes: reminderOf(b.reminder_minutes, b.type),
  }
}

/** True for a status that closes a record (`contract/reference-data.ts` `CLOSED_STATUSES`). */
export const isClosed = isClosedStatus

async function replaceLinks(trx: Trx, id: number, v: ValidRecord): Promise<void> {
  await trx.deleteFrom('record_clouds').where('record_id', '=', id).execute()
  await trx.deleteFrom('record_terms').where('record_id', '=', id).execute()
  await trx
    .insertInto('record_clouds')
    .values(v.cloudIds.map((cloud_id) => ({ record_id: id, cloud_id })))
    .execute()
  if (v.tids.length > 0)
    await trx
      .insertInto('record_terms')
      .values(v.tids.map((tid) => ({ record_id: id, tid })))
      .execute()
}

/**
 * Inserts a record event (not one of the scheduler's claims: `window_from` stays null).
 * @param note The update text (sanitised HTML) the event announces, or null.
 * @returns The event's id.
 */
export async function insertEvent(trx: Trx, recordId: number, kind: RecordEventKind, note: string | null, now: number): Promise<number> {
  const event = await trx
    .insertInto('record_events')
    .values({ record_id: recordId, kind, at: now, note })
    .returning('id')
    .executeTakeFirstOrThrow()
  return event.id
}

/** Appends an entry to a record's update history (`record_updates`). `text` is stored HTML. */
export async function insertUpdate(
  trx: Trx,
  entry: { recordId: number; eventId: number | null; at: number; statusId: number; text: string },
): Promise<void> {
  await trx
    .insertInto('record_updates')
    .values({ record_id: entry.recordId, event_id: entry.eventId, at: entry.at, status_id: entry.statusId, text: entry.text })
    .execute()
}

/** The answer of a change: the event's fan-out job unless `notify` is false (`./fanout.ts`). */
async function announce(
  trx: Trx,
  recordId: number,
  type: RecordType,
  eventId: number,
  now: number,
  options: PublishOptions,
  notify: boolean,
): Promise<PublishData> {
  const mails = notify ? await enqueueFanout(trx, eventId, now, options.publicUrl ?? null) : 0
  return { id: recordId, alias: recordHref(type, recordId), event_id: eventId, mails }
}

/**
 * What the audit log keeps of a record: its stored fields (status by name, clouds by machine name,
 * terms by tid, instants as ISO 8601), read inside the transaction.
 */
export async function snapshot(trx: Trx, id: number): Promise<Record<string, unknown>> {
  const row = await findStoredRecord(trx, id)
  if (!row) throw notFound(`No record ${id}.`, 'not_found')
  const clouds = await trx
    .selectFrom('record_clouds as rc')
    .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
    .select('c.machine_name')
    .where('rc.record_id', '=', id)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
  const terms = await trx.selectFrom('record_terms').select('tid').where('record_id', '=', id).orderBy('tid').execute()
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    type: row.type,
    title: row.title,
    alias: row.alias,
    summary: row.summary,
    body: row.body,
    status: row.status_name,
    severity: row.severity_tid,
    event_type: row.event_type,
    notification_type: row.notification_type,
    clouds: clouds.map((c) => c.machine_name),
    terms: terms.map((t) => t.tid),
    from: iso(row.from_time),
    to: iso(row.to_time),
    ...sideFieldsOf(row),
    posted_on: iso(row.posted_on),
    updated_on: iso(row.updated_on),
    closed_on: iso(row.closed_on),
    author: row.author,
    updated_by: row.updated_by,
  }
}

/**
 * Publishes a new record (`POST /api/admin/records`): validates `body`, inserts the record (alias
 * `/incidents/{id}`, `/maintenance/{id}`, `/security-advisories/{id}` or `/notification/{id}` like
 * the seeded ones; `posted_on` = `created` = `updated_on` = `now`; `closed_on` = `now` when the status
 * closes it), its clouds and terms, a `published` record event, an audit entry (`record.publish`,
 * target the record id, after its stored fields), and enqueues its emails (none with `notify:
 * false`) — in one transaction. Publishing adds no entry to the update history.
 * The body's, customer impact's and workaround's HTML (rendered from Markdown first with
 * `body_format: 'markdown'`) and the internal note are sanitised ({@link sanitizeOperatorHtml});
 * title and summary are plain text, stored as given (trimmed); internal links must be http(s) URLs.
 *
 * @param now Epoch ms.
 * @param publisher Who publishes (the name is stored as author / created_by / updated_by).
 * @throws HttpError 400 `invalid` (message names the field) / `bad_request`; whatever `options.authorize` throws.
 */
export async function publishRecord(
  db: Kysely<Database>,
  body: PublishRecordBody,
  now: number,
  publisher: Publisher,
  options: PublishOptions,
): Promise<PublishData> {
  const audit = actorOf(publisher)
  const actor = audit.name
  return db.transaction().execute(async (trx) => {
    const format = formatOf(body?.body_format)
    const v = await validate(trx, body, new Set(format === 'markdown' ? FORMATTED_FIELDS : []))
    options.authorize?.({ type: v.type, notificationType: v.notificationType })
    const row: Insertable<RecordsTable> = {
      type: v.type,
      title: v.title,
      alias: '',
      summary: v.summary,
      body: v.body,
      status_id: v.statusId,
      severity_tid: v.severity,
      event_type: v.eventType,
      customer_impact: v.customerImpact,
      available_workaround: v.availableWorkaround,
      next_update: v.nextUpdate,
      how_found: null,
      incident_type: null,
      post_type: null,
      notification_type: v.notificationType,
      posted_on: now,
      created: now,
      updated_on: now,
      closed_on: isClosed(v.statusName) ? now : null,
      from_time: v.from,
      to_time: v.to,
      internal_note: v.internalNote,
      ...v.links,
      reminder_minutes: v.reminderMinutes,
      author: actor,
      created_by: actor,
      updated_by: actor,
      resolved_by: isClosed(v.statusName) ? actor : null,
    }
    const { id } = await trx.insertInto('records').values(row).returning('id').executeTakeFirstOrThrow()
    await trx
      .updateTable('records')
      .set({ alias: `${ALIAS_PREFIX[v.type]}${id}` })
      .where('id', '=', id)
      .execute()
    await replaceLinks(trx, id, v)
    await recordAudit(trx, { actor: audit, action: 'record.publish', target: String(id), after: await snapshot(trx, id) }, now)
    const eventId = await insertEvent(trx, id, 'published', null, now)
    return announce(trx, id, v.type, eventId, now, options, body.notify !== false)
  })
}

/** A stored record as {@link changeRecord} reads it, with its status's name. */
export type StoredRecord = Selectable<RecordsTable> & { status_name: string }

/** A record as stored, with its status's name; `undefined` for an unknown id. */
export function findStoredRecord(db: Kysely<Database> | Trx, id: number): Promise<StoredRecord | undefined> {
  return db
    .selectFrom('records as r')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .selectAll('r')
    .select('st.name as status_name')
    .where('r.id', '=', id)
    .executeTakeFirst()
}

/** What a change of a record does (see {@link changeRecord}). */
export interface RecordChange {
  /** The fields to change and the update's text, as a `PATCH` body (its `body_format` and `notify` apply). */
  body: UpdateRecordBody
  /** The event the change makes. */
  kind: RecordEventKind
  /** The audit entry's action, e.g. `'record.update'`. */
  action: string
  /** Add an entry to the update history even without a text or a change of status. */
  alwaysAddUpdate?: boolean
  /** The entry's text (HTML) when the body has none. */
  defaultText?: string
}

/** The fields a publishing body and a stored record share as they are: the texts and links beside the record's own. */
const SIDE_FIELDS = [
  'customer_impact',
  'available_workaround',
  'next_update',
  'internal_note',
  'slack_link',
  'jira_link',
  'sfdc_link',
  'severity_link',
  'reminder_minutes',
] as const satisfies readonly (keyof RecordsTable & keyof PublishRecordBody)[]

type SideFields = Pick<Selectable<RecordsTable>, (typeof SIDE_FIELDS)[number]>

/** {@link SIDE_FIELDS} of a stored record, in that order, as the desk's and publishing's answers send them. */
export function sideFieldsOf(row: SideFields): SideFields {
  const fields: Partial<Record<keyof SideFields, unknown>> = {}
  for (const key of SIDE_FIELDS) fields[key] = row[key]
  return fields as SideFields
}

/**
 * Fields of a record's {@link snapshot} that its public post does not show: the internal-use ones
 * (`INTERNAL_FIELDS`), the reminder lead, and the time of the write itself.
 */
const UNPUBLISHED_FIELDS: ReadonlySet<string> = new Set([...INTERNAL_FIELDS, 'reminder_minutes', 'updated_on'])

/** Whether a change of a record changed what its public post shows (two {@link snapshot}s). */
function publicChange(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return Object.keys(after).some((key) => !UNPUBLISHED_FIELDS.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
}

/** The longest revision summary an update's text gives (the desk's `revision_summary` limit). */
const MAX_REVISION_SUMMARY = 1000

/**
 * The summary of the revision a published change of an advisory appends
 * (docs/operating/console-and-desk.md#security-details): the update's text as plain text, cut to
 * {@link MAX_REVISION_SUMMARY} characters; `''` (the repository's "Updated the advisory.") without one.
 */
function revisionSummary(note: string | null): string {
  const text = note === null ? '' : htmlToText(note)
  return text.length > MAX_REVISION_SUMMARY ? `${text.slice(0, MAX_REVISION_SUMMARY - 1)}…` : text
}

/** Fields of a `PATCH` body that are not fields of a record. */
const NOT_RECORD_FIELDS = new Set(['update', 'body_format', 'notify'])

/**
 * Changes a stored record in one transaction: reads it (404 `not_found`), lets `options.authorize`
 * check the stored kind, asks `plan` what to change (it may refuse with an `HttpError`), applies
 * the fields of the plan's body like a `PATCH`, appends an entry to the update history when the
 * body has an `update` text or the status changes (or `alwaysAddUpdate`), and writes the plan's
 * event, its audit entry (before and after) and its emails (none with `notify: false`). An
 * advisory with security details gets a revision when the change has a text or changes what its
 * post shows ({@link revisionSummary}).
 *
 * @param now Epoch ms.
 */
export async function changeRecord(
  db: Kysely<Database>,
  id: number,
  now: number,
  publisher: Publisher,
  options: PublishOptions,
  plan: (current: StoredRecord) => RecordChange,
): Promise<PublishData> {
  const audit = actorOf(publisher)
  const actor = audit.name
  return db.transaction().execute(async (trx) => {
    const current = await findStoredRecord(trx, id)
    if (!current) throw notFound(`No record ${id}.`, 'not_found')
    options.authorize?.({ type: current.type, notificationType: current.notification_type })
    const change = plan(current)
    const body = change.body
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object.')
    if (body.type !== undefined && body.type !== current.type) throw invalid('type: the type of a record cannot change.')
    const format = formatOf(body.body_format)
    const clouds = (
      await trx
        .selectFrom('record_clouds as rc')
        .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
        .select('c.machine_name')
        .where('rc.record_id', '=', id)
        .execute()
    ).map((c) => c.machine_name)
    const terms = (await trx.selectFrom('record_terms').select('tid').where('record_id', '=', id).execute()).map((t) => t.tid)
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
    const merged: PublishRecordBody = {
      type: current.type,
      title: current.title,
      summary: current.summary,
      body: current.body,
      status: current.status_name,
      severity: current.severity_tid,
      event_type: current.event_type,
      notification_type: current.notification_type as NotificationType | null,
      clouds,
      terms,
      from: iso(current.from_time)!,
      to: iso(current.to_time),
      ...sideFieldsOf(current),
    }
    const markdown = new Set<FormattedField>()
    for (const key of Object.keys(body) as Array<keyof UpdateRecordBody>) {
      if (NOT_RECORD_FIELDS.has(key)) continue
      if (!(key in merged)) throw invalid(`${String(key)}: not a field of a record.`)
      ;(merged as unknown as Record<string, unknown>)[key] = body[key]
      // Only the fields this body brings are Markdown; the stored ones are HTML already.
      if (format === 'markdown' && (FORMATTED_FIELDS as readonly string[]).includes(key)) markdown.add(key as FormattedField)
    }
    const v = await validate(trx, merged, markdown)
    if (v.notificationType !== current.notification_type) options.authorize?.({ type: v.type, notificationType: v.notificationType })
    const updateText = text(body.update, 'update', { max: MAX_TEXT })
    const note = updateText ? renderOperatorText(updateText, format) : change.defaultText || null
    const before = await snapshot(trx, id)
    const closing = isClosed(v.statusName) && current.closed_on === null
    const changes: Updateable<RecordsTable> = {
      title: v.title,
      summary: v.summary,
      body: v.body,
      status_id: v.statusId,
      severity_tid: v.severity,
      event_type: v.eventType,
      notification_type: v.notificationType,
      customer_impact: v.customerImpact,
      available_workaround: v.availableWorkaround,
      next_update: v.nextUpdate,
      from_time: v.from,
      to_time: v.to,
      internal_note: v.internalNote,
      ...v.links,
      reminder_minutes: v.reminderMinutes,
      updated_on: now,
      updated_by: actor,
      closed_on: isClosed(v.statusName) ? (current.closed_on ?? now) : null,
      resolved_by: closing ? actor : isClosed(v.statusName) ? current.resolved_by : null,
    }
    await trx.updateTable('records').set(changes).where('id', '=', id).execute()
    if (body.clouds !== undefined || body.terms !== undefined) await replaceLinks(trx, id, v)
    const after = await snapshot(trx, id)
    await recordAudit(trx, { actor: audit, action: change.action, target: String(id), before, after }, now)
    const eventId = await insertEvent(trx, id, change.kind, note, now)
    if (note !== null || v.statusId !== current.status_id || change.alwaysAddUpdate) {
      await insertUpdate(trx, { recordId: id, eventId, at: now, statusId: v.statusId, text: note ?? '' })
    }
    if (current.type === 'advisory' && (note !== null || publicChange(before, after))) {
      await addRevision(trx, id, revisionSummary(note), now)
    }
    return announce(trx, id, v.type, eventId, now, options, body.notify !== false)
  })
}

/**
 * Updates a record (`PATCH /api/admin/records/{id}`): the fields present in `body` replace the
 * stored ones (clouds and terms replace the links; with `body_format: 'markdown'` the HTML fields
 * it brings are rendered from Markdown); an `update` text or a change of status appends an entry
 * to the record's update history (at `now`, the new status, the text as sanitised HTML), tied to
 * the `updated` record event; the body is left as it is. Then an audit entry (`record.update`,
 * target the record id, before and after its stored fields) and the event's emails (none with
 * `notify: false`) — in one transaction. The type cannot change.
 *
 * @param now Epoch ms.
 * @param publisher Who updates (the name is stored as updated_by).
 * @throws HttpError 404 `not_found`; 400 `invalid` / `bad_request` as {@link publishRecord};
 *   whatever `options.authorize` throws (called with the stored record's kind before anything else
 *   is checked, and with the new kind when the notification type changes).
 */
export async function updateRecord(
  db: Kysely<Database>,
  id: number,
  body: UpdateRecordBody,
  now: number,
  publisher: Publisher,
  options: PublishOptions,
): Promise<PublishData> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object.')
  return changeRecord(db, id, now, publisher, options, () => ({ body, kind: 'updated', action: 'record.update' }))
}
