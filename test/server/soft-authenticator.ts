/**
 * A software WebAuthn authenticator for the server tests of passkeys: real P-256 keys
 * (node:crypto), real authenticator data, attestation objects and COSE keys in CBOR
 * (`@levischuck/tiny-cbor`), real ES256 signatures over the client data — so the server's
 * `@simplewebauthn/server` runs its full checks on what it gets. What a browser would add
 * (the client data: type, challenge, origin) is written here, and each ceremony can be told to
 * lie (another origin or relying party, a counter that goes back) to test the refusals.
 */
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '../../contract/passkeys.js'

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest()

/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

/** A 32-bit big-endian counter. */
function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(counter)
  return b
}

/** One passkey the authenticator holds. */
export interface SoftCredential {
  id: string
  privateKey: KeyObject
  /** The signature counter it sends next time (it goes up by one per use). */
  counter: number
}

/** What a ceremony may be told to do differently from an honest browser and authenticator. */
export interface Lies {
  /** The origin the client data reports (default: the authenticator's). */
  origin?: string
  /** The relying party whose hash the authenticator data carries (default: the options'). */
  rpId?: string
  /** The challenge signed (default: the options'). */
  challenge?: string
  /** The counter sent (default: the credential's next one). */
  counter?: number
  /** Registration: make no new key, present this held credential again (as an authenticator that ignores `excludeCredentials`). */
  again?: string
}

/** A software authenticator used from pages of `origin`. */
export class SoftAuthenticator {
  readonly credentials = new Map<string, SoftCredential>()

  constructor(readonly origin: string) {}

  /** Makes a passkey for the registration `options` (as `startRegistration` would return it). */
  register(options: PublicKeyCredentialCreationOptionsJSON, lies: Lies = {}): RegistrationResponseJSON {
    const held = lies.again === undefined ? undefined : this.credentials.get(lies.again)
    const privateKey = held?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' })
    // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const cose = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const rawId = held ? Buffer.from(held.id, 'base64url') : randomBytes(32)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(rawId.length)
    const authData = Buffer.concat([
      sha256(lies.rpId ?? options.rp.id ?? new URL(this.origin).hostname),
      Buffer.from([UP | UV | AT]),
      counterBytes(lies.counter ?? 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      rawId,
      cose,
    ])
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: lies.challenge ?? options.challenge,
      origin: lies.origin ?? this.origin,
      crossOrigin: false,
    })
    const attestation = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    const id = b64url(rawId)
    if (!held) this.credentials.set(id, { id, privateKey, counter: 1 })
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestation), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /**
   * Signs the authentication `options` with the credential `id` (default: the first allowed one
   * this authenticator holds).
   */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, lies: Lies = {}, id?: string): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? []
    const credential = this.credentials.get(id ?? allowed.find((a) => this.credentials.has(a)) ?? '')
    if (!credential) throw new Error('the soft authenticator holds none of the allowed credentials')
    const counter = lies.counter ?? credential.counter++
    const authData = Buffer.concat([
      sha256(lies.rpId ?? options.rpId ?? new URL(this.origin).hostname),
      Buffer.from([UP | UV]),
      counterBytes(counter),
    ])
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: lies.challenge ?? options.challenge,
        origin: lies.origin ?? this.origin,
        crossOrigin: false,
      }),
    )
    // ES256: ECDSA P-256 over SHA-256 of authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey)
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
