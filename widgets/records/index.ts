// `trust-site-kit/records`: the public surface (side-effect free; `./define` registers the tag).
export type { CalendarData, PrivilegedRecordListData, RecordListData, RecordListType } from '../../contract/records'
export { fetchCalendar, fetchRecordList } from './api'
export type { RecordListQuery } from './api'
export { RecordsElement } from './element'
export { Records, RecordsWidget } from './Records'
export type { RecordsProps, RecordsWidgetProps } from './Records'
export type { RecordFilters } from '../record-view/model'
