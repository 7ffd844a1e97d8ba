import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { RecordListType } from '../../contract/records'
import { Records, type RecordsProps } from '../../widgets/records/Records'
import { choose, mount, quietly, serve, settle, toggle, typeInto, waitFor, type Served } from '../fixtures/dom'
import { calendarData, listPage, record } from '../fixtures/records'

/** Thu 20 Nov 2026 12:00 UTC: the calendar opens on November 2026. */
const NOW = Date.UTC(2026, 10, 20, 12)

const props = (extra: Partial<RecordsProps> = {}): RecordsProps => ({
  type: 'incident',
  cloud: 'alpha',
  cloudDomain: 'alpha.net',
  timezone: 'UTC',
  now: NOW,
  ...extra,
})

/** Serves list pages (the requested page of 3) and the calendar fixture; `list` may override. */
function serveRecords(list?: (call: Served, n: number) => Response | unknown) {
  let n = 0
  return serve((call) => {
    if (call.path === '/api/calendar') return { data: calendarData }
    n++
    const custom = list?.(call, n)
    if (custom !== undefined) return custom
    return { data: listPage(call.path.slice(5) as RecordListType, Number(call.query.page ?? 1)) }
  })
}

const listCalls = (calls: Served[]) => calls.filter((c) => c.path !== '/api/calendar')
const records = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('[data-testid="record"]')]
const ids = (c: HTMLElement) =>
  records(c)
    .map((r) => r.dataset.recordId)
    .join(',')
const byTestId = <T extends HTMLElement = HTMLElement>(c: ParentNode, id: string) => c.querySelector<T>(`[data-testid="${id}"]`)!
const days = (c: HTMLElement) => [...c.querySelectorAll<HTMLButtonElement>('[data-testid="calendar-day"]')]
const ready = (c: HTMLElement) => () => records(c).length > 0 && days(c).length > 0

test('incidents: heading, RSS badge, records with severity, status, times, links; the first request', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(ready(container), 'records and calendar')
  assert.is(container.querySelector('h2')!.textContent, 'Incidents')
  assert.is(byTestId(container, 'rss-link').getAttribute('href'), '/rss-feed/incidents?cloud=alpha')
  assert.is(byTestId(container, 'rss-link').textContent, 'RSS')
  // Atom beside RSS: the same feed, the next link in the heading's row.
  const atomLink = byTestId(container, 'atom-link')
  assert.is(atomLink.getAttribute('href'), '/atom-feed/incidents?cloud=alpha')
  assert.is(atomLink.textContent, 'Atom')
  assert.is(byTestId(container, 'rss-link').nextElementSibling, atomLink)
  assert.is(container.querySelector('[data-testid="ics-link"]'), null, 'no calendar feed on incidents')
  assert.is(container.querySelector('[data-testid="ics-download"]'), null, 'no calendar download on incidents')
  assert.equal(listCalls(calls)[0], { path: '/api/incident', query: { cloud: 'alpha', page: '1', tz: 'UTC' } })
  assert.equal(calls.find((c) => c.path === '/api/calendar')!.query, { cloud: 'alpha', type: 'recent_incident', tz: 'UTC' })

  const [first, second] = records(container)
  assert.is(byTestId(first, 'record-link').getAttribute('href'), '/alpha.net/posts/101')
  assert.is(byTestId(first, 'record-link').textContent, 'Record 101')
  const severity = byTestId(first, 'record-severity')
  assert.is(severity.textContent, 'Service Disruption')
  assert.ok(severity.querySelector('svg[data-icon="severity-disruption"]'), 'severity icon')
  assert.is(byTestId(second, 'record-severity').textContent, 'Service Degradation')
  const status = byTestId(second, 'record-status')
  assert.is(status.textContent, 'Status: In Progress')
  assert.ok(status.querySelector('svg[data-icon="hourglass"]'), 'status icon by name')
  assert.ok(first.textContent!.includes('Started at') && first.textContent!.includes('Mon, 16 Nov 2026 10:00:00 UTC'))
  assert.ok(first.textContent!.includes('Mon, 16 Nov 2026 12:30:00 UTC'))
  assert.ok(byTestId(first, 'record-body').innerHTML.includes('<strong>record 101</strong>'))
  assert.is(first.querySelector('[data-testid="resolved-marker"]'), null)
  assert.ok(byTestId(container, 'calendar-note').textContent!.includes('All times are displayed in your timezone (UTC)'))
  assert.ok(byTestId(container, 'datacenter-select'), 'data-center select on incidents')
  unmount()
  restore()
})

