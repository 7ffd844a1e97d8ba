/**
 * The figures `bench/lighthouse.ts` prints and the phone budget it checks (docs/benchmarks.md#lighthouse),
 * apart from Lighthouse itself so they can be tested on their own.
 */

/** One page's figures: scores 0–100; LCP and TBT in ms; CLS unitless. */
export interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Ids of the failed audits that cost points outside performance (e.g. `color-contrast`). */
  failed: string[]
}

/** The median of `values` (the lower middle one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** The phone budgets (docs/benchmarks.md#lighthouse): every page's median TBT and performance score. */
export const LIGHTHOUSE_BUDGET = { tbtMs: 100, performance: 95 } as const

/**
 * What exceeds {@link LIGHTHOUSE_BUDGET} in one page's runs, in words (empty when the page is within it).
 */
export function overBudget(name: string, runs: readonly LighthouseFigures[]): string[] {
  const tbt = median(runs.map((f) => f.tbtMs))
  const performance = median(runs.map((f) => f.performance))
  return [
    ...(tbt > LIGHTHOUSE_BUDGET.tbtMs
      ? [`${name}: median Total Blocking Time ${Math.round(tbt)} ms is over the ${LIGHTHOUSE_BUDGET.tbtMs} ms budget`]
      : []),
    ...(performance < LIGHTHOUSE_BUDGET.performance
      ? [`${name}: median performance ${performance} is under the budget of ${LIGHTHOUSE_BUDGET.performance}`]
      : []),
  ]
}

/** One table row: medians of `runs`, performance and TBT with their spread. */
export function lighthouseRow(name: string, runs: readonly LighthouseFigures[]): string {
  const of = (pick: (f: LighthouseFigures) => number) => runs.map(pick)
  const spread = (values: number[], unit = '') =>
    `${Math.round(median(values))}${unit} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  return `| ${name} | ${spread(of((f) => f.performance))} | ${median(of((f) => f.accessibility))} | ${median(of((f) => f.bestPractices))} | ${median(of((f) => f.seo))} | ${s(median(of((f) => f.fcpMs)))} | ${s(median(of((f) => f.lcpMs)))} | ${spread(
    of((f) => f.tbtMs),
    ' ms',
  )} | ${median(of((f) => f.cls)).toFixed(3)} |`
}
