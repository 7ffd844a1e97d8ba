/**
 * Passkeys (WebAuthn) as a second factor of privileged accounts (docs/operating/staff-sign-in.md
 * "Passkeys"; the calls in contract/passkeys.ts), by `@simplewebauthn/server`: it makes the
 * ceremonies' options and checks their responses (client data, origin, relying party, challenge,
 * signature, counter); this module keeps the challenge and the credentials. Instants are epoch ms.
 *
 * - Relying party: the host name of `PUBLIC_URL` (development without one: of the request's
 *   origin); expected origin: `PUBLIC_URL`'s origin (else the request's). A passkey made for one
 *   site never works on another.
 * - The challenge a session is answering lives in `sessions.challenge` as
 *   `<kind>.<expires>.<challenge>` (kind `reg` or `auth`): one at a time, replaced by new options,
 *   cleared when a response uses it (right or wrong), so no response is accepted twice.
 * - Attestation `none`: the kit trusts the account holder's choice of authenticator; user
 *   verification is preferred, not required (the passkey is the second factor after the password).
 */
import { createHash } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Kysely } from 'kysely'
import { PASSKEY_CHALLENGE_TTL_MS, type PasskeyAuthenticationOptions, type PasskeyRegistrationOptions } from '../../contract/passkeys.js'
import type { Database } from '../db/schema.js'
import { HttpError } from '../http/errors.js'

/** Where passkeys are made and used: the relying party's id (a host name) and the page origin. */
export interface RelyingParty {
  /** The host name, e.g. `status.example.com` (no port, no scheme). */
  id: string
  /** The origin the browser reports, e.g. `https://status.example.com`. */
  origin: string
  /** The name authenticators show: the site's name. */
  name: string
}

/** The {@link RelyingParty} of a site whose pages are served from `origin` (`PUBLIC_URL` or the request's). */
export function relyingPartyOf(origin: string, name: string): RelyingParty {
  const url = new URL(origin)
  return { id: url.hostname, origin: url.origin, name }
}

/** Which ceremony a stored challenge belongs to. */
type Ceremony = 'reg' | 'auth'

/** The words of the ceremony failures (the API's messages). */
export const PASSKEY_TEXTS = {
  refused: 'The passkey was not accepted. Try again with a passkey of this account, or use another way to confirm it is you.',
  expired: 'The passkey request has expired or was already used. Start again.',
  registered: 'This passkey is already registered. Use another device or security key.',
  none: 'This account has no passkey. Confirm with your authenticator app or a recovery code.',
} as const

/** 400 `passkey_refused`: the response failed a check. */
const refused = () => new HttpError(400, 'passkey_refused', PASSKEY_TEXTS.refused)
/** 400 `passkey_expired`: no challenge of this ceremony waits. */
const expired = () => new HttpError(400, 'passkey_expired', PASSKEY_TEXTS.expired)

/**
 * What both ceremonies check besides the signature: the challenge, the site's origin and relying
 * party; user verification is not required (the passkey is the second factor after the password).
 */
function expectations(rp: RelyingParty, challenge: string) {
  return { expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false }
}

/** Runs one of the library's checks: its result when verified, else 400 `passkey_refused` (a check that throws too). */
async function verifiedBy<T extends { verified: boolean }>(check: () => Promise<T>): Promise<T & { verified: true }> {
  const result = await check().catch(() => null)
  if (!result?.verified) throw refused()
  return result as T & { verified: true }
}

/** Stores the challenge of `options` as the one this session (`idHash`) answers next; returns the options. */
async function keepChallenge<T extends { challenge: string }>(
  db: Kysely<Database>,
  idHash: string,
  kind: Ceremony,
  options: T,
  now: number,
): Promise<T> {
  await db
    .updateTable('sessions')
    .set({ challenge: `${kind}.${now + PASSKEY_CHALLENGE_TTL_MS}.${options.challenge}` })
    .where('id_hash', '=', idHash)
    .execute()
  return options
}

/**
 * Takes the waiting challenge of the session `idHash` for `kind`: clears it (only one request can)
 * and returns it, or throws 400 `passkey_expired` when none is waiting, it is another ceremony's, or it
 * has expired.
 */
async function takeChallenge(db: Kysely<Database>, idHash: string, kind: Ceremony, now: number): Promise<string> {
  const row = await db.selectFrom('sessions').select('challenge').where('id_hash', '=', idHash).executeTakeFirst()
  const stored = row?.challenge ?? null
  if (stored === null) throw expired()
  const taken = await db
    .updateTable('sessions')
    .set({ challenge: null })
    .where('id_hash', '=', idHash)
    .where('challenge', '=', stored)
    .executeTakeFirst()
  const [storedKind, expires, challenge] = stored.split('.')
  if (Number(taken.numUpdatedRows) !== 1 || storedKind !== kind || !(Number(expires) > now) || !challenge) {
    throw expired()
  }
  return challenge
}

