import type { ApiAnswer } from '../../../contract/common'
import type {
  CancelBody,
  DeskListData,
  DeskListQuery,
  DeskRecordDetail,
  PostmortemData,
  PostponeBody,
  RecordTemplate,
  ResolveBody,
  SavePostmortemBody,
  SaveTemplateBody,
  TemplatesData,
} from '../../../contract/desk'
import type { PublishData, PublishRecordBody, UpdateRecordBody } from '../../../contract/publishing'
import type { NotificationType } from '../../../contract/records'
import type { CloudStatusRequestType } from '../../../contract/status'
import { dataOf, is, request } from '../../../widgets/core/request'

/**
 * The incident desk's calls (contract/desk.ts, contract/publishing.ts) and the look-ups its form
 * needs: the tids of a cloud's services and data centers (`GET /api/cloud-status`) and the
 * notification categories (`POST /api/user_notifications`). Writes carry the session's CSRF header
 * ({@link request}); every call throws an `ApiError` on failure; answers pass small shape checks.
 */

function isDeskList(d: unknown): d is DeskListData {
  return is.object(d) && is.array(d.records) && is.number(d.page) && is.number(d.pages)
}

function isDetail(d: unknown): d is DeskRecordDetail {
  return (
    is.object(d) &&
    is.number(d.id) &&
    is.string(d.type) &&
    is.string(d.title) &&
    is.string(d.status) &&
    is.array(d.clouds) &&
    is.array(d.terms) &&
    is.array(d.updates) &&
    is.array(d.events)
  )
}

function isPublishData(d: unknown): d is PublishData {
  return is.object(d) && is.number(d.id) && is.number(d.mails)
}

function isTemplate(d: unknown): d is RecordTemplate {
  return is.object(d) && is.number(d.id) && is.string(d.name) && is.object(d.fields) && is.string(d.fields.type)
}

/** The templates answer; `reminder_default_minutes` may be missing (it then stays unknown). */
function isTemplates(d: unknown): d is Omit<TemplatesData, 'reminder_default_minutes'> & { reminder_default_minutes?: unknown } {
  return is.object(d) && is.array(d.templates) && d.templates.every(isTemplate)
}

/** The templates and the server's defaults the desk's forms start from. */
export interface DeskTemplates {
  /** By name. */
  templates: RecordTemplate[]
  /** The server's reminder lead of maintenance, minutes (0 = none); `undefined` when the answer lacks it. */
  reminderDefault: number | undefined
}

const recordPath = (id: number | string, action = '') => `/api/admin/records/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`

/** `GET /api/admin/records?type=&open=&q=&page=` (0-based pages of 25, newest first). */
export async function fetchDeskList(query: DeskListQuery, signal?: AbortSignal): Promise<DeskListData> {
  const answer = await request<ApiAnswer<DeskListData>>('/api/admin/records', { query: { ...query }, signal })
  return dataOf(answer, isDeskList)
}

/** `GET /api/admin/records/{id}`: the record with its update history and events. @throws ApiError 404 `not_found` */
export async function fetchDeskRecord(id: number | string, signal?: AbortSignal): Promise<DeskRecordDetail> {
  return dataOf(await request<ApiAnswer<DeskRecordDetail>>(recordPath(id), { signal }), isDetail)
}

/** `POST /api/admin/records` → the new record's id and the mails its `published` event queued. */
export async function publishRecord(body: PublishRecordBody): Promise<PublishData> {
  return dataOf(await request<ApiAnswer<PublishData>>('/api/admin/records', { method: 'POST', body }), isPublishData)
}

/** `PATCH /api/admin/records/{id}`: changed fields and/or an update entry (`update`). */
export async function updateRecord(id: number, body: UpdateRecordBody): Promise<PublishData> {
  return dataOf(await request<ApiAnswer<PublishData>>(recordPath(id), { method: 'PATCH', body }), isPublishData)
}

/** `POST /api/admin/records/{id}/resolve`: closes the record now. @throws ApiError 400 `invalid` when already closed */
export async function resolveRecord(id: number, body: ResolveBody): Promise<PublishData> {
  return dataOf(await request<ApiAnswer<PublishData>>(recordPath(id, 'resolve'), { method: 'POST', body }), isPublishData)
}

function isPostmortemData(d: unknown): d is PostmortemData {
  return is.object(d) && is.object(d.postmortem) && is.string(d.postmortem.body) && is.number(d.mails)
}

/**
 * `PUT /api/admin/records/{id}/postmortem`: saves a resolved incident's postmortem (README
 * "Postmortems"). @throws ApiError 400 `invalid` (not a resolved incident, empty, mailed already)
 */
export async function savePostmortem(id: number, body: SavePostmortemBody): Promise<PostmortemData> {
  return dataOf(await request<ApiAnswer<PostmortemData>>(recordPath(id, 'postmortem'), { method: 'PUT', body }), isPostmortemData)
}

/** `POST /api/admin/records/{id}/postpone`: maintenance gets a new window (UTC instants). */
export async function postponeRecord(id: number, body: PostponeBody): Promise<PublishData> {
  return dataOf(await request<ApiAnswer<PublishData>>(recordPath(id, 'postpone'), { method: 'POST', body }), isPublishData)
}

/** `POST /api/admin/records/{id}/cancel`: maintenance that will not happen. */
export async function cancelRecord(id: number, body: CancelBody): Promise<PublishData> {
  return dataOf(await request<ApiAnswer<PublishData>>(recordPath(id, 'cancel'), { method: 'POST', body }), isPublishData)
}

