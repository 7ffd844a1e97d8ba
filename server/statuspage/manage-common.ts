/**
 * What the writes of the Statuspage-compatible manage API share (docs/statuspage-manage-api.md):
 * the context of a call (its page, its key as the audit actor, the origins), the page's components
 * and how a component id of a request becomes a term of a record, Statuspage's values mapped onto
 * this site's (statuses, severities), the refusals' words, and the answers' shapes.
 */
import type { FastifySchemaValidationError } from 'fastify'
import type { Kysely } from 'kysely'
import { recordPermission } from '../../contract/permissions.js'
import type { RecordStatusName } from '../../contract/reference-data.js'
import type { ComponentStatus, StatuspageComponent, StatuspageIncident, StatuspageMaintenance } from '../../contract/statuspage.js'
import type { ManageIncident } from '../../contract/statuspage-manage.js'
import { API_KEY_TEXTS, type ApiKeyIdentity } from '../accounts/api-keys.js'
import type { Actor } from '../admin/audit.js'
import type { Database } from '../db/schema.js'
import { badRequest, HttpError } from '../http/errors.js'
import { type PublishOptions, TYPE_WORDS } from '../publishing/publish.js'
import type { CloudRow } from '../repo/clouds.js'
import { SEVERITY_DEGRADATION, SEVERITY_DISRUPTION } from './derive.js'
import { statuspageDocument, statuspageRecords } from './documents.js'

/** Everything a write of the manage API needs to know about its call. */
export interface ManageContext {
  db: Kysely<Database>
  /** Epoch ms. */
  now: number
  /** The page (cloud) of the path, within the key's scope. */
  cloud: CloudRow
  key: ApiKeyIdentity
  /** Origin of links in mail (`linkOrigin`). */
  publicUrl: string
  /** Origin of links in answers (`documentOrigin`). */
  origin: string
  siteName: string
  /** The server's reminder lead of maintenance, minutes. */
  reminderMinutes: number
}

/** Who a key's writes are by, in the records and the audit log: `API key "{name}" ({prefix}…)`, no uid. */
export const keyActor = (key: Pick<ApiKeyIdentity, 'name' | 'prefix'>): Actor => ({
  uid: null,
  name: `API key "${key.name}" (${key.prefix}…)`,
})

/** Publishing options of a key's write: mail links from `publicUrl`; the key's role must grant the record's permission. */
export function publishOptions(ctx: ManageContext): PublishOptions {
  return {
    publicUrl: ctx.publicUrl,
    authorize: (kind) => {
      const permission = recordPermission(kind.type, kind.notificationType)
      if (!ctx.key.permissions.has(permission)) {
        throw new HttpError(403, 'not_permitted', API_KEY_TEXTS.notPermitted(ctx.key.role))
      }
    },
  }
}

/** 400 `invalid`: a field of the wrong shape; the message names it and says what to send. */
export const invalidField = (message: string) => badRequest(message, 'invalid')
/** 422 `unprocessable`: a well-formed value this page cannot take (Statuspage answers these 422 too). */
export const unprocessable = (message: string) => new HttpError(422, 'unprocessable', message)

/**
 * The refusal of a request the route's schema refuses, in words: the field as a dotted name
 * (`incident.deliver_notifications`), what it must be, and the body's expected shape when the
 * wrapper object is missing.
 */
export function manageSchemaRefusal(errors: readonly FastifySchemaValidationError[], dataVar: string): HttpError {
  const first = errors[0]
  if (!first) return invalidField('The request does not match what this call takes; see docs/statuspage-manage-api.md.')
  const path = first.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
  const params = first.params as { missingProperty?: string; type?: unknown; limit?: number }
  if (dataVar !== 'body') {
    const field = path.join('.') || params.missingProperty || dataVar
    const words =
      first.keyword === 'maximum'
        ? `must be at most ${params.limit}`
        : first.keyword === 'minimum'
          ? `must be at least ${params.limit}`
          : first.keyword === 'type'
            ? `must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}`
            : (first.message ?? 'is not valid')
    return invalidField(`${field}: ${words}; see docs/statuspage-manage-api.md for what this call takes.`)
  }
  if (first.keyword === 'required' && params.missingProperty) {
    const field = [...path, params.missingProperty].join('.')
    if (path.length === 0) {
      return invalidField(
        `${field}: required. The body is Statuspage's, one object named after what it changes, e.g. {"incident": {"name": "Relays drop packets", "status": "investigating"}} or {"component": {"status": "major_outage"}}.`,
      )
    }
    return invalidField(`${field}: required.`)
  }
  const field = path.join('.') || 'body'
  if (first.keyword === 'type') {
    const types = Array.isArray(params.type) ? params.type : [params.type]
    const here = errors.filter((e) => e.instancePath === first.instancePath && e.keyword === 'type')
    const all = [...new Set([...types, ...here.flatMap((e) => (e.params as { type?: unknown }).type ?? [])])]
    if (field === 'body') return invalidField('The body must be a JSON object, e.g. {"incident": {"name": "Relays drop packets"}}.')
    return invalidField(`${field}: must be ${all.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ')}.`)
  }
  return invalidField(`${field}: ${first.message ?? 'is not valid'}.`)
}

