/**
 * GET /api/cloud-status?cloud=&requestType=&dateOffset= — one week of the cloud status timeline
 * (spec §2 Cloud status page, §3 Status response, §4 Timeline paging, §7). Public and cacheable
 * for 30 s, readable from any origin without credentials; a signed-in viewer's answer carries their
 * subscribe stars (`subscribed`) and is `private, no-store` (`PUBLIC_SHORT_CACHE_PER_VIEWER`).
 */
import type { FastifyInstance } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import { MAX_WEEK_OFFSET } from '../../contract/constants.js'
import type { CloudStatusData, CloudStatusRequestType } from '../../contract/status.js'
import { PUBLIC_SHORT_CACHE_PER_VIEWER } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { cloudStatus } from '../repo/cloud-status.js'
import { storedTargets } from '../subscriptions/repo.js'
import type { RouteDeps } from './deps.js'

/** The request types of the contract (`CloudStatusRequestType`). */
export const REQUEST_TYPES: readonly CloudStatusRequestType[] = ['core_cloud_services', 'public', 'premium']

/** The query string of GET /api/cloud-status. */
export interface CloudStatusQuery {
  cloud: string
  requestType: CloudStatusRequestType
  /** Whole weeks back, 0…12; default 0. */
  dateOffset: number
}

const QUERY_SCHEMA = {
  type: 'object',
  required: ['cloud', 'requestType'],
  properties: {
    cloud: { type: 'string', minLength: 1, maxLength: 200 },
    requestType: { type: 'string', enum: REQUEST_TYPES },
    dateOffset: { type: 'integer', minimum: 0, maximum: MAX_WEEK_OFFSET, default: 0 },
  },
} as const

/**
 * Registers GET /api/cloud-status: answers `{ data: CloudStatusData }` (see `cloudStatus` in
 * `server/repo/cloud-status.ts`). Errors: 400 `bad_request` (no `cloud`, missing or unknown
 * `requestType`, `dateOffset` not an integer in 0…12), 404 `unknown_cloud`.
 */
export function registerCloudStatusRoutes(app: FastifyInstance, { db, now }: RouteDeps): void {
  app.get<{ Querystring: CloudStatusQuery }>(
    '/api/cloud-status',
    { schema: { querystring: QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE_PER_VIEWER },
    async (request): Promise<ApiAnswer<CloudStatusData>> => {
      const { cloud: param, requestType, dateOffset } = request.query
      const cloud = await requireCloud(db, param)
      const session = request.userSession
      const stored = session ? await storedTargets(db, session.uid, cloud.id) : undefined
      return { data: await cloudStatus(db, cloud, requestType, dateOffset, now(), stored) }
    },
  )
}
