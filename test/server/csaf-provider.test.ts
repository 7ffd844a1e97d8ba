/**
 * The CSAF 2.0 provider (docs/operating/security-advisories.md#the-csaf-provider): on a production
 * start from an empty database with the operator's own catalogue (test/fixtures/own-catalog.json)
 * and a signing key the test makes, advisories published on the desk and given security details
 * with `saveAdvisory` are served as CSAF documents that pass the BSI validator
 * (`@secvisogram/csaf-validator-lib`: the strict schema, every mandatory test and every
 * recommended test) — while a broken document fails it; `provider-metadata.json` passes the
 * standard's schema; the directory layout, `index.txt`, `changes.csv`, the hashes, the OpenPGP
 * signatures (checked with `openpgp.verify` against the key the metadata points to) and the ROLIE
 * feed agree; a new revision gives a new document; `security.txt` parses per RFC 9116. A
 * production site without a key serves the same documents unsigned, as a `csaf_provider`.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import csafSchema from '@secvisogram/csaf-validator-lib/lib/schemaTests/csaf_2_0/schema.js'
import cvss20 from '@secvisogram/csaf-validator-lib/schemas/cvss-v2.0.js'
import cvss30 from '@secvisogram/csaf-validator-lib/schemas/cvss-v3.0.js'
import cvss31 from '@secvisogram/csaf-validator-lib/schemas/cvss-v3.1.js'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse as parseCsv } from 'csv-parse/sync'
import * as openpgp from 'openpgp'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { SaveAdvisoryBody } from '../../contract/advisories.js'
import type { Catalog } from '../../contract/catalog.js'
import { saveAdvisory } from '../../server/advisories/repo.js'
import { readSiteOverrides } from '../../server/config.js'
import { validateCsaf as validate } from '../../scripts/csaf-validate.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { loginOps, type Session, send, startProduction } from './staff-helpers.js'

const test = suite('CSAF provider: validated, hashed, signed documents, index, changes, ROLIE, security.txt')
const PUBLIC_URL = 'https://status.nimbus.example'
const CSAF = `${PUBLIC_URL}/.well-known/csaf`
const T0 = FIXED_NOW.getTime()
const DAY = 86_400_000
const CONTACT = 'mailto:psirt@nimbus.example'
const EXPIRES = '2027-03-01T00:00:00.000Z'
const catalog = JSON.parse(readFileSync(new URL('../fixtures/own-catalog.json', import.meta.url), 'utf8')) as Catalog
const CLOUD = catalog.clouds[0].machine_name

let t: TestApp
let ops: Session
let armoredPublicKey = ''
let fingerprint = ''
const advisories: number[] = []

/** GET `url` (absolute, on the site) through the app. */
const get = (url: string) => t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, '') })

/** The provider's documents as `index.txt` lists them, with their bytes. */
async function documents(): Promise<Array<{ path: string; json: string; doc: any }>> {
  const index = await get(`${CSAF}/white/index.txt`)
  assert.is(index.statusCode, 200, index.body)
  const out = []
  for (const path of index.body.split('\n').filter(Boolean)) {
    const res = await get(`${CSAF}/white/${path}`)
    assert.is(res.statusCode, 200, `${path}: ${res.body}`)
    out.push({ path, json: res.body, doc: JSON.parse(res.body) })
  }
  return out
}

const V3 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'
const V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'

type Vulnerability = SaveAdvisoryBody['vulnerabilities'][number]
type Statement = Vulnerability['statements'][number]
type Product = SaveAdvisoryBody['products'][number]

/** A VEX statement on product `product`. */
const says = (product: string, status: string, note = '', justification: string | null = null): Statement => ({
  product,
  status,
  justification,
  note,
})

/** A vulnerability: its CVE, texts, CWE (`[id, name]`), vectors and statements. */
function cve(
  id: string,
  [title, description]: [string, string],
  cwe: [string, string] | null,
  vectors: { v3?: string; v4?: string },
  statements: Statement[],
): Vulnerability {
  const [cweId, name] = cwe ?? ['', '']
  return {
    cve: id,
    title,
    description,
    cwe: cwe ? { id: cweId, name } : null,
    cvss_v3: vectors.v3 ?? null,
    cvss_v4: vectors.v4 ?? null,
    statements,
  }
}

