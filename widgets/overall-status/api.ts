import { dataOf, is, request } from '../core/request'
import { isStatuspageStatus, type OverallStatus, pageUrl } from './model'

/**
 * `GET /{cloud}/api/v2/status.json`, or `GET /api/v2/status.json` for the whole site when
 * `cloud` is `null` — the overall status line from the same derivation as the
 * Statuspage-compatible API (docs/statuspage-api.md#statuspage-compatible-api).
 *
 * @param cloud a cloud's machine name or domain, or `null` for the whole site
 * @param options `apiBase`: origin of the trust site when embedded elsewhere; `signal` aborts
 * @throws ApiError on a failed request (404 `unknown_cloud` for an unknown cloud) or an answer of
 *   the wrong shape
 */
export async function fetchOverallStatus(
  cloud: string | null,
  options: { apiBase?: string; signal?: AbortSignal } = {},
): Promise<OverallStatus> {
  const path = cloud === null ? '/api/v2/status.json' : `/${encodeURIComponent(cloud)}/api/v2/status.json`
  const answer = await request<unknown>(path, options)
  const status = is.object(answer) ? answer.status : undefined
  const line = dataOf({ data: status }, isStatuspageStatus)
  return { indicator: line.indicator, description: line.description, url: is.object(answer) ? pageUrl(answer.page) : '' }
}
