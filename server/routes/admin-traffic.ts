/**
 * `PUT /api/admin/traffic/{cloud}` — the operator (or the operator's machine) feeds the
 * speedometer's daily counts of one cloud (`contract/traffic.ts`; docs/requirements/screens.md#home).
 *
 * - Session with the permission `catalog` (administrator, trust_admin: `contract/permissions.ts`)
 *   and the session's CSRF header, checked before anything of the request is read: 403
 *   `not_signed_in` / `csrf` / `forbidden` / `not_permitted`.
 * - `{cloud}` is a machine name or domain: 404 `unknown_cloud`.
 * - The body (`PutTrafficBody`: 1–366 days) is checked by `readTrafficBody`, not by the schema's
 *   validator, so each problem is worded with its day and field: 400 `invalid`, nothing written.
 * - Each day is upserted (a day sent again replaces its counts); one audit entry
 *   `traffic.update` per request that changes a day, in the write's transaction.
 * → 200 `{ data: { cloud, received, changed } }`.
 *
 * Being a write under `/api/admin/`, it empties the response cache (`server/http/response-cache.ts`),
 * so `GET /api/speedometer` shows the new figures at once.
 */
import type { FastifyRequest } from 'fastify'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { PutTrafficBody, PutTrafficData, TrafficParams } from '../../contract/traffic.js'
import { requirePermission } from '../admin/authorize.js'
import { HttpError } from '../http/errors.js'
import { requireCloud } from '../repo/clouds.js'
import { readTrafficBody, saveTraffic } from '../repo/traffic.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Registers the route described in the module comment. */
export function registerAdminTrafficRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  app.put(
    '/api/admin/traffic/:cloud',
    {
      schema: { params: TrafficParams, body: PutTrafficBody, response: { 200: answer(PutTrafficData), ...ERROR_RESPONSES } },
      // The schemas document the request; the handler checks it (see the module comment): Ajv
      // would coerce texts to numbers and word its errors by JSON path only.
      validatorCompiler: () => (data) => ({ value: data }),
      preValidation: async (request: FastifyRequest) => {
        requirePermission(request, 'catalog')
      },
    },
    async (request) => {
      const session = requirePermission(request, 'catalog')
      const { cloud } = request.params as { cloud: unknown }
      if (typeof cloud !== 'string' || cloud.length === 0 || cloud.length > 200) {
        throw new HttpError(400, 'invalid', 'Name the cloud in the path: /api/admin/traffic/{machine name or domain}.')
      }
      const row = await requireCloud(db, cloud)
      const at = now()
      const read = readTrafficBody(request.body as unknown, at)
      if ('problems' in read) throw new HttpError(400, 'invalid', read.problems.join(' '))
      const changed = await saveTraffic(
        db,
        [{ cloudId: row.id, machineName: row.machine_name, days: read.days }],
        { actor: { uid: session.uid, name: session.name }, action: 'traffic.update' },
        at,
      )
      return { data: { cloud: row.machine_name, received: read.days.length, changed } }
    },
  )
}
