import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { atomFeedHref, feedHref, rssFeedHref, rssFeedName } from '../../contract/links'
import { ApiError } from '../../widgets/core/request'
import { parseRecord } from '../../widgets/record-view/api'
import {
  filtersReducer,
  INITIAL_FILTERS,
  internalEntries,
  paginationWindow,
  severityKind,
  type PageItem,
} from '../../widgets/record-view/model'
import { parseCalendarAnswer, parseRecordListAnswer } from '../../widgets/records/api'
import {
  addMonths,
  canGoPreviousMonth,
  dataCenterButtonLabel,
  daysInMonth,
  filterDataCenterGroups,
  icsUrl,
  monthGrid,
  scheduleTable,
  statusClassName,
  todayIn,
  toggleIds,
  webcalHref,
} from '../../widgets/records/model'
import { calendarData, listPage, record } from '../fixtures/records'

// ---------------------------------------------------------------------------------------------
// pagination (docs/requirements/states.md#pagination, docs/requirements/constants.md)
// ---------------------------------------------------------------------------------------------

/** The page numbers and ellipses of a pager, e.g. '… 2 3 [4] 5 6 …'. */
const numbers = (items: PageItem[]) =>
  items
    .filter((i) => i.kind === 'page' || i.kind === 'ellipsis')
    .map((i) => (i.kind === 'ellipsis' ? '…' : i.kind === 'page' && i.current ? `[${i.page}]` : String(i.page)))
    .join(' ')

const EXPECTED: Record<number, string[]> = {
  2: ['[1] 2', '1 [2]'],
  5: ['[1] 2 3 4 5', '1 [2] 3 4 5', '1 2 [3] 4 5', '1 2 3 [4] 5', '1 2 3 4 [5]'],
  6: ['[1] 2 3 4 5 …', '1 [2] 3 4 5 …', '1 2 [3] 4 5 …', '… 2 3 [4] 5 6', '… 2 3 4 [5] 6', '… 2 3 4 5 [6]'],
  7: ['[1] 2 3 4 5 …', '1 [2] 3 4 5 …', '1 2 [3] 4 5 …', '… 2 3 [4] 5 6 …', '… 3 4 [5] 6 7', '… 3 4 5 [6] 7', '… 3 4 5 6 [7]'],
}

test('pagination: one page (or none) shows no pager', () => {
  assert.equal(paginationWindow(1, 1), [])
  assert.equal(paginationWindow(1, 0), [])
})

for (const total of [2, 5, 6, 7]) {
  test(`pagination: every position of ${total} pages`, () => {
    for (const [i, expected] of EXPECTED[total].entries())
      assert.is(numbers(paginationWindow(i + 1, total)), expected, `page ${i + 1} of ${total}`)
  })
}

test('pagination: every position of 40 pages — from 1 while ≤ 3, centred after, the last 5 near the end', () => {
  const range = (a: number, b: number, current: number) =>
    Array.from({ length: b - a + 1 }, (_, k) => (a + k === current ? `[${a + k}]` : String(a + k))).join(' ')
  for (let p = 1; p <= 40; p++) {
    let expected: string
    if (p <= 3) expected = `${range(1, 5, p)} …`
    else if (p >= 38) expected = `… ${range(36, 40, p)}`
    else expected = `… ${range(p - 2, p + 2, p)} …`
    assert.is(numbers(paginationWindow(p, 40)), expected, `page ${p} of 40`)
  }
  assert.is(numbers(paginationWindow(10, 40)), '… 8 9 [10] 11 12 …')
  assert.is(numbers(paginationWindow(37, 40)), '… 35 36 [37] 38 39 …')
  assert.is(numbers(paginationWindow(38, 40)), '… 36 37 [38] 39 40')
})

