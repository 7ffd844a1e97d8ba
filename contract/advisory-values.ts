/**
 * The plain values of security advisories (docs/operating/security-advisories.md): the CVE and CWE
 * id patterns, the CVSS ratings and base metrics, the VEX statuses and justifications. Plain values
 * only (no schema library), so the console and the widgets may import them; `./advisories.ts`
 * builds its schemas from them and re-exports them.
 */

/** A CVE id: `CVE-YYYY-NNNN…` (four or more digits after the year), upper case. */
export const CVE_PATTERN = '^CVE-[0-9]{4}-[0-9]{4,}$'
/** A CWE id: `CWE-` and a positive number, e.g. `CWE-79`. */
export const CWE_PATTERN = '^CWE-[1-9][0-9]{0,5}$'

/** `true` when `id` is a well-formed CVE id ({@link CVE_PATTERN}). */
export function isCveId(id: string): boolean {
  return new RegExp(CVE_PATTERN).test(id)
}

/** The CVSS qualitative severity ratings (FIRST CVSS v3.1 §5, v4.0 §6), lowest first. */
export const CVSS_RATINGS = ['None', 'Low', 'Medium', 'High', 'Critical'] as const
export type CvssRating = (typeof CVSS_RATINGS)[number]

/** `true` when `rating` is at least `minimum` on the {@link CVSS_RATINGS} scale. */
export function ratingAtLeast(rating: CvssRating, minimum: CvssRating): boolean {
  return CVSS_RATINGS.indexOf(rating) >= CVSS_RATINGS.indexOf(minimum)
}

/** The CVSS versions an advisory carries. */
export type CvssVersion = '3.1' | '4.0'

/**
 * The base metrics of each CVSS version, in vector order, with their allowed values (FIRST's
 * specification documents): what the desk's calculator offers. `key` is the vector abbreviation.
 */
export const CVSS_BASE_METRICS: Record<CvssVersion, readonly { key: string; values: readonly string[] }[]> = {
  '3.1': [
    { key: 'AV', values: ['N', 'A', 'L', 'P'] },
    { key: 'AC', values: ['L', 'H'] },
    { key: 'PR', values: ['N', 'L', 'H'] },
    { key: 'UI', values: ['N', 'R'] },
    { key: 'S', values: ['U', 'C'] },
    { key: 'C', values: ['H', 'L', 'N'] },
    { key: 'I', values: ['H', 'L', 'N'] },
    { key: 'A', values: ['H', 'L', 'N'] },
  ],
  '4.0': [
    { key: 'AV', values: ['N', 'A', 'L', 'P'] },
    { key: 'AC', values: ['L', 'H'] },
    { key: 'AT', values: ['N', 'P'] },
    { key: 'PR', values: ['N', 'L', 'H'] },
    { key: 'UI', values: ['N', 'P', 'A'] },
    { key: 'VC', values: ['H', 'L', 'N'] },
    { key: 'VI', values: ['H', 'L', 'N'] },
    { key: 'VA', values: ['H', 'L', 'N'] },
    { key: 'SC', values: ['H', 'L', 'N'] },
    { key: 'SI', values: ['H', 'L', 'N'] },
    { key: 'SA', values: ['H', 'L', 'N'] },
  ],
}

/** The VEX product statuses (CSAF 2.0 §3.2.3.9, VEX profile §4.5). */
export const VEX_STATUSES = ['known_affected', 'fixed', 'under_investigation', 'known_not_affected'] as const
export type VexStatus = (typeof VEX_STATUSES)[number]

/** Why a product is not affected: the CSAF 2.0 flag labels (§3.2.3.5), required with `known_not_affected`. */
export const VEX_JUSTIFICATIONS = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'vulnerable_code_not_in_execute_path',
  'inline_mitigations_already_exist',
] as const
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number]
