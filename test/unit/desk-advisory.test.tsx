// An advisory's security details on the desk's record screen (docs/operating/console-and-desk.md#security-details):
// the calculator's selects build the vector and show the server's score and rating (never computed
// here), a pasted vector sets the selects, a refused vector shows the server's sentence; Save sends
// the products, CVEs, vectors and VEX statements as `PUT …/advisory` and says what was saved; a role
// without the permission of advisories reads the saved details without a form.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { AdvisoryDetails, SaveAdvisoryBody } from '../../contract/advisories'
import AdminConsole from '../../shell/admin/AdminConsole'
import { clearSession } from '../../shell/accounts/account'
import { choose, mount, typeInto, waitFor } from '../fixtures/dom'
import { button, deskApi, deskDetail, labelled, signedInAs } from './admin-fixtures'

const V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'
const V3 = 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N'
/** What the server's library says of the vectors the test sends. */
const SCORES: Record<string, { score: number; rating: string }> = {
  [V4]: { score: 9.3, rating: 'Critical' },
  [V3]: { score: 5.4, rating: 'Medium' },
}
const REFUSAL = 'AT:X is not a CVSS v4.0 value: AT takes N, P.'

const details = (extra: Partial<AdvisoryDetails> = {}): AdvisoryDetails => ({
  tracking_id: 'ACME-SA-2026-0001',
  tlp: 'CLEAR',
  vex_only: false,
  vulnerabilities: [],
  products: [],
  acknowledgements: [],
  revisions: [{ number: '1', date: '2026-03-15T09:30:00.000Z', summary: 'Initial public release' }],
  highest: null,
  ...extra,
})

type Screen = { api: ReturnType<typeof deskApi>; container: HTMLElement }

/**
 * Runs `check` on the record screen of an advisory with `saved` details, as `roles` (the bodies of
 * its saves go to `puts`); then unmounts it and signs out.
 */
async function onScreen(
  roles: string[],
  saved: AdvisoryDetails | null,
  puts: SaveAdvisoryBody[],
  check: (screen: Screen) => Promise<void>,
) {
  clearSession()
  signedInAs(roles, 'csrf-a')
  const api = deskApi({
    detail: deskDetail({ type: 'advisory', status: 'In Progress', event_type: 'Security Advisory', advisory: saved }),
    onWrite: (call) => {
      if (call.path === '/api/admin/cvss') {
        const vector = (call.body as { vector: string }).vector
        const known = SCORES[vector]
        if (!known) return new Response(JSON.stringify({ error: { code: 'invalid', message: REFUSAL } }), { status: 400 })
        return { data: { version: vector.slice(5, 8), vector, ...known } }
      }
      puts.push(call.body as SaveAdvisoryBody)
      return { data: details({ revisions: [...details().revisions, { number: '2', date: '2026-03-15T10:00:00.000Z', summary: 'x' }] }) }
    },
  })
  const { container, root, unmount } = mount()
  root.render(createElement(AdminConsole, { screen: 'desk-record', id: '42' }))
  try {
    await waitFor(() => container.querySelector('h1')?.textContent === 'Sign-in failures', 'the record')
    await check({ api, container })
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
}

const scoreOf = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}-score"]`)?.textContent ?? ''

