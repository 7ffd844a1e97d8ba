/**
 * Publishing records (contract "Publishing": `PublishRecordBody`, `UpdateRecordBody`,
 * `PublishData`): validation (the body's shape by the contract's schemas, see {@link refusalOf};
 * the rest against the database), the record with its cloud and term links, a `record_events` row and
 * the notification emails of that event ({@link dispatchEvent}) — all in one transaction, so a
 * record is never published without its emails being queued, nor emails queued for a change that
 * was rolled back. Callers `mailer.kick()` after it resolves (or a running server's mailer picks
 * the rows up within `SEND_INTERVAL_MS`, 5 s).
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import { recordHref } from '../../contract/links.js'
import { PublishRecordBody, type PublishData, type UpdateRecordBody } from '../../contract/publishing.js'
import type { NotificationType } from '../../contract/records.js'
import type { Database, RecordsTable, RecordType } from '../db/schema.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import { sanitizeOperatorHtml } from '../admin/sanitize.js'
import { badRequest, type HttpError, notFound } from '../http/errors.js'
import { escapeHtml } from '../mail/messages.js'
import { findCloud } from '../repo/clouds.js'
import { ADVISORY_EVENT_TYPES, NOTIFICATION_TYPES } from '../repo/records.js'
import { ALIAS_PREFIX } from '../seed/records.js'
import { dispatchEvent } from './dispatch.js'

/** Customer impact and workaround are shown as HTML: sanitised like the body; `null` stays `null`. */
const htmlOrNull = (html: string | null | undefined): string | null => (html == null ? null : sanitizeOperatorHtml(html))

/** The record types that can be published (the contract's `PublishRecordBody.type`). */
export const RECORD_TYPES: readonly RecordType[] = PublishRecordBody.properties.type.anyOf.map((t) => t.const)
/** Statuses that close a record (`closed_on` is set when a record reaches one). */
export const CLOSED_STATUSES = ['Completed', 'Resolved', 'Archived', 'Remediated'] as const
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
  /** The site's origin for links in the emails, e.g. `https://trust.example` (no trailing slash). */
  publicUrl: string
  /**
   * Called inside the transaction with each kind of record the change touches (the new record's;
   * for an update the stored record's, and the new notification type's when it changes); throws
   * (e.g. a 403 `HttpError`) to refuse, rolling everything back. Absent: no check (command line).
   */
  authorize?: (kind: RecordKind) => void
}

/** Who publishes: a name (stored as author / created_by / updated_by; audited without a uid) or an audit actor. */
export type Publisher = string | Actor

const actorOf = (publisher: Publisher): Actor => (typeof publisher === 'string' ? { uid: null, name: publisher } : publisher)

type Trx = Transaction<Database>

const invalid = (message: string) => badRequest(message, 'invalid')

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
  return invalid(`${field}: ${[...new Set(here.map((e) => e.message ?? 'is not valid'))].join(', or ')}.`)
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

function instant(value: unknown, field: string): number {
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
}

/**
 * Checks a complete body against the database.
 * @throws HttpError 400 `invalid` naming the field.
 */
async function validate(trx: Trx, b: PublishRecordBody): Promise<ValidRecord> {
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
  return {
    type: b.type,
    title,
    summary: text(b.summary, 'summary') ?? '',
    body: sanitizeOperatorHtml(text(b.body, 'body') ?? ''),
    statusId: status.id,
    statusName: status.name,
    severity,
    eventType,
    notificationType,
    cloudIds,
    tids,
    from,
    to,
    customerImpact: htmlOrNull(text(b.customer_impact, 'customer_impact')),
    availableWorkaround: htmlOrNull(text(b.available_workaround, 'available_workaround')),
    nextUpdate: text(b.next_update, 'next_update', { max: 300 }),
  }
}

const isClosed = (status: string) => (CLOSED_STATUSES as readonly string[]).includes(status)

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

async function recordEvent(
  trx: Trx,
  recordId: number,
  type: RecordType,
  kind: 'published' | 'updated',
  note: string | null,
  now: number,
  options: PublishOptions,
): Promise<PublishData> {
  const event = await trx
    .insertInto('record_events')
    .values({ record_id: recordId, kind, at: now, note })
    .returning('id')
    .executeTakeFirstOrThrow()
  const mails = await dispatchEvent(trx, event.id, options.publicUrl, now)
  return { id: recordId, alias: recordHref(type, recordId), event_id: event.id, mails }
}

