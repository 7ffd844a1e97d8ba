/**
 * Which data centers serve which demo cloud, and on what terms.
 *
 * The rules are deterministic and key on a data center's position in the list (`index`, 0-based in
 * file order), its region and its country:
 *
 * | cloud            | data centers                                   | count (active) |
 * |------------------|------------------------------------------------|----------------|
 * | auroraedgethree  | all of them                                    | 95             |
 * | auroraedge       | index % 4 ≠ 3                                  | 72             |
 * | auroraedgeone    | index % 3 ≠ 0                                  | 63 (59)        |
 * | auroraedgetwo    | index % 5 ≠ 2                                  | 76 (72)        |
 * | auroraedgegov    | those in the United States                     | 18             |
 * | private          | even index                                     | 48             |
 * | privategov       | those in the United States with an even index  | 8              |
 * | experience       | index % 3 = 0                                  | 32             |
 * | workload         | index % 4 = 1                                  | 24             |
 * | dataprotection   | index % 3 = 2                                  | 31             |
 * | deception        | none (the map's "no data" case)                | 0              |
 *
 * - Premium: only auroraedgethree has premium data centers, two per region ({@link PREMIUM_DATA_CENTERS}).
 * - Regional surcharge: every APAC data center and those in Africa and the Middle East
 *   ({@link SURCHARGE_COUNTRIES}), on every cloud that has them.
 * - Decommissioned (`active = 0`, left out of the map): on auroraedgeone and auroraedgetwo, the
 *   data centers with index % 19 = 7, so the demo shows that case too.
 */
import type { DataCenterSeed } from './data-centers.js'

/** The terms on which one cloud uses one data center; flags are 0 or 1. */
export interface Assignment {
  regional_surcharge: 0 | 1
  premium_dc: 0 | 1
  active: 0 | 1
}

/** Premium data centers of auroraedgethree, two per region. */
export const PREMIUM_DATA_CENTERS: readonly string[] = [
  'Frankfurt IV',
  'London III',
  'New York III',
  'San Francisco IV',
  'Singapore IV',
  'Tokyo IV',
]

/** Countries outside APAC whose data centers carry a regional surcharge (Africa, Middle East). */
export const SURCHARGE_COUNTRIES: readonly string[] = ['AE', 'IL', 'NG', 'SA', 'ZA']

const inUnitedStates = (dc: DataCenterSeed): boolean => dc.country === 'US'

const SERVES: Record<string, (dc: DataCenterSeed) => boolean> = {
  auroraedgethree: () => true,
  auroraedge: (dc) => dc.index % 4 !== 3,
  auroraedgeone: (dc) => dc.index % 3 !== 0,
  auroraedgetwo: (dc) => dc.index % 5 !== 2,
  auroraedgegov: inUnitedStates,
  private: (dc) => dc.index % 2 === 0,
  privategov: (dc) => inUnitedStates(dc) && dc.index % 2 === 0,
  experience: (dc) => dc.index % 3 === 0,
  workload: (dc) => dc.index % 4 === 1,
  dataprotection: (dc) => dc.index % 3 === 2,
  deception: () => false,
}

const DECOMMISSIONED_ON = new Set(['auroraedgeone', 'auroraedgetwo'])

/**
 * The terms on which `cloud` uses `dc`, or `null` when the cloud does not use it.
 * Clouds unknown to the rules use no data center.
 */
export function assignDataCenter(cloud: string, dc: DataCenterSeed): Assignment | null {
  if (!SERVES[cloud]?.(dc)) return null
  const surcharge = dc.region === 'APAC' || SURCHARGE_COUNTRIES.includes(dc.country)
  const premium = cloud === 'auroraedgethree' && PREMIUM_DATA_CENTERS.includes(dc.name)
  const decommissioned = DECOMMISSIONED_ON.has(cloud) && dc.index % 19 === 7
  return {
    regional_surcharge: surcharge ? 1 : 0,
    premium_dc: premium ? 1 : 0,
    active: decommissioned ? 0 : 1,
  }
}
