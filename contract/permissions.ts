/**
 * Who may change what in the admin console (docs/requirements/roles.md roles; issue "the operator's own site"). A plain
 * module without schemas, read by the server (which enforces every permission) and by the console
 * (which only reflects them).
 *
 * | Role | May change |
 * |---|---|
 * | administrator | everything, including staff accounts and their roles |
 * | trust_admin | everything except staff accounts |
 * | jab_compliance | the compliance page |
 * | blog_editor | the FAQ and basic pages |
 * | url_editor | URL-category notifications |
 * | cloud_apps | cloud-app notifications |
 * | legal_team | privacy notifications |
 * | customer_success_manager | nothing; reads everything, internal-use fields included |
 *
 * Every privileged role ({@link PRIVILEGED_ROLES}) may open the console and read all of it.
 */
import type { PRIVILEGED_ROLES } from './constants.js'

/**
 * A permission to change one part of the site:
 * - `catalog`: products, clouds, services, regions, data centers, menus, severities, settings;
 * - `faq`: the FAQ and basic pages; `compliance`: compliance rows and page tops;
 * - `records`: incidents, scheduled maintenance and security advisories;
 * - `notification:{type}`: notifications of one type (`url_change_notification`, `cloud_app`, `privacy_notification`);
 * - `outbox`: retry failed mail; `staff`: staff accounts and their roles;
 * - `subscribers`: export the subscribers and import them from a CSV file (README "Subscriber
 *   import and export").
 */
export type Permission =
  | 'catalog'
  | 'faq'
  | 'compliance'
  | 'records'
  | 'notification:url_change_notification'
  | 'notification:cloud_app'
  | 'notification:privacy_notification'
  | 'outbox'
  | 'staff'
  | 'subscribers'

/** Every permission, in the order the README's table lists them. */
export const PERMISSIONS: readonly Permission[] = [
  'catalog',
  'faq',
  'compliance',
  'records',
  'notification:url_change_notification',
  'notification:cloud_app',
  'notification:privacy_notification',
  'outbox',
  'staff',
  'subscribers',
]

/** A privileged role (docs/requirements/roles.md). */
export type Role = (typeof PRIVILEGED_ROLES)[number]

/**
 * What each privileged role may change (see the module comment). `subscribers` (the subscriber
 * list, personal data) belongs to the two administrator roles only.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  administrator: PERMISSIONS,
  trust_admin: PERMISSIONS.filter((p) => p !== 'staff'),
  jab_compliance: ['compliance'],
  blog_editor: ['faq'],
  url_editor: ['notification:url_change_notification'],
  cloud_apps: ['notification:cloud_app'],
  legal_team: ['notification:privacy_notification'],
  customer_success_manager: [],
}

/** True when one of `roles` is privileged: the console may be opened and read. */
export function canReadAdmin(roles: readonly string[]): boolean {
  return roles.some((r) => r in ROLE_PERMISSIONS)
}

/** The permissions the given roles grant together (unknown roles grant nothing). */
export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const granted = new Set<Permission>()
  for (const role of roles) for (const p of ROLE_PERMISSIONS[role as Role] ?? []) granted.add(p)
  return granted
}

/** True when `roles` grant `permission`. */
export function can(roles: readonly string[], permission: Permission): boolean {
  return permissionsOf(roles).has(permission)
}

/** The permission that publishing or updating a record of this type (and notification type) needs. */
export function recordPermission(type: string, notificationType?: string | null): Permission {
  if (type !== 'notification') return 'records'
  if (notificationType === 'cloud_app' || notificationType === 'privacy_notification') return `notification:${notificationType}`
  return 'notification:url_change_notification'
}