/** Product `id`: the catalogue's cloud, or software with its affected versions and first fix. */
const product = (id: string, software?: { name: string; versions?: string; fixed?: string }): Product =>
  software
    ? { id, kind: 'software', cloud: null, name: software.name, versions: software.versions ?? null, fixed_version: software.fixed ?? null }
    : { id, kind: 'cloud', cloud: CLOUD, name: '', versions: null, fixed_version: null }

const UPGRADE = 'Upgrade the connector.'

/** A security advisory: two CVEs, a cloud and a connector with a version range and its fix. */
function twoCves(): SaveAdvisoryBody {
  const bypass: [string, string] = [
    'Authentication bypass in the gateway console',
    'A crafted session token lets an attacker sign in without a password.',
  ]
  const xss: [string, string] = [
    'Cross-site scripting in the connector status page',
    'The local status page of the connector echoes a query parameter.',
  ]
  return {
    vulnerabilities: [
      cve('CVE-2026-90001', bypass, ['CWE-287', 'Improper Authentication'], { v3: V3, v4: V4 }, [
        says('p1', 'fixed', 'Fixed in the service on 15 March; nothing to do.'),
        says('p2', 'known_affected', UPGRADE),
      ]),
      cve(
        'CVE-2026-90002',
        xss,
        ['CWE-79', "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')"],
        { v3: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N' },
        [says('p2', 'known_affected', UPGRADE), says('p1', 'known_not_affected', 'The cloud has no such page.', 'component_not_present')],
      ),
    ],
    products: [product('p1'), product('p2', { name: 'Nimbus Connector', versions: '>=3.0 <4.2.1', fixed: '4.2.1' })],
    acknowledgements: [{ name: 'Ada Byron', organization: 'Analytical Security' }],
  }
}

/** A VEX-only statement about a third-party vulnerability. */
function thirdParty(): SaveAdvisoryBody {
  const texts: [string, string] = [
    'Remote code execution in a widely used logging library',
    'A lookup in logged strings loads and runs remote code.',
  ]
  return {
    vex_only: true,
    vulnerabilities: [
      cve(
        'CVE-2026-91234',
        texts,
        ['CWE-502', 'Deserialization of Untrusted Data'],
        { v3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H' },
        [
          says('p1', 'known_not_affected', 'The service does not use the library.', 'component_not_present'),
          says('p2', 'known_not_affected', '', 'vulnerable_code_not_in_execute_path'),
          says('p3', 'under_investigation'),
        ],
      ),
    ],
    products: [
      product('p1'),
      product('p2', { name: 'Nimbus Connector', versions: '4.2.1' }),
      product('p3', { name: 'Nimbus Desktop Agent' }),
    ],
    acknowledgements: [],
  }
}

/** An advisory naming no product and no statement: it speaks of the record's cloud. */
function noProducts(): SaveAdvisoryBody {
  const v4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:N/VI:L/VA:N/SC:L/SI:L/SA:N'
  return {
    vulnerabilities: [cve('CVE-2026-90003', ['Open redirect after sign-in', ''], null, { v4 }, [])],
    products: [],
    acknowledgements: [],
  }
}

/** A VEX-only advisory that has not said anything yet: its products are under investigation. */
function vexPending(): SaveAdvisoryBody {
  const texts: [string, string] = ['Denial of service in a widely used HTTP library', '']
  return { vex_only: true, vulnerabilities: [cve('CVE-2026-91235', texts, null, {}, [])], products: [product('p1')], acknowledgements: [] }
}

/** Publishes an advisory record on the desk; its id. */
async function publishAdvisory(title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/records', {
    session: ops,
    payload: {
      type: 'advisory',
      event_type: 'Security Advisory',
      title,
      status: 'In Progress',
      clouds: [CLOUD],
      terms: [],
      from: new Date(T0 - DAY).toISOString(),
      to: null,
      summary: `${title}: what customers must know.`,
      body: '<p>We fixed <strong>two</strong> vulnerabilities.</p>',
      notify: false,
      ...extra,
    },
  })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data.id as number
}

