// `npm run build`: the drop-in scripts and the site shell into dist/site (rollup.config.mjs),
// then the shell's static files. One rollup run builds every configuration.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist/site')

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const started = Date.now()
const rollup = spawnSync(process.execPath, [join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], {
  cwd: root,
  stdio: 'inherit',
})
if (rollup.status !== 0) process.exit(rollup.status ?? 1)
cpSync(join(root, 'shell/public'), out, { recursive: true })
console.log(`Built dist/site in ${((Date.now() - started) / 1000).toFixed(1)} s`)
