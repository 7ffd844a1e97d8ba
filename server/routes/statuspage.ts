/**
 * The Statuspage-compatible status API (docs/statuspage-api.md; `contract/statuspage.ts`, README
 * "Statuspage-compatible API"): Atlassian Statuspage's public API v2 documents, for the whole site
 * and per cloud.
 *
 * - `GET /api/v2/{document}` — the site: every cloud whose status blocks are on, one component
 *   group per cloud; the indicator is the worst of all clouds.
 * - `GET /{cloud}/api/v2/{document}` — one cloud (its domain or machine name): the core services as
 *   one group, the public data centers as one group per region. 404 `unknown_cloud` otherwise.
 * - `GET /api/v2/{document}?cloud={domain or machine name}` — the same one-cloud document at the
 *   site's root path, for clients that only ever ask for `/api/v2/…` of an origin (Atlassian's
 *   status widget keeps the query of its `src` when it replaces the path; docs/embedding.md#embedding-a-widget,
 *   "Atlassian's status widget on one cloud"). An empty `cloud` is the site; an unknown one 404.
 *
 * `{document}` is one of `STATUSPAGE_DOCUMENTS` (`summary.json`, `status.json`, `components.json`,
 * `incidents.json`, `incidents/unresolved.json`, `scheduled-maintenances.json`,
 * `scheduled-maintenances/upcoming.json`, `scheduled-maintenances/active.json`). Answers are the
 * documents as they are (no `{ data }`), serialised through their schemas; public, cached like the
 * other public GETs (S seconds), readable from any origin (CORS `*`), the anonymous view for all.
 */
import Type from 'typebox'
import { ERROR_RESPONSES } from '../../contract/common.js'
import { STATUSPAGE_DOCUMENTS, STATUSPAGE_SCHEMAS } from '../../contract/statuspage.js'
import { documentOrigin } from '../http/origin.js'
import { tenantGroupsOf } from '../accounts/console-token.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { readSiteName } from '../repo/settings.js'
import { statuspageDocument } from '../statuspage/documents.js'
import type { RouteDeps, TrustApp } from './deps.js'

const CloudParams = Type.Object({ cloud: Type.String({ minLength: 1, maxLength: 200 }) })
const CloudQuery = Type.Object({ cloud: Type.Optional(Type.String({ maxLength: 200 })) })

export function registerStatuspageRoutes(app: TrustApp, { db, now, accounts, reminderMinutes }: RouteDeps): void {
  for (const name of STATUSPAGE_DOCUMENTS) {
    const schema = { response: { 200: STATUSPAGE_SCHEMAS[name], ...ERROR_RESPONSES } }
    app.get(`/api/v2/${name}`, { schema: { ...schema, querystring: CloudQuery }, config: PUBLIC_SHORT_CACHE }, async (request) => {
      const param = request.query.cloud?.trim() ?? ''
      return statuspageDocument(db, name, {
        cloud: param === '' ? null : await requireCloud(db, param),
        origin: documentOrigin(request, accounts.publicUrl),
        siteName: await readSiteName(db, accounts.publicUrl),
        now: now(),
        reminderMinutes,
        groups: tenantGroupsOf(request),
      })
    })
    app.get(`/:cloud/api/v2/${name}`, { schema: { ...schema, params: CloudParams }, config: PUBLIC_SHORT_CACHE }, async (request) => {
      const cloud = await requireCloud(db, request.params.cloud)
      return statuspageDocument(db, name, {
        cloud,
        origin: documentOrigin(request, accounts.publicUrl),
        siteName: await readSiteName(db, accounts.publicUrl),
        now: now(),
        reminderMinutes,
        groups: tenantGroupsOf(request),
      })
    })
  }
}
