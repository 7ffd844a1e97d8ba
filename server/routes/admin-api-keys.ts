/**
 * API key management in the console (docs/operating/api-keys.md; shapes in `contract/api-keys.ts`).
 * Session routes only, permission `staff` (the administrators: a key carries a role, as a staff
 * account does); a request with an API key and no session gets 403 `not_signed_in` — a key can
 * never make or list keys.
 *
 * - `GET /api/admin/api-keys` → `{ data: ApiKeysData }` (never the keys themselves).
 * - `POST /api/admin/api-keys` (`CreateApiKeyBody`, CSRF) → `{ data: CreatedApiKeyData }`: the key,
 *   shown this once. 400 `invalid` names the field (an unknown cloud, a role or lifetime not offered).
 * - `POST /api/admin/api-keys/{id}/revoke` (CSRF) → `{ data: ApiKeySummary }`: the key stops
 *   working with the next request; 404 `not_found`.
 *
 * Both changes go to the audit log (`api_key.create`, `api_key.revoke`) with the key's name and prefix.
 */
import Type from 'typebox'
import { ApiKeyIdParams, ApiKeysData, ApiKeySummary, CreateApiKeyBody, CreatedApiKeyData } from '../../contract/api-keys.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { createApiKey, listApiKeys, revokeApiKey } from '../accounts/api-keys.js'
import { recordAudit } from '../admin/audit.js'
import { permissionFirst, requirePermission } from '../admin/authorize.js'
import { HttpError, notFound } from '../http/errors.js'
import { findCloud } from '../repo/clouds.js'
import { schemaErrorFormatter } from './admin-catalog.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Registers the routes described above. */
export function registerAdminApiKeyRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  const nowMs = () => now().getTime()

  app.get(
    '/api/admin/api-keys',
    { schema: { response: { 200: answer(ApiKeysData), ...ERROR_RESPONSES } }, preValidation: permissionFirst('staff', { csrf: false }) },
    async (request, reply) => {
      requirePermission(request, 'staff', { csrf: false })
      reply.header('cache-control', 'private, no-store')
      return { data: { keys: await listApiKeys(db, nowMs()) } }
    },
  )

  app.post(
    '/api/admin/api-keys',
    {
      schema: { body: CreateApiKeyBody, response: { 200: answer(CreatedApiKeyData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: permissionFirst('staff'),
    },
    async (request, reply) => {
      const session = requirePermission(request, 'staff')
      const at = nowMs()
      let cloudId: number | null = null
      const cloudName = request.body.cloud?.trim()
      if (cloudName) {
        const cloud = await findCloud(db, cloudName)
        if (!cloud)
          throw new HttpError(
            400,
            'invalid',
            `cloud: there is no cloud ${JSON.stringify(cloudName.slice(0, 100))}; choose one of the catalogue's clouds, or every cloud.`,
          )
        cloudId = cloud.id
      }
      if (request.body.name.trim() === '') throw new HttpError(400, 'invalid', 'name: give the key a name that says which machine uses it.')
      const created = await db.transaction().execute(async (trx) => {
        const made = await createApiKey(trx, request.body, cloudId, session.name, at)
        const [summary] = await listApiKeys(trx, at, made.id)
        await recordAudit(
          trx,
          { actor: { uid: session.uid, name: session.name }, action: 'api_key.create', target: summary.name, after: { ...summary } },
          at,
        )
        return { key: made.key, summary }
      })
      reply.header('cache-control', 'private, no-store')
      return { data: created }
    },
  )

  app.post(
    '/api/admin/api-keys/:id/revoke',
    {
      schema: {
        params: ApiKeyIdParams,
        body: Type.Optional(Type.Object({})),
        response: { 200: answer(ApiKeySummary), ...ERROR_RESPONSES },
      },
      schemaErrorFormatter,
      preValidation: permissionFirst('staff'),
    },
    async (request) => {
      const session = requirePermission(request, 'staff')
      const at = nowMs()
      if (!(await revokeApiKey(db, request.params.id, at))) throw notFound(`There is no API key ${request.params.id}.`)
      const [summary] = await listApiKeys(db, at, request.params.id)
      await recordAudit(
        db,
        {
          actor: { uid: session.uid, name: session.name },
          action: 'api_key.revoke',
          target: summary.name,
          after: { prefix: summary.prefix },
        },
        at,
      )
      return { data: summary }
    },
  )
}
