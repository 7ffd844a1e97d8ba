/**
 * The desk's security details of advisories (docs/operating/console-and-desk.md#security-details;
 * `contract/advisories.ts`): on a production start from an empty database with the vendor's own
 * catalogue, `POST /api/admin/cvss` scores the calculator's vectors, `PUT /api/admin/records/{id}/advisory`
 * saves CVEs, vectors, CWE, products and VEX statements (scores computed, names of catalogue clouds
 * filled in, the tracking id assigned once), refuses every bad body with its sentence, and the
 * revision history grows with each save and each published change of the record; the desk's
 * record detail carries the details; who may save is the permission of advisories.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { SaveAdvisoryBody } from '../../contract/advisories.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog, ownIncident } from './own-catalog.js'
import { auditRows, createAccount, errorOf, login, loginOps, type Session, send, startProduction } from './staff-helpers.js'

const [V3, V4] = ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N']
const PUBLIC_URL = 'https://status.northwind.example'
const test = suite('advisories on the desk: the CVSS calculator, security details, refusals, revisions, permissions')

/** The app, the administrator's session, and the advisory and the incident published before the tests. */
let t: TestApp
let ops: Session
let [advisory, incident] = [0, 0]

/** A complete body: two CVEs, a cloud of the catalogue and a connector, a VEX statement each. */
function details(overrides: Partial<SaveAdvisoryBody> = {}): SaveAdvisoryBody {
  return {
    vulnerabilities: [
      {
        ...{ cve: 'cve-2026-90001', title: 'Authentication bypass in the relay console', cvss_v3: V3, cvss_v4: V4 },
        description: 'A crafted session token lets an attacker sign in without a password.',
        cwe: { id: 'cwe-287', name: 'authentication, typed' },
        statements: [
          { product: 'p1', status: 'fixed', justification: null, note: '' },
          { product: 'p2', status: 'known_affected', justification: null, note: 'Upgrade the connector to 4.2.1.' },
        ],
      },
      {
        ...{ cve: 'CVE-2026-90002', title: 'Cross-site scripting in the relay console', description: '', cwe: null },
        ...{ cvss_v3: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N', cvss_v4: null },
        statements: [{ product: 'p2', status: 'known_not_affected', justification: 'vulnerable_code_not_present', note: '' }],
      },
    ],
    products: [
      { id: 'p1', kind: 'cloud', cloud: OWN.cloud, name: '', versions: null, fixed_version: null },
      { id: 'p2', kind: 'software', cloud: null, name: ' Relay Connector ', versions: '<4.2.1', fixed_version: '4.2.1' },
    ],
    acknowledgements: [
      { name: 'Ada Byron', organization: 'Analytical Security' },
      { name: '  ', organization: null },
    ],
    ...overrides,
  }
}

const put = (id: number, payload: unknown, session: Session = ops, csrf = true) =>
  send(t, 'PUT', `/api/admin/records/${id}/advisory`, { session, payload, csrf })
const score = (vector: unknown, session: Session = ops, csrf = true) =>
  send(t, 'POST', '/api/admin/cvss', { session, payload: { vector }, csrf })
const revisionsOf = async (id: number) =>
  (
    await t.query<{ number: number; summary: string }>(
      'select number, summary from advisory_revisions where record_id = ? order by number',
      id,
    )
  ).map((r) => [Number(r.number), r.summary])

/** `vulnerabilities[0]` of {@link details} with `change` applied. */
const firstWith = (change: Record<string, unknown>) => {
  const body = details()
  return { ...body, vulnerabilities: [{ ...body.vulnerabilities[0], ...change }] }
}

test.before(async () => {
  t = await startProduction(PUBLIC_URL)
  importByCommand(t, PUBLIC_URL, ownCatalog({ secondCloud: true }))
  ops = await loginOps(t)
  const [service] = await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service)
  const published = async (payload: Record<string, unknown>) => {
    const res = await send(t, 'POST', '/api/admin/records', { session: ops, payload })
    assert.is(res.statusCode, 201, res.body)
    return body(res).data.id as number
  }
  const base = { ...ownIncident(service.tid, FIXED_NOW.getTime() - 3_600_000), notify: false }
  advisory = await published({ ...base, type: 'advisory', event_type: 'Security Advisory', title: 'Relay console: two vulnerabilities' })
  incident = await published(base)
})
test.after(async () => {
  await t.close()
})

