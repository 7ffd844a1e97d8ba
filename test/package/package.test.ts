// The npm package's shape (README §Using the npm package), checked against the built dist/:
// the `exports` map resolves every widget's React module, element definition, drop-in script
// and type declarations; only definitions have side effects; the custom-elements manifest
// describes every tag the kit registers; `npm pack` ships the kit and nothing of the server.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { widgetNames } from '../../scripts/widgets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const widgets = widgetNames()

/** Resolves `<pkg>/<subpath>` through the package's own `exports` (self-reference). */
function resolve(subpath: string, condition: 'import' | 'types' = 'import'): string {
  const key = `./${subpath}`
  const exportsMap = pkg.exports as Record<string, string | Record<string, string>>
  let target: string | Record<string, string> | undefined = exportsMap[key]
  let star = ''
  if (target === undefined) {
    const patterns = Object.keys(exportsMap)
      .filter((k) => k.includes('*'))
      .sort((a, b) => b.length - a.length)
    for (const pattern of patterns) {
      const [before, after] = pattern.split('*')
      if (key.startsWith(before) && key.endsWith(after) && key.length >= before.length + after.length) {
        star = key.slice(before.length, key.length - after.length)
        target = exportsMap[pattern]
        break
      }
    }
  }
  assert.ok(target, `exports has no entry for ${key}`)
  const file = typeof target === 'string' ? target : target[condition]
  assert.ok(file, `${key} has no "${condition}" condition`)
  return join(root, file.replace('*', star))
}

test('the widget list is the kit: every define.ts is in the package and in widgets/kit.ts', () => {
  assert.ok(widgets.length >= 10, widgets.join())
  const kit = readFileSync(join(root, 'widgets/kit.ts'), 'utf8')
  for (const name of widgets) assert.ok(kit.includes(`import './${name}/define'`), `widgets/kit.ts misses ${name}`)
})

test('exports resolve every widget: React module, definition, drop-in and types', () => {
  for (const name of widgets) {
    for (const [subpath, condition] of [
      [name, 'import'],
      [name, 'types'],
      [`${name}/define`, 'import'],
      [`${name}/define`, 'types'],
      [`${name}/drop-in`, 'import'],
    ] as const) {
      const file = resolve(subpath, condition)
      assert.ok(existsSync(file), `${subpath} (${condition}) → ${relative(root, file)} is missing`)
    }
  }
  for (const subpath of ['kit', 'kit/drop-in', 'core', 'style.css', 'custom-elements.json']) {
    assert.ok(existsSync(resolve(subpath)), subpath)
  }
  assert.ok(existsSync(resolve('kit', 'types')))
  // JSX typings of every tag (generated from the manifest) for React hosts.
  const jsx = readFileSync(resolve('jsx', 'types'), 'utf8')
  for (const name of widgets) assert.ok(jsx.includes(`'trust-${name}': TrustElementProps<`), `jsx typings miss trust-${name}`)
  // Node resolves the same way (self-reference by package name).
  assert.is(fileURLToPath(import.meta.resolve(`${pkg.name}/speedometer/define`)), resolve('speedometer/define'))
  assert.is(fileURLToPath(import.meta.resolve(`${pkg.name}/dc-map/drop-in`)), resolve('dc-map/drop-in'))
})

test('the type declarations map every tag to its element class (HTMLElementTagNameMap)', () => {
  for (const name of widgets) {
    const elementTypes = join(dirname(resolve(name, 'types')), 'element.d.ts')
    const text = readFileSync(elementTypes, 'utf8')
    assert.ok(text.includes('interface HTMLElementTagNameMap'), `${name}: element.d.ts declares the tag map`)
    assert.ok(text.includes(`'trust-${name}': `), `${name}: element.d.ts maps trust-${name}`)
  }
  // Importing only a definition brings the tag's type along.
  assert.match(readFileSync(resolve('speedometer/define', 'types'), 'utf8'), /export type \{ SpeedometerElement \} from '\.\/element'/)
})

