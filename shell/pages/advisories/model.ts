/**
 * What the site's security-advisory views compute (docs/operating/security-advisories.md#the-public-pages):
 * the checks of the answers' advisory parts (`PostData.advisory`, `TrustRecord.advisory_summary`,
 * `GET /api/vex`), the CSAF document's address, the names of ratings, VEX statuses and
 * justifications, the list's rating filter and search in the address, and the VEX page's search.
 * Pure functions: the views and the unit tests share them.
 */
import type {
  AdvisoryDetails,
  AdvisoryProduct,
  AdvisorySummary,
  AdvisoryVulnerability,
  CvssScore,
  VexStatement,
} from '../../../contract/advisories'
import {
  CVSS_RATINGS,
  type CvssRating,
  isCveId,
  VEX_JUSTIFICATIONS,
  VEX_STATUSES,
  type VexJustification,
  type VexStatus,
} from '../../../contract/advisory-values'
import type { VexCve, VexData, VexProductAnswer } from '../../../contract/vex'
import { ApiError, is } from '../../../widgets/core/request'
import type { AdvisoryMessageKey } from './messages'

/** The message naming each rating. */
export const RATING_KEYS: Readonly<Record<CvssRating, AdvisoryMessageKey>> = {
  None: 'ratingNone',
  Low: 'ratingLow',
  Medium: 'ratingMedium',
  High: 'ratingHigh',
  Critical: 'ratingCritical',
}

/** The message naming each VEX status. */
export const STATUS_KEYS: Readonly<Record<VexStatus, AdvisoryMessageKey>> = {
  known_affected: 'statusKnownAffected',
  fixed: 'statusFixed',
  under_investigation: 'statusUnderInvestigation',
  known_not_affected: 'statusKnownNotAffected',
}

/** The VEX page's answer to "Is {product} affected by {CVE}?" for each status. */
export const ANSWER_KEYS: Readonly<Record<VexStatus, AdvisoryMessageKey>> = {
  known_affected: 'answerAffected',
  fixed: 'answerFixed',
  under_investigation: 'answerInvestigating',
  known_not_affected: 'answerNotAffected',
}

/** The sentence of each justification of `known_not_affected`. */
export const JUSTIFICATION_KEYS: Readonly<Record<VexJustification, AdvisoryMessageKey>> = {
  component_not_present: 'justComponentNotPresent',
  vulnerable_code_not_present: 'justCodeNotPresent',
  vulnerable_code_cannot_be_controlled_by_adversary: 'justCannotBeControlled',
  vulnerable_code_not_in_execute_path: 'justNotInExecutePath',
  inline_mitigations_already_exist: 'justMitigations',
}

/** A rating's place on the scale: 0 (None) to 4 (Critical), the number of filled bars of its mark. */
export function ratingLevel(rating: CvssRating): number {
  return CVSS_RATINGS.indexOf(rating)
}

const isRating = (v: unknown): v is CvssRating => (CVSS_RATINGS as readonly unknown[]).includes(v)
const isStatus = (v: unknown): v is VexStatus => (VEX_STATUSES as readonly unknown[]).includes(v)
const isJustification = (v: unknown): v is VexJustification => (VEX_JUSTIFICATIONS as readonly unknown[]).includes(v)
const stringOrNull = (v: unknown): string | null => (is.string(v) ? v : null)
const objects = (v: unknown): Record<string, unknown>[] => (is.array(v) ? v.filter(is.object) : [])

/** A score as the answers send it (`CvssScore`), or null when it is absent or not whole. */
export function parseScore(raw: unknown): CvssScore | null {
  if (!is.object(raw) || !is.string(raw.vector) || !is.number(raw.score) || !isRating(raw.rating)) return null
  if (raw.version !== '3.1' && raw.version !== '4.0') return null
  return { version: raw.version, vector: raw.vector, score: raw.score, rating: raw.rating }
}

function parseStatement(raw: Record<string, unknown>): VexStatement | null {
  if (!is.string(raw.product) || !isStatus(raw.status)) return null
  return {
    product: raw.product,
    status: raw.status,
    justification: isJustification(raw.justification) ? raw.justification : null,
    note: is.string(raw.note) ? raw.note : '',
  }
}

