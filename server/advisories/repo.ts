/**
 * The security details of advisory records (docs/operating/security-advisories.md;
 * `contract/advisories.ts`): read for the post, the desk, list rows and the CSAF documents; saved
 * from the desk with every check the contract names, each refusal a sentence saying what to fix.
 */
import type { Kysely, Transaction } from 'kysely'
import {
  type Acknowledgement,
  type AdvisoryDetails,
  type AdvisoryProduct,
  type AdvisoryRevision,
  type AdvisorySummary,
  type AdvisoryVulnerability,
  CVSS_RATINGS,
  CWE_PATTERN,
  type CvssRating,
  isCveId,
  type SaveAdvisoryBody,
  VEX_JUSTIFICATIONS,
  VEX_STATUSES,
  type VexJustification,
  type VexStatus,
} from '../../contract/advisories.js'
import { weaknesses } from '@secvisogram/csaf-validator-lib/cwe.js'
import type { Database } from '../db/schema.js'
import { badRequest, notFound } from '../http/errors.js'
import { vendorName } from '../repo/settings.js'
import { CvssVectorError, highestScore, scoreVector } from './cvss.js'

/** The CWE list by id (the CSAF validator's copy of MITRE's catalogue): id → name. */
const CWE_NAMES = new Map<string, string>(weaknesses.map((w: { id: string; name: string }) => [w.id, w.name]))

/** What `advisory_details.details` holds. */
interface StoredDetails {
  vex_only: boolean
  vulnerabilities: AdvisoryVulnerability[]
  products: AdvisoryProduct[]
  acknowledgements: Acknowledgement[]
}

/** The summary of the first release. */
export const INITIAL_RELEASE = 'Initial public release'

/** Runs `work` in `db`'s transaction, or in a new one when `db` is not a transaction (a caller's audit joins it). */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work)
}

/** A 400 `invalid` saying what is wrong with the advisory and what to do. */
function invalid(message: string) {
  return badRequest(message, 'invalid')
}

/** The revision history of `recordId`, oldest first. */
async function readRevisions(db: Kysely<Database>, recordId: number): Promise<AdvisoryRevision[]> {
  const rows = await db
    .selectFrom('advisory_revisions')
    .select(['number', 'date', 'summary'])
    .where('record_id', '=', recordId)
    .orderBy('number')
    .execute()
  return rows.map((r) => ({ number: String(r.number), date: new Date(Number(r.date)).toISOString(), summary: r.summary }))
}

/** The security details of advisory `recordId`, `null` when none were saved. */
export async function readAdvisory(db: Kysely<Database>, recordId: number): Promise<AdvisoryDetails | null> {
  const row = await db.selectFrom('advisory_details').selectAll().where('record_id', '=', recordId).executeTakeFirst()
  if (!row) return null
  const stored = JSON.parse(row.details) as StoredDetails
  return {
    tracking_id: row.tracking_id,
    tlp: 'CLEAR',
    ...stored,
    revisions: await readRevisions(db, recordId),
    highest: highestScore(stored.vulnerabilities.flatMap((v) => [v.cvss_v3, v.cvss_v4])),
  }
}

/** List-row summaries of the advisories among `recordIds` that have security details. */
export async function readAdvisorySummaries(db: Kysely<Database>, recordIds: readonly number[]): Promise<Map<number, AdvisorySummary>> {
  const out = new Map<number, AdvisorySummary>()
  if (recordIds.length === 0) return out
  const rows = await db
    .selectFrom('advisory_details')
    .select(['record_id', 'tracking_id', 'details'])
    .where('record_id', 'in', [...recordIds])
    .execute()
  for (const row of rows) {
    const stored = JSON.parse(row.details) as StoredDetails
    out.set(row.record_id, {
      tracking_id: row.tracking_id,
      cves: stored.vulnerabilities.map((v) => v.cve),
      highest: highestScore(stored.vulnerabilities.flatMap((v) => [v.cvss_v3, v.cvss_v4])),
    })
  }
  return out
}

/**
 * The tracking id prefix: the vendor name's first word in capitals and `-SA`
 * (`Nimbus Security` → `NIMBUS-SA`), `TRUST-SA` while no vendor name is set.
 */
export function trackingPrefix(vendor: string): string {
  const word = (vendor.normalize('NFKD').match(/[A-Za-z0-9]+/) ?? ['TRUST'])[0].toUpperCase()
  return `${word}-SA`
}

/** The next free tracking id of `year`: `{PREFIX}-{YEAR}-{NNNN}`. */
async function nextTrackingId(db: Kysely<Database>, year: number): Promise<string> {
  const head = `${trackingPrefix(await vendorName(db))}-${year}-`
  const rows = await db.selectFrom('advisory_details').select('tracking_id').where('tracking_id', 'like', `${head}%`).execute()
  const used = rows.map((r) => Number(r.tracking_id.slice(head.length))).filter(Number.isFinite)
  return `${head}${String(Math.max(0, ...used) + 1).padStart(4, '0')}`
}

