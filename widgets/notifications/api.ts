import type { ApiAnswer } from '../../contract/common'
import type { NotificationListData, NotificationType, PrivilegedNotificationListData } from '../../contract/records'
import { is, request } from '../core/request'
import { malformed, parseRecord, parseStatuses } from '../record-view/api'
import { sendsCloud } from './model'

/**
 * Checks a `GET /api/notifications` answer (contract `NotificationListData`, docs/requirements/entities.md
 * Notification list; a privileged viewer's records carry internal-use fields,
 * `PrivilegedNotificationListData`): records, statuses, a zero-based `currentPage` ≥ 0 and
 * `totalPages` ≥ 0.
 *
 * @throws ApiError (status 0, 'Malformed answer') naming the first field of the wrong shape
 */
export function parseNotificationListAnswer(answer: unknown): PrivilegedNotificationListData {
  const data = is.object(answer) ? answer.data : undefined
  if (!is.object(data)) throw malformed('no data object')
  if (!is.array(data.records)) throw malformed('records is not a list')
  if (!is.number(data.currentPage) || data.currentPage < 0 || !is.number(data.totalPages) || data.totalPages < 0) {
    throw malformed('currentPage/totalPages')
  }
  return {
    records: data.records.map((r, i) => parseRecord(r, `records[${i}]`)),
    currentPage: data.currentPage,
    totalPages: data.totalPages,
    statuses: parseStatuses(data.statuses ?? []),
  }
}

/** Options of {@link fetchNotifications}. */
export interface NotificationListQuery {
  type: NotificationType
  /** Cloud machine name; sent only for `cloud_app`. */
  cloud?: string
  /** `RecordStatus.id`; '' = all statuses. */
  status?: string
  /** ZERO-based page (`0` is the first). @default 0 */
  page?: number
  apiBase?: string
  signal?: AbortSignal
}

/**
 * `GET /api/notifications?notification_type=&category=&page=&cloud=` — one page of a
 * notification list (docs/requirements/calls.md). Pages are zero-based; `cloud` goes only with `cloud_app`.
 *
 * @throws ApiError on a failed request or an answer of the wrong shape; the abort error when aborted
 */
export async function fetchNotifications(q: NotificationListQuery): Promise<PrivilegedNotificationListData> {
  const answer = await request<ApiAnswer<NotificationListData>>('/api/notifications', {
    query: {
      notification_type: q.type,
      category: q.status || undefined,
      page: q.page ?? 0,
      cloud: sendsCloud(q.type) ? q.cloud : undefined,
    },
    apiBase: q.apiBase,
    signal: q.signal,
  })
  return parseNotificationListAnswer(answer)
}
