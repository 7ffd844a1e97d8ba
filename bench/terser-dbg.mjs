import { rollup } from 'rollup'
import { gzipSync } from 'node:zlib'
import { minify } from 'terser'
const { dropInConfig } = await import('../rollup.config.mjs')
const name = process.argv[2]
const cfg = dropInConfig(name, name === 'kit' ? new URL('../widgets/kit.ts', import.meta.url).pathname : undefined)
// no terser in the pipeline: take the plugin list without the minifier
cfg.plugins = cfg.plugins.filter((p) => p && p.name !== 'terser')
const bundle = await rollup({ ...cfg, output: undefined })
const { output } = await bundle.generate({ ...cfg.output, file: undefined, dir: '/tmp/sz' })
const code = output.find((o) => o.type === 'chunk').code
const variants = {
  current: { ecma: 2020, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
  ecma22: { ecma: 2022, module: false, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
  unsafe: {
    ecma: 2020,
    toplevel: true,
    compress: {
      passes: 3,
      unsafe_arrows: true,
      unsafe_methods: true,
      unsafe_comps: true,
      pure_getters: true,
      unsafe: true,
      hoist_funs: false,
    },
    format: { comments: false },
  },
}
for (const [k, o] of Object.entries(variants)) {
  const r = await minify(code, o)
  console.log(k.padEnd(8), r.code.length, gzipSync(r.code, { level: 9 }).length)
}
