import {
  CVSS_BASE_METRICS,
  type CvssRating,
  type CvssVersion,
  VEX_JUSTIFICATIONS,
  VEX_STATUSES,
} from '../../../../contract/advisory-values'
import type { AdvisoryDetails, SaveAdvisoryBody } from '../../../../contract/advisories'
import type { advisoryMessages } from './messages'

/**
 * The security details form's model (docs/operating/console-and-desk.md#security-details): a draft
 * of strings (empty for none) made from the saved details and turned into the `PUT` body, and the
 * CVSS calculator's vector arithmetic (which metric has which value; the vector the choices make).
 */

/** The texts of the `admin.advisory` group. */
type Texts = ReturnType<ReturnType<typeof advisoryMessages.in>['get']>

/** A product of the draft. */
export interface ProductDraft {
  id: string
  kind: 'cloud' | 'software'
  cloud: string
  name: string
  versions: string
  fixed_version: string
}

/** A VEX statement of the draft. */
export interface StatementDraft {
  product: string
  status: string
  justification: string
  note: string
}

/** A vulnerability of the draft; `key` tells rows apart while they are added and removed. */
export interface VulnerabilityDraft {
  key: number
  cve: string
  title: string
  description: string
  cweId: string
  /** The saved CWE's id and its name from the CWE list (the server's; shown while the id is unchanged). */
  cweId0: string
  cweName: string
  v3: string
  v4: string
  statements: StatementDraft[]
}

/** The whole form. */
export interface AdvisoryDraft {
  vexOnly: boolean
  products: ProductDraft[]
  vulnerabilities: VulnerabilityDraft[]
  acknowledgements: { name: string; organization: string }[]
  summary: string
  /** Mail this revision to the subscribers it reaches (on by default, each save). */
  notify: boolean
}

let keys = 0

/** A new, empty vulnerability. */
export function emptyVulnerability(): VulnerabilityDraft {
  return { key: ++keys, cve: '', title: '', description: '', cweId: '', cweId0: '', cweName: '', v3: '', v4: '', statements: [] }
}

/** The draft of saved details (one empty vulnerability when there are none yet). */
export function advisoryDraft(details: AdvisoryDetails | null): AdvisoryDraft {
  if (!details)
    return { vexOnly: false, products: [], vulnerabilities: [emptyVulnerability()], acknowledgements: [], summary: '', notify: true }
  return {
    vexOnly: details.vex_only,
    products: details.products.map((p) => ({
      id: p.id,
      kind: p.kind,
      cloud: p.cloud ?? '',
      name: p.kind === 'software' ? p.name : '',
      versions: p.versions ?? '',
      fixed_version: p.fixed_version ?? '',
    })),
    vulnerabilities: details.vulnerabilities.map((v) => ({
      key: ++keys,
      cve: v.cve,
      title: v.title,
      description: v.description,
      cweId: v.cwe?.id ?? '',
      cweId0: v.cwe?.id ?? '',
      cweName: v.cwe?.name ?? '',
      v3: v.cvss_v3?.vector ?? '',
      v4: v.cvss_v4?.vector ?? '',
      statements: v.statements.map((s) => ({ ...s, justification: s.justification ?? '' })),
    })),
    acknowledgements: details.acknowledgements.map((a) => ({ name: a.name, organization: a.organization ?? '' })),
    summary: '',
    notify: true,
  }
}

const orNull = (text: string) => (text.trim() === '' ? null : text)

/** The `PUT /api/admin/records/{id}/advisory` body of a draft; the server checks and normalises it. */
export function advisoryBody(draft: AdvisoryDraft): SaveAdvisoryBody {
  return {
    vex_only: draft.vexOnly,
    products: draft.products.map((p) => ({
      id: p.id,
      kind: p.kind,
      cloud: p.kind === 'cloud' ? p.cloud : null,
      name: p.kind === 'software' ? p.name : '',
      versions: p.kind === 'software' ? orNull(p.versions) : null,
      fixed_version: p.kind === 'software' ? orNull(p.fixed_version) : null,
    })),
    vulnerabilities: draft.vulnerabilities.map((v) => ({
      cve: v.cve,
      title: v.title,
      description: v.description,
      // The server names the CWE from the CWE list.
      cwe: v.cweId.trim() ? { id: v.cweId, name: '' } : null,
      cvss_v3: orNull(v.v3),
      cvss_v4: orNull(v.v4),
      statements: v.statements.map((s) => ({ ...s, justification: s.status === 'known_not_affected' ? orNull(s.justification) : null })),
    })),
    acknowledgements: draft.acknowledgements.filter((a) => a.name.trim() !== ''),
    ...(draft.summary.trim() ? { revision_summary: draft.summary } : {}),
    notify: draft.notify,
  }
}

