// The import order sets the module order of the drop-in; this one compresses best (the records drop-in has
// little gzip headroom, see .size-limit.json), so keep it when adding imports.
import { type ReactNode, useEffect, useId, useReducer, useRef } from 'react'
import type { PrivilegedRecord, PrivilegedRecordListData, RecordListType, RecordStatus } from '../../contract/records'
import type { HostProps } from '../core/element'
import { useLocale, useMessages } from '../core/i18n/react'
import { useResource, useWidgetContext } from '../core/react'
import { LoadState } from '../core/ui'
import { fetchCalendar, fetchRecordList } from './api'
import { Calendar, DataCenterSelect } from './Calendar'
import { Icon, STATUS_ICON_PATHS } from '../record-view/icons'
import { CALENDAR_TYPES, dayLabel, icsUrl, LIST_SEGMENTS, scheduleTable, topMessageText, webcalHref } from './model'
import { recordsMessages } from './messages'
import { postHref, trimBase } from '../../contract/links'
import { filtersReducer, INITIAL_FILTERS, type FilterAction, type RecordFilters } from '../record-view/model'
import { Heading, Pagination, RecordArticle, RssBadge, StatusFilter } from '../record-view/parts'
import { recordViewMessages } from '../record-view/messages'
import * as shared from '../record-view/record-view.css'
import * as styles from './records.css'

/** Props of {@link Records}. */
export interface RecordsProps {
  /** Which list (docs/requirements/screens.md): incidents, maintenance or security advisories. */
  type: RecordListType
  /** Cloud machine name (the API's `cloud`). */
  cloud: string
  /** The cloud's domain: record links go to `/{cloudDomain}/posts/{id}`. */
  cloudDomain: string
  /** IANA zone for times, the calendar and the `date` filter. @default 'UTC' */
  timezone?: string
  /** Origin of the API, feeds and record links on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** Level of the list heading ('Incidents', …). @default 2 */
  headingLevel?: 1 | 2 | 3
  /**
   * Route-controlled filters (status, day, data centers, page). When given, the component shows
   * them and reports changes through `onFiltersChange` only; otherwise it keeps its own, reset
   * whenever `type` or `cloud` changes (docs/requirements/states.md "changing the path resets the filter").
   */
  filters?: RecordFilters
  /** Called with the next filters after any change (status, day and data centers go back to page 1). */
  onFiltersChange?: (filters: RecordFilters) => void
  /** "Now" for the calendar's today, ms since the epoch (tests). @default Date.now() */
  now?: number
  /** More list parameters a page adds (the advisory list's `rating` and `q`); a change goes back to page 1. */
  query?: Record<string, string | undefined>
  /** Controls a page adds to the filters (the advisory list's rating and search). */
  toolbar?: ReactNode
  /** What a page adds to each row under its tags (the advisory list's CVEs and rating). */
  row?: (record: PrivilegedRecord) => ReactNode
}

/**
 * A record list page's content (docs/requirements/screens.md#incidents-maintenance-security-advisories-lists and
 * Calendar; docs/requirements/states.md#lists, Pagination, Calendar; docs/requirements/errors.md#empty-states state): the heading with its RSS and Atom
 * badges (and for maintenance an 'Add to calendar' `webcal:` link and a plain 'Download .ics'
 * link to the same calendar), the 'Status' filter, the optional top
 * message, the maintenance schedule table, the records, pagination, and beside them (under them
 * below 992 px) the month calendar and — except on security advisories — the data-center
 * multi-select.
 *
 * Loads `GET /api/{type}?cloud=&category=&page=&date=&datacenter=&tz=` whenever a filter changes
 * and `GET /api/calendar?cloud=&type=&tz=` once per cloud, type and zone. Failed or malformed
 * loads show an error with Retry (docs/requirements/errors.md); calendar failures are also logged to the console.
 */
export function Records(props: RecordsProps) {
  // A new list (type or cloud) starts from All Statuses, page 1: a fresh component state.
  return <RecordsView key={`${props.type}|${props.cloud}`} {...props} />
}

function logCalendarFailure(error: unknown): never {
  if ((error as Error | undefined)?.name !== 'AbortError') console.error('Calendar: loading failed.', error)
  throw error
}