test('pagination: First/Previous disabled on page 1, Next/Last on the last page, targets clamped', () => {
  const controls = (current: number, total: number) =>
    Object.fromEntries(
      paginationWindow(current, total)
        .filter((i): i is Extract<PageItem, { disabled: boolean }> => 'disabled' in i)
        .map((i) => [i.kind, `${i.page}${i.disabled ? ' disabled' : ''}`]),
    )
  assert.equal(controls(1, 40), { first: '1 disabled', previous: '1 disabled', next: '2', last: '40' })
  assert.equal(controls(40, 40), { first: '1', previous: '39', next: '40 disabled', last: '40 disabled' })
  assert.equal(controls(7, 40), { first: '1', previous: '6', next: '8', last: '40' })
  // Out-of-range pages are clamped, never a crash.
  assert.is(numbers(paginationWindow(99, 7)), '… 3 4 5 6 [7]')
  assert.is(numbers(paginationWindow(0, 7)), '[1] 2 3 4 5 …')
  for (const total of [2, 5, 6, 7, 40]) {
    for (let p = 1; p <= total; p++) {
      const pages = paginationWindow(p, total).filter((i) => i.kind === 'page')
      assert.ok(pages.length === Math.min(5, total), `at most 5 numbers (${p}/${total})`)
    }
  }
})

// ---------------------------------------------------------------------------------------------
// calendar (docs/requirements/screens.md#calendar, docs/requirements/states.md#calendar)
// ---------------------------------------------------------------------------------------------

const lead = (grid: ReturnType<typeof monthGrid>) => grid[0].findIndex((c) => c !== null)

test('calendar grid: Monday-first columns for months starting on each weekday', () => {
  const cases: Array<[number, number, number, string]> = [
    [2026, 6, 0, 'Monday'],
    [2026, 9, 1, 'Tuesday'],
    [2026, 4, 2, 'Wednesday'],
    [2026, 1, 3, 'Thursday'],
    [2026, 5, 4, 'Friday'],
    [2026, 8, 5, 'Saturday'],
    [2026, 2, 6, 'Sunday'],
  ]
  for (const [year, month, column, weekday] of cases) {
    const grid = monthGrid(year, month)
    assert.is(lead(grid), column, `${year}-${month} starts on ${weekday}`)
    assert.ok(
      grid.every((w) => w.length === 7),
      '7 columns',
    )
    const days = grid.flat().filter((c) => c !== null)
    assert.is(days.length, daysInMonth(year, month))
    assert.equal(
      days.map((d) => d!.day),
      Array.from({ length: days.length }, (_, i) => i + 1),
    )
    // Every day sits in its weekday's column (Mon = 0 … Sun = 6).
    for (const week of grid) {
      for (const [col, cell] of week.entries()) {
        if (cell) assert.is((new Date(`${cell.date}T00:00:00Z`).getUTCDay() + 6) % 7, col, cell.date)
      }
    }
  }
  // August 2026 (Sat 1st, 31 days) needs 6 rows; February 2021 (Mon 1st, 28 days) exactly 4.
  assert.is(monthGrid(2026, 8).length, 6)
  assert.is(monthGrid(2021, 2).length, 4)
  assert.equal(monthGrid(2026, 2)[0].slice(5), [null, { date: '2026-02-01', day: 1 }])
})

test('calendar grid: leap February has 29 days, others 28', () => {
  assert.is(daysInMonth(2024, 2), 29)
  assert.is(daysInMonth(2028, 2), 29)
  assert.is(daysInMonth(2026, 2), 28)
  assert.is(daysInMonth(2100, 2), 28)
  assert.is(daysInMonth(2000, 2), 29)
  const feb = monthGrid(2024, 2)
  assert.is(lead(feb), 3, 'Thu 1 Feb 2024')
  const last = feb.flat().filter(Boolean).at(-1)!
  assert.equal(last, { date: '2024-02-29', day: 29 })
  assert.is(feb.at(-1)!.indexOf(last), 3, 'Thursday 29th')
})