test.before(async () => {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'ed25519Legacy',
    userIDs: [{ name: 'Nimbus PSIRT', email: 'psirt@nimbus.example' }],
    format: 'armored',
  })
  armoredPublicKey = publicKey
  fingerprint = (await openpgp.readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase()
  t = await startProduction(PUBLIC_URL, {
    openpgpKey: privateKey,
    site: { securityContact: CONTACT, securityTxtExpires: EXPIRES },
  })
  importByCommand(t, PUBLIC_URL, catalog)
  ops = await loginOps(t)
  advisories.push(
    await publishAdvisory('Gateway console and connector: two vulnerabilities', {
      available_workaround: 'Block the connector status page at the firewall until you upgrade.',
    }),
  )
  advisories.push(await publishAdvisory('Logging library vulnerability: Nimbus products not affected'))
  advisories.push(await publishAdvisory('Open redirect after sign-in'))
  advisories.push(await publishAdvisory('HTTP library vulnerability: under investigation'))
  await saveAdvisory(t.db(), advisories[0], twoCves(), T0)
  await saveAdvisory(t.db(), advisories[1], thirdParty(), T0 + 60_000)
  await saveAdvisory(t.db(), advisories[2], noProducts(), T0 + 120_000)
  await saveAdvisory(t.db(), advisories[3], vexPending(), T0 + 180_000)
  t.app.responseCache.clear()
})
test.after(async () => {
  await t?.close()
})

test('every document passes the BSI validator: strict schema, mandatory and recommended tests', async () => {
  const docs = await documents()
  assert.is(docs.length, 4)
  for (const { path, doc } of docs) {
    const { isValid, problems } = await validate(doc)
    assert.equal(problems, [], path)
    assert.ok(isValid, path)
  }
  const categories = docs.map((d) => d.doc.document.category).sort()
  assert.equal(categories, ['csaf_security_advisory', 'csaf_security_advisory', 'csaf_vex', 'csaf_vex'])
})

test('a broken document fails the validator', async () => {
  const [{ doc }] = await documents()
  const broken = structuredClone(doc)
  // A status names a product the tree never defines, and the version leaves the revision history.
  broken.vulnerabilities[0].product_status.known_affected.push('CSAFPID-NOWHERE')
  broken.document.tracking.version = '7'
  const { isValid, problems } = await validate(broken)
  assert.is(isValid, false)
  assert.ok(
    problems.some((p) => p.startsWith('mandatoryTest_6_1_1 ')),
    problems.join('\n'),
  )
  assert.ok(
    problems.some((p) => p.startsWith('mandatoryTest_6_1_16 ')),
    problems.join('\n'),
  )
  const scoreless = structuredClone(doc)
  scoreless.vulnerabilities[0].scores[0].cvss_v3.baseScore = 4.2
  assert.is((await validate(scoreless)).isValid, false, 'a score that is not the vector’s')
})

