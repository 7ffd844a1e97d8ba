/**
 * The second factor of privileged accounts (docs/operating/staff-sign-in.md): an authenticator
 * app (TOTP, RFC 6238, by the `otpauth` library) and one-time recovery codes. Passkeys live in
 * `./passkeys.ts`. Instants are epoch ms; the clock is the server's (`now`), so tests use their own.
 *
 * - A TOTP secret is 20 random bytes (160 bits, RFC 4226's recommendation), SHA-1, 6 digits, 30 s.
 * - A code is accepted one step either side of the server's clock (clock-skew tolerance) and only
 *   for a step later than the last accepted one: a code is never accepted twice (RFC 6238 §5.2).
 * - Recovery codes are `xxxxx-xxxxx` (base32 letters and digits, 50 bits each), stored as SHA-256
 *   of the code without dashes or spaces, lower-cased; each works once.
 * - Wrong codes are throttled like passwords ({@link SECOND_FACTOR_USER_RULE}, {@link SECOND_FACTOR_IP_RULE}).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { RECOVERY_CODE_COUNT, type SecondFactorMethod, type TotpEnrolment } from '../../contract/staff-identity.js'
import type { Database } from '../db/schema.js'
import type { FloodRule } from './flood.js'
import { sha256 } from './tokens.js'

const HOUR = 3_600_000

/** Failed second-factor codes per account: 5 per 6 hours, as failed passwords (`LOGIN_USER_RULE`). */
export const SECOND_FACTOR_USER_RULE: FloodRule = { event: 'second_factor_user', limit: 5, windowMs: 6 * HOUR }
/** Failed second-factor codes per IP address: 50 per hour, as failed passwords (`LOGIN_IP_RULE`). */
export const SECOND_FACTOR_IP_RULE: FloodRule = { event: 'second_factor_ip', limit: 50, windowMs: HOUR }

/** The TOTP step length, seconds (RFC 6238's default; every authenticator app uses it). */
export const TOTP_PERIOD_S = 30

/** The authenticator of `secret` (base32) labelled with the site and the account. */
function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) })
}

/** The 30-second step of `at` (epoch ms). */
export const stepOf = (at: number): number => Math.floor(at / 1000 / TOTP_PERIOD_S)

/** The code of `secret` (base32) at `at` (epoch ms): what an authenticator app shows then. */
export function totpCode(secret: string, at: number): string {
  return totpOf(secret).generate({ timestamp: at })
}

/**
 * Starts (or restarts) the authenticator enrolment of `uid`: a new secret waiting for its first
 * code, replacing an unconfirmed one. `issuer` is the site's name, `label` the account's address.
 * @returns null when the account already has a confirmed authenticator.
 */
export async function startTotpEnrolment(
  db: Kysely<Database>,
  uid: number,
  issuer: string,
  label: string,
  now: number,
): Promise<TotpEnrolment | null> {
  const existing = await db.selectFrom('totp_factors').select('confirmed').where('uid', '=', uid).executeTakeFirst()
  if (existing?.confirmed != null) return null
  const secret = new Secret({ size: 20 }).base32
  await db.deleteFrom('totp_factors').where('uid', '=', uid).execute()
  await db.insertInto('totp_factors').values({ uid, secret, created: now, confirmed: null, last_step: null }).execute()
  const otpauthUrl = totpOf(secret, issuer, label).toString()
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg }
}

/** Digits only: spaces and dashes people type between groups are ignored. */
const digitsOf = (code: string): string => code.replace(/[\s-]/g, '')

/**
 * Checks an authenticator code of `uid` at `now` and, when right, records its step so it never
 * works again. `confirming` checks the unconfirmed enrolment (and confirms it) instead of the
 * confirmed authenticator.
 * @returns whether the code was accepted.
 */
export async function checkTotp(db: Kysely<Database>, uid: number, code: string, now: number, confirming = false): Promise<boolean> {
  const row = await db.selectFrom('totp_factors').select(['secret', 'confirmed', 'last_step']).where('uid', '=', uid).executeTakeFirst()
  if (!row || (row.confirmed === null) !== confirming) return false
  const token = digitsOf(code)
  if (!/^\d{6}$/.test(token)) return false
  const delta = totpOf(row.secret).validate({ token, timestamp: now, window: 1 })
  if (delta === null) return false
  const step = stepOf(now) + delta
  if (row.last_step !== null && step <= row.last_step) return false
  // Only one request can move `last_step` past this step: a code raced twice is accepted once.
  const moved = await db
    .updateTable('totp_factors')
    .set({ last_step: step, ...(confirming ? { confirmed: now } : {}) })
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(moved.numUpdatedRows) === 1
}

/** Normal form of a recovery code for hashing: lower-case, without spaces or dashes. */
const recoveryKey = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase()

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/** One new recovery code, `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/**
 * Replaces every recovery code of `uid` with {@link RECOVERY_CODE_COUNT} new ones.
 * @returns the new codes, to show once; only their hashes are stored.
 */
export async function replaceRecoveryCodes(db: Kysely<Database>, uid: number, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('uid', '=', uid).execute()
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ uid, code_hash: sha256(recoveryKey(code)), created: now, used_at: null })))
      .execute()
  })
  return codes
}

/** Unused recovery codes of `uid`. */
export async function recoveryCodesLeft(db: Kysely<Database>, uid: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Spends a recovery code of `uid` at `now`. @returns whether it was an unused code of the account. */
export async function spendRecoveryCode(db: Kysely<Database>, uid: number, code: string, now: number): Promise<boolean> {
  const key = recoveryKey(code)
  if (key.length !== 10) return false
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('uid', '=', uid)
    .where('code_hash', '=', sha256(key))
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(spent.numUpdatedRows) === 1
}

/** Marks the session `idHash` as having proved `method`. */
export async function markProved(db: Kysely<Database>, idHash: string, method: SecondFactorMethod): Promise<void> {
  await db.updateTable('sessions').set({ second_factor: method }).where('id_hash', '=', idHash).execute()
}

/** Whether `uid` has a confirmed authenticator app. */
export async function hasTotp(db: Kysely<Database>, uid: number): Promise<boolean> {
  const row = await db.selectFrom('totp_factors').select('uid').where('uid', '=', uid).where('confirmed', 'is not', null).executeTakeFirst()
  return row !== undefined
}
