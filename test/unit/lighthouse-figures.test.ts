import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type LighthouseFigures, lighthouseRow, median, overBudget } from '../../bench/lighthouse-figures'

const run = (performance: number, tbtMs: number): LighthouseFigures => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 1600,
  lcpMs: 1700,
  tbtMs,
  cls: 0,
  failed: [],
})

test('the median is the middle run, the lower middle of an even count', () => {
  assert.is(median([300, 20, 80, 60, 90]), 80)
  assert.is(median([4, 1, 3, 2]), 2)
})

test('a page within the budget has nothing over it; one run over does not count, the median does', () => {
  assert.equal(overBudget('home', [run(99, 40), run(98, 60), run(80, 700), run(97, 90), run(99, 30)]), [])
  assert.equal(overBudget('incidents', [run(96, 120), run(94, 180), run(97, 101)]), [
    'incidents: median Total Blocking Time 120 ms is over the 100 ms budget',
  ])
  assert.equal(overBudget('map', [run(94, 90), run(93, 50), run(99, 10)]), ['map: median performance 94 is under the budget of 95'])
})

test('a row prints medians, with the spread of performance and TBT', () => {
  assert.is(
    lighthouseRow('home', [run(99, 40), run(97, 90), run(98, 61)]),
    '| home | 98 (97–99) | 100 | 100 | 100 | 1.6 s | 1.7 s | 61 ms (40–90) | 0.000 |',
  )
})

test.run()
