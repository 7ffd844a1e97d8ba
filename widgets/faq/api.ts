import type { ApiAnswer } from '../../contract/common'
import type { BasicPageData } from '../../contract/content'
import { dataOf, is, request } from '../core/request'

/** True for `{ page_content: { title: string, body: string } }` (contract `BasicPageData`). */
export function isBasicPageData(data: unknown): data is BasicPageData {
  if (!is.object(data) || !is.object(data.page_content)) return false
  const { title, body } = data.page_content
  return is.string(title) && is.string(body)
}

/**
 * `GET /api/basic-page/faq?cloud=` (docs/requirements/calls.md): the FAQ's title and body HTML.
 *
 * @throws ApiError for failures and answers of another shape; the abort error when aborted
 */
export async function fetchFaq(
  cloud: string,
  { apiBase, signal }: { apiBase?: string; signal?: AbortSignal } = {},
): Promise<BasicPageData['page_content']> {
  const answer = await request<ApiAnswer<BasicPageData>>('/api/basic-page/faq', { query: { cloud }, apiBase, signal })
  return dataOf(answer, isBasicPageData).page_content
}
