import type { ApiAnswer } from '../../contract/common'
import type { PostData, PrivilegedPostData, RecordUpdate } from '../../contract/records'
import { ApiError, is, request } from '../core/request'
import { parseRecord, parseSeverity, parseStatuses } from '../record-view/api'

/** Which endpoint a post comes from: a record post or a notification (docs/requirements/screens.md#route-table). */
export type PostKind = 'post' | 'notification'

/**
 * What a post load ends with: the record, or one of the two not-found cases (docs/requirements/screens.md#single-post,
 * docs/requirements/errors.md), whose messages the view shows in its locale: `not_on_cloud` 'Post not available on this
 * cloud.', `not_found` 'No records found.'.
 */
export type PostResult = { kind: 'record'; record: PrivilegedPostData } | { kind: 'missing'; code: 'not_found' | 'not_on_cloud' }

/**
 * Checks a post answer (contract `PostData`; a privileged viewer's carries internal-use fields,
 * `PrivilegedPostData`): a record plus its `severity` and `statusDetail` (defaults when absent),
 * an optional string `url_redirect` and an optional `postmortem` (left out unless whole).
 *
 * @throws ApiError (status 0, 'Malformed answer')
 */
export function parsePostAnswer(answer: unknown): PrivilegedPostData {
  const data = is.object(answer) ? answer.data : undefined
  const base = parseRecord(data, 'post')
  const raw = data as Record<string, unknown>
  // A missing severity/status detail only costs the badge's name and icon; a malformed one
  // is a malformed answer like any other field.
  const [severity] = is.object(raw.severity) ? parseSeverity([raw.severity]) : []
  const [statusDetail] = is.object(raw.statusDetail) ? parseStatuses([raw.statusDetail]) : []
  const record: PrivilegedPostData = {
    ...base,
    severity: severity ?? null,
    statusDetail: statusDetail ?? { id: base.statusId, name: base.status, class: '', icon: '' },
  }
  const redirect = raw.url_redirect
  if (is.string(redirect) && redirect.trim() !== '') record.url_redirect = redirect
  const updates = parseUpdates(raw.updates)
  if (updates) record.updates = updates
  // Checked by the page that shows it (the site's advisory view); passed on as sent.
  if (is.object(raw.advisory)) record.advisory = raw.advisory as PrivilegedPostData['advisory']
  const postmortem = raw.postmortem
  // A postmortem that is not whole is left out; the post shows without it.
  if (
    is.object(postmortem) &&
    is.string(postmortem.html) &&
    is.string(postmortem.published_at) &&
    !Number.isNaN(Date.parse(postmortem.published_at)) &&
    is.string(postmortem.updated_at)
  ) {
    record.postmortem = { html: postmortem.html, published_at: postmortem.published_at, updated_at: postmortem.updated_at }
  }
  return record
}

/**
 * Checks a post's update history (contract `RecordUpdate`, `TrustRecord.updates`) without ever
 * failing the post: anything but a list is `undefined` (no history), and an entry without a
 * string `at` (a readable instant) and `status` is left out. `text` (server HTML, sanitised when
 * rendered) defaults to `''`, `statusClass` to `''`, `resolved` is true only when it is `true`.
 * Order is kept (the server sends newest first; the view sorts again).
 */
export function parseUpdates(raw: unknown): RecordUpdate[] | undefined {
  if (!is.array(raw)) return undefined
  const updates: RecordUpdate[] = []
  for (const u of raw) {
    if (!is.object(u) || !is.string(u.at) || Number.isNaN(Date.parse(u.at)) || !is.string(u.status)) continue
    updates.push({
      at: u.at,
      status: u.status,
      statusClass: is.string(u.statusClass) ? u.statusClass : '',
      text: is.string(u.text) ? u.text : '',
      resolved: u.resolved === true,
    })
  }
  return updates
}

/** Options of {@link fetchPost}. */
export interface PostQuery {
  kind: PostKind
  /** Record id (digits). */
  id: string | number
  /** Cloud machine name. */
  cloud: string
  apiBase?: string
  signal?: AbortSignal
}

/**
 * `GET /api/posts/{id}?cloud=` or `GET /api/notification/{id}/{cloud}` (docs/requirements/calls.md). A 404 with code
 * `not_on_cloud` resolves to the missing case `not_on_cloud` ('Post not available on this
 * cloud.'); any other 404 (`not_found`, `unknown_cloud`) to `not_found` ('No records found.').
 *
 * @throws ApiError for other failures and malformed answers; the abort error when aborted
 */
export async function fetchPost({ kind, id, cloud, apiBase, signal }: PostQuery): Promise<PostResult> {
  const safeId = encodeURIComponent(String(id))
  const path = kind === 'post' ? `/api/posts/${safeId}` : `/api/notification/${safeId}/${encodeURIComponent(cloud)}`
  try {
    const answer = await request<ApiAnswer<PostData>>(path, { query: kind === 'post' ? { cloud } : undefined, apiBase, signal })
    return { kind: 'record', record: parsePostAnswer(answer) }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { kind: 'missing', code: error.code === 'not_on_cloud' ? 'not_on_cloud' : 'not_found' }
    }
    throw error
  }
}
