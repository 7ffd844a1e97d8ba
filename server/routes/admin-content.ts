/**
 * The admin console's content routes: FAQ and compliance (`contract/admin.ts` "Content").
 *
 * - `GET /api/admin/content` → 200 `{ data: ContentData }`; any privileged role.
 * - `PUT /api/admin/faq` (`SaveFaqBody`) → 200 `{ data: AdminFaqPage }` as saved; permission `faq`.
 *   `cloud` null (or `''`) saves the shared page.
 * - `PUT /api/admin/compliance/{cloud}` (`SaveComplianceBody`) → 200 `{ data: AdminCompliancePage }`
 *   as saved; permission `compliance`.
 *
 * Errors: 403 `not_signed_in` / `csrf` (writes) / `forbidden` (no privileged role) / `not_permitted`
 * (checked before the body is validated, so a 403 never depends on the body); 400 `invalid` naming
 * each bad field's path (`rows[1].date: …`) with nothing changed; 404 `unknown_cloud`. HTML is
 * sanitised when saved and each write is audited in its transaction (`server/admin/content.ts`).
 */
import type { FastifySchemaValidationError } from 'fastify'
import { AdminCompliancePage, AdminFaqPage, CloudParams, ContentData, SaveComplianceBody, SaveFaqBody } from '../../contract/admin.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import type { Actor } from '../admin/audit.js'
import { permissionFirst, requirePermission } from '../admin/authorize.js'
import { readContent, saveCompliance, saveFaq } from '../admin/content.js'
import { badRequest } from '../http/errors.js'
import { getAdminRead } from './admin-read.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** `/rows/1/date` → `rows[1].date`; `''` → `body`. */
function fieldPath(pointer: string, missing?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
  if (missing) parts.push(missing)
  let path = ''
  for (const part of parts) path += /^\d+$/.test(part) ? `[${part}]` : path === '' ? part : `.${part}`
  return path || 'body'
}

/**
 * Schema failures: the body's as 400 `invalid`, one message per field naming its path
 * (`rows[0].date: must match pattern …`), joined by `; `; the path's as 400 `bad_request`.
 */
export function contentSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  if (dataVar !== 'body') return badRequest(errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).join(', '))
  const byField = new Map<string, string[]>()
  for (const e of errors) {
    if (e.keyword === 'anyOf') continue
    const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty ?? '') : ''
    const field = fieldPath(e.instancePath, missing || undefined)
    const message = missing ? 'required' : (e.message ?? 'is not valid')
    const list = byField.get(field) ?? []
    if (!list.includes(message)) list.push(message)
    byField.set(field, list)
  }
  const messages = [...byField].map(([field, list]) => `${field}: ${list.join(', or ')}.`)
  return badRequest(messages.length > 0 ? messages.join('; ') : 'The body does not match the schema.', 'invalid')
}

const actorOf = (session: { uid: number; name: string }): Actor => ({ uid: session.uid, name: session.name })

/** Registers the routes described in the module comment. */
export function registerAdminContentRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  // The permission (or, for reads, the privileged role) is checked before the body is validated.
  getAdminRead(app, '/api/admin/content', ContentData, () => readContent(db))

  app.put(
    '/api/admin/faq',
    {
      schema: { body: SaveFaqBody, response: { 200: answer(AdminFaqPage), ...ERROR_RESPONSES } },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: permissionFirst('faq'),
    },
    async (request) => {
      const session = requirePermission(request, 'faq')
      // The validator coerces a `null` cloud to `''` (string tried first): both mean the shared page.
      const cloud = request.body.cloud === null || request.body.cloud.trim() === '' ? null : request.body.cloud
      return { data: await saveFaq(db, { ...request.body, cloud }, actorOf(session), now().getTime()) }
    },
  )

  app.put(
    '/api/admin/compliance/:cloud',
    {
      schema: {
        params: CloudParams,
        body: SaveComplianceBody,
        response: { 200: answer(AdminCompliancePage), ...ERROR_RESPONSES },
      },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: permissionFirst('compliance'),
    },
    async (request) => {
      const session = requirePermission(request, 'compliance')
      return { data: await saveCompliance(db, request.params.cloud, request.body, actorOf(session), now().getTime()) }
    },
  )
}
