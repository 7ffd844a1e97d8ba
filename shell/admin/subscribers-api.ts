import type { SubscriberImportData, SubscriberImportProblem } from '../../contract/subscribers'
import { COOKIE, readCookie } from '../../widgets/core/cookies'
import { ApiError, is } from '../../widgets/core/request'

/**
 * The subscriber calls of the console (`contract/subscribers.ts`). The import is sent with
 * `fetch` rather than the kit's `request`, whose errors carry no body: a 422 answer lists the bad
 * rows, and the screen shows each.
 */

/** `GET` of the export (a download: the session cookie is enough). */
export const EXPORT_PATH = '/api/admin/subscribers/export'

/**
 * What an import came to: done, bad rows (nothing imported), or a failure with its status, the
 * server's sentence and code (`error` as the console's other calls fail, for `consoleErrorText`).
 */
export type ImportResult =
  | { kind: 'done'; data: SubscriberImportData }
  | { kind: 'rows'; rows: SubscriberImportProblem[] }
  | { kind: 'failed'; status: number; error: ApiError }

function isImportData(d: unknown): d is SubscriberImportData {
  return is.object(d) && is.number(d.invited) && is.number(d.rows) && is.number(d.already_invited)
}

function isProblem(d: unknown): d is SubscriberImportProblem {
  return is.object(d) && is.number(d.line) && is.number(d.row) && is.string(d.reason)
}

/** `POST /api/admin/subscribers/import {csv}` with the session's CSRF header; never throws. */
export async function importSubscribers(csv: string): Promise<ImportResult> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' }
  const csrf = readCookie(COOKIE.csrfToken)
  if (csrf) headers['X-CSRF-Token'] = csrf
  let response: Response
  try {
    response = await fetch('/api/admin/subscribers/import', {
      method: 'POST',
      headers,
      body: JSON.stringify({ csv }),
      credentials: 'include',
    })
  } catch {
    return { kind: 'failed', status: 0, error: new ApiError('The service could not be reached.', 0, 'Network error') }
  }
  let parsed: unknown
  try {
    parsed = await response.json()
  } catch {
    parsed = undefined
  }
  const answer = is.object(parsed) ? parsed : {}
  if (response.ok && isImportData(answer.data)) return { kind: 'done', data: answer.data }
  const error = is.object(answer.error) ? answer.error : {}
  if (response.status === 422 && is.array(error.rows) && error.rows.every(isProblem)) return { kind: 'rows', rows: error.rows }
  const message = is.string(error.message) ? error.message : response.statusText || `HTTP ${response.status}`
  const code = is.string(error.code) ? error.code : undefined
  return { kind: 'failed', status: response.status, error: new ApiError(message, response.status, response.statusText, code) }
}
