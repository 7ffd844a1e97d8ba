import { readFileSync } from 'node:fs'
import { cloudStatusProps } from '../fixtures/cloud-status-props'
import { withClock } from '../fixtures/clock'
import { mount, quietly, settle, waitFor } from '../fixtures/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { CloudStatusFlags, GlobalData } from '../../contract/global'
import { $global } from '../../widgets/core/global'
import { LocaleContext } from '../../widgets/core/i18n/react'
import { ApiError } from '../../widgets/core/request'
import { safeHtml } from '../../widgets/core/safe-html'
import { $session } from '../../widgets/core/session'
import { parseCloudStatusAnswer } from '../../widgets/cloud-status/api'
import {
  CloudStatus,
  CloudStatusWidget,
  MODAL_REFRESH_DELAY_MS,
  POPOVER_CLOSE_DELAY_MS,
  SignInRequiredEvent,
  type CloudStatusProps,
} from '../../widgets/cloud-status/CloudStatus'
import {
  barGeometry,
  barKind,
  barLabel,
  canGoNext,
  canGoPrevious,
  dayHeaders,
  firstBarIn,
  INITIAL_PAGING,
  isLive,
  layoutRow,
  legendEntries,
  MIN_BAR_PERCENT,
  moveFocus,
  FIRST_RENDER_BUDGET,
  nextRowLimit,
  nowPercent,
  pagingReducer,
  RENDER_BUDGET_PER_TASK,
  stamp,
  timelineRows,
  weekRangeLabel,
} from '../../widgets/cloud-status/model'
import { laneHeight, rowHtml } from '../../widgets/cloud-status/row-html'
import { formatTimestamp } from '../../contract/time.js'
import { addCatalogue } from '../../contract/i18n/index.js'
import { issue, item, severities, week, WEEK_START } from '../fixtures/cloud-status'
import { cloud, products } from '../fixtures/global'

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: expected ${expected}, got ${actual}`)

// ---------------------------------------------------------------------------------------------
// model
// ---------------------------------------------------------------------------------------------

test('geometry: minutes map to percent of the 10080-minute week', () => {
  const day2 = barGeometry(1440, 2880)
  close(day2.left, 100 / 7, 'left of the 2nd day')
  close(day2.width, 100 / 7, 'one day wide')
  const all = barGeometry(0, 10080)
  assert.equal(all, { left: 0, width: 100 })
})

test('geometry: both ends are clipped to the week, reversed spans are swapped', () => {
  const early = barGeometry(-500, 60)
  close(early.left, 0, 'clipped start')
  close(early.width, (60 / 10080) * 100, 'width from 0')
  const late = barGeometry(10000, 20000)
  close(late.left, (10000 / 10080) * 100, 'left')
  close(late.left + late.width, 100, 'clipped end')
  assert.equal(barGeometry(200, 100), barGeometry(100, 200))
})

test('geometry: very short issues get the minimum width and stay inside the week', () => {
  const short = barGeometry(5000, 5005)
  close(short.width, MIN_BAR_PERCENT, 'minimum width')
  close(short.left, (5000 / 10080) * 100, 'left unchanged')
  const atEnd = barGeometry(10079, 10080)
  close(atEnd.width, MIN_BAR_PERCENT, 'minimum width at the end')
  close(atEnd.left, 100 - MIN_BAR_PERCENT, 'moved left to fit')
})

test('lanes: overlapping issues get separate lanes, touching or apart ones share one', () => {
  const overlap = layoutRow([issue(1, 600, 750, '20'), issue(2, 700, 800, '19')])
  assert.is(overlap.lanes, 2)
  assert.equal(
    overlap.bars.map((b) => [b.issue.id, b.lane]),
    [
      [1, 0],
      [2, 1],
    ],
  )
  const apart = layoutRow([issue(3, 2000, 2100, '20'), issue(1, 0, 100, '20'), issue(2, 100, 200, '19')])
  assert.is(apart.lanes, 1)
  assert.equal(
    apart.bars.map((b) => b.issue.id),
    [1, 2, 3],
    'keyboard order is left to right',
  )
  // Two 1-minute issues 5 minutes apart overlap once widened to the minimum width.
  const tiny = layoutRow([issue(1, 5000, 5001, '18'), issue(2, 5005, 5006, '18')])
  assert.is(tiny.lanes, 2)
  assert.is(layoutRow([]).lanes, 1)
})

test('day headers: 7 UTC days, weekday + day + short month, across a month end', () => {
  assert.equal(
    dayHeaders('2026-11-16T00:00:00.000Z').map((d) => d.label),
    ['Mon 16 Nov', 'Tue 17 Nov', 'Wed 18 Nov', 'Thu 19 Nov', 'Fri 20 Nov', 'Sat 21 Nov', 'Sun 22 Nov'],
  )
  const dec = dayHeaders('2026-11-28T00:00:00.000Z')
  assert.is(dec[3].label, 'Tue 1 Dec')
  assert.is(dec[3].date, '2026-12-01')
  assert.equal(dayHeaders('nonsense'), [])
  assert.is(weekRangeLabel('2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'), '16 Nov 2026 – 22 Nov 2026')
})

test('bar kinds: 20 disruption, 19 degradation, anything else informational; live when endTime is null', () => {
  assert.is(barKind('20'), 'disruption')
  assert.is(barKind('19'), 'degradation')
  assert.is(barKind('18'), 'informational')
  assert.is(barKind(''), 'informational')
  assert.ok(isLive({ endTime: null }))
  assert.not.ok(isLive({ endTime: '2026-11-16T10:00:00.000Z' }))
})

test('current-time marker: percent of the week, none for a past week', () => {
  close(nowPercent(9000)!, (9000 / 10080) * 100, 'now')
  assert.is(nowPercent(10080), null)
  assert.is(nowPercent(-1), null)
})

test('paging: Previous disabled at 12, Next at 0; the reducer stays in 0…12', () => {
  assert.ok(canGoPrevious(0) && canGoPrevious(11))
  assert.not.ok(canGoPrevious(12) || canGoPrevious(13))
  assert.not.ok(canGoNext(0))
  assert.ok(canGoNext(1) && canGoNext(12))
  let s = INITIAL_PAGING
  for (let i = 0; i < 15; i++) s = pagingReducer(s, { type: 'previous' })
  assert.is(s.offset, 12)
  assert.is(pagingReducer(INITIAL_PAGING, { type: 'next' }), INITIAL_PAGING, 'next at 0 changes nothing')
  assert.equal(pagingReducer({ tab: 'public', offset: 3 }, { type: 'next' }), { tab: 'public', offset: 2 })
})

test('paging: switching the data-center tab resets the offset to 0', () => {
  assert.equal(pagingReducer({ tab: 'public', offset: 5 }, { type: 'tab', tab: 'premium' }), { tab: 'premium', offset: 0 })
  const same = { tab: 'premium' as const, offset: 4 }
  assert.is(pagingReducer(same, { type: 'tab', tab: 'premium' }), same, 'the same tab keeps its week')
})

test('legend: show_legend severities, Ongoing, and Premium only for data centers off the government variant', () => {
  const labels = (o: Parameters<typeof legendEntries>[1]) => legendEntries(severities, o).map((e) => e.label)
  assert.equal(labels({ block: 'datacenter', hasPremium: true, isGov: false }), [
    'Service Disruption',
    'Service Degradation',
    'Informational',
    'Ongoing',
    'Premium data center',
  ])
  assert.not.ok(labels({ block: 'datacenter', hasPremium: true, isGov: true }).includes('Premium data center'), 'not on gov')
  assert.not.ok(labels({ block: 'datacenter', hasPremium: false, isGov: false }).includes('Premium data center'), 'no premium DCs')
  assert.not.ok(labels({ block: 'core', hasPremium: true, isGov: false }).includes('Premium data center'), 'not in core')
  assert.not.ok(labels({ block: 'core', hasPremium: false, isGov: false }).includes('Internal Only'), 'show_legend false omitted')
})

test('accessible bar names: row, severity, start and end in the time zone; live ends "to ongoing"', () => {
  const frankfurt = week('public').category[0].subCategory[0].issues[0]
  assert.is(
    barLabel('Frankfurt II', frankfurt, 'Service Disruption'),
    'Frankfurt II: Service Disruption, Mon, 16 Nov 2026 10:00:00 UTC to Mon, 16 Nov 2026 12:30:00 UTC',
  )
  assert.is(
    barLabel('Frankfurt II', frankfurt, 'Service Disruption', 'America/New_York'),
    'Frankfurt II: Service Disruption, Mon, 16 Nov 2026 05:00:00 EST to Mon, 16 Nov 2026 07:30:00 EST',
  )
  const live = { ...frankfurt, endTime: null }
  assert.ok(barLabel('Frankfurt II', live, 'Service Disruption').endsWith('UTC to ongoing'))
})

test('accessible bar names keep a data-center name as it is: no replacement patterns, no placeholders filled in it', () => {
  const frankfurt = week('public').category[0].subCategory[0].issues[0]
  for (const name of ["Cost $& Co $' $1 $$", 'Site {severity} {start}', '{name}']) {
    assert.is(
      barLabel(name, frankfurt, 'Service Disruption'),
      `${name}: Service Disruption, Mon, 16 Nov 2026 10:00:00 UTC to Mon, 16 Nov 2026 12:30:00 UTC`,
    )
  }
})

test('bar name timestamps: the text of formatTimestamp in every zone, without formatToParts', () => {
  const zones = [
    'UTC',
    'America/New_York',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Etc/UTC',
    'No/Such_Zone',
  ]
  // A year of instants 7 h 1 min 1.007 s apart (both DST changes of every zone), and the edges of four-digit years.
  const instants: number[] = []
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 25_261_007) instants.push(t)
  instants.push(Date.UTC(999, 11, 31, 23, 59, 59), Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59), Date.UTC(10000, 0, 1))
  for (const zone of zones) {
    for (const t of instants) {
      const iso = new Date(t).toISOString()
      assert.is(stamp(iso, zone), formatTimestamp(iso, zone), `${iso} in ${zone}`)
    }
  }
  assert.is(stamp('2026-11-16T10:00:00Z', 'UTC'), 'Mon, 16 Nov 2026 10:00:00 UTC')
  assert.is(stamp('2026-11-16T11:00:00+01:00', 'UTC'), 'Mon, 16 Nov 2026 10:00:00 UTC', 'an offset is resolved to the instant')
  assert.is(stamp('2026-11-16T10:00:00Z', 'America/New_York'), 'Mon, 16 Nov 2026 05:00:00 EST')
  assert.is(stamp('nonsense', 'UTC'), 'Invalid date')
  assert.is(stamp('nonsense', 'America/New_York'), 'Invalid date')
  assert.is(
    stamp('2026-11-16T10:00:00Z', 'No/Such_Zone'),
    'Mon, 16 Nov 2026 10:00:00 UTC',
    'an unknown zone shows UTC, as formatTimestamp does',
  )
})

test('row markup: lane area heights in px', () => {
  assert.is(laneHeight(1), 30)
  assert.is(laneHeight(2), 52)
})

/** The elements of `html` in a detached `<li>`. */
function parse(html: string): HTMLElement {
  const li = document.createElement('li')
  li.innerHTML = html
  return li
}

test('row markup: the star, name, decommissioned text, premium mark and every bar with its name, place and data', () => {
  const core = timelineRows(week('core_cloud_services').category)
  const options = { severities, timeZone: 'UTC', premium: false, noStar: false }
  const proxy = parse(rowHtml(core[0], options))
  const star = proxy.querySelector<HTMLButtonElement>('[data-testid="subscribe-star"]')!
  assert.is(star.getAttribute('type'), 'button')
  assert.is(star.getAttribute('aria-pressed'), 'false')
  assert.is(star.getAttribute('aria-label'), 'Subscribe to Web Proxy notifications')
  assert.is(star.getAttribute('part'), 'star')
  assert.not.ok(star.disabled)
  const name = proxy.querySelector<HTMLElement>('[data-info]')!
  assert.is(name.textContent, 'Web Proxy')
  assert.is(name.tabIndex, 0, 'a name with info is focusable (its tooltip)')
  const list = [...proxy.querySelectorAll<HTMLElement>('[data-testid="issue-bar"]')]
  assert.equal(
    list.map((b) => [b.dataset.issueId, b.dataset.row, b.dataset.col, b.dataset.kind, b.dataset.live ?? '', b.tabIndex]),
    [
      ['1', '0', '0', 'disruption', '', -1],
      ['2', '0', '1', 'degradation', '', -1],
      ['3', '0', '2', 'informational', 'true', -1],
    ],
  )
  const bars0 = core[0].layout!.bars
  for (const [i, b] of list.entries()) {
    assert.is(
      b.getAttribute('aria-label'),
      barLabel('Web Proxy', bars0[i].issue, severities.find((v) => v.tid === bars0[i].issue.severityTid)!.name),
    )
    assert.is(b.getAttribute('aria-haspopup'), 'dialog')
    assert.is(b.getAttribute('part'), 'bar')
    assert.is(b.style.getPropertyValue('margin-inline-start'), `${bars0[i].left}%`)
    assert.is(b.style.width, `${bars0[i].width}%`)
    assert.is(b.style.gridRow, `${bars0[i].lane + 1}`)
  }
  // The lane's height comes from its row's lane count (`--n` on the row, cloud-status.css.ts), not from the markup.
  assert.is(proxy.querySelector<HTMLElement>('[data-testid="issue-bar"]')!.parentElement!.getAttribute('style'), null)

  const dns = parse(rowHtml(core[1], options))
  assert.is(dns.textContent, 'DNSNo issues')
  assert.is(dns.querySelector('[data-info]'), null, 'no info, no tooltip')
  assert.is(dns.querySelector('span')!.getAttribute('tabindex'), null)
  const sandbox = parse(rowHtml(core[2], options))
  assert.ok(sandbox.textContent!.includes('Sandbox(decommissioned)'))
  assert.ok(sandbox.querySelector<HTMLButtonElement>('[data-testid="subscribe-star"]')!.disabled, 'no mail about a decommissioned row')

  const dc = timelineRows(week('public').category)
  const amsterdam = parse(rowHtml(dc[2], { ...options, premium: true, noStar: true }))
  assert.is(amsterdam.querySelector('[data-testid="subscribe-star"]'), null, 'disaster-recovery variant: no star')
  assert.ok(amsterdam.textContent!.startsWith('Premium data center: Amsterdam II'))
  const diamond = amsterdam.querySelector('div > span[aria-hidden="true"]')!
  assert.is(diamond.textContent, '', 'the premium mark is drawn by CSS, hidden from assistive technology')
  assert.is(diamond.nextElementSibling!.textContent, 'Premium data center: ')
  assert.is(parse(rowHtml(dc[2], options)).querySelector('[data-testid="subscribe-star"]')!.getAttribute('aria-pressed'), 'true')
  assert.equal(
    [...parse(rowHtml(dc[1], options)).querySelectorAll<HTMLElement>('[data-testid="issue-bar"]')].map((b) => b.style.gridRow),
    ['1', '2'],
    'overlapping bars in two lanes',
  )
  assert.ok(parse(rowHtml(dc[1], { ...options, timeZone: 'America/New_York' })).innerHTML.includes('05:00:00 EST'))
})

test('row markup: the 30-day uptime under the name, both figures in its accessible text; nothing without figures', () => {
  const options = { severities, timeZone: 'UTC', premium: false, noStar: false }
  const data = week('core_cloud_services')
  const [proxy, dns] = data.category[0].subCategory
  data.category[0].subCategory[0] = { ...proxy, uptime_30d: 99.87, uptime_90d: 99.9 }
  data.category[0].subCategory[1] = { ...dns, uptime_30d: 100, uptime_90d: 100 }
  const rows = timelineRows(data.category)
  const li = parse(rowHtml(rows[0], options))
  const label = li.querySelector('[data-info]')!.parentElement!
  const shown = label.querySelector<HTMLElement>('[aria-hidden="true"]')!
  assert.is(shown.textContent, '99.87% (30 d)', 'seen under the name')
  assert.is(shown.title, '30-day uptime 99.87%, 90-day uptime 99.90%')
  const spoken = shown.nextElementSibling!
  assert.is(spoken.textContent, '30-day uptime 99.87%, 90-day uptime 99.90%', 'heard in place of the figure')
  assert.is(spoken.getAttribute('aria-hidden'), null)
  assert.is(li.querySelector('[data-info]')!.textContent, 'Web Proxy', 'the name stays the name')
  assert.ok(parse(rowHtml(rows[1], options)).textContent!.startsWith('DNS100.00% (30 d)30-day uptime 100.00%, 90-day uptime 100.00%'))

  // null (no time in service in the window), or an answer without the fields: nothing.
  const none = parse(rowHtml(timelineRows(week('core_cloud_services').category)[0], options))
  assert.not.ok(none.textContent!.includes('uptime'))
  assert.not.ok(none.textContent!.includes('%'))
  const { uptime_30d: _a, uptime_90d: _b, ...older } = proxy
  data.category[0].subCategory[0] = older as typeof proxy
  assert.not.ok(parse(rowHtml(timelineRows(data.category)[0], options)).textContent!.includes('uptime'))
})

test('row markup: a row younger than 90 days says since when; on its first day no figure, only the day; in every language', () => {
  const options = { severities, timeZone: 'UTC', premium: false, noStar: false }
  const data = week('core_cloud_services')
  const [proxy, dns] = data.category[0].subCategory
  // The 90-day figure is the one since its day (both are when it is younger than 30 days).
  data.category[0].subCategory[0] = { ...proxy, uptime_30d: 99.95, uptime_90d: 99.87, uptime_since: '2026-11-12' }
  data.category[0].subCategory[1] = { ...dns, uptime_30d: null, uptime_90d: null, uptime_since: '2026-11-21' }
  const rows = timelineRows(data.category)
  const label = parse(rowHtml(rows[0], options)).querySelector('[data-info]')!.parentElement!
  const shown = label.querySelector<HTMLElement>('[aria-hidden="true"]')!
  assert.is(shown.textContent, '99.87% since 12 Nov 2026', 'seen under the name')
  assert.is(shown.title, 'Uptime 99.87% since 12 Nov 2026')
  assert.is(shown.nextElementSibling!.textContent, 'Uptime 99.87% since 12 Nov 2026', 'heard in place of the figure')
  assert.not.ok(label.textContent!.includes('30 d'), 'no window it was not in service for')

  // Its first day: no percentage (a minute down in its first minutes is not 74 %), the day alone, seen and heard.
  const first = parse(rowHtml(rows[1], options))
  assert.not.ok(first.textContent!.includes('%'))
  const day = first.querySelector<HTMLElement>('[aria-hidden="true"]')!
  assert.is(day.textContent, 'In service since 21 Nov 2026', 'seen under the name')
  assert.is(day.previousElementSibling!.textContent, 'DNS')
  assert.is(day.nextElementSibling!.textContent, 'In service since 21 Nov 2026', 'and heard')

  // The date and the figure as the page's language writes them (the drop-in's own catalogues).
  for (const locale of ['de', 'fr', 'ja'] as const) {
    addCatalogue(locale, JSON.parse(readFileSync(new URL(`../../widgets/cloud-status/locales/${locale}.json`, import.meta.url), 'utf8')))
  }
  const text = (locale: 'de' | 'fr' | 'ja', row = rows[0]) =>
    parse(rowHtml(row, { ...options, locale })).querySelector('[aria-hidden="true"]')!.textContent
  assert.is(text('de'), '99,87 % seit 12. Nov. 2026')
  assert.is(text('fr'), '99,87 % depuis le 12 nov. 2026')
  assert.is(text('ja'), '2026年11月12日以降 99.87%')
  assert.is(text('de', rows[1]), 'In Betrieb seit 21. Nov. 2026')

  // A row in service for longer (no day) keeps the 30-day line.
  data.category[0].subCategory[0] = { ...proxy, uptime_30d: 99.95, uptime_90d: 99.87, uptime_since: null }
  const older = parse(rowHtml(timelineRows(data.category)[0], options)).querySelector<HTMLElement>('[aria-hidden="true"]')!
  assert.is(older.textContent, '99.95% (30 d)')
})

test('row markup: names and times are text, never markup', () => {
  const hostile = '<img src=x onerror="alert(1)"> & "Co"'
  const data = week('core_cloud_services')
  data.category[0].subCategory[0] = { ...data.category[0].subCategory[0], name: hostile }
  const li = parse(rowHtml(timelineRows(data.category)[0], { severities, timeZone: 'UTC', premium: false, noStar: false }))
  assert.is(li.querySelector('img'), null)
  assert.is(li.querySelector('[data-info]')!.textContent, hostile)
  assert.is(li.querySelector('[data-testid="subscribe-star"]')!.getAttribute('aria-label'), `Subscribe to ${hostile} notifications`)
  assert.ok(li.querySelector('[data-testid="issue-bar"]')!.getAttribute('aria-label')!.startsWith(`${hostile}: Service Disruption, `))
})

test('keyboard model: along a row, to the nearest bar of the next/previous row with bars, Home/End', () => {
  const rows = [[10, 50, 80], [], [45], [5]]
  assert.equal(moveFocus(rows, { row: 0, col: 0 }, 'ArrowRight'), { row: 0, col: 1 })
  // At an edge the key stays on the bar (still taken: the page must not scroll away from it).
  assert.equal(moveFocus(rows, { row: 0, col: 2 }, 'ArrowRight'), { row: 0, col: 2 })
  assert.equal(moveFocus(rows, { row: 0, col: 0 }, 'ArrowLeft'), { row: 0, col: 0 })
  assert.equal(moveFocus(rows, { row: 0, col: 2 }, 'End'), { row: 0, col: 2 })
  assert.equal(moveFocus(rows, { row: 0, col: 0 }, 'ArrowUp'), { row: 0, col: 0 })
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'ArrowDown'), { row: 2, col: 0 }, 'skips the row without bars')
  assert.equal(moveFocus(rows, { row: 2, col: 0 }, 'ArrowUp'), { row: 0, col: 1 }, 'nearest centre: 50 to 45')
  assert.equal(moveFocus(rows, { row: 3, col: 0 }, 'ArrowDown'), { row: 3, col: 0 }, 'the last row with bars: stays')
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'End'), { row: 0, col: 2 })
  assert.equal(moveFocus(rows, { row: 0, col: 2 }, 'Home'), { row: 0, col: 0 })
  assert.is(moveFocus(rows, { row: 0, col: 0 }, 'a'), null)
})

test('keyboard model right to left: the arrows follow the mirrored week, Home/End stay the earliest/latest bar', () => {
  const rows = [[10, 50, 80], [], [45]]
  // Right to left the later bar (col + 1) is on the left: ArrowLeft goes to it, ArrowRight back.
  assert.equal(moveFocus(rows, { row: 0, col: 0 }, 'ArrowLeft', true), { row: 0, col: 1 })
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'ArrowRight', true), { row: 0, col: 0 })
  assert.equal(moveFocus(rows, { row: 0, col: 2 }, 'ArrowLeft', true), { row: 0, col: 2 }, 'the leftmost bar: stays')
  assert.equal(moveFocus(rows, { row: 0, col: 0 }, 'ArrowRight', true), { row: 0, col: 0 }, 'the rightmost bar: stays')
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'Home', true), { row: 0, col: 0 })
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'End', true), { row: 0, col: 2 })
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'ArrowDown', true), { row: 2, col: 0 }, 'up and down as left to right')
  assert.equal(moveFocus(rows, { row: 0, col: 1 }, 'ArrowLeft', false), { row: 0, col: 0 }, 'left to right: the earlier bar')
})

test('tab stop in view: the first bar, row by row, whose centre lies within the shown range', () => {
  const rows = [[2, 40], [], [55, 70], [60]]
  assert.equal(firstBarIn(rows, 0, 100), { row: 0, col: 0 }, 'the whole week: the first bar of all')
  assert.equal(firstBarIn(rows, 30, 60), { row: 0, col: 1 }, 'the first row with a bar in range, its first such bar')
  assert.equal(firstBarIn(rows, 50, 100), { row: 2, col: 0 }, 'rows without a bar in range are passed over')
  assert.equal(firstBarIn(rows, 56, 65), { row: 3, col: 0 })
  assert.is(firstBarIn(rows, 80, 100), null, 'none in range')
  assert.is(firstBarIn([], 0, 100), null)
})

test('rows: a title row per region, none for the core services; items keep their bars', () => {
  const dc = timelineRows(week('public').category)
  assert.equal(
    dc.map((r) => [r.type, r.title]),
    [
      ['category', 'EMEA'],
      ['item', 'Frankfurt II'],
      ['item', 'Amsterdam II'],
      ['category', 'Americas'],
      ['item', 'Chicago'],
    ],
  )
  assert.equal(
    dc.filter((r) => r.type === 'item').map((r) => r.index),
    [0, 1, 2],
  )
  const core = timelineRows(week('core_cloud_services').category)
  assert.not.ok(core.some((r) => r.type === 'category'))
  assert.is(core[0].layout!.bars.length, 3)
})

/** A data-center week of `n` locations in one region, location i with i % 7 issues. */
function longWeek(n: number) {
  const data = week('public')
  let id = 50_000
  const subCategory = Array.from({ length: n }, (_, i) =>
    item(
      3000 + i,
      `Location ${i}`,
      Array.from({ length: i % 7 }, (_, k) => issue(id++, k * 1400, k * 1400 + 300, '20')),
    ),
  )
  return { ...data, category: [{ tid: 1001, title: 'EMEA', subCategory }] }
}

test('slices: each task renders rows while rows plus bars fit the budget, at least one row', () => {
  const rows = timelineRows(longWeek(150).category)
  const cost = (from: number, to: number) => rows.slice(from, to).reduce((n, r) => n + 1 + (r.layout?.bars.length ?? 0), 0)
  const limits: number[] = []
  for (let limit = 0; limit < rows.length; ) {
    limit = nextRowLimit(rows, limit)
    limits.push(limit)
  }
  assert.is(limits.at(-1), rows.length)
  let from = 0
  for (const to of limits) {
    assert.ok(to > from, 'progress')
    assert.ok(cost(from, to) <= RENDER_BUDGET_PER_TASK, `slice ${from}–${to} costs ${cost(from, to)}`)
    if (to < rows.length) assert.ok(cost(from, to + 1) > RENDER_BUDGET_PER_TASK, 'a slice is as full as the budget allows')
    from = to
  }
  // The first slice, on screen, has the smaller budget.
  const first = nextRowLimit(rows, 0, FIRST_RENDER_BUDGET)
  assert.ok(cost(0, first) <= FIRST_RENDER_BUDGET && cost(0, first + 1) > FIRST_RENDER_BUDGET)
  // A row costlier than the budget still renders, alone.
  assert.is(nextRowLimit(rows, 3, 2), 4)
  // Short weeks render at once.
  assert.is(nextRowLimit(timelineRows(week('public').category), 0), 5)
})

test('api: a contract answer passes; malformed answers become ApiErrors', () => {
  const data = week('public')
  assert.equal(parseCloudStatusAnswer({ data }), data)
  for (const bad of [
    null,
    { data: null },
    { data: { ...data, category: 'x' } },
    { data: { ...data, current_time: 20000 } },
    { data: { ...data, page_number: 13 } },
    { data: { ...data, category: [{ ...data.category[0], subCategory: [{ name: 'x' }] }] } },
    {
      data: {
        ...data,
        category: [
          {
            ...data.category[0],
            subCategory: [{ ...data.category[0].subCategory[0], issues: [{ ...data.category[0].subCategory[0].issues[0], to: 99999 }] }],
          },
        ],
      },
    },
  ]) {
    try {
      parseCloudStatusAnswer(bad)
      assert.unreachable(`accepted ${JSON.stringify(bad).slice(0, 80)}`)
    } catch (e) {
      assert.instance(e, ApiError)
      assert.is((e as ApiError).statusText, 'Malformed answer')
    }
  }
})

// ---------------------------------------------------------------------------------------------
// safe HTML (the drop-in's allow-list instead of DOMPurify)
// ---------------------------------------------------------------------------------------------

test('safeHtml: keeps formatting and safe links, drops scripts, handlers, media and javascript: URLs', async () => {
  const { container, root, unmount } = mount()
  root.render(
    <div>
      {safeHtml(
        '<p>Hi <strong>there</strong><script>alert(1)</script><img src=x onerror="alert(1)"></p>' +
          '<a href="javascript:alert(1)" onclick="x()">bad</a><a href="/ok" target="_blank">ok</a><svg><a href="x">s</a></svg>',
      )}
    </div>,
  )
  await waitFor(() => container.textContent!.includes('there'), 'render')
  const html = container.innerHTML
  assert.ok(html.includes('<strong>there</strong>'))
  assert.not.ok(/script|img|onerror|onclick|javascript|svg/i.test(html), html)
  const links = [...container.querySelectorAll('a')]
  assert.is(links.length, 2)
  assert.is(links[0].getAttribute('href'), null)
  assert.is(links[1].getAttribute('href'), '/ok')
  assert.is(links[1].getAttribute('rel'), 'noopener noreferrer')
  unmount()
})

// ---------------------------------------------------------------------------------------------
// component (happy-dom, stubbed fetch)
// ---------------------------------------------------------------------------------------------

interface Call {
  requestType: string
  dateOffset: string
  cloud: string
}

const realFetch = globalThis.fetch
/** Stubs fetch: /api/cloud-status answers through `answer` (default: the fixture week); no third-party groups. */
function serve(answer?: (call: Call, n: number) => Response | undefined, global?: GlobalData): Call[] {
  const calls: Call[] = []
  globalThis.fetch = (async (input: string) => {
    const url = new URL(String(input))
    if (url.pathname === '/api/global') return new Response(JSON.stringify({ data: global }), { status: 200 })
    // The cloud's third-party groups (none here; docs/operating/console-and-desk.md#third-party-components).
    if (url.pathname === '/api/third-party') return new Response(JSON.stringify({ data: { groups: [] } }), { status: 200 })
    const call = {
      requestType: url.searchParams.get('requestType') ?? '',
      dateOffset: url.searchParams.get('dateOffset') ?? '',
      cloud: url.searchParams.get('cloud') ?? '',
    }
    calls.push(call)
    const custom = answer?.(call, calls.length)
    if (custom) return custom
    return new Response(JSON.stringify({ data: week(call.requestType as 'public', Number(call.dateOffset)) }), { status: 200 })
  }) as typeof fetch
  return calls
}

const FLAGS: CloudStatusFlags = { core_cloud_services: '1', datacenter: '1', premium_datacenter: '1' }
const props = (extra: Partial<CloudStatusProps> = {}): CloudStatusProps => cloudStatusProps(FLAGS, extra)

const block = (c: HTMLElement, kind: 'core' | 'datacenter') => c.querySelector<HTMLElement>(`[data-testid="status-block-${kind}"]`)
const bars = (el: ParentNode) => [...el.querySelectorAll<HTMLElement>('[data-testid="issue-bar"]')]
const loaded = (c: HTMLElement, kind: 'core' | 'datacenter') => () => bars(block(c, kind) ?? c).length > 0 && block(c, kind) !== null

test('renders both blocks when both flags are 1, with their request types', async () => {
  const calls = serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props()} />)
  await waitFor(loaded(container, 'core'), 'core bars')
  await waitFor(loaded(container, 'datacenter'), 'data-center bars')
  assert.is(block(container, 'core')!.querySelector('h2')!.textContent, 'Core Cloud Services')
  assert.is(block(container, 'datacenter')!.querySelector('h2')!.textContent, 'Individual Data Centers')
  assert.equal(calls.map((c) => `${c.cloud}:${c.requestType}:${c.dateOffset}`).sort(), ['alpha:core_cloud_services:0', 'alpha:public:0'])
  unmount()
  globalThis.fetch = realFetch
})

test('the overall status line comes first, as a <trust-status-badge> of the cloud and API origin; none without blocks', async () => {
  serve()
  const { container, root, unmount } = mount()
  // The badge's own request gets a week from this stub: it logs the wrong shape (quietly).
  await quietly(async () => {
    root.render(<CloudStatus {...props({ statusBadge: true, apiBase: 'https://trust.example' })} />)
    await waitFor(loaded(container, 'core'), 'core bars')
    await settle()
  })
  const badge = container.querySelector('[data-testid="cloud-status"] > trust-status-badge')
  assert.ok(badge, 'the badge is in the widget')
  assert.ok(badge!.compareDocumentPosition(block(container, 'core')!) & Node.DOCUMENT_POSITION_FOLLOWING, 'above the blocks')
  assert.equal([badge!.getAttribute('cloud'), badge!.getAttribute('api-base')], ['alpha', 'https://trust.example'])
  root.render(
    <CloudStatus {...props({ statusBadge: true, flags: { core_cloud_services: '0', datacenter: '0', premium_datacenter: '0' } })} />,
  )
  await waitFor(() => container.querySelector('trust-status-badge') === null, 'no line without blocks')
  unmount()
  globalThis.fetch = realFetch
})

test('a long week renders in slices: the list is aria-busy until every row and bar is in', async () => {
  const long = longWeek(150)
  serve((call) => (call.requestType === 'public' ? new Response(JSON.stringify({ data: long })) : undefined))
  const { container, root, unmount } = mount()
  // The rows of the first render that shows data-center rows, noted before the next slice's task.
  let firstRows = 0
  const observer = new MutationObserver(() => {
    firstRows ||= block(container, 'datacenter')?.querySelectorAll('[data-testid="status-row"]').length ?? 0
  })
  observer.observe(container, { childList: true, subtree: true })
  // The slices' tasks are timers: under a fake clock each waits for the test to move time.
  const { dc, first, firstBar } = await withClock(async (clock) => {
    root.render(<CloudStatus {...props()} />)
    await waitFor(loaded(container, 'datacenter'), 'data-center bars')
    observer.disconnect()
    const dc = block(container, 'datacenter')!
    const list = dc.querySelector('ul[aria-label^="Individual Data Centers"]')!
    assert.is(list.getAttribute('aria-busy'), 'true', 'first slice only')
    // The first slice is the smaller one (the region's title row is one of its rows).
    assert.is(firstRows, nextRowLimit(timelineRows(long.category), 0, FIRST_RENDER_BUDGET) - 1)
    assert.ok(firstRows < nextRowLimit(timelineRows(long.category), 0) - 1)
    assert.ok(dc.querySelectorAll('[data-testid="status-row"]').length < 150)
    const first = dc.querySelector('[data-testid="status-row"]')!
    const firstBar = bars(first)[0]
    // Each slice is one task (a 0 ms timer): one tick each until the list is complete.
    for (let i = 0; i < 150 && list.getAttribute('aria-busy') === 'true'; i++) {
      await clock.tickAsync(0)
      await settle(2)
    }
    assert.is(list.getAttribute('aria-busy'), 'false', 'all slices')
    return { dc, first, firstBar }
  })
  const expectedBars = long.category[0].subCategory.reduce((n, i) => n + i.issues.length, 0)
  assert.is(dc.querySelectorAll('[data-testid="status-row"]').length, 150)
  assert.is(bars(dc).length, expectedBars)
  assert.is(dc.querySelector('[data-testid="status-row"]'), first, 'later slices add rows, the first ones stay')
  assert.is(bars(first)[0], firstBar, '… with the same bars (each row is built once per answer)')
  assert.equal(
    bars(dc).filter((b) => b.tabIndex === 0),
    [bars(dc)[0]],
    'one tab stop, on the first bar',
  )
  unmount()
  globalThis.fetch = realFetch
})

test('blocks follow the flags; the premium tab only with premium_datacenter', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { core_cloud_services: '0', datacenter: '1', premium_datacenter: '0' } })} />)
  await waitFor(loaded(container, 'datacenter'), 'data-center bars')
  assert.is(block(container, 'core'), null)
  const tabs = [...container.querySelectorAll('[role="tab"]')].map((t) => t.textContent)
  assert.equal(tabs, ['Public Data Center'])
  assert.not.ok(container.textContent!.includes('Premium data center'), 'no premium legend without premium DCs')

  root.render(<CloudStatus {...props({ flags: { core_cloud_services: '1', datacenter: '0', premium_datacenter: '1' } })} />)
  await waitFor(loaded(container, 'core'), 'core bars')
  assert.is(block(container, 'datacenter'), null)
  assert.is(container.querySelectorAll('[role="tab"]').length, 0)

  root.render(<CloudStatus {...props()} />)
  await waitFor(() => container.querySelectorAll('[role="tab"]').length === 2, 'two tabs')
  const [pub, prem] = [...container.querySelectorAll<HTMLElement>('[role="tab"]')]
  assert.is(prem.textContent, 'Premium Data Center')
  assert.is(pub.getAttribute('aria-selected'), 'true')
  assert.is(prem.getAttribute('aria-selected'), 'false')
  assert.is(prem.tabIndex, -1)
  assert.is(container.querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby'), pub.id)
  unmount()
  globalThis.fetch = realFetch
})

test('rows: stars, decommissioned text, "No issues", bar kinds, live bars, day headers and the Now marker', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props()} />)
  await waitFor(loaded(container, 'core'), 'core bars')
  await waitFor(loaded(container, 'datacenter'), 'data-center bars')
  const core = block(container, 'core')!
  const rows = [...core.querySelectorAll<HTMLElement>('[data-testid="status-row"]')]
  assert.equal(
    rows.map((r) => r.getAttribute('data-tid')),
    ['101', '102', '103'],
  )
  assert.ok(rows[2].textContent!.includes('Sandbox(decommissioned)'))
  assert.ok(rows[1].textContent!.includes('No issues'))
  assert.is(rows[0].querySelector('[data-testid="subscribe-star"]')!.getAttribute('aria-label'), 'Subscribe to Web Proxy notifications')
  const amsterdam = block(container, 'datacenter')!.querySelector('[data-tid="202"] [data-testid="subscribe-star"]')!
  assert.is(amsterdam.getAttribute('aria-pressed'), 'true')
  assert.is(rows[0].querySelector('[data-testid="subscribe-star"]')!.getAttribute('aria-pressed'), 'false')

  const coreBars = bars(core)
  assert.equal(
    coreBars.map((b) => [b.dataset.issueId, b.dataset.kind, b.dataset.live ?? '']),
    [
      ['1', 'disruption', ''],
      ['2', 'degradation', ''],
      ['3', 'informational', 'true'],
      ['4', 'informational', ''],
    ],
  )
  assert.ok(coreBars[2].getAttribute('aria-label')!.endsWith('to ongoing'))
  assert.is(coreBars[0].style.getPropertyValue('margin-inline-start'), `${(600 / 10080) * 100}%`)
  // Overlapping Frankfurt II bars sit in two lanes.
  const fra = bars(block(container, 'datacenter')!.querySelector('[data-tid="201"]')!)
  assert.is.not(fra[0].style.gridRow, fra[1].style.gridRow)
  assert.ok(core.textContent!.includes('Mon 16 Nov') && core.textContent!.includes('Sun 22 Nov'))
  assert.is(core.querySelector('[data-testid="week-range"]')!.textContent, '16 Nov 2026 – 22 Nov 2026')
  const marker = core.querySelector<HTMLElement>('[data-testid="now-marker"]')!
  assert.ok(marker.textContent!.includes('Now'))
  assert.is((marker.firstElementChild as HTMLElement).style.getPropertyValue('inset-inline-start'), `${(9000 / 10080) * 100}%`)
  const dcLegend = [...block(container, 'datacenter')!.querySelectorAll('[data-testid="legend"] li')].map((li) => li.textContent)
  assert.equal(dcLegend, ['Service Disruption', 'Service Degradation', 'Informational', 'Ongoing', 'Premium data center'])
  const coreLegend = [...core.querySelectorAll('[data-testid="legend"] li')].map((li) => li.textContent)
  assert.equal(coreLegend, ['Service Disruption', 'Service Degradation', 'Informational', 'Ongoing'])
  unmount()
  globalThis.fetch = realFetch
})

test('an error answer (500) shows the error with Retry, and Retry recovers', async () => {
  let fail = true
  const calls = serve((call) =>
    call.requestType === 'core_cloud_services' && fail
      ? new Response(JSON.stringify({ error: { code: 'internal', message: 'The status service failed.' } }), {
          status: 500,
          statusText: 'Internal Server Error',
        })
      : undefined,
  )
  const { container, root, unmount } = mount()
  const logged = await quietly(async () => {
    root.render(<CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />)
    await waitFor(() => container.querySelector('[role="alert"]') !== null, 'the error')
  })
  assert.ok(logged.length >= 1, 'the failure is logged')
  const alert = container.querySelector('[role="alert"]')!
  assert.ok(alert.textContent!.includes('The status service failed.'))
  assert.is(bars(container).length, 0)
  fail = false
  const retry = [...alert.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!
  retry.click()
  await waitFor(loaded(container, 'core'), 'bars after retry')
  assert.is(container.querySelector('[role="alert"]'), null)
  assert.is(calls.length, 2)
  unmount()
  globalThis.fetch = realFetch
})

test('malformed JSON and a malformed shape show the error, never a blank block', async () => {
  serve((call) =>
    call.requestType === 'core_cloud_services'
      ? new Response('<html>not json', { status: 200 })
      : new Response(JSON.stringify({ data: { category: [{ tid: 1, title: 'x', subCategory: 'nope' }] } }), { status: 200 }),
  )
  const { container, root, unmount } = mount()
  await quietly(async () => {
    root.render(<CloudStatus {...props()} />)
    await waitFor(() => container.querySelectorAll('[role="alert"]').length === 2, 'two errors')
  })
  assert.ok(block(container, 'core')!.querySelector('[role="alert"]')!.textContent!.includes('could not be read'))
  assert.ok(block(container, 'datacenter')!.querySelector('[role="alert"]')!.textContent!.includes('unexpected shape'))
  assert.ok(block(container, 'datacenter')!.querySelector('[role="alert"] button'))
  unmount()
  globalThis.fetch = realFetch
})

test('paging: Previous asks for dateOffset=1, Next goes back and is disabled at 0, Previous disabled at 12', async () => {
  const calls = serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />)
  await waitFor(loaded(container, 'core'), 'core bars')
  const core = block(container, 'core')!
  const prev = core.querySelector<HTMLButtonElement>('[data-testid="previous-week"]')!
  const next = core.querySelector<HTMLButtonElement>('[data-testid="next-week"]')!
  assert.is(prev.textContent, '< Previous 7 Days')
  assert.is(next.textContent, 'Next 7 Days >')
  assert.ok(next.disabled)
  assert.not.ok(prev.disabled)
  prev.click()
  await waitFor(() => bars(core).some((b) => b.dataset.issueId === '1001'), 'the previous week')
  assert.equal(calls.at(-1), { cloud: 'alpha', requestType: 'core_cloud_services', dateOffset: '1' })
  assert.not.ok(next.disabled)
  assert.is(core.querySelector('[data-testid="now-marker"]'), null, 'no marker in a past week')
  assert.is(core.querySelector('[data-testid="week-range"]')!.textContent, '9 Nov 2026 – 15 Nov 2026')
  next.click()
  await waitFor(() => bars(core).some((b) => b.dataset.issueId === '1'), 'back to this week')
  assert.is(calls.at(-1)!.dateOffset, '0')
  assert.ok(next.disabled)
  for (let i = 0; i < 12; i++) {
    prev.click()
    await waitFor(() => calls.at(-1)!.dateOffset === String(i + 1), `offset ${i + 1}`)
  }
  assert.ok(prev.disabled, 'Previous disabled at 12')
  prev.click()
  await settle()
  assert.is(calls.at(-1)!.dateOffset, '12')
  unmount()
  globalThis.fetch = realFetch
})

test('switching the data-center tab loads premium at offset 0', async () => {
  const calls = serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, core_cloud_services: '0' } })} />)
  await waitFor(loaded(container, 'datacenter'), 'bars')
  const dc = block(container, 'datacenter')!
  dc.querySelector<HTMLButtonElement>('[data-testid="previous-week"]')!.click()
  dc.querySelector<HTMLButtonElement>('[data-testid="previous-week"]')!.click()
  await waitFor(() => calls.at(-1)!.dateOffset === '2', 'offset 2')
  const premium = dc.querySelector<HTMLButtonElement>('[data-testid="tab-premium"]')!
  premium.click()
  await waitFor(() => bars(dc).some((b) => b.dataset.issueId === '21'), 'premium bars')
  assert.equal(calls.at(-1), { cloud: 'alpha', requestType: 'premium', dateOffset: '0' })
  assert.is(premium.getAttribute('aria-selected'), 'true')
  assert.ok(dc.querySelector<HTMLButtonElement>('[data-testid="next-week"]')!.disabled)
  assert.ok(dc.textContent!.includes('Premium data center: Frankfurt IV'))
  // Arrow keys move between tabs (and select them).
  premium.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
  await waitFor(() => calls.at(-1)!.requestType === 'public', 'public again')
  assert.is(dc.querySelector('[data-testid="tab-public"]')!.getAttribute('aria-selected'), 'true')
  unmount()
  globalThis.fetch = realFetch
})

const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))
const focused = (el: Element) => (el.getRootNode() as Document).activeElement

test('keyboard: one tab stop per block, arrows rove, focus opens the popover, Enter the modal, Escape closes it', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />)
  await waitFor(loaded(container, 'core'), 'core bars')
  const core = block(container, 'core')!
  let list = bars(core)
  assert.equal(
    list.map((b) => b.tabIndex),
    [0, -1, -1, -1],
    'one tab stop',
  )

  list[0].focus()
  await waitFor(() => container.querySelector('[data-testid="issue-popover"]') !== null, 'popover on focus')
  const pop = container.querySelector<HTMLElement>('[data-testid="issue-popover"]')!
  assert.ok(pop.textContent!.includes('Issue 1'))
  assert.ok(pop.textContent!.includes('Short description of issue 1.'))
  assert.ok(pop.textContent!.includes('Mon, 16 Nov 2026 10:00:00 UTC'))
  assert.ok(pop.textContent!.includes('Full Post'))
  assert.is(list[0].getAttribute('aria-describedby'), pop.id)

  key(list[0], 'ArrowRight')
  await waitFor(() => focused(list[0]) === bars(core)[1], 'focus on the 2nd bar')
  list = bars(core)
  await waitFor(() => bars(core)[1].tabIndex === 0 && bars(core)[0].tabIndex === -1, 'the tab stop moved')
  await waitFor(
    () => container.querySelector('[data-testid="issue-popover"]')?.textContent?.includes('Issue 2') === true,
    'popover follows',
  )

  key(bars(core)[1], 'ArrowDown')
  await waitFor(() => focused(core) === bars(core)[3], 'down to Sandbox (DNS has no bars)')

  key(bars(core)[3], 'ArrowUp')
  await waitFor(() => focused(core) === bars(core)[0], "up to the Web Proxy bar nearest to Sandbox's (Mon 01:40 → Mon 10:00)")
  key(bars(core)[0], 'End')
  await waitFor(() => focused(core) === bars(core)[2], "End: the row's last bar")
  // At the row's end the keys stay the grid's: the page does not scroll away from the bar.
  assert.is(key(bars(core)[2], 'End'), false, 'End on the last bar is taken, not left to scroll the page')
  assert.is(key(bars(core)[2], 'ArrowRight'), false, 'ArrowRight on the last bar is taken')
  assert.is(focused(core), bars(core)[2], 'focus stays')
  key(bars(core)[2], 'ArrowLeft')
  await waitFor(() => focused(core) === bars(core)[1], 'ArrowLeft')

  key(bars(core)[1], 'Escape')
  await waitFor(() => container.querySelector('[data-testid="issue-popover"]') === null, 'Escape closes the popover')
  assert.equal(
    bars(core).map((b) => b.getAttribute('aria-describedby')),
    [null, null, null, null],
    'no bar described by a closed popover',
  )

  const opener = bars(core)[1]
  key(opener, 'Enter')
  await waitFor(() => container.querySelector('[data-testid="issue-modal"]') !== null, 'modal')
  const modal = container.querySelector<HTMLDialogElement>('[data-testid="issue-modal"]')!
  assert.is(modal.localName, 'dialog')
  assert.ok(modal.open, 'shown (showModal: the page behind is inert)')
  assert.is(modal.ownerDocument.getElementById(modal.getAttribute('aria-labelledby')!)!.textContent, 'Service Degradation: Issue 2')
  assert.ok(modal.contains(focused(modal)), 'focus moved into the modal')
  assert.is(modal.querySelector('h3 a')!.getAttribute('href'), '/alpha.net/incidents/2')
  assert.is(modal.querySelector('[data-testid="modal-status"]')!.textContent, 'Resolved')
  assert.ok(modal.textContent!.includes('Started at') && modal.textContent!.includes('Ended at'))
  assert.ok(modal.innerHTML.includes('<strong>description</strong>'))
  assert.not.ok(modal.innerHTML.includes('<script'), 'description sanitised')
  assert.is(container.querySelector('[data-testid="issue-popover"]'), null, 'popover closed under the modal')

  // Escape on a modal <dialog> is the platform's `cancel` event (its keydown is Chromium's, in the e2e).
  modal.dispatchEvent(new Event('cancel', { cancelable: true }))
  await waitFor(() => container.querySelector('[data-testid="issue-modal"]') === null, 'Escape closes the modal')
  assert.is(focused(opener), opener, 'focus returned to the bar')
  unmount()
  globalThis.fetch = realFetch
})

test('keyboard right to left (Arabic): ArrowLeft moves to the later bar, shown on the left; the figure under a name is isolated', async () => {
  addCatalogue('ar', JSON.parse(readFileSync(new URL('../../widgets/cloud-status/locales/ar.json', import.meta.url), 'utf8')))
  serve((call) => {
    const data = week(call.requestType as 'public', Number(call.dateOffset))
    for (const c of data.category) for (const i of c.subCategory) Object.assign(i, { uptime_30d: 99.92, uptime_90d: 99.95 })
    return new Response(JSON.stringify({ data }), { status: 200 })
  })
  const { container, root, unmount } = mount()
  container.dir = 'rtl'
  root.render(
    <LocaleContext.Provider value="ar">
      <CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />
    </LocaleContext.Provider>,
  )
  await waitFor(loaded(container, 'core'), 'core bars')
  const core = block(container, 'core')!
  // Placed from the week's start, which is on the right right to left.
  assert.is(bars(core)[0].style.getPropertyValue('margin-inline-start'), `${(600 / 10080) * 100}%`)
  bars(core)[0].focus()
  assert.is(key(bars(core)[0], 'ArrowRight'), false, 'ArrowRight on the first (rightmost) bar is taken')
  assert.is(focused(core), bars(core)[0], 'and focus stays on it')
  key(bars(core)[0], 'ArrowLeft')
  await waitFor(() => focused(core) === bars(core)[1], 'ArrowLeft: the 2nd bar, left of the 1st')
  await waitFor(() => bars(core)[1].tabIndex === 0, 'the tab stop moved')
  key(bars(core)[1], 'ArrowRight')
  await waitFor(() => focused(core) === bars(core)[0], 'ArrowRight: back to the 1st')
  key(bars(core)[0], 'End')
  await waitFor(() => focused(core) === bars(core)[2], "End: the row's latest bar")
  assert.is(key(bars(core)[2], 'ArrowLeft'), false, 'ArrowLeft on the latest (leftmost) bar is taken')
  assert.is(focused(core), bars(core)[2], 'focus stays')

  // The uptime figure with its per cent sign is a <bdi>, before the words in reading order.
  const uptime = core.querySelector('[data-testid="status-row"] [aria-hidden="true"][title]')!
  assert.is(uptime.firstElementChild!.localName, 'bdi')
  assert.match(uptime.firstElementChild!.textContent!, /^[\d.]+٪$/)
  assert.is(uptime.textContent, `${uptime.firstElementChild!.textContent} (30 يومًا)`)
  unmount()
  globalThis.fetch = realFetch
})

test('popover: hover opens it, it closes 300 ms after the pointer leaves; Full Post opens the modal', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, core_cloud_services: '0' } })} />)
  await waitFor(loaded(container, 'datacenter'), 'bars')
  const bar = bars(container).find((b) => b.dataset.issueId === '13')!
  bar.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
  await waitFor(() => container.querySelector('[data-testid="issue-popover"]') !== null, 'popover on hover')
  await withClock(async (clock) => {
    bar.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }))
    await clock.tickAsync(POPOVER_CLOSE_DELAY_MS - 1)
    await settle()
    assert.ok(container.querySelector('[data-testid="issue-popover"]'), 'still open within the close delay')
    await clock.tickAsync(1)
    await waitFor(() => container.querySelector('[data-testid="issue-popover"]') === null, 'closed after the delay')
  })

  bar.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
  await waitFor(() => container.querySelector('[data-testid="full-post"]') !== null, 'popover again')
  container.querySelector<HTMLButtonElement>('[data-testid="full-post"]')!.click()
  await waitFor(() => container.querySelector('[data-testid="issue-modal"]') !== null, 'modal from Full Post')
  container.querySelector<HTMLButtonElement>('[data-testid="modal-close"]')!.click()
  await waitFor(() => container.querySelector('[data-testid="issue-modal"]') === null, 'Close closes')
  unmount()
  globalThis.fetch = realFetch
})

test('popover: the pointer moving onto it keeps it past the close delay; leaving it closes it after the delay', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, core_cloud_services: '0' } })} />)
  await waitFor(loaded(container, 'datacenter'), 'bars')
  const bar = bars(container).find((b) => b.dataset.issueId === '13')!
  const popover = () => container.querySelector<HTMLElement>('[data-testid="issue-popover"]')
  await withClock(async (clock) => {
    bar.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    await waitFor(() => popover() !== null, 'popover on hover')
    // From the bar onto the popover: React turns the bar's mouseout into the popover's mouseenter.
    bar.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: popover() }))
    await clock.tickAsync(POPOVER_CLOSE_DELAY_MS * 2)
    await settle()
    assert.ok(popover(), 'kept while the pointer is on it')
    popover()!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }))
    await clock.tickAsync(POPOVER_CLOSE_DELAY_MS - 1)
    await settle()
    assert.ok(popover(), 'still open within the delay after leaving it')
    await clock.tickAsync(1)
    await waitFor(() => popover() === null, 'closed after the delay')
  })
  unmount()
  globalThis.fetch = realFetch
})

test('modal: the week is fetched again after 1500 ms and the modal shows the latest status', async () => {
  const calls = serve((_call, n) => {
    if (n < 2) return undefined
    const data = week('core_cloud_services')
    data.category[0].subCategory[0].issues[0].status = 'Monitoring'
    return new Response(JSON.stringify({ data }), { status: 200 })
  })
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />)
  await waitFor(loaded(container, 'core'), 'bars')
  const status = () => container.querySelector('[data-testid="modal-status"]')?.textContent
  await withClock(async (clock) => {
    bars(container)[0].click()
    await waitFor(() => container.querySelector('[data-testid="issue-modal"]') !== null, 'modal')
    assert.is(status(), 'Resolved')
    await clock.tickAsync(MODAL_REFRESH_DELAY_MS - 1)
    await settle()
    assert.is(calls.length, 1, 'no refresh before 1500 ms')
    await clock.tickAsync(1)
    await waitFor(() => status() === 'Monitoring', 'the refreshed status')
  })
  assert.is(calls.length, 2)
  assert.equal(calls[1], { cloud: 'alpha', requestType: 'core_cloud_services', dateOffset: '0' })
  unmount()
  globalThis.fetch = realFetch
})

test('subscribe star signed out: a cancelable trust-sign-in-required event with the tid', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />)
  await waitFor(loaded(container, 'core'), 'bars')
  const seen: SignInRequiredEvent[] = []
  const listener = (e: Event) => {
    e.preventDefault() // the host navigates itself
    seen.push(e as SignInRequiredEvent)
  }
  document.addEventListener('trust-sign-in-required', listener)
  const before = location.href
  container.querySelector<HTMLButtonElement>('[data-tid="102"] [data-testid="subscribe-star"]')!.click()
  document.removeEventListener('trust-sign-in-required', listener)
  assert.is(seen.length, 1)
  assert.instance(seen[0], SignInRequiredEvent)
  assert.equal(seen[0].detail, { reason: 'subscribe', tid: 102 })
  assert.ok(seen[0].bubbles && seen[0].composed && seen[0].cancelable)
  assert.ok(seen[0].defaultPrevented)
  assert.is(location.href, before, 'no navigation when the host prevents it')
  unmount()
  globalThis.fetch = realFetch
})

test('item info: the tooltip shows sanitised HTML on focus', async () => {
  serve()
  const { container, root, unmount } = mount()
  root.render(<CloudStatus {...props({ flags: { ...FLAGS, datacenter: '0' } })} />)
  await waitFor(loaded(container, 'core'), 'bars')
  const name = container.querySelector<HTMLElement>('[data-tid="101"] [tabindex="0"]:not(button)')!
  name.focus()
  await waitFor(() => container.querySelector('[data-testid="item-info"]') !== null, 'tooltip')
  const tip = container.querySelector('[data-testid="item-info"]')!
  assert.is(tip.getAttribute('role'), 'tooltip')
  assert.is(name.getAttribute('aria-describedby'), tip.id)
  assert.ok(tip.innerHTML.includes('<b>Proxy</b> info'))
  assert.not.ok(/img|onerror/.test(tip.innerHTML))
  name.blur()
  await waitFor(() => container.querySelector('[data-testid="item-info"]') === null, 'hidden on blur')
  assert.is(name.getAttribute('aria-describedby'), null)
  // The pointer shows it as well; leaving the name hides it, moving within it does not.
  name.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
  await waitFor(() => container.querySelector('[data-testid="item-info"]') !== null, 'tooltip on hover')
  name.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: name.firstChild }))
  await settle()
  assert.ok(container.querySelector('[data-testid="item-info"]'), 'still shown over its own text')
  name.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }))
  await waitFor(() => container.querySelector('[data-testid="item-info"]') === null, 'hidden when the pointer leaves')
  name.focus()
  await waitFor(() => container.querySelector('[data-testid="item-info"]') !== null, 'tooltip on focus again')
  name.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  await waitFor(() => container.querySelector('[data-testid="item-info"]') === null, 'Escape hides it')
  unmount()
  globalThis.fetch = realFetch
})

test('widget: cloud flags and the government flag come from the global data; timezone overrides the session', async () => {
  const gov = {
    ...cloud('alpha', 'alpha.net', 'internet_access'),
    cloud_status: { core_cloud_services: '0', datacenter: '1', premium_datacenter: '1' } as CloudStatusFlags,
  }
  const global: GlobalData = {
    menu: { main_menu: [], top_menu: [] },
    clouds: [gov],
    products,
    sso: { alias: '/saml/login', employee_domains: [] },
    isGov: true,
    isTrustDR: false,
    links: { help_site: '', continuity_policy: '', feedback_email: '', vendor: '' },
  }
  $global.set({ loading: false, data: global })
  $session.setKey('timezone', 'UTC')
  const calls = serve(undefined, global)
  const { container, root, unmount } = mount()
  root.render(<CloudStatusWidget cloud="alpha.net" timezone="America/New_York" statusBadge={false} />)
  await waitFor(loaded(container, 'datacenter'), 'bars')
  assert.is(block(container, 'core'), null)
  assert.ok(container.querySelector('[data-testid="tab-premium"]'), 'premium tab from the flag')
  const legend = [...container.querySelectorAll('[data-testid="legend"] li')].map((li) => li.textContent)
  assert.not.ok(legend.includes('Premium data center'), 'no premium legend on the government variant')
  assert.is(calls[0].cloud, 'alpha', 'the domain resolves to the machine name')
  const fra = bars(container).find((b) => b.dataset.issueId === '11')!
  assert.ok(fra.getAttribute('aria-label')!.includes('05:00:00 EST'))
  unmount()
  $global.set({ loading: false })
  globalThis.fetch = realFetch
})

test('fixture: the week starts on the Monday the names above rely on', () => {
  assert.is(new Date(WEEK_START).toUTCString(), 'Mon, 16 Nov 2026 00:00:00 GMT')
})

test.run()
