/**
 * GET /api/dc_map/{cloud} — the active data centers of a cloud for the map (spec §3 Data center
 * (map), §7). A cloud without data centers answers `status: 'success'` with an empty list (the map
 * then says 'Data is not available for this cloud.'); an unknown cloud answers 404 `unknown_cloud`.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import type { DcMapData } from '../../contract/global.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { activeDataCenters } from '../repo/data-centers.js'
import type { RouteDeps } from './deps.js'

const PARAMS_SCHEMA = {
  type: 'object',
  required: ['cloud'],
  properties: { cloud: { type: 'string', minLength: 1, maxLength: 200 } },
} as const

/**
 * Registers GET /api/dc_map/{cloud}: answers `{ data: { status: 'success', datacenters } }`, active
 * data centers only, coordinates in degrees. Errors: 404 `unknown_cloud`.
 */
export function registerDcMapRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get<{ Params: { cloud: string } }>(
    '/api/dc_map/:cloud',
    { schema: { params: PARAMS_SCHEMA }, config: PUBLIC_SHORT_CACHE },
    async (request): Promise<ApiAnswer<DcMapData>> => {
      const cloud = await requireCloud(db, request.params.cloud)
      return { data: { status: 'success', datacenters: await activeDataCenters(db, cloud.id) } }
    },
  )
}
