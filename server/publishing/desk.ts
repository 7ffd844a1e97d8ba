/**
 * The incident desk's data (`contract/desk.ts`): the records staff publish as the desk lists and
 * opens them, the maintenance actions (resolve, postpone, cancel) and the templates of the publish
 * form. Each write runs in one transaction with its audit entry, and — for the actions — its
 * record event, its entry in the update history and its emails ({@link changeRecord}).
 */
import { type Kysely, sql } from 'kysely'
import type {
  CancelBody,
  DeskListData,
  DeskListQuery,
  DeskRecord,
  DeskRecordDetail,
  PostponeBody,
  RecordTemplate,
  ResolveBody,
  SaveTemplateBody,
  TemplateFields,
} from '../../contract/desk.js'
import { recordHref } from '../../contract/links.js'
import type { PublishData, UpdateRecordBody } from '../../contract/publishing.js'
import type { NotificationType } from '../../contract/records.js'
import { CLOSED_STATUSES, CLOSING_STATUS } from '../../contract/reference-data.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import { readAdvisory } from '../advisories/repo.js'
import type { Database } from '../db/schema.js'
import { notFound } from '../http/errors.js'
import { NOTIFICATION_TYPES, recordUpdates } from '../repo/records.js'
import { toPostmortem } from './postmortem.js'
import {
  changeRecord,
  findStoredRecord,
  instant,
  invalid,
  isClosed,
  type PublishOptions,
  sideFieldsOf,
  type Publisher,
  type RecordChange,
  type RecordKind,
  type StoredRecord,
} from './publish.js'

type Db = Kysely<Database>

/** Records per page of the desk's list. */
export const DESK_PAGE_SIZE = 25

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/** `%`, `_` and `\` taken literally in a LIKE pattern (escape character `\`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Machine names and the first domain of each record's clouds, in cloud order. */
async function cloudsOf(db: Db, ids: readonly number[]): Promise<Map<number, { names: string[]; domain: string }>> {
  const map = new Map<number, { names: string[]; domain: string }>()
  if (ids.length === 0) return map
  const rows = await db
    .selectFrom('record_clouds as rc')
    .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
    .select(['rc.record_id', 'c.machine_name', 'c.domain'])
    .where('rc.record_id', 'in', ids)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
  for (const row of rows) {
    const entry = map.get(row.record_id)
    if (entry) entry.names.push(row.machine_name)
    else map.set(row.record_id, { names: [row.machine_name], domain: row.domain })
  }
  return map
}

/**
 * `GET /api/admin/records?type=&open=&q=&page=`: a page of {@link DESK_PAGE_SIZE} records, the
 * most recently changed first (`updated_on`, then id, descending). `open=1` keeps the records
 * whose status does not close them; `q` keeps the records whose title contains every word of it
 * (case-insensitive). A page beyond the end answers no records; `pages` is at least 1.
 */
export async function deskList(db: Db, query: DeskListQuery): Promise<DeskListData> {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20)
  let base = db.selectFrom('records as r').innerJoin('record_statuses as st', 'st.id', 'r.status_id')
  if (query.type) base = base.where('r.type', '=', query.type)
  if (query.open === '1') base = base.where('st.name', 'not in', CLOSED_STATUSES)
  for (const word of words) base = base.where(sql<boolean>`lower(r.title) like ${`%${likeLiteral(word)}%`} escape '\\'`)
  const page = query.page ?? 0
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('severities as sev', 'sev.tid', 'r.severity_tid')
      .select([
        'r.id',
        'r.type',
        'r.notification_type',
        'r.title',
        'r.from_time',
        'r.to_time',
        'r.updated_on',
        'st.name as status',
        'st.class as status_class',
        'sev.name as severity',
      ])
      .orderBy('r.updated_on', 'desc')
      .orderBy('r.id', 'desc')
      .limit(DESK_PAGE_SIZE)
      .offset(page * DESK_PAGE_SIZE)
      .execute(),
  ])
  const clouds = await cloudsOf(
    db,
    rows.map((r) => r.id),
  )
  const records: DeskRecord[] = rows.map((r) => {
    const c = clouds.get(r.id)
    return {
      id: r.id,
      type: r.type,
      notification_type: r.notification_type as NotificationType | null,
      title: r.title,
      status: r.status,
      statusClass: r.status_class,
      severity: r.severity ?? '',
      clouds: c?.names ?? [],
      from: iso(r.from_time),
      to: isoOrNull(r.to_time),
      updated_on: iso(r.updated_on),
      href: recordHref(r.type, r.id, c?.domain ?? ''),
    }
  })
  return { records, page, pages: Math.max(1, Math.ceil(Number(count.n) / DESK_PAGE_SIZE)) }
}

