// The gallery's coverage (issue: every widget page shows the widget with every attribute
// variation): each element of the manifest has its page in examples/, the index links it, and the
// page's markup uses every documented attribute and every value of an enumerated one. The e2e
// run (test/e2e/gallery.e2e.ts) opens the pages; this keeps a new attribute from going unshown.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildManifest } from '../../scripts/manifest'

const root = join(import.meta.dirname, '../..')
const declarations = buildManifest().modules.flatMap((m) => m.declarations)

/** Attribute strings of every `<tag …>` start tag in `html` (templates included). */
function startTags(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) => m[1])
}

/** The values of a manifest type like `"incident" | "maintenance"`; none for `string`. */
function enumValues(type: string | undefined): string[] {
  return /^"/.test(type?.trim() ?? '') ? type!.split('|').map((v) => v.trim().replace(/^"|"$/g, '')) : []
}

test('every element has a gallery page linked from the index', () => {
  const index = readFileSync(join(root, 'examples/index.html'), 'utf8')
  assert.ok(declarations.length >= 10)
  for (const d of declarations) {
    const page = `${d.tagName.replace(/^trust-/, '')}.html`
    assert.ok(index.includes(`href="${page}"`) || index.includes(`href="/${page}"`), `index links ${page}`)
  }
})

test('each widget page uses every documented attribute and every enumerated value', () => {
  for (const d of declarations) {
    const page = `${d.tagName.replace(/^trust-/, '')}.html`
    const tags = startTags(readFileSync(join(root, 'examples', page), 'utf8'), d.tagName)
    assert.ok(tags.length >= 3, `${page}: ${tags.length} <${d.tagName}> examples`)
    for (const attribute of d.attributes) {
      // post-id is set by gallery.js from the newest record (<template data-post>).
      if (attribute.name === 'post-id') continue
      // lang is kit-wide (docs/languages-and-themes.md): languages.html shows drop-ins speaking other languages.
      if (attribute.name === 'lang') continue
      const uses = tags.filter((t) => new RegExp(`(^|\\s)${attribute.name}="`).test(t))
      assert.ok(uses.length > 0, `${page}: no example sets ${attribute.name}`)
      for (const value of enumValues(attribute.type?.text)) {
        // theme="light" looks like the default on the light gallery, which every page shows.
        if (attribute.name === 'theme' && value === 'light') continue
        assert.ok(
          uses.some((t) => t.includes(`${attribute.name}="${value}"`)),
          `${page}: no example sets ${attribute.name}="${value}"`,
        )
      }
    }
  }
})

test('languages.html: a page in Japanese whose drop-ins follow it or their own lang (German, Arabic)', () => {
  const page = readFileSync(join(root, 'examples/languages.html'), 'utf8')
  assert.match(page, /<html lang="ja">/)
  assert.ok(
    startTags(page, 'trust-speedometer').every((t) => !/\slang="/.test(t)),
    'the speedometer follows the page',
  )
  assert.ok(startTags(page, 'trust-cloud-status').some((t) => t.includes('lang="de"')))
  assert.ok(startTags(page, 'trust-status-badge').some((t) => t.includes('lang="ar"')))
})

test.run()