test("status filter: All Statuses plus the answer's statuses; changing it reloads page 1 with category=", async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(ready(container), 'records')
  const select = byTestId<HTMLSelectElement>(container, 'status-filter')
  assert.is(container.querySelector(`label[for="${select.id}"]`)!.textContent, 'Status')
  assert.equal(
    [...select.options].map((o) => o.textContent),
    ['All Statuses', 'In Progress', 'Resolved', 'Monitoring'],
  )

  byTestId(container, 'page-2').click()
  await waitFor(() => ids(container) === '201,202', 'page 2')
  assert.is(listCalls(calls).at(-1)!.query.page, '2')
  assert.is(byTestId(container, 'page-2').getAttribute('aria-current'), 'page')

  choose(select, '32')
  await waitFor(() => listCalls(calls).at(-1)!.query.category === '32', 'category=32')
  assert.equal(listCalls(calls).at(-1)!.query, { cloud: 'alpha', category: '32', page: '1', tz: 'UTC' })
  await waitFor(() => ids(container) === '101,102', 'page 1 again')
  unmount()
  restore()
})

test('calendar: marked days are named buttons; a click sends date=, aria-pressed; Today clears it and returns to this month', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(ready(container), 'records')
  assert.is(byTestId(container, 'calendar-month').textContent, 'November 2026')
  assert.equal(
    [...container.querySelectorAll('[data-testid="calendar"] th')].map((th) => th.textContent),
    ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  )
  const [d16, d18] = days(container)
  assert.is(d16.getAttribute('aria-label'), 'Monday, November 16, 2026: Service Disruption')
  assert.is(d16.dataset.status, 'service_disruption')
  assert.is(d18.getAttribute('aria-label'), 'Wednesday, November 18, 2026: Scheduled')
  assert.is(d16.getAttribute('aria-pressed'), 'false')
  assert.is(container.querySelector('[data-today]')!.textContent, '20 (today)', 'today is named')

  byTestId(container, 'page-3').click()
  await waitFor(() => listCalls(calls).at(-1)!.query.page === '3', 'page 3')
  d16.click()
  await waitFor(() => listCalls(calls).at(-1)!.query.date === '2026-11-16', 'date=')
  assert.equal(listCalls(calls).at(-1)!.query, { cloud: 'alpha', page: '1', date: '2026-11-16', tz: 'UTC' })
  await waitFor(() => days(container)[0].getAttribute('aria-pressed') === 'true', 'pressed')
  assert.ok(byTestId(container, 'date-filter').textContent!.includes('Monday, November 16, 2026'))

  // Move to October, then Today: no date, November again.
  byTestId(container, 'calendar-previous').click()
  await waitFor(() => byTestId(container, 'calendar-month').textContent === 'October 2026', 'October')
  assert.is(days(container).length, 0)
  const before = listCalls(calls).length
  byTestId(container, 'calendar-today').click()
  await waitFor(() => byTestId(container, 'calendar-month').textContent === 'November 2026', 'back to November')
  await waitFor(() => listCalls(calls).length > before, 'a reload')
  assert.equal(listCalls(calls).at(-1)!.query, { cloud: 'alpha', page: '1', tz: 'UTC' })
  assert.is(container.querySelector('[data-testid="date-filter"]'), null)
  assert.ok(days(container).every((d) => d.getAttribute('aria-pressed') === 'false'))
  unmount()
  restore()
})

test('calendar: previous month stops one month after start_date', async () => {
  const { restore } = serve((call) =>
    call.path === '/api/calendar' ? { data: { ...calendarData, start_date: '2026-09-03' } } : { data: listPage('incident') },
  )
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(() => container.querySelector('[data-testid="calendar"]') !== null, 'calendar')
  const previous = byTestId<HTMLButtonElement>(container, 'calendar-previous')
  assert.not.ok(previous.disabled, 'November: October is allowed')
  previous.click()
  await waitFor(() => byTestId(container, 'calendar-month').textContent === 'October 2026', 'October')
  assert.ok(byTestId<HTMLButtonElement>(container, 'calendar-previous').disabled, 'October = start + 1 month')
  byTestId(container, 'calendar-next').click()
  await waitFor(() => byTestId(container, 'calendar-month').textContent === 'November 2026', 'November')
  unmount()
  restore()
})