/** The outbox's `event_key` range of one event's mails (`record-event:{id}:uid:{uid}`). */
const mailKeys = (eventId: number) => [`record-event:${eventId}:uid:`, `record-event:${eventId}:uid;`] as const

/**
 * `GET /api/admin/records/{id}`: the record as stored (terms as tids, severity as tid, internal
 * fields, its own reminder lead), the server's reminder lead `reminderDefaultMinutes` (what a
 * `null` lead means), its update history (newest first) and its events (oldest first) with the
 * number of emails each sends (its fan-out job's subscriber count; for events from before
 * migration 013, its outbox rows by `event_key`).
 * @throws HttpError 404 `not_found`.
 */
export async function deskRecord(db: Db, id: number, reminderDefaultMinutes: number): Promise<DeskRecordDetail> {
  const row = await findStoredRecord(db, id)
  if (!row) throw notFound(`No record ${id}.`, 'not_found')
  const [clouds, terms, updates, events, postmortem, advisory] = await Promise.all([
    cloudsOf(db, [id]),
    db.selectFrom('record_terms').select('tid').where('record_id', '=', id).orderBy('tid').execute(),
    recordUpdates(db, id),
    db.selectFrom('record_events').select(['id', 'kind', 'at']).where('record_id', '=', id).orderBy('at').orderBy('id').execute(),
    db.selectFrom('record_postmortems').selectAll().where('record_id', '=', id).executeTakeFirst(),
    row.type === 'advisory' ? readAdvisory(db, id) : null,
  ])
  const jobs = new Map(
    events.length === 0
      ? []
      : (
          await db
            .selectFrom('fanout_jobs')
            .select(['event_id', 'recipients'])
            .where(
              'event_id',
              'in',
              events.map((e) => e.id),
            )
            .execute()
        ).map((j) => [j.event_id, j.recipients]),
  )
  const mails = await Promise.all(
    events.map(async (e) => {
      // An event's fan-out job counts its subscribers when it is committed (kept when sent mail is pruned).
      const counted = jobs.get(e.id)
      if (counted !== undefined) return counted
      // Events from before fan-out jobs (migration 013): their outbox rows.
      const [lo, hi] = mailKeys(e.id)
      const n = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_key', '>=', lo)
        .where('event_key', '<', hi)
        .executeTakeFirstOrThrow()
      return Number(n.n)
    }),
  )
  const c = clouds.get(id)
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    summary: row.summary,
    body: row.body,
    status: row.status_name,
    severity: row.severity_tid,
    event_type: row.event_type,
    notification_type: row.notification_type as NotificationType | null,
    clouds: c?.names ?? [],
    terms: terms.map((t) => t.tid),
    from: iso(row.from_time),
    to: isoOrNull(row.to_time),
    ...sideFieldsOf(row),
    reminder_default_minutes: reminderDefaultMinutes,
    href: recordHref(row.type, row.id, c?.domain ?? ''),
    updates,
    events: events.map((e, i) => ({
      id: e.id,
      kind: e.kind,
      at: iso(e.at),
      mails: mails[i],
      postmortem: e.id === postmortem?.notify_event_id,
    })),
    postmortem: postmortem ? toPostmortem(postmortem) : null,
    advisory,
  }
}

/**
 * `POST /api/admin/records/{id}/resolve`: closes the record now with the closing status of its
 * type (`contract/reference-data.ts` `CLOSING_STATUS`); `to` becomes `now` unless it is set and past; an entry in the
 * update history (the `update` text, Markdown, may be empty), event `updated`, audit
 * `record.resolve`, the emails unless `notify` is false.
 * @throws HttpError 404 `not_found`; 400 `invalid` when the record is closed already or has not
 *   started yet (cancel or postpone maintenance instead).
 */
export function resolveRecord(
  db: Db,
  id: number,
  body: ResolveBody,
  now: number,
  publisher: Publisher,
  options: PublishOptions,
): Promise<PublishData> {
  return deskAction(db, id, body, now, publisher, options, { kind: 'updated', action: 'record.resolve' }, (current) => {
    if (current.from_time > now) {
      throw invalid(
        current.type === 'maintenance'
          ? 'from: the maintenance has not started yet; postpone or cancel it instead.'
          : 'from: the record has not started yet.',
      )
    }
    const to = current.to_time !== null && current.to_time <= now ? current.to_time : now
    return { status: CLOSING_STATUS[current.type], to: iso(to) }
  })
}

