import { rollup } from 'rollup'
import { gzipSync } from 'node:zlib'
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping'
const { dropInConfig } = await import('/work/main/rollup.config.mjs')
const name = process.argv[2]
const cfg = dropInConfig(name, name === 'kit' ? '/work/main/widgets/kit.ts' : undefined)
const bundle = await rollup({ ...cfg, output: undefined })
const { output } = await bundle.generate({ ...cfg.output, sourcemap: true, file: undefined, dir: '/tmp/sz' })
const chunk = output.find((o) => o.type === 'chunk')
const code = chunk.code
const map = new TraceMap(chunk.map)
const lines = code.split('\n')
const lineStarts = []
let off = 0
for (const l of lines) {
  lineStarts.push(off)
  off += l.length + 1
}
const bytes = new Map()
const _prev = null
const segs = []
eachMapping(map, (m) => {
  segs.push({ pos: lineStarts[m.generatedLine - 1] + m.generatedColumn, src: m.source })
})
segs.sort((a, b) => a.pos - b.pos)
for (let i = 0; i < segs.length; i++) {
  const end = i + 1 < segs.length ? segs[i + 1].pos : code.length
  const src = (segs[i].src || '?').replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')
  const key = src
  bytes.set(key, (bytes.get(key) || 0) + (end - segs[i].pos))
}
console.log('total raw', code.length, 'gzip', gzipSync(code).length)
for (const [k, v] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 80)) console.log(String(v).padStart(7), k)
