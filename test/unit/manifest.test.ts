// custom-elements.json generation (scripts/manifest.ts): tag parsing, the checks against the
// attributes map and the markup's parts, and the real widgets' manifest.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildManifest, jsxTypesText, manifestText, ManifestError, parseTag, readElement } from '../../scripts/manifest'

test('parseTag reads type, name, default and description', () => {
  assert.equal(parseTag('{string} cloud - Cloud machine name.'), {
    type: 'string',
    name: 'cloud',
    default: undefined,
    description: 'Cloud machine name.',
  })
  assert.equal(parseTag('{"incident" | "maintenance"} [type=incident] - Which\n   records.'), {
    type: '"incident" | "maintenance"',
    name: 'type',
    default: 'incident',
    description: 'Which records.',
  })
  assert.equal(parseTag('[--trust-gauge-color=var(--trust-color-accent)] - Dial fill.').default, 'var(--trust-color-accent)')
  assert.equal(parseTag('{{ cloud: string }} trust-cloud-change - Detail.').type, '{ cloud: string }')
  assert.throws(
    () => parseTag('{string} nameonly'),
    (e: Error) => e instanceof ManifestError,
  )
  assert.throws(
    () => parseTag('{string cloud - x'),
    (e: Error) => e instanceof ManifestError,
  )
})

function fixture(element: string, markup: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-'))
  mkdirSync(join(dir, 'demo'))
  writeFileSync(join(dir, 'demo/element.ts'), element)
  writeFileSync(join(dir, 'demo/Demo.tsx'), markup)
  return dir
}

const ELEMENT = (tags: string, attributes = "{ cloud: 'cloud', 'api-base': 'apiBase' }") => `
import { createWidgetElement } from '../core/element'
/**
 * \`<trust-demo>\`: a demo widget that shows what a docblock becomes in the manifest.
 *
${tags}
 */
export const DemoElement = createWidgetElement({ component: Demo, attributes: ${attributes} })
`

const GOOD_TAGS = [
  ' * @element trust-demo',
  ' * @attr {string} cloud - Cloud machine name or domain.',
  ' * @attr {string} api-base - Origin of the API.',
  ' * @fires {DemoEvent} trust-demo-change - Bubbles, composed;',
  ' *   detail `{ id }`.',
  ' * @csspart root - The outer box.',
  ' * @csspart item - One item.',
  ' * @cssprop [--trust-demo-color=red] - Item colour.',
].join('\n')

test('readElement turns the docblock into a declaration with the kit-wide theme additions', () => {
  const dir = fixture(ELEMENT(GOOD_TAGS), '<li part="item">x</li>')
  try {
    const { declaration } = readElement(join(dir, 'demo/element.ts'))
    assert.is(declaration.tagName, 'trust-demo')
    assert.is(declaration.name, 'DemoElement')
    assert.match(declaration.description, 'a demo widget')
    assert.equal(
      declaration.attributes.map((a) => a.name),
      ['cloud', 'api-base', 'lang', 'theme'],
    )
    assert.equal(declaration.events, [
      { name: 'trust-demo-change', type: { text: 'DemoEvent' }, description: 'Bubbles, composed; detail `{ id }`.' },
    ])
    assert.equal(
      declaration.cssParts.map((p) => p.name),
      ['root', 'item'],
    )
    assert.equal(declaration.cssProperties[0], { name: '--trust-demo-color', description: 'Item colour.', default: 'red' })
    assert.ok(declaration.cssProperties.some((p) => p.name === '--trust-severity-disruption' && p.default?.includes('#')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('readElement reads the class form: export class … extends createWidgetElement({...}) {}', () => {
  const element = ELEMENT(GOOD_TAGS)
    .replace('export const DemoElement = createWidgetElement(', 'export class DemoElement extends createWidgetElement(')
    .replace(/\}\)\n$/, '}) {}\n')
  assert.match(element, 'export class DemoElement extends createWidgetElement({ component')
  const dir = fixture(element, '<li part="item">x</li>')
  try {
    const { declaration } = readElement(join(dir, 'demo/element.ts'))
    assert.is(declaration.name, 'DemoElement')
    assert.is(declaration.tagName, 'trust-demo')
    assert.equal(
      declaration.attributes.map((a) => a.name),
      ['cloud', 'api-base', 'lang', 'theme'],
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('an undocumented attribute, a documented part missing from the markup, or no @element fail', () => {
  const cases = [
    [ELEMENT(GOOD_TAGS, "{ cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' }"), '<li part="item" />', /undocumented: timezone/],
    [ELEMENT(GOOD_TAGS), '<li />', /not in the markup: item/],
    [ELEMENT(GOOD_TAGS), '<li part="item" /><b part="extra" />', /undocumented: extra/],
    [ELEMENT(GOOD_TAGS.replace(' * @element trust-demo\n', '')), '<li part="item" />', /@element/],
  ] as const
  for (const [element, markup, message] of cases) {
    const dir = fixture(element, markup)
    try {
      assert.throws(
        () => readElement(join(dir, 'demo/element.ts')),
        (e: Error) => e instanceof ManifestError && message.test(e.message),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
})

test('the kit manifest: one declaration per widget, each with parts, theme and its attributes', () => {
  const manifest = buildManifest()
  assert.is(manifest.schemaVersion, '2.1.0')
  const tags = manifest.modules.map((m) => m.declarations[0].tagName)
  for (const tag of ['trust-speedometer', 'trust-cloud-status', 'trust-records', 'trust-dc-map', 'trust-faq', 'trust-cloud-picker']) {
    assert.ok(tags.includes(tag), tag)
  }
  const records = manifest.modules.find((m) => m.declarations[0].tagName === 'trust-records')!.declarations[0]
  assert.equal(records.attributes.map((a) => a.name).sort(), ['api-base', 'cloud', 'lang', 'theme', 'timezone', 'type'])
  assert.ok(records.cssParts.length >= 3, 'records names its major parts')
  const picker = manifest.modules.find((m) => m.declarations[0].tagName === 'trust-cloud-picker')!.declarations[0]
  assert.ok(picker.events.some((e) => e.name === 'trust-cloud-change'))
})

test('the checked-in custom-elements.json and JSX typings match the docblocks (npm run manifest)', () => {
  const root = join(import.meta.dirname, '../..')
  const manifest = buildManifest()
  assert.fixture(readFileSync(join(root, 'custom-elements.json'), 'utf8'), manifestText(manifest))
  const types = jsxTypesText(manifest)
  assert.fixture(readFileSync(join(root, 'types/elements.d.ts'), 'utf8'), types)
  assert.ok(types.includes(`'trust-records': TrustElementProps<{ type?: "incident" | "maintenance" | "advisory";`))
})

test.run()