test('calendar: previous month disabled at or before start_date + one month', () => {
  const start = '2026-05-20'
  assert.not.ok(canGoPreviousMonth({ year: 2026, month: 5 }, start), 'the start month')
  assert.not.ok(canGoPreviousMonth({ year: 2026, month: 6 }, start), 'start + 1 month')
  assert.ok(canGoPreviousMonth({ year: 2026, month: 7 }, start), 'start + 2 months')
  assert.not.ok(canGoPreviousMonth({ year: 2026, month: 3 }, start), 'before the start')
  // Across a year end, and a start on the 1st or the 31st.
  assert.not.ok(canGoPreviousMonth({ year: 2027, month: 1 }, '2026-12-01'))
  assert.ok(canGoPreviousMonth({ year: 2027, month: 2 }, '2026-12-31'))
  assert.not.ok(canGoPreviousMonth({ year: 2026, month: 2 }, '2026-01-31'))
  assert.ok(canGoPreviousMonth({ year: 2026, month: 2 }, 'garbage'), 'no limit without a start date')
  assert.equal(addMonths({ year: 2026, month: 1 }, -1), { year: 2025, month: 12 })
  assert.equal(addMonths({ year: 2026, month: 12 }, 1), { year: 2027, month: 1 })
})

test('calendar: today in the time zone', () => {
  const t = Date.UTC(2026, 10, 20, 23, 30)
  assert.is(todayIn('UTC', t), '2026-11-20')
  assert.is(todayIn('Asia/Tokyo', t), '2026-11-21')
  assert.is(todayIn('America/New_York', Date.UTC(2026, 10, 21, 2)), '2026-11-20')
  assert.is(todayIn('Not/AZone', t), '2026-11-20')
})

test('calendar day names: status classes in words', () => {
  assert.is(statusClassName('service_disruption'), 'Service Disruption')
  assert.is(statusClassName('no-service-impact'), 'No Service Impact')
  assert.is(statusClassName('scheduled'), 'Scheduled')
})

// ---------------------------------------------------------------------------------------------
// names, feeds, filters
// ---------------------------------------------------------------------------------------------

test('rssFeedName: last segment, underscores → hyphens, change → category, security-advisories → advisories', () => {
  assert.is(rssFeedName('url_change_notification'), 'url-category-notification')
  assert.is(rssFeedName('/alpha.net/notifications/url_change_notification'), 'url-category-notification')
  assert.is(rssFeedName('/alpha.net/security-advisories'), 'advisories')
  assert.is(rssFeedName('security-advisories/'), 'advisories')
  assert.is(rssFeedName('/alpha.net/incidents?page=2'), 'incidents')
  assert.is(rssFeedName('maintenance'), 'maintenance')
  assert.is(rssFeedName('cloud_app'), 'cloud-app')
  assert.is(rssFeedName('privacy_notification'), 'privacy-notification')
  assert.is(rssFeedHref('security-advisories'), '/rss-feed/advisories')
  assert.is(rssFeedHref('incidents', 'https://trust.example/'), 'https://trust.example/rss-feed/incidents')
  assert.is(rssFeedHref('cloud_app', '', 'alpha beta'), '/rss-feed/cloud-app?cloud=alpha%20beta')
})

test('atomFeedHref: the same feed name, cloud and base as RSS, below /atom-feed/', () => {
  assert.is(atomFeedHref('security-advisories'), '/atom-feed/advisories')
  assert.is(atomFeedHref('incidents', 'https://trust.example/'), 'https://trust.example/atom-feed/incidents')
  assert.is(atomFeedHref('cloud_app', '', 'alpha beta'), '/atom-feed/cloud-app?cloud=alpha%20beta')
  assert.is(atomFeedHref('url_change_notification'), '/atom-feed/url-category-notification')
  assert.is(feedHref('rss', 'maintenance', '', 'alpha'), rssFeedHref('maintenance', '', 'alpha'))
  assert.is(feedHref('atom', 'maintenance', '', 'alpha'), '/atom-feed/maintenance?cloud=alpha')
})

