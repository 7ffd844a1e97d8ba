import { canReadAdmin, permissionsOf, type Permission } from '../../contract/permissions'
import type { SessionState } from '../../widgets/core/session'
import type { AdminScreen } from './sections'

/**
 * What the console shows a visitor (issue "the operator's own site"; spec §6 roles). The server
 * enforces every permission; the console only reflects them, so nobody fills in a form the server
 * will refuse.
 */

/** Whether the console opens: `signed-out`, `loading` (signed in, roles not loaded yet), `forbidden` (no privileged role) or `open`. */
export type ConsoleAccess = 'signed-out' | 'loading' | 'forbidden' | 'open'

/** The console's access for a session. */
export function consoleAccess(session: Pick<SessionState, 'isLoggedIn' | 'apiData'>): ConsoleAccess {
  if (!session.isLoggedIn) return 'signed-out'
  if (!session.apiData) return 'loading'
  return canReadAdmin(session.apiData.roles) ? 'open' : 'forbidden'
}

/** What the console says to a signed-in user without a privileged role. */
export const NOT_ALLOWED = 'You are not allowed to use the admin console.'

/**
 * The permission a screen's changes need (`null`: the screen only reads, or, on the incident
 * desk's screens, each record's type decides: `recordPermission` of `contract/permissions.ts`).
 */
export const SCREEN_PERMISSION: Readonly<Record<AdminScreen, Permission | null>> = {
  dashboard: 'outbox',
  catalog: 'catalog',
  faq: 'faq',
  compliance: 'compliance',
  staff: 'staff',
  audit: null,
  desk: null,
  'desk-new': null,
  'desk-record': null,
  templates: null,
}

/** What a permission lets one change, as the end of "Your roles do not allow you to change …". */
const WHAT: Partial<Record<Permission, string>> = {
  catalog: 'the catalogue',
  faq: 'the FAQ',
  compliance: 'the compliance page',
  staff: 'staff accounts',
  outbox: 'the mail outbox',
  records: 'incidents, maintenance and advisories',
  'notification:url_change_notification': 'URL category notifications',
  'notification:cloud_app': 'cloud application notifications',
  'notification:privacy_notification': 'privacy notifications',
}

/** The sentence a screen shows instead of its form when the roles lack `permission`. */
export function notPermittedText(permission: Permission): string {
  return `Your roles do not allow you to change ${WHAT[permission] ?? permission}.`
}

/** The permissions of a session's roles (none before the roles load). */
export function sessionPermissions(session: Pick<SessionState, 'apiData'>): Set<Permission> {
  return permissionsOf(session.apiData?.roles ?? [])
}
