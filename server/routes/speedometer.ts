/**
 * GET /api/speedometer?cloud= — three gauges from the cloud's daily traffic (docs/requirements/screens.md#home; the
 * shape is this project's, see `SpeedometerData`), fed by the operator
 * (`server/routes/admin-traffic.ts`, `npm run traffic -- import`). 400 without `cloud`, 404
 * `unknown_cloud`.
 */
import { SpeedometerData } from '../../contract/global.js'
import { speedometer } from '../repo/traffic.js'
import { getCloudRead } from './cloud-param.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers GET /api/speedometer?cloud=: answers `{ data: { has_data, gauges } }` with daily counts
 * (see `speedometer` in `server/repo/traffic.ts`); `has_data` is false while the cloud has no
 * figures. Errors: 400 `bad_request`, 404 `unknown_cloud`.
 */
export function registerSpeedometerRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  getCloudRead(app, db, '/api/speedometer', SpeedometerData, (cloud) => speedometer(db, cloud.id, now()))
}
