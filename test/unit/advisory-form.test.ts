// The desk's security details form model (docs/operating/console-and-desk.md#security-details): the
// CVSS calculator's vector arithmetic (the selects read a pasted vector, choices build it in the
// specification's order, other parts kept), and the draft made from saved details and turned back
// into the save's body.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { AdvisoryDetails } from '../../contract/advisories'
import { advisoryMessages } from '../../shell/admin/desk/advisory/messages'
import {
  advisoryBody,
  advisoryDraft,
  buildVector,
  isComplete,
  metricValueName,
  nextProductId,
  vectorParts,
  withoutProduct,
} from '../../shell/admin/desk/advisory/model'

const V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'

test('a pasted vector fills the selects; choices build the vector in the specification order, other parts kept', () => {
  const parts = vectorParts(` ${V4} `, '4.0')
  assert.is(parts.base.AV, 'N')
  assert.is(parts.base.SA, 'N')
  assert.ok(isComplete('4.0', parts))
  assert.is(buildVector('4.0', parts), V4)
  // A v3.1 vector is not read by the v4.0 calculator.
  assert.equal(vectorParts('CVSS:3.1/AV:N/AC:L', '4.0'), { base: {}, others: [] })
  // Chosen out of order, the vector still follows the specification; temporal metrics stay at the end.
  const partial = { base: { UI: 'R', AV: 'L' }, others: ['E:P'] }
  assert.is(buildVector('3.1', partial), 'CVSS:3.1/AV:L/UI:R/E:P')
  assert.not.ok(isComplete('3.1', partial))
  assert.equal(vectorParts('CVSS:3.1/AV:L/UI:R/E:P', '3.1'), partial)
  assert.is(buildVector('3.1', { base: {}, others: [] }), '')
})

test('value names follow the metric and the version', () => {
  const t = advisoryMessages.in('en').get()
  assert.is(metricValueName(t, '4.0', 'UI', 'P'), 'Passive')
  assert.is(metricValueName(t, '3.1', 'UI', 'R'), 'Required')
  assert.is(metricValueName(t, '4.0', 'AT', 'P'), 'Present')
  assert.is(metricValueName(t, '3.1', 'AV', 'P'), 'Physical')
  assert.is(metricValueName(t, '3.1', 'S', 'C'), 'Changed')
  assert.is(metricValueName(t, '3.1', 'C', 'H'), 'High')
})

test('saved details make a draft and the same body back; removing a product drops its statements', () => {
  const score = { version: '4.0', vector: V4, score: 9.3, rating: 'Critical' } as const
  const vulnerability = {
    cve: 'CVE-2026-90001',
    title: 'Bypass',
    description: '',
    cwe: { id: 'CWE-287', name: 'Improper Authentication' },
    cvss_v3: null,
    statements: [
      { product: 'p1', status: 'fixed', justification: null, note: '' },
      { product: 'p3', status: 'known_not_affected', justification: 'component_not_present', note: '' },
    ] as AdvisoryDetails['vulnerabilities'][number]['statements'],
  }
  const connector = { id: 'p3', kind: 'software', cloud: null, name: 'Connector', versions: '<4.2.1', fixed_version: '4.2.1' } as const
  const draft = advisoryDraft({
    tracking_id: 'NIMBUS-SA-2026-0001',
    tlp: 'CLEAR',
    vex_only: false,
    vulnerabilities: [{ ...vulnerability, cvss_v4: score }],
    products: [
      { id: 'p1', kind: 'cloud', cloud: 'nimbusone', name: 'Secure Web Gateway (nimbusone.net)', versions: null, fixed_version: null },
      connector,
    ],
    acknowledgements: [{ name: 'Ada Byron', organization: null }],
    revisions: [{ number: '1', date: '2026-03-15T09:30:00.000Z', summary: 'Initial public release' }],
    highest: score,
  })
  assert.is(nextProductId(draft.products), 'p4')
  // The server names clouds and CWEs and scores the vectors: the body sends the machine name, the CWE id and the vector.
  assert.equal(advisoryBody({ ...draft, summary: ' Fixed. ', notify: false }), {
    vex_only: false,
    products: [{ id: 'p1', kind: 'cloud', cloud: 'nimbusone', name: '', versions: null, fixed_version: null }, connector],
    vulnerabilities: [{ ...vulnerability, cwe: { id: 'CWE-287', name: '' }, cvss_v4: V4 }],
    acknowledgements: [{ name: 'Ada Byron', organization: '' }],
    revision_summary: ' Fixed. ',
    notify: false,
  })
  const without = withoutProduct(draft, 'p3')
  assert.equal(
    without.products.map((p) => p.id),
    ['p1'],
  )
  assert.equal(
    without.vulnerabilities[0].statements.map((s) => s.product),
    ['p1'],
  )
  // Nothing saved yet: one empty vulnerability to fill in, no revision summary in the body.
  const fresh = advisoryBody(advisoryDraft(null))
  assert.is(fresh.vulnerabilities.length, 1)
  assert.is(fresh.revision_summary, undefined)
  // Each save mails the revision unless the operator unticks it.
  assert.is(fresh.notify, true)
})

test.run()
