// A deployment of the built tree (docs/operating/configuration.md): what a server needs is
// copied to a new folder and `npm install --omit=dev` installs the run-time packages
// (package.json `dependencies`), nothing of the build or the tests. `npm start` runs the
// compiled server with plain `node` in production on an empty SQLite database: pages are
// rendered on the server and the public API answers; then `npm run catalog` (compiled too)
// imports the operator's own catalogue and the started site serves it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '../..')

/** What a deployment copies from a built checkout; everything else comes from `npm install --omit=dev`. */
export const DEPLOYMENT_FILES = [
  'package.json',
  'package-lock.json',
  'scripts/start.mjs',
  'scripts/operator.mjs',
  'dist/server',
  'dist/site',
  'dist/ssr',
]

/** better-sqlite3's compiled add-on, relative to its package folder. */
const SQLITE_ADDON = 'build/Release/better_sqlite3.node'

type Context = { folder: string; dataDir: string; server?: ChildProcess; errors: string }
const deploy = suite<Context>('deployment', { folder: '', dataDir: '', errors: '' })

deploy.before((ctx) => {
  for (const file of DEPLOYMENT_FILES) assert.ok(existsSync(join(root, file)), `${file} is missing: run \`npm run build\` first`)
  ctx.folder = mkdtempSync(join(tmpdir(), 'trust-deploy-'))
  ctx.dataDir = join(ctx.folder, 'data')
  for (const file of DEPLOYMENT_FILES) cpSync(join(root, file), join(ctx.folder, file), { recursive: true })
  // From npm's cache, without the network. The one install script of the run-time packages is
  // better-sqlite3's, which compiles its add-on (minutes); the checkout's add-on is that same
  // build (same package version from the lock file, same Node), so it is copied instead.
  execFileSync('npm', ['install', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: ctx.folder,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const addon = join(ctx.folder, 'node_modules/better-sqlite3', SQLITE_ADDON)
  mkdirSync(dirname(addon), { recursive: true })
  copyFileSync(join(root, 'node_modules/better-sqlite3', SQLITE_ADDON), addon)
})

deploy.after((ctx) => {
  const server = ctx.server
  if (server?.pid && server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL')
  rmSync(ctx.folder, { recursive: true, force: true })
})

/** The environment of the deployment's commands: production, its own database folder. */
function production(ctx: Context): NodeJS.ProcessEnv {
  const { TRUST_SKIP_BUILD: _skip, NODE_OPTIONS: _options, ...env } = process.env
  return { ...env, NODE_ENV: 'production', DATA_DIR: ctx.dataDir, PUBLIC_URL: 'https://trust.example' }
}

/** GET on the deployed server: status, content type and body. */
function fetchText(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }))
    }).on('error', reject)
  })
}

deploy('installs the run-time packages only: no TypeScript loader, compiler, bundler or test tool', (ctx) => {
  for (const name of ['fastify', 'kysely', 'better-sqlite3', 'nodemailer', 'react-dom']) {
    assert.ok(existsSync(join(ctx.folder, 'node_modules', name)), `${name} is installed`)
  }
  for (const name of ['tsx', 'typescript', 'rollup', 'esbuild', 'uvu', 'playwright-core', '@biomejs/biome']) {
    assert.not.ok(existsSync(join(ctx.folder, 'node_modules', name)), `${name} must not be installed`)
  }
})

/**
 * Runs `npm start` in the deployment on a free port until the test ends it; resolves with the
 * server's origin once it prints its address.
 */
async function start(ctx: Context): Promise<string> {
  const server = spawn('npm', ['start'], {
    cwd: ctx.folder,
    env: { ...production(ctx), PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  ctx.server = server
  ctx.errors = ''
  server.stderr?.on('data', (chunk) => {
    ctx.errors += chunk
  })
  return new Promise<string>((resolve, reject) => {
    let out = ''
    server.stdout?.on('data', (chunk) => {
      out += chunk
      const port = /listening on http:\/\/localhost:(\d+)/.exec(out)?.[1]
      if (port) resolve(`http://127.0.0.1:${port}`)
    })
    server.on('exit', (code) => reject(new Error(`npm start ended (${code}) before listening:\n${out}\n${ctx.errors}`)))
  })
}

/** Ends the server `start` ran (SIGTERM to npm, the start script and the server) and waits for it. */
async function stop(ctx: Context): Promise<void> {
  const server = ctx.server!
  const stopped = new Promise((resolve) => server.on('exit', resolve))
  process.kill(-(server.pid as number), 'SIGTERM')
  await stopped
}

deploy('`npm start` on an empty database: the site rendered on the server, the public API as JSON', async (ctx) => {
  const origin = await start(ctx)
  const page = await fetchText(`${origin}/`)
  assert.is(page.status, 200)
  assert.match(page.type, /^text\/html/)
  assert.match(page.body, /<title>[^<]+<\/title>/)
  // Rendered on the server (dist/ssr with React from the run-time packages), not the empty shell.
  assert.match(page.body, /<script type="application\/json" id="trust-page-data">/)
  assert.not.match(page.body, /<div id="app"><\/div>/)

  const api = await fetchText(`${origin}/api/global`)
  assert.is(api.status, 200)
  assert.match(api.type, /^application\/json/)
  assert.equal((JSON.parse(api.body) as { data: { clouds: unknown[] } }).data.clouds, [])
  assert.not.match(ctx.errors, /Error|ERR_/, ctx.errors)
  await stop(ctx)
})

deploy("`npm run catalog` imports the operator's own catalogue; the started site serves it", async (ctx) => {
  const fixture = join(root, 'test/fixtures/own-catalog.json')
  const out = execFileSync('npm', ['run', '--silent', 'catalog', '--', 'import', fixture], {
    cwd: ctx.folder,
    env: production(ctx),
    encoding: 'utf8',
  })
  assert.match(out, /imported/)
  const origin = await start(ctx)
  const page = await fetchText(`${origin}/`)
  assert.is(page.status, 200)
  assert.match(page.type, /^text\/html/)
  const api = await fetchText(`${origin}/api/global`)
  assert.is(api.status, 200)
  const global = JSON.parse(api.body) as { data: { clouds: { domain: string }[] } }
  assert.equal(
    global.data.clouds.map((cloud) => cloud.domain),
    ['nimbusone.net'],
  )
  assert.not.match(ctx.errors, /Error|ERR_/, ctx.errors)
  await stop(ctx)
})

deploy.run()
