/**
 * GET /api/speedometer?cloud= — three gauges from the cloud's daily traffic (spec §2 Home; the
 * shape is this project's, see `SpeedometerData`). 400 without `cloud`, 404 `unknown_cloud`.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import type { SpeedometerData } from '../../contract/global.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { speedometer } from '../repo/traffic.js'
import { CLOUD_QUERY_SCHEMA, type CloudQuery, type RouteDeps } from './deps.js'

/**
 * Registers GET /api/speedometer?cloud=: answers `{ data: { gauges } }` with daily counts (see
 * `speedometer` in `server/repo/traffic.ts`). Errors: 400 `bad_request`, 404 `unknown_cloud`.
 */
export function registerSpeedometerRoutes(app: FastifyInstance, { db, now }: RouteDeps): void {
  app.get<{ Querystring: CloudQuery }>(
    '/api/speedometer',
    { schema: { querystring: CLOUD_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE },
    async (request): Promise<ApiAnswer<SpeedometerData>> => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await speedometer(db, cloud.id, now()) }
    },
  )
}