test('ics links: http(s) download on the site origin, webcal with the same host, path and query; ?datacenter= only with exactly one data center', () => {
  assert.is(icsUrl('https://trust.example', 'alpha', []), 'https://trust.example/ics/maintenance/alpha.ics')
  assert.is(icsUrl('https://trust.example/', 'alpha', ['12']), 'https://trust.example/ics/maintenance/alpha.ics?datacenter=12')
  assert.is(icsUrl('http://localhost:8080/', 'alpha', ['12', '14']), 'http://localhost:8080/ics/maintenance/alpha.ics')
  assert.is(icsUrl('https://trust.example', 'a b', ['1 2']), 'https://trust.example/ics/maintenance/a%20b.ics?datacenter=1%202')
  assert.is(
    webcalHref('https://trust.example/ics/maintenance/alpha.ics?datacenter=12'),
    'webcal://trust.example/ics/maintenance/alpha.ics?datacenter=12',
  )
  assert.is(webcalHref('http://localhost:8080/ics/maintenance/alpha.ics'), 'webcal://localhost:8080/ics/maintenance/alpha.ics')
  assert.is(webcalHref('HTTPS://trust.example/ics/maintenance/alpha.ics'), 'webcal://trust.example/ics/maintenance/alpha.ics')
})

test('filters: status, day and data centers go back to page 1; page changes the page only', () => {
  const on3 = { ...INITIAL_FILTERS, page: 3 }
  assert.equal(filtersReducer(on3, { type: 'status', status: '32' }), { ...INITIAL_FILTERS, status: '32', page: 1 })
  assert.equal(filtersReducer(on3, { type: 'date', date: '2026-11-16' }), { ...INITIAL_FILTERS, date: '2026-11-16', page: 1 })
  assert.equal(filtersReducer(on3, { type: 'datacenters', datacenters: ['12', '12', '14'] }), {
    ...INITIAL_FILTERS,
    datacenters: ['12', '14'],
    page: 1,
  })
  assert.equal(filtersReducer(INITIAL_FILTERS, { type: 'page', page: 4 }), { ...INITIAL_FILTERS, page: 4 })
  assert.is(filtersReducer(on3, { type: 'page', page: 3 }), on3, 'same page: same object')
  assert.is(filtersReducer(on3, { type: 'page', page: 0 }), on3, 'invalid page ignored')
  assert.is(filtersReducer(on3, { type: 'status', status: '' }), on3)
  assert.is(filtersReducer({ ...on3, datacenters: ['1', '2'] }, { type: 'datacenters', datacenters: ['2', '1'] }).page, 3, 'same set')
  assert.equal(filtersReducer({ status: '31', date: '2026-11-16', datacenters: ['1'], page: 5 }, { type: 'reset' }), INITIAL_FILTERS)
})

test('data-center select: button text, search, select all', () => {
  assert.is(dataCenterButtonLabel(0, 3), 'Select Data Centers')
  assert.is(dataCenterButtonLabel(3, 3), 'All Data Centers')
  assert.is(dataCenterButtonLabel(2, 3), '2 selected')
  const groups = calendarData.datacenters
  assert.equal(filterDataCenterGroups(groups, 'ams'), [{ label: 'EMEA', options: [{ value: '14', label: 'Amsterdam II' }] }])
  assert.equal(filterDataCenterGroups(groups, 'america'), [groups[1]], 'a matching region keeps its data centers')
  assert.equal(filterDataCenterGroups(groups, 'zzz'), [])
  assert.is(filterDataCenterGroups(groups, '  '), groups)
  assert.equal(toggleIds(['12'], ['12', '14', '21'], true), ['12', '14', '21'])
  assert.equal(toggleIds(['12', '14', '21'], ['14'], false), ['12', '21'])
})

