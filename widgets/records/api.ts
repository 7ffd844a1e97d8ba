import type { ApiAnswer } from '../../contract/common'
import type {
  CalendarData,
  CalendarDataCenterGroup,
  CalendarType,
  MaintenanceSchedule,
  PrivilegedRecordListData,
  RecordListData,
  RecordListType,
} from '../../contract/records'
import { is, request } from '../core/request'
import { malformed, parseRecord, parseSeverity, parseStatuses } from '../record-view/api'
import { ADVISORY_CC_TERM } from './model'

function parseSchedule(raw: unknown): MaintenanceSchedule | null {
  if (raw === null || raw === undefined) return null
  if (!is.object(raw) || !is.array(raw.days) || !raw.days.every(is.string) || !is.array(raw.regions)) throw malformed('maintenanceSchedule')
  return {
    days: raw.days as string[],
    regions: raw.regions.map((r, i) => {
      if (!is.object(r) || !is.string(r.title) || !is.array(r.data)) throw malformed(`maintenanceSchedule.regions[${i}]`)
      return {
        title: r.title,
        data: r.data.map((c) =>
          is.object(c)
            ? { className: is.string(c.className) ? c.className : '', value: is.string(c.value) ? c.value : '' }
            : { className: '', value: '' },
        ),
      }
    }),
  }
}

/**
 * Checks a `GET /api/{incident|maintenance|advisory}` answer (contract `RecordListData`, docs/requirements/entities.md
 * List response; a privileged viewer's records carry internal-use fields,
 * `PrivilegedRecordListData`): records, statuses, severities, optional categories, top message
 * and maintenance schedule, and `currentPage` ≥ 1 / `totalPages` ≥ 0 numbers.
 *
 * @throws ApiError (status 0, 'Malformed answer') naming the first field of the wrong shape
 */
export function parseRecordListAnswer(answer: unknown): PrivilegedRecordListData {
  const data = is.object(answer) ? answer.data : undefined
  if (!is.object(data)) throw malformed('no data object')
  if (!is.array(data.records)) throw malformed('records is not a list')
  if (!is.number(data.currentPage) || !is.number(data.totalPages) || data.totalPages < 0) throw malformed('currentPage/totalPages')
  return {
    records: data.records.map((r, i) => parseRecord(r, `records[${i}]`)),
    severity: parseSeverity(data.severity),
    statuses: parseStatuses(data.statuses),
    categories: is.array(data.categories)
      ? data.categories.filter(is.object).map((c) => ({ id: String(c.id ?? ''), name: is.string(c.name) ? c.name : '' }))
      : [],
    topMessage: is.string(data.topMessage) ? data.topMessage : '',
    maintenanceSchedule: parseSchedule(data.maintenanceSchedule),
    currentPage: Math.max(1, data.currentPage),
    totalPages: data.totalPages,
  }
}

/**
 * Checks a `GET /api/calendar` answer (contract `CalendarData`, docs/requirements/entities.md#calendar-response):
 * `start_date` a string, `datacenters` groups of `{ value, label }` options (values as strings),
 * `calendar` an object of days with a string `status`. A missing `datacenters` is `[]`; an empty
 * `calendar` may arrive as `[]` (PHP) and becomes `{}`.
 *
 * @throws ApiError (status 0, 'Malformed answer')
 */
export function parseCalendarAnswer(answer: unknown): CalendarData {
  const data = is.object(answer) ? answer.data : undefined
  if (!is.object(data)) throw malformed('no data object')
  if (!is.string(data.start_date)) throw malformed('start_date')
  const rawGroups = data.datacenters ?? []
  if (!is.array(rawGroups)) throw malformed('datacenters is not a list')
  const datacenters: CalendarDataCenterGroup[] = rawGroups.map((g, i) => {
    if (!is.object(g) || !is.string(g.label) || !is.array(g.options)) throw malformed(`datacenters[${i}]`)
    return {
      label: g.label,
      options: g.options.map((o, j) => {
        if (!is.object(o) || !(is.string(o.value) || is.number(o.value)) || !is.string(o.label))
          throw malformed(`datacenters[${i}].options[${j}]`)
        return { value: String(o.value), label: o.label }
      }),
    }
  })
  const rawCalendar = is.array(data.calendar) && data.calendar.length === 0 ? {} : data.calendar
  if (!is.object(rawCalendar)) throw malformed('calendar is not an object')
  const calendar: CalendarData['calendar'] = {}
  for (const [day, v] of Object.entries(rawCalendar)) {
    if (!is.object(v) || !is.string(v.status)) throw malformed(`calendar.${day}`)
    calendar[day] = { status: v.status }
  }
  return { start_date: data.start_date, datacenters, calendar }
}

/** Options of {@link fetchRecordList}. */
export interface RecordListQuery {
  type: RecordListType
  /** Cloud machine name. */
  cloud: string
  /** `RecordStatus.id`; '' or absent = all statuses. */
  status?: string
  /** 1-based. @default 1 */
  page?: number
  /** `YYYY-MM-DD` in `tz`; '' = every day. */
  date?: string
  /** Data-center term ids; sent comma-separated, left out when empty. */
  datacenters?: readonly string[]
  /** IANA zone of `date` and of the calendar. @default 'UTC' */
  tz?: string
  /** Origin of the API for widgets on foreign pages. @default '' */
  apiBase?: string
  /** More parameters a page adds (the advisory list's `rating` and `q`); empty ones are left out. */
  extra?: Record<string, string | undefined>
  signal?: AbortSignal
}

/**
 * `GET /api/{type}?cloud=&category=&page=&date=&datacenter=&tz=` — one page of a record list
 * (docs/requirements/calls.md, contract `RecordListData`). Empty filters are left out of the query.
 *
 * @throws ApiError on a failed request or an answer of the wrong shape; the abort error when aborted
 * @example await fetchRecordList({ type: 'incident', cloud: 'alpha', page: 2, datacenters: ['12', '14'] })
 */
export async function fetchRecordList(q: RecordListQuery): Promise<PrivilegedRecordListData> {
  const answer = await request<ApiAnswer<RecordListData>>(`/api/${q.type}`, {
    query: {
      cloud: q.cloud,
      category: q.status || undefined,
      page: q.page ?? 1,
      date: q.date || undefined,
      datacenter: q.datacenters?.length ? q.datacenters.join(',') : undefined,
      tz: q.tz ?? 'UTC',
      ...q.extra,
    },
    apiBase: q.apiBase,
    signal: q.signal,
  })
  return parseRecordListAnswer(answer)
}

/**
 * `GET /api/calendar?cloud=&type=&tz=` (+ `cc_term=241` for advisories) — the calendar's days and
 * the data-center groups (docs/requirements/calls.md, contract `CalendarData`).
 *
 * @throws ApiError on a failed request or an answer of the wrong shape; the abort error when aborted
 */
export async function fetchCalendar(q: {
  cloud: string
  type: CalendarType
  tz?: string
  apiBase?: string
  signal?: AbortSignal
}): Promise<CalendarData> {
  const answer = await request<ApiAnswer<CalendarData>>('/api/calendar', {
    query: { cloud: q.cloud, type: q.type, cc_term: q.type === 'advisory' ? ADVISORY_CC_TERM : undefined, tz: q.tz ?? 'UTC' },
    apiBase: q.apiBase,
    signal: q.signal,
  })
  return parseCalendarAnswer(answer)
}