test('the documents carry the advisory: tracking, TLP, publisher, products, VEX, scores, the v4.0 vector', async () => {
  const docs = await documents()
  const main = docs.find((d) => d.doc.vulnerabilities.some((v: any) => v.cve === 'CVE-2026-90001'))!.doc
  const tracking = main.document.tracking
  assert.match(tracking.id, /^NIMBUS-SA-2026-\d{4}$/)
  assert.equal([tracking.status, tracking.version, tracking.initial_release_date], ['final', '1', FIXED_NOW.toISOString()])
  assert.equal(main.document.distribution.tlp.label, 'WHITE')
  assert.equal(main.document.publisher, {
    category: 'vendor',
    contact_details: CONTACT,
    name: 'Nimbus Security Trust',
    namespace: PUBLIC_URL,
  })
  assert.equal(
    main.document.references.map((r: any) => r.category),
    ['self', 'external'],
  )
  assert.is(main.document.references[1].url, `${PUBLIC_URL}/${catalog.clouds[0].domain}/posts/${advisories[0]}`)
  assert.equal(main.document.acknowledgments, [{ names: ['Ada Byron'], organization: 'Analytical Security' }])

  const vendor = main.product_tree.branches[0]
  assert.equal([vendor.category, vendor.name], ['vendor', 'Nimbus Security'])
  const connector = vendor.branches.find((b: any) => b.name === 'Nimbus Connector')
  assert.equal(
    connector.branches.map((b: any) => [b.category, b.name]),
    [
      ['product_version_range', 'vers:generic/>=3.0|<4.2.1'],
      ['product_version', '4.2.1'],
    ],
  )
  const [first, second] = main.vulnerabilities
  assert.equal(first.product_status, { fixed: ['CSAFPID-P1', 'CSAFPID-P2-FIXED'], known_affected: ['CSAFPID-P2'] })
  assert.equal(first.scores, [
    { cvss_v3: { baseScore: 9.8, baseSeverity: 'CRITICAL', vectorString: V3, version: '3.1' }, products: ['CSAFPID-P2'] },
  ])
  assert.ok(
    first.notes.some((n: any) => n.title === 'CVSS v4.0' && n.text === `CVSS v4.0 base score 9.3 (Critical): ${V4}`),
    JSON.stringify(first.notes),
  )
  assert.ok(first.remediations.some((r: any) => r.category === 'vendor_fix' && r.details.includes('4.2.1')))
  assert.ok(first.remediations.some((r: any) => r.category === 'workaround' && r.details.startsWith('Block the connector')))
  assert.equal(second.flags, [{ label: 'component_not_present', product_ids: ['CSAFPID-P1'] }])

  const vex = docs.find((d) => d.doc.vulnerabilities[0].cve === 'CVE-2026-91234')!.doc
  const pending = docs.find((d) => d.doc.vulnerabilities[0].cve === 'CVE-2026-91235')!.doc
  assert.equal(pending.vulnerabilities[0].product_status, { under_investigation: ['CSAFPID-P1'] })
  assert.equal(vex.vulnerabilities[0].product_status, {
    known_not_affected: ['CSAFPID-P1', 'CSAFPID-P2'],
    under_investigation: ['CSAFPID-P3'],
  })
  const bare = docs.find((d) => d.doc.vulnerabilities[0].cve === 'CVE-2026-90003')!.doc
  assert.equal(bare.vulnerabilities[0].product_status, { known_affected: ['CSAFPID-P1'] })
  assert.is(bare.product_tree.branches[0].branches[0].name, `${catalog.products[0].title} (${catalog.clouds[0].title})`)
})

