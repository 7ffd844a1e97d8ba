/**
 * GET /api/cloud-banner?cloud= — the home page's banner of a cloud (docs/requirements/entities.md#banner, docs/requirements/calls.md).
 * 400 without `cloud`, 404 `unknown_cloud` for a cloud that does not exist.
 */
import { BannerData } from '../../contract/global.js'
import { getCloudRead } from './cloud-param.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers GET /api/cloud-banner?cloud=: answers `{ data: BannerData }`.
 * Errors: 400 `bad_request` (no `cloud`), 404 `unknown_cloud`.
 */
export function registerCloudBannerRoutes(app: TrustApp, { db }: RouteDeps): void {
  getCloudRead(app, db, '/api/cloud-banner', BannerData, async (cloud) => ({
    title: cloud.banner_title,
    description: cloud.banner_description,
  }))
}