function parseVulnerability(raw: Record<string, unknown>): AdvisoryVulnerability | null {
  if (!is.string(raw.cve) || !is.string(raw.title)) return null
  const cwe = is.object(raw.cwe) && is.string(raw.cwe.id) && is.string(raw.cwe.name) ? { id: raw.cwe.id, name: raw.cwe.name } : null
  return {
    cve: raw.cve,
    title: raw.title,
    description: is.string(raw.description) ? raw.description : '',
    cwe,
    cvss_v3: parseScore(raw.cvss_v3),
    cvss_v4: parseScore(raw.cvss_v4),
    statements: objects(raw.statements).flatMap((s) => parseStatement(s) ?? []),
  }
}

function parseProduct(raw: Record<string, unknown>): AdvisoryProduct | null {
  if (!is.string(raw.id) || !is.string(raw.name) || (raw.kind !== 'cloud' && raw.kind !== 'software')) return null
  return {
    id: raw.id,
    kind: raw.kind,
    cloud: stringOrNull(raw.cloud),
    name: raw.name,
    versions: stringOrNull(raw.versions),
    fixed_version: stringOrNull(raw.fixed_version),
  }
}

/**
 * An advisory post's security details (`PostData.advisory`), or null when absent or without a
 * tracking id. Parts that are not whole are left out (a vulnerability without its CVE id, a
 * score without its rating, a revision without its date); the post shows the rest.
 */
export function parseAdvisory(raw: unknown): AdvisoryDetails | null {
  if (!is.object(raw) || !is.string(raw.tracking_id)) return null
  return {
    tracking_id: raw.tracking_id,
    tlp: 'CLEAR',
    vex_only: raw.vex_only === true,
    vulnerabilities: objects(raw.vulnerabilities).flatMap((v) => parseVulnerability(v) ?? []),
    products: objects(raw.products).flatMap((p) => parseProduct(p) ?? []),
    acknowledgements: objects(raw.acknowledgements).flatMap((a) =>
      is.string(a.name) ? [{ name: a.name, organization: stringOrNull(a.organization) }] : [],
    ),
    revisions: objects(raw.revisions).flatMap((r) =>
      is.string(r.number) && is.string(r.date) && !Number.isNaN(Date.parse(r.date))
        ? [{ number: r.number, date: r.date, summary: is.string(r.summary) ? r.summary : '' }]
        : [],
    ),
    highest: parseScore(raw.highest),
  }
}

/** A list row's `advisory_summary`, or null when absent or not whole. */
export function parseSummary(raw: unknown): AdvisorySummary | null {
  if (!is.object(raw) || !is.string(raw.tracking_id) || !is.array(raw.cves)) return null
  return { tracking_id: raw.tracking_id, cves: raw.cves.filter(is.string), highest: parseScore(raw.highest) }
}

/**
 * The address of an advisory's CSAF 2.0 document on this site: below
 * `/.well-known/csaf/white/`, the year of its initial release, and its tracking id as a file name
 * (lower case, runs of characters other than `+`, `-`, letters and digits as `_`; CSAF 2.0 §5.1).
 * Null without a revision (a saved advisory always has one).
 */
export function csafHref(details: Pick<AdvisoryDetails, 'tracking_id' | 'revisions'>): string | null {
  const first = details.revisions[0]
  if (!first) return null
  const year = new Date(first.date).getUTCFullYear()
  return `/.well-known/csaf/white/${year}/${details.tracking_id.toLowerCase().replace(/[^+\-a-z0-9]+/g, '_')}.json`
}

/** What a product of an advisory is called in the products table and the VEX answers. */
export function productName(products: readonly AdvisoryProduct[], id: string): string {
  return products.find((p) => p.id === id)?.name ?? id
}

/** The statements of every vulnerability about `productId`, with their CVE: one table row each. */
export function statementsOf(details: AdvisoryDetails, productId: string): Array<VexStatement & { cve: string }> {
  return details.vulnerabilities.flatMap((v) => v.statements.filter((s) => s.product === productId).map((s) => ({ ...s, cve: v.cve })))
}

/**
 * The rating filter's choices, in the menu's order (the subscriptions' choices): every advisory,
 * Medium and above, High and above, Critical only.
 */
