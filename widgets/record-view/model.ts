/**
 * Pure logic every record view shares — the record lists (`widgets/records`), the notification
 * lists (`widgets/notifications`) and the single post (`widgets/post`): severity kinds, the
 * internal-use block, time labels, the pager and the list filters (docs/requirements/screens.md lists, Notification
 * list page, Single post; docs/requirements/states.md#lists, Pagination; docs/requirements/constants.md). No DOM here: every function is unit-tested.
 *
 * Units: pages are 1-based (the notification list converts to its zero-based API in its own
 * api.ts). Links (record pages, feeds, `api-base`) are the contract's (`contract/links.ts`).
 */
import { INTERNAL_FIELDS, PAGINATION_WINDOW } from '../../contract/constants'
import type { Locale } from '../../contract/locale'
import type { InternalField, PrivilegedRecord, TrustRecord } from '../../contract/records'
import { recordViewMessages } from './messages'

// ---------------------------------------------------------------------------------------------
// Severity, internal fields and time labels
// ---------------------------------------------------------------------------------------------

/** How a severity looks (docs/requirements/entities.md#severity): '20' disruption (ban), '19' degradation (minus), else informational. */
export type SeverityKind = 'disruption' | 'degradation' | 'informational'

/** The kind of severity `id` (docs/requirements/entities.md#severity, docs/requirements/constants.md#severity-ids"Severity ids '20' and '19'"). */
export function severityKind(id: string | null | undefined): SeverityKind {
  return id === '20' ? 'disruption' : id === '19' ? 'degradation' : 'informational'
}

/** One internal-use entry of a record, in the {@link INTERNAL_FIELDS} order. */
export interface InternalEntry {
  field: InternalField
  label: string
  value: string
  /** The value is a link (chat, ticket, CRM, severity). */
  link: boolean
}

const LINK_FIELDS = new Set<InternalField>(['slack_link', 'jira_link', 'sfdc_link', 'severity_link'])

/**
 * The internal-use fields a record carries (docs/requirements/screens.md "Records show a block marked internal use
 * only … whenever those fields are present"): every {@link INTERNAL_FIELDS} entry that is a
 * non-blank string, labelled in `locale` (the message keyed by the field's camelCase name,
 * `jira_link` → 'Ticket'). Empty when the answer is public.
 */
export function internalEntries(record: PrivilegedRecord, locale: Locale = 'en'): InternalEntry[] {
  const t = recordViewMessages.in(locale).get() as unknown as Record<string, string>
  const entries: InternalEntry[] = []
  for (const field of INTERNAL_FIELDS) {
    const value = record[field]
    if (typeof value === 'string' && value.trim() !== '') {
      entries.push({ field, label: t[field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())], value, link: LINK_FIELDS.has(field) })
    }
  }
  return entries
}

/** Labels of a record's start and end for each list (docs/requirements/screens.md), in `locale`. */
export function timeLabels(type: TrustRecord['type'], locale: Locale = 'en'): { from: string; to: string } {
  const t = recordViewMessages.in(locale).get()
  return type === 'maintenance' ? { from: t.schedFrom, to: t.schedTo } : { from: t.started, to: t.ended }
}

// ---------------------------------------------------------------------------------------------
// Pagination (docs/requirements/states.md#pagination, docs/requirements/constants.md#pagination"Pagination window 5 pages")
// ---------------------------------------------------------------------------------------------

/** One control of the pager. `page` is 1-based. */
export type PageItem =
  | { kind: 'first' | 'previous' | 'next' | 'last'; page: number; disabled: boolean }
  | { kind: 'page'; page: number; current: boolean }
  | { kind: 'ellipsis'; key: 'start' | 'end' }

/**
 * The pager's controls (docs/requirements/states.md#pagination): First and Previous, up to {@link PAGINATION_WINDOW}
 * page numbers, Next and Last; an ellipsis before the numbers when page 1 is not among them and
 * after them when the last page is not. The numbers run from page 1 while `current` ≤ 3, are
 * centred (current − 2 … current + 2) after that, and stop at the last page near the end (the
 * window then shows the last 5 pages). First/Previous are disabled on page 1, Next/Last on the
 * last page. No pager (`[]`) for fewer than 2 pages. `current` is clamped to 1…total.
 *
 * @param current 1-based page shown
 * @param total number of pages
 * @example paginationWindow(10, 40) // First, Previous, …, 8 9 [10] 11 12, …, Next, Last
 */
export function paginationWindow(current: number, total: number, size = PAGINATION_WINDOW): PageItem[] {
  const last = Math.max(0, Math.floor(total))
  if (last < 2) return []
  const page = Math.min(last, Math.max(1, Math.floor(current) || 1))
  const half = Math.floor(size / 2)
  let start = Math.max(1, page - half)
  const end = Math.min(last, start + size - 1)
  start = Math.max(1, end - size + 1)
  const items: PageItem[] = [
    { kind: 'first', page: 1, disabled: page === 1 },
    { kind: 'previous', page: Math.max(1, page - 1), disabled: page === 1 },
  ]
  if (start > 1) items.push({ kind: 'ellipsis', key: 'start' })
  for (let p = start; p <= end; p++) items.push({ kind: 'page', page: p, current: p === page })
  if (end < last) items.push({ kind: 'ellipsis', key: 'end' })
  items.push({ kind: 'next', page: Math.min(last, page + 1), disabled: page === last })
  items.push({ kind: 'last', page: last, disabled: page === last })
  return items
}

// ---------------------------------------------------------------------------------------------
// List filters (docs/requirements/states.md#lists)
// ---------------------------------------------------------------------------------------------

/** What a record list shows: its status filter, day, data centers and page. */
export interface RecordFilters {
  /** `RecordStatus.id`; '' = All Statuses. */
  status: string
  /** `YYYY-MM-DD` in the visitor's zone; '' = every day. */
  date: string
  /** Selected data-center term ids (none = every data center). */
  datacenters: string[]
  /** 1-based. */
  page: number
}

/** The filters of a freshly opened list: All Statuses, no day, no data centers, page 1. */
export const INITIAL_FILTERS: RecordFilters = { status: '', date: '', datacenters: [], page: 1 }

/** What changes a list's filters. */
export type FilterAction =
  | { type: 'status'; status: string }
  | { type: 'date'; date: string }
  | { type: 'datacenters'; datacenters: string[] }
  | { type: 'page'; page: number }
  | { type: 'reset' }

/**
 * Filter reducer (docs/requirements/states.md#lists): changing the status, the day or the data centers goes back to
 * page 1; `page` changes the page only; `reset` is the list a new path opens with. Actions that
 * change nothing return the same object.
 */
export function filtersReducer(state: RecordFilters, action: FilterAction): RecordFilters {
  switch (action.type) {
    case 'status':
      return action.status === state.status ? state : { ...state, status: action.status, page: 1 }
    case 'date':
      return action.date === state.date ? state : { ...state, date: action.date, page: 1 }
    case 'datacenters': {
      const next = [...new Set(action.datacenters)]
      const same = next.length === state.datacenters.length && next.every((d) => state.datacenters.includes(d))
      return same ? state : { ...state, datacenters: next, page: 1 }
    }
    case 'page':
      return action.page === state.page || !(action.page >= 1) ? state : { ...state, page: Math.floor(action.page) }
    case 'reset':
      return INITIAL_FILTERS
  }
}
