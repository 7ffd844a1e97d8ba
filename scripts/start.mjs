// `npm start`: runs the compiled server (dist/server/server/main.js) with plain `node`, no
// TypeScript loader: it migrates its database at every start and, outside production, seeds the
// demo vendor into an empty one. PORT (default 8080) and DATA_DIR (default ./data); see
// docs/operating/configuration.md.
// In a checkout with the build tools (devDependencies), a tree not built yet is built first
// (`npm run build`), a server whose sources changed since is compiled again, and TRUST_REBUILD=1
// builds everything again. A deployment installed with `npm install --omit=dev` brings its dist/.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const main = join(root, 'dist/server/server/main.js')
const tools = existsSync(join(root, 'node_modules/rollup'))

/** The newest modification time of the TypeScript files under `dir` (0 without any). */
function newest(dir) {
  let time = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) time = Math.max(time, newest(path))
    else if (entry.name.endsWith('.ts')) time = Math.max(time, statSync(path).mtimeMs)
  }
  return time
}

/** Runs `npm run build` (`only`: one part, scripts/build.mjs TRUST_BUILD_ONLY); a failure ends the start. */
function build(only) {
  const env = only ? { ...process.env, TRUST_BUILD_ONLY: only } : process.env
  const run = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit', env })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

const built = existsSync(join(root, 'dist/site/index.html')) && existsSync(main)
if (!built || process.env.TRUST_REBUILD === '1') {
  if (!tools) {
    console.error('dist/ is missing or incomplete and the build tools are not installed: run `npm install` and `npm run build`.')
    process.exit(1)
  }
  console.log('Building the site and the server (first start)…')
  build()
} else if (tools && Math.max(...['server', 'contract'].map((dir) => newest(join(root, dir)))) > statSync(main).mtimeMs) {
  // A checkout whose server sources changed since the last build.
  console.log('Compiling the server again (its sources changed)…')
  build('server')
}
const server = spawn(process.execPath, [main], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