test('schedule table: day labels (UTC), rows padded or cut to the days, none without regions', () => {
  const table = scheduleTable(listPage('maintenance').maintenanceSchedule)!
  assert.equal(table.days, [
    { date: '2026-11-23', label: 'Mon 23 Nov' },
    { date: '2026-11-24', label: 'Tue 24 Nov' },
    { date: '2026-11-25', label: 'Wed 25 Nov' },
  ])
  assert.equal(table.rows[0], {
    title: 'EMEA',
    cells: [
      { className: 'scheduled', value: '02:00–04:00' },
      { className: '', value: '' },
      { className: 'postponed', value: 'Postponed' },
    ],
  })
  assert.equal(
    table.rows[1].cells,
    [
      { className: '', value: '' },
      { className: '', value: '' },
      { className: '', value: '' },
    ],
    'padded',
  )
  const long = scheduleTable({
    days: ['2026-11-23'],
    regions: [
      {
        title: 'X',
        data: [
          { className: 'scheduled', value: 'a' },
          { className: '', value: 'b' },
        ],
      },
    ],
  })!
  assert.is(long.rows[0].cells.length, 1, 'cut')
  assert.is(scheduleTable(null), null)
  assert.is(scheduleTable({ days: ['2026-11-23'], regions: [] }), null)
  assert.is(scheduleTable({ days: [], regions: [{ title: 'X', data: [] }] }), null)
})

test('internal fields: listed only when present and not blank, in contract order', () => {
  assert.equal(internalEntries(record(1)), [])
  assert.equal(internalEntries({ ...record(1), internal_note: '  ', author: null }), [])
  const entries = internalEntries({
    ...record(1),
    jira_link: 'https://jira.example/X-1',
    internal_note: 'Root cause: DNS',
    resolved_by: 'ops',
  })
  assert.equal(
    entries.map((e) => [e.field, e.label, e.link]),
    [
      ['internal_note', 'Internal note', false],
      ['jira_link', 'Ticket', true],
      ['resolved_by', 'Resolved by', false],
    ],
  )
})

test('severity kinds: 20 disruption, 19 degradation, else informational', () => {
  assert.is(severityKind('20'), 'disruption')
  assert.is(severityKind('19'), 'degradation')
  assert.is(severityKind('18'), 'informational')
  assert.is(severityKind(null), 'informational')
})

// ---------------------------------------------------------------------------------------------
// answers
// ---------------------------------------------------------------------------------------------

const rejects = (fn: () => unknown, what: string) => {
  try {
    fn()
    assert.unreachable(`accepted ${what}`)
  } catch (e) {
    assert.instance(e, ApiError, what)
    assert.is((e as ApiError).statusText, 'Malformed answer', what)
  }
}

test('api: contract answers pass; malformed answers become ApiErrors', () => {
  const page = listPage('maintenance')
  assert.equal(parseRecordListAnswer({ data: page }), page)
  assert.equal(parseCalendarAnswer({ data: calendarData }), calendarData)
  assert.equal(parseCalendarAnswer({ data: { start_date: '2026-01-01', datacenters: [], calendar: [] } }).calendar, {}, 'PHP empty object')
  assert.equal(parseRecord({ ...record(7), internal_note: 'x' }).internal_note, 'x')
  assert.is(parseRecord({ ...record(7), internal_note: 5 }).internal_note, undefined, 'non-string internal fields dropped')
  for (const [bad, what] of [
    [null, 'null'],
    [{ data: null }, 'no data'],
    [{ data: { ...page, records: 'x' } }, 'records'],
    [{ data: { ...page, totalPages: '3' } }, 'totalPages'],
    [{ data: { ...page, statuses: [{ id: '1' }] } }, 'statuses'],
    [{ data: { ...page, records: [{ ...record(1), id: '1' }] } }, 'record id'],
    [{ data: { ...page, records: [{ ...record(1), title: null }] } }, 'record title'],
    [{ data: { ...page, maintenanceSchedule: { days: 'x', regions: [] } } }, 'schedule'],
  ] as const) {
    rejects(() => parseRecordListAnswer(bad), what)
  }
  for (const [bad, what] of [
    [{ data: { ...calendarData, start_date: 5 } }, 'start_date'],
    [{ data: { ...calendarData, calendar: { '2026-11-16': 'x' } } }, 'calendar day'],
    [{ data: { ...calendarData, datacenters: [{ label: 'EMEA', options: [{ value: {} }] }] } }, 'options'],
  ] as const) {
    rejects(() => parseCalendarAnswer(bad), what)
  }
})

test.run()