/**
 * The WebAuthn user handle of account `uid` on relying party `rpId`: stable, so an authenticator
 * keeps one passkey per account and site, and free of personal data (a hash, not the address).
 */
function userHandle(rpId: string, uid: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(`trust-passkey-user\0${rpId}\0${uid}`).digest())
}

/** The stored transports of a passkey (a JSON array of strings); [] when unreadable. */
function transportsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

/** Who is making or using a passkey. */
export interface PasskeyAccount {
  /** The session's key (the SHA-256 of its cookie). */
  idHash: string
  uid: number
  /** The account's address: the name authenticators list the passkey under. */
  mail: string
  /** The account's name, shown beside it. */
  name: string
}

/**
 * Registration options for `account` (its existing passkeys excluded, so one authenticator is not
 * registered twice); keeps their challenge for {@link finishRegistration}.
 */
export async function startRegistration(
  db: Kysely<Database>,
  account: PasskeyAccount,
  rp: RelyingParty,
  now: number,
): Promise<PasskeyRegistrationOptions> {
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('uid', '=', account.uid).execute()
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.mail,
    userDisplayName: account.name,
    userID: userHandle(rp.id, account.uid),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  return keepChallenge(db, account.idHash, 'reg', options, now)
}

/**
 * Checks a registration response against the waiting challenge and stores the passkey as `name`.
 * @throws HttpError 400 `passkey_expired` (no challenge waiting), 400 `passkey_refused` (the
 *   library's checks failed), 409 `passkey_registered` (the credential is already stored).
 */
export async function finishRegistration(
  db: Kysely<Database>,
  account: PasskeyAccount,
  rp: RelyingParty,
  name: string,
  response: RegistrationResponseJSON,
  now: number,
): Promise<void> {
  const expected = expectations(rp, await takeChallenge(db, account.idHash, 'reg', now))
  const verified = await verifiedBy(() => verifyRegistrationResponse({ response, ...expected }))
  const { credential } = verified.registrationInfo
  const known = await db.selectFrom('passkeys').select('uid').where('credential_id', '=', credential.id).executeTakeFirst()
  if (known) throw new HttpError(409, 'passkey_registered', PASSKEY_TEXTS.registered)
  await db
    .insertInto('passkeys')
    .values({
      credential_id: credential.id,
      uid: account.uid,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
      name,
      created: now,
      last_used: null,
    })
    .execute()
}

/**
 * Authentication options for `account` (its passkeys as the allowed credentials); keeps their
 * challenge for {@link finishAuthentication}.
 * @throws HttpError 404 `no_passkeys` when the account has none.
 */
export async function startAuthentication(
  db: Kysely<Database>,
  account: PasskeyAccount,
  rp: RelyingParty,
  now: number,
): Promise<PasskeyAuthenticationOptions> {
  const passkeys = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('uid', '=', account.uid).execute()
  if (passkeys.length === 0) throw new HttpError(404, 'no_passkeys', PASSKEY_TEXTS.none)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
  })
  return keepChallenge(db, account.idHash, 'auth', options, now)
}

/**
 * Checks an authentication response against the waiting challenge and one of the account's
 * passkeys; records its new signature counter and when it was used.
 * @returns the name of the passkey used.
 * @throws HttpError 400 `passkey_expired` (no challenge waiting) or `passkey_refused` (a credential
 *   of no passkey of this account, another origin or relying party, a bad signature, a counter that
 *   did not move forward).
 */
export async function finishAuthentication(
  db: Kysely<Database>,
  account: PasskeyAccount,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: number,
): Promise<string> {
  const expected = expectations(rp, await takeChallenge(db, account.idHash, 'auth', now))
  const passkey = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', response.id)
    .where('uid', '=', account.uid)
    .executeTakeFirst()
  if (!passkey) throw refused()
  const verified = await verifiedBy(() =>
    verifyAuthenticationResponse({
      response,
      ...expected,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    }),
  )
  // Only a counter that moved forward (or stays 0: authenticators without one) is stored; the
  // library refused one that went back.
  await db
    .updateTable('passkeys')
    .set({ counter: verified.authenticationInfo.newCounter, last_used: now })
    .where('credential_id', '=', passkey.credential_id)
    .execute()
  return passkey.name
}
