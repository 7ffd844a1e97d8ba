/**
 * Incidents and scheduled maintenances of the Statuspage-compatible manage API
 * (docs/statuspage-manage-api.md#incidents): Statuspage's `{ incident: { … } }` bodies mapped onto
 * this site's records and written by the publishing code the console's desk uses
 * (`publishRecord`, `changeRecord`, `cancelRecord`), so a key's write is validated, audited, told
 * to subscribers and shown exactly as a person's. Answers are the v2 documents' records
 * (`./documents.ts`) in the manage API's shape.
 */
import { sql } from 'kysely'
import { CLOSED_STATUSES } from '../../contract/reference-data.js'
import type { ComponentStatus } from '../../contract/statuspage.js'
import {
  IMPACT_OVERRIDES,
  type IncidentFields,
  type IncidentListQuery,
  type ManageIncident,
  REALTIME_STATUSES,
  SCHEDULED_STATUSES,
  WRITABLE_COMPONENT_STATUSES,
} from '../../contract/statuspage-manage.js'
import { htmlToText } from '../admin/sanitize.js'
import { HttpError, notFound } from '../http/errors.js'
import { cancelRecord } from '../publishing/desk.js'
import { renderOperatorText } from '../publishing/markdown.js'
import { changeRecord, isClosed, publishRecord, type StoredRecord } from '../publishing/publish.js'
import type { UpdateRecordBody } from '../../contract/publishing.js'
import {
  invalidField,
  keyActor,
  type ManageContext,
  manageIncidents,
  pageComponents,
  publishOptions,
  RECORD_STATUS_OF,
  recordStatus,
  SEVERITY_OF_IMPACT,
  SEVERITY_OF_STATUS,
  statusOfSeverity,
  unprocessable,
  writableComponent,
} from './manage-common.js'

/** Longest incident name, characters (Statuspage's limit). */
export const MAX_NAME = 255
/** Longest body, characters (Statuspage's limit). */
export const MAX_BODY = 25_000

const iso = (ms: number) => new Date(ms).toISOString()
const isRealtime = (status: string) => (REALTIME_STATUSES as readonly string[]).includes(status)
const isScheduled = (status: string) => (SCHEDULED_STATUSES as readonly string[]).includes(status)
const STATUS_CHOICES = `${REALTIME_STATUSES.join(', ')} (an incident) or ${SCHEDULED_STATUSES.join(', ')} (a scheduled maintenance)`

/** An ISO 8601 time of the body, epoch ms; null when absent. @throws 400 naming `field`. */
function timeOf(value: string | null | undefined, field: string): number | null {
  if (value === undefined || value === null || value === '') return null
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalidField(`incident.${field}: must be an ISO 8601 time such as 2026-03-15T09:30:00Z.`)
  }
  return Date.parse(value)
}

/** The trimmed name, checked. @throws 400 */
function nameOf(value: string | undefined, required: boolean): string | undefined {
  if (value === undefined) {
    if (required) {
      throw invalidField(
        'incident.name: required: the incident\'s title, e.g. {"incident": {"name": "Relays drop packets", "status": "investigating"}}.',
      )
    }
    return undefined
  }
  const name = value.trim()
  if (name === '') throw invalidField("incident.name: must not be empty; send the incident's title.")
  if (name.length > MAX_NAME) throw invalidField(`incident.name: at most ${MAX_NAME} characters (it has ${name.length}).`)
  return name
}

/** The body text (Markdown), checked; null for none. @throws 400 */
function bodyOf(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null
  const text = value.trim()
  if (text.length > MAX_BODY) throw invalidField(`incident.body: at most ${MAX_BODY} characters (it has ${text.length}).`)
  return text === '' ? null : text
}

/** The status of the body, checked against the statuses Statuspage knows; undefined when absent. @throws 400 */
function statusOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!isRealtime(value) && !isScheduled(value)) {
    throw invalidField(`incident.status: ${JSON.stringify(value.slice(0, 40))} is not a status; send one of ${STATUS_CHOICES}.`)
  }
  return value
}

