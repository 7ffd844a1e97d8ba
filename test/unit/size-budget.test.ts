// Size budgets (README §Size budgets): the budgets are the figures, every drop-in has
// one, and `npm run size` (size-limit) really fails when a script is over its budget.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { kb, readmeBudgets, sizeTable } from '../../scripts/size.mjs'
import { widgetNames } from '../../scripts/widgets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const config: { name: string; path: string; limit: string; gzip: boolean }[] = JSON.parse(
  readFileSync(join(root, '.size-limit.json'), 'utf8'),
)
const sizeLimitBin = join(root, 'node_modules/size-limit/bin.js')

test('every drop-in and the kit have a gzip budget; the figures are the kit contract', () => {
  const widgets = widgetNames()
  const byFile = new Map(config.map((c) => [c.path.replace('dist/site/widgets/', '').replace('.js', ''), c]))
  for (const name of [...widgets, 'kit']) {
    const entry = byFile.get(name)
    assert.ok(entry, `no budget for ${name}`)
    assert.is(entry!.gzip, true, name)
  }
  // Issue 8's figures, which every English drop-in keeps with six languages (docs/languages-and-themes.md): lean
  // Preact (the speedometer without hooks), the shortened world, the drop-ins' CSS purged, no
  // store helpers a script does not use (docs/benchmarks.md#size-budgets). Translations are never bundled.
  const expected: Record<string, string> = {
    speedometer: '12 KB',
    'cloud-status': '32 KB',
    records: '36 KB',
    'dc-map': '72 KB',
    // Issue 24: "a small `<trust-status-badge>` drop-in shows just this line, a few KB".
    'status-badge': '5 KB',
    kit: '120 KB',
  }
  for (const [file, entry] of byFile) assert.is(entry.limit, expected[file] ?? '30 KB', file)
})

test('the size table of docs/benchmarks.md shows the budgets of .size-limit.json', () => {
  const readme = readFileSync(join(root, 'docs/benchmarks.md'), 'utf8')
  const budgets = readmeBudgets(readme)
  assert.ok(budgets, 'docs/benchmarks.md has the generated size table')
  for (const entry of config) assert.is(budgets!.get(entry.name), parseFloat(entry.limit) * 1000, entry.name)
  assert.is(budgets!.size, config.length)
})

test('sizeTable renders measured size, budget and headroom (or the excess)', () => {
  const table = sizeTable(
    [
      { name: 'a', size: 11500, sizeLimit: 12000, passed: true },
      { name: 'b', size: 12350, sizeLimit: 12000, passed: false },
    ],
    [
      { name: 'a', path: 'dist/site/widgets/a.js' },
      { name: 'b', path: 'dist/site/widgets/b.js' },
    ],
  )
  assert.match(table, '| a | `widgets/a.js` | 11.50 KB | 12.00 KB | 0.50 KB |')
  assert.match(table, '| b | `widgets/b.js` | 12.35 KB | 12.00 KB | **over by 0.35 KB** |')
  assert.is(kb(120000), '120.00 KB')
})

test('size-limit exits 1 and names the script when a budget is exceeded (lowered limit), 0 within it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'size-proof-'))
  try {
    // Random bytes do not compress: gzip ≈ 4 KB.
    writeFileSync(join(dir, 'widget.js'), randomBytes(4000).toString('base64'))
    writeFileSync(join(dir, 'small.js'), 'console.log(1)')
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'size-proof', private: true, devDependencies: { 'size-limit': '*', '@size-limit/file': '*' } }),
    )
    const run = (limit: string) => {
      writeFileSync(
        join(dir, '.size-limit.json'),
        JSON.stringify([
          { name: 'small drop-in', path: 'small.js', limit: '1 KB', gzip: true },
          { name: 'proof drop-in', path: 'widget.js', limit, gzip: true },
        ]),
      )
      return spawnSync(process.execPath, [sizeLimitBin], { cwd: dir, encoding: 'utf8' })
    }
    const over = run('2 KB')
    assert.is(over.status, 1, over.stdout + over.stderr)
    assert.match(over.stdout + over.stderr, /proof drop-in/)
    assert.match(over.stdout + over.stderr, /exceeded/i)
    const within = run('10 KB')
    assert.is(within.status, 0, within.stdout + within.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
