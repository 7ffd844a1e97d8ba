/**
 * One CSAF 2.0 document per advisory with security details (docs/operating/security-advisories.md#the-csaf-documents):
 * built from the record (title, summary, body, workaround, clouds) and its `AdvisoryDetails`, with
 * nothing else as input, so the same advisory always gives the same bytes.
 *
 * - `document.category` `csaf_security_advisory`, or `csaf_vex` for a statement about a
 *   third-party vulnerability (`vex_only`); `distribution.tlp.label` `WHITE` (TLP 2.0 CLEAR is
 *   CSAF 2.0's WHITE); `lang` `en`; the publisher a `vendor` with the site's name and its origin as
 *   namespace; references `self` (the canonical URL) and `external` (the advisory's post).
 * - `tracking`: the tracking id, `final`, the version and `revision_history` from the advisory's
 *   revisions (version = the last revision's number; initial and current release dates = the first
 *   and last revision's).
 * - `product_tree`: vendor → product name → version range (`vers:generic/…`) or version, clouds of
 *   the catalogue as product names; every product with a CPE 2.3 name as its identification
 *   helper. Only products some vulnerability speaks of are defined.
 * - `vulnerabilities`: CVE, CWE, notes, `product_status` from the VEX statements, the CVSS v3.1
 *   score (CSAF 2.0 has no CVSS v4.0 field: the v4.0 vector and score are a note,
 *   docs/decisions/0086-csaf-provider.md), remediations, flags with the not-affected
 *   justification, impact threats.
 *
 * Keys are sorted (the validator's recommended test 6.2.13) and the document is written with two
 * spaces of indentation and a final newline.
 */
import type { AdvisoryDetails, AdvisoryProduct, AdvisoryVulnerability, CvssScore, VexStatement } from '../../contract/advisories.js'
import { htmlToText } from '../admin/sanitize.js'

/** The TLP directory the documents are published in (CSAF 2.0's name of TLP 2.0 CLEAR). */
export const TLP_DIRECTORY = 'white'
/** The directory that answers the same files under TLP 2.0's name (docs/decisions/0086-csaf-provider.md). */
export const TLP_ALIAS_DIRECTORY = 'clear'
/** The path of the CSAF tree below the site's origin. */
export const CSAF_ROOT = '/.well-known/csaf'

/** What a document is built from. */
export interface CsafInput {
  /** The advisory record as the public post shows it. */
  record: {
    id: number
    title: string
    summary: string
    /** HTML as stored; the document carries its text. */
    body: string
    available_workaround: string | null
    /** Machine names of the record's clouds, in cloud order. */
    clouds: readonly string[]
  }
  advisory: AdvisoryDetails
  /** The site's origin without a trailing slash (`PUBLIC_URL`), e.g. `https://status.northwind.example`. */
  origin: string
  /** The publisher's name (the site's name, e.g. `Northwind Trust`). */
  publisher: string
  /** The vendor of the products (the catalogue's vendor name; the publisher's name when unset). */
  vendor: string
  /** Who to contact about the advisories (`SECURITY_CONTACT`), or null. */
  contact: string | null
  /** The advisory's public post, e.g. `https://status.northwind.example/status.northwind.example/posts/12`. */
  postUrl: string
  /** Catalogue names of clouds (`Relay (Northwind Relay)`) by machine name: the products of an advisory that names none. */
  cloudNames: ReadonlyMap<string, string>
}

/** A built document: its path below `/.well-known/csaf/`, the object and its bytes as served. */
export interface BuiltCsafDocument {
  /** E.g. `white/2026/northwind-sa-2026-0001.json`. */
  path: string
  document: Record<string, unknown>
  json: string
  /** Epoch ms of `tracking.current_release_date`. */
  released: number
}

/**
 * The file name of a tracking id (CSAF 2.0 §5.1): lower case, every run of characters other than
 * `+`, `-`, `a`–`z`, `0`–`9` replaced by `_`, and `.json`.
 *
 * @example csafFileName('NORTHWIND-SA-2026-0001') // 'northwind-sa-2026-0001.json'
 */
export function csafFileName(trackingId: string): string {
  return `${trackingId.toLowerCase().replace(/[^+\-a-z0-9]+/g, '_')}.json`
}

/** The URL of a path below `/.well-known/csaf/` on `origin`. */
export function csafUrl(origin: string, path: string): string {
  return `${origin}${CSAF_ROOT}/${path}`
}