/** What the components of a body say: the terms they name and the statuses they set. */
interface ComponentChange {
  /** The component ids `component_ids` and `components` name, in order. */
  ids: string[]
  tids: number[]
  /** Component id → its new status (`components`; Statuspage's `''` = unchanged is left out). */
  statuses: Map<string, ComponentStatus>
}

/** Reads `component_ids` and `components` against the page's components. @throws 400 / 422 naming the field */
async function componentChange(ctx: ManageContext, fields: IncidentFields): Promise<ComponentChange | null> {
  if (fields.component_ids === undefined && fields.components === undefined) return null
  const components = await pageComponents(ctx)
  const ids: string[] = []
  const tids: number[] = []
  const statuses = new Map<string, ComponentStatus>()
  const add = (id: string, field: string) => {
    if (ids.includes(id)) return
    const { tid } = writableComponent(components, ctx.cloud.machine_name, id, field)
    ids.push(id)
    tids.push(tid)
  }
  for (const [i, id] of (fields.component_ids ?? []).entries()) add(id, `incident.component_ids[${i}]`)
  for (const [id, status] of Object.entries(fields.components ?? {})) {
    const field = `incident.components.${id}`
    if (status !== '' && !(WRITABLE_COMPONENT_STATUSES as readonly string[]).includes(status)) {
      throw unprocessable(
        `${field}: ${JSON.stringify(String(status).slice(0, 40))} is not a component status; send one of ${WRITABLE_COMPONENT_STATUSES.join(', ')}.`,
      )
    }
    add(id, field)
    if (status !== '') statuses.set(id, status as ComponentStatus)
  }
  return { ids, tids, statuses }
}

/** The severity of `impact_override` (undefined when absent). @throws 400 */
function impactSeverity(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (!(IMPACT_OVERRIDES as readonly string[]).includes(value)) {
    throw invalidField(
      `incident.impact_override: ${JSON.stringify(value.slice(0, 40))} is not an impact; send one of ${IMPACT_OVERRIDES.join(', ')}.`,
    )
  }
  return SEVERITY_OF_IMPACT[value]
}

/** The worst severity of `statuses` (null: none of them has one). */
function worstSeverity(statuses: Iterable<ComponentStatus>): number | null {
  let worst: number | null = null
  for (const status of statuses) {
    const severity = SEVERITY_OF_STATUS[status]
    if (severity !== null && (worst === null || severity > worst)) worst = severity
  }
  return worst
}

/** The reminder lead `scheduled_remind_prior` asks for: the server's (null) or none (0); undefined when absent. */
const reminderOf = (remind: boolean | undefined): number | null | undefined => (remind === undefined ? undefined : remind ? null : 0)

/** Fields Statuspage has and this site does not keep, refused when they ask for something it cannot do. */
function refuseUnsupported(fields: IncidentFields): void {
  if (fields.backfilled === true) {
    throw unprocessable(
      "incident.backfilled: this site does not take backfilled incidents from the API; publish a past incident from the admin console's incident desk.",
    )
  }
}

