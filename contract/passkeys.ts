/**
 * Passkeys (WebAuthn) as a second factor of privileged accounts (docs/operating/staff-sign-in.md
 * "Passkeys"). The ceremonies' options and responses are the JSON `@simplewebauthn/server` and
 * `@simplewebauthn/browser` exchange (their `PublicKeyCredentialCreationOptionsJSON`,
 * `RegistrationResponseJSON`, `PublicKeyCredentialRequestOptionsJSON`,
 * `AuthenticationResponseJSON`); the schemas below check their outline, the library checks the
 * rest (signatures, origin, relying party, challenge). Every call needs a signed-in session and its
 * `X-CSRF-Token` (403 `not_signed_in` | `csrf`); answers are `{ data }` or `{ error: { code, message } }`.
 *
 * - `POST /api/user/passkeys/registration-options` → `{ data: PasskeyRegistrationOptions }`. An
 *   account that already has a factor must have proved it in this session (403
 *   `second_factor_required`).
 * - `POST /api/user/passkeys` {@link PasskeyRegistrationBody} → `{ data: RecoveryCodesData }`
 *   (contract/staff-identity.ts): the passkey is stored and this session counts as proved; when the
 *   account had no recovery codes, ten new ones are shown this once (else `codes` is empty).
 *   400 `passkey_refused` | `passkey_expired`; 409 `passkey_registered`.
 * - `POST /api/user/passkeys/authentication-options` → `{ data: PasskeyAuthenticationOptions }`
 *   (the account's passkeys are the allowed credentials; 404 `no_passkeys` when it has none).
 * - `POST /api/user/passkeys/authenticate` {@link PasskeyAuthenticationBody} → `{ data: ProvedData }`
 *   (`proved: 'passkey'`). 400 `passkey_refused` (unknown credential, wrong origin, bad signature,
 *   a counter that went back) | `passkey_expired` (no challenge waiting: it was used or expired);
 *   429 `too_many_attempts` (throttled like wrong codes).
 * - `DELETE /api/user/passkeys/{id}` (a proved session, 403 `second_factor_required`) →
 *   `{ data: PasskeyRemovedData }`; 404 `not_found`.
 *
 * A session answers one challenge at a time: asking for new options replaces the waiting one, and
 * a challenge is cleared when a response uses it (right or wrong), so a response is never accepted
 * twice. It expires after {@link PASSKEY_CHALLENGE_TTL_MS}.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import Type, { type Static } from 'typebox'
import { PASSKEY_NAME_MAX } from './constants.js'

export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
}

/** How long a ceremony may take, ms (the browser's timeout); the challenge lives as long. */
export const PASSKEY_CHALLENGE_TTL_MS = 300_000

/** A base64url value of a WebAuthn response (ids, client data, attestation, signatures). */
const Base64Url = Type.String({ maxLength: 16_384, pattern: '^[A-Za-z0-9_-]*$' })

/** The outline of the options a ceremony starts with (every other field as the library makes it). */
const OptionsOutline = Type.Object({ challenge: Type.String() }, { additionalProperties: true })

/** Registration options, for `startRegistration({ optionsJSON })`. */
export const PasskeyRegistrationOptions = Type.Unsafe<PublicKeyCredentialCreationOptionsJSON>(OptionsOutline)
export type PasskeyRegistrationOptions = PublicKeyCredentialCreationOptionsJSON

/** Authentication options, for `startAuthentication({ optionsJSON })`. */
export const PasskeyAuthenticationOptions = Type.Unsafe<PublicKeyCredentialRequestOptionsJSON>(OptionsOutline)
export type PasskeyAuthenticationOptions = PublicKeyCredentialRequestOptionsJSON

const credentialOutline = {
  id: Base64Url,
  rawId: Base64Url,
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Object({}, { additionalProperties: true }),
  authenticatorAttachment: Type.Optional(Type.String()),
}

/** What `startRegistration` resolves to. */
export const RegistrationResponse = Type.Unsafe<RegistrationResponseJSON>(
  Type.Object(
    {
      ...credentialOutline,
      response: Type.Object(
        {
          clientDataJSON: Base64Url,
          attestationObject: Base64Url,
          transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
        },
        { additionalProperties: true },
      ),
    },
    { additionalProperties: true },
  ),
)

/** What `startAuthentication` resolves to. */
export const AuthenticationResponse = Type.Unsafe<AuthenticationResponseJSON>(
  Type.Object(
    {
      ...credentialOutline,
      response: Type.Object(
        { clientDataJSON: Base64Url, authenticatorData: Base64Url, signature: Base64Url, userHandle: Type.Optional(Base64Url) },
        { additionalProperties: true },
      ),
    },
    { additionalProperties: true },
  ),
)

/** `POST /api/user/passkeys`: the passkey's name (1–60 characters, trimmed) and the registration response. */
export const PasskeyRegistrationBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX }),
  response: RegistrationResponse,
})
export type PasskeyRegistrationBody = Static<typeof PasskeyRegistrationBody>

/** `POST /api/user/passkeys/authenticate`: the authentication response. */
export const PasskeyAuthenticationBody = Type.Object({ response: AuthenticationResponse })
export type PasskeyAuthenticationBody = Static<typeof PasskeyAuthenticationBody>

/** `DELETE /api/user/passkeys/{id}` → `{ data: PasskeyRemovedData }`: the id of the passkey removed. */
export const PasskeyRemovedData = Type.Object({ removed: Type.String() })
export type PasskeyRemovedData = Static<typeof PasskeyRemovedData>
