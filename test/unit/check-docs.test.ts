// The docs check (scripts/check-docs.mjs, `npm run docs:check`): on a small repository in a
// temporary folder, a sound doc passes and each kind of missing thing is reported with its
// file and line; the command exits 1 then, 0 when all is well.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkDocs, slug } from '../../scripts/check-docs.mjs'

const script = join(dirname(fileURLToPath(import.meta.url)), '../../scripts/check-docs.mjs')

/** A repository with a package.json, a server that reads one variable, a catalogue schema and a good doc. */
function makeRepo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-docs-'))
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ scripts: { start: 'node server/main.ts', test: 'node test/run.mjs', lint: 'biome ci .' } }),
    'biome.jsonc': '{}',
    'server/main.ts': "const port = process.env.PORT_NUMBER ?? '8080'\nexport const MAIL_LIMIT_MS = 10\n",
    'contract/catalog.ts': "export const keys = ['default_page', 'deep_link']\n",
    'docs/guide.md': '# Guide\n\n## Running it\n\nStart it.\n\n## Running it\n\nAgain.\n',
    ...files,
  }
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function run(root: string) {
  const out = spawnSync(process.execPath, [script, root], { encoding: 'utf8' })
  return { status: out.status, stdout: out.stdout }
}

test('a doc naming only what exists passes', () => {
  const root = makeRepo({
    'README.md': [
      '# Product',
      '',
      "Run `npm start`, `npm test` or `npm run lint`; `npm install` is npm's own.",
      'The server is `server/main.ts` in [server/](server/main.ts); lint settings in `biome.jsonc`.',
      'Set `PORT_NUMBER=9000`; `MAIL_LIMIT_MS` is a constant; the catalogue key `default_page`.',
      '',
      '| variable | meaning |',
      '|---|---|',
      '| `PORT_NUMBER` | the port |',
      '',
      'See [running](docs/guide.md#running-it), [again](docs/guide.md#running-it-1) and [top](#product).',
      'Links out: [site](https://example.com/x.md), routes like `/api/global` and `dist/site/kit.js` are not files here.',
      '',
      '```sh',
      'PORT_NUMBER=8081 npm start',
      '```',
    ].join('\n'),
  })
  try {
    assert.equal(checkDocs(root), [])
    const { status, stdout } = run(root)
    assert.is(status, 0)
    assert.match(stdout, 'nothing missing')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test('a missing file, an unknown script, an unread variable, an unknown key and a dangling anchor are each reported', () => {
  const root = makeRepo({
    'README.md': [
      '# Product',
      '',
      'Lint settings are in `biome.json` and the server in `server/app.ts`.',
      'Run `npm run gallery` to see it.',
      'Set `TRUST_COLOUR` to change it.',
      '| variable | meaning |',
      '|---|---|',
      '| `HOST` | where to listen |',
      'Each menu item has `hide_from_clouds`.',
      'See [running](docs/guide.md#how-to-run) and [the FAQ](docs/faq.md).',
      '',
      '```sh',
      'UNKNOWN_FLAG=1 npm run serve',
      '```',
    ].join('\n'),
  })
  try {
    const problems = checkDocs(root)
    const expected = [
      'README.md:3: file biome.json exists nowhere in the repository',
      'README.md:3: path server/app.ts does not exist',
      'README.md:4: `npm run gallery`: package.json has no script "gallery"',
      'README.md:5: environment variable TRUST_COLOUR is read by no file',
      'README.md:8: environment variable HOST is read by no file',
      'README.md:9: key "hide_from_clouds" appears in no source file',
      'README.md:10: link to docs/guide.md#how-to-run: docs/guide.md has no heading with that anchor',
      'README.md:10: link to docs/faq.md: no such file or folder',
      'README.md:13: environment variable UNKNOWN_FLAG is read by no file',
      'README.md:13: `npm run serve`: package.json has no script "serve"',
    ]
    for (const line of expected)
      assert.ok(
        problems.some((p) => p.startsWith(line)),
        `reported: ${line}\n${problems.join('\n')}`,
      )
    assert.is(problems.length, expected.length, problems.join('\n'))
    const { status, stdout } = run(root)
    assert.is(status, 1)
    assert.match(stdout, `${expected.length} problems`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test('the escape skips exactly the next line', () => {
  const root = makeRepo({
    'docs/history.md': '# History\n\n<!-- check-docs: ignore-next -->\nIt was `server/old.ts`.\nNow `server/gone.ts`.\n',
  })
  try {
    assert.equal(checkDocs(root), ['docs/history.md:5: path server/gone.ts does not exist'])
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test('anchors are GitHub slugs', () => {
  assert.is(slug('The house: contract, boundaries, style'), 'the-house-contract-boundaries-style')
  assert.is(slug('`<trust-status-badge>` is the kit’s one element'), 'trust-status-badge-is-the-kits-one-element')
  assert.is(slug('Incidents, Maintenance, Security Advisories lists'), 'incidents-maintenance-security-advisories-lists')
})

test.run()
