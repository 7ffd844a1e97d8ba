// A drop-in's CSS without what its script can never use (docs/languages-and-themes.md: the English drop-ins keep
// their byte budgets). Every drop-in carries the shared recipes and theme tokens, and each uses
// only some: PurgeCSS drops the rules of vanilla-extract classes the script never names (the
// build writes every class it sets as a string in the script, composed ones included), the
// custom properties nothing reads and the unused keyframes. What the script cannot tell is kept:
// element selectors (server HTML brings its own tags), attribute selectors (values come from
// data), `:host`, every custom property the script names (inline `var(--…)` styles), and every
// class that is not one of vanilla-extract's: a package's own stylesheet may style classes its
// code builds at run time (svgmap's `'svgMap-zoom-' + direction + '-button'`).
import { PurgeCSS } from 'purgecss'

/** Element names, lower case (`li`, `h3`): never purged, server HTML may bring any. */
const ELEMENT = /^([a-z]+|h[1-6])$/

/**
 * Names that are not vanilla-extract's short class names (rollup.config.mjs `identifiers:
 * 'short'`: lower-case letters and digits, perhaps after `_`), such as `svgMap-zoom-in-button`
 * or `trust-root`: never purged.
 */
const NOT_GENERATED = /^(?!_?[a-z0-9]+$)/

/**
 * The CSS a drop-in script can use.
 *
 * @param {string} css the drop-in's CSS, minified or not
 * @param {string} script the drop-in's script, without the CSS
 * @returns {Promise<string>} the CSS without the rules, custom properties and keyframes the script cannot use
 */
export async function purgeWidgetCss(css, script) {
  const attributes = [...new Set([...css.matchAll(/\[([a-zA-Z-]+)/g)].map((m) => m[1]))]
  const variables = [...new Set(script.match(/--[a-zA-Z][\w-]*/g) ?? [])]
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: script, extension: 'js' }],
    css: [{ raw: css }],
    variables: true,
    keyframes: true,
    dynamicAttributes: attributes,
    safelist: { standard: [ELEMENT, NOT_GENERATED, /^:?host/, /^:?root/], variables },
  })
  return result?.css ?? css
}
