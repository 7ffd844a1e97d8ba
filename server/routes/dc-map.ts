/**
 * GET /api/dc_map/{cloud} — the active data centers of a cloud for the map (docs/requirements/entities.md#data-center
 * (map), docs/requirements/calls.md). A cloud without data centers answers `status: 'success'` with an empty list (the map
 * then says 'Data is not available for this cloud.'); an unknown cloud answers 404 `unknown_cloud`.
 */
import { DcMapData, DcMapParams } from '../../contract/global.js'
import { tenantGroupsOf } from '../accounts/console-token.js'
import { activeDataCenters } from '../repo/data-centers.js'
import { getCloudRead } from './cloud-param.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers GET /api/dc_map/{cloud}: answers `{ data: { status: 'success' as const, datacenters } }`, active
 * data centers only, coordinates in degrees; private ones only for a console token of one of their
 * customer groups (docs/operating/catalogue.md#private-components). Errors: 404 `unknown_cloud`.
 */
export function registerDcMapRoutes(app: TrustApp, { db }: RouteDeps): void {
  getCloudRead(
    app,
    db,
    '/api/dc_map/:cloud',
    DcMapData,
    async (cloud, request) => ({
      status: 'success' as const,
      datacenters: await activeDataCenters(db, cloud.id, tenantGroupsOf(request)),
    }),
    { params: DcMapParams },
  )
}
