export { fetchCloudStatus, parseCloudStatusAnswer, subscribeStar } from './api'
export type { CloudStatusQuery } from './api'
export {
  CloudStatus,
  CloudStatusWidget,
  Legend,
  MODAL_REFRESH_DELAY_MS,
  POPOVER_CLOSE_DELAY_MS,
  SignInRequiredEvent,
} from './CloudStatus'
export type { CloudStatusProps, CloudStatusWidgetProps, SignInRequiredDetail } from './CloudStatus'
export { CloudStatusElement } from './element'
export {
  barGeometry,
  barKind,
  barLabel,
  canGoNext,
  canGoPrevious,
  dayHeaders,
  INITIAL_PAGING,
  isLive,
  layoutRow,
  legendEntries,
  MIN_BAR_PERCENT,
  moveFocus,
  nowPercent,
  pagingReducer,
  severityName,
  timelineRows,
  weekRangeLabel,
} from './model'
export type {
  BarGeometry,
  BarKind,
  BarPosition,
  DataCenterTab,
  DayHeader,
  LegendEntry,
  LegendOptions,
  PagingAction,
  PagingState,
  PlacedBar,
  RowLayout,
  TimelineRow,
} from './model'
