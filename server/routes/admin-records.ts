/**
 * The admin publishing API (contract "Publishing"; docs/requirements/roles.md roles, `contract/permissions.ts`). Session +
 * CSRF (403 `not_signed_in` / `csrf`), a role of `PRIVILEGED_ROLES` (else 403 `forbidden`) and the
 * permission of the record's kind (else 403 `not_permitted`): `records` for incidents, maintenance
 * and advisories, `notification:{type}` for notifications (`recordPermission`).
 * - `POST /api/admin/records` (`PublishRecordBody`) → 201 `{ data: PublishData }`; the permission of
 *   the body's type (and notification type).
 * - `PATCH /api/admin/records/{id}` (`UpdateRecordBody`) → 200 `{ data: PublishData }`; 404 `not_found`;
 *   the permission of the stored record's kind (and of the new notification type when it changes).
 * The permission is checked before the body is validated, from the raw body's `type` and
 * `notification_type` (or the stored record): a 403 never depends on the body being valid. When
 * they do not name a kind, any publishing permission lets the request on to its 400; the check is
 * made again, authoritatively, inside the publishing transaction.
 * Errors of the body: 400 `invalid` (the message names the field) or `bad_request`, whether the
 * contract's schema or the checks against the database refuse it ({@link refusalOf}). The record, its
 * event, its audit entry and its emails are written in one transaction (`server/publishing/publish.ts`);
 * the mailer is kicked after the commit. Record bodies are sanitised when saved.
 */
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { type Permission, permissionsOf, recordPermission } from '../../contract/permissions.js'
import { PublishData, PublishRecordBody, RecordIdParams, UpdateRecordBody } from '../../contract/publishing.js'
import type { UserSession } from '../accounts/sessions.js'
import { linkOrigin } from '../http/origin.js'
import type { Actor } from '../admin/audit.js'
import { requireAdminReader, requirePermission } from '../admin/authorize.js'
import { badRequest, HttpError } from '../http/errors.js'
import { RECORD_TYPES } from '../../contract/reference-data.js'
import { type PublishOptions, publishRecord, refusalOf, updateRecord } from '../publishing/publish.js'
import { NOTIFICATION_TYPES } from '../repo/records.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Every permission that lets a role publish some kind of record. */
export const PUBLISHING_PERMISSIONS: readonly Permission[] = [
  'records',
  ...NOTIFICATION_TYPES.map((n) => recordPermission('notification', n)),
]
const NOTIFICATION_PERMISSIONS = PUBLISHING_PERMISSIONS.filter((p) => p !== 'records')

/**
 * The permissions of which one lets a request publish a record of the kind the (unvalidated) body
 * names: exactly one when `type` (and, for notifications, `notification_type`) name a kind; the
 * candidates left when they do not (the body will then be refused with a 400).
 */
export function publishPermissionsOf(raw: unknown): readonly Permission[] {
  const b = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const type = typeof b.type === 'string' ? b.type : undefined
  if (type === undefined || !(RECORD_TYPES as readonly string[]).includes(type)) return PUBLISHING_PERMISSIONS
  if (type !== 'notification') return [recordPermission(type)]
  const notificationType = b.notification_type
  if (typeof notificationType === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(notificationType)) {
    return [recordPermission(type, notificationType)]
  }
  return NOTIFICATION_PERMISSIONS
}

/**
 * The session of a privileged user (CSRF checked) whose roles grant one of `permissions`; else a
 * 403 (`forbidden` without a privileged role, `not_permitted` without the permission).
 */
export function requireOneOf(request: FastifyRequest, permissions: readonly Permission[]): UserSession {
  if (permissions.length === 1) return requirePermission(request, permissions[0])
  const session = requireAdminReader(request, { csrf: true })
  const granted = permissionsOf(session.roles)
  if (!permissions.some((p) => granted.has(p))) {
    throw new HttpError(403, 'not_permitted', 'Your roles do not allow you to publish this kind of record.')
  }
  return session
}

/**
 * Schema failures of these routes: the body's as the publishing checks word them (400 `invalid`
 * naming the field), the path's as Fastify does (400 `bad_request`).
 */
function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  if (dataVar === 'body') return refusalOf(errors)
  return badRequest(errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).join(', '))
}

const actorOf = (session: UserSession): Actor => ({ uid: session.uid, name: session.name })

/** Registers the routes described in the module comment. */
export function registerAdminRecordRoutes(app: TrustApp, { db, now, accounts, mailer }: RouteDeps): void {
  const options = (request: FastifyRequest): PublishOptions => ({
    publicUrl: linkOrigin(request, accounts.publicUrl),
    // The authoritative check, inside the transaction, on the validated body or the stored record.
    authorize: (kind) => {
      requirePermission(request, recordPermission(kind.type, kind.notificationType))
    },
  })

  app.post(
    '/api/admin/records',
    {
      schema: { body: PublishRecordBody, response: { 201: answer(PublishData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: async (request) => {
        requireOneOf(request, publishPermissionsOf(request.body))
      },
    },
    async (request, reply) => {
      const session = requireOneOf(request, publishPermissionsOf(request.body))
      const data = await publishRecord(db, request.body, now().getTime(), actorOf(session), options(request))
      mailer.kick()
      reply.code(201)
      return { data }
    },
  )

  app.patch(
    '/api/admin/records/:id',
    {
      schema: { params: RecordIdParams, body: UpdateRecordBody, response: { 200: answer(PublishData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: async (request) => {
        const raw = String((request.params as { id?: unknown }).id ?? '')
        const id = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined
        const stored =
          id === undefined
            ? undefined
            : await db.selectFrom('records').select(['type', 'notification_type']).where('id', '=', id).executeTakeFirst()
        requireOneOf(request, stored ? [recordPermission(stored.type, stored.notification_type)] : PUBLISHING_PERMISSIONS)
      },
    },
    async (request) => {
      const session = requireOneOf(request, PUBLISHING_PERMISSIONS)
      const data = await updateRecord(db, request.params.id, request.body, now().getTime(), actorOf(session), options(request))
      mailer.kick()
      return { data }
    },
  )
}
