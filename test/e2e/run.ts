/**
 * Runs every `*.e2e.ts` file in this folder with uvu, in one process sharing one Chromium,
 * then closes that browser so the run ends (uvu itself never closes it). An optional argument
 * is a pattern that picks files (`node --import tsx test/e2e/run.ts dc-map`).
 *
 * First the browser: a missing Chromium is installed (root with apt-get) or the run stops with
 * one line naming the command to run, exit code 1 and no uvu summary (test/run.mjs counts that
 * as one failure) — see ./chromium.ts.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './chromium'

if (!ensureChromium()) process.exit(1)

// uvu decides at its first import whether suites run at once or wait for `run`; the harness
// imports uvu, so it is loaded only after this flag is set.
const deferred = globalThis as { UVU_DEFER?: number }
deferred.UVU_DEFER = 1
const { parse } = await import('uvu/parse')
const { run } = await import('uvu/run')
const { closeBrowser } = await import('./harness')

const dir = dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const ctx = await parse(dir, only ? new RegExp(only) : /\.e2e\.ts$/)
try {
  await run(ctx.suites, { bail: false })
} finally {
  await closeBrowser()
}
process.exit(process.exitCode ?? 0)
