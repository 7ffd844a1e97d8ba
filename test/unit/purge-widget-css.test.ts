// A drop-in keeps only the CSS its script can use (scripts/purge-widget-css.mjs, docs/languages-and-themes.md
// budgets): unused vanilla-extract classes, custom properties and keyframes go; what the script
// cannot tell about (elements, attribute values, a package's run-time class names) stays.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { purgeWidgetCss } from '../../scripts/purge-widget-css.mjs'

const css = [
  ':root,:host{--trust-color-text:#111;--trust-color-header:#222;--trust-gauge-color:#333}',
  ':host([theme="dark"]){color-scheme:dark}',
  '.ab12c0{color:var(--trust-color-text)}',
  '.ab12c1{color:red}',
  '._9zz0{animation:_9zz1 1s}',
  '@keyframes _9zz1{0%{opacity:0}to{opacity:1}}',
  '@keyframes _9zz2{0%{opacity:0}to{opacity:1}}',
  '.ab12c0 table{border:0}',
  '.ab12c0[data-status=service_disruption]{--day:red}',
  '.svgMap-control-button.svgMap-zoom-in-button::after{width:3px}',
  '.ab12c1 .svgMap-tooltip{display:none}',
].join('')

// As the minified script writes them: used classes as strings, a package's names built at run time.
const script =
  'const a="ab12c0",b="_9zz0";e.className=a+" "+b;z.className="svgMap-zoom-"+d+"-button";s.setProperty("--trust-gauge-color","red")'

test('drops the rules of classes the script never names, keeps the ones it names', async () => {
  const out = await purgeWidgetCss(css, script)
  assert.match(out, '.ab12c0{')
  assert.not.match(out, '.ab12c1')
  assert.match(out, '._9zz0{')
})

test('keeps element and attribute selectors, :host, and class names a package builds at run time', async () => {
  const out = await purgeWidgetCss(css, script)
  assert.match(out, '.ab12c0 table')
  assert.match(out, '[data-status=service_disruption]')
  assert.match(out, ':host([theme="dark"])')
  assert.match(out, 'svgMap-zoom-in-button::after{width:3px}')
})

test('drops custom properties nothing reads and unused keyframes, keeps those in use', async () => {
  const out = await purgeWidgetCss(css, script)
  assert.match(out, '--trust-color-text:#111')
  assert.not.match(out, '--trust-color-header')
  assert.match(out, '--trust-gauge-color:#333', 'named in the script')
  assert.match(out, '@keyframes _9zz1')
  assert.not.match(out, '_9zz2')
})

test.run()
