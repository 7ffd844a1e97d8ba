/**
 * GET /api/basic-page/faq?cloud= and GET /api/compliance?cloud= (spec §2 FAQ, Compliance; §7).
 * Public, cacheable 30 s, CORS `*` like the other public reads.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import type { BasicPageData, ComplianceData } from '../../contract/content.js'
import { notFound } from '../http/errors.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { findBasicPage, findCompliance } from '../repo/faq-compliance.js'
import { CLOUD_QUERY_SCHEMA, type CloudQuery, type RouteDeps } from './deps.js'

/**
 * Registers
 * - GET /api/basic-page/faq?cloud= → `{ data: BasicPageData }`; 404 `unknown_cloud`, 404 `not_found` without a page.
 * - GET /api/compliance?cloud= → `{ data: ComplianceData }`; 404 `unknown_cloud`.
 * Both: 400 `bad_request` without `cloud`.
 */
export function registerFaqComplianceRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get<{ Querystring: CloudQuery }>(
    '/api/basic-page/faq',
    { schema: { querystring: CLOUD_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE },
    async (request): Promise<ApiAnswer<BasicPageData>> => {
      const cloud = await requireCloud(db, request.query.cloud)
      const page = await findBasicPage(db, 'faq', cloud.id)
      if (!page) throw notFound('This cloud has no FAQ.')
      return { data: page }
    },
  )

  app.get<{ Querystring: CloudQuery }>(
    '/api/compliance',
    { schema: { querystring: CLOUD_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE },
    async (request): Promise<ApiAnswer<ComplianceData>> => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await findCompliance(db, cloud.id) }
    },
  )
}
