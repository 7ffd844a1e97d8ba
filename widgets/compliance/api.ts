import type { ApiAnswer } from '../../contract/common'
import type { ComplianceData } from '../../contract/content'
import { dataOf, is, request } from '../core/request'

/** True for `{ page_top: string, page_content: [{ description: string, date: string }] }` (contract `ComplianceData`). */
export function isComplianceData(data: unknown): data is ComplianceData {
  return (
    is.object(data) &&
    is.string(data.page_top) &&
    is.array(data.page_content) &&
    data.page_content.every((row) => is.object(row) && is.string(row.description) && is.string(row.date))
  )
}

/**
 * `GET /api/compliance?cloud=` (docs/requirements/calls.md): the page top HTML and the rows.
 *
 * @throws ApiError for failures and answers of another shape; the abort error when aborted
 */
export async function fetchCompliance(
  cloud: string,
  { apiBase, signal }: { apiBase?: string; signal?: AbortSignal } = {},
): Promise<ComplianceData> {
  const answer = await request<ApiAnswer<ComplianceData>>('/api/compliance', { query: { cloud }, apiBase, signal })
  return dataOf(answer, isComplianceData)
}