/** `GET /api/admin/templates`: the templates (by name) and the server's reminder lead. */
export async function fetchTemplates(signal?: AbortSignal): Promise<DeskTemplates> {
  const data = dataOf(await request<ApiAnswer<TemplatesData>>('/api/admin/templates', { signal }), isTemplates)
  const lead = data.reminder_default_minutes
  return { templates: data.templates, reminderDefault: typeof lead === 'number' && Number.isInteger(lead) && lead >= 0 ? lead : undefined }
}

/** `POST /api/admin/templates` (new) or `PUT /api/admin/templates/{id}`. @throws ApiError 400 `invalid` for a name already taken */
export async function saveTemplate(body: SaveTemplateBody, id?: number): Promise<RecordTemplate> {
  const path = id === undefined ? '/api/admin/templates' : `/api/admin/templates/${encodeURIComponent(String(id))}`
  return dataOf(await request<ApiAnswer<RecordTemplate>>(path, { method: id === undefined ? 'POST' : 'PUT', body }), isTemplate)
}

/** `DELETE /api/admin/templates/{id}`. */
export async function deleteTemplate(id: number): Promise<void> {
  await request<unknown>(`/api/admin/templates/${encodeURIComponent(String(id))}`, { method: 'DELETE' })
}

// ---------------------------------------------------------------------------------------------
// Look-ups of the form
// ---------------------------------------------------------------------------------------------

/** A service, data center or notification category the form offers: its tid and name. */
export interface TermChoice {
  tid: number
  name: string
  /** `false` for one decommissioned on the cloud (offered only when already chosen). */
  active: boolean
}

/** The data centers of one region. */
export interface RegionChoices {
  region: string
  items: TermChoice[]
}

/** What the form offers for a set of clouds. */
export interface TermChoices {
  services: TermChoice[]
  regions: RegionChoices[]
}

function itemsOf(category: unknown): TermChoice[] {
  if (!is.object(category) || !is.array(category.subCategory)) return []
  return category.subCategory.flatMap((item) =>
    is.object(item) && is.number(item.tid) && is.string(item.name)
      ? [{ tid: item.tid, name: item.name, active: item.status !== false }]
      : [],
  )
}

async function statusCategories(cloud: string, requestType: CloudStatusRequestType, signal?: AbortSignal): Promise<unknown[]> {
  const answer = await request<ApiAnswer<unknown>>('/api/cloud-status', { query: { cloud, requestType }, signal })
  const data = (answer as { data?: unknown } | undefined)?.data
  return is.object(data) && is.array(data.category) ? data.category : []
}

/**
 * The services and the data centers by region of one cloud, with their tids: the public status
 * answers (`GET /api/cloud-status?requestType=core_cloud_services|public|premium`). A block the
 * cloud does not show answers nothing; only when every request fails does this throw.
 */
export async function fetchCloudTerms(cloud: string, signal?: AbortSignal): Promise<TermChoices> {
  const kinds: CloudStatusRequestType[] = ['core_cloud_services', 'public', 'premium']
  const results = await Promise.allSettled(kinds.map((k) => statusCategories(cloud, k, signal)))
  if (results.every((r) => r.status === 'rejected')) throw (results[0] as PromiseRejectedResult).reason
  const [services, ...dcs] = results.map((r) => (r.status === 'fulfilled' ? r.value : []))
  return mergeTerms([
    {
      services: services.flatMap(itemsOf),
      regions: dcs.flat().flatMap((c) => (is.object(c) && is.string(c.title) ? [{ region: c.title, items: itemsOf(c) }] : [])),
    },
  ])
}

/** Several clouds' choices as one: each tid once (active when active anywhere), regions by name, data centers by name. */
export function mergeTerms(all: readonly TermChoices[]): TermChoices {
  const services = new Map<number, TermChoice>()
  const regions = new Map<string, Map<number, TermChoice>>()
  const add = (into: Map<number, TermChoice>, item: TermChoice) => {
    const seen = into.get(item.tid)
    into.set(item.tid, seen ? { ...seen, active: seen.active || item.active } : item)
  }
  for (const choices of all) {
    for (const s of choices.services) add(services, s)
    for (const r of choices.regions) {
      if (!regions.has(r.region)) regions.set(r.region, new Map())
      for (const item of r.items) add(regions.get(r.region)!, item)
    }
  }
  return {
    services: [...services.values()],
    regions: [...regions].map(([region, items]) => ({ region, items: [...items.values()].sort((a, b) => a.name.localeCompare(b.name)) })),
  }
}

/** The notification categories by type (`POST /api/user_notifications`, the signed-in user's own subscription tree). */
export async function fetchNotificationCategories(signal?: AbortSignal): Promise<Record<NotificationType, TermChoice[]>> {
  const answer = await request<ApiAnswer<unknown>>('/api/user_notifications', { method: 'POST', signal })
  const data = (answer as { data?: unknown } | undefined)?.data
  const terms = is.object(data) && is.object(data.terms) ? data.terms : {}
  const of = (type: NotificationType): TermChoice[] => {
    const t = terms[type]
    if (!is.object(t) || !is.array(t.categories)) return []
    return t.categories.flatMap((c) =>
      is.object(c) && is.string(c.notification_subcategory_id) && /^\d+$/.test(c.notification_subcategory_id)
        ? [{ tid: Number(c.notification_subcategory_id), name: String(c.notification_subcategory_name ?? ''), active: true }]
        : [],
    )
  }
  return {
    url_change_notification: of('url_change_notification'),
    cloud_app: of('cloud_app'),
    privacy_notification: of('privacy_notification'),
  }
}
