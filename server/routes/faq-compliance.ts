/**
 * GET /api/basic-page/faq?cloud= and GET /api/compliance?cloud= (spec §2 FAQ, Compliance; §7).
 * Public, cacheable 30 s, CORS `*` like the other public reads.
 */
import { answer, CloudQuery, ERROR_RESPONSES } from '../../contract/common.js'
import { BasicPageData, ComplianceData } from '../../contract/content.js'
import { notFound } from '../http/errors.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { findBasicPage, findCompliance } from '../repo/faq-compliance.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers
 * - GET /api/basic-page/faq?cloud= → `{ data: BasicPageData }`; 404 `unknown_cloud`, 404 `not_found` without a page.
 * - GET /api/compliance?cloud= → `{ data: ComplianceData }`; 404 `unknown_cloud`.
 * Both: 400 `bad_request` without `cloud`.
 */
export function registerFaqComplianceRoutes(app: TrustApp, { db }: RouteDeps): void {
  app.get(
    '/api/basic-page/faq',
    {
      schema: { querystring: CloudQuery, response: { 200: answer(BasicPageData), ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE,
    },
    async (request) => {
      const cloud = await requireCloud(db, request.query.cloud)
      const page = await findBasicPage(db, 'faq', cloud.id)
      if (!page) throw notFound('This cloud has no FAQ.')
      return { data: page }
    },
  )

  app.get(
    '/api/compliance',
    {
      schema: { querystring: CloudQuery, response: { 200: answer(ComplianceData), ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE,
    },
    async (request) => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await findCompliance(db, cloud.id) }
    },
  )
}
