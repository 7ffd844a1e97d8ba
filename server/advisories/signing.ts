/**
 * The provider's OpenPGP key (docs/operating/security-advisories.md#the-signing-key): it signs the
 * CSAF documents (detached `.asc`) and the advisory mails (PGP/MIME, RFC 3156); its public half
 * and fingerprint are published on the site and in `provider-metadata.json`. Every operation is
 * the `openpgp` library's; nothing cryptographic is done here.
 *
 * The operator gives the key pair as an armored private key (`CSAF_OPENPGP_KEY_FILE`, with
 * `CSAF_OPENPGP_PASSPHRASE` when it is protected). Outside production, without one, a key is
 * generated once and kept in the data directory, so a development site signs too.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as openpgp from 'openpgp'

/** The loaded provider key. */
export interface ProviderKey {
  /** The public key, ASCII-armored (what `/.well-known/csaf/openpgp/{fingerprint}.asc` serves). */
  armoredPublicKey: string
  /** The primary key's fingerprint, 40 upper-case hex digits (v4 keys; 64 for v6 keys). */
  fingerprint: string
  /** The key's first user id, e.g. `Nimbus PSIRT <psirt@nimbusone.net>`. */
  userId: string
  /**
   * A detached signature of `data` (a string is signed as its UTF-8 bytes, as a binary document:
   * signature type 0x00), ASCII-armored.
   */
  sign(data: string | Uint8Array): Promise<string>
}

/** The file a development site keeps its generated key in, below the data directory. */
export const DEVELOPMENT_KEY_FILE = 'csaf-openpgp-key.asc'

/** A key the server cannot use, with a sentence saying what to do. */
export class ProviderKeyError extends Error {}

/**
 * Reads an armored private key (decrypting it with `passphrase` when it is protected).
 * Throws {@link ProviderKeyError} when it is not an OpenPGP private key, the passphrase is missing
 * or wrong, or the key cannot sign.
 */
export async function readProviderKey(armoredKey: string, passphrase?: string | null): Promise<ProviderKey> {
  let key: openpgp.PrivateKey
  try {
    key = await openpgp.readPrivateKey({ armoredKey })
  } catch (error) {
    throw new ProviderKeyError(
      `The CSAF signing key is not an ASCII-armored OpenPGP private key (${(error as Error).message}). Export it with "gpg --armor --export-secret-keys <fingerprint>".`,
    )
  }
  if (!key.isDecrypted()) {
    if (!passphrase) throw new ProviderKeyError('The CSAF signing key is protected by a passphrase: set CSAF_OPENPGP_PASSPHRASE.')
    try {
      key = await openpgp.decryptKey({ privateKey: key, passphrase })
    } catch {
      throw new ProviderKeyError('The CSAF signing key could not be unlocked: check CSAF_OPENPGP_PASSPHRASE.')
    }
  }
  try {
    await key.getSigningKey()
  } catch (error) {
    throw new ProviderKeyError(`The CSAF signing key cannot sign (${(error as Error).message}): give a key with a valid signing (sub)key.`)
  }
  const signingKey = key
  return {
    armoredPublicKey: signingKey.toPublic().armor(),
    fingerprint: signingKey.getFingerprint().toUpperCase(),
    userId: signingKey.getUserIDs()[0] ?? '',
    async sign(data) {
      const binary = typeof data === 'string' ? new TextEncoder().encode(data) : data
      const message = await openpgp.createMessage({ binary })
      return openpgp.sign({ message, signingKeys: signingKey, detached: true, format: 'armored' }) as Promise<string>
    },
  }
}

/** A new signing key pair (Ed25519), armored and unprotected: for development sites and tests. */
export async function generateProviderKey(name: string, email: string): Promise<string> {
  const { privateKey } = await openpgp.generateKey({ type: 'ecc', userIDs: [{ name, email }], format: 'armored' })
  return privateKey
}

/**
 * The key a server signs with: the operator's `armoredKey` when given; else, outside production,
 * the one kept in `dataDir` (generated on first use); else `null` (production without a key:
 * documents and mails go out unsigned, and the server says so at start).
 */
export async function loadProviderKey(options: {
  armoredKey?: string | null
  passphrase?: string | null
  production: boolean
  dataDir: string
}): Promise<ProviderKey | null> {
  if (options.armoredKey) return readProviderKey(options.armoredKey, options.passphrase)
  if (options.production) return null
  const file = join(options.dataDir, DEVELOPMENT_KEY_FILE)
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true })
    writeFileSync(file, await generateProviderKey('Trust site PSIRT (development)', 'psirt@localhost'), { mode: 0o600 })
  }
  return readProviderKey(readFileSync(file, 'utf8'))
}

/** What the server prints at start in production without a signing key; `null` when one is set. */
export const UNSIGNED_PROVIDER_WARNING =
  'No CSAF_OPENPGP_KEY_FILE is set: CSAF documents are published without OpenPGP signatures and advisory mails go out unsigned. Give the provider key pair (an armored private key) to sign them.'