test('provider-metadata.json passes the standard’s schema and names the key, the feed and the directory', async () => {
  const res = await get(`${CSAF}/provider-metadata.json`)
  assert.is(res.statusCode, 200, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const metadata = JSON.parse(res.body)
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(cvss20, 'https://www.first.org/cvss/cvss-v2.0.json')
  ajv.addSchema(cvss30, 'https://www.first.org/cvss/cvss-v3.0.json')
  ajv.addSchema(cvss31, 'https://www.first.org/cvss/cvss-v3.1.json')
  ajv.addSchema(csafSchema)
  const schema = JSON.parse(readFileSync(new URL('../fixtures/csaf/provider_json_schema.json', import.meta.url), 'utf8'))
  // A copy: the check narrows what it is given.
  const valid = ajv.validate(schema, JSON.parse(res.body))
  assert.ok(valid, JSON.stringify(ajv.errors))
  assert.is(metadata.role, 'csaf_trusted_provider')
  assert.is(metadata.canonical_url, `${CSAF}/provider-metadata.json`)
  assert.equal(metadata.public_openpgp_keys, [{ fingerprint, url: `${CSAF}/openpgp/${fingerprint}.asc` }])
  const key = await get(metadata.public_openpgp_keys[0].url)
  assert.is(key.statusCode, 200)
  assert.is((await openpgp.readKey({ armoredKey: key.body })).getFingerprint().toUpperCase(), fingerprint)
  assert.is(key.body.trim(), armoredPublicKey.trim())
  const [{ doc }] = await documents()
  assert.equal(metadata.publisher, doc.document.publisher, 'the documents’ publisher')
  assert.equal(metadata.distributions[0].directory_url, `${CSAF}/white/`)
  for (const url of [metadata.distributions[0].rolie.feeds[0].url, ...metadata.distributions[0].rolie.services]) {
    assert.is((await get(url)).statusCode, 200, url)
  }
})

test('layout: white/{year}/{tracking id}.json, index.txt and changes.csv agree, clear/ answers the same bytes', async () => {
  const docs = await documents()
  for (const { path, json, doc } of docs) {
    const tracking = doc.document.tracking
    assert.is(path, `${new Date(tracking.initial_release_date).getUTCFullYear()}/${tracking.id.toLowerCase()}.json`)
    assert.is(doc.document.references[0].url, `${CSAF}/white/${path}`)
    const alias = await get(`${CSAF}/clear/${path}`)
    assert.is(alias.body, json, 'clear/ serves the same bytes')
  }
  const changes = await get(`${CSAF}/white/changes.csv`)
  assert.match(String(changes.headers['content-type']), /^text\/csv/)
  const rows = parseCsv(changes.body) as string[][]
  assert.equal(rows.map((r) => r[0]).sort(), docs.map((d) => d.path).sort())
  for (const [path, date] of rows) {
    assert.is(date, docs.find((d) => d.path === path)!.doc.document.tracking.current_release_date)
  }
  const dates = rows.map((r) => r[1])
  assert.equal(dates, [...dates].sort().reverse(), 'newest first')
  assert.match(changes.body, /^"\d{4}\/[a-z0-9_+-]+\.json","[0-9T:.Z-]+"\n/)
  assert.is((await get(`${CSAF}/clear/changes.csv`)).body, changes.body)
  assert.is((await get(`${CSAF}/amber/index.txt`)).statusCode, 404)
  assert.is((await get(`${CSAF}/white/2026/nimbus-sa-2026-9999.json`)).statusCode, 404)
})

test('hashes match the bytes served and the signatures verify with the published key; a changed byte does not', async () => {
  const metadata = JSON.parse((await get(`${CSAF}/provider-metadata.json`)).body)
  const verificationKeys = await openpgp.readKey({ armoredKey: (await get(metadata.public_openpgp_keys[0].url)).body })
  for (const { path, json } of await documents()) {
    const file = path.slice(5)
    for (const algorithm of ['sha256', 'sha512'] as const) {
      const res = await get(`${CSAF}/white/${path}.${algorithm}`)
      assert.is(res.statusCode, 200)
      assert.is(res.body, `${createHash(algorithm).update(json).digest('hex')}  ${file}\n`)
    }
    const asc = await get(`${CSAF}/white/${path}.asc`)
    assert.is(asc.statusCode, 200)
    const signature = await openpgp.readSignature({ armoredSignature: asc.body })
    const check = async (text: string) => {
      const message = await openpgp.createMessage({ binary: new TextEncoder().encode(text) })
      const { signatures } = await openpgp.verify({ message, signature, verificationKeys, expectSigned: true })
      return signatures[0].verified
    }
    assert.ok(await check(json), path)
    let failed = false
    try {
      await check(json.replace('"final"', '"draft"'))
    } catch {
      failed = true
    }
    assert.ok(failed, `a tampered ${path} must not verify`)
  }
})

test('the ROLIE feed lists every document with its hash and signature links; the service document names the feed', async () => {
  const feed = JSON.parse((await get(`${CSAF}/white/csaf-feed-tlp-white.json`)).body).feed
  assert.equal(feed.category, [{ scheme: 'urn:ietf:params:rolie:category:information-type', term: 'csaf' }])
  assert.is(feed.link[0].href, `${CSAF}/white/csaf-feed-tlp-white.json`)
  const docs = await documents()
  assert.equal(feed.entry.map((e: any) => e.content.src).sort(), docs.map((d) => `${CSAF}/white/${d.path}`).sort())
  for (const entry of feed.entry) {
    const doc = docs.find((d) => `${CSAF}/white/${d.path}` === entry.content.src)!.doc
    assert.is(entry.id, doc.document.tracking.id)
    assert.is(entry.title, doc.document.title)
    assert.is(entry.published, doc.document.tracking.initial_release_date)
    assert.is(entry.updated, doc.document.tracking.current_release_date)
    assert.equal(
      entry.link.map((l: any) => [l.rel, l.href]),
      [
        ['self', entry.content.src],
        ['hash', `${entry.content.src}.sha256`],
        ['hash', `${entry.content.src}.sha512`],
        ['signature', `${entry.content.src}.asc`],
      ],
    )
    for (const link of entry.link) assert.is((await get(link.href)).statusCode, 200, link.href)
  }
  const service = JSON.parse((await get(`${CSAF}/service.json`)).body)
  assert.is(service.service.workspace[0].collection[0].href, `${CSAF}/white/csaf-feed-tlp-white.json`)
})

test('a new revision gives a new document: version, revision history, changes.csv, hash and signature in step', async () => {
  const before = (await documents()).find((d) => d.doc.vulnerabilities.some((v: any) => v.cve === 'CVE-2026-90001'))!
  const later = T0 + 2 * DAY
  const changed = twoCves()
  changed.products[1].fixed_version = '4.2.2'
  await saveAdvisory(t.db(), advisories[0], { ...changed, revision_summary: 'The fix moved to connector 4.2.2.' }, later)
  t.app.responseCache.clear()
  const after = (await documents()).find((d) => d.path === before.path)!
  assert.is.not(after.json, before.json)
  const tracking = after.doc.document.tracking
  assert.is(tracking.version, '2')
  assert.is(tracking.current_release_date, new Date(later).toISOString())
  assert.equal(
    tracking.revision_history.map((r: any) => [r.number, r.summary]),
    [
      ['1', 'Initial public release'],
      ['2', 'The fix moved to connector 4.2.2.'],
    ],
  )
  assert.equal((await validate(after.doc)).problems, [])
  const [first] = parseCsv((await get(`${CSAF}/white/changes.csv`)).body) as string[][]
  assert.equal(first, [before.path, new Date(later).toISOString()])
  const sha = await get(`${CSAF}/white/${before.path}.sha256`)
  assert.is(sha.body.split(' ')[0], createHash('sha256').update(after.json).digest('hex'))
  const signature = await openpgp.readSignature({ armoredSignature: (await get(`${CSAF}/white/${before.path}.asc`)).body })
  const message = await openpgp.createMessage({ binary: new TextEncoder().encode(after.json) })
  const { signatures } = await openpgp.verify({
    message,
    signature,
    verificationKeys: await openpgp.readKey({ armoredKey: armoredPublicKey }),
  })
  assert.ok(await signatures[0].verified)
})

/**
 * The fields of a security.txt per RFC 9116 §4's ABNF (unsigned form): `Name: value` lines, comments
 * starting with `#`, blank lines; names case-insensitive. Throws on a line the grammar does not allow.
 */
function parseSecurityTxt(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>()
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([A-Za-z0-9!#$%&'*+\-.^_`|~]+): ([\x21-\x7e\u0080-\uffff](?:[\x20-\x7e\u0080-\uffff]*[\x21-\x7e\u0080-\uffff])?)$/.exec(
      line,
    )
    if (!match) throw new Error(`not a security.txt field line: ${JSON.stringify(line)}`)
    const name = match[1].toLowerCase()
    fields.set(name, [...(fields.get(name) ?? []), match[2]])
  }
  return fields
}

test('security.txt parses per RFC 9116: Contact, one Expires in the future, Canonical, Preferred-Languages, CSAF', async () => {
  const res = await get(`${PUBLIC_URL}/.well-known/security.txt`)
  assert.is(res.statusCode, 200)
  assert.match(String(res.headers['content-type']), /^text\/plain; charset=utf-8/)
  const fields = parseSecurityTxt(res.body)
  assert.equal(fields.get('contact'), [CONTACT])
  assert.equal(fields.get('expires'), [EXPIRES], 'exactly one Expires')
  assert.ok(Date.parse(EXPIRES) > T0, 'in the future')
  assert.equal(fields.get('canonical'), [`${PUBLIC_URL}/.well-known/security.txt`])
  assert.equal(fields.get('preferred-languages'), ['en'])
  assert.equal(fields.get('csaf'), [`${CSAF}/provider-metadata.json`])
  assert.is((await get(fields.get('csaf')![0])).statusCode, 200)
})

test('SECURITY_CONTACT and SECURITY_TXT_EXPIRES are read, and refused with a sentence when malformed', () => {
  assert.equal(readSiteOverrides({ SECURITY_CONTACT: ' psirt@nimbus.example ', SECURITY_TXT_EXPIRES: '2027-06-30' }), {
    securityContact: 'mailto:psirt@nimbus.example',
    securityTxtExpires: '2027-06-30T00:00:00.000Z',
  })
  assert.equal(readSiteOverrides({ SECURITY_CONTACT: 'https://nimbus.example/report' }).securityContact, 'https://nimbus.example/report')
  assert.equal(readSiteOverrides({ SECURITY_CONTACT: 'tel:+1-201-555-0123' }).securityContact, 'tel:+1-201-555-0123')
  assert.throws(
    () => readSiteOverrides({ SECURITY_CONTACT: 'the PSIRT' }),
    /SECURITY_CONTACT must be an email address or a mailto:, https: or tel: URI/,
  )
  assert.throws(() => readSiteOverrides({ SECURITY_CONTACT: 'http://nimbus.example/report' }), /SECURITY_CONTACT must be/)
  assert.throws(
    () => readSiteOverrides({ SECURITY_TXT_EXPIRES: 'next year' }),
    /SECURITY_TXT_EXPIRES must be an ISO 8601 date such as 2027-06-30/,
  )
  assert.throws(() => readSiteOverrides({ SECURITY_TXT_EXPIRES: '2027-13-45' }), /SECURITY_TXT_EXPIRES must be/)
})

test('the provider’s files are public: CORS for any origin and the shared caching of the feeds', async () => {
  const [{ path }] = await documents()
  for (const url of [
    `${CSAF}/provider-metadata.json`,
    `${CSAF}/white/${path}`,
    `${CSAF}/white/index.txt`,
    `${PUBLIC_URL}/.well-known/security.txt`,
  ]) {
    const res = await t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, ''), headers: { origin: 'https://scanner.example' } })
    assert.is(res.headers['access-control-allow-origin'], '*', url)
    assert.match(String(res.headers['cache-control']), /^public, max-age=\d+, s-maxage=\d+/, url)
  }
})

