// The narrowing attributes `datacenters` and `services` of <trust-cloud-status> and
// <trust-status-badge> (docs/embedding.md#showing-some-data-centers-and-services): only the rows
// named show, and the overall line is computed from those rows alone.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { narrowWeek } from '../../widgets/cloud-status/model'
import { CloudStatus } from '../../widgets/cloud-status/CloudStatus'
import { isNamed, narrowList } from '../../widgets/core/narrow'
import { narrowedStatus } from '../../widgets/overall-status/model'
import '../../widgets/status-badge/define'
import { cloudStatusProps } from '../fixtures/cloud-status-props'
import { week } from '../fixtures/cloud-status'
import { mount, serve, waitFor } from '../fixtures/dom'
import { alphaPage } from '../fixtures/statuspage-page'

test('a narrowing list: term ids and machine names, any case and spacing; empty names nothing', () => {
  assert.equal(narrowList(' Frankfurt II , 12,,chicago '), ['frankfurt-ii', '12', 'chicago'])
  assert.equal(narrowList('São Paulo I'), ['são-paulo-i'])
  assert.is(narrowList(''), undefined)
  assert.is(narrowList(' , '), undefined)
  assert.is(narrowList(null), undefined)
  const list = narrowList('frankfurt-ii,203')
  assert.ok(isNamed(list, 201, 'Frankfurt II'), 'by machine name')
  assert.ok(isNamed(list, 203, 'Chicago'), 'by id')
  assert.not.ok(isNamed(list, 202, 'Amsterdam II'))
  assert.not.ok(isNamed(list, 2010, 'Frankfurt III'), 'no prefix matches')
  assert.ok(isNamed(undefined, 202, 'Amsterdam II'), 'no list: every row')
})

test('a narrowed week keeps the rows named and drops the regions left empty', () => {
  const dcs = week('public')
  const narrowed = narrowWeek(dcs, narrowList('chicago'))
  assert.equal(
    narrowed.category.map((c) => [c.title, c.subCategory.map((i) => i.name)]),
    [['Americas', ['Chicago']]],
  )
  assert.is(narrowWeek(dcs, undefined), dcs, 'no list: the week itself')
  assert.equal(narrowWeek(dcs, narrowList('nowhere')).category, [])
  assert.equal(narrowed.severity, dcs.severity)
})

const component = (id: string, name: string, status: string, group = false) => ({ id, name, status, group })
const COMPONENTS = [
  component('alpha-core-services', 'Core Cloud Services', 'partial_outage', true),
  component('alpha-service-101', 'Web Proxy', 'major_outage'),
  component('alpha-service-102', 'DNS', 'operational'),
  component('alpha-region-1001', 'EMEA', 'partial_outage', true),
  component('alpha-dc-201', 'Frankfurt II', 'partial_outage'),
  component('alpha-dc-202', 'Amsterdam II', 'degraded_performance'),
  component('alpha-dc-203', 'Chicago', 'under_maintenance'),
  component('alpha-dc-204', 'Dallas', 'operational'),
]

test('the overall line from the narrowed rows only', () => {
  const line = (services?: string, datacenters?: string) => narrowedStatus(COMPONENTS, narrowList(services), narrowList(datacenters))
  assert.equal(line(), { indicator: 'critical', description: 'Major Service Disruption' }, 'every row: a core service is down')
  assert.equal(line('dns', 'dallas'), { indicator: 'none', description: 'All Systems Operational' })
  assert.equal(line('dns', 'chicago'), { indicator: 'maintenance', description: 'Service Under Maintenance' })
  assert.equal(line('102', 'amsterdam-ii,chicago'), { indicator: 'minor', description: 'Partial Service Disruption' })
  assert.equal(line('dns', 'Frankfurt II,dallas'), { indicator: 'major', description: 'Partial Service Disruption' })
  // Only data centers named: the services all count (Web Proxy is down).
  assert.equal(line(undefined, 'dallas').indicator, 'critical')
  // Groups never count, nor entries of another shape.
  assert.equal(narrowedStatus([COMPONENTS[0], COMPONENTS[3], null, { id: 7 }], undefined, undefined).indicator, 'none')
  assert.equal(narrowedStatus('nothing', undefined, undefined).indicator, 'none')
})

test('<trust-status-badge> narrowed: asks for the cloud components and speaks for the rows named', async () => {
  const page = alphaPage()
  const { calls, restore } = serve((call) =>
    call.path === '/alpha/api/v2/components.json'
      ? { page, components: COMPONENTS }
      : { page, status: { indicator: 'critical', description: 'Major Service Disruption' } },
  )
  const badge = document.createElement('trust-status-badge')
  const line = () => badge.shadowRoot?.querySelector<HTMLElement>('[data-testid="overall-status"]') ?? null
  try {
    badge.setAttribute('api-base', 'https://trust.example')
    badge.setAttribute('cloud', 'alpha')
    badge.setAttribute('services', 'dns')
    badge.setAttribute('datacenters', 'dallas, 203')
    document.body.append(badge)
    await waitFor(() => line()?.dataset.kind === 'maintenance', 'the narrowed line')
    assert.is(line()!.textContent, 'Service Under Maintenance')
    assert.is(calls.at(-1)!.path, '/alpha/api/v2/components.json')
    assert.is(line()!.querySelector('a')!.getAttribute('href'), 'https://trust.example/alpha.net')
    badge.setAttribute('datacenters', 'dallas')
    await waitFor(() => line()?.dataset.kind === 'operational', 'narrowed to an operational data center')
    // Without the attributes, the cloud's own line (status.json).
    badge.removeAttribute('datacenters')
    badge.removeAttribute('services')
    await waitFor(() => line()?.dataset.kind === 'major', 'the whole cloud')
    assert.is(calls.at(-1)!.path, '/alpha/api/v2/status.json')
  } finally {
    badge.remove()
    restore()
  }
})

test('<CloudStatus> narrowed: each block shows only the rows named; the badge above gets the same lists', async () => {
  const { restore } = serve((call) => {
    if (call.path !== '/api/cloud-status') return { page: {}, components: [] }
    return { data: week(call.query.requestType as 'public', Number(call.query.dateOffset)) }
  })
  const { container, root, unmount } = mount()
  const tids = (kind: string) =>
    [...container.querySelectorAll<HTMLElement>(`[data-testid="status-block-${kind}"] [data-testid="status-row"]`)].map(
      (n) => n.dataset.tid,
    )
  try {
    const flags = { core_cloud_services: '1', datacenter: '1', premium_datacenter: '0' } as const
    root.render(<CloudStatus {...cloudStatusProps(flags, { statusBadge: true, services: 'dns', datacenters: 'Frankfurt II,203' })} />)
    await waitFor(() => tids('core').length > 0 && tids('datacenter').length > 0, 'rows')
    assert.equal(tids('core'), ['102'], 'DNS')
    assert.equal(tids('datacenter'), ['201', '203'], 'Frankfurt II and Chicago')
    assert.equal(
      [...container.querySelectorAll('[data-testid="category-row"]')].map((n) => n.textContent),
      ['EMEA', 'Americas'],
    )
    const badge = container.querySelector('trust-status-badge')!
    assert.equal([badge.getAttribute('services'), badge.getAttribute('datacenters')], ['dns', 'Frankfurt II,203'])
  } finally {
    unmount()
    restore()
  }
})

test.run()