/** `value` with the keys of every object sorted (arrays keep their order). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const collator = new Intl.Collator('en')
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
  entries.sort(([a], [b]) => collator.compare(a, b))
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]))
}

/** The bytes a document is served as: sorted keys, two spaces, a final newline. */
export function serialiseDocument(document: unknown): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`
}

/** A CPE 2.3 component: lower case, characters other than letters, digits, `.`, `_`, `-` as `_`. */
function cpePart(text: string): string {
  const part = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return part || '_'
}

/** The CPE 2.3 name (formatted string) of the vendor's product, `*` for any version. */
function cpeName(vendor: string, product: string, version: string | null): string {
  return `cpe:2.3:a:${cpePart(vendor)}:${cpePart(product)}:${version ? cpePart(version) : '*'}:*:*:*:*:*:*:*`
}

/**
 * A version range as a `vers` string (`vers:generic/<4.2.1`, `vers:generic/>=3.0|<3.4.2`), or
 * `null` when `text` is one version (no comparator). Comparators `<`, `<=`, `>`, `>=`, `=`, `!=`
 * each followed by a version; constraints separated by spaces, commas or `|`.
 */
export function versRange(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed.startsWith('vers:')) return trimmed
  if (!/[<>=!]/.test(trimmed)) return null
  const constraints: string[] = []
  const pattern = /(<=|>=|!=|<|>|=)?\s*([^\s<>=!|,]+)/g
  for (const match of trimmed.matchAll(pattern)) constraints.push(`${match[1] ?? ''}${match[2]}`)
  return `vers:generic/${constraints.join('|')}`
}

/** The products of the document and the ids each advisory product stands for. */
interface ProductIds {
  /** The product a statement about `p` is about: its version range, its one version, or the product itself. */
  main: string
  /** The first fixed version's product, when the product names one. */
  fixed: string | null
}

const CVSS_SEVERITY: Record<CvssScore['rating'], string> = {
  None: 'NONE',
  Low: 'LOW',
  Medium: 'MEDIUM',
  High: 'HIGH',
  Critical: 'CRITICAL',
}

/** The CSAF 2.0 `cvss_v3` object of a v3.1 score (the required properties only). */
function cvssV3(score: CvssScore) {
  return { baseScore: score.score, baseSeverity: CVSS_SEVERITY[score.rating], vectorString: score.vector, version: '3.1' }
}

/** The product tree's pieces: branches below the vendor and the ids of each advisory product. */
function productTree(input: CsafInput, products: readonly AdvisoryProduct[], used: ReadonlySet<string>) {
  const ids = new Map<string, ProductIds>()
  const branches: Record<string, unknown>[] = []
  const vendor = input.vendor
  for (const p of products) {
    const id = p.id.toUpperCase()
    // "Nimbus Connector" of vendor "Nimbus Security" is not called "Nimbus Security Nimbus Connector".
    const named = p.name.toLowerCase().startsWith(`${vendor.split(' ')[0].toLowerCase()} `)
    const fullName = (suffix: string | null) => [named ? null : vendor, p.name, suffix].filter(Boolean).join(' ')
    const product = (productId: string, name: string, version: string | null) => ({
      name,
      product_id: productId,
      product_identification_helper: { cpe: cpeName(vendor, p.name, version) },
    })
    const range = p.versions ? versRange(p.versions) : p.fixed_version ? `vers:generic/<${p.fixed_version}` : null
    const single = p.versions && !range ? p.versions.trim() : null
    const mainId = `CSAFPID-${id}`
    const fixedId = p.fixed_version && p.fixed_version !== single ? `CSAFPID-${id}-FIXED` : null
    ids.set(p.id, { main: mainId, fixed: fixedId })
    const children: Record<string, unknown>[] = []
    if (range && used.has(mainId)) {
      children.push({
        category: 'product_version_range',
        name: range,
        product: product(mainId, fullName(p.versions ?? `<${p.fixed_version}`), null),
      })
    } else if (single && used.has(mainId)) {
      children.push({ category: 'product_version', name: single, product: product(mainId, fullName(single), single) })
    }
    if (fixedId && used.has(fixedId)) {
      children.push({
        category: 'product_version',
        name: p.fixed_version,
        product: product(fixedId, fullName(p.fixed_version), p.fixed_version),
      })
    }
    if (!range && !single) {
      // A cloud, or software without versions: the product name is the product.
      if (used.has(mainId)) branches.push({ category: 'product_name', name: p.name, product: product(mainId, fullName(null), null) })
    } else if (children.length > 0) {
      branches.push({ category: 'product_name', name: p.name, branches: children })
    }
  }
  return { ids, branches }
}

/** The product ids a statement speaks of, by status, for one vulnerability. */
interface StatusLists {
  known_affected: string[]
  fixed: string[]
  under_investigation: string[]
  known_not_affected: string[]
}

/**
 * The statements of a vulnerability. Without any, a security advisory says every product of the
 * advisory is affected (software with a first fixed version: fixed from it), and a VEX-only one
 * that every product is still under investigation.
 */
function statementsOf(v: AdvisoryVulnerability, products: readonly AdvisoryProduct[], vexOnly: boolean): VexStatement[] {
  if (v.statements.length > 0) return v.statements
  const status = vexOnly ? 'under_investigation' : 'known_affected'
  return products.map((p) => ({ product: p.id, status, justification: null, note: '' }))
}

/** A statement whose product's versions are affected: `known_affected`, or `fixed` with a first fixed version. */
function affectedBeforeFix(s: VexStatement, p: ProductIds): boolean {
  return s.status === 'known_affected' || (s.status === 'fixed' && p.fixed !== null)
}

/** The ids each status lists. */
function statusLists(statements: readonly VexStatement[], ids: ReadonlyMap<string, ProductIds>): StatusLists {
  const lists: StatusLists = { known_affected: [], fixed: [], under_investigation: [], known_not_affected: [] }
  const add = (list: string[], id: string) => {
    if (!list.includes(id)) list.push(id)
  }
  for (const s of statements) {
    const p = ids.get(s.product)
    if (!p) continue
    if (affectedBeforeFix(s, p)) {
      // A product with a first fixed version: the versions before it are affected, that one is fixed.
      add(lists.known_affected, p.main)
      if (p.fixed) add(lists.fixed, p.fixed)
    } else {
      add(lists[s.status], p.main)
    }
  }
  return lists
}

/** A score note of a CVSS vector: what the document cannot carry as a score (v4.0), or carries besides. */
function scoreNote(score: CvssScore) {
  return {
    category: 'other',
    text: `CVSS v${score.version} base score ${score.score.toFixed(1)} (${score.rating}): ${score.vector}`,
    title: `CVSS v${score.version}`,
  }
}

/** The `vulnerabilities` entry of `v`. */
function vulnerability(
  v: AdvisoryVulnerability,
  input: CsafInput,
  products: readonly AdvisoryProduct[],
  ids: ReadonlyMap<string, ProductIds>,
): Record<string, unknown> {
  const statements = statementsOf(v, products, input.advisory.vex_only)
  const lists = statusLists(statements, ids)
  const productStatus = Object.fromEntries(Object.entries(lists).filter(([, list]) => list.length > 0))
  const notes: Record<string, unknown>[] = [{ category: 'description', text: v.description || v.title, title: 'Vulnerability description' }]
  if (v.cvss_v4) notes.push(scoreNote(v.cvss_v4))

  // A score is the affected products' (a fixed product's environmental score would be 0,
  // recommended test 6.2.19): with none affected, the vector is a note.
  const scored = lists.known_affected.length > 0 ? lists.known_affected : lists.under_investigation
  const scores = v.cvss_v3 && scored.length > 0 ? [{ cvss_v3: cvssV3(v.cvss_v3), products: scored }] : undefined
  if (v.cvss_v3 && !scores) notes.push(scoreNote(v.cvss_v3))

  const remediations: Record<string, unknown>[] = []
  const flags: Record<string, unknown>[] = []
  const threats: Record<string, unknown>[] = []
  for (const s of statements) {
    const product = products.find((p) => p.id === s.product)
    const p = ids.get(s.product)
    if (!product || !p) continue
    if (affectedBeforeFix(s, p)) {
      const upgrade = product.fixed_version ? `Update ${product.name} to ${product.fixed_version} or later.` : null
      const details = [s.note, upgrade].filter(Boolean).join(' ')
      remediations.push({
        category: product.fixed_version ? 'vendor_fix' : 'workaround',
        details: details || `No fix is available yet for ${product.name}; follow the advisory for updates.`,
        product_ids: [p.main],
      })
    } else if (s.status === 'fixed' && s.note) {
      remediations.push({ category: 'vendor_fix', details: s.note, product_ids: [p.main] })
    } else if (s.status === 'under_investigation') {
      remediations.push({
        category: 'none_available',
        details: [s.note, `${input.vendor} is investigating whether ${product.name} is affected; this advisory will be updated.`]
          .filter(Boolean)
          .join(' '),
        product_ids: [p.main],
      })
    } else if (s.status === 'known_not_affected') {
      if (s.justification) flags.push({ label: s.justification, product_ids: [p.main] })
      if (s.note) threats.push({ category: 'impact', details: s.note, product_ids: [p.main] })
    }
  }
  const workaround = input.record.available_workaround ? htmlToText(input.record.available_workaround) : ''
  if (workaround && lists.known_affected.length > 0) {
    remediations.push({ category: 'workaround', details: workaround, product_ids: lists.known_affected })
  }
  return {
    cve: v.cve,
    cwe: v.cwe ? { id: v.cwe.id, name: v.cwe.name } : undefined,
    flags: flags.length > 0 ? flags : undefined,
    notes,
    product_status: Object.keys(productStatus).length > 0 ? productStatus : undefined,
    remediations: remediations.length > 0 ? remediations : undefined,
    scores,
    threats: threats.length > 0 ? threats : undefined,
    title: v.title,
  }
}

/** Every product id a built vulnerability refers to. */
function referencedIds(vulnerabilities: readonly Record<string, unknown>[]): Set<string> {
  const out = new Set<string>()
  for (const v of vulnerabilities) {
    for (const list of Object.values((v.product_status ?? {}) as Record<string, string[]>)) for (const id of list) out.add(id)
  }
  return out
}

/**
 * The CSAF 2.0 document of an advisory (see the module comment). Throws when the advisory has no
 * revision (a saved advisory always has one).
 */
export function buildCsafDocument(input: CsafInput): BuiltCsafDocument {
  const { advisory, record } = input
  const revisions = advisory.revisions
  if (revisions.length === 0) throw new Error(`Advisory ${advisory.tracking_id} has no revision.`)
  const first = revisions[0]
  const last = revisions[revisions.length - 1]
  const year = new Date(first.date).getUTCFullYear()
  const path = `${TLP_DIRECTORY}/${year}/${csafFileName(advisory.tracking_id)}`

  // An advisory naming no product speaks of the record's clouds.
  const products: AdvisoryProduct[] =
    advisory.products.length > 0
      ? advisory.products
      : record.clouds.map((cloud, i) => ({
          id: `p${i + 1}`,
          kind: 'cloud',
          cloud,
          name: input.cloudNames.get(cloud) ?? cloud,
          versions: null,
          fixed_version: null,
        }))

  // Two passes: which ids the statements use decides which products the tree defines.
  const all = productTree(
    input,
    products,
    new Set(products.flatMap((p) => [`CSAFPID-${p.id.toUpperCase()}`, `CSAFPID-${p.id.toUpperCase()}-FIXED`])),
  )
  const vulnerabilities = advisory.vulnerabilities.map((v) => vulnerability(v, input, products, all.ids))
  const used = referencedIds(vulnerabilities)
  const tree = productTree(input, products, used)

  const notes: Record<string, unknown>[] = [{ category: 'summary', text: record.summary.trim() || record.title, title: 'Summary' }]
  const description = htmlToText(record.body)
  if (description) notes.push({ category: 'description', text: description, title: 'Details' })
  notes.push({
    category: 'legal_disclaimer',
    text: `This advisory is published by ${input.publisher} under TLP:CLEAR: it may be distributed without restriction.`,
    title: 'Terms of use',
  })

  const canonical = csafUrl(input.origin, path)
  const document = {
    document: {
      acknowledgments:
        advisory.acknowledgements.length > 0
          ? advisory.acknowledgements.map((a) => ({ names: [a.name], organization: a.organization ?? undefined }))
          : undefined,
      aggregate_severity: advisory.highest ? { namespace: 'https://www.first.org/cvss/', text: advisory.highest.rating } : undefined,
      category: advisory.vex_only ? 'csaf_vex' : 'csaf_security_advisory',
      csaf_version: '2.0',
      distribution: { tlp: { label: 'WHITE', url: 'https://www.first.org/tlp/' } },
      lang: 'en',
      notes,
      publisher: {
        category: 'vendor',
        contact_details: input.contact ?? undefined,
        name: input.publisher,
        namespace: input.origin,
      },
      references: [
        { category: 'self', summary: `Canonical URL of ${advisory.tracking_id}`, url: canonical },
        { category: 'external', summary: `${advisory.tracking_id} on ${input.publisher}`, url: input.postUrl },
      ],
      title: record.title,
      tracking: {
        current_release_date: last.date,
        generator: { engine: { name: 'trust-site-kit CSAF provider' } },
        id: advisory.tracking_id,
        initial_release_date: first.date,
        revision_history: revisions.map((r) => ({ date: r.date, number: r.number, summary: r.summary })),
        status: 'final',
        version: last.number,
      },
    },
    product_tree:
      tree.branches.length > 0 ? { branches: [{ branches: tree.branches, category: 'vendor', name: input.vendor }] } : undefined,
    vulnerabilities,
  }
  return {
    path,
    document: sortKeys(document) as Record<string, unknown>,
    json: serialiseDocument(document),
    released: Date.parse(last.date),
  }
}