test('maintenance: data centers send datacenter= (page 1), the button counts, the ics link follows one data center; schedule table', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props({ type: 'maintenance' })} />)
  await waitFor(ready(container), 'records')
  assert.is(container.querySelector('h2')!.textContent, 'Maintenance')
  assert.equal(calls.find((c) => c.path === '/api/calendar')!.query, { cloud: 'alpha', type: 'scheduled_maintenance', tz: 'UTC' })
  assert.is(byTestId(container, 'ics-link').getAttribute('href'), 'webcal://localhost:8080/ics/maintenance/alpha.ics')
  assert.is(byTestId(container, 'ics-link').textContent, 'Add to calendar')
  assert.is(byTestId(container, 'ics-link').tagName, 'A', 'a link: in the tab order, opened with Enter')
  assert.is(byTestId(container, 'ics-download').getAttribute('href'), 'http://localhost:8080/ics/maintenance/alpha.ics')
  assert.is(byTestId(container, 'ics-download').textContent, 'Download .ics')
  assert.is(byTestId(container, 'atom-link').getAttribute('href'), '/atom-feed/maintenance?cloud=alpha')

  const table = byTestId(container, 'maintenance-schedule').querySelector('table')!
  assert.ok(table.querySelector('caption')!.textContent!.includes('UTC'))
  assert.equal(
    [...table.querySelectorAll('thead th')].map((th) => [th.getAttribute('scope'), th.textContent]),
    [
      ['col', 'Region'],
      ['col', 'Mon 23 Nov'],
      ['col', 'Tue 24 Nov'],
      ['col', 'Wed 25 Nov'],
    ],
  )
  assert.equal(
    [...table.querySelectorAll('tbody th')].map((th) => [th.getAttribute('scope'), th.textContent]),
    [
      ['row', 'EMEA'],
      ['row', 'Americas'],
    ],
  )
  assert.is(table.querySelector('tbody tr td')!.getAttribute('data-status'), 'scheduled')

  byTestId(container, 'page-2').click()
  await waitFor(() => listCalls(calls).at(-1)!.query.page === '2', 'page 2')
  const button = byTestId<HTMLButtonElement>(container, 'datacenter-button')
  assert.is(button.textContent, 'Select Data Centers▾')
  const labelled = button
    .getAttribute('aria-labelledby')!
    .split(' ')
    .map((id) => container.ownerDocument.getElementById(id)!.textContent)
    .join(' ')
  assert.is(labelled, 'Data Centers Select Data Centers')
  button.click()
  await waitFor(() => container.querySelector('[data-testid="datacenter-panel"]') !== null, 'panel')
  const panel = byTestId(container, 'datacenter-panel')
  assert.is(button.getAttribute('aria-expanded'), 'true')
  assert.is(byTestId<HTMLInputElement>(panel, 'datacenter-search').placeholder, 'Search...')
  assert.equal(
    [...panel.querySelectorAll('legend')].map((l) => l.textContent),
    ['EMEA (0/2)', 'Americas (0/1)'],
  )
  const options = [...panel.querySelectorAll<HTMLInputElement>('[data-testid="datacenter-option"]')]
  toggle(options[0])
  await waitFor(() => listCalls(calls).at(-1)!.query.datacenter === '12', 'datacenter=12')
  assert.equal(listCalls(calls).at(-1)!.query, { cloud: 'alpha', page: '1', datacenter: '12', tz: 'UTC' })
  await waitFor(() => button.textContent === '1 selected▾', '1 selected')
  assert.is(byTestId(container, 'ics-link').getAttribute('href'), 'webcal://localhost:8080/ics/maintenance/alpha.ics?datacenter=12')
  assert.is(byTestId(container, 'ics-download').getAttribute('href'), 'http://localhost:8080/ics/maintenance/alpha.ics?datacenter=12')

  toggle(byTestId<HTMLInputElement>(container, 'datacenter-select-all'))
  await waitFor(() => listCalls(calls).at(-1)!.query.datacenter === '12,14,21', 'all data centers')
  await waitFor(() => button.textContent === 'All Data Centers▾', 'All Data Centers')
  assert.is(byTestId(container, 'ics-link').getAttribute('href'), 'webcal://localhost:8080/ics/maintenance/alpha.ics')
  assert.is(byTestId(container, 'ics-download').getAttribute('href'), 'http://localhost:8080/ics/maintenance/alpha.ics')

  // Search narrows the groups; Select All then applies to what is shown.
  const search = byTestId<HTMLInputElement>(container, 'datacenter-search')
  typeInto(search, 'chic')
  await waitFor(() => container.querySelectorAll('[data-testid="datacenter-option"]').length === 1, 'filtered')
  toggle(byTestId<HTMLInputElement>(container, 'datacenter-select-all'))
  await waitFor(() => listCalls(calls).at(-1)!.query.datacenter === '12,14', 'Chicago off')
  await waitFor(() => button.textContent === '2 selected▾', '2 selected')

  // Escape closes the panel and gives focus back to the button.
  byTestId(container, 'datacenter-search').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  await waitFor(() => container.querySelector('[data-testid="datacenter-panel"]') === null, 'closed')
  assert.is(document.activeElement, button)
  unmount()
  restore()
})

