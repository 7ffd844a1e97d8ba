/**
 * Staff accounts (`contract/admin.ts` StaffData, SetStaffRolesBody): the accounts with a privileged
 * role (docs/requirements/roles.md, `PRIVILEGED_ROLES`) and the setting of those roles. Roles that are not privileged
 * (none are stored today) are left alone. The site always keeps at least one administrator.
 */
import type { Kysely, Transaction } from 'kysely'
import type { StaffData, StaffMember } from '../../contract/admin.js'
import { PRIVILEGED_ROLES } from '../../contract/constants.js'
import type { Database } from '../db/schema.js'
import { endSessions } from '../accounts/session-list.js'
import { badRequest, notFound } from '../http/errors.js'
import { type Actor, recordAudit } from './audit.js'

type Db = Kysely<Database> | Transaction<Database>

const PRIVILEGED: readonly string[] = PRIVILEGED_ROLES

/** The role whose last holder may not lose it. */
export const ADMINISTRATOR = 'administrator'

/** The privileged roles of each of `uids`, sorted (absent uids have none). */
async function privilegedRoles(db: Db, uids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>()
  if (uids.length === 0) return out
  const rows = await db
    .selectFrom('user_roles')
    .select(['uid', 'role'])
    .where('uid', 'in', uids)
    .where('role', 'in', PRIVILEGED)
    .orderBy('role')
    .execute()
  for (const r of rows) out.set(r.uid, [...(out.get(r.uid) ?? []), r.role])
  return out
}

/**
 * Every account with a privileged role, by name (case-insensitive), and the privileged roles in
 * the order of `PRIVILEGED_ROLES`. `last_login` is ISO 8601 (UTC) or null.
 */
export async function staffData(db: Kysely<Database>): Promise<StaffData> {
  const users = await db
    .selectFrom('users')
    .select(['uid', 'name', 'mail', 'last_login'])
    .where('uid', 'in', (eb) => eb.selectFrom('user_roles').select('uid').where('role', 'in', PRIVILEGED))
    .execute()
  const roles = await privilegedRoles(
    db,
    users.map((u) => u.uid),
  )
  const staff = users
    .map((u) => toMember(u, roles.get(u.uid) ?? []))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.uid - b.uid)
  return { staff, roles: [...PRIVILEGED] }
}

function toMember(u: { uid: number; name: string; mail: string; last_login: number | null }, roles: string[]): StaffMember {
  return {
    uid: u.uid,
    name: u.name,
    mail: u.mail,
    roles,
    last_login: u.last_login === null ? null : new Date(u.last_login).toISOString(),
  }
}

/**
 * Sets the privileged roles of the account with email `mail` (case-insensitive) to `roles`
 * (duplicates ignored; `[]` removes it from the staff), with an audit entry (action `staff.roles`,
 * target the mail, before / after the sorted privileged roles) in the same transaction; no entry
 * when nothing changed.
 *
 * A removed role also ends the account's sessions (docs/operating/staff-sign-in.md "Sessions"),
 * but `keepSession` (the id hash of the session making the change, when the account changes its
 * own roles), with an audit entry `account.session.end_all` (after: `{ ended, reason: 'roles' }`).
 *
 * @param now Epoch ms of the audit entry.
 * @returns The account as it is now.
 * @throws {HttpError} 404 `not_found` for an unknown email; 400 `invalid` for a role that is not
 *   privileged (`roles[1]: "editor" is not a privileged role`), or when no account would be left
 *   with the administrator role.
 */
export async function setStaffRoles(
  db: Kysely<Database>,
  mail: string,
  roles: readonly string[],
  actor: Actor,
  now: number,
  keepSession?: string,
): Promise<StaffMember> {
  const problems = roles.flatMap((role, i) =>
    PRIVILEGED.includes(role) ? [] : [`roles[${i}]: ${JSON.stringify(role)} is not a privileged role (one of ${PRIVILEGED.join(', ')})`],
  )
  if (problems.length > 0) throw badRequest(problems.join('; '), 'invalid')
  const wanted = [...new Set(roles)].sort()

  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['uid', 'name', 'mail', 'last_login'])
      .where('mail', '=', mail.trim().toLowerCase())
      .executeTakeFirst()
    if (!user) throw notFound(`There is no account with the email address ${JSON.stringify(mail.trim())}.`)
    const before = (await privilegedRoles(trx, [user.uid])).get(user.uid) ?? []

    if (before.includes(ADMINISTRATOR) && !wanted.includes(ADMINISTRATOR)) {
      const others = await trx
        .selectFrom('user_roles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', ADMINISTRATOR)
        .where('uid', '!=', user.uid)
        .executeTakeFirstOrThrow()
      if (Number(others.n) === 0) {
        throw badRequest(`roles: ${user.mail} is the last administrator; make another account administrator first`, 'invalid')
      }
    }

    const removed = before.filter((r) => !wanted.includes(r))
    const added = wanted.filter((r) => !before.includes(r))
    if (removed.length > 0) await trx.deleteFrom('user_roles').where('uid', '=', user.uid).where('role', 'in', removed).execute()
    if (added.length > 0)
      await trx
        .insertInto('user_roles')
        .values(added.map((role) => ({ uid: user.uid, role })))
        .execute()
    if (removed.length > 0 || added.length > 0) {
      await recordAudit(trx, { actor, action: 'staff.roles', target: user.mail, before, after: wanted }, now)
    }
    if (removed.length > 0) {
      const ended = await endSessions(trx, user.uid, keepSession)
      if (ended > 0)
        await recordAudit(trx, { actor, action: 'account.session.end_all', target: user.mail, after: { ended, reason: 'roles' } }, now)
    }
    return toMember(user, wanted)
  })
}
