/**
 * The site's security-advisory views (docs/operating/security-advisories.md#the-public-pages): the
 * model's checks and addresses, the advisory post's key facts and security details, the advisory
 * list's row facts, rating filter and search, and the VEX page's answers.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { AdvisoryDetails } from '../../contract/advisories'
import type { VexData } from '../../contract/vex'
import AdvisoriesPage from '../../shell/pages/AdvisoriesPage'
import {
  csafHref,
  listSearchString,
  parseAdvisory,
  parseSummary,
  parseVexAnswer,
  ratingLevel,
  readListSearch,
  searchVex,
} from '../../shell/pages/advisories/model'
import PostPage from '../../shell/pages/PostPage'
import VexPage from '../../shell/pages/VexPage'
import { choose, mount, serve, typeInto, waitFor } from '../fixtures/dom'
import { clouds } from '../fixtures/global'
import { calendarData, listPage, record } from '../fixtures/records'

const cloud = clouds[0]
const byTestId = (c: ParentNode, id: string) => c.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
const allByTestId = (c: ParentNode, id: string) => [...c.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]

const V3 = { version: '3.1' as const, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', score: 9.8, rating: 'Critical' as const }
const V4 = {
  version: '4.0' as const,
  vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N',
  score: 6.9,
  rating: 'Medium' as const,
}

const DETAILS: AdvisoryDetails = {
  tracking_id: 'NORTHWIND-SA-2026-0007',
  tlp: 'CLEAR',
  vex_only: false,
  vulnerabilities: [
    {
      cve: 'CVE-2026-90001',
      title: 'Authentication bypass',
      description: 'A forged token signs in.',
      cwe: { id: 'CWE-287', name: 'Improper Authentication' },
      cvss_v3: V3,
      cvss_v4: null,
      statements: [
        { product: 'p1', status: 'fixed', justification: null, note: '' },
        { product: 'p2', status: 'known_affected', justification: null, note: 'Upgrade to 4.2.1.' },
      ],
    },
    {
      cve: 'CVE-2026-90002',
      title: 'Session fixation',
      description: '',
      cwe: null,
      cvss_v3: null,
      cvss_v4: V4,
      statements: [{ product: 'p2', status: 'known_not_affected', justification: 'vulnerable_code_not_present', note: '' }],
    },
  ],
  products: [
    { id: 'p1', kind: 'cloud', cloud: 'alpha', name: 'Relay (Alpha)', versions: null, fixed_version: null },
    { id: 'p2', kind: 'software', cloud: null, name: 'Relay Connector', versions: '<4.2.1', fixed_version: '4.2.1' },
  ],
  acknowledgements: [{ name: 'Ada Byron', organization: 'Analytical Security' }],
  revisions: [
    { number: '1', date: '2025-12-30T10:00:00.000Z', summary: 'Initial public release' },
    { number: '2', date: '2026-01-02T10:00:00.000Z', summary: 'The connector fix is out.' },
  ],
  highest: V3,
}

test('model: the CSAF address is the initial release’s year and the tracking id as a CSAF file name', () => {
  assert.is(csafHref(DETAILS), '/.well-known/csaf/white/2025/northwind-sa-2026-0007.json')
  assert.is(
    csafHref({ tracking_id: 'ACME SA/1', revisions: [{ number: '1', date: '2026-05-01T00:00:00Z', summary: '' }] }),
    '/.well-known/csaf/white/2026/acme_sa_1.json',
  )
  assert.is(csafHref({ tracking_id: 'X', revisions: [] }), null)
})

test('model: the checks keep what is whole and leave out the rest', () => {
  assert.equal(parseAdvisory(JSON.parse(JSON.stringify(DETAILS))), DETAILS)
  assert.is(parseAdvisory(undefined), null)
  assert.is(parseAdvisory({ vulnerabilities: [] }), null, 'no tracking id')
  const partial = parseAdvisory({
    tracking_id: 'T-1',
    vulnerabilities: [
      {
        cve: 'CVE-2026-1000',
        title: 'x',
        cvss_v3: { version: '3.1', vector: 'v', score: 5 },
        statements: [{ product: 'p1', status: 'broken' }],
      },
      { title: 'no id' },
    ],
    revisions: [{ number: '1', date: 'not a date' }],
  })!
  assert.equal(
    partial.vulnerabilities.map((v) => [v.cve, v.cvss_v3, v.statements.length]),
    [['CVE-2026-1000', null, 0]],
  )
  assert.equal(partial.revisions, [])
  assert.equal(parseSummary({ tracking_id: 'T', cves: ['CVE-2026-1000', 4], highest: V3 }), {
    tracking_id: 'T',
    cves: ['CVE-2026-1000'],
    highest: V3,
  })
  assert.is(parseSummary({ cves: [] }), null)
  assert.equal([ratingLevel('None'), ratingLevel('Medium'), ratingLevel('Critical')], [0, 2, 4])
})

test('model: the list’s rating and search in the address', () => {
  assert.equal(readListSearch('?rating=high&q=%20CVE-2021-44228%20'), { rating: 'High', q: 'CVE-2021-44228' })
  assert.equal(readListSearch({ rating: 'Low' }), { rating: '', q: '' }, 'not a choice of the filter')
  assert.is(listSearchString({ rating: 'Critical', q: 'log4j rce' }), '?rating=Critical&q=log4j+rce')
  assert.is(listSearchString({ rating: '', q: ' ' }), '')
})

test('model: the VEX search answers a whole CVE id, narrows on its start, and refuses other text', () => {
  const data = {
    cves: [
      { cve: 'CVE-2026-90010', title: 'A', highest: null, statements: [] },
      { cve: 'CVE-2021-44228', title: 'B', highest: null, statements: [] },
    ],
  }
  assert.equal(searchVex(data, '').kind, 'all')
  const one = searchVex(data, ' cve-2021-44228 ')
  assert.equal([one.kind, one.cve, one.cves.map((c) => c.cve)], ['cve', 'CVE-2021-44228', ['CVE-2021-44228']])
  assert.equal(searchVex(data, 'CVE-2026-99999').cves, [])
  assert.equal(
    searchVex(data, 'cve-2026').cves.map((c) => c.cve),
    ['CVE-2026-90010'],
  )
  assert.is(searchVex(data, 'log4shell').kind, 'invalid')
  assert.throws(() => parseVexAnswer({ data: { cves: 'x' } }), /unexpected shape/)
})

test('post: an advisory shows its key facts under the title and its security details after the record', async () => {
  const { calls, restore } = serve(() => ({
    data: { ...record(7, { type: 'advisory', pageType: 'advisory', available_workaround: '<p>Block the port.</p>' }), advisory: DETAILS },
  }))
  const { container, root, unmount } = mount()
  root.render(createElement(PostPage, { cloud, id: '7', kind: 'post' }))
  await waitFor(() => container.querySelector('[data-testid="advisory-details"]') !== null, 'the details')
  assert.equal(calls[0].path, '/api/posts/7')
  const facts = byTestId(container, 'advisory-facts')
  assert.ok(byTestId(container, 'record').contains(facts), 'inside the record, under its title')
  assert.is(byTestId(facts, 'tracking-id').textContent, 'NORTHWIND-SA-2026-0007')
  assert.is(byTestId(facts, 'highest-score').textContent, 'Critical 9.8CVSS v3.1')
  assert.is(byTestId(facts, 'cvss-rating').dataset.rating, 'Critical')
  assert.equal(allByTestId(facts, 'cve-list')[0].textContent, 'CVE-2026-90001CVE-2026-90002')
  assert.is(byTestId(facts, 'tlp').textContent, 'TLP:CLEAR (public)')
  assert.ok(byTestId(container, 'workaround').textContent!.includes('Block the port.'))

  const details = byTestId(container, 'advisory-details')
  assert.is(details.querySelector('h2')!.textContent, 'Security details')
  const [bypass, fixation] = allByTestId(details, 'vulnerability')
  assert.is(bypass.querySelector('h4')!.textContent, 'CVE-2026-90001Authentication bypass')
  assert.is(byTestId(bypass, 'cvss-v3.1').textContent, `CVSS v3.1Critical 9.8 ${V3.vector}`)
  assert.is(byTestId(bypass, 'cwe').textContent, 'CWECWE-287 Improper Authentication')
  assert.is(byTestId(fixation, 'cvss-v4.0').textContent, `CVSS v4.0Medium 6.9 ${V4.vector}`)
  const rows = allByTestId(details, 'product').map((r) => [...r.children].map((c) => c.textContent))
  assert.equal(rows, [
    ['Relay (Alpha)', 'Service (no action)', '–', 'CVE-2026-90001 Fixed '],
    [
      'Relay Connector',
      '<4.2.1',
      '4.2.1',
      'CVE-2026-90001 Affected Upgrade to 4.2.1.CVE-2026-90002 Not affected The vulnerable code is not present.',
    ],
  ])
  assert.equal(
    allByTestId(details, 'vex-status').map((s) => s.dataset.status),
    ['fixed', 'known_affected', 'known_not_affected'],
  )
  assert.is(byTestId(details, 'acknowledgements').textContent, 'Ada Byron, Analytical Security')
  assert.equal(
    [...byTestId(details, 'revisions').querySelectorAll('tbody tr')].map((r) => [r.children[0].textContent, r.children[2].textContent]),
    [
      ['2', 'The connector fix is out.'],
      ['1', 'Initial public release'],
    ],
    'newest first',
  )
  assert.is(byTestId(details, 'csaf-link').getAttribute('href'), '/.well-known/csaf/white/2025/northwind-sa-2026-0007.json')
  assert.is(byTestId(details, 'vex-link').getAttribute('href'), `/${cloud.domain}/vex`)
  unmount()
  restore()
})

test('post: an incident, or an advisory without details, shows neither part', async () => {
  const { restore } = serve((call) => ({
    data: record(Number(call.path.split('/')[3]), call.path.endsWith('/8') ? { type: 'advisory' } : {}),
  }))
  const { container, root, unmount } = mount()
  root.render(createElement(PostPage, { cloud, id: '7', kind: 'post' }))
  await waitFor(() => container.querySelector('[data-testid="record"]') !== null, 'the record')
  assert.is(container.querySelector('[data-testid="advisory-facts"], [data-testid="advisory-details"]'), null)
  root.render(createElement(PostPage, { cloud, id: '8', kind: 'post' }))
  await waitFor(() => byTestId(container, 'record')?.dataset.recordId === '8', 'the advisory')
  assert.is(container.querySelector('[data-testid="advisory-facts"], [data-testid="advisory-details"]'), null)
  unmount()
  restore()
})

test('advisory list: rows show rating, id and CVEs; the rating filter and the search go to the API and back to page 1', async () => {
  history.replaceState(null, '', '/alpha.net/security-advisories')
  const { calls, restore } = serve((call) => {
    if (call.path === '/api/calendar') return { data: calendarData }
    const page = listPage('advisory', Number(call.query.page ?? 1))
    page.records[0].advisory_summary = { tracking_id: 'NORTHWIND-SA-2026-0007', cves: ['CVE-2026-90001'], highest: V3 }
    return { data: page }
  })
  const lists = () => calls.filter((c) => c.path === '/api/advisory')
  const { container, root, unmount } = mount()
  root.render(createElement(AdvisoriesPage, { cloud }))
  await waitFor(() => container.querySelector('[data-testid="advisory-row"]') !== null, 'the rows')
  assert.is(allByTestId(container, 'advisory-row').length, 1, 'only the row with details')
  assert.is(byTestId(container, 'advisory-row').textContent, 'Critical 9.8NORTHWIND-SA-2026-0007CVE-2026-90001')
  assert.equal(lists()[0].query.rating, undefined)
  const select = byTestId(container, 'rating-filter') as HTMLSelectElement
  assert.equal(
    [...select.options].map((o) => o.textContent),
    ['All advisories', 'Medium and above', 'High and above', 'Critical only'],
  )
  byTestId(container, 'page-2').click()
  await waitFor(() => lists().some((c) => c.query.page === '2'), 'page 2')
  choose(select, 'High')
  await waitFor(() => lists().some((c) => c.query.rating === 'High' && c.query.page === '1'), 'High and above, page 1')
  assert.is(location.search, '?rating=High')
  typeInto(byTestId(container, 'advisory-search') as HTMLInputElement, ' cve-2026-90001 ')
  byTestId(container, 'advisory-search-submit').click()
  await waitFor(() => lists().some((c) => c.query.q === 'cve-2026-90001' && c.query.rating === 'High'), 'the search')
  assert.is(location.search, '?rating=High&q=cve-2026-90001')
  byTestId(container, 'advisory-search-clear').click()
  await waitFor(() => lists().at(-1)!.query.q === undefined, 'cleared')
  assert.is(byTestId(container, 'vex-page-link').getAttribute('href'), `/${cloud.domain}/vex`)
  unmount()
  restore()
})

const VEX: VexData = {
  demo: false,
  cves: [
    {
      cve: 'CVE-2026-90010',
      title: 'JNDI lookups in Lumberjack',
      highest: { ...V3, score: 10 },
      statements: [
        {
          product: 'Client Connector',
          kind: 'software',
          versions: null,
          fixed_version: null,
          status: 'known_not_affected',
          justification: 'component_not_present',
          note: 'No Java runtime.',
          record_id: 12,
          tracking_id: 'NORTHWIND-SA-2026-0010',
        },
        {
          product: 'Relay (Alpha)',
          kind: 'cloud',
          versions: null,
          fixed_version: null,
          status: 'under_investigation',
          justification: null,
          note: '',
          record_id: 12,
          tracking_id: 'NORTHWIND-SA-2026-0010',
        },
      ],
    },
    {
      cve: 'CVE-2026-90001',
      title: 'Authentication bypass',
      highest: V3,
      statements: [
        {
          product: 'Relay Connector',
          kind: 'software',
          versions: '<4.2.1',
          fixed_version: '4.2.1',
          status: 'known_affected',
          justification: null,
          note: 'Upgrade.',
          record_id: 7,
          tracking_id: 'NORTHWIND-SA-2026-0007',
        },
      ],
    },
  ],
}

test('VEX page: every CVE with its products; a typed CVE id answers "Is … affected by …?"; other text says what to type', async () => {
  history.replaceState(null, '', `/${cloud.domain}/vex`)
  const { calls, restore } = serve(() => ({ data: VEX }))
  const { container, root, unmount } = mount()
  root.render(createElement(VexPage, { cloud }))
  await waitFor(() => container.querySelector('[data-testid="vex-cve"]') !== null, 'the CVEs')
  assert.equal(calls[0], { path: '/api/vex', query: { cloud: cloud.machine_name } })
  assert.is(container.querySelector('h1')!.textContent, 'VEX statements')
  assert.equal(
    allByTestId(container, 'vex-cve').map((c) => c.dataset.cve),
    ['CVE-2026-90010', 'CVE-2026-90001'],
  )
  assert.is(container.querySelector('[data-testid="demo-note"]'), null, 'not the demo')
  const search = byTestId(container, 'vex-search') as HTMLInputElement
  typeInto(search, 'cve-2026-90010')
  await waitFor(() => container.querySelector('[data-testid="vex-answers"]') !== null, 'the answers')
  assert.equal(
    allByTestId(container, 'vex-answer').map((a) => [a.querySelector('h3')!.textContent, a.dataset.status]),
    [
      ['Is Client Connector affected by CVE-2026-90010?', 'known_not_affected'],
      ['Is Relay (Alpha) affected by CVE-2026-90010?', 'under_investigation'],
    ],
  )
  assert.ok(allByTestId(container, 'vex-answer')[0].textContent!.includes('No, it is not affected. The affected component is not present.'))
  assert.is(allByTestId(container, 'vex-answer')[0].querySelector('a')!.getAttribute('href'), `/${cloud.domain}/posts/12`)
  assert.is(location.search, '?cve=cve-2026-90010')
  typeInto(search, 'CVE-2026-12345')
  await waitFor(() => container.querySelector('[data-testid="vex-none"]') !== null, 'none')
  assert.is(byTestId(container, 'vex-none').textContent, 'We have published no statement about CVE-2026-12345.')
  typeInto(search, 'log4shell')
  await waitFor(() => container.querySelector('[data-testid="vex-invalid"]') !== null, 'invalid')
  assert.match(byTestId(container, 'vex-invalid').textContent!, /^Type a whole CVE ID/)
  unmount()
  restore()
})

test('VEX page: the demo says its CVE ids are invented; ?cve= opens on the answers', async () => {
  history.replaceState(null, '', `/${cloud.domain}/vex?cve=CVE-2026-90001`)
  // The router reads the address on navigation events.
  window.dispatchEvent(new PopStateEvent('popstate'))
  const { restore } = serve(() => ({ data: { ...VEX, demo: true } }))
  const { container, root, unmount } = mount()
  root.render(createElement(VexPage, { cloud }))
  await waitFor(() => container.querySelector('[data-testid="demo-note"]') !== null, 'the note')
  assert.is(byTestId(container, 'demo-note').textContent, 'This is a demo: its CVE IDs are invented and name no real vulnerability.')
  assert.is((byTestId(container, 'vex-search') as HTMLInputElement).value, 'CVE-2026-90001')
  assert.equal(
    allByTestId(container, 'vex-answer').map((a) => a.querySelector('h3')!.textContent),
    ['Is Relay Connector affected by CVE-2026-90001?'],
  )
  assert.ok(byTestId(container, 'vex-answer').textContent!.includes('Fixed in 4.2.1.'))
  unmount()
  restore()
})

// Leave the address as the next file expects it: a cloud in the path would choose that cloud.
test.after(() => {
  history.replaceState(null, '', '/')
})

test.run()
