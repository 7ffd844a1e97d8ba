/**
 * Server throughput under the incident spike (docs/operating/cdn.md): for each public endpoint, autocannon
 * (100 connections, loopback, bounded in time) against
 * - the real server (`bench/origin.ts`, its own process) at saturation,
 * - a bare `node:http` process answering the same bytes (`bench/bare.mjs`) at saturation: the floor
 *   (the two alternate twice; the best run of each counts),
 * - the real server and the floor at an offered 1,000 req/s, for their p99 latency and the
 *   server's errors (the floor's p99 shows what the load generator itself adds on this machine).
 * Prints one table: req/s, ratio to bare, p99 at saturation, p99 and errors at 1,000 req/s.
 * Figures only, never assertions. Run alone: `node --import tsx bench/throughput.ts` (needs the build).
 */
import autocannon from 'autocannon'
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The public GETs measured: the answers visitors and drop-ins fetch during an incident. */
export const THROUGHPUT_PATHS = [
  '/api/global',
  '/api/cloud-banner?cloud=auroraedge',
  '/api/dc_map/auroraedgethree',
  '/api/speedometer?cloud=auroraedge',
  '/api/cloud-status?cloud=auroraedgethree&requestType=core_cloud_services&dateOffset=0',
  '/api/cloud-status?cloud=auroraedgethree&requestType=public&dateOffset=0',
  '/api/incident?cloud=auroraedge&page=1',
  '/api/posts/1?cloud=auroraedge',
  '/api/calendar?cloud=auroraedge&type=recent_incident&tz=UTC',
  '/api/basic-page/faq?cloud=auroraedge',
  // Pages: index.html with the frame rendered on the server (server/http/page-render.ts).
  '/auroraedge.net',
  '/auroraedge.net/cloud-status',
  '/rss-feed/incidents',
] as const

/** Seconds each autocannon run lasts. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)

/**
 * Connections of the offered-rate run: 1,000 req/s over 10 connections (100 req/s each). Over 100
 * connections autocannon paces each one at 10 req/s with its own timers, and its bursts alone put
 * the bare floor's p99 at 25–100 ms on a 2-core machine.
 */
const RATE_CONNECTIONS = 10