const clean = (text: string) => text.trim()
const cleanOrNull = (text: string | null) => (text && text.trim() !== '' ? text.trim() : null)

/** Checks and normalises `body` against the catalogue's clouds; scores the vectors. */
async function checkBody(db: Kysely<Database>, body: SaveAdvisoryBody): Promise<StoredDetails> {
  const clouds = new Map(
    (
      await db
        .selectFrom('clouds')
        .innerJoin('products', 'products.id', 'clouds.product_id')
        .select(['clouds.machine_name', 'clouds.title', 'products.title as product'])
        .execute()
    ).map((c) => [c.machine_name, `${c.product} (${c.title})`]),
  )
  const products: AdvisoryProduct[] = []
  for (const [i, p] of body.products.entries()) {
    const n = i + 1
    if (!/^p[0-9]{1,3}$/.test(p.id) || products.some((q) => q.id === p.id)) {
      throw invalid(`Product ${n}: its id "${p.id}" must be p1, p2, … and unique within the advisory.`)
    }
    if (p.kind === 'cloud') {
      const cloud = p.cloud?.trim() ?? ''
      const name = clouds.get(cloud)
      if (!name) throw invalid(`Product ${n}: "${cloud}" is not a cloud of the catalogue. Pick one of: ${[...clouds.keys()].join(', ')}.`)
      products.push({ id: p.id, kind: 'cloud', cloud, name, versions: null, fixed_version: null })
    } else if (p.kind === 'software') {
      const name = clean(p.name)
      if (!name) throw invalid(`Product ${n}: name the software (e.g. "Nimbus Client Connector").`)
      products.push({
        id: p.id,
        kind: 'software',
        cloud: null,
        name,
        versions: cleanOrNull(p.versions),
        fixed_version: cleanOrNull(p.fixed_version),
      })
    } else {
      throw invalid(`Product ${n}: its kind must be "cloud" (a cloud of the catalogue) or "software" (installable software).`)
    }
  }
  const vulnerabilities: AdvisoryVulnerability[] = []
  for (const [i, v] of body.vulnerabilities.entries()) {
    const cve = clean(v.cve).toUpperCase()
    const at = `Vulnerability ${i + 1}`
    if (!isCveId(cve))
      throw invalid(`${at}: "${v.cve}" is not a CVE id. Write it as CVE-YYYY-NNNN (four or more digits), e.g. CVE-2026-10234.`)
    if (vulnerabilities.some((w) => w.cve === cve)) throw invalid(`${at}: ${cve} is listed twice. List each CVE once.`)
    const title = clean(v.title)
    if (!title) throw invalid(`${at} (${cve}): give it a short title, e.g. "Cross-site scripting in the admin portal".`)
    let cwe: AdvisoryVulnerability['cwe'] = null
    if (v.cwe && (v.cwe.id.trim() || v.cwe.name.trim())) {
      const id = v.cwe.id.trim().toUpperCase()
      if (!new RegExp(CWE_PATTERN).test(id))
        throw invalid(`${at} (${cve}): "${v.cwe.id}" is not a CWE id. Write it as CWE-NNN, e.g. CWE-79.`)
      // The name is the CWE list's (CSAF mandatory test 6.1.11 checks it); a typed one is replaced.
      const name = CWE_NAMES.get(id)
      if (!name)
        throw invalid(`${at} (${cve}): ${id} is not in the CWE list. Check the id at cwe.mitre.org, e.g. CWE-79 for cross-site scripting.`)
      cwe = { id, name }
    }
    const score = (vector: string | null, version: '3.1' | '4.0') => {
      if (!vector?.trim()) return null
      try {
        return scoreVector(vector, version)
      } catch (error) {
        if (error instanceof CvssVectorError) throw invalid(`${at} (${cve}): ${error.message}`)
        throw error
      }
    }
    const statements = v.statements.map((s, j) => {
      const where = `${at} (${cve}), statement ${j + 1}`
      if (!products.some((p) => p.id === s.product))
        throw invalid(`${where}: product "${s.product}" is not one of the advisory's products. Add it to the products first.`)
      if (!(VEX_STATUSES as readonly string[]).includes(s.status))
        throw invalid(`${where}: the status must be one of ${VEX_STATUSES.join(', ')}.`)
      const status = s.status as VexStatus
      const justification = cleanOrNull(s.justification)
      if (status === 'known_not_affected') {
        if (!justification || !(VEX_JUSTIFICATIONS as readonly string[]).includes(justification)) {
          throw invalid(`${where}: say why the product is not affected, one of ${VEX_JUSTIFICATIONS.join(', ')}.`)
        }
      } else if (justification) {
        throw invalid(`${where}: a justification goes only with known_not_affected; remove it or change the status.`)
      }
      if (status === 'known_affected' && !s.note.trim())
        throw invalid(`${where}: say what affected customers should do (the remediation or workaround).`)
      return { product: s.product, status, justification: (justification as VexJustification | null) ?? null, note: s.note.trim() }
    })
    // One statement a product: two would contradict each other (CSAF mandatory test 6.1.6).
    const twice = statements.find((s, j) => statements.findIndex((t) => t.product === s.product) !== j)
    if (twice) {
      const product = products.find((p) => p.id === twice.product)!
      throw invalid(`${at} (${cve}): ${product.name} has two statements. Keep one status for each product.`)
    }
    vulnerabilities.push({
      cve,
      title,
      description: v.description.trim(),
      cwe,
      cvss_v3: score(v.cvss_v3, '3.1'),
      cvss_v4: score(v.cvss_v4, '4.0'),
      statements,
    })
  }
  if (vulnerabilities.length === 0) throw invalid('Name at least one vulnerability with its CVE id.')
  const acknowledgements = body.acknowledgements
    .map((a) => ({ name: clean(a.name), organization: cleanOrNull(a.organization) }))
    .filter((a) => a.name !== '')
  return { vex_only: body.vex_only ?? false, vulnerabilities, products, acknowledgements }
}