test('the calculator builds the vector from its selects and shows the server’s score; a pasted or refused vector', async () => {
  const puts: SaveAdvisoryBody[] = []
  await onScreen(['trust_admin'], null, puts, async ({ api, container }) => {
    const form = container.querySelector<HTMLElement>('[data-testid="advisory-details"]')!
    await waitFor(() => !!form.querySelector('[data-testid="advisory-vulnerability-0-v4"]'), 'the form')
    assert.match(form.textContent ?? '', 'Not saved yet')
    button(form, 'Add a product').click()
    await waitFor(() => !!form.querySelector('#advisory-product-0-kind'), 'a product')
    choose(labelled<HTMLSelectElement>(form, 'Cloud'), 'beta')

    const v4 = form.querySelector<HTMLElement>('[data-testid="advisory-vulnerability-0-v4"]')!
    typeInto(labelled(form, 'CVE ID (e.g. CVE-2026-10234)'), 'CVE-2026-90001')
    choose(labelled<HTMLSelectElement>(v4, 'Attack Vector (AV)'), 'N')
    await waitFor(() => scoreOf(v4, 'advisory-vulnerability-0-v4') === 'Choose every base metric to see the score.', 'what is missing')
    assert.is(api.calls.filter((c) => c.path === '/api/admin/cvss').length, 0, 'no score asked for a partial vector')
    for (const [key, value] of [
      ['AC', 'L'],
      ['AT', 'N'],
      ['PR', 'N'],
      ['UI', 'N'],
      ['VC', 'H'],
      ['VI', 'H'],
      ['VA', 'H'],
      ['SC', 'N'],
      ['SI', 'N'],
      ['SA', 'N'],
    ])
      choose(v4.querySelector<HTMLSelectElement>(`select[id$="-${key}"]`)!, value)
    assert.is(labelled(v4, 'CVSS v4.0 vector').value, V4)
    await waitFor(() => scoreOf(v4, 'advisory-vulnerability-0-v4') === 'Base score 9.3: Critical', 'the server’s score')
    assert.is(v4.querySelector('[data-rating]')?.getAttribute('data-rating'), 'Critical')
    const asked = api.calls.filter((c) => c.path === '/api/admin/cvss')
    assert.equal(asked.at(-1)?.body, { vector: V4 })
    assert.is(asked.at(-1)?.headers?.['X-CSRF-Token'], 'csrf-a')

    const v3 = form.querySelector<HTMLElement>('[data-testid="advisory-vulnerability-0-v3"]')!
    typeInto(labelled(v3, 'CVSS v3.1 vector'), V3)
    await waitFor(() => scoreOf(v3, 'advisory-vulnerability-0-v3') === 'Base score 5.4: Medium', 'the pasted vector’s score')
    assert.is(labelled<HTMLSelectElement>(v3, 'Scope (S)').value, 'C')
    assert.is(labelled<HTMLSelectElement>(v3, 'User Interaction (UI)').value, 'R')

    typeInto(labelled(v4, 'CVSS v4.0 vector'), V4.replace('AT:N', 'AT:X'))
    await waitFor(() => scoreOf(v4, 'advisory-vulnerability-0-v4') === REFUSAL, 'the server’s sentence')
    typeInto(labelled(v4, 'CVSS v4.0 vector'), V4)

    button(form, 'Add a VEX statement').click()
    await waitFor(() => !!form.querySelector('#advisory-vulnerability-0-statement-0-status'), 'a statement')
    choose(labelled<HTMLSelectElement>(form, 'Status'), 'known_not_affected')
    await waitFor(() => !!form.querySelector('#advisory-vulnerability-0-statement-0-justification'), 'the justification')
    choose(labelled<HTMLSelectElement>(form, 'Why it is not affected'), 'component_not_present')
    typeInto(labelled(form, 'Title'), 'Bypass')

    button(form, 'Save security details').click()
    await waitFor(() => puts.length === 1, 'the save')
    assert.equal(puts[0], {
      vex_only: false,
      products: [{ id: 'p1', kind: 'cloud', cloud: 'beta', name: '', versions: null, fixed_version: null }],
      vulnerabilities: [
        {
          ...{ cve: 'CVE-2026-90001', title: 'Bypass', description: '', cwe: null, cvss_v3: V3, cvss_v4: V4 },
          statements: [{ product: 'p1', status: 'known_not_affected', justification: 'component_not_present', note: '' }],
        },
      ],
      acknowledgements: [],
      // The revision is mailed unless the operator unticks it.
      notify: true,
    })
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.is(put.path, '/api/admin/records/42/advisory')
    await waitFor(
      () =>
        container.querySelector('[data-testid="desk-notice"]')?.textContent === 'Security details saved: ACME-SA-2026-0001, revision 2.',
      'what was saved',
    )
  })
})

test('read-only: a role without the permission of advisories sees the saved details, no form', async () => {
  const saved = details({
    vulnerabilities: [
      {
        ...{ cve: 'CVE-2026-90001', title: 'Bypass', description: '', cwe: null, cvss_v3: null, statements: [] },
        cvss_v4: { version: '4.0', vector: V4, score: 9.3, rating: 'Critical' },
      },
    ],
  })
  await onScreen(['customer_success_manager'], saved, [], async ({ container }) => {
    const facts = container.querySelector<HTMLElement>('[data-testid="advisory-facts"]')
    assert.ok(facts, 'the details')
    assert.is(container.querySelector('[data-testid="advisory-details"]'), null, 'no form')
    assert.match(facts!.textContent ?? '', 'Tracking ID ACME-SA-2026-0001 · TLP:CLEAR')
    assert.match(facts!.textContent ?? '', 'CVE-2026-90001 · Bypass · Base score 9.3: Critical')
    assert.match(facts!.textContent ?? '', 'Initial public release')
  })
})

test.run()
