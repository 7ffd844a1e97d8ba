/**
 * The admin console's catalogue, dashboard, outbox, staff and audit-log routes (`contract/admin.ts`).
 * Reads need a session with a privileged role, writes the permission of what they change
 * (`contract/permissions.ts`) and the session's CSRF header; both are checked before the request's
 * parts are validated, so a 403 never depends on the body (`server/admin/authorize.ts`).
 *
 * - `GET /api/admin/catalog` → `{ data: CatalogData }`.
 * - `PUT /api/admin/catalog/{section}` (`CatalogSectionBody`) → `{ data: CatalogData }`; permission
 *   `catalog`; 409 `stale`; 400 `invalid` naming each bad field's path from the catalogue's root.
 * - `GET /api/admin/dashboard` → `{ data: DashboardData }`, measured at the injected clock.
 * - `GET /api/admin/outbox` → `{ data: OutboxData }`: the dashboard's outbox alone, read again
 *   every 5 seconds while a notification fan-out runs.
 * - `POST /api/admin/outbox/{id}/retry` (body `{}` or none) → `{ data: OutboxMessage }`; permission
 *   `outbox`; 404 `not_found`; 400 `invalid` when already sent. The mailer is kicked after the commit.
 * - `GET /api/admin/staff` → `{ data: StaffData }`.
 * - `PUT /api/admin/staff` (`SetStaffRolesBody`) → `{ data: StaffMember }`; permission `staff`;
 *   404 `not_found`; 400 `invalid`.
 * - `GET /api/admin/audit?page=` → `{ data: AuditData }`.
 *
 * Every change is audited in its transaction (`server/admin/audit.ts`). Request parts the schemas
 * refuse answer 400 `invalid`, one message per bad field (`roles[0]: must be string`), joined by `; `.
 */
import type { FastifySchemaValidationError } from 'fastify'
import {
  AuditData,
  AuditQuery,
  CatalogData,
  CatalogSectionBody,
  CatalogSectionParams,
  DashboardData,
  OutboxData,
  OutboxIdParams,
  OutboxMessage,
  OutboxRetryBody,
  SetStaffRolesBody,
  StaffData,
  StaffMember,
} from '../../contract/admin.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import type { UserSession } from '../accounts/sessions.js'
import type { Actor } from '../admin/audit.js'
import { auditPage } from '../admin/audit-read.js'
import { adminReaderFirst, permissionFirst, requireAdminReader, requirePermission } from '../admin/authorize.js'
import { readCatalog, saveCatalogSection } from '../admin/catalog-edit.js'
import { dashboardData } from '../admin/dashboard.js'
import { outboxData, retryOutboxMessage } from '../admin/outbox.js'
import { setStaffRoles, staffData } from '../admin/staff.js'
import { pathOf } from '../catalog/import.js'
import { HttpError } from '../http/errors.js'
import { mailDelivery, mailSender } from '../mail/outbox.js'
import { getAdminRead } from './admin-read.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The field an Ajv error is about: `roles[0]`, `revision` (a missing property), or the part itself. */
function fieldOf(error: FastifySchemaValidationError, part: string): string {
  const path = pathOf(error.instancePath)
  const at = path === '(file)' ? '' : path
  const missing = (error.params as { missingProperty?: unknown }).missingProperty
  if (error.keyword === 'required' && typeof missing === 'string') return at ? `${at}.${missing}` : missing
  return at || part
}

/**
 * Schema failures of these routes: 400 `invalid`, one message per bad field naming its path
 * (`section: must be one of products, clouds, …`), joined by `; `.
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], part: string): Error {
  const byField = new Map<string, FastifySchemaValidationError[]>()
  for (const e of errors) {
    const field = fieldOf(e, part)
    byField.set(field, [...(byField.get(field) ?? []), e])
  }
  const messages = [...byField].map(([field, here]) => {
    // A value no branch of a union of constants accepts: name the allowed values once.
    const allowed = here.flatMap((e) => (e.keyword === 'const' ? [(e.params as { allowedValue: unknown }).allowedValue] : []))
    if (allowed.length > 0) return `${field}: must be one of ${allowed.map(String).join(', ')}`
    const words = [...new Set(here.filter((e) => e.keyword !== 'anyOf').map((e) => e.message ?? 'is not valid'))]
    return `${field}: ${words.join(', or ') || 'is not valid'}`
  })
  return new HttpError(400, 'invalid', messages.join('; '))
}

/** The audit log's actor of a session. */
const actorOf = (session: UserSession): Actor => ({ uid: session.uid, name: session.name })

/** Registers the routes described in the module comment. */
export function registerAdminCatalogRoutes(app: TrustApp, { db, now, mailer, mode, accounts }: RouteDeps): void {
  /** The mail settings the dashboard and the outbox show. */
  const mail = async () => ({ delivery: mailDelivery(accounts.smtpUrl, mode), sender: await mailSender(db, accounts) })

  getAdminRead(app, '/api/admin/catalog', CatalogData, () => readCatalog(db))

  app.put(
    '/api/admin/catalog/:section',
    {
      schema: { params: CatalogSectionParams, body: CatalogSectionBody, response: { 200: answer(CatalogData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: permissionFirst('catalog'),
    },
    async (request) => {
      const session = requirePermission(request, 'catalog')
      const { revision, value } = request.body
      const data = await saveCatalogSection(db, { section: request.params.section, revision, value }, actorOf(session), now())
      return { data }
    },
  )

  getAdminRead(app, '/api/admin/dashboard', DashboardData, async () => dashboardData(db, now(), await mail()))

  getAdminRead(app, '/api/admin/outbox', OutboxData, async () => outboxData(db, now(), await mail()))

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      schema: { params: OutboxIdParams, body: OutboxRetryBody, response: { 200: answer(OutboxMessage), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: permissionFirst('outbox'),
    },
    async (request) => {
      const session = requirePermission(request, 'outbox')
      const data = await retryOutboxMessage(db, request.params.id, actorOf(session), now().getTime())
      mailer.kick()
      return { data }
    },
  )

  getAdminRead(app, '/api/admin/staff', StaffData, () => staffData(db))

  app.put(
    '/api/admin/staff',
    {
      schema: { body: SetStaffRolesBody, response: { 200: answer(StaffMember), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: permissionFirst('staff'),
    },
    async (request) => {
      const session = requirePermission(request, 'staff')
      const data = await setStaffRoles(db, request.body.mail, request.body.roles, actorOf(session), now().getTime(), session.idHash)
      return { data }
    },
  )

  app.get(
    '/api/admin/audit',
    {
      schema: { querystring: AuditQuery, response: { 200: answer(AuditData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: adminReaderFirst,
    },
    async (request) => {
      requireAdminReader(request)
      return { data: await auditPage(db, request.query.page ?? 0) }
    },
  )
}
