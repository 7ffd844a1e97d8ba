// Theming of the drop-in widgets: the dark palette's contrast, and the element docblocks
// (custom-elements-manifest tags) matching each widget's attributes and `part`s.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { COLOURS, lightDark, SEVERITIES, THEME_PROPERTIES, type ColourPair } from '../../styles/palette'

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

test('every colour pair keeps its text contrast in light and in dark', () => {
  for (const scheme of [0, 1] as const) {
    const on = (c: ColourPair) => c[scheme]
    for (const bg of [COLOURS.bg, COLOURS.surface, COLOURS.surfaceAlt]) {
      for (const fg of [COLOURS.text, COLOURS.muted, COLOURS.link, COLOURS.accent]) {
        assert.ok(contrast(on(fg), on(bg)) >= 4.5, `${on(fg)} on ${on(bg)}: ${contrast(on(fg), on(bg)).toFixed(2)}`)
      }
    }
    assert.ok(contrast(on(COLOURS.accentText), on(COLOURS.accent)) >= 4.5, 'accent text on accent')
    assert.ok(contrast(on(COLOURS.headerText), on(COLOURS.header)) >= 4.5, 'header text on header')
  }
  // Severities are text (resolved marker, calendar glyphs) and graphics (bars, icons) on surfaces.
  for (const [name, pair] of Object.entries(SEVERITIES)) {
    for (const bg of [COLOURS.bg[1], COLOURS.surface[1], COLOURS.surfaceAlt[1]]) {
      assert.ok(contrast(pair[1], bg) >= 4.5, `dark ${name} ${pair[1]} on ${bg}`)
    }
    // Bar icons are drawn in the surface colour on the severity fill.
    assert.ok(contrast(pair[1], COLOURS.surface[1]) >= 3, `icon on dark ${name}`)
  }
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

/** The `part` names in the widget folder's markup (components, and row-html.ts's strings), plus `root` (set by widgets/core/element.ts). */
function markupParts(name: string): Set<string> {
  const parts = new Set(['root'])
  const dir = join('widgets', name)
  for (const file of [
    'Speedometer',
    'CloudStatus',
    'row-html',
    'Records',
    'Calendar',
    'parts',
    'Notifications',
    'Post',
    'Subscriptions',
    'DcMap',
    'Faq',
    'Compliance',
  ]) {
    for (const ext of ['tsx', 'ts']) {
      let source: string
      try {
        source = readFileSync(join(dir, `${file}.${ext}`), 'utf8')
      } catch {
        continue
      }
      for (const m of source.matchAll(/\bpart="([a-z][a-z0-9-]*)"/g)) parts.add(m[1])
    }
  }
  return parts
}

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