/** The record status each Statuspage status maps to (docs/statuspage-manage-api.md, the mapping table). */
export const RECORD_STATUS_OF: Readonly<Record<string, RecordStatusName>> = {
  investigating: 'In Progress',
  identified: 'In Progress',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  scheduled: 'Scheduled',
  in_progress: 'In Progress',
  verifying: 'In Progress',
  completed: 'Completed',
}

/** The severity a component status gives a record (null: none); `partial_outage` is a disruption here. */
export const SEVERITY_OF_STATUS: Readonly<Record<ComponentStatus, number | null>> = {
  major_outage: SEVERITY_DISRUPTION,
  partial_outage: SEVERITY_DISRUPTION,
  degraded_performance: SEVERITY_DEGRADATION,
  under_maintenance: null,
  operational: null,
}

/** The severity an `impact_override` gives a record (null: none). */
export const SEVERITY_OF_IMPACT: Readonly<Record<string, number | null>> = {
  critical: SEVERITY_DISRUPTION,
  major: SEVERITY_DISRUPTION,
  minor: SEVERITY_DEGRADATION,
  none: null,
  maintenance: null,
}

/** The component status a severity gives (what a live incident of that severity shows). */
export function statusOfSeverity(severity: number | null): ComponentStatus {
  if (severity === SEVERITY_DISRUPTION) return 'major_outage'
  if (severity === SEVERITY_DEGRADATION) return 'degraded_performance'
  return 'operational'
}

/** The words of a component status, as a title says them ("Packet Relay — Major outage"). */
export const STATUS_WORDS: Readonly<Record<ComponentStatus, string>> = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
}

/** The components of the page, as `/v1/pages/{page_id}/components` lists them (groups included). */
export async function pageComponents(
  ctx: Pick<ManageContext, 'db' | 'cloud' | 'origin' | 'siteName' | 'now'>,
): Promise<StatuspageComponent[]> {
  const document = await statuspageDocument(ctx.db, 'components.json', {
    cloud: ctx.cloud,
    origin: ctx.origin,
    siteName: ctx.siteName,
    now: new Date(ctx.now),
    // A key manages every component, private ones too (docs/operating/catalogue.md#private-components).
    groups: 'all',
  })
  return 'components' in document ? document.components : []
}

/** A component of this page a record can name: a core service or a data center, with its term. */
export interface WritableComponent {
  component: StatuspageComponent
  tid: number
}

/**
 * The component `id` of `components` (the page's) as a record's term.
 * @throws HttpError 422 `unprocessable` naming `field`: an id the page does not have, a group
 *   (its members are named instead), a third-party component (its status comes from its own page)
 */
export function writableComponent(
  components: readonly StatuspageComponent[],
  pageId: string,
  id: string,
  field: string,
): WritableComponent {
  const component = components.find((c) => c.id === id)
  const list = `GET /v1/pages/${pageId}/components lists them`
  if (!component) throw unprocessable(`${field}: the page ${pageId} has no component ${JSON.stringify(id.slice(0, 200))} (${list}).`)
  if (component.third_party) {
    throw unprocessable(
      `${field}: ${component.name} (${id}) follows a third-party status page; its status comes from there and cannot be set here.`,
    )
  }
  if (component.group) {
    throw unprocessable(
      `${field}: ${component.name} (${id}) is a component group; name its components instead (${(component.components ?? []).join(', ') || 'it has none'}).`,
    )
  }
  const match = new RegExp(`^${pageId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(?:service|dc)-(\\d+)$`).exec(id)
  if (!match) throw unprocessable(`${field}: ${component.name} (${id}) cannot be named by a record (${list}).`)
  return { component, tid: Number(match[1]) }
}

/** A v2 incident or maintenance as the manage API answers it (see `ManageIncident`). */
export function toManageIncident(record: StatuspageIncident | StatuspageMaintenance): ManageIncident {
  const maintenance = 'scheduled_for' in record
  return {
    ...record,
    scheduled_for: maintenance ? record.scheduled_for : null,
    scheduled_until: maintenance ? record.scheduled_until : null,
    scheduled_remind_prior: maintenance && record.reminder_intervals !== null,
    scheduled_auto_in_progress: maintenance,
    scheduled_auto_completed: maintenance && record.scheduled_until !== null,
    impact_override: null,
    postmortem_ignored: false,
    postmortem_notified_twitter: false,
  }
}

/** The records `ids` of the page as the manage API answers them, in that order (ids not on the page are left out). */
export async function manageIncidents(
  ctx: Pick<ManageContext, 'db' | 'cloud' | 'origin' | 'siteName' | 'now' | 'reminderMinutes'>,
  ids: readonly number[],
): Promise<ManageIncident[]> {
  const records = await statuspageRecords(ctx.db, ids, {
    cloud: ctx.cloud,
    origin: ctx.origin,
    siteName: ctx.siteName,
    now: new Date(ctx.now),
    reminderMinutes: ctx.reminderMinutes,
    groups: 'all',
  })
  return ids.flatMap((id) => {
    const record = records.get(id)
    return record ? [toManageIncident(record)] : []
  })
}

/** The status name of record `id` ('In Progress', 'Resolved', …). @throws when there is no such record. */
export async function recordStatus(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db
    .selectFrom('records as r')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .select('st.name as status')
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow()
  return row.status
}