test('the calculator scores v3.1 and v4.0 vectors by the library and says what is wrong with a bad one', async () => {
  const v3 = await score(V3)
  assert.is(v3.statusCode, 200, v3.body)
  assert.equal(body(v3).data, { version: '3.1', vector: V3, score: 9.8, rating: 'Critical' })
  const v4 = await score(` ${V4} `)
  assert.equal(body(v4).data, { version: '4.0', vector: V4, score: 9.3, rating: 'Critical' })
  const medium = await score('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N')
  assert.equal([body(medium).data.score, body(medium).data.rating], [6.9, 'Medium'])

  const refusals: Array<[unknown, string]> = [
    ['CVSS:3.1/AV:N/AC:L', 'The CVSS v3.1 vector lacks the base metrics PR, UI, S, C, I, A: pick a value for each.'],
    [
      'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      '"AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" is not a CVSS v3.1 or v4.0 vector: it must start with "CVSS:3.1/" or "CVSS:4.0/", e.g. CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H.',
    ],
    [V3.replace('AV:N', 'AV:X'), 'AV:X is not a CVSS v3.1 value: AV takes N, A, L, P.'],
    [`${V3}/AV:N`, 'The CVSS vector names the metric AV twice: keep one.'],
  ]
  for (const [vector, message] of refusals) {
    const res = await score(vector)
    assert.is(res.statusCode, 400, String(vector))
    assert.equal(errorOf(res), { code: 'invalid', message })
  }
  const empty = await send(t, 'POST', '/api/admin/cvss', { session: ops, payload: {} })
  assert.equal([empty.statusCode, errorOf(empty)], [400, { code: 'invalid', message: 'vector: required.' }])
  assert.is(errorOf(await score(V3, ops, false)).code, 'csrf')
  assert.is(errorOf(await send(t, 'POST', '/api/admin/cvss', { payload: { vector: V3 } })).code, 'not_signed_in')
})

test('the first save: scores computed, names filled in, tracking id and revision 1; the desk detail carries it; audited', async () => {
  const res = await put(advisory, details())
  assert.is(res.statusCode, 200, res.body)
  const saved = body(res).data
  assert.is(saved.tracking_id, 'NORTHWIND-SA-2026-0001')
  assert.is(saved.tlp, 'CLEAR')
  assert.is(saved.vex_only, false)
  assert.equal(
    saved.vulnerabilities.map((v: any) => [v.cve, v.cwe?.id ?? null, v.cvss_v3?.score ?? null, v.cvss_v4?.score ?? null]),
    [
      ['CVE-2026-90001', 'CWE-287', 9.8, 9.3],
      ['CVE-2026-90002', null, 5.4, null],
    ],
  )
  assert.equal(saved.vulnerabilities[0].cwe, { id: 'CWE-287', name: 'Improper Authentication' }, 'named from the CWE list')
  assert.equal(saved.highest, { version: '3.1', vector: V3, score: 9.8, rating: 'Critical' })
  assert.equal(saved.products, [
    { id: 'p1', kind: 'cloud', cloud: OWN.cloud, name: 'Relay (Northwind Relay)', versions: null, fixed_version: null },
    { id: 'p2', kind: 'software', cloud: null, name: 'Relay Connector', versions: '<4.2.1', fixed_version: '4.2.1' },
  ])
  assert.equal(saved.acknowledgements, [{ name: 'Ada Byron', organization: 'Analytical Security' }])
  assert.equal(
    saved.revisions.map((r: any) => [r.number, r.date, r.summary]),
    [['1', FIXED_NOW.toISOString(), 'Initial public release']],
  )

  const detail = body(await send(t, 'GET', `/api/admin/records/${advisory}`, { session: ops })).data
  assert.equal(detail.advisory, saved)
  assert.is(body(await send(t, 'GET', `/api/admin/records/${incident}`, { session: ops })).data.advisory, null)

  const [audit] = await auditRows(t, 'record.advisory')
  assert.is(audit.target, String(advisory))
  assert.is(audit.before, null)
  assert.equal(JSON.parse(audit.after!).vulnerabilities.length, 2)
})

