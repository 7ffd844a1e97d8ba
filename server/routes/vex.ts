/**
 * The public VEX answer (docs/operating/security-advisories.md#the-public-pages; `contract/vex.ts`):
 *
 * - `GET /api/vex?cloud=&cve=` → `{ data: VexData }`: every CVE the cloud's advisories make VEX
 *   statements about, with per product its status and justification; `cve` narrows it to one.
 *   Errors: 400 `bad_request` (no `cloud`; `cve` not a CVE id), 404 `unknown_cloud`.
 *
 * Public and cacheable like the record lists (30 s), readable from any origin without credentials.
 */
import { isCveId } from '../../contract/advisories.js'
import { ERROR_RESPONSES } from '../../contract/common.js'
import { VexAnswer, VexQuery } from '../../contract/vex.js'
import { badRequest } from '../http/errors.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { vexStatements } from '../repo/vex.js'
import type { RouteDeps, TrustApp } from './deps.js'

/**
 * The `cve` parameter: a CVE id in any case, upper-cased; absent or empty = every CVE.
 * @throws HttpError 400 `bad_request` for anything else.
 */
export function parseCve(cve: string | undefined): string | undefined {
  const value = (cve ?? '').trim().toUpperCase()
  if (value === '') return undefined
  if (!isCveId(value)) {
    throw badRequest(
      `cve must be a CVE id written CVE-YYYY-NNNN (four or more digits), e.g. CVE-2021-44228, not ${JSON.stringify(value.slice(0, 40))}.`,
    )
  }
  return value
}

/** Registers `GET /api/vex`. */
export function registerVexRoutes(app: TrustApp, { db }: RouteDeps): void {
  app.get(
    '/api/vex',
    { schema: { querystring: VexQuery, response: { 200: VexAnswer, ...ERROR_RESPONSES } }, config: PUBLIC_SHORT_CACHE },
    async (request) => {
      const cve = parseCve(request.query.cve)
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await vexStatements(db, cloud, cve) }
    },
  )
}