/** Appends the next revision (number 1, 2, …) of advisory `recordId` in `trx`. */
async function appendRevision(trx: Transaction<Database>, recordId: number, summary: string, now: number): Promise<void> {
  const last = await trx
    .selectFrom('advisory_revisions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('record_id', '=', recordId)
    .executeTakeFirst()
  await trx
    .insertInto('advisory_revisions')
    .values({ record_id: recordId, number: Number(last?.n ?? 0) + 1, date: now, summary })
    .execute()
}

/**
 * Saves the security details of advisory `recordId` and appends a revision (see
 * `SaveAdvisoryBody`). Throws 400 `invalid` (HttpError) for a record that is not an advisory or
 * a body the contract refuses, 404 `not_found` for an unknown record. `db` may be a transaction
 * (the caller's, with its audit entry); else the save runs in its own.
 *
 * @param now epoch ms of the change (the revision's date)
 */
export async function saveAdvisory(db: Kysely<Database>, recordId: number, body: SaveAdvisoryBody, now: number): Promise<AdvisoryDetails> {
  const record = await db.selectFrom('records').select(['type']).where('id', '=', recordId).executeTakeFirst()
  if (!record) throw notFound(`No record ${recordId}.`)
  if (record.type !== 'advisory') throw invalid('Only security advisories have CVEs, CVSS scores and affected products.')
  const stored = await checkBody(db, body)
  const highest = highestScore(stored.vulnerabilities.flatMap((v) => [v.cvss_v3, v.cvss_v4]))
  const summaryText = body.revision_summary?.trim() ?? ''
  await inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('advisory_details').select('tracking_id').where('record_id', '=', recordId).executeTakeFirst()
    const row = {
      details: JSON.stringify(stored),
      cves: stored.vulnerabilities.map((v) => v.cve).join(' '),
      highest_score: highest?.score ?? null,
      highest_rating: (highest?.rating as CvssRating | undefined) ?? null,
      updated: now,
    }
    if (existing) {
      if (!summaryText)
        throw invalid('Say what changed in this revision (the revision summary), e.g. "Added the fixed version of the connector."')
      await trx.updateTable('advisory_details').set(row).where('record_id', '=', recordId).execute()
    } else {
      const tracking_id = await nextTrackingId(trx, new Date(now).getUTCFullYear())
      await trx
        .insertInto('advisory_details')
        .values({ record_id: recordId, tracking_id, created: now, ...row })
        .execute()
    }
    await appendRevision(trx, recordId, summaryText || INITIAL_RELEASE, now)
  })
  return (await readAdvisory(db, recordId))!
}

/**
 * Appends a revision to advisory `recordId` for a published change made elsewhere (an update
 * entry, a title or status change on the desk). Does nothing for a record without security
 * details. Returns whether a revision was added. `db` may be the transaction of the change.
 */
export async function addRevision(db: Kysely<Database>, recordId: number, summary: string, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const has = await trx.selectFrom('advisory_details').select('record_id').where('record_id', '=', recordId).executeTakeFirst()
    if (!has) return false
    await appendRevision(trx, recordId, summary.trim() || 'Updated the advisory.', now)
    await trx.updateTable('advisory_details').set({ updated: now }).where('record_id', '=', recordId).execute()
    return true
  })
}

/** `CVSS_RATINGS` at or above `minimum` (the list's and subscriptions' filter). */
export function ratingsFrom(minimum: CvssRating): CvssRating[] {
  return CVSS_RATINGS.slice(CVSS_RATINGS.indexOf(minimum))
}