test('every refusal says what is wrong and what to do; nothing is saved', async () => {
  const software = (change: Record<string, unknown>) => {
    const body = details()
    return { ...body, products: [body.products[0], { ...body.products[1], ...change }] }
  }
  const statement = (change: Record<string, unknown>) =>
    firstWith({ statements: [{ product: 'p1', status: 'fixed', justification: null, note: '', ...change }] })
  const V1 = 'Vulnerability 1 (CVE-2026-90001)'
  const refusals: Array<[unknown, string]> = [
    [software({ id: 'p1' }), 'Product 2: its id "p1" must be p1, p2, … and unique within the advisory.'],
    [software({ id: 'x9' }), 'Product 2: its id "x9" must be p1, p2, … and unique within the advisory.'],
    [
      software({ kind: 'cloud', cloud: 'atlantis' }),
      `Product 2: "atlantis" is not a cloud of the catalogue. Pick one of: ${OWN.cloud}, ${OWN.secondCloud}.`,
    ],
    [software({ name: '   ' }), 'Product 2: name the software (e.g. "Nimbus Client Connector").'],
    [
      software({ kind: 'hardware' }),
      'Product 2: its kind must be "cloud" (a cloud of the catalogue) or "software" (installable software).',
    ],
    [
      firstWith({ cve: 'CVE-26-1' }),
      'Vulnerability 1: "CVE-26-1" is not a CVE id. Write it as CVE-YYYY-NNNN (four or more digits), e.g. CVE-2026-10234.',
    ],
    [
      { ...details(), vulnerabilities: [details().vulnerabilities[0], { ...details().vulnerabilities[1], cve: 'CVE-2026-90001' }] },
      'Vulnerability 2: CVE-2026-90001 is listed twice. List each CVE once.',
    ],
    [firstWith({ title: ' ' }), `${V1}: give it a short title, e.g. "Cross-site scripting in the admin portal".`],
    [firstWith({ cwe: { id: '287', name: 'Improper Authentication' } }), `${V1}: "287" is not a CWE id. Write it as CWE-NNN, e.g. CWE-79.`],
    [
      firstWith({ cwe: { id: 'CWE-999999', name: 'Made up' } }),
      `${V1}: CWE-999999 is not in the CWE list. Check the id at cwe.mitre.org, e.g. CWE-79 for cross-site scripting.`,
    ],
    [
      firstWith({
        statements: [
          { product: 'p1', status: 'fixed', justification: null, note: '' },
          { product: 'p1', status: 'under_investigation', justification: null, note: '' },
        ],
      }),
      `${V1}: Relay (Northwind Relay) has two statements. Keep one status for each product.`,
    ],
    [firstWith({ cvss_v3: V4 }), `${V1}: This field takes a CVSS v3.1 vector (starting "CVSS:3.1/"); "CVSS:4.0/AV:…" is v4.0.`],
    [
      firstWith({ cvss_v4: 'CVSS:4.0/AV:N' }),
      `${V1}: The CVSS v4.0 vector lacks the base metrics AC, AT, PR, UI, VC, VI, VA, SC, SI, SA: pick a value for each.`,
    ],
    [statement({ product: 'p7' }), `${V1}, statement 1: product "p7" is not one of the advisory's products. Add it to the products first.`],
    [
      statement({ status: 'affected' }),
      `${V1}, statement 1: the status must be one of known_affected, fixed, under_investigation, known_not_affected.`,
    ],
    [
      statement({ status: 'known_not_affected' }),
      `${V1}, statement 1: say why the product is not affected, one of component_not_present, vulnerable_code_not_present, vulnerable_code_cannot_be_controlled_by_adversary, vulnerable_code_not_in_execute_path, inline_mitigations_already_exist.`,
    ],
    [
      statement({ justification: 'component_not_present' }),
      `${V1}, statement 1: a justification goes only with known_not_affected; remove it or change the status.`,
    ],
    [
      statement({ status: 'known_affected', note: ' ' }),
      `${V1}, statement 1: say what affected customers should do (the remediation or workaround).`,
    ],
    [{ ...details(), vulnerabilities: [] }, 'Name at least one vulnerability with its CVE id.'],
    [{ products: [], acknowledgements: [] }, 'vulnerabilities: required.'],
    [
      details({ revision_summary: '  ' }),
      'Say what changed in this revision (the revision summary), e.g. "Added the fixed version of the connector."',
    ],
  ]
  const before = JSON.stringify(body(await send(t, 'GET', `/api/admin/records/${advisory}`, { session: ops })).data.advisory)
  for (const [payload, message] of refusals) {
    const res = await put(advisory, payload)
    assert.is(res.statusCode, 400, message)
    assert.equal(errorOf(res), { code: 'invalid', message })
  }
  const notAdvisory = await put(incident, details())
  assert.equal(
    [notAdvisory.statusCode, errorOf(notAdvisory)],
    [400, { code: 'invalid', message: 'Only security advisories have CVEs, CVSS scores and affected products.' }],
  )
  const missing = await put(99_999_999, details())
  assert.equal([missing.statusCode, errorOf(missing).code], [404, 'not_found'])
  const after = JSON.stringify(body(await send(t, 'GET', `/api/admin/records/${advisory}`, { session: ops })).data.advisory)
  assert.is(after, before)
  assert.equal(await revisionsOf(advisory), [[1, 'Initial public release']])
  assert.is((await auditRows(t, 'record.advisory')).length, 1, 'refusals are not audited')
})