/** `POST /v1/pages/{page_id}/incidents`: publishes an incident or a scheduled maintenance; answers it (201). */
export async function createIncident(ctx: ManageContext, fields: IncidentFields): Promise<ManageIncident> {
  refuseUnsupported(fields)
  const name = nameOf(fields.name, true)!
  const status = statusOf(fields.status)
  const scheduledFor = timeOf(fields.scheduled_for, 'scheduled_for')
  const scheduledUntil = timeOf(fields.scheduled_until, 'scheduled_until')
  const maintenance = scheduledFor !== null || (status !== undefined && isScheduled(status))
  if (maintenance && status !== undefined && isRealtime(status)) {
    throw unprocessable(
      `incident.status: ${status} is a status of an incident, and this one has scheduled_for, so it is a scheduled maintenance: send one of ${SCHEDULED_STATUSES.join(', ')}, or leave scheduled_for out.`,
    )
  }
  if (maintenance && scheduledFor === null) {
    throw unprocessable(
      `incident.scheduled_for: a scheduled maintenance (status ${status}) needs its start, an ISO 8601 time such as 2026-03-15T09:30:00Z.`,
    )
  }
  if (!maintenance && scheduledUntil !== null) {
    throw unprocessable(
      'incident.scheduled_until: only a scheduled maintenance has an end; send scheduled_for too, or leave scheduled_until out.',
    )
  }
  if (scheduledFor !== null && scheduledUntil !== null && scheduledUntil < scheduledFor) {
    throw unprocessable('incident.scheduled_until: must not be before scheduled_for.')
  }
  const change = await componentChange(ctx, fields)
  const impact = impactSeverity(fields.impact_override)
  const severity = impact !== undefined ? impact : worstSeverity(change?.statuses.values() ?? [])
  const text = bodyOf(fields.body)
  const html = text === null ? '' : renderOperatorText(text, 'markdown')
  const recordStatus = RECORD_STATUS_OF[status ?? (maintenance ? 'scheduled' : 'investigating')]
  const now = ctx.now
  let from = maintenance ? scheduledFor! : now
  let to = maintenance ? scheduledUntil : null
  if (recordStatus === 'In Progress' && from > now) from = now
  if (isClosed(recordStatus)) {
    if (from > now) from = now
    to = to !== null && to <= now ? Math.max(to, from) : now
  }
  const published = await publishRecord(
    ctx.db,
    {
      type: maintenance ? 'maintenance' : 'incident',
      title: name,
      summary: html === '' ? '' : htmlToText(html),
      body: html,
      status: recordStatus,
      severity,
      clouds: [ctx.cloud.machine_name],
      terms: change?.tids ?? [],
      from: iso(from),
      to: to === null ? null : iso(to),
      reminder_minutes: maintenance ? reminderOf(fields.scheduled_remind_prior) : null,
      notify: fields.deliver_notifications !== false,
    },
    now,
    keyActor(ctx.key),
    publishOptions(ctx),
  )
  return (await manageIncidents(ctx, [published.id]))[0]
}

/** The record `incidentId` of the page, an incident or a maintenance. @throws 404 `not_found` */
export async function findIncident(
  ctx: Pick<ManageContext, 'db' | 'cloud'>,
  incidentId: string,
): Promise<{ id: number; type: 'incident' | 'maintenance' }> {
  const id = /^\d{1,15}$/.test(incidentId) ? Number(incidentId) : null
  const row =
    id === null
      ? undefined
      : await ctx.db
          .selectFrom('records as r')
          .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
          .select(['r.id', 'r.type'])
          .where('r.id', '=', id)
          .where('rc.cloud_id', '=', ctx.cloud.id)
          .where('r.type', 'in', ['incident', 'maintenance'])
          .executeTakeFirst()
  if (!row) {
    throw notFound(
      `There is no incident ${JSON.stringify(incidentId.slice(0, 40))} on the page ${ctx.cloud.machine_name} (GET /v1/pages/${ctx.cloud.machine_name}/incidents lists them).`,
    )
  }
  return { id: row.id, type: row.type as 'incident' | 'maintenance' }
}

/** The terms of a record, by tid. */
async function termsOf(ctx: ManageContext, id: number): Promise<number[]> {
  return (await ctx.db.selectFrom('record_terms').select('tid').where('record_id', '=', id).orderBy('tid').execute()).map((t) => t.tid)
}

/**
 * `PATCH`/`PUT /v1/pages/{page_id}/incidents/{incident_id}`: the fields the body brings change the
 * record (docs/statuspage-manage-api.md, the mapping table); a `body` or a new status adds an
 * update to its history and its mail; `resolved` / `completed` close it. A body that changes
 * nothing writes nothing (an automation repeating itself mails no one).
 */