test('sideEffects names the definitions and drop-ins, not the React modules', () => {
  const globs: string[] = pkg.sideEffects
  const matches = (file: string) =>
    globs.some(
      (g) =>
        new RegExp(`^${g.replace(/^\.\//, '').replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file) ||
        (g === '*.css' && file.endsWith('.css')),
    )
  for (const name of widgets) {
    assert.ok(matches(`dist/pkg/${name}/define.js`), `${name}/define.js must be a side effect`)
    assert.ok(matches(`dist/site/widgets/${name}.js`), `${name} drop-in must be a side effect`)
    assert.not.ok(matches(`dist/pkg/${name}/index.js`), `${name}/index.js must be side-effect free`)
  }
  assert.not.ok(matches('dist/pkg/chunks/element-abc.js'))
})

test('importing a React module registers nothing; importing its definition registers the tag', async () => {
  const mod = await import(`${pkg.name}/speedometer`)
  assert.type(mod.SpeedometerWidget, 'function')
  assert.type(mod.SpeedometerElement, 'function')
  assert.is(customElements.get('trust-speedometer'), undefined)
  await import(`${pkg.name}/speedometer/define`)
  assert.is(customElements.get('trust-speedometer'), mod.SpeedometerElement)
  await import(`${pkg.name}/kit`)
  for (const name of widgets) assert.ok(customElements.get(`trust-${name}`), `kit registers trust-${name}`)
})

test('the defined element renders into a shadow root with the widget CSS adopted', async () => {
  await import(`${pkg.name}/kit`)
  const el = document.createElement('trust-compliance')
  el.setAttribute('cloud', 'auroraedge')
  // Nothing answers there: the loads fail quietly (test/setup/register.mjs has no network).
  el.setAttribute('api-base', 'http://127.0.0.1:9')
  document.body.append(el)
  for (let i = 0; i < 50 && !el.shadowRoot?.querySelector('[part="root"] *'); i++) await new Promise((r) => setTimeout(r, 10))
  assert.ok(el.shadowRoot?.querySelector('[part="root"]'), 'shadow root with part=root')
  const sheets = el.shadowRoot!.adoptedStyleSheets.length + el.shadowRoot!.querySelectorAll('style').length
  assert.ok(sheets > 0, 'the widget CSS is adopted')
  el.remove()
})

test('custom-elements.json describes every tag with attributes, events, parts and custom properties', () => {
  assert.is(pkg.customElements, 'custom-elements.json')
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'))
  assert.is(manifest.schemaVersion, '2.1.0')
  const declarations = manifest.modules.flatMap((m: { declarations: unknown[] }) => m.declarations)
  const tags = declarations.map((d: { tagName: string }) => d.tagName).sort()
  assert.equal(tags, widgets.map((n) => `trust-${n}`).sort())
  for (const d of declarations) {
    const element = customElements.get(d.tagName) as unknown as { observedAttributes: string[] }
    const documented = d.attributes
      .map((a: { name: string }) => a.name)
      .filter((n: string) => n !== 'theme')
      .sort()
    assert.equal(documented, [...element.observedAttributes].sort(), `${d.tagName} attributes`)
    assert.ok(
      d.attributes.some((a: { name: string }) => a.name === 'theme'),
      `${d.tagName} theme`,
    )
    assert.ok(
      d.cssParts.some((p: { name: string }) => p.name === 'root'),
      `${d.tagName} root part`,
    )
    assert.ok(
      d.cssProperties.some((p: { name: string }) => p.name === '--trust-color-accent'),
      `${d.tagName} theme properties`,
    )
    assert.ok(Array.isArray(d.events), `${d.tagName} events`)
    assert.ok(d.description.length > 40, `${d.tagName} description`)
  }
  const status = declarations.find((d: { tagName: string }) => d.tagName === 'trust-cloud-status')
  assert.ok(status.events.some((e: { name: string }) => e.name === 'trust-sign-in-required'))
  // The site serves the same file next to the drop-ins.
  assert.is(
    readFileSync(join(root, 'dist/site/widgets/custom-elements.json'), 'utf8'),
    readFileSync(join(root, 'custom-elements.json'), 'utf8'),
  )
})

test('npm pack ships the kit and nothing of the server or the tests', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const files: string[] = JSON.parse(out)[0].files.map((f: { path: string }) => f.path)
  for (const name of widgets) {
    assert.ok(files.includes(`dist/pkg/${name}/index.js`), name)
    assert.ok(files.includes(`dist/site/widgets/${name}.js`), name)
  }
  assert.ok(files.includes('custom-elements.json'))
  assert.ok(files.includes('dist/pkg/style.css'))
  assert.ok(files.includes('types/elements.d.ts'))
  assert.not.ok(
    files.some((f) => f.startsWith('server/') || f.startsWith('test/') || f.startsWith('dist/site/assets/')),
    'no server, tests or site shell',
  )
})

test("every drop-in but the kit starts with V8's compile hint; the kit does not", () => {
  // A drop-in runs most of its code in its first render: compiled with the script instead of
  // lazily inside that render (rollup.config.mjs `compileHint`). The kit's pages use a few of its widgets.
  const first = (name: string) => readFileSync(join(root, 'dist/site/widgets', `${name}.js`), 'utf8').split('\n', 1)[0]
  for (const name of widgets) assert.is(first(name), '//# allFunctionsCalledOnLoad', name)
  assert.not.match(first('kit'), /allFunctionsCalledOnLoad/)
})

test.run()
