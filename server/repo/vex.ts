/**
 * The public VEX page's answer (docs/operating/security-advisories.md#the-public-pages;
 * `contract/vex.ts`): every CVE the advisories of a cloud make VEX statements about, with per
 * product what the newest advisory saying something about it says.
 */
import type { Kysely } from 'kysely'
import type { AdvisoryDetails } from '../../contract/advisories.js'
import type { VexCve, VexData, VexProductAnswer } from '../../contract/vex.js'
import { highestScore } from '../advisories/cvss.js'
import type { Database } from '../db/schema.js'
import type { CloudRow } from './clouds.js'
import { SETTING } from './settings.js'
import { PUBLIC_GROUPS, recordVisible } from './private-components.js'

/** What `advisory_details.details` holds (see `server/advisories/repo.ts`). */
type StoredDetails = Pick<AdvisoryDetails, 'vulnerabilities' | 'products'>

/** `CVE-2026-90001` → [2026, 90001], for ordering newest first. */
const cveOrder = (cve: string) => cve.slice(4).split('-').map(Number)

/** Newer CVE ids (later year, then higher number) first. */
export function compareCvesNewestFirst(a: string, b: string): number {
  const [ay, an] = cveOrder(a)
  const [by, bn] = cveOrder(b)
  return by - ay || bn - an
}

/**
 * The VEX statements of the advisories on `cloud`, by CVE (see `VexData`). Advisories are read
 * newest first (by start, then id); for a CVE several advisories speak of, the title and score
 * are the newest's, and a product gets one statement: the newest advisory's. Only `cve` (an upper
 * case CVE id) when given. Advisories on private components are left out
 * (docs/operating/catalogue.md#private-components).
 */
export async function vexStatements(db: Kysely<Database>, cloud: CloudRow, cve?: string): Promise<VexData> {
  const rows = await db
    .selectFrom('advisory_details as ad')
    .innerJoin('records as r', 'r.id', 'ad.record_id')
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .select(['r.id', 'ad.tracking_id', 'ad.details'])
    .where('rc.cloud_id', '=', cloud.id)
    .where('r.type', '=', 'advisory')
    .where((eb) => recordVisible(eb, 'r.id', PUBLIC_GROUPS))
    .$if(cve !== undefined, (q) => q.where('ad.cves', 'like', `%${cve}%`))
    .orderBy('r.from_time', 'desc')
    .orderBy('r.id', 'desc')
    .execute()
  const byCve = new Map<string, VexCve & { seen: Set<string> }>()
  for (const row of rows) {
    const details = JSON.parse(row.details) as StoredDetails
    const products = new Map(details.products.map((p) => [p.id, p]))
    for (const v of details.vulnerabilities) {
      if (v.statements.length === 0 || (cve !== undefined && v.cve !== cve)) continue
      let entry = byCve.get(v.cve)
      if (!entry) {
        entry = { cve: v.cve, title: v.title, highest: highestScore([v.cvss_v3, v.cvss_v4]), statements: [], seen: new Set() }
        byCve.set(v.cve, entry)
      }
      for (const s of v.statements) {
        const product = products.get(s.product)
        if (!product) continue
        const key = `${product.kind}|${product.cloud ?? ''}|${product.name}|${product.versions ?? ''}`
        if (entry.seen.has(key)) continue
        entry.seen.add(key)
        const answer: VexProductAnswer = {
          product: product.name,
          kind: product.kind,
          versions: product.versions,
          fixed_version: product.fixed_version,
          status: s.status,
          justification: s.justification,
          note: s.note,
          record_id: row.id,
          tracking_id: row.tracking_id,
        }
        entry.statements.push(answer)
      }
    }
  }
  const cves = [...byCve.values()]
    .sort((a, b) => compareCvesNewestFirst(a.cve, b.cve))
    .map(({ seen: _seen, ...entry }) => ({
      ...entry,
      statements: entry.statements.sort((a, b) => a.product.localeCompare(b.product, 'en')),
    }))
  const demo = await db.selectFrom('settings').select('value').where('key', '=', SETTING.demoAdvisoriesSeeded).executeTakeFirst()
  return { cves, demo: demo?.value === '1' }
}