export async function updateIncident(ctx: ManageContext, incidentId: string, fields: IncidentFields): Promise<ManageIncident> {
  refuseUnsupported(fields)
  const { id, type } = await findIncident(ctx, incidentId)
  const name = nameOf(fields.name, false)
  const status = statusOf(fields.status)
  const scheduledFor = timeOf(fields.scheduled_for, 'scheduled_for')
  const scheduledUntil = timeOf(fields.scheduled_until, 'scheduled_until')
  if (status !== undefined) {
    if (type === 'incident' && !isRealtime(status)) {
      throw unprocessable(
        `incident.status: ${status} is a status of a scheduled maintenance and ${id} is an incident; send one of ${REALTIME_STATUSES.join(', ')}.`,
      )
    }
    if (type === 'maintenance' && !isScheduled(status)) {
      throw unprocessable(
        `incident.status: ${status} is a status of an incident and ${id} is a scheduled maintenance; send one of ${SCHEDULED_STATUSES.join(', ')}.`,
      )
    }
  }
  if (type === 'incident' && (scheduledFor !== null || scheduledUntil !== null)) {
    throw unprocessable(`incident.scheduled_for: ${id} is an incident, which has no schedule; leave scheduled_for and scheduled_until out.`)
  }
  const change = await componentChange(ctx, fields)
  const impact = impactSeverity(fields.impact_override)
  const text = bodyOf(fields.body)
  const currentTerms = await termsOf(ctx, id)
  const now = ctx.now

  const plan = (current: StoredRecord): UpdateRecordBody => {
    const body: UpdateRecordBody = {}
    if (name !== undefined && name !== current.title) body.title = name
    if (change !== null) {
      // `component_ids` names the affected components; `components` alone adds to them.
      const tids = fields.component_ids !== undefined ? change.tids : [...new Set([...currentTerms, ...change.tids])]
      if (JSON.stringify([...tids].sort((a, b) => a - b)) !== JSON.stringify(currentTerms)) body.terms = tids
    }
    let severity: number | null | undefined = impact
    if (severity === undefined && change !== null && change.statuses.size > 0) {
      // One record has one severity: the worst of the statuses sent and, for the components the
      // body does not set, of what the record gives them now.
      const named = new Set(change.ids.filter((c) => change.statuses.has(c)).map((c) => change.tids[change.ids.indexOf(c)]))
      const terms = body.terms?.map(Number) ?? currentTerms
      const others = terms.some((t) => !named.has(t)) ? [statusOfSeverity(current.severity_tid)] : []
      severity = worstSeverity([...change.statuses.values(), ...others])
    }
    if (severity !== undefined && severity !== current.severity_tid) body.severity = severity
    let from = current.from_time
    let to = current.to_time
    if (type === 'maintenance') {
      if (scheduledFor !== null) from = scheduledFor
      if (fields.scheduled_until !== undefined) to = scheduledUntil
      const reminder = reminderOf(fields.scheduled_remind_prior)
      if (reminder !== undefined && reminder !== current.reminder_minutes) body.reminder_minutes = reminder
    }
    const recordStatus = status === undefined ? current.status_name : RECORD_STATUS_OF[status]
    if (recordStatus !== current.status_name) body.status = recordStatus
    if (recordStatus === 'In Progress' && from > now) from = now
    if (isClosed(recordStatus) && !isClosed(current.status_name)) {
      // Closing now: it ends now, unless it ended already.
      if (from > now) from = now
      to = to !== null && to <= now ? Math.max(to, from) : now
    } else if (type === 'incident' && !isClosed(recordStatus) && isClosed(current.status_name)) {
      to = null // reopened: ongoing again
    }
    if (to !== null && to < from) throw unprocessable('incident.scheduled_until: must not be before scheduled_for.')
    if (from !== current.from_time) body.from = iso(from)
    if (to !== current.to_time) body.to = to === null ? null : iso(to)
    if (text !== null) {
      body.update = text
      body.body_format = 'markdown'
    }
    return body
  }

  const current = await ctx.db
    .selectFrom('records as r')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .selectAll('r')
    .select('st.name as status_name')
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow()
  if (Object.keys(plan(current)).length > 0) {
    await changeRecord(ctx.db, id, now, keyActor(ctx.key), publishOptions(ctx), (stored) => {
      const body = plan(stored)
      const closing = body.status !== undefined && isClosed(body.status) && !isClosed(stored.status_name)
      return {
        body: { ...body, notify: fields.deliver_notifications !== false },
        kind: 'updated',
        action: closing ? 'record.resolve' : 'record.update',
      }
    })
  }
  return (await manageIncidents(ctx, [id]))[0]
}

