import type { ApiAnswer } from '../../contract/common'
import type { BannerData } from '../../contract/global'
import { dataOf, is, request } from '../../widgets/core/request'

function isBanner(d: unknown): d is BannerData {
  return is.object(d) && is.string(d.title) && is.string(d.description)
}

/** The path and query of the banner of `cloud` (machine name), as the page data keys it (shell/page-data.ts). */
export function bannerPath(cloud: string): string {
  return `/api/cloud-banner?cloud=${encodeURIComponent(cloud)}`
}

/**
 * The path and query of the first week of `cloud`'s core services (the cloud status page's first
 * answer), as the page data keys it: the server passes it so the page keeps the timeline's
 * height before the widget loads it.
 */
export function coreStatusPath(cloud: string): string {
  return `/api/cloud-status?cloud=${encodeURIComponent(cloud)}&requestType=core_cloud_services&dateOffset=0`
}

/**
 * `GET /api/cloud-banner?cloud=` — the home page's cloud banner (docs/requirements/screens.md#home, docs/requirements/entities.md#banner).
 *
 * @throws ApiError on a failed request or an answer of the wrong shape
 */
export async function fetchBanner(cloud: string, signal?: AbortSignal): Promise<BannerData> {
  return dataOf(await request<ApiAnswer<BannerData>>('/api/cloud-banner', { query: { cloud }, signal }), isBanner)
}
