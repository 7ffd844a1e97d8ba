// The world's country shapes in svgmap's source, written shorter for the drop-ins (docs/languages-and-themes.md:
// the dc-map and kit scripts keep their byte budgets). svgo's `convertPathData` rewrites each
// path's `d` at the data's own precision (0.1 of svgmap's 2000-unit-wide viewBox): relative or
// absolute commands, whichever is shorter, no separators a number's sign already gives, no
// leading zeros, no repeated commands, straight curves as lines. The shapes do not change;
// test/unit/svgmap-paths.test.ts compares every country's outline before and after.
import { optimize } from 'svgo'

/** Where svgmap 2.x keeps the paths: the `mapPaths` class field, one `'XX': { d: '…' }` per country. */
const FIELD = '\n  mapPaths = {'
const FIELD_END = '\n  };'

/** Decimal places of svgmap's coordinates (its paths are written with one). */
export const MAP_PATH_PRECISION = 1

/** Where the `mapPaths` field starts and ends in svgmap's source; `undefined` when it is missing. */
function fieldBounds(source) {
  const start = source.indexOf(FIELD)
  return start < 0 ? undefined : [start, source.indexOf(FIELD_END, start)]
}

/** Each country's path data in svgmap's source, by ISO 3166-1 alpha-2 code; `undefined` when the field is missing. */
export function mapPathsOf(source) {
  const bounds = fieldBounds(source)
  if (!bounds) return undefined
  const block = source.slice(...bounds)
  const paths = {}
  for (const m of block.matchAll(/'([A-Z0-9]{2})': \{\s*d: '([^']*)'/g)) paths[m[1]] = m[2]
  return paths
}

/** One path's `d`, shortened at {@link MAP_PATH_PRECISION}. */
export function shortenPath(d) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"><path d="${d}"/></svg>`
  const { data } = optimize(svg, {
    multipass: true,
    plugins: [{ name: 'convertPathData', params: { floatPrecision: MAP_PATH_PRECISION, noSpaceAfterFlags: true } }],
  })
  const shortened = / d="([^"]*)"/.exec(data)?.[1]
  if (!shortened) throw new Error(`svgo returned no path for ${d.slice(0, 40)}…`)
  return shortened
}

const done = new Map()

/**
 * svgmap's source with every country path shortened ({@link shortenPath}); cached per source, so
 * one build of many drop-ins optimises the world once.
 *
 * @param {string} source svgmap's `dist/index.js`
 * @returns {string} the same source, paths shortened
 * @throws when the `mapPaths` field is not found (an svgmap upgrade changed its source)
 */
export function shortenMapPaths(source) {
  const cached = done.get(source)
  if (cached) return cached
  const bounds = fieldBounds(source)
  if (!bounds) throw new Error('svgmap: the mapPaths field was not found; check scripts/svgmap-paths.mjs after an upgrade')
  const [start, end] = bounds
  const block = source.slice(start, end).replace(/(d: ')([^']*)(')/g, (_, open, d, close) => open + shortenPath(d) + close)
  const out = source.slice(0, start) + block + source.slice(end)
  done.set(source, out)
  return out
}
