import type { ApiAnswer } from '../../contract/common'
import { MAX_WEEK_OFFSET, WEEK_MINUTES } from '../../contract/constants'
import type { CloudStatusData, CloudStatusRequestType, StatusCategory, StatusItem, StatusSeverity } from '../../contract/status'
import type { SubscribeBody, SubscriptionAction } from '../../contract/subscriptions'
import { ApiError, is, request, type TokenReader } from '../core/request'

function malformed(what: string): ApiError {
  return new ApiError(`The service sent cloud status data of an unexpected shape (${what}).`, 0, 'Malformed answer')
}

const isMinute = (v: unknown): v is number => is.number(v) && v >= 0 && v <= WEEK_MINUTES
const isTime = (v: unknown): v is string => is.string(v) && !Number.isNaN(Date.parse(v))

/**
 * What is wrong with an issue of the answer: the path of its first field of the wrong shape
 * after the issue's own ('' when none), so a valid week builds no path strings.
 */
function issueFault(raw: unknown): string {
  if (!is.object(raw)) return ' is not an object'
  if (!is.number(raw.id)) return '.id'
  for (const key of ISSUE_TEXTS) if (!is.string(raw[key])) return `.${key}`
  if (!isMinute(raw.from) || !isMinute(raw.to)) return '.from/to'
  if (!isTime(raw.startTime)) return '.startTime'
  return raw.endTime !== null && !isTime(raw.endTime) ? '.endTime' : ''
}

const ISSUE_TEXTS = ['title', 'alias', 'short_description', 'description', 'severityTid', 'status'] as const

function checkItem(raw: unknown, where: string): StatusItem {
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  if (!is.number(raw.tid)) throw malformed(`${where}.tid`)
  if (!is.string(raw.name)) throw malformed(`${where}.name`)
  if (typeof raw.status !== 'boolean') throw malformed(`${where}.status`)
  if (!is.array(raw.issues)) throw malformed(`${where}.issues`)
  raw.issues.forEach((issue, i) => {
    const fault = issueFault(issue)
    if (fault) throw malformed(`${where}.issues[${i}]${fault}`)
  })
  return {
    ...(raw as unknown as StatusItem),
    subscribed: raw.subscribed === '1' ? '1' : '0',
    info: is.string(raw.info) ? raw.info : '',
    category_status: is.array(raw.category_status) ? (raw.category_status as StatusItem['category_status']) : [],
  }
}

function checkCategory(raw: unknown, i: number): StatusCategory {
  const where = `category[${i}]`
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  if (!is.number(raw.tid) && raw.tid !== 'core_cloud_services') throw malformed(`${where}.tid`)
  if (!is.string(raw.title)) throw malformed(`${where}.title`)
  if (!is.array(raw.subCategory)) throw malformed(`${where}.subCategory`)
  return { tid: raw.tid, title: raw.title, subCategory: raw.subCategory.map((item, j) => checkItem(item, `${where}.subCategory[${j}]`)) }
}

function checkSeverity(raw: unknown, i: number): StatusSeverity {
  if (!is.object(raw) || !is.string(raw.tid) || !is.string(raw.name)) throw malformed(`severity[${i}]`)
  return {
    tid: raw.tid,
    name: raw.name,
    color_code: is.string(raw.color_code) ? raw.color_code : '',
    icon: is.string(raw.icon) ? raw.icon : '',
    status_icon: is.string(raw.status_icon) ? raw.status_icon : '',
    show_legend: raw.show_legend === true || raw.show_legend === '1' || raw.show_legend === 1,
  }
}

/**
 * Checks a `GET /api/cloud-status` answer against the contract (`CloudStatusData`, docs/requirements/entities.md
 * Status response): categories with items and issues (minutes within 0…10080, ISO instants,
 * `endTime` null or an instant), the week's dates, `current_time` in 0…10080, `page_number`
 * in 0…12 and the severities. Optional row fields (`info`, `category_status`, `subscribed`)
 * are defaulted.
 *
 * @throws ApiError (status 0, 'Malformed answer') naming the first field of the wrong shape
 */
export function parseCloudStatusAnswer(answer: unknown): CloudStatusData {
  const data = is.object(answer) ? answer.data : undefined
  if (!is.object(data)) throw malformed('no data object')
  if (!is.array(data.category)) throw malformed('category is not a list')
  if (!isTime(data.start_date) || !isTime(data.end_date)) throw malformed('start_date/end_date')
  if (!isMinute(data.current_time)) throw malformed('current_time')
  if (!is.number(data.page_number) || data.page_number < 0 || data.page_number > MAX_WEEK_OFFSET) throw malformed('page_number')
  if (!is.array(data.severity)) throw malformed('severity is not a list')
  return {
    category: data.category.map(checkCategory),
    start_date: data.start_date,
    end_date: data.end_date,
    current_time: data.current_time,
    page_number: data.page_number,
    severity: data.severity.map(checkSeverity),
  }
}

/** Options of {@link fetchCloudStatus}. */
export interface CloudStatusQuery {
  /** Cloud machine name (or domain) the API knows. */
  cloud: string
  requestType: CloudStatusRequestType
  /** Weeks back, 0…12 (docs/requirements/states.md#timeline-paging). */
  dateOffset: number
  /** IANA zone whose days the week is made of. @default UTC (the server's default) */
  tz?: string
  /** Origin of the API for widgets on foreign pages. @default '' (same origin) */
  apiBase?: string
  signal?: AbortSignal
  /** The console token to read with (widgets/core/token.ts); public answers without. */
  auth?: TokenReader
}

/**
 * `GET /api/cloud-status?cloud=&requestType=&dateOffset=&tz=` — one week of the status timeline
 * (docs/requirements/calls.md, contract `CloudStatusData`): 7 days of the `tz` zone.
 *
 * @throws ApiError on a failed request or an answer of the wrong shape; the abort error when aborted
 * @example const week = await fetchCloudStatus({ cloud: 'auroraedge', requestType: 'public', dateOffset: 0 })
 */
export async function fetchCloudStatus({
  cloud,
  requestType,
  dateOffset,
  tz,
  apiBase,
  signal,
  auth,
}: CloudStatusQuery): Promise<CloudStatusData> {
  const answer = await request<ApiAnswer<CloudStatusData>>('/api/cloud-status', {
    query: { cloud, requestType, dateOffset, tz },
    apiBase,
    signal,
    auth,
  })
  return parseCloudStatusAnswer(answer)
}

/**
 * `POST /api/subscribe {cloud, tid, action}` for one row's star (docs/requirements/states.md#subscribe-star, docs/requirements/calls.md).
 * The star only needs to know the change was made, so of the answer (contract `SubscribeData`)
 * only `data.action` is checked — the subscriptions page validates the whole tree; this keeps the
 * drop-in within its budget.
 *
 * @throws ApiError on a failed call, or when the answer does not confirm `action`
 */
export async function subscribeStar(cloud: string, tid: number, action: SubscriptionAction, apiBase = ''): Promise<void> {
  const body: SubscribeBody = { cloud, tid, action }
  const answer = await request<ApiAnswer<{ action?: unknown }>>('/api/subscribe', { method: 'POST', body, apiBase })
  if (!is.object(answer) || !is.object(answer.data) || answer.data.action !== action) throw malformed('subscribe answer')
}
