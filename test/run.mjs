// `npm test`: lint, docs check, type-check, unit tests (happy-dom), server tests, one build, size budgets,
// package tests, e2e in Chromium.
// Every stage runs even if an earlier one failed, and the run ends with one line
// `N passed, N failed` (tests; a failed type-check or build counts as one more failure).
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const node = process.execPath
const uvu = join(root, 'node_modules/uvu/bin.js')
let passed = 0
let failed = 0

/**
 * Minutes a stage may take before it counts as hung: CI must end well inside 90 minutes.
 * TRUST_STAGE_LIMIT_MIN overrides every limit.
 */
const STAGE_LIMIT_MIN = { 'end-to-end tests (Chromium)': 35, 'server tests (PostgreSQL)': 15 }
const DEFAULT_STAGE_LIMIT_MIN = 10

/**
 * Runs one stage, streaming its output while keeping a copy to read the summary from. A stage
 * over its time limit is killed with its process group (Chromium included) and fails.
 */
function run(label, args, env = {}) {
  const started = Date.now()
  const limitMin = Number(process.env.TRUST_STAGE_LIMIT_MIN) || (STAGE_LIMIT_MIN[label] ?? DEFAULT_STAGE_LIMIT_MIN)
  console.log(`\n== ${label}`)
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    let hung = false
    const keep = (stream) => (chunk) => {
      output += chunk
      stream.write(chunk)
    }
    child.stdout.on('data', keep(process.stdout))
    child.stderr.on('data', keep(process.stderr))
    const watchdog = setTimeout(() => {
      hung = true
      console.log(`\n-- ${label}: still running after ${limitMin} min; stopping it`)
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
    }, limitMin * 60_000)
    child.on('close', (code) => {
      clearTimeout(watchdog)
      console.log(`-- ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s${hung ? ' (stopped: over its time limit)' : ''}`)
      resolve({ ok: code === 0 && !hung, output })
    })
  })
}

async function suite(label, args, env) {
  const { ok, output } = await run(label, args, env)
  // uvu prints "Total: N / Passed: N" (with colour codes) after all its files.
  const plain = stripVTControlCharacters(output)
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN)
  const pass = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN)
  if (Number.isFinite(total) && Number.isFinite(pass)) {
    passed += pass
    failed += total - pass
    if (!ok && total === pass) failed += 1 // crashed after its tests
  } else {
    failed += 1 // never reached its summary
  }
}

async function step(label, args) {
  const { ok } = await run(label, args)
  if (!ok) failed += 1
}

const only = process.argv[2]
if (!only || only === 'lint') await step('lint and format (Biome)', [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'ci', '.'])
// The docs name only files, scripts, variables, keys and headings that exist (scripts/check-docs.mjs).
if (!only || only === 'docs') await step('docs check', [join(root, 'scripts/check-docs.mjs')])
// Three programs: the front end (DOM, no Node types), the server (Node, no DOM) and the whole tree with tests and tools (both).
for (const project of ['tsconfig.web.json', 'tsconfig.server.json', 'tsconfig.json']) {
  if (!only || only === 'typecheck')
    await step(`type-check (${project})`, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project])
}
if (!only || only === 'unit')
  await suite('unit tests', ['--import', 'tsx', '--import', './test/setup/register.mjs', uvu, 'test/unit', '\\.test\\.tsx?$'])
// The server tests run on SQLite always and, when TEST_DATABASE_URL names a PostgreSQL database
// the tests may create databases from (`.ci/run` starts one), again on PostgreSQL.
const serverArgs = ['--import', 'tsx', uvu, 'test/server', '\\.test\\.ts$']
if (!only || only === 'server' || only === 'server:sqlite')
  await suite('server tests (SQLite)', serverArgs, { TRUST_TEST_DIALECT: 'sqlite' })
if (!only || only === 'server' || only === 'server:postgres') {
  if (process.env.TEST_DATABASE_URL) await suite('server tests (PostgreSQL)', serverArgs, { TRUST_TEST_DIALECT: 'postgres' })
  else
    console.log(
      '\n== server tests (PostgreSQL): skipped; to run them, set TEST_DATABASE_URL to a PostgreSQL database (node scripts/pg-cluster.mjs start <folder> prints one)',
    )
}
if (!only || only === 'contract')
  await suite('contract tests (schemas and widget parsers)', [
    '--import',
    'tsx',
    '--import',
    './test/setup/register.mjs',
    uvu,
    'test/contract',
    '\\.test\\.ts$',
  ])
if (!only || only === 'e2e') {
  if (!process.env.TRUST_SKIP_BUILD) await step('build', [join(root, 'scripts/build.mjs')])
  await step('size budgets (size-limit, gzip)', [join(root, 'scripts/size.mjs')])
  await suite('package tests (exports, manifest, npm pack)', [
    '--import',
    'tsx',
    '--import',
    './test/setup/register.mjs',
    uvu,
    'test/package',
    '\\.test\\.ts$',
  ])
  await suite('end-to-end tests (Chromium)', ['--import', 'tsx', 'test/e2e/run.ts'])
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