test('security advisories: heading, advisories feed, cc_term=241 on the calendar, no data-center select', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props({ type: 'advisory' })} />)
  await waitFor(ready(container), 'records')
  assert.is(container.querySelector('h2')!.textContent, 'Security Advisories')
  assert.is(byTestId(container, 'rss-link').getAttribute('href'), '/rss-feed/advisories?cloud=alpha')
  assert.is(byTestId(container, 'atom-link').getAttribute('href'), '/atom-feed/advisories?cloud=alpha')
  assert.is(listCalls(calls)[0].path, '/api/advisory')
  assert.equal(calls.find((c) => c.path === '/api/calendar')!.query, { cloud: 'alpha', type: 'advisory', cc_term: '241', tz: 'UTC' })
  assert.is(container.querySelector('[data-testid="datacenter-select"]'), null)
  unmount()
  restore()
})

test('empty list: exactly "There are no records", no pager; the top message is plain text', async () => {
  const { restore } = serveRecords(() => ({
    data: { ...listPage('incident', 1, 0), records: [], currentPage: 1, totalPages: 0, topMessage: '<b>Heads up</b>: planned work' },
  }))
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(() => container.querySelector('[data-testid="records-empty"]') !== null, 'empty state')
  assert.is(byTestId(container, 'records-empty').textContent, 'There are no records')
  assert.is(container.querySelector('[data-testid="pagination"]'), null)
  const top = byTestId(container, 'top-message')
  assert.is(top.textContent, '<b>Heads up</b>: planned work')
  assert.is(top.querySelector('b'), null)
  unmount()
  restore()
})

test('internal block: shown with the fields when present, absent otherwise; resolved marker; hostile HTML sanitised', async () => {
  const hostile =
    '<p>ok<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><a href="javascript:alert(1)" onclick="x()">x</a></p>'
  const { restore } = serveRecords(() => ({
    data: {
      ...listPage('incident', 1, 1),
      records: [
        record(1, {
          jira_link: 'https://jira.example/OPS-1',
          internal_note: 'Root cause <b>DNS</b>',
          author: 'a.person',
          resolved: true,
          summary: hostile,
          customer_impact: hostile,
        }),
        record(2, { slack_link: 'javascript:alert(1)' }),
        record(3),
      ],
    },
  }))
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(ready(container), 'records')
  const [one, two, three] = records(container)
  const block = byTestId(one, 'internal-block')
  assert.is(block.getAttribute('aria-label'), 'Internal use only')
  assert.ok(block.textContent!.startsWith('Internal use only'))
  assert.equal(
    [...block.querySelectorAll('dt')].map((d) => d.textContent),
    ['Internal note', 'Ticket', 'Author'],
  )
  assert.is(block.querySelector('a')!.getAttribute('href'), 'https://jira.example/OPS-1')
  assert.is(block.querySelector('a')!.getAttribute('rel'), 'noopener noreferrer')
  assert.ok(block.innerHTML.includes('<b>DNS</b>'))
  assert.ok(byTestId(one, 'resolved-marker').textContent!.includes('Resolved update'))
  // A javascript: link in an internal field is shown as text, never as a link.
  assert.is(byTestId(two, 'internal-block').querySelector('a'), null)
  assert.is(three.querySelector('[data-testid="internal-block"]'), null)
  assert.is(three.querySelector('[data-testid="resolved-marker"]'), null)
  const html = one.innerHTML
  assert.not.ok(/<script|<img|onerror|onclick|javascript:/i.test(html), html)
  assert.ok(byTestId(one, 'customer-impact').textContent!.includes('ok'))
  assert.is((globalThis as { __pwned?: unknown }).__pwned, undefined)
  unmount()
  restore()
})

