/**
 * The public VEX page's answer (docs/operating/security-advisories.md#the-public-pages): for one
 * cloud, every CVE its advisories make VEX statements about, and per product what the statement
 * says — the "Is this product affected by CVE-…?" answer customers ask for during a widely
 * publicised vulnerability. Statements are saved with an advisory's security details
 * (`contract/advisories.ts` `VexStatement`).
 */

import Type, { type Static } from 'typebox'
import { AdvisoryProduct, CvssScore, VexStatement } from './advisories'
import { answer, Nullable } from './common'

const CLOSED = { additionalProperties: false } as const

/**
 * `GET /api/vex?cloud=&cve=`: `cloud` a machine name or domain; `cve` (optional) one CVE id
 * (`CVE-YYYY-NNNN…`, any case), absent or empty = every CVE. 400 `bad_request` for a `cve` that is
 * not a CVE id; 404 `unknown_cloud`.
 */
export const VexQuery = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  cve: Type.Optional(Type.String({ maxLength: 40 })),
})
export type VexQuery = Static<typeof VexQuery>

/**
 * What one advisory says about one product for one CVE. `product` is the product's name (a
 * catalogue product and cloud, or the software's name); `versions` the affected range and
 * `fixed_version` the first fixed one (software only, else null); `justification` only with
 * `known_not_affected`; `note` plain text (the remediation, or why it is not affected).
 * `record_id` and `tracking_id` name the advisory that says it (its post is
 * `/{domain}/posts/{record_id}`).
 */
export const VexProductAnswer = Type.Object(
  {
    product: Type.String(),
    kind: AdvisoryProduct.properties.kind,
    versions: AdvisoryProduct.properties.versions,
    fixed_version: AdvisoryProduct.properties.fixed_version,
    status: VexStatement.properties.status,
    justification: VexStatement.properties.justification,
    note: VexStatement.properties.note,
    record_id: Type.Integer(),
    tracking_id: Type.String(),
  },
  CLOSED,
)
export type VexProductAnswer = Static<typeof VexProductAnswer>

/**
 * One CVE with its statements, products in name order. `title` is the vulnerability's title in
 * the newest advisory naming it; `highest` its highest CVSS score there (null without a vector).
 */
export const VexCve = Type.Object(
  { cve: Type.String(), title: Type.String(), highest: Nullable(CvssScore), statements: Type.Array(VexProductAnswer) },
  CLOSED,
)
export type VexCve = Static<typeof VexCve>

/**
 * `{ data: VexData }`: the CVEs, newest CVE id first (by year, then number). `demo` is true when
 * the site runs the demo seed, whose CVE ids are invented (the page says so).
 */
export const VexData = Type.Object({ cves: Type.Array(VexCve), demo: Type.Boolean() }, CLOSED)
export type VexData = Static<typeof VexData>

export const VexAnswer = answer(VexData)
export type VexAnswer = Static<typeof VexAnswer>