/**
 * `POST /api/admin/records/{id}/postpone`: maintenance that is not closed gets a new window and
 * the status Postponed; an entry in the update history, event `postponed`, audit
 * `record.postpone`, the emails unless `notify` is false. The scheduler reminds and starts the new
 * window (its `from` differs, so its claims are new).
 * @throws HttpError 404 `not_found`; 400 `invalid` for a record that is not maintenance or is
 *   closed, a malformed time, `to` before `from`, a `from` in the past or equal to the current one.
 */
export function postponeRecord(
  db: Db,
  id: number,
  body: PostponeBody,
  now: number,
  publisher: Publisher,
  options: PublishOptions,
): Promise<PublishData> {
  const step = { kind: 'postponed', action: 'record.postpone', maintenanceOnly: 'postponed' } as const
  return deskAction(db, id, body, now, publisher, options, step, (current) => {
    const from = instant(body.from, 'from')
    const to = instant(body.to, 'to')
    if (to < from) throw invalid('to: must not be before from.')
    if (from < now) throw invalid('from: the new window must not start in the past.')
    if (from === current.from_time) throw invalid('from: the new window must start at another time than the current one.')
    return { status: 'Postponed', from: iso(from), to: iso(to) }
  })
}

/**
 * `POST /api/admin/records/{id}/cancel`: maintenance that is not closed becomes Archived (shown as
 * cancelled; `closed_on` set); an entry in the update history, event `cancelled`, audit
 * `record.cancel`, the emails unless `notify` is false. The scheduler leaves it alone.
 * @throws HttpError 404 `not_found`; 400 `invalid` for a record that is not maintenance or is closed.
 */
export function cancelRecord(
  db: Db,
  id: number,
  body: CancelBody,
  now: number,
  publisher: Publisher,
  options: PublishOptions,
): Promise<PublishData> {
  const step = { kind: 'cancelled', action: 'record.cancel', maintenanceOnly: 'cancelled' } as const
  return deskAction(db, id, body, now, publisher, options, step, () => ({ status: 'Archived' }))
}

/**
 * What resolve, postpone and cancel share: a record of a type the action takes (`maintenanceOnly`:
 * the action's past participle, for maintenance alone) that is not closed yet gets the fields
 * `fields` gives, and always an entry in the update history with the body's `update` text
 * (Markdown, may be empty); the emails unless `notify` is false.
 * @throws HttpError 400 `invalid` for a record of another type or a closed one (checked in that
 *   order, before `fields` runs)
 */