test('a malformed answer shows the error with Retry; Retry recovers', async () => {
  let bad = true
  const { calls, restore } = serveRecords(() => (bad ? { data: { records: 'nope' } } : undefined))
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the error')
  const alert = byTestId(container, 'records').querySelector('[role="alert"]')!
  assert.ok(alert.textContent!.includes('unexpected shape'))
  bad = false
  ;[...alert.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click()
  await waitFor(() => records(container).length === 2, 'records after retry')
  assert.is(listCalls(calls).length, 2)
  unmount()
  restore()
})

test('a failed calendar shows its own error with Retry and is logged; the list still works', async () => {
  const { restore } = serve((call) =>
    call.path === '/api/calendar'
      ? new Response('nope', { status: 500, statusText: 'Internal Server Error' })
      : { data: listPage('incident') },
  )
  const { container, root, unmount } = mount()
  const logged = await quietly(async () => {
    root.render(<Records {...props()} />)
    await waitFor(() => container.querySelector('aside [role="alert"]') !== null && records(container).length > 0, 'calendar error')
  })
  assert.ok(logged.length >= 1)
  assert.ok(container.querySelector('aside [role="alert"]')!.textContent!.includes('Internal Server Error'))
  unmount()
  restore()
})

test('a new list type or cloud starts again from All Statuses, page 1', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props()} />)
  await waitFor(ready(container), 'records')
  choose(byTestId<HTMLSelectElement>(container, 'status-filter'), '31')
  await waitFor(() => listCalls(calls).at(-1)!.query.category === '31', 'filtered')
  root.render(<Records {...props({ type: 'maintenance' })} />)
  await waitFor(() => listCalls(calls).at(-1)!.path === '/api/maintenance', 'maintenance')
  assert.equal(listCalls(calls).at(-1)!.query, { cloud: 'alpha', page: '1', tz: 'UTC' })
  await waitFor(() => byTestId<HTMLSelectElement>(container, 'status-filter').value === '', 'All Statuses')
  await settle()
  unmount()
  restore()
})

test('controlled filters: changes are reported, not applied, until the route passes them back', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  const seen: unknown[] = []
  const filters = { status: '', date: '', datacenters: [], page: 2 }
  root.render(<Records {...props({ filters, onFiltersChange: (f) => seen.push(f) })} />)
  await waitFor(ready(container), 'records')
  assert.is(listCalls(calls)[0].query.page, '2')
  days(container)[1].click()
  await waitFor(() => seen.length === 1, 'reported')
  assert.equal(seen[0], { status: '', date: '2026-11-18', datacenters: [], page: 1 })
  await settle()
  assert.is(listCalls(calls).length, 1, 'no request until the route changes')
  root.render(<Records {...props({ filters: seen[0] as typeof filters, onFiltersChange: (f) => seen.push(f) })} />)
  await waitFor(() => listCalls(calls).at(-1)!.query.date === '2026-11-18', 'date from the route')
  unmount()
  restore()
})

test('time zone: times and the note follow it, and tz= is sent', async () => {
  const { calls, restore } = serveRecords()
  const { container, root, unmount } = mount()
  root.render(<Records {...props({ timezone: 'America/New_York' })} />)
  await waitFor(ready(container), 'records')
  assert.ok(records(container)[0].textContent!.includes('Mon, 16 Nov 2026 05:00:00 EST'))
  assert.ok(byTestId(container, 'calendar-note').textContent!.includes('(America/New_York)'))
  assert.ok(calls.every((c) => c.query.tz === 'America/New_York'))
  unmount()
  restore()
})

test.run()