/** The id of a new product: one more than the highest `p{n}` of the draft. */
export function nextProductId(products: readonly ProductDraft[]): string {
  return `p${Math.max(0, ...products.map((p) => Number(p.id.slice(1)) || 0)) + 1}`
}

/** A draft without product `id`, and without the statements about it. */
export function withoutProduct(draft: AdvisoryDraft, id: string): AdvisoryDraft {
  return {
    ...draft,
    products: draft.products.filter((p) => p.id !== id),
    vulnerabilities: draft.vulnerabilities.map((v) => ({ ...v, statements: v.statements.filter((s) => s.product !== id) })),
  }
}

// ---------------------------------------------------------------------------------------------
// The CVSS calculator
// ---------------------------------------------------------------------------------------------

/** The metrics a vector sets: base metrics by key, and the other parts (temporal, environmental) as they are. */
export interface VectorParts {
  base: Record<string, string>
  others: string[]
}

/** The parts of `vector` if it is a CVSS `version` vector (else none): what the calculator's selects show. */
export function vectorParts(vector: string, version: CvssVersion): VectorParts {
  const prefix = `CVSS:${version}/`
  const text = vector.trim()
  const parts: VectorParts = { base: {}, others: [] }
  if (!text.startsWith(prefix)) return parts
  const keys = new Set(CVSS_BASE_METRICS[version].map((m) => m.key))
  for (const part of text.slice(prefix.length).split('/')) {
    const [key, value] = part.split(':')
    if (keys.has(key) && value !== undefined && !(key in parts.base)) parts.base[key] = value
    else if (part) parts.others.push(part)
  }
  return parts
}

/** The vector of the calculator's choices: base metrics in the specification's order, the other parts after them; `''` for none. */
export function buildVector(version: CvssVersion, parts: VectorParts): string {
  const base = CVSS_BASE_METRICS[version].filter((m) => parts.base[m.key]).map((m) => `${m.key}:${parts.base[m.key]}`)
  const all = [...base, ...parts.others]
  return all.length === 0 ? '' : `CVSS:${version}/${all.join('/')}`
}

/** Whether `parts` choose a value for every base metric of `version`. */
export function isComplete(version: CvssVersion, parts: VectorParts): boolean {
  return CVSS_BASE_METRICS[version].every((m) => parts.base[m.key])
}

/** The full name of a base metric (FIRST's), e.g. `Attack Vector` for `AV`. */
export function metricName(t: Texts, key: string): string {
  return (t as unknown as Record<string, string>)[`metric${key}`] ?? key
}

/** The name of value `value` of base metric `key` in `version`, e.g. `Network` for `AV:N`, `Passive` for v4.0 `UI:P`. */
export function metricValueName(t: Texts, version: CvssVersion, key: string, value: string): string {
  if (key === 'AV') return { N: t.valueNetwork, A: t.valueAdjacent, L: t.valueLocal, P: t.valuePhysical }[value] ?? value
  if (key === 'S') return { U: t.valueUnchanged, C: t.valueChanged }[value] ?? value
  if (key === 'AT') return { N: t.valueNone, P: t.valuePresent }[value] ?? value
  if (key === 'UI') {
    const names: Record<string, string> =
      version === '4.0' ? { N: t.valueNone, P: t.valuePassive, A: t.valueActive } : { N: t.valueNone, R: t.valueRequired }
    return names[value] ?? value
  }
  return { N: t.valueNone, L: t.valueLow, H: t.valueHigh }[value] ?? value
}

/** A rating in words. */
export function ratingName(t: Texts, rating: CvssRating): string {
  return { None: t.ratingNone, Low: t.ratingLow, Medium: t.ratingMedium, High: t.ratingHigh, Critical: t.ratingCritical }[rating]
}

/** The VEX statuses with their names, in the contract's order. */
export function statusOptions(t: Texts): { value: string; label: string }[] {
  const names: Record<(typeof VEX_STATUSES)[number], string> = {
    known_affected: t.statusKnownAffected,
    fixed: t.statusFixed,
    under_investigation: t.statusUnderInvestigation,
    known_not_affected: t.statusKnownNotAffected,
  }
  return VEX_STATUSES.map((value) => ({ value, label: names[value] }))
}

/** The justifications of `known_not_affected` with their names, after "Choose a justification". */
export function justificationOptions(t: Texts): { value: string; label: string }[] {
  const names: Record<(typeof VEX_JUSTIFICATIONS)[number], string> = {
    component_not_present: t.justificationComponentNotPresent,
    vulnerable_code_not_present: t.justificationCodeNotPresent,
    vulnerable_code_cannot_be_controlled_by_adversary: t.justificationNotControllable,
    vulnerable_code_not_in_execute_path: t.justificationNotInExecutePath,
    inline_mitigations_already_exist: t.justificationMitigations,
  }
  return [{ value: '', label: t.chooseJustification }, ...VEX_JUSTIFICATIONS.map((value) => ({ value, label: names[value] }))]
}
