import { dataOf, is, type RequestOptions, request } from '../core/request'
import { isStatuspageStatus, narrowedStatus, type OverallStatus, pageUrl } from './model'

/**
 * `GET /{cloud}/api/v2/status.json`, or `GET /api/v2/status.json` for the whole site when
 * `cloud` is `null` — the overall status line from the same derivation as the
 * Statuspage-compatible API (docs/statuspage-api.md#statuspage-compatible-api).
 *
 * Narrowed to some rows of a cloud (`services` or `datacenters` given), the line is computed from
 * those rows of `GET /{cloud}/api/v2/components.json` instead (`narrowedStatus`).
 *
 * @param cloud a cloud's machine name or domain, or `null` for the whole site
 * @param options `apiBase`: origin of the trust site when embedded elsewhere; `signal` aborts;
 *   `services`, `datacenters`: the narrowing lists (widgets/core/narrow.ts `narrowList`), for a cloud only
 * @throws ApiError on a failed request (404 `unknown_cloud` for an unknown cloud) or an answer of
 *   the wrong shape
 */
export async function fetchOverallStatus(
  cloud: string | null,
  options: RequestOptions & { services?: readonly string[]; datacenters?: readonly string[] } = {},
): Promise<OverallStatus> {
  const { services, datacenters } = options
  const narrowed = cloud !== null && !!(services || datacenters)
  const path = cloud === null ? '/api/v2/status.json' : `/${encodeURIComponent(cloud)}/api/v2/${narrowed ? 'components' : 'status'}.json`
  const answer = await request<unknown>(path, options)
  const status = is.object(answer) ? (narrowed ? narrowedStatus(answer.components, services, datacenters) : answer.status) : undefined
  const line = dataOf({ data: status }, isStatuspageStatus)
  return { indicator: line.indicator, description: line.description, url: is.object(answer) ? pageUrl(answer.page) : '' }
}
