import { canReadAdmin, permissionsOf, type Permission } from '../../contract/permissions'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import type { SessionState } from '../../widgets/core/session'
import { adminMessages } from './messages'
import type { AdminScreen } from './sections'

/**
 * What the console shows a visitor (issue "the operator's own site"; docs/requirements/roles.md roles). The server
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
export const NOT_ALLOWED: string = adminMessages.base.notAllowed

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
  subscribers: 'subscribers',
  audit: null,
  desk: null,
  'desk-new': null,
  'desk-record': null,
  templates: null,
  'third-party': 'catalog',
  'api-keys': 'staff',
  'alert-rules': 'records',
}

type Texts = typeof adminMessages.base

/** The sentence "Your roles do not allow you to change …" of each permission. */
const NOT_PERMITTED: Partial<Record<Permission, keyof Texts>> = {
  catalog: 'notPermittedCatalog',
  faq: 'notPermittedFaq',
  compliance: 'notPermittedCompliance',
  staff: 'notPermittedStaff',
  subscribers: 'notPermittedSubscribers',
  outbox: 'notPermittedOutbox',
  records: 'notPermittedRecords',
  'notification:url_change_notification': 'notPermittedUrlCategories',
  'notification:cloud_app': 'notPermittedCloudApps',
  'notification:privacy_notification': 'notPermittedPrivacy',
}

/** The sentence a screen shows instead of its form when the roles lack `permission`, in `locale`. */
export function notPermittedText(permission: Permission, locale: Locale = DEFAULT_LOCALE): string {
  const t = adminMessages.in(locale).get()
  const key = NOT_PERMITTED[permission]
  return key ? (t[key] as string) : t.notPermitted({ what: permission })
}

/** The permissions of a session's roles (none before the roles load). */
export function sessionPermissions(session: Pick<SessionState, 'apiData'>): Set<Permission> {
  return permissionsOf(session.apiData?.roles ?? [])
}