test('revisions grow with each save and each published change; internal notes add none; the tracking id stays', async () => {
  const second = await put(advisory, details({ revision_summary: 'Added the fixed version of the connector.' }))
  assert.is(second.statusCode, 200, second.body)
  assert.is(body(second).data.tracking_id, 'NORTHWIND-SA-2026-0001')

  const patch = (payload: Record<string, unknown>) => send(t, 'PATCH', `/api/admin/records/${advisory}`, { session: ops, payload })
  assert.is((await patch({ update: 'The connector **4.2.1** is out.', body_format: 'markdown', notify: false })).statusCode, 200)
  assert.is((await patch({ internal_note: 'Ticket PSIRT-12', notify: false })).statusCode, 200)
  assert.is((await patch({ title: 'Relay console: authentication bypass and XSS', notify: false })).statusCode, 200)
  const resolved = await send(t, 'POST', `/api/admin/records/${advisory}/resolve`, { session: ops, payload: { notify: false } })
  assert.is(resolved.statusCode, 200, resolved.body)

  assert.equal(await revisionsOf(advisory), [
    [1, 'Initial public release'],
    [2, 'Added the fixed version of the connector.'],
    [3, 'The connector 4.2.1 is out.'],
    [4, 'Updated the advisory.'],
    [5, 'Updated the advisory.'],
  ])
  const detail = body(await send(t, 'GET', `/api/admin/records/${advisory}`, { session: ops })).data
  assert.equal(
    detail.advisory.revisions.map((r: any) => r.number),
    ['1', '2', '3', '4', '5'],
  )
  assert.is(detail.advisory.tracking_id, 'NORTHWIND-SA-2026-0001')

  // A change of an advisory without security details adds no revision (and no details).
  const [service] = await t.query<{ tid: number }>('select tid from services where name = ?', OWN.service)
  const plain = await send(t, 'POST', '/api/admin/records', {
    session: ops,
    payload: { ...ownIncident(service.tid, FIXED_NOW.getTime()), type: 'advisory', event_type: 'Informational', notify: false },
  })
  const plainId = body(plain).data.id
  await send(t, 'PATCH', `/api/admin/records/${plainId}`, { session: ops, payload: { update: 'More news.', notify: false } })
  assert.equal(await revisionsOf(plainId), [])
  // The next advisory of the year gets the next tracking id.
  const next = await put(plainId, details())
  assert.is(body(next).data.tracking_id, 'NORTHWIND-SA-2026-0002')
})

test('who may save: the permission of advisories, with the CSRF header; the calculator any privileged role', async () => {
  const pass = await hashPassword('Secret12345')
  const roles: Array<[string, number, string | null]> = [
    ['trust_admin', 200, null],
    ['url_editor', 403, 'not_permitted'],
    ['customer_success_manager', 403, 'not_permitted'],
  ]
  let n = 0
  for (const [role, status, code] of roles) {
    await createAccount(t, `staff${++n}`, pass, [role])
    const session = await login(t, `staff${n}`, 'Secret12345')
    const res = await put(advisory, details({ revision_summary: `Saved as ${role}.` }), session)
    assert.is(res.statusCode, status, `${role}: ${res.body}`)
    if (code) assert.is(errorOf(res).code, code)
    assert.is((await score(V3, session)).statusCode, 200, role)
  }
  await createAccount(t, 'customer', pass, [])
  const customer = await login(t, 'customer', 'Secret12345')
  assert.is(errorOf(await put(advisory, details({ revision_summary: 'x' }), customer)).code, 'forbidden')
  assert.is(errorOf(await score(V3, customer)).code, 'forbidden')
  assert.is(errorOf(await put(advisory, details({ revision_summary: 'x' }), ops, false)).code, 'csrf')
  // A 403 never depends on the body.
  assert.is(errorOf(await put(advisory, { nonsense: true }, customer)).code, 'forbidden')
  assert.equal((await revisionsOf(advisory)).at(-1), [6, 'Saved as trust_admin.'])
})

test.run()
