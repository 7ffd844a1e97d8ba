/**
 * The stored CSAF documents (`csaf_documents`, docs/operating/security-advisories.md#the-csaf-documents):
 * each advisory with security details has its document as last generated, with the SHA-256 and
 * SHA-512 of its bytes and a detached OpenPGP signature by the provider key.
 *
 * Documents are brought up to date lazily, when the provider is read: the document an advisory
 * gives now is built and compared with the stored bytes; when they differ (a new revision, a
 * changed site name or origin) the new bytes are stored, hashed and signed. So every published
 * change produces a new document without a hook in the code that publishes it. A stored signature
 * that the current key did not make (the operator changed the key, or the site had none) is made
 * again.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import * as openpgp from 'openpgp'
import { recordHref } from '../../contract/links.js'
import { readAdvisory } from '../advisories/repo.js'
import type { ProviderKey } from '../advisories/signing.js'
import type { Database } from '../db/schema.js'
import { loadRecords } from '../repo/records.js'
import { readSiteName, vendorName } from '../repo/settings.js'
import { ANONYMOUS } from '../repo/visibility.js'
import { buildCsafDocument, csafFileName, TLP_DIRECTORY } from './document.js'

/** What the provider's documents depend on besides the database. */
export interface CsafContext {
  db: Kysely<Database>
  /** The site's origin (`PUBLIC_URL`; in development the request's). */
  origin: string
  /** `PUBLIC_URL`, null when unset (the site name's fallback). */
  publicUrl: string | null
  /** The provider key; null when documents go out unsigned. */
  provider: ProviderKey | null
  /** `SECURITY_CONTACT` as a URI, or null. */
  contact: string | null
}

/** A current document as the provider serves it. */
export interface CsafEntry {
  recordId: number
  /** Below `/.well-known/csaf/`, e.g. `white/2026/northwind-sa-2026-0001.json`. */
  path: string
  json: string
  sha256: string
  sha512: string
  asc: string | null
  trackingId: string
  title: string
  /** The record's summary (plain text), or its title. */
  summary: string
  /** `tracking.initial_release_date` and `tracking.current_release_date`, ISO 8601 UTC. */
  initial: string
  current: string
}

/** Hex digest of `text`'s UTF-8 bytes. */
function digest(algorithm: 'sha256' | 'sha512', text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex')
}

/** Signatures known to verify with a key, by key: `sha256` of the signed bytes → the signature checked. */
const verified = new WeakMap<ProviderKey, Map<string, string>>()

/** Whether `asc` is a valid signature of `json` by `key` (memoised per key). */
async function signedBy(key: ProviderKey, json: string, sha256: string, asc: string): Promise<boolean> {
  let known = verified.get(key)
  if (!known) {
    known = new Map()
    verified.set(key, known)
  }
  if (known.get(sha256) === asc) return true
  try {
    const [publicKey, signature, message] = await Promise.all([
      openpgp.readKey({ armoredKey: key.armoredPublicKey }),
      openpgp.readSignature({ armoredSignature: asc }),
      openpgp.createMessage({ binary: new TextEncoder().encode(json) }),
    ])
    const { signatures } = await openpgp.verify({ message, signature, verificationKeys: publicKey })
    await signatures[0].verified
    known.set(sha256, asc)
    return true
  } catch {
    return false
  }
}

/** The advisories with security details: record, tracking id and the year of their first revision. */
async function advisoryRows(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('advisory_details as d')
    .innerJoin('records as r', 'r.id', 'd.record_id')
    .select(['d.record_id', 'd.tracking_id'])
    .select((eb) =>
      eb
        .selectFrom('advisory_revisions as v')
        .select((e) => e.fn.min('v.date').as('first'))
        .whereRef('v.record_id', '=', 'd.record_id')
        .as('first'),
    )
    .where('r.type', '=', 'advisory')
    .orderBy('d.record_id')
    .execute()
  return rows
    .filter((r) => r.first !== null)
    .map((r) => ({
      recordId: r.record_id,
      trackingId: r.tracking_id,
      path: `${TLP_DIRECTORY}/${new Date(Number(r.first)).getUTCFullYear()}/${csafFileName(r.tracking_id)}`,
    }))
}

/**
 * The current documents, brought up to date first (see the module comment), ordered by path.
 *
 * @param path only the document at this path below `/.well-known/csaf/` (in the `white` tree);
 *   `[]` when no advisory has it
 */
export async function currentDocuments(ctx: CsafContext, path?: string): Promise<CsafEntry[]> {
  const { db } = ctx
  const wanted = (await advisoryRows(db)).filter((r) => path === undefined || r.path === path)
  if (wanted.length === 0) return []
  const ids = wanted.map((r) => r.recordId)
  const [records, stored, vendor, siteName, clouds] = await Promise.all([
    loadRecords(db, ids, ANONYMOUS),
    db.selectFrom('csaf_documents').selectAll().where('record_id', 'in', ids).execute(),
    vendorName(db),
    readSiteName(db, ctx.publicUrl),
    db
      .selectFrom('clouds')
      .innerJoin('products', 'products.id', 'clouds.product_id')
      .select(['clouds.machine_name', 'clouds.title', 'products.title as product'])
      .execute(),
  ])
  const cloudNames = new Map(clouds.map((c) => [c.machine_name, `${c.product} (${c.title})`]))
  const storedOf = new Map(stored.map((s) => [s.record_id, s]))
  const entries: CsafEntry[] = []
  for (const loaded of records) {
    const { record } = loaded
    const advisory = await readAdvisory(db, record.id)
    if (!advisory || advisory.revisions.length === 0) continue
    const built = buildCsafDocument({
      record,
      advisory,
      origin: ctx.origin,
      publisher: siteName,
      vendor: vendor || siteName,
      contact: ctx.contact,
      postUrl: recordHref('advisory', record.id, loaded.cloudDomains[0] ?? '', ctx.origin),
      cloudNames,
    })
    const previous = storedOf.get(record.id)
    let row = previous
    if (!previous || previous.json !== built.json || previous.path !== built.path) {
      const sha256 = digest('sha256', built.json)
      row = {
        record_id: record.id,
        path: built.path,
        json: built.json,
        sha256,
        sha512: digest('sha512', built.json),
        asc: ctx.provider ? await ctx.provider.sign(built.json) : null,
        released: built.released,
      }
      const { record_id, ...values } = row
      await db
        .insertInto('csaf_documents')
        .values(row)
        .onConflict((oc) => oc.column('record_id').doUpdateSet(values))
        .execute()
    } else if (ctx.provider && !(previous.asc && (await signedBy(ctx.provider, previous.json, previous.sha256, previous.asc)))) {
      const asc = await ctx.provider.sign(previous.json)
      await db.updateTable('csaf_documents').set({ asc }).where('record_id', '=', record.id).execute()
      row = { ...previous, asc }
    }
    if (!row) continue
    entries.push({
      recordId: record.id,
      path: row.path,
      json: row.json,
      sha256: row.sha256,
      sha512: row.sha512,
      asc: ctx.provider ? row.asc : null,
      trackingId: advisory.tracking_id,
      title: record.title,
      summary: record.summary.trim() || record.title,
      initial: advisory.revisions[0].date,
      current: advisory.revisions[advisory.revisions.length - 1].date,
    })
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