export const RATING_FILTERS: readonly ('' | CvssRating)[] = ['', 'Medium', 'High', 'Critical']

/** The advisory list's filters in the address (`?rating=High&q=CVE-…`). */
export interface ListSearch {
  /** A minimum rating of {@link RATING_FILTERS}; '' = every advisory. */
  rating: '' | CvssRating
  /** The search box's text as submitted; '' = no search. */
  q: string
}

/** Reads {@link ListSearch} from an address's query (`location.search` or the router's `search` object). */
export function readListSearch(search: string | Record<string, string | undefined>): ListSearch {
  const params = typeof search === 'string' ? Object.fromEntries(new URLSearchParams(search)) : search
  const rating = CVSS_RATINGS.find((r) => r.toLowerCase() === (params.rating ?? '').trim().toLowerCase())
  return { rating: rating && RATING_FILTERS.includes(rating) ? rating : '', q: (params.q ?? '').trim().slice(0, 200) }
}

/** `search` as the list's query string (`?rating=High&q=…`, empty parts left out; '' when both are). */
export function listSearchString({ rating, q }: ListSearch): string {
  const params = new URLSearchParams()
  if (rating) params.set('rating', rating)
  if (q.trim()) params.set('q', q.trim())
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The VEX page's search: `''` shows every CVE; a whole CVE id (any case, spaces around ignored)
 * shows that CVE's statements as answers (`kind` `cve`, `cves` empty when none is published);
 * anything else that starts like a CVE id narrows the list to the ids starting so (`kind`
 * `prefix`); other text is `invalid`.
 */
export function searchVex(
  data: Pick<VexData, 'cves'>,
  query: string,
): { kind: 'all' | 'prefix' | 'cve' | 'invalid'; cve: string; cves: VexCve[] } {
  const text = query.trim().toUpperCase()
  if (text === '') return { kind: 'all', cve: '', cves: data.cves }
  if (isCveId(text)) return { kind: 'cve', cve: text, cves: data.cves.filter((c) => c.cve === text) }
  if (/^C(V(E(-[0-9]{0,4}(-[0-9]*)?)?)?)?$/.test(text))
    return { kind: 'prefix', cve: text, cves: data.cves.filter((c) => c.cve.startsWith(text)) }
  return { kind: 'invalid', cve: text, cves: [] }
}

/** An {@link ApiError} for a VEX answer of the wrong shape. */
const malformed = (what: string) => new ApiError(`The service sent VEX data of an unexpected shape (${what}).`, 0, 'Malformed answer')

function parseVexProduct(raw: Record<string, unknown>): VexProductAnswer | null {
  if (!is.string(raw.product) || !isStatus(raw.status) || !is.number(raw.record_id) || !is.string(raw.tracking_id)) return null
  return {
    product: raw.product,
    kind: raw.kind === 'software' ? 'software' : 'cloud',
    versions: stringOrNull(raw.versions),
    fixed_version: stringOrNull(raw.fixed_version),
    status: raw.status,
    justification: isJustification(raw.justification) ? raw.justification : null,
    note: is.string(raw.note) ? raw.note : '',
    record_id: raw.record_id,
    tracking_id: raw.tracking_id,
  }
}

/**
 * Checks a `GET /api/vex` answer (`contract/vex.ts`): `data.cves` a list of CVEs with their
 * statements. A CVE without its id, or a statement without product, status or source, is left out.
 *
 * @throws ApiError (status 0, 'Malformed answer') when `data` or `cves` is missing
 */
export function parseVexAnswer(answer: unknown): VexData {
  const data = is.object(answer) ? answer.data : undefined
  if (!is.object(data)) throw malformed('no data object')
  if (!is.array(data.cves)) throw malformed('cves is not a list')
  return {
    demo: data.demo === true,
    cves: objects(data.cves).flatMap((c) =>
      is.string(c.cve)
        ? [
            {
              cve: c.cve,
              title: is.string(c.title) ? c.title : '',
              highest: parseScore(c.highest),
              statements: objects(c.statements).flatMap((s) => parseVexProduct(s) ?? []),
            },
          ]
        : [],
    ),
  }
}
