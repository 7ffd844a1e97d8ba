// The drop-ins' world map (docs/languages-and-themes.md budgets): the build writes svgmap's country paths shorter
// (scripts/svgmap-paths.mjs) and every country keeps its outline: the same outer box and the
// same area, to the data's own precision (0.1 of svgmap's 2000-unit-wide viewBox).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import svgpath from 'svgpath'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mapPathsOf, shortenMapPaths, shortenPath } from '../../scripts/svgmap-paths.mjs'

const require = createRequire(import.meta.url)
const source = readFileSync(require.resolve('svgmap'), 'utf8')

/** A path's outer box and the summed area of its rings (curves by their end points), in viewBox units. */
function outline(d: string) {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  let area = 0
  let ring: [number, number][] = []
  const close = () => {
    let twice = 0
    for (let i = 0; i < ring.length; i++) {
      const [x1, y1] = ring[i]!
      const [x2, y2] = ring[(i + 1) % ring.length]!
      twice += x1 * y2 - x2 * y1
    }
    area += Math.abs(twice) / 2
    ring = []
  }
  svgpath(d)
    .abs()
    .unshort()
    .iterate((segment: (string | number)[], _index: number, x: number, y: number) => {
      const command = segment[0]
      if (command === 'M' && ring.length) close()
      if (command === 'Z') return
      const end: [number, number] =
        command === 'H'
          ? [segment[1] as number, y]
          : command === 'V'
            ? [x, segment[1] as number]
            : [segment.at(-2) as number, segment.at(-1) as number]
      ring.push(end)
      minX = Math.min(minX, end[0])
      maxX = Math.max(maxX, end[0])
      minY = Math.min(minY, end[1])
      maxY = Math.max(maxY, end[1])
    })
  if (ring.length) close()
  return { minX, minY, maxX, maxY, area }
}

test('every country keeps its outline: the same box within 0.15 units and the same area within 0.5 %', () => {
  const before = mapPathsOf(source)!
  const after = mapPathsOf(shortenMapPaths(source))!
  assert.ok(Object.keys(before).length > 200, 'svgmap has the world')
  assert.equal(Object.keys(after), Object.keys(before), 'no country lost')
  for (const [code, d] of Object.entries(before)) {
    const a = outline(d)
    const b = outline(after[code]!)
    for (const side of ['minX', 'minY', 'maxX', 'maxY'] as const) {
      assert.ok(Math.abs(a[side] - b[side]) <= 0.15, `${code} ${side}: ${a[side]} → ${b[side]}`)
    }
    assert.ok(Math.abs(a.area - b.area) <= Math.max(0.5, a.area * 0.005), `${code} area: ${a.area} → ${b.area}`)
  }
})

test('the paths are shorter, and nothing but the paths changes', () => {
  const shortened = shortenMapPaths(source)
  const length = (paths: Record<string, string>) => Object.values(paths).join('').length
  const [before, after] = [length(mapPathsOf(source)!), length(mapPathsOf(shortened)!)]
  assert.ok(after < before * 0.8, `${before} → ${after} characters of paths`)
  const strip = (code: string) => code.replace(/d: '[^']*'/g, "d: ''")
  assert.is(strip(shortened), strip(source))
})

test('one path: separators and leading zeros go, the coordinates stay', () => {
  assert.is(shortenPath('M1369.9,333.8h-5.4l-3.8-0.5l-2.5,2.9z'), 'M1369.9 333.8h-5.4l-3.8-.5-2.5 2.9z')
})

test('an svgmap whose paths moved fails loudly', () => {
  assert.throws(() => shortenMapPaths('class svgMap {}'), /mapPaths field was not found/)
})

test.run()
