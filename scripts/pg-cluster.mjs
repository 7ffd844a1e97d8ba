#!/usr/bin/env node
// A throw-away PostgreSQL cluster on loopback for tests, benches and trying the scaled-out shape
// locally (docs/operating/scaling.md#scaling-out): Debian's PostgreSQL binaries, a data folder of its own, a free
// port, no system service and no password (trust authentication, 127.0.0.1 only).
//
//   node scripts/pg-cluster.mjs start <folder>   → prints `postgres://postgres@127.0.0.1:<port>/trust`
//   node scripts/pg-cluster.mjs stop <folder>
//
// Run as root (CI), the cluster runs as the `postgres` user, as PostgreSQL refuses root. Settings
// are for throw-away data: no fsync, no synchronous commit.
import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

/** Where Debian puts a PostgreSQL version's server programs (`postgresql-15` in bookworm). */
function binDir() {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : []
  if (versions.length === 0) throw new Error("PostgreSQL's server programs are not installed (Debian: apt-get install postgresql)")
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin')
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

const asRoot = process.getuid?.() === 0
/** Runs a PostgreSQL program, as `postgres` when this process is root. */
function pg(program, args, options = {}) {
  const file = join(binDir(), program)
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...options })
    : execFileSync(file, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
}

async function start(folder) {
  const data = join(folder, 'data')
  mkdirSync(data, { recursive: true })
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(folder, uid, gid)
    chownSync(data, uid, gid)
  }
  chmodSync(data, 0o700)
  pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'])
  const port = await freePort()
  writeFileSync(join(folder, 'port'), String(port))
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${folder}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ')
  pg('pg_ctl', ['-D', data, '-l', join(folder, 'log'), '-o', settings, '-w', 'start'])
  pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'trust'])
  return `postgres://postgres@127.0.0.1:${port}/trust`
}

function stop(folder) {
  pg('pg_ctl', ['-D', join(folder, 'data'), '-m', 'immediate', '-w', 'stop'])
}

const [command, folderArg] = process.argv.slice(2)
if (!folderArg || (command !== 'start' && command !== 'stop')) {
  process.stderr.write('usage: node scripts/pg-cluster.mjs start|stop <folder>\n')
  process.exit(2)
}
const folder = resolve(folderArg)
try {
  if (command === 'start') process.stdout.write(`${await start(folder)}\n`)
  else stop(folder)
} catch (error) {
  process.stderr.write(`${error.stderr?.toString() || ''}${error.message}\n`)
  process.exit(1)
}