function deskAction(
  db: Db,
  id: number,
  body: { update?: string; notify?: boolean },
  now: number,
  publisher: Publisher,
  options: PublishOptions,
  step: Pick<RecordChange, 'kind' | 'action'> & { maintenanceOnly?: string },
  fields: (current: StoredRecord) => UpdateRecordBody,
): Promise<PublishData> {
  return changeRecord(db, id, now, publisher, options, (current) => {
    if (step.maintenanceOnly && current.type !== 'maintenance') throw invalid(`type: only maintenance can be ${step.maintenanceOnly}.`)
    const noun = step.maintenanceOnly ? 'maintenance' : 'record'
    if (isClosed(current.status_name)) throw invalid(`status: the ${noun} is closed already (${current.status_name}).`)
    return {
      body: { ...fields(current), update: body.update ?? '', body_format: 'markdown', notify: body.notify },
      kind: step.kind,
      action: step.action,
      alwaysAddUpdate: true,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** The kind of record a template is for (the permission that changes it). */
export const templateKind = (fields: Pick<TemplateFields, 'type' | 'notification_type'>): RecordKind => ({
  type: fields.type,
  notificationType: fields.type === 'notification' ? (fields.notification_type ?? null) : null,
})

/** A `record_templates` row as the contract sends it. */
function templateOf(row: { id: number; name: string; fields: string; updated: number; updated_by: string }): RecordTemplate {
  return {
    id: row.id,
    name: row.name,
    fields: JSON.parse(row.fields) as TemplateFields,
    updated: iso(row.updated),
    updated_by: row.updated_by,
  }
}

/** `GET /api/admin/templates`: every template, by name. */
export async function listTemplates(db: Db): Promise<RecordTemplate[]> {
  const rows = await db.selectFrom('record_templates').selectAll().orderBy('name').orderBy('id').execute()
  return rows.map(templateOf)
}

/** Options of the template writes: `authorize` is called in the transaction with each kind the write touches. */
export interface TemplateWriteOptions {
  authorize?: (kind: RecordKind) => void
}

/**
 * The checks of a template body beyond its schema: a name (trimmed, not empty) that no other
 * template has (regardless of case); a notification type for notifications and none for the
 * other types.
 */
async function checkTemplate(db: Db, body: SaveTemplateBody, exceptId: number | null): Promise<{ name: string; fields: TemplateFields }> {
  const name = body.name.trim()
  if (name === '') throw invalid('name: must not be empty.')
  const fields = body.fields
  if (fields.type === 'notification') {
    if (!NOTIFICATION_TYPES.includes(fields.notification_type as NotificationType)) {
      throw invalid(`fields.notification_type: must be one of ${NOTIFICATION_TYPES.join(', ')}.`)
    }
  } else if (fields.notification_type) throw invalid('fields.notification_type: only notifications have a notification type.')
  let taken = db
    .selectFrom('record_templates')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
  if (exceptId !== null) taken = taken.where('id', '<>', exceptId)
  if (await taken.executeTakeFirst()) throw invalid(`name: a template named ${JSON.stringify(name)} exists already.`)
  return { name, fields }
}

/** The stored columns of a template named `name` with `fields`, written at `now` (epoch ms) by `actor`. */
function templateColumns(name: string, fields: TemplateFields, now: number, actor: Actor) {
  const kind = templateKind(fields)
  return {
    name,
    type: kind.type,
    notification_type: kind.notificationType,
    fields: JSON.stringify(fields),
    updated: now,
    updated_by: actor.name,
  }
}

/**
 * `POST /api/admin/templates`: saves a new template (audit `template.create`).
 * @throws HttpError 400 `invalid` (a name taken, see {@link checkTemplate}); whatever `authorize` throws.
 */
export async function createTemplate(
  db: Db,
  body: SaveTemplateBody,
  now: number,
  actor: Actor,
  options: TemplateWriteOptions = {},
): Promise<RecordTemplate> {
  return db.transaction().execute(async (trx) => {
    const { name, fields } = await checkTemplate(trx, body, null)
    const kind = templateKind(fields)
    options.authorize?.(kind)
    const row = await trx
      .insertInto('record_templates')
      .values(templateColumns(name, fields, now, actor))
      .returningAll()
      .executeTakeFirstOrThrow()
    const saved = templateOf(row)
    await recordAudit(trx, { actor, action: 'template.create', target: String(saved.id), after: { name, fields } }, now)
    return saved
  })
}

/**
 * `PUT /api/admin/templates/{id}`: replaces a template's name and fields (audit `template.update`).
 * @throws HttpError 404 `not_found`; 400 `invalid`; whatever `authorize` throws (the stored kind, then the new one).
 */
export async function updateTemplate(
  db: Db,
  id: number,
  body: SaveTemplateBody,
  now: number,
  actor: Actor,
  options: TemplateWriteOptions = {},
): Promise<RecordTemplate> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('record_templates').selectAll().where('id', '=', id).executeTakeFirst()
    if (!current) throw notFound(`No template ${id}.`, 'not_found')
    const before = templateOf(current)
    options.authorize?.(templateKind(before.fields))
    const { name, fields } = await checkTemplate(trx, body, id)
    const kind = templateKind(fields)
    options.authorize?.(kind)
    const row = await trx
      .updateTable('record_templates')
      .set(templateColumns(name, fields, now, actor))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(
      trx,
      {
        actor,
        action: 'template.update',
        target: String(id),
        before: { name: before.name, fields: before.fields },
        after: { name, fields },
      },
      now,
    )
    return templateOf(row)
  })
}

/**
 * `DELETE /api/admin/templates/{id}`: deletes a template (audit `template.delete`).
 * @throws HttpError 404 `not_found`; whatever `authorize` throws (the stored kind).
 */
export async function deleteTemplate(
  db: Db,
  id: number,
  now: number,
  actor: Actor,
  options: TemplateWriteOptions = {},
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('record_templates').selectAll().where('id', '=', id).executeTakeFirst()
    if (!current) throw notFound(`No template ${id}.`, 'not_found')
    const before = templateOf(current)
    options.authorize?.(templateKind(before.fields))
    await trx.deleteFrom('record_templates').where('id', '=', id).execute()
    await recordAudit(
      trx,
      { actor, action: 'template.delete', target: String(id), before: { name: before.name, fields: before.fields } },
      now,
    )
    return { id }
  })
}
