/**
 * Permission checks of the admin API (docs/requirements/roles.md; the table is in `contract/permissions.ts` and the
 * README). The console only reflects permissions; these checks are what enforces them.
 *
 * Errors: 403 `not_signed_in` (no session) or `csrf` (a write without the session's CSRF header);
 * 403 `forbidden` for a signed-in user without a privileged role; 403 `not_permitted` for a
 * privileged user whose roles do not grant the permission (the message names it); 403
 * `second_factor_required` / `second_factor_enrolment_required` for a privileged session that has
 * not proved its second factor (docs/operating/staff-sign-in.md) — every admin route passes here.
 */
import type { FastifyRequest } from 'fastify'
import { canReadAdmin, type Permission, permissionsOf } from '../../contract/permissions.js'
import { SECOND_FACTOR_CODES, SECOND_FACTOR_MESSAGES } from '../../contract/staff-identity.js'
import { requireSession, type UserSession } from '../accounts/sessions.js'
import { HttpError } from '../http/errors.js'

/** Words for each permission in a 403's message. */
const WHAT: Record<Permission, string> = {
  catalog: 'change the catalogue',
  faq: 'change the FAQ and basic pages',
  compliance: 'change the compliance page',
  records: 'publish incidents, maintenance or security advisories',
  'notification:url_change_notification': 'publish URL-category notifications',
  'notification:cloud_app': 'publish cloud-app notifications',
  'notification:privacy_notification': 'publish privacy notifications',
  outbox: 'retry mail',
  staff: 'manage staff accounts',
  subscribers: 'export or import subscribers',
}

/**
 * The session of a user who may read the console (any privileged role). Reads (GET) need no CSRF
 * header; pass `csrf: true` for writes.
 */
export function requireAdminReader(request: FastifyRequest, { csrf = request.method !== 'GET' } = {}): UserSession {
  const session = requireSession(request, { csrf })
  if (!canReadAdmin(session.roles)) throw new HttpError(403, 'forbidden', 'You are not allowed to open the admin console.')
  if (session.due !== null) throw new HttpError(403, SECOND_FACTOR_CODES[session.due], SECOND_FACTOR_MESSAGES[session.due])
  return session
}

/**
 * The session of a user whose roles grant `permission` (CSRF checked unless `csrf: false`, for a
 * download read through a plain link); else a 403 (see module comment).
 */
export function requirePermission(request: FastifyRequest, permission: Permission, { csrf = true } = {}): UserSession {
  const session = requireAdminReader(request, { csrf })
  if (!permissionsOf(session.roles).has(permission)) {
    throw new HttpError(403, 'not_permitted', `Your roles do not allow you to ${WHAT[permission]}.`)
  }
  return session
}

/**
 * `preValidation` hook of console reads: {@link requireAdminReader} before the request's parts are
 * validated, so a 403 never depends on them.
 */
export async function adminReaderFirst(request: FastifyRequest): Promise<void> {
  requireAdminReader(request)
}

/** `preValidation` hook of console changes: {@link requirePermission} before the request's parts are validated. */
export function permissionFirst(permission: Permission, { csrf = true } = {}): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    requirePermission(request, permission, { csrf })
  }
}
