/**
 * GET /api/cloud-status?cloud=&requestType=&dateOffset=&tz= — one week of the cloud status timeline
 * (docs/requirements/screens.md#cloud-status-page, docs/requirements/entities.md#status-response, docs/requirements/states.md#timeline-paging, docs/requirements/calls.md). Public, readable from
 * any origin without credentials, shared copies at most 10 s old (its current-time marker moves);
 * a signed-in viewer's answer carries their subscribe stars (`subscribed`) and is
 * `private, no-store` (`PUBLIC_NOW_PER_VIEWER`). A verified console token's customer groups add
 * their private rows and records (docs/operating/catalogue.md#private-components).
 */
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { tenantGroupsOf } from '../accounts/console-token.js'
import { CloudStatusData, CloudStatusQuery } from '../../contract/status.js'
import { PUBLIC_NOW_PER_VIEWER } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { cloudStatus } from '../repo/cloud-status.js'
import { storedTargets } from '../subscriptions/repo.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { parseZone } from './records.js'

/**
 * Registers GET /api/cloud-status: answers `{ data: CloudStatusData }` (see `cloudStatus` in
 * `server/repo/cloud-status.ts`). Errors: 400 `bad_request` (no `cloud`, missing or unknown
 * `requestType`, `dateOffset` not an integer in 0…12, `tz` not an IANA time zone), 404 `unknown_cloud`.
 * `tz` (absent or empty: UTC) names the zone whose days the week's seven columns are.
 */
export function registerCloudStatusRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  app.get(
    '/api/cloud-status',
    {
      schema: { querystring: CloudStatusQuery, response: { 200: answer(CloudStatusData), ...ERROR_RESPONSES } },
      config: PUBLIC_NOW_PER_VIEWER,
    },
    async (request) => {
      // `dateOffset` defaults to 0 in the schema; the fallback only satisfies the optional type.
      const { cloud: param, requestType, dateOffset = 0, tz } = request.query
      const zone = parseZone(tz)
      const cloud = await requireCloud(db, param)
      const session = request.userSession
      const stored = session ? await storedTargets(db, session.uid, cloud.id) : undefined
      return { data: await cloudStatus(db, cloud, requestType, dateOffset, now(), stored, zone, tenantGroupsOf(request)) }
    },
  )
}
