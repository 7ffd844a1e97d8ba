// `npm test`: type-check, unit tests (happy-dom), server tests, one build, e2e in Chromium.
// Every stage runs even if an earlier one failed, and the run ends with one line
// `N passed, N failed` (tests; a failed type-check or build counts as one more failure).
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const node = process.execPath
const uvu = join(root, 'node_modules/uvu/bin.js')
let passed = 0
let failed = 0

function run(label, args, env = {}) {
  const started = Date.now()
  console.log(`\n== ${label}`)
  const result = spawnSync(node, args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  process.stdout.write(output)
  console.log(`-- ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { ok: result.status === 0, output }
}

function suite(label, args, env) {
  const { ok, output } = run(label, args, env)
  // uvu prints "Total: N / Passed: N" (with colour codes) after all its files.
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '')
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

function step(label, args) {
  const { ok } = run(label, args)
  if (!ok) failed += 1
}

const only = process.argv[2]
if (!only || only === 'typecheck') step('type-check', [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'])
if (!only || only === 'unit') suite('unit tests', ['--import', 'tsx', '--import', './test/setup/register.mjs', uvu, 'test/unit', '\\.test\\.tsx?$'])
if (!only || only === 'server') suite('server tests', ['--import', 'tsx', uvu, 'test/server', '\\.test\\.ts$'])
if (!only || only === 'e2e') {
  if (!process.env.TRUST_SKIP_BUILD) step('build', [join(root, 'scripts/build.mjs')])
  suite('end-to-end tests (Chromium)', ['--import', 'tsx', uvu, 'test/e2e', '\\.e2e\\.ts$'])
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
