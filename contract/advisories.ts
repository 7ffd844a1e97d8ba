/**
 * Security advisories as a PSIRT publishes them (docs/operating/security-advisories.md): CVE ids,
 * CVSS v3.1 and v4.0 vectors with their computed base scores and ratings, CWE ids, affected
 * products (the catalogue's clouds, and installable software with version ranges), fixed
 * versions, VEX statements, acknowledgements, the TLP label and a revision history. The same
 * content is published as CSAF 2.0 documents under `/.well-known/csaf/`.
 *
 * An advisory record (`type` `advisory`) carries these as its *security details*: saved with
 * `PUT /api/admin/records/{id}/advisory` ({@link SaveAdvisoryBody}), read back in the desk's record
 * detail, shown on the public post (`PostData.advisory`) and summarised on list rows
 * (`TrustRecord.advisory_summary`). Scores are never typed: the server computes them from the
 * vector with a CVSS library (`server/advisories/cvss.ts`); the desk's calculator builds the
 * vector from the metrics below.
 */

import Type, { type Static, type TLiteral } from 'typebox'
import { CVE_PATTERN, CVSS_RATINGS, CWE_PATTERN, VEX_JUSTIFICATIONS, VEX_STATUSES } from './advisory-values'
import { answer, Nullable } from './common'

// The plain values live in `./advisory-values.ts` (the console and the widgets import them without the schema library).
export * from './advisory-values'

const CLOSED = { additionalProperties: false } as const

/** One literal schema per value of a list, as a tuple (so `Static` of their union is the union of the values). */
function literals<const Values extends readonly string[]>(values: Values) {
  return values.map((value) => Type.Literal(value)) as unknown as { -readonly [K in keyof Values]: TLiteral<Values[K]> }
}

/** A CVSS qualitative severity rating ({@link CVSS_RATINGS}). */
export const CvssRating = Type.Union(literals(CVSS_RATINGS))
export type CvssRating = (typeof CVSS_RATINGS)[number]

/** A vector with its computed base score (0.0–10.0, one decimal) and qualitative rating. */
export const CvssScore = Type.Object(
  {
    version: Type.Union([Type.Literal('3.1'), Type.Literal('4.0')]),
    /** The vector as normalised by the library, e.g. `CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H`. */
    vector: Type.String(),
    score: Type.Number({ minimum: 0, maximum: 10 }),
    rating: CvssRating,
  },
  CLOSED,
)
export type CvssScore = Static<typeof CvssScore>

/** `POST /api/admin/cvss` body: a CVSS v3.1 or v4.0 vector → 200 `{ data: CvssScore }`, or 400 `invalid` saying what is wrong. */
export const CvssBody = Type.Object({ vector: Type.String({ maxLength: 400 }) })
export type CvssBody = Static<typeof CvssBody>
export const CvssAnswer = answer(CvssScore)

/** A VEX product status ({@link VEX_STATUSES}). */
export type VexStatus = (typeof VEX_STATUSES)[number]
export const VexStatus = Type.Union(literals(VEX_STATUSES))

/** Why a product is not affected ({@link VEX_JUSTIFICATIONS}). */
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number]
export const VexJustification = Type.Union(literals(VEX_JUSTIFICATIONS))

/**
 * A product an advisory speaks of. `kind` `cloud`: one of the catalogue's clouds (`cloud` its
 * machine name; `name` is the catalogue's product and cloud name, filled in by the server).
 * `kind` `software`: installable software (a connector, an agent, a client) named by the operator,
 * with the affected `versions` as a range (`<4.2.1`, `>=3.0 <3.4.2`, or one version) and the first
 * `fixed_version`, when there is one. `id` is unique within the advisory (`p1`, `p2`, …).
 */
export const AdvisoryProduct = Type.Object(
  {
    id: Type.String({ pattern: '^p[0-9]{1,3}$' }),
    kind: Type.Union([Type.Literal('cloud'), Type.Literal('software')]),
    cloud: Nullable(Type.String({ maxLength: 200 })),
    name: Type.String({ maxLength: 200 }),
    versions: Nullable(Type.String({ maxLength: 200 })),
    fixed_version: Nullable(Type.String({ maxLength: 100 })),
  },
  CLOSED,
)
export type AdvisoryProduct = Static<typeof AdvisoryProduct>

/**
 * What one vulnerability means for one product (a VEX statement). `justification` is required
 * with `known_not_affected` and absent (null) otherwise; `note` is plain text: the remediation or
 * workaround for `known_affected`, the impact statement for `known_not_affected`.
 */
export const VexStatement = Type.Object(
  {
    product: Type.String({ pattern: '^p[0-9]{1,3}$' }),
    status: VexStatus,
    justification: Nullable(VexJustification),
    note: Type.String({ maxLength: 2000 }),
  },
  CLOSED,
)
export type VexStatement = Static<typeof VexStatement>

/** A CWE: id and name as the CWE list gives them (e.g. `CWE-79`, `Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')`). */
export const Cwe = Type.Object({ id: Type.String({ pattern: CWE_PATTERN }), name: Type.String({ minLength: 1, maxLength: 300 }) }, CLOSED)
export type Cwe = Static<typeof Cwe>

