/**
 * Runs every `*.e2e.ts` file in this folder with uvu, in one process sharing one Chromium,
 * then closes that browser so the run ends (uvu itself never closes it).
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'uvu/parse'
import { run } from 'uvu/run'
import { closeBrowser } from './harness'

const dir = dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const ctx = await parse(dir, only ? new RegExp(only) : /\.e2e\.ts$/)
try {
  await run(ctx.suites, { bail: false })
} finally {
  await closeBrowser()
}
process.exit(process.exitCode ?? 0)