/**
 * What the audit log keeps of a record: its stored fields (status by name, clouds by machine name,
 * terms by tid, instants as ISO 8601), read inside the transaction.
 */
async function snapshot(trx: Trx, id: number): Promise<Record<string, unknown>> {
  const row = await trx
    .selectFrom('records as r')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .selectAll('r')
    .select('st.name as status_name')
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow()
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
    customer_impact: row.customer_impact,
    available_workaround: row.available_workaround,
    next_update: row.next_update,
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
 * target the record id, after its stored fields), and enqueues its emails — in one transaction.
 * The body's, customer impact's and workaround's HTML is sanitised ({@link sanitizeOperatorHtml}); title and summary are plain text, stored as given (trimmed).
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
    const v = await validate(trx, body)
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
      internal_note: null,
      slack_link: null,
      jira_link: null,
      sfdc_link: null,
      severity_link: null,
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
    return recordEvent(trx, id, v.type, 'published', null, now, options)
  })
}

/** `14:30 UTC, 15 Mar 2026`-style stamp of an update paragraph. */
const stamp = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`

/**
 * Updates a record (`PATCH /api/admin/records/{id}`): the fields present in `body` replace the
 * stored ones (clouds and terms replace the links), `update` is appended to the body as a dated
 * paragraph and becomes the event's note; then an `updated` record event, an audit entry
 * (`record.update`, target the record id, before and after its stored fields) and its emails — in
 * one transaction. The type cannot change. The body (the stored one too) is sanitised as in
 * {@link publishRecord}.
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
  if (body === null || typeof body !== 'object') throw badRequest('The body must be a JSON object.')
  const audit = actorOf(publisher)
  const actor = audit.name
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('records as r')
      .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
      .selectAll('r')
      .select('st.name as status_name')
      .where('r.id', '=', id)
      .executeTakeFirst()
    if (!current) throw notFound(`No record ${id}.`, 'not_found')
    options.authorize?.({ type: current.type, notificationType: current.notification_type })
    if (body.type !== undefined && body.type !== current.type) throw invalid('type: the type of a record cannot change.')
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
      customer_impact: current.customer_impact,
      available_workaround: current.available_workaround,
      next_update: current.next_update,
    }
    for (const key of Object.keys(body) as Array<keyof UpdateRecordBody>) {
      if (key === 'update') continue
      if (!(key in merged)) throw invalid(`${String(key)}: not a field of a record.`)
      ;(merged as unknown as Record<string, unknown>)[key] = body[key]
    }
    const v = await validate(trx, merged)
    if (v.notificationType !== current.notification_type) options.authorize?.({ type: v.type, notificationType: v.notificationType })
    const before = await snapshot(trx, id)
    const note = text(body.update, 'update')
    const closing = isClosed(v.statusName) && current.closed_on === null
    const changes: Updateable<RecordsTable> = {
      title: v.title,
      summary: v.summary,
      body: note ? `${v.body}\n<p><strong>Update ${escapeHtml(stamp(now))}:</strong> ${escapeHtml(note)}</p>` : v.body,
      status_id: v.statusId,
      severity_tid: v.severity,
      event_type: v.eventType,
      notification_type: v.notificationType,
      customer_impact: v.customerImpact,
      available_workaround: v.availableWorkaround,
      next_update: v.nextUpdate,
      from_time: v.from,
      to_time: v.to,
      updated_on: now,
      updated_by: actor,
      closed_on: isClosed(v.statusName) ? (current.closed_on ?? now) : null,
      resolved_by: closing ? actor : isClosed(v.statusName) ? current.resolved_by : null,
    }
    await trx.updateTable('records').set(changes).where('id', '=', id).execute()
    if (body.clouds !== undefined || body.terms !== undefined) await replaceLinks(trx, id, v)
    await recordAudit(trx, { actor: audit, action: 'record.update', target: String(id), before, after: await snapshot(trx, id) }, now)
    return recordEvent(trx, id, v.type, 'updated', note, now, options)
  })
}
