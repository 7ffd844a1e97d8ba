/**
 * The CSAF 2.0 provider's paths (docs/operating/security-advisories.md#the-csaf-provider): what
 * the routes below `/.well-known/csaf/` take. Their answers are the files themselves (JSON, text,
 * CSV or OpenPGP armor), sent as text; errors are the API's JSON errors.
 */
import Type, { type Static } from 'typebox'

/** `/.well-known/csaf/{tlp}/{file}`: `tlp` is `white` (or its alias `clear`); `file` `index.txt`, `changes.csv` or the ROLIE feed. */
export const CsafDirectoryParams = Type.Object({
  tlp: Type.String({ maxLength: 20 }),
  file: Type.String({ maxLength: 200 }),
})
export type CsafDirectoryParams = Static<typeof CsafDirectoryParams>

/** `/.well-known/csaf/{tlp}/{year}/{file}`: a document (`….json`) or its `.sha256`, `.sha512`, `.asc`. */
export const CsafDocumentParams = Type.Object({
  tlp: Type.String({ maxLength: 20 }),
  year: Type.String({ maxLength: 10 }),
  file: Type.String({ maxLength: 200 }),
})
export type CsafDocumentParams = Static<typeof CsafDocumentParams>

/** `/.well-known/csaf/openpgp/{file}`: the provider's public key, `{FINGERPRINT}.asc`. */
export const CsafKeyParams = Type.Object({ file: Type.String({ maxLength: 200 }) })
export type CsafKeyParams = Static<typeof CsafKeyParams>

/** A provider file as sent: the JSON, text, CSV or armor itself. */
export const CsafFile = Type.String()
export type CsafFile = Static<typeof CsafFile>