/** One vulnerability of an advisory, as saved and shown. Scores are computed from the vectors. */
export const AdvisoryVulnerability = Type.Object(
  {
    cve: Type.String({ pattern: CVE_PATTERN }),
    /** Plain text, e.g. `Cross-site scripting in the admin portal`. */
    title: Type.String({ maxLength: 300 }),
    /** Plain text: what the vulnerability is and what an attacker can do. */
    description: Type.String({ maxLength: 10_000 }),
    cwe: Nullable(Cwe),
    cvss_v3: Nullable(CvssScore),
    cvss_v4: Nullable(CvssScore),
    statements: Type.Array(VexStatement),
  },
  CLOSED,
)
export type AdvisoryVulnerability = Static<typeof AdvisoryVulnerability>

/** Someone the vendor thanks for reporting; plain text. */
export const Acknowledgement = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), organization: Nullable(Type.String({ maxLength: 200 })) },
  CLOSED,
)
export type Acknowledgement = Static<typeof Acknowledgement>

/** One entry of the revision history: version `'1'`, `'2'`, … (the CSAF tracking version), when (ISO 8601 UTC) and what changed. */
export const AdvisoryRevision = Type.Object(
  { number: Type.String(), date: Type.String({ format: 'date-time' }), summary: Type.String() },
  CLOSED,
)
export type AdvisoryRevision = Static<typeof AdvisoryRevision>

/**
 * An advisory's security details as the post and the desk show them. `tracking_id` is assigned at
 * the first save (`{PREFIX}-{YEAR}-{NNNN}`, docs/operating/security-advisories.md) and never
 * changes; `tlp` is `CLEAR` (the public site publishes nothing else); `revisions` oldest first, the
 * last being the current version; `highest` the highest score of all vectors (v4.0 preferred when
 * both are there), `null` without any; `vex_only` marks a statement about a third-party
 * vulnerability (the vendor's products are only listed with their VEX status; CSAF category
 * `csaf_vex` instead of `csaf_security_advisory`).
 */
export const AdvisoryDetails = Type.Object(
  {
    tracking_id: Type.String(),
    tlp: Type.Literal('CLEAR'),
    vex_only: Type.Boolean(),
    vulnerabilities: Type.Array(AdvisoryVulnerability),
    products: Type.Array(AdvisoryProduct),
    acknowledgements: Type.Array(Acknowledgement),
    revisions: Type.Array(AdvisoryRevision),
    highest: Nullable(CvssScore),
  },
  CLOSED,
)
export type AdvisoryDetails = Static<typeof AdvisoryDetails>

/** What a list row shows of an advisory: its CVE ids and highest score; on `TrustRecord.advisory_summary`. */
export const AdvisorySummary = Type.Object(
  { tracking_id: Type.String(), cves: Type.Array(Type.String()), highest: Nullable(CvssScore) },
  CLOSED,
)
export type AdvisorySummary = Static<typeof AdvisorySummary>

/**
 * `PUT /api/admin/records/{id}/advisory` body → 200 `{ data: AdvisoryDetails }`: saves an advisory
 * record's security details (permission of advisories, CSRF). Vectors are given as strings and
 * scored by the server; `cloud` products must name a catalogue cloud; every statement's `product`
 * must be one of `products`; a CVE appears once. Every save after the first appends a revision
 * with `revision_summary` (required then, plain text); the first save is revision 1, "Initial
 * public release" unless a summary is given. The CSAF document is regenerated. 400 `invalid` with a
 * message saying what is wrong and how to fix it; 404 `not_found`; 400 `invalid` for a record that
 * is not an advisory.
 */
export const SaveAdvisoryBody = Type.Object({
  vex_only: Type.Optional(Type.Boolean()),
  vulnerabilities: Type.Array(
    Type.Object({
      cve: Type.String({ maxLength: 40 }),
      title: Type.String({ maxLength: 300 }),
      description: Type.String({ maxLength: 10_000 }),
      cwe: Nullable(Type.Object({ id: Type.String({ maxLength: 20 }), name: Type.String({ maxLength: 300 }) })),
      cvss_v3: Nullable(Type.String({ maxLength: 400 })),
      cvss_v4: Nullable(Type.String({ maxLength: 400 })),
      statements: Type.Array(
        Type.Object({
          product: Type.String({ maxLength: 10 }),
          status: Type.String({ maxLength: 40 }),
          justification: Nullable(Type.String({ maxLength: 80 })),
          note: Type.String({ maxLength: 2000 }),
        }),
        { maxItems: 200 },
      ),
    }),
    { maxItems: 50 },
  ),
  products: Type.Array(
    Type.Object({
      id: Type.String({ maxLength: 10 }),
      kind: Type.String({ maxLength: 20 }),
      cloud: Nullable(Type.String({ maxLength: 200 })),
      name: Type.String({ maxLength: 200 }),
      versions: Nullable(Type.String({ maxLength: 200 })),
      fixed_version: Nullable(Type.String({ maxLength: 100 })),
    }),
    { maxItems: 100 },
  ),
  acknowledgements: Type.Array(
    Type.Object({ name: Type.String({ maxLength: 200 }), organization: Nullable(Type.String({ maxLength: 200 })) }),
    { maxItems: 50 },
  ),
  revision_summary: Type.Optional(Type.String({ maxLength: 1000 })),
  /**
   * `true` mails the advisory's subscribers — those whose minimum rating its highest score reaches
   * (docs/subscriptions.md#advisories-by-severity-and-signed-mail) — an update announcing this
   * revision, with its summary, CVE ids and score (a record event `updated`, signed like every
   * advisory mail). Absent or `false`: no mail.
   */
  notify: Type.Optional(Type.Boolean()),
})
export type SaveAdvisoryBody = Static<typeof SaveAdvisoryBody>

export const AdvisoryAnswer = answer(AdvisoryDetails)
export type AdvisoryAnswer = Static<typeof AdvisoryAnswer>