/**
 * `DELETE /v1/pages/{page_id}/incidents/{incident_id}`: this site keeps what it published
 * (docs/decisions/0100-manage-api-never-deletes-incidents.md). A scheduled maintenance that has not closed is
 * cancelled (Archived, subscribers told); anything else answers 405 with what to do instead.
 */
export async function deleteIncident(ctx: ManageContext, incidentId: string): Promise<ManageIncident> {
  const { id, type } = await findIncident(ctx, incidentId)
  const page = ctx.cloud.machine_name
  if (type === 'incident') {
    throw new HttpError(
      405,
      'not_deleted',
      `This site keeps every incident it published as its history, so incidents are not deleted. Resolve it instead: PATCH /v1/pages/${page}/incidents/${id} with {"incident": {"status": "resolved"}}.`,
      { allow: 'GET, PATCH, PUT' },
    )
  }
  const row = { status: await recordStatus(ctx.db, id) }
  if ((CLOSED_STATUSES as readonly string[]).includes(row.status)) {
    throw new HttpError(
      405,
      'not_deleted',
      `The maintenance ${id} is closed already (${row.status}) and this site keeps it as its history; there is nothing to cancel.`,
      { allow: 'GET, PATCH, PUT' },
    )
  }
  await cancelRecord(ctx.db, id, { update: 'This maintenance is cancelled.' }, ctx.now, keyActor(ctx.key), publishOptions(ctx))
  return (await manageIncidents(ctx, [id]))[0]
}

/** Which list of `GET /v1/pages/{page_id}/incidents…` (Statuspage's sub-paths). */
export type IncidentList = 'all' | 'unresolved' | 'scheduled' | 'upcoming' | 'active_maintenance'

/** Records per page of a list when the query does not say (Statuspage's default and maximum of `limit`). */
export const LIST_SIZE = 100

/**
 * The incidents of the page for `list`: every incident and maintenance (`all`, newest first,
 * `q` searching the names), the unresolved incidents, the scheduled maintenances not yet started,
 * those of them still ahead (`upcoming`, soonest first), the maintenances in progress.
 */
export async function listIncidents(ctx: ManageContext, list: IncidentList, query: IncidentListQuery): Promise<ManageIncident[]> {
  const size = query.limit ?? query.per_page ?? LIST_SIZE
  const page = query.page ?? 1
  let q = ctx.db
    .selectFrom('records as r')
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .select('r.id')
    .where('rc.cloud_id', '=', ctx.cloud.id)
  switch (list) {
    case 'all':
      q = q.where('r.type', 'in', ['incident', 'maintenance'])
      for (const word of (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20)) {
        q = q.where(sql<boolean>`lower(r.title) like ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`)
      }
      break
    case 'unresolved':
      q = q.where('r.type', '=', 'incident').where('st.name', 'in', ['In Progress', 'Monitoring'])
      break
    case 'scheduled':
      q = q.where('r.type', '=', 'maintenance').where('st.name', 'in', ['Scheduled', 'Postponed'])
      break
    case 'upcoming':
      q = q.where('r.type', '=', 'maintenance').where('st.name', 'in', ['Scheduled', 'Postponed']).where('r.from_time', '>', ctx.now)
      break
    case 'active_maintenance':
      q = q.where('r.type', '=', 'maintenance').where('st.name', '=', 'In Progress')
      break
  }
  q =
    list === 'upcoming' ? q.orderBy('r.from_time', 'asc').orderBy('r.id', 'asc') : q.orderBy('r.from_time', 'desc').orderBy('r.id', 'desc')
  const rows = await q
    .limit(size)
    .offset((page - 1) * size)
    .execute()
  return manageIncidents(
    ctx,
    rows.map((r) => r.id),
  )
}
