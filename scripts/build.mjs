// `npm run build`: the drop-in scripts and the site shell into dist/site, the npm package's
// modules into dist/pkg (rollup.config.mjs; one rollup run builds every configuration), the
// shell's static files, the package's type declarations (tsconfig.pkg.json) and
// custom-elements.json (scripts/manifest.ts), also served at /widgets/custom-elements.json, and
// last the brotli and gzip copies of every text file over 1 KB (scripts/compress.mjs).
// The server, compiled for plain `node`, into dist/server (rollup.config.mjs `serverConfig`), with
// the JSON files it reads from disk beside its modules.
// TRUST_BUILD_ONLY=widgets|shell|package|server limits the rollup part (development only).
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist/site')

// Remove exactly what this run rebuilds, so a partial build keeps the rest of dist/.
const only = process.env.TRUST_BUILD_ONLY
const remove = (path) => rmSync(path, { recursive: true, force: true })
if (!only || only === 'package') remove(join(root, 'dist/pkg'))
if (!only || only === 'shell') remove(join(root, 'dist/ssr'))
if (!only || only === 'server') remove(join(root, 'dist/server'))
if (!only) remove(out)
else if (only === 'widgets') remove(join(out, 'widgets'))
else if (only === 'shell' && existsSync(out)) {
  for (const entry of readdirSync(out)) if (entry !== 'widgets') remove(join(out, entry))
}
mkdirSync(out, { recursive: true })
const started = Date.now()
const rollup = spawnSync(process.execPath, [join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], {
  cwd: root,
  stdio: 'inherit',
})
if (rollup.status !== 0) process.exit(rollup.status ?? 1)

/** Copies every `.json` file under `dir` to the same path under dist/server (files the server reads by path). */
function copyJson(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) copyJson(path)
    else if (entry.name.endsWith('.json')) cpSync(path, join(root, 'dist/server', relative(root, path)))
  }
}
if (!only || only === 'server') for (const dir of ['server', 'contract']) copyJson(join(root, dir))
if (only === 'server') process.exit(0)
cpSync(join(root, 'shell/public'), out, { recursive: true })

/** Runs a step of the build; a failure ends the build with its exit code. */
function step(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
step([join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.pkg.json'])
step(['--import', 'tsx', join(root, 'scripts/manifest.ts')])
mkdirSync(join(out, 'widgets'), { recursive: true })
copyFileSync(join(root, 'custom-elements.json'), join(out, 'widgets/custom-elements.json'))
// Last: the .br / .gz copies of what the steps above wrote (scripts/compress.mjs).
step([join(root, 'scripts/compress.mjs'), out])
console.log(`Built dist/site in ${((Date.now() - started) / 1000).toFixed(1)} s`)
