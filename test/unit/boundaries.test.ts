/**
 * The import rules of `.dependency-cruiser.cjs` (architecture: arrows point one way only) hold on
 * the tree, and each rule fires on a small tree that breaks it — so the check cannot pass vacuously.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { tempDir } from '../server/helpers'

const root = join(import.meta.dirname, '../..')
const SOURCES = ['widgets', 'shell', 'server', 'contract', 'styles']

async function violations(baseDir: string, sources: string[]): Promise<string[]> {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'))
  const cwd = process.cwd()
  process.chdir(baseDir)
  try {
    const result = (await cruise(sources, { ...options, baseDir })).output as ICruiseResult
    return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
  } finally {
    process.chdir(cwd)
  }
}

test('the tree keeps every import rule', async () => {
  assert.equal(await violations(root, SOURCES), [])
})

test('each rule fails on an import that breaks it', async () => {
  const dir = tempDir('trust-boundaries-')
  const files: Record<string, string> = {
    'server/db.ts': 'export const db = 1\n',
    'server/route.ts': "import { a } from '../widgets/a/index'\nexport const r = a\n",
    // The modules the server once read from the front end, now refused like any other.
    'server/mail.ts':
      "import { m } from '../widgets/core/i18n/index'\nimport { t } from '../widgets/core/time'\nimport { n } from '../widgets/core/terms'\nimport { c } from '../widgets/core/messages'\nexport const mail = [m, t, n, c]\n",
    'widgets/core/i18n/index.ts': 'export const m = 1\n',
    'widgets/core/time.ts': 'export const t = 1\n',
    'widgets/core/terms.ts': 'export const n = 1\n',
    'widgets/core/messages.ts': 'export const c = 1\n',
    'server/seed/demo.ts': 'export const demo = 1\n',
    'server/publish.ts': "import { demo } from './seed/demo'\nexport const p = demo\n",
    'server/app.ts': "import { demo } from './seed/demo'\nexport const app = demo\n",
    'shell/page.ts': "import { a } from '../widgets/a/index'\nexport const p = a\n",
    'styles/tokens.ts': "import { a } from '../widgets/a/index'\nexport const t = a\n",
    'contract/global.ts': "import { db } from '../server/db'\nexport const Cloud = db\nexport type Cloud = number\n",
    'contract/constants.ts': 'export const LIMIT = 5\n',
    'contract/clock.ts': "import { hrtime } from 'node:process'\nexport const clock = hrtime\n",
    'widgets/a/index.ts': "import { db } from '../../server/db'\nimport { p } from '../../shell/page'\nexport const a = db + p\n",
    'widgets/a/fs.ts': "import { readFileSync } from 'node:fs'\nexport const f = readFileSync\n",
    'widgets/a/schema.ts': "import { Cloud } from '../../contract/global'\nexport const s = Cloud\n",
    'widgets/a/types.ts':
      "import type { Cloud } from '../../contract/global'\nimport { LIMIT } from '../../contract/constants'\nexport const c: Cloud = LIMIT\n",
    'widgets/b/index.ts': "import { a } from '../a/index'\nexport const b = a\n",
    'widgets/core/store.ts': "import { b } from '../b/index'\nexport const s = b\n",
    'widgets/core/missing.ts': "import { x } from './not-there'\nexport const m = x\n",
  }
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    const found = await violations(dir, SOURCES)
    const expected = [
      'widgets-not-to-shell-or-server: widgets/a/index.ts → server/db.ts',
      'widgets-not-to-shell-or-server: widgets/a/index.ts → shell/page.ts',
      'server-not-to-front-end: server/route.ts → widgets/a/index.ts',
      'server-not-to-front-end: server/mail.ts → widgets/core/i18n/index.ts',
      'server-not-to-front-end: server/mail.ts → widgets/core/time.ts',
      'server-not-to-front-end: server/mail.ts → widgets/core/terms.ts',
      'server-not-to-front-end: server/mail.ts → widgets/core/messages.ts',
      'server-not-to-demo-seed: server/publish.ts → server/seed/demo.ts',
      'contract-imports-nothing-of-the-project: contract/global.ts → server/db.ts',
      'contract-no-node-builtins: contract/clock.ts → process',
      'core-favours-no-widget: widgets/core/store.ts → widgets/b/index.ts',
      'widget-not-to-another-widget: widgets/b/index.ts → widgets/a/index.ts',
      'styles-not-to-widgets-or-shell: styles/tokens.ts → widgets/a/index.ts',
      'front-end-no-node-builtins: widgets/a/fs.ts → fs',
      'front-end-reads-contract-types-only: widgets/a/schema.ts → contract/global.ts',
      'no-unresolvable: widgets/core/missing.ts → ./not-there',
    ]
    for (const line of expected) assert.ok(found.includes(line), `expected "${line}" among:\n${found.join('\n')}`)
    // Allowed: a shell page reading a widget, a type-only schema import, a plain contract constant.
    assert.not.ok(
      found.some((l) => l.includes('shell/page.ts → widgets')),
      found.join('\n'),
    )
    assert.not.ok(
      found.some((l) => l.includes('widgets/a/types.ts')),
      found.join('\n'),
    )
    // The development start may call the demo seed.
    assert.not.ok(
      found.some((l) => l.includes('server/app.ts')),
      found.join('\n'),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
