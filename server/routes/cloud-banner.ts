/**
 * GET /api/cloud-banner?cloud= — the home page's banner of a cloud (spec §3 Banner, §7).
 * 400 without `cloud`, 404 `unknown_cloud` for a cloud that does not exist.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import type { BannerData } from '../../contract/global.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { CLOUD_QUERY_SCHEMA, type CloudQuery, type RouteDeps } from './deps.js'

/**
 * Registers GET /api/cloud-banner?cloud=: answers `{ data: BannerData }`.
 * Errors: 400 `bad_request` (no `cloud`), 404 `unknown_cloud`.
 */
export function registerCloudBannerRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get<{ Querystring: CloudQuery }>(
    '/api/cloud-banner',
    { schema: { querystring: CLOUD_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE },
    async (request): Promise<ApiAnswer<BannerData>> => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: { title: cloud.banner_title, description: cloud.banner_description } }
    },
  )
}
