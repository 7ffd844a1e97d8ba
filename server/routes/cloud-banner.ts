/**
 * GET /api/cloud-banner?cloud= — the home page's banner of a cloud (spec §3 Banner, §7).
 * 400 without `cloud`, 404 `unknown_cloud` for a cloud that does not exist.
 */
import { answer, CloudQuery, ERROR_RESPONSES } from '../../contract/common.js'
import { BannerData } from '../../contract/global.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers GET /api/cloud-banner?cloud=: answers `{ data: BannerData }`.
 * Errors: 400 `bad_request` (no `cloud`), 404 `unknown_cloud`.
 */
export function registerCloudBannerRoutes(app: TrustApp, { db }: RouteDeps): void {
  app.get(
    '/api/cloud-banner',
    {
      schema: { querystring: CloudQuery, response: { 200: answer(BannerData), ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE,
    },
    async (request) => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: { title: cloud.banner_title, description: cloud.banner_description } }
    },
  )
}
