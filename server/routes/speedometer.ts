/**
 * GET /api/speedometer?cloud= — three gauges from the cloud's daily traffic (spec §2 Home; the
 * shape is this project's, see `SpeedometerData`), fed by the operator
 * (`server/routes/admin-traffic.ts`, `npm run traffic -- import`). 400 without `cloud`, 404
 * `unknown_cloud`.
 */
import { answer, CloudQuery, ERROR_RESPONSES } from '../../contract/common.js'
import { SpeedometerData } from '../../contract/global.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { speedometer } from '../repo/traffic.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers GET /api/speedometer?cloud=: answers `{ data: { has_data, gauges } }` with daily counts
 * (see `speedometer` in `server/repo/traffic.ts`); `has_data` is false while the cloud has no
 * figures. Errors: 400 `bad_request`, 404 `unknown_cloud`.
 */
export function registerSpeedometerRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  app.get(
    '/api/speedometer',
    {
      schema: { querystring: CloudQuery, response: { 200: answer(SpeedometerData), ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE,
    },
    async (request) => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await speedometer(db, cloud.id, now()) }
    },
  )
}
