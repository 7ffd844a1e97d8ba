/** Account storage: look-ups, creation, roles and the demo accounts. */
import type { Kysely, Transaction } from 'kysely'
import { MAX_MAIL_LENGTH } from '../../contract/accounts.js'
import type { AccountsConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { hashPassword } from './passwords.js'

/** A user row as the account code needs it. */
export interface UserRow {
  uid: number
  name: string
  mail: string
  pass_hash: string
  verified: number
  timezone: string
  /** The saved language (a contract/locale.ts code), null when none was saved (docs/languages-and-themes.md). */
  locale: string | null
}

/**
 * Whether `mail` looks like a deliverable address: one `@`, no spaces, quotes, angle brackets or
 * control characters, a dot in the domain, at most {@link MAX_MAIL_LENGTH} characters.
 */
export function isEmail(mail: string): boolean {
  return (
    mail.length <= MAX_MAIL_LENGTH &&
    /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}]+\.[^\s@<>()[\]\\,;:"\p{Cc}.][^\s@<>()[\]\\,;:"\p{Cc}]*$/u.test(mail)
  )
}

const USER_COLUMNS = ['uid', 'name', 'mail', 'pass_hash', 'verified', 'timezone', 'locale'] as const

/** The user whose email address (any case) or username (any case) is `login`, if any. */
export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const value = login.trim()
  if (value === '') return undefined
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where((eb) => eb.or([eb('mail', '=', value.toLowerCase()), eb('name', '=', value)]))
    .orderBy('uid')
    .executeTakeFirst()
}

/** The user with id `uid`, if any. */
export async function findUser(db: Kysely<Database>, uid: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('uid', '=', uid).executeTakeFirst()
}

/** Whether an account already uses `mail` (compared lower-cased) as its address or its name. */
export async function isMailTaken(db: Kysely<Database>, mail: string): Promise<boolean> {
  const value = mail.trim()
  const row = await db
    .selectFrom('users')
    .select('uid')
    .where((eb) => eb.or([eb('mail', '=', value.toLowerCase()), eb('name', '=', value)]))
    .executeTakeFirst()
  return row !== undefined
}

/** The role machine names of `uid`, sorted. */
export async function rolesOf(db: Kysely<Database>, uid: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('uid', '=', uid).orderBy('role').execute()
  return rows.map((r) => r.role)
}

/** What {@link createUser} stores. */
export interface NewUser {
  name: string
  mail: string
  passHash: string
  verified: boolean
  roles?: readonly string[]
  /** Epoch ms. */
  created: number
}

/** Inserts a user (mail lower-cased) and its roles; returns the new uid. Fails on a taken name or mail (unique constraint). */
export async function createUser(trx: Kysely<Database> | Transaction<Database>, user: NewUser): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      name: user.name,
      mail: user.mail.toLowerCase(),
      pass_hash: user.passHash,
      verified: user.verified ? 1 : 0,
      created: user.created,
    })
    .returning('uid')
    .executeTakeFirstOrThrow()
  if (user.roles?.length) {
    await trx
      .insertInto('user_roles')
      .values(user.roles.map((role) => ({ uid: row.uid, role })))
      .execute()
  }
  return row.uid
}

/** Roles of the demo administrator. */
export const ADMIN_ROLES = ['administrator', 'trust_admin'] as const

/** The plain demo user seeded in development (no roles). */
export const DEMO_VIEWER = { name: 'viewer', mail: 'viewer@example.com', password: 'Viewer12345' } as const

/**
 * Creates the configured administrator (verified, {@link ADMIN_ROLES}) and, when
 * `config.seedViewer`, {@link DEMO_VIEWER} — each only when neither its name nor its mail exists.
 * Existing accounts are never changed (a changed `TRUST_ADMIN_PASSWORD` does not reset a password).
 */
export async function ensureDemoAccounts(db: Kysely<Database>, config: AccountsConfig, now: number): Promise<void> {
  const wanted: Array<{ name: string; mail: string; password: string; roles: readonly string[] }> = []
  if (config.admin) wanted.push({ ...config.admin, roles: ADMIN_ROLES })
  if (config.seedViewer) wanted.push({ ...DEMO_VIEWER, roles: [] })
  for (const account of wanted) {
    if ((await isMailTaken(db, account.mail)) || (await findUserByLogin(db, account.name))) continue
    const passHash = await hashPassword(account.password)
    await db
      .transaction()
      .execute((trx) =>
        createUser(trx, { name: account.name, mail: account.mail, passHash, verified: true, roles: account.roles, created: now }),
      )
  }
}
