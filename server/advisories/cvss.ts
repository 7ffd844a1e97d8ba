/**
 * CVSS scoring (docs/operating/security-advisories.md#cvss): a v3.1 or v4.0 vector in, its base score
 * and qualitative rating out, both computed by {metæffekt}'s `ae-cvss-calculator` — never typed by
 * hand, never computed here. This module only checks that the vector is complete (every base
 * metric of `CVSS_BASE_METRICS` once, with an allowed value) before the library scores it, since the
 * library scores a partial vector as 0.
 */
import cvss from 'ae-cvss-calculator'
import { CVSS_BASE_METRICS, type CvssRating, type CvssScore, type CvssVersion } from '../../contract/advisories.js'

const { Cvss3P1, Cvss4P0 } = cvss

const RATING: Record<string, CvssRating> = { NONE: 'None', LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', CRITICAL: 'Critical' }

/** A vector the server refuses, with a sentence saying what is wrong and what to do. */
export class CvssVectorError extends Error {}

/**
 * Scores `vector` (`CVSS:3.1/…` or `CVSS:4.0/…`; surrounding spaces ignored). `only` restricts the
 * version (the desk's v3.1 field takes no v4.0 vector). Throws {@link CvssVectorError} for an
 * unknown version prefix, a missing, repeated or unknown metric or value.
 */
export function scoreVector(vector: string, only?: CvssVersion): CvssScore {
  const text = vector.trim()
  const version = text.startsWith('CVSS:3.1/') ? '3.1' : text.startsWith('CVSS:4.0/') ? '4.0' : null
  if (!version) {
    throw new CvssVectorError(
      `"${text.slice(0, 40)}" is not a CVSS v3.1 or v4.0 vector: it must start with "CVSS:3.1/" or "CVSS:4.0/", e.g. CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H.`,
    )
  }
  if (only && version !== only) {
    throw new CvssVectorError(`This field takes a CVSS v${only} vector (starting "CVSS:${only}/"); "${text.slice(0, 12)}…" is v${version}.`)
  }
  const seen = new Map<string, string>()
  for (const part of text.slice(9).split('/')) {
    const [key, value, extra] = part.split(':')
    if (!key || value === undefined || extra !== undefined) {
      throw new CvssVectorError(`"${part}" in the CVSS vector is not a metric: write each metric as KEY:VALUE, separated by "/".`)
    }
    if (seen.has(key)) throw new CvssVectorError(`The CVSS vector names the metric ${key} twice: keep one.`)
    seen.set(key, value)
  }
  const missing = CVSS_BASE_METRICS[version].filter((m) => !seen.has(m.key)).map((m) => m.key)
  if (missing.length > 0) {
    throw new CvssVectorError(
      `The CVSS v${version} vector lacks the base metric${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: pick a value for each.`,
    )
  }
  for (const metric of CVSS_BASE_METRICS[version]) {
    const value = seen.get(metric.key)!
    if (!metric.values.includes(value)) {
      throw new CvssVectorError(`${metric.key}:${value} is not a CVSS v${version} value: ${metric.key} takes ${metric.values.join(', ')}.`)
    }
  }
  let model: InstanceType<typeof Cvss3P1> | InstanceType<typeof Cvss4P0>
  try {
    model = version === '3.1' ? new Cvss3P1(text) : new Cvss4P0(text)
  } catch (error) {
    throw new CvssVectorError(
      `The CVSS vector is not valid: ${(error as Error).message}. Check the metric names and values against FIRST's specification.`,
    )
  }
  const json = model.createJsonSchema() as { vectorString: string; baseScore: number; baseSeverity: string }
  const rating = RATING[json.baseSeverity]
  if (typeof json.baseScore !== 'number' || !rating)
    throw new CvssVectorError('The CVSS vector could not be scored: check every base metric.')
  return { version, vector: json.vectorString, score: json.baseScore, rating }
}

/** The highest of `scores` (null ones skipped); on a tie v4.0 wins. `null` when there is none. */
export function highestScore(scores: readonly (CvssScore | null)[]): CvssScore | null {
  let best: CvssScore | null = null
  for (const s of scores) {
    if (!s) continue
    if (!best || s.score > best.score || (s.score === best.score && s.version === '4.0')) best = s
  }
  return best
}
