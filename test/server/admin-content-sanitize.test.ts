/**
 * The server's sanitiser of operator HTML (`server/admin/sanitize.ts`) against the site's one
 * allow-list (`contract/html-policy.ts`): what it drops, what it keeps, and that the browser's
 * sanitiser (`widgets/core/sanitize.ts`) turns the same hostile samples into the same HTML.
 *
 * The browser's module runs in a child process whose global `window` is a jsdom window: the unit
 * tests' happy-dom (21.0.4) cannot host DOMPurify 3.4 (elements come through with an empty tag
 * name, so the first one is dropped and the walk stops, leaving the rest unsanitised).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { NEW_TAB_REL } from '../../contract/html-policy.js'
import { htmlToText, sanitizeOperatorHtml } from '../../server/admin/sanitize.js'
import { HOSTILE_BODY } from '../../server/seed/lists.js'
import { HOSTILE_MARKUP } from '../../server/seed/records.js'

const ROOT = join(import.meta.dirname, '..', '..')

/** Markup a sanitiser must neutralise, and markup it must keep. */
const SAMPLES = [
  HOSTILE_BODY,
  HOSTILE_MARKUP,
  '<img src=x onerror="alert(1)">',
  '<script>alert(1)</script><p>after</p>',
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<a href="https://example.com/" target="_blank">new tab</a>',
  '<a href="https://example.com/" target="_blank" rel="opener">new tab, own rel</a>',
  '<a href="/same-site" target="_self">same tab</a>',
  '<p style="color:red" onclick="alert(1)">styled</p>',
  '<style>body{display:none}</style><p>text</p>',
  '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
  '<form action="https://evil.example"><input name="q"><button>Go</button><textarea></textarea><select></select></form>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<details id="q1"><summary>Question?</summary><div><p>Answer</p></div></details>',
  '<section id="s"><h2>Section</h2><table><tbody><tr><th>a</th><td>b</td></tr></tbody></table></section>',
  '<p>Tom &amp; Jerry &lt;3 "quotes"</p>',
  'a < b & c > d',
  '<img src="https://example.com/a.png" alt="pixel">',
  '<a href="https://example.com/"><img src=x onerror=alert(1)>click</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<div><p>unclosed <b>bold <i>both</div>',
  '<!-- comment --><p>after comment</p>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="x.css">',
  '<p>Plain <strong>bold</strong> <em>em</em> <code>code</code></p><ul><li>one</li><li>two</li></ul>',
]

/** Live markup none of the outputs may contain. */
const LIVE =
  /<(script|style|iframe|form|input|button|textarea|select|object|embed|svg|math|base|meta|link|noscript)\b|\son[a-z]+\s*=|style=|javascript:/i

test('drops scripts, event handlers, javascript: URLs, styles, frames, objects and forms', () => {
  for (const sample of SAMPLES) assert.not.match(sanitizeOperatorHtml(sample), LIVE, sample)
  assert.is(sanitizeOperatorHtml(HOSTILE_BODY), '<p>Markup check: everything below must render inert.</p><img src="x"><p><a>x</a></p>')
  assert.is(sanitizeOperatorHtml('<script>alert(1)</script><p>after</p>'), '<p>after</p>')
  assert.is(sanitizeOperatorHtml('<p style="color:red" onclick="alert(1)">styled</p>'), '<p>styled</p>')
  assert.is(sanitizeOperatorHtml('<form action="x"><input name="q"><button>Go</button></form>'), 'Go')
  assert.is(sanitizeOperatorHtml('<iframe src="https://evil.example"></iframe>'), '')
})

test('keeps allowed markup as it is; new-tab links get rel="noopener noreferrer"', () => {
  for (const kept of [
    '<p>Plain <strong>bold</strong> <em>em</em> <code>code</code></p><ul><li>one</li><li>two</li></ul>',
    '<details id="q1"><summary>Question?</summary><div><p>Answer</p></div></details>',
    '<section id="s"><h2>Section</h2><table><tbody><tr><th>a</th><td>b</td></tr></tbody></table></section>',
    '<a href="/same-site" target="_self">same tab</a>',
    '<img src="https://example.com/a.png" alt="pixel">',
  ]) {
    assert.is(sanitizeOperatorHtml(kept), kept)
  }
  assert.is(
    sanitizeOperatorHtml('<a href="https://example.com/" target="_blank" rel="opener">x</a>'),
    `<a href="https://example.com/" target="_blank" rel="${NEW_TAB_REL}">x</a>`,
  )
  assert.is(sanitizeOperatorHtml('a < b & c'), 'a &lt; b &amp; c')
  assert.is(sanitizeOperatorHtml(''), '')
  // Idempotent: saving what was saved changes nothing.
  for (const sample of SAMPLES) assert.is(sanitizeOperatorHtml(sanitizeOperatorHtml(sample)), sanitizeOperatorHtml(sample), sample)
})

test('htmlToText: the text HTML shows, blocks apart, nothing of scripts', () => {
  assert.is(htmlToText('<p>One <b>two</b></p><p>three</p><script>four()</script>'), 'One two three')
  assert.is(htmlToText('Tom &amp; Jerry &lt;3'), 'Tom & Jerry <3')
  assert.is(htmlToText(''), '')
})

test('the browser sanitiser (widgets/core/sanitize.ts) gives the same HTML for every sample', () => {
  const child = `
    const { JSDOM } = await import('jsdom')
    globalThis.window = new JSDOM('<!doctype html><html><body></body></html>').window
    const { sanitizeHtml } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'widgets/core/sanitize.ts')).href)})
    let input = ''
    for await (const chunk of process.stdin) input += chunk
    process.stdout.write(JSON.stringify(JSON.parse(input).map((s) => sanitizeHtml(s))))
  `
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', child], {
    cwd: ROOT,
    input: JSON.stringify(SAMPLES),
    encoding: 'utf8',
  })
  assert.is(run.status, 0, run.stderr)
  const browser = JSON.parse(run.stdout) as string[]
  assert.is(browser.length, SAMPLES.length)
  SAMPLES.forEach((sample, i) => {
    assert.is(sanitizeOperatorHtml(sample), browser[i], sample)
  })
})

test.run()
