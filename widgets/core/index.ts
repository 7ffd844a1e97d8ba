export type { ApiAnswer, ApiErrorBody, Flag } from '../../contract/common'
export type {
  BannerData,
  Cloud,
  CloudStatusFlags,
  DcMapData,
  Gauge,
  GlobalData,
  MapDataCenter,
  Menu,
  MenuItem,
  MenuRoute,
  Product,
  SiteLinks,
  SpeedometerData,
  Sso,
} from '../../contract/global'
export type {
  CloudStatusData,
  CloudStatusRequestType,
  StatusCategory,
  StatusCount,
  StatusIssue,
  StatusItem,
  StatusSeverity,
} from '../../contract/status'
export {
  $cloud,
  $cloudName,
  chooseCloud,
  cloudFromPath,
  cloudHomePath,
  defaultPagePath,
  domainFromQuery,
  selectCloud,
  selectCloudFromPage,
} from './cloud'
export type { CloudChoiceInput } from './cloud'
export { COOKIE, COOKIE_MAX_AGE_S, readCookie, removeCookie, writeCookie } from './cookies'
export { createWidgetElement, defineElement, TrustEvent } from './element'
export type { HostProps, WidgetElement, WidgetElementClass, WidgetElementOptions } from './element'
export { SignInRequiredEvent, signInPath } from './events'
export type { SignInRequiredDetail } from './events'
export { $global, globalResourceState, loadGlobal } from './global'
export type { GlobalState } from './global'
export { ANSWER_KEY_PREFIX, ANSWER_LIMITS, readAnswer, storeAnswer } from './answer-store'
export type { StoredAnswer } from './answer-store'
export { $staleAnswers, clearStaleAnswers, createLiveFetch, installLiveFetch, liveNoticeText, staleAsOf } from './live'
export type { LiveFetchOptions } from './live'
export { LiveNotice } from './LiveNotice'
export type { LiveNoticeProps } from './LiveNotice'
export { useCloudKey, useGlobal, useResource, useTimezone } from './react'
export { redirectFromRecord, safeRedirectPath } from './redirect'
export { ApiError, apiUrl, dataOf, is, isAcceptedStatus, request } from './request'
export type { NetHook, RequestOptions } from './request'
export { createResource, errorMessage } from './resource'
export type { Resource, ResourceState } from './resource'
export { sanitizeHtml } from './sanitize'
export { parseFreshness, STALE_GRACE_S, staleSince } from './staleness'
export type { Freshness } from './staleness'
export { isSafeUrl, safeHtml } from './safe-html'
export { $session, isTimeZone, setTimezone } from './session'
export type { SessionState } from './session'
export { shared } from './shared'
export { $toast, showToast, TOAST_MS } from './toast'
export type { Toast } from './toast'
export { formatClock, formatTimestamp, toDate } from './time'
export type { TimeInput } from './time'
export { widgetCss } from './widget-css'
export { LoadState } from './ui'
export type { LoadStateProps } from './ui'