test('without a key a production site serves the same documents unsigned, as a csaf_provider', async () => {
  const unsigned = await startProduction('https://status.unsigned.example')
  try {
    importByCommand(unsigned, 'https://status.unsigned.example', catalog)
    const session = await loginOps(unsigned)
    const res = await send(unsigned, 'POST', '/api/admin/records', {
      session,
      payload: {
        type: 'advisory',
        event_type: 'Security Advisory',
        title: 'Unsigned',
        status: 'In Progress',
        clouds: [CLOUD],
        terms: [],
        from: new Date(T0).toISOString(),
        to: null,
        notify: false,
      },
    })
    assert.is(res.statusCode, 201, res.body)
    await saveAdvisory(unsigned.db(), body(res).data.id, twoCves(), T0)
    unsigned.app.responseCache.clear()
    const metadata = JSON.parse((await unsigned.app.inject('/.well-known/csaf/provider-metadata.json')).body)
    assert.is(metadata.role, 'csaf_provider')
    assert.equal(metadata.public_openpgp_keys, [])
    const [path] = (await unsigned.app.inject('/.well-known/csaf/white/index.txt')).body.split('\n')
    const doc = await unsigned.app.inject(`/.well-known/csaf/white/${path}`)
    assert.equal((await validate(JSON.parse(doc.body))).problems, [])
    assert.is((await unsigned.app.inject(`/.well-known/csaf/white/${path}.asc`)).statusCode, 404)
    const feed = JSON.parse((await unsigned.app.inject('/.well-known/csaf/white/csaf-feed-tlp-white.json')).body).feed
    assert.not.ok(feed.entry[0].link.some((l: { rel: string }) => l.rel === 'signature'))
    const security = parseSecurityTxt((await unsigned.app.inject('/.well-known/security.txt')).body)
    assert.equal(security.get('contact'), ['mailto:security@status.unsigned.example'])
    const expires = Date.parse(security.get('expires')![0])
    assert.ok(expires > T0 + 170 * DAY && expires < T0 + 190 * DAY, 'the default: about half a year ahead')
  } finally {
    await unsigned.close()
  }
})

test.run()