/** Starts `args` with node and resolves with the child and the port it prints as `PORT <n>`. */
function startChild(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      const m = /PORT (\d+)/.exec(out)
      if (m) resolve({ child, port: Number(m[1]) })
    })
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening`)))
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.removeAllListeners('exit')
    child.on('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

interface Run {
  rps: number
  p99: number
  errors: number
}

async function cannon(url: string, overallRate?: number): Promise<Run> {
  const connections = overallRate ? RATE_CONNECTIONS : 100
  const result = await autocannon({ url, connections, duration: SECONDS, ...(overallRate ? { overallRate } : {}) })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx }
}

/** Measures and prints the throughput table; `site` is the built site folder. */
export async function runThroughput(site: string): Promise<void> {
  const origin = await startChild(['--import', 'tsx', join(root, 'bench/origin.ts'), site])
  const base = `http://127.0.0.1:${origin.port}`
  const answers: Record<string, { type: string; body: string }> = {}
  for (const path of THROUGHPUT_PATHS) {
    const response = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } })
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200) console.warn(`  ${path} answered ${response.status}`)
    answers[path] = { type: response.headers.get('content-type') ?? 'application/json', body: body.toString('base64') }
  }
  const dir = mkdtempSync(join(tmpdir(), 'trust-bench-bare-'))
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers))
  const bare = await startChild([join(root, 'bench/bare.mjs'), join(dir, 'answers.json')])
  try {
    console.log(
      `\nServer throughput (autocannon, 100 connections, ${SECONDS} s per run, loopback; bare = node:http answering the same bytes; @1000/s over ${RATE_CONNECTIONS} connections)`,
    )
    console.log(
      `  ${'endpoint'.padEnd(58)} ${'bytes'.padStart(7)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(5)} ${'p99'.padStart(7)} │ @1000/s p99 ${'(bare)'.padStart(7)} errors`,
    )
    for (const path of THROUGHPUT_PATHS) {
      await cannon(base + path) // warm-up: caches, JIT
      // Server and floor alternate twice, best run of each: the load generator shares the two
      // cores, so single runs drift by a third.
      const runs: Run[] = []
      for (let i = 0; i < 4; i++) runs.push(await cannon(i % 2 ? `http://127.0.0.1:${bare.port}${path}` : base + path))
      const best = (a: Run, b: Run) => (a.rps >= b.rps ? a : b)
      const server = best(runs[0], runs[2])
      const floor = best(runs[1], runs[3])
      const offered = await cannon(base + path, 1000)
      const offeredFloor = await cannon(`http://127.0.0.1:${bare.port}${path}`, 1000)
      const bytes = Buffer.from(answers[path].body, 'base64').length
      console.log(
        `  ${path.slice(0, 58).padEnd(58)} ${String(bytes).padStart(7)} ${server.rps.toFixed(0).padStart(7)} ${floor.rps.toFixed(0).padStart(7)} ${(server.rps / floor.rps).toFixed(2).padStart(5)} ${`${server.p99} ms`.padStart(7)} │ ${`${offered.p99} ms`.padStart(11)} ${`(${offeredFloor.p99} ms)`.padStart(8)} ${String(offered.errors).padStart(6)}`,
      )
    }
  } finally {
    await stop(bare.child)
    await stop(origin.child)
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The public GETs of the database comparison: API answers only (pages add rendering, not reads). */
const DATABASE_PATHS = THROUGHPUT_PATHS.filter((path) => path.startsWith('/api/'))

/**
 * A PostgreSQL database for the bench: a new one on `TEST_DATABASE_URL`'s server when set, else on
 * a throw-away cluster of `scripts/pg-cluster.mjs`; null (with the reason) when neither can be had.
 */
async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> } | { skipped: string }> {
  let admin = process.env.TEST_DATABASE_URL
  let cluster: string | null = null
  if (!admin) {
    cluster = mkdtempSync(join(tmpdir(), 'trust-bench-pg-'))
    try {
      admin = execFileSync(process.execPath, [join(root, 'scripts/pg-cluster.mjs'), 'start', cluster])
        .toString()
        .trim()
    } catch (error) {
      rmSync(cluster, { recursive: true, force: true })
      return { skipped: `no PostgreSQL (${error instanceof Error ? error.message.split('\n')[0] : error})` }
    }
  }
  const name = `trust_bench_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name} TEMPLATE template0`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
      if (cluster) {
        execFileSync(process.execPath, [join(root, 'scripts/pg-cluster.mjs'), 'stop', cluster])
        rmSync(cluster, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Public-GET throughput on SQLite and on PostgreSQL (docs/operating/scaling.md), with the origin's response cache
 * off so that every request reads the database (with it on, both answer from memory alike).
 * Prints one table; figures only.
 */
export async function runDatabaseThroughput(site: string): Promise<void> {
  const database = await benchDatabase()
  if ('skipped' in database) {
    console.log(`\nPublic GETs on SQLite and PostgreSQL: skipped, ${database.skipped}`)
    return
  }
  const sqlite = await startChild(['--import', 'tsx', join(root, 'bench/origin.ts'), site], { BENCH_RESPONSE_CACHE: 'off' })
  const postgres = await startChild(['--import', 'tsx', join(root, 'bench/origin.ts'), site], {
    BENCH_RESPONSE_CACHE: 'off',
    BENCH_DATABASE_URL: database.url,
  })
  try {
    console.log(
      `\nPublic GETs with the response cache off (every request reads the database; autocannon, 100 connections, ${SECONDS} s, best of 2)`,
    )
    console.log(`  ${'endpoint'.padEnd(58)} ${'SQLite'.padStart(8)} ${'PostgreSQL'.padStart(11)} ${'ratio'.padStart(6)}`)
    for (const path of DATABASE_PATHS) {
      const urls = [`http://127.0.0.1:${sqlite.port}${path}`, `http://127.0.0.1:${postgres.port}${path}`]
      for (const url of urls) await cannon(url) // warm-up
      const runs: Run[] = []
      for (let i = 0; i < 4; i++) runs.push(await cannon(urls[i % 2]))
      const a = Math.max(runs[0].rps, runs[2].rps)
      const b = Math.max(runs[1].rps, runs[3].rps)
      const errors = runs.reduce((n, r) => n + r.errors, 0)
      console.log(
        `  ${path.slice(0, 58).padEnd(58)} ${a.toFixed(0).padStart(8)} ${b.toFixed(0).padStart(11)} ${(b / a).toFixed(2).padStart(6)}${errors ? `  (${errors} errors)` : ''}`,
      )
    }
  } finally {
    await stop(sqlite.child)
    await stop(postgres.child)
    await database.drop()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runThroughput(join(root, 'dist/site'))
  await runDatabaseThroughput(join(root, 'dist/site'))
}
