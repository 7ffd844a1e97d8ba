export { fetchCalendar, fetchRecordList, malformed, parseCalendarAnswer, parseRecord, parseRecordListAnswer, parseStatuses } from './api'
export type { RecordListQuery } from './api'
export { Calendar, DataCenterSelect } from './Calendar'
export type { CalendarProps, DataCenterSelectProps } from './Calendar'
export { RecordsElement } from './element'
export { Heading, Pagination, RecordArticle, RssBadge, StatusFilter } from './parts'
export type { PaginationProps, RecordArticleProps, StatusFilterProps } from './parts'
export { Records, RecordsWidget } from './Records'
export type { RecordsProps, RecordsWidgetProps } from './Records'
export {
  ADVISORY_CC_TERM,
  addMonths,
  allDataCenterIds,
  CALENDAR_TYPES,
  canGoPreviousMonth,
  dataCenterButtonLabel,
  dayLabel,
  daysInMonth,
  filterDataCenterGroups,
  filtersReducer,
  icsHref,
  INITIAL_FILTERS,
  internalEntries,
  isoDay,
  LIST_HEADINGS,
  LIST_SEGMENTS,
  monthGrid,
  monthLabel,
  monthOf,
  paginationWindow,
  postHref,
  rssFeedHref,
  rssFeedName,
  scheduleDayLabel,
  scheduleTable,
  severityKind,
  statusClassName,
  timeLabels,
  todayIn,
  toggleIds,
  trimBase,
  WEEKDAYS,
} from './model'
export type { FilterAction, GridDay, InternalEntry, MonthView, PageItem, RecordFilters, ScheduleTable, SeverityKind } from './model'
