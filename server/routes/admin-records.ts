/**
 * The admin publishing API (contract "Publishing"; spec §6 privileged roles). Session + CSRF
 * (403 `not_signed_in` / `csrf`), and a role of `PRIVILEGED_ROLES` (else 403 `forbidden`):
 * - `POST /api/admin/records` (`PublishRecordBody`) → 201 `{ data: PublishData }`.
 * - `PATCH /api/admin/records/{id}` (`UpdateRecordBody`) → 200 `{ data: PublishData }`; 404 `not_found`.
 * Errors of the body: 400 `invalid` (the message names the field) or `bad_request`, whether the
 * contract's schema or the checks against the database refuse it ({@link refusalOf}). The record, its
 * event and its emails are written in one transaction (`server/publishing/publish.ts`); the mailer
 * is kicked after the commit.
 */
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify'
import { linkOrigin } from '../http/origin.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { PRIVILEGED_ROLES } from '../../contract/constants.js'
import { PublishData, PublishRecordBody, RecordIdParams, UpdateRecordBody } from '../../contract/publishing.js'
import { requireSession, type UserSession } from '../accounts/sessions.js'
import { badRequest, HttpError } from '../http/errors.js'
import { publishRecord, refusalOf, updateRecord } from '../publishing/publish.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The session of a privileged user, or a 403. */
function requirePrivileged(request: FastifyRequest): UserSession {
  const session = requireSession(request)
  if (!session.roles.some((r) => (PRIVILEGED_ROLES as readonly string[]).includes(r))) {
    throw new HttpError(403, 'forbidden', 'You are not allowed to publish records.')
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

/** Registers the routes described in the module comment. */
export function registerAdminRecordRoutes(app: TrustApp, { db, now, accounts, mailer }: RouteDeps): void {
  const publicUrl = (request: FastifyRequest) => linkOrigin(request, accounts.publicUrl)

  // The role is checked before the body is validated: a 403 never depends on the body.
  const preValidation = async (request: FastifyRequest) => {
    requirePrivileged(request)
  }

  app.post(
    '/api/admin/records',
    {
      schema: { body: PublishRecordBody, response: { 201: answer(PublishData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation,
    },
    async (request, reply) => {
      const session = requirePrivileged(request)
      const data = await publishRecord(db, request.body, now().getTime(), session.name, { publicUrl: publicUrl(request) })
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
      preValidation,
    },
    async (request) => {
      const session = requirePrivileged(request)
      const options = { publicUrl: publicUrl(request) }
      const data = await updateRecord(db, request.params.id, request.body, now().getTime(), session.name, options)
      mailer.kick()
      return { data }
    },
  )
}
