/** Random secrets (session ids, one-time tokens) and the hashes under which they are stored. */
import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, base64url (43 characters): session ids, CSRF and logout tokens, mail tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 of `value`, lower-case hex: how session ids and one-time tokens are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
