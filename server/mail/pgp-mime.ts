/**
 * OpenPGP-signed mail (PGP/MIME, RFC 3156 §5; docs/subscriptions.md#advisories-by-severity-and-signed-mail):
 * the advisory mails go out as `multipart/signed; micalg=pgp-…; protocol="application/pgp-signature"`,
 * whose first part is the mail's body (its plain-text and HTML alternatives, quoted-printable, every
 * line ending CRLF) and whose second is the detached, ASCII-armored signature of exactly that
 * part's bytes, made with the provider's key (`server/advisories/signing.ts`). A mail client shows
 * the body and whether the signature verifies against the key published at
 * `/.well-known/csaf/openpgp/{FINGERPRINT}.asc`.
 *
 * The MIME trees are nodemailer's (`MimeNode`, what its `MailComposer` builds mail with); the
 * signature is the `openpgp` library's. Nothing here encodes or hashes by hand.
 */
import * as openpgp from 'openpgp'
import MimeNode from 'nodemailer/lib/mime-node'
import type { ProviderKey } from '../advisories/signing.js'

/** What a signed mail is made of (the outbox row's fields, the From and the Message-ID). */
export interface SignedMailInput {
  from: string
  to: string
  subject: string
  text: string
  html?: string | null
  /** Extra headers of the message (`List-Unsubscribe`, …). */
  headers?: Record<string, string>
  /** `<…@…>`. */
  messageId: string
}

/** RFC 3156 §5 `micalg` names of the OpenPGP hash algorithms a signature may use (RFC 4880 §9.4). */
const MICALG: Record<string, string> = {
  md5: 'pgp-md5',
  sha1: 'pgp-sha1',
  ripemd: 'pgp-ripemd160',
  sha256: 'pgp-sha256',
  sha384: 'pgp-sha384',
  sha512: 'pgp-sha512',
  sha224: 'pgp-sha224',
  sha3_256: 'pgp-sha3-256',
  sha3_512: 'pgp-sha3-512',
}

/** The `micalg` of an armored signature: the hash algorithm it was made with, as RFC 3156 names it. */
export async function micalgOf(armoredSignature: string): Promise<string> {
  const signature = await openpgp.readSignature({ armoredSignature })
  const algorithm = signature.packets[0]?.hashAlgorithm
  const name = algorithm === undefined || algorithm === null ? undefined : openpgp.enums.read(openpgp.enums.hash, algorithm)
  const micalg = name ? MICALG[name] : undefined
  if (!micalg) throw new Error(`The signature's hash algorithm (${String(name)}) has no PGP/MIME name.`)
  return micalg
}

/** Builds a node to a buffer. */
const built = (node: MimeNode) => node.build() as unknown as Promise<Buffer>

/**
 * `part` with every line ending CRLF (RFC 3156 §5.1, the canonical form): a node built on its own
 * keeps the line breaks of its content, which the whole message turns into CRLF when it is built.
 * The part is 7-bit (quoted-printable), so reading it as Latin-1 changes no byte.
 */
const canonical = (part: Buffer) => Buffer.from(part.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1')

/**
 * The part that is signed: `multipart/alternative` of the plain text and the HTML (or the plain
 * text alone), each quoted-printable — 7-bit clean, as RFC 3156 §3 asks, so no relay changes a
 * byte — with CRLF line endings (the canonical form the signature covers).
 */
async function bodyPart(text: string, html: string | null | undefined): Promise<Buffer> {
  // Built inside a holder, so the part carries only its own MIME headers (a root node would add
  // Date, Message-ID and MIME-Version).
  const holder = new MimeNode('multipart/mixed', { newline: 'win' })
  const textNode = (parent: MimeNode, type: string, content: string) =>
    parent.createChild(`${type}; charset=utf-8`).setHeader('Content-Transfer-Encoding', 'quoted-printable').setContent(content)
  if (html) {
    const alternative = holder.createChild('multipart/alternative')
    textNode(alternative, 'text/plain', text)
    textNode(alternative, 'text/html', html)
    return canonical(await built(alternative))
  }
  return canonical(await built(textNode(holder, 'text/plain', text)))
}

/**
 * The whole message of `mail`, signed by `key` (RFC 3156 §5): headers, then the
 * `multipart/signed` body — the signed part exactly as {@link bodyPart} built it, and the
 * `application/pgp-signature` part with its armored detached signature.
 * @returns The raw message, CRLF line endings, ready to hand to SMTP as it is.
 */
export async function signedMessage(mail: SignedMailInput, key: Pick<ProviderKey, 'sign'>): Promise<Buffer> {
  const part = await bodyPart(mail.text, mail.html)
  const signature = await key.sign(part)
  const micalg = await micalgOf(signature)
  const root = new MimeNode(`multipart/signed; micalg=${micalg}; protocol="application/pgp-signature"`, { newline: 'win' })
  root.setHeader({ From: mail.from, To: mail.to, Subject: mail.subject, 'Message-ID': mail.messageId })
  for (const [name, value] of Object.entries(mail.headers ?? {})) root.setHeader(name, value)
  root.createChild('text/plain').setRaw(part)
  root
    .createChild('application/pgp-signature; name="signature.asc"')
    .setHeader({
      'Content-Description': 'OpenPGP digital signature',
      'Content-Disposition': 'attachment; filename="signature.asc"',
      'Content-Transfer-Encoding': '7bit',
    })
    .setContent(signature)
  return built(root)
}