function RecordsView(props: RecordsProps) {
  const { type, cloud, cloudDomain, timezone = 'UTC', apiBase = '', headingLevel = 2, onFiltersChange, now, query, toolbar, row } = props
  const t = useMessages(recordsMessages)
  const locale = useLocale()
  const [own, dispatchOwn] = useReducer(filtersReducer, INITIAL_FILTERS)
  const filters = props.filters ?? own
  const dispatch = (action: FilterAction) => {
    const next = filtersReducer(filters, action)
    if (next === filters) return
    if (!props.filters) dispatchOwn(action)
    onFiltersChange?.(next)
  }

  const dcKey = filters.datacenters.join(',')
  const queryKey = JSON.stringify(query ?? {})
  // A new search starts on page 1 (only after the first render: the first query is the page's own).
  const shownQuery = useRef(queryKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new query moves to page 1, not a new dispatch function
  useEffect(() => {
    if (shownQuery.current === queryKey) return
    shownQuery.current = queryKey
    dispatch({ type: 'page', page: 1 })
  }, [queryKey])
  const list = useResource(
    (signal) =>
      fetchRecordList({
        type,
        cloud,
        status: filters.status,
        page: filters.page,
        date: filters.date,
        datacenters: filters.datacenters,
        tz: timezone,
        apiBase,
        extra: query,
        signal,
      }),
    [type, cloud, filters.status, filters.page, filters.date, dcKey, timezone, apiBase, queryKey],
  )
  const calendar = useResource(
    (signal) => fetchCalendar({ cloud, type: CALENDAR_TYPES[type], tz: timezone, apiBase, signal }).catch(logCalendarFailure),
    [cloud, type, timezone, apiBase],
  )

  // While the next page or filter loads, the last answer stays on screen (marked busy) and the
  // status dropdown keeps its options.
  const last = useRef<PrivilegedRecordListData | undefined>(undefined)
  if (list.data) last.current = list.data
  const shown = list.status === 'loading' && !list.data && last.current ? { ...list, data: last.current } : list
  const statuses: RecordStatus[] = last.current?.statuses ?? []

  const headingId = useId()
  const origin = /^https?:/i.test(apiBase) ? apiBase : typeof location !== 'undefined' ? location.origin : ''
  // The maintenance calendar: 'Add to calendar' subscribes (`webcal:`), 'Download .ics' is the same over http(s).
  const ics = icsUrl(origin, cloud, filters.datacenters)
  return (
    <section className={shared.root} aria-labelledby={headingId} data-testid="records" data-type={type}>
      <div className={styles.layout}>
        <div className={styles.main}>
          <div className={shared.header}>
            <Heading level={headingLevel} id={headingId} className={shared.heading}>
              {t[type]}
            </Heading>
            <RssBadge segment={LIST_SEGMENTS[type]} apiBase={apiBase} cloud={cloud} />
            {type === 'maintenance' && (
              <>
                <a className={shared.badge} href={webcalHref(ics)} data-testid="ics-link">
                  <Icon path={STATUS_ICON_PATHS.calendar} className={shared.icon} />
                  <span>{t.addCal}</span>
                </a>
                <a className={shared.badge} href={ics} data-testid="ics-download">
                  {t.ics}
                </a>
              </>
            )}
          </div>
          <div className={shared.toolbar} part="filters">
            <StatusFilter statuses={statuses} value={filters.status} onChange={(status) => dispatch({ type: 'status', status })} />
            {toolbar}
            {filters.date && (
              <p className={shared.note} data-testid="date-filter">
                {t.showing({ day: dayLabel(filters.date, locale) })}{' '}
                <button type="button" className={styles.calendarButton} onClick={() => dispatch({ type: 'date', date: '' })}>
                  {t.clear}
                </button>
              </p>
            )}
          </div>
          <LoadState state={shown} loadingLabel={t.loading}>
            {(data) => (
              <div aria-busy={shown !== list} data-testid="records-content">
                <ListBody
                  data={data}
                  type={type}
                  cloudDomain={cloudDomain}
                  timezone={timezone}
                  apiBase={apiBase}
                  onPage={(page) => dispatch({ type: 'page', page })}
                  level={(headingLevel + 1) as 2 | 3 | 4}
                  row={row}
                />
              </div>
            )}
          </LoadState>
        </div>
        <aside className={styles.aside} aria-label={t.aside}>
          <LoadState state={calendar} loadingLabel={t.loadingCalendar}>
            {(cal) => (
              <>
                <Calendar
                  data={cal}
                  timezone={timezone}
                  selectedDate={filters.date}
                  onSelectDate={(date) => dispatch({ type: 'date', date })}
                  now={now}
                  headingLevel={(headingLevel + 1) as 2 | 3 | 4}
                />
                {type !== 'advisory' && (
                  <DataCenterSelect
                    groups={cal.datacenters}
                    value={filters.datacenters}
                    onChange={(datacenters) => dispatch({ type: 'datacenters', datacenters })}
                  />
                )}
              </>
            )}
          </LoadState>
        </aside>
      </div>
    </section>
  )
}

interface ListBodyProps {
  data: PrivilegedRecordListData
  type: RecordListType
  cloudDomain: string
  timezone: string
  apiBase: string
  onPage: (page: number) => void
  /** Level of the records' headings: one below the list's. */
  level: 2 | 3 | 4
  row?: RecordsProps['row']
}

/** Top message, schedule, records (or the empty state) and the pager of one answer. */
function ListBody({ data, type, cloudDomain, timezone, apiBase, onPage, level, row }: ListBodyProps) {
  const t = useMessages(recordsMessages)
  const v = useMessages(recordViewMessages)
  const locale = useLocale()
  const list = t[type]
  return (
    <>
      {data.topMessage.trim() !== '' && (
        <p className={styles.topMessage} data-testid="top-message">
          {topMessageText(data.topMessage, locale)}
        </p>
      )}
      {type === 'maintenance' && <ScheduleTable data={data} />}
      {data.records.length === 0 ? (
        <p className={shared.empty} role="status" data-testid="records-empty">
          {t.empty}
        </p>
      ) : (
        <ul
          className={shared.list}
          part="list"
          aria-label={v.ofPages({ list, page: data.currentPage, total: Math.max(1, data.totalPages) })}
        >
          {data.records.map((record) => (
            <li key={record.id} part="item">
              <RecordArticle
                part="article"
                record={record}
                severities={data.severity}
                statuses={data.statuses}
                timezone={timezone}
                href={postHref(cloudDomain, record.id, apiBase)}
                level={level}
              >
                {row?.(record)}
              </RecordArticle>
            </li>
          ))}
        </ul>
      )}
      <Pagination part="pager" current={data.currentPage} total={data.totalPages} onPage={onPage} label={v.pages({ list })} />
    </>
  )
}

/**
 * The maintenance schedule (docs/requirements/screens.md "regions by days, in UTC"): a table with a caption saying
 * the days are UTC, a column header per day and a row header per region.
 */
function ScheduleTable({ data }: { data: PrivilegedRecordListData }) {
  const t = useMessages(recordsMessages)
  const captionId = useId()
  const table = scheduleTable(data.maintenanceSchedule, useLocale())
  if (!table) return null
  return (
    // The wrapper scrolls sideways on narrow screens; as a labelled, focusable region keyboard
    // users can scroll it too (WCAG 2.1.1).
    // biome-ignore lint/a11y/useSemanticElements: a div keeps the widget's DOM; role=region names the scrolling wrapper as axe's scrollable-region-focusable asks
    <div
      className={styles.scheduleWrap}
      part="schedule"
      role="region"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper scrolls sideways, so keyboard users must be able to focus it (WCAG 2.1.1)
      tabIndex={0}
      data-testid="maintenance-schedule"
    >
      <table className={styles.schedule}>
        <caption className={styles.caption} id={captionId}>
          {t.schedule}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.region}</th>
            {table.days.map((d) => (
              <th key={d.date} scope="col">
                <time dateTime={d.date}>{d.label}</time>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.title}>
              <th scope="row">{row.title}</th>
              {row.cells.map((cell, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells line up with the day columns; the position is the day
                  key={i}
                  className={
                    cell.className === 'scheduled' || cell.className === 'postponed' ? styles.scheduleCell[cell.className] : undefined
                  }
                  data-status={cell.className || undefined}
                >
                  {cell.value || <span className={shared.hidden}>{t.none}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Props of {@link RecordsWidget} (and attributes of `<trust-records>`). */
export interface RecordsWidgetProps extends HostProps {
  /** 'incident' | 'maintenance' | 'advisory'. @default 'incident' */
  type?: string
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** IANA zone overriding the session's (invalid zones are ignored). */
  timezone?: string
}

const LIST_TYPES: readonly string[] = ['incident', 'maintenance', 'advisory']

/**
 * `<trust-records>`'s component: resolves the cloud (attribute or the page's choice) against the
 * global data for its domain, reads the session's time zone, and renders {@link Records}.
 */
export function RecordsWidget({ type, cloud, apiBase = '', timezone }: RecordsWidgetProps) {
  const t = useMessages(recordsMessages)
  const ctx = useWidgetContext(cloud, apiBase, timezone)
  const listType = (type && LIST_TYPES.includes(type) ? type : 'incident') as RecordListType
  if (!ctx.key || ctx.loadingGlobal) {
    return (
      <section className={shared.root} aria-label={t[listType]}>
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </section>
    )
  }
  return <Records type={listType} cloud={ctx.cloud!} cloudDomain={ctx.cloudDomain!} timezone={ctx.timezone} apiBase={trimBase(apiBase)} />
}
