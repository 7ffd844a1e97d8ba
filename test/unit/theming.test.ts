// Theming of the site and the drop-in widgets: every colour pair's contrast in the light and the
// dark scheme (WCAG AA: 4.5:1 for text, 3:1 for icons, bars and focus rings), and the element
// docblocks (custom-elements-manifest tags) matching each widget's attributes and `part`s.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { partsInMarkup } from '../../scripts/manifest'
import {
  BANNER_END,
  COLOURS,
  ERROR_BOX,
  lightDark,
  SEVERITIES,
  STAR_PRESSED,
  THEME_PROPERTIES,
  type ColourPair,
} from '../../styles/palette'

const WIDGETS = ['speedometer', 'cloud-status', 'records', 'notifications', 'post', 'subscriptions', 'dc-map', 'faq', 'compliance']

function luminance(hex: string): number {
  let h = hex.replace('#', '')
  if (h.length === 3) h = [...h].map((c) => c + c).join('')
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(h.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p)
  return (x + 0.05) / (y + 0.05)
}

const SCHEMES = [
  [0, 'light'],
  [1, 'dark'],
] as const

/** The pair of a `light-dark(a,b)` value. */
const pairOf = (value: string): ColourPair => {
  const m = /^light-dark\((#[0-9a-f]+),(#[0-9a-f]+)\)$/i.exec(value)
  assert.ok(m, value)
  return [m![1], m![2]]
}

/** Every failing `fg on bg` of `pairs` under `min`, in both schemes. */
function failing(pairs: Array<[name: string, fg: ColourPair, bg: ColourPair]>, min: number): string[] {
  const out: string[] = []
  for (const [scheme, schemeName] of SCHEMES) {
    for (const [name, fg, bg] of pairs) {
      const ratio = contrast(fg[scheme], bg[scheme])
      if (ratio < min) out.push(`${schemeName}: ${name} ${fg[scheme]} on ${bg[scheme]} = ${ratio.toFixed(2)} < ${min}`)
    }
  }
  return out
}

const GROUNDS = { bg: COLOURS.bg, surface: COLOURS.surface, surfaceAlt: COLOURS.surfaceAlt } as const

test('text colours keep 4.5:1 on every ground in light and in dark', () => {
  const pairs: Array<[string, ColourPair, ColourPair]> = []
  for (const [g, ground] of Object.entries(GROUNDS)) {
    for (const fg of ['text', 'muted', 'link', 'accent'] as const) pairs.push([`${fg} on ${g}`, COLOURS[fg], ground])
  }
  pairs.push(['accentText on accent (buttons, the header Subscribe button)', COLOURS.accentText, COLOURS.accent])
  pairs.push(['headerText on header (header bar, toasts)', COLOURS.headerText, COLOURS.header])
  pairs.push(["headerText on the cloud banner's gradient end", COLOURS.headerText, BANNER_END])
  pairs.push(['error box text on its ground', ERROR_BOX.text, ERROR_BOX.background])
  assert.equal(failing(pairs, 4.5), [])
})

test('severities keep their meaning in both schemes: text in dark, icons and bars everywhere', () => {
  const graphics: Array<[string, ColourPair, ColourPair]> = []
  const darkText: string[] = []
  for (const [name, pair] of Object.entries(SEVERITIES)) {
    for (const [g, ground] of Object.entries(GROUNDS)) {
      graphics.push([`${name} on ${g}`, pair, ground])
      // Text uses (resolved marker, calendar glyphs, status line) rely on the dark values; in
      // light the severities are bars and icons, as in the kit's original palette.
      const ratio = contrast(pair[1], ground[1])
      if (ratio < 4.5) darkText.push(`dark: ${name} ${pair[1]} on ${g} ${ground[1]} = ${ratio.toFixed(2)}`)
    }
    // Bar icons are drawn in the surface colour on the severity fill.
    graphics.push([`surface icon on ${name}`, COLOURS.surface, pair])
  }
  assert.equal(darkText, [])
  assert.equal(failing(graphics, 3), [])
  assert.equal(failing([['form error text (disruption) on surface', SEVERITIES.disruption, COLOURS.surface]], 4.5), [])
  // The five stay five colours: no two severities the same in either scheme.
  for (const [scheme] of SCHEMES) assert.is(new Set(Object.values(SEVERITIES).map((p) => p[scheme])).size, 5)
})

test('focus rings and the pressed star keep 3:1 against every ground in both schemes', () => {
  const pairs: Array<[string, ColourPair, ColourPair]> = []
  for (const [g, ground] of Object.entries(GROUNDS)) {
    pairs.push([`focus on ${g}`, COLOURS.focus, ground])
    pairs.push([`pressed star on ${g}`, pairOf(STAR_PRESSED), ground])
  }
  pairs.push(['focus ring of header controls on header', ['#9cc3ff', '#9cc3ff'], COLOURS.header])
  assert.equal(failing(pairs, 3), [])
})

test('theme properties list every contract colour as light-dark()', () => {
  assert.is(lightDark(['#fff', '#000']), 'light-dark(#fff,#000)')
  const names = THEME_PROPERTIES.map((p) => p.name)
  assert.ok(names.includes('--trust-color-surface-alt'))
  assert.ok(names.includes('--trust-severity-maintenance'))
  assert.ok(names.includes('--trust-space-xl'))
  for (const p of THEME_PROPERTIES) assert.ok(p.description && p.default, p.name)
  assert.is(
    THEME_PROPERTIES.filter((p) => p.default.startsWith('light-dark(')).length,
    Object.keys(COLOURS).length + Object.keys(SEVERITIES).length,
  )
})

/** `@tag rest` lines of the element docblock (continuation lines joined). */
function docTags(name: string): Record<string, string[]> {
  const source = readFileSync(join('widgets', name, 'element.ts'), 'utf8')
  const doc = /\/\*\*([\s\S]*?)\*\/\s*export (?:class \w+ extends|const \w+ =) createWidgetElement/.exec(source)?.[1]
  assert.ok(doc, `${name}: docblock`)
  const tags: Record<string, string[]> = {}
  for (const m of doc!.matchAll(/^\s*\* @(\w+)\s+(.*)$/gm)) {
    tags[m[1]] ??= []
    tags[m[1]].push(m[2])
  }
  return tags
}

/**
 * The `part` names in the widget folder's markup (its components, row-html.ts's strings and the
 * shared folders it imports), plus `root`: the manifest's own reading (`scripts/manifest.ts`).
 */
const markupParts = (name: string): Set<string> => partsInMarkup(join('widgets', name))

test('element docblocks use the manifest tags and match attributes and parts', () => {
  for (const name of WIDGETS) {
    const tags = docTags(name)
    assert.equal(tags.element, [`trust-${name}`], `${name}: @element`)
    const source = readFileSync(join('widgets', name, 'element.ts'), 'utf8')
    const map = /attributes:\s*\{([^}]*)\}/.exec(source)![1]
    const keys = [...map.matchAll(/'?([a-z-]+)'?\s*:/g)].map((m) => m[1]).sort()
    const attrs = tags.attr.map((t) => /^\{[^}]*\}\s+\[?([a-z-]+)/.exec(t)?.[1]).sort()
    assert.equal(attrs, keys, `${name}: @attr`)
    const parts = tags.csspart.map((t) => t.split(' ')[0]).sort()
    assert.equal(parts, [...markupParts(name)].sort(), `${name}: @csspart`)
    assert.ok(parts.length >= 2, `${name}: parts besides root`)
    assert.not.ok(/Attributes:|CSS parts:|Custom properties:/.test(source), `${name}: old prose lists`)
  }
  assert.equal(
    docTags('subscriptions').fires.map((t) => t.split(' ')[1]),
    ['trust-sign-in-required', 'trust-subscriptions-error'],
  )
  assert.ok(docTags('speedometer').cssprop[0].startsWith('[--trust-gauge-color=var(--trust-color-accent)]'))
})

test.run()
