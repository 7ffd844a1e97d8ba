/**
 * Who may see what of a record (docs/requirements/screens.md lists "a block marked internal use only", docs/requirements/entities.md#record
 * internal-only fields, docs/requirements/roles.md Roles and permissions).
 *
 * {@link visibleInternalFields} is the one place that decides whether internal-use fields
 * (`INTERNAL_FIELDS` of the contract) leave the server, twice over: the record queries select
 * those columns only when it grants them, and the record routes serialise an answer through the
 * contract's public schemas (which do not name them) unless it grants them ({@link isPrivileged}:
 * then the `Privileged…` schemas). A request without a valid session is {@link ANONYMOUS}; a
 * signed-in one is a {@link Viewer} with the session's roles (see `viewerOf` in
 * `server/routes/records.ts`).
 */
import { INTERNAL_FIELDS, PRIVILEGED_ROLES as CONTRACT_PRIVILEGED_ROLES } from '../../contract/constants.js'
import type { InternalField } from '../../contract/records.js'

/** Whoever asks: anonymous, or a signed-in user with roles (docs/requirements/roles.md). */
export interface Viewer {
  /** Role machine names of the signed-in user; empty for anonymous visitors. */
  roles: readonly string[]
  /**
   * Customer groups of a verified console token (`tenantGroupsOf`), who see the private components
   * and records of those groups (docs/operating/catalogue.md#private-components); absent or empty:
   * the public.
   */
  groups?: readonly string[]
}

/** An anonymous visitor (no valid session). */
export const ANONYMOUS: Viewer = Object.freeze({ roles: Object.freeze([]) as readonly string[] })

/** The roles that see the Admin link (docs/requirements/roles.md), and with it the internal-use block of records (from the contract). */
export const PRIVILEGED_ROLES: readonly string[] = CONTRACT_PRIVILEGED_ROLES

const NONE: readonly InternalField[] = Object.freeze([])

/**
 * The internal-use fields `viewer` may see: all of `INTERNAL_FIELDS` for a privileged role, none
 * otherwise (anonymous visitors and plain registered users).
 *
 * @example visibleInternalFields(ANONYMOUS) // []
 * @example visibleInternalFields({ roles: ['trust_admin'] }) // ['internal_note', 'slack_link', …]
 */
export function visibleInternalFields(viewer: Viewer): readonly InternalField[] {
  return viewer.roles.some((role) => PRIVILEGED_ROLES.includes(role)) ? INTERNAL_FIELDS : NONE
}

/** Whether `viewer` sees the internal-use fields (a privileged role, docs/requirements/roles.md): the answer's schema is then the privileged one. */
export function isPrivileged(viewer: Viewer): boolean {
  return visibleInternalFields(viewer).length > 0
}
