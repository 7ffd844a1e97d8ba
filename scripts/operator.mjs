// The operators' commands, `npm run catalog`, `npm run traffic` and `npm run publish:record`
// (docs/operating/catalogue.md): `node scripts/operator.mjs <catalog|traffic|publish> [args…]`.
// In a checkout with the development tools the command runs from its TypeScript source through
// tsx, so it is always the current code; in a deployment installed with `npm install --omit=dev`
// it runs the compiled copy in dist/server/scripts/ (`npm run build`) with plain `node`.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const COMMANDS = ['catalog', 'traffic', 'publish']
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const [name, ...args] = process.argv.slice(2)
if (!COMMANDS.includes(name)) {
  console.error(`Usage: node scripts/operator.mjs <${COMMANDS.join('|')}> [arguments]`)
  process.exit(2)
}
const compiled = join(root, 'dist/server/scripts', `${name}.js`)
const withTsx = existsSync(join(root, 'node_modules/tsx'))
if (!withTsx && !existsSync(compiled)) {
  console.error(`${compiled} is missing: run \`npm run build\` (with the development tools installed) first.`)
  process.exit(1)
}
const command = withTsx ? ['--import', 'tsx', join(root, 'scripts', `${name}.ts`)] : [compiled]
const run = spawnSync(process.execPath, [...command, ...args], { stdio: 'inherit' })
process.exit(run.status ?? 1)
