/**
 * Password hashing (scrypt) and the password rule (docs/requirements/validation.md, `PASSWORD_POLICY` of the contract).
 *
 * A stored hash reads `scrypt$N$r$p$salt$hash` with base64 salt (16 bytes) and key (64 bytes), so
 * the cost can be raised later without invalidating older hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { PASSWORD_POLICY } from '../../contract/constants.js'

/** scrypt cost parameters of new hashes. N=16384 needs 16 MiB and ~40 ms per hash. */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const
const SALT_BYTES = 16
const KEY_BYTES = 64
/** Upper bound of the parameters a stored hash may ask for (guards against a tampered row). */
const MAX_N = 1 << 20

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

const maxmem = (N: number, r: number) => 256 * N * r

/** Hashes `password` with a fresh random salt → `scrypt$16384$8$1$<salt>$<key>`. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS
  const salt = randomBytes(SALT_BYTES)
  const key = await scryptAsync(password, salt, KEY_BYTES, { N, r, p, maxmem: maxmem(N, r) })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

/**
 * Whether `password` matches `stored` (constant-time comparison). A malformed stored value is
 * `false`, never an exception.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (![N, r, p].every(Number.isInteger) || N < 2 || N > MAX_N || r < 1 || r > 32 || p < 1 || p > 16) return false
  const salt = Buffer.from(parts[4], 'base64')
  const expected = Buffer.from(parts[5], 'base64')
  if (expected.length === 0) return false
  const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) })
  return timingSafeEqual(key, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the time of one password check against a throw-away hash: called for unknown users so
 * that the answer time does not tell whether an account exists.
 */
export async function dummyVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64'))
  await verifyPassword(password, await dummyHash)
}

/**
 * Checks `password` against {@link PASSWORD_POLICY}: length from `minLength` to `maxLength`
 * characters, at least `uppercase` upper-case letters and `digits` digits.
 *
 * @returns `null` when it complies, else the policy's message.
 * @example passwordProblem('Abcd1') // null
 * @example passwordProblem('abcde') // 'Password should be of minimum 5 character & …'
 */
export function passwordProblem(password: string): string | null {
  const chars = [...password]
  const upper = chars.filter((c) => /\p{Lu}/u.test(c)).length
  const digits = chars.filter((c) => /[0-9]/.test(c)).length
  const ok =
    chars.length >= PASSWORD_POLICY.minLength &&
    chars.length <= PASSWORD_POLICY.maxLength &&
    upper >= PASSWORD_POLICY.uppercase &&
    digits >= PASSWORD_POLICY.digits
  return ok ? null : PASSWORD_POLICY.message
}
