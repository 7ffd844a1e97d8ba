/**
 * The admin publishing API (contract "Publishing"; spec §6 privileged roles). Session + CSRF
 * (403 `not_signed_in` / `csrf`), and a role of `PRIVILEGED_ROLES` (else 403 `forbidden`):
 * - `POST /api/admin/records` (`PublishRecordBody`) → 201 `{ data: PublishData }`.
 * - `PATCH /api/admin/records/{id}` (`UpdateRecordBody`) → 200 `{ data: PublishData }`; 404 `not_found`.
 * Errors of the body: 400 `invalid` (the message names the field) or `bad_request`. The record, its
 * event and its emails are written in one transaction (`server/publishing/publish.ts`); the mailer
 * is kicked after the commit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import { PRIVILEGED_ROLES } from '../../contract/constants.js'
import type { PublishData, PublishRecordBody, UpdateRecordBody } from '../../contract/publishing.js'
import { requireSession, type UserSession } from '../accounts/sessions.js'
import { HttpError } from '../http/errors.js'
import { publishRecord, updateRecord } from '../publishing/publish.js'
import type { RouteDeps } from './deps.js'

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const
const OBJECT_BODY = { type: 'object' } as const

/** The session of a privileged user, or a 403. */
function requirePrivileged(request: FastifyRequest): UserSession {
  const session = requireSession(request)
  if (!session.roles.some((r) => (PRIVILEGED_ROLES as readonly string[]).includes(r))) {
    throw new HttpError(403, 'forbidden', 'You are not allowed to publish records.')
  }
  return session
}

/** Registers the routes described in the module comment. */
export function registerAdminRecordRoutes(app: FastifyInstance, { db, now, accounts, mailer }: RouteDeps): void {
  const publicUrl = (request: FastifyRequest) => accounts.publicUrl ?? `${request.protocol}://${request.host}`

  // The role is checked before the body is validated: a 403 never depends on the body.
  const preValidation = async (request: FastifyRequest) => {
    requirePrivileged(request)
  }

  app.post<{ Body: PublishRecordBody }>('/api/admin/records', { schema: { body: OBJECT_BODY }, preValidation }, async (request, reply): Promise<ApiAnswer<PublishData>> => {
    const session = requirePrivileged(request)
    const data = await publishRecord(db, request.body, now().getTime(), session.name, { publicUrl: publicUrl(request) })
    mailer.kick()
    reply.code(201)
    return { data }
  })

  app.patch<{ Params: { id: number }; Body: UpdateRecordBody }>(
    '/api/admin/records/:id',
    { schema: { params: ID_PARAMS, body: OBJECT_BODY }, preValidation },
    async (request): Promise<ApiAnswer<PublishData>> => {
      const session = requirePrivileged(request)
      const data = await updateRecord(db, request.params.id, request.body, now().getTime(), session.name, { publicUrl: publicUrl(request) })
      mailer.kick()
      return { data }
    },
  )
}
