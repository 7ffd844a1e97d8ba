/**
 * Third-party components (docs/operating/console-and-desk.md#third-party-components; shapes: `contract/third-party.ts`).
 *
 * Public:
 * - `GET /api/third-party?cloud=` → `{ data: ThirdPartyData }`; 404 `unknown_cloud`. Per viewer
 *   (subscribe stars), shared copies at most 10 s old.
 *
 * Signed in (session + CSRF, 403 `not_signed_in` / `csrf`):
 * - `POST /api/third-party/subscribe` (`ThirdPartySubscribeBody`) → `{ data: ThirdPartySubscribeData }`;
 *   404 `unknown_cloud` / `not_found`.
 *
 * Console (reads: any privileged role; writes: permission `catalog` and the CSRF header; every
 * change audited, `server/admin/audit.ts`):
 * - `GET /api/admin/third-party` → `{ data: AdminThirdPartyData }`.
 * - `POST /api/admin/third-party` (`AddThirdPartyBody`) → `{ data: AddThirdPartyData }`: the first
 *   poll's result; `added: false` with the reason when the page is not a readable Statuspage page.
 * - `PUT /api/admin/third-party/{id}` (`RenameThirdPartyBody`) → `{ data: AdminThirdPartyGroup }`.
 * - `POST /api/admin/third-party/{id}/poll` → `{ data: AdminThirdPartyGroup }` after polling it now.
 * - `DELETE /api/admin/third-party/{id}` → `{ data: { removed: true } }`; 404 `not_found`.
 */
import type { FastifyRequest } from 'fastify'
import { answer, CloudQuery, ERROR_RESPONSES } from '../../contract/common.js'
import {
  AddThirdPartyBody,
  AddThirdPartyData,
  AdminThirdPartyData,
  AdminThirdPartyGroup,
  PollThirdPartyBody,
  RemoveThirdPartyData,
  RenameThirdPartyBody,
  ThirdPartyData,
  ThirdPartyIdParams,
  ThirdPartySubscribeBody,
  ThirdPartySubscribeData,
} from '../../contract/third-party.js'
import { permissionFirst, requirePermission } from '../admin/authorize.js'
import { PUBLIC_NOW_PER_VIEWER } from '../http/public-api.js'
import { requireCloud } from '../repo/clouds.js'
import { storedTargets } from '../subscriptions/repo.js'
import {
  addThirdPartyGroup,
  adminThirdPartyData,
  adminThirdPartyGroup,
  removeThirdPartyGroup,
  renameThirdPartyGroup,
  setThirdPartySubscription,
  thirdPartyData,
} from '../upstream/repo.js'
import { getAdminRead } from './admin-read.js'
import { requireSessionCloud } from './cloud-param.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Registers the routes of the module comment. */
export function registerThirdPartyRoutes(app: TrustApp, { db, now, upstream }: RouteDeps): void {
  app.get(
    '/api/third-party',
    { schema: { querystring: CloudQuery, response: { 200: answer(ThirdPartyData), ...ERROR_RESPONSES } }, config: PUBLIC_NOW_PER_VIEWER },
    async (request) => {
      const cloud = await requireCloud(db, request.query.cloud)
      const session = request.userSession
      const stored = session ? await storedTargets(db, session.uid, cloud.id) : undefined
      return { data: await thirdPartyData(db, cloud.id, stored) }
    },
  )

  app.post(
    '/api/third-party/subscribe',
    { schema: { body: ThirdPartySubscribeBody, response: { 200: answer(ThirdPartySubscribeData), ...ERROR_RESPONSES } } },
    async (request) => {
      const { session, cloud } = await requireSessionCloud(db, request)
      const on = await setThirdPartySubscription(db, session.uid, cloud.id, request.body.component, request.body.action, now().getTime())
      return { data: { component: request.body.component, subscribed: on ? ('1' as const) : ('0' as const) } }
    },
  )

  // Checked before the request's parts are validated: a 403 never depends on them.
  const catalog = permissionFirst('catalog')
  const actorOf = (request: FastifyRequest) => {
    const session = requirePermission(request, 'catalog')
    return { uid: session.uid, name: session.name }
  }
  const context = () => {
    if (!upstream) throw new Error('third-party polling is not configured')
    return upstream
  }

  getAdminRead(app, '/api/admin/third-party', AdminThirdPartyData, () => adminThirdPartyData(db))

  app.post(
    '/api/admin/third-party',
    { schema: { body: AddThirdPartyBody, response: { 200: answer(AddThirdPartyData), ...ERROR_RESPONSES } }, preValidation: catalog },
    async (request) => ({ data: await addThirdPartyGroup(db, request.body, actorOf(request), now(), context()) }),
  )

  app.put(
    '/api/admin/third-party/:id',
    {
      schema: {
        params: ThirdPartyIdParams,
        body: RenameThirdPartyBody,
        response: { 200: answer(AdminThirdPartyGroup), ...ERROR_RESPONSES },
      },
      preValidation: catalog,
    },
    async (request) => ({ data: await renameThirdPartyGroup(db, request.params.id, request.body.name, actorOf(request), now()) }),
  )

  app.post(
    '/api/admin/third-party/:id/poll',
    {
      schema: { params: ThirdPartyIdParams, body: PollThirdPartyBody, response: { 200: answer(AdminThirdPartyGroup), ...ERROR_RESPONSES } },
      preValidation: catalog,
    },
    async (request) => {
      actorOf(request)
      await adminThirdPartyGroup(db, request.params.id)
      await context().poller.pollGroup(request.params.id)
      return { data: await adminThirdPartyGroup(db, request.params.id) }
    },
  )

  app.delete(
    '/api/admin/third-party/:id',
    { schema: { params: ThirdPartyIdParams, response: { 200: answer(RemoveThirdPartyData), ...ERROR_RESPONSES } }, preValidation: catalog },
    async (request) => {
      await removeThirdPartyGroup(db, request.params.id, actorOf(request), now())
      return { data: { removed: true as const } }
    },
  )
}
