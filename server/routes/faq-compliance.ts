/**
 * GET /api/basic-page/faq?cloud= and GET /api/compliance?cloud= (docs/requirements/screens.md#faq, Compliance; docs/requirements/calls.md).
 * Public, cacheable 30 s, CORS `*` like the other public reads.
 */
import { BasicPageData, ComplianceData } from '../../contract/content.js'
import { notFound } from '../http/errors.js'
import { findBasicPage, findCompliance } from '../repo/faq-compliance.js'
import { getCloudRead } from './cloud-param.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * Registers
 * - GET /api/basic-page/faq?cloud= → `{ data: BasicPageData }`; 404 `unknown_cloud`, 404 `not_found` without a page.
 * - GET /api/compliance?cloud= → `{ data: ComplianceData }`; 404 `unknown_cloud`.
 * Both: 400 `bad_request` without `cloud`.
 */
export function registerFaqComplianceRoutes(app: TrustApp, { db }: RouteDeps): void {
  getCloudRead(app, db, '/api/basic-page/faq', BasicPageData, async (cloud) => {
    const page = await findBasicPage(db, 'faq', cloud.id)
    if (!page) throw notFound('This cloud has no FAQ.')
    return page
  })

  getCloudRead(app, db, '/api/compliance', ComplianceData, (cloud) => findCompliance(db, cloud.id))
}
