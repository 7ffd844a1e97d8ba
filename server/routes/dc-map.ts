/**
 * GET /api/dc_map/{cloud} — the active data centers of a cloud for the map (spec §3 Data center
 * (map), §7). A cloud without data centers answers `status: 'success'` with an empty list (the map
 * then says 'Data is not available for this cloud.'); an unknown cloud answers 404 `unknown_cloud`.
 */
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { DcMapData, DcMapParams } from '../../contract/global.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { activeDataCenters } from '../repo/data-centers.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers GET /api/dc_map/{cloud}: answers `{ data: { status: 'success' as const, datacenters } }`, active
 * data centers only, coordinates in degrees. Errors: 404 `unknown_cloud`.
 */
export function registerDcMapRoutes(app: TrustApp, { db }: RouteDeps): void {
  app.get(
    '/api/dc_map/:cloud',
    {
      schema: { params: DcMapParams, response: { 200: answer(DcMapData), ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE,
    },
    async (request) => {
      const cloud = await requireCloud(db, request.params.cloud)
      return { data: { status: 'success' as const, datacenters: await activeDataCenters(db, cloud.id) } }
    },
  )
}
