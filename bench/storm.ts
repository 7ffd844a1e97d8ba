/**
 * The notification storm (docs/operating/scaling.md): how fast one published incident reaches N subscribers by
 * mail, and how the public site answers meanwhile. Figures, printed, never asserted.
 *
 * What it measures and how:
 * - **The SMTP server's ceiling**, per answer delay: an SMTP server of its own
 *   (`bench/storm-sink.mjs`, the `smtp-server` package in a child process, accepting every message)
 *   receives {@link CEILING_MAILS} mails of about the size of a notification (~3 KB) from a pooled
 *   nodemailer client in this process keeping 50 messages in flight (`pool: true, maxConnections:
 *   50`), after a warm-up of 500 → mails/s from the first send to the last 250 OK; the median of
 *   five rounds. `--delay 20` makes the server wait 20 ms after each message's data before its
 *   250 OK, like a relay 20 ms away (the other commands are answered at once, so a real relay at
 *   that distance, slow on every round trip, costs a one-at-a-time sender more).
 * - **One storm run** per (subscribers N, database, origins, delay): a throw-away database (SQLite
 *   in a temporary `DATA_DIR`, or a new PostgreSQL database on a throw-away cluster of
 *   `scripts/pg-cluster.mjs`, or on `TEST_DATABASE_URL`'s server when set); the origin(s)
 *   (`server/main.ts` child processes, `NODE_ENV=development` so the demo seed provides the cloud
 *   `auroraedge` and the administrator `admin`, `SMTP_URL` = a fresh sink with the run's delay,
 *   `SCHEDULER_INTERVAL_MS=86400000`); once they have migrated and seeded, N verified users
 *   `storm-subscriber-{i}@example.com` subscribed to auroraedge's `core_cloud_services`, inserted
 *   with one SQL statement each for users and subscriptions; then one incident on auroraedge
 *   with a core service of that cloud as its term, published through the first origin's admin
 *   API (`POST /api/admin/records`). Times count from the moment the publish request is sent:
 *   its answer (publish ms), the first and the last of the N mails accepted by the sink, mails/s
 *   (mails accepted ÷ time to the last), its ratio to the ceiling at the same delay. A run
 *   stops at `--cap` seconds from the publish request (also when the publish has not answered by
 *   then) and reports how many had arrived; its mails/s is then that number ÷ the cap. The sink counts per recipient:
 *   duplicates (messages beyond the first per subscriber, counted 2 s after the last) and missing
 *   subscribers. Mails to anyone else (demo accounts) are not counted.
 * - **Public GETs during the storm**, on every origin from the publish to the last mail (or the
 *   cap): `--rate` requests per second (default 20) to each of two answers, each over its own
 *   keep-alive agent of at most 4 connections, timed from the request's start to the last byte
 *   (a request waiting for a free connection counts its wait):
 *   cached `/api/incident?cloud=auroraedge&page=1` (one URL: the origin's response cache answers
 *   it from memory after the publish cleared it and one request refilled it), uncached
 *   `/api/incident?cloud=auroraedge&page=1&storm={n}` (the same list; the response cache is keyed
 *   by the whole URL, so every request is a miss that reads the database, renders and compresses).
 *   p50/p99/max ms per answer; errors are answers other than 200, resets and requests unanswered
 *   30 s after they got a connection.
 *
 * Run: `npm run bench:storm -- [flags]`, or `node --import tsx bench/storm.ts [flags]`;
 * `BENCH_STORM=1 npm run bench` runs the default matrix as the last section of `npm run bench`.
 * Flags (comma lists):
 *   --subscribers 1000,10000,100000   subscriber counts (default these three)
 *   --db sqlite,postgres              databases
 *   --origins 1,2                     origins per run (SQLite runs one origin only)
 *   --delay 0,20                      the SMTP server's answer delay, ms (default 0 and 20)
 *   --cap 300                         longest storm, s (default 300)
 *   --rate 20                         public GETs per second per answer and origin (default 20)
 * Without --db and --origins the runs are SQLite with 1 origin and PostgreSQL with 1 and 2
 * origins; with either, every combination of the two lists (SQLite with 2 origins skipped).
 * Prints `uptime` before and after, the ceilings, and one table row per run.
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import SQLite from 'better-sqlite3'
import nodemailer from 'nodemailer'
import pg from 'pg'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Mails of the ceiling measurement (after a warm-up of {@link CEILING_WARMUP}). */
const CEILING_MAILS = 2000
const CEILING_WARMUP = 500
/** Rounds of the ceiling measurement; the median counts. */
const CEILING_ROUNDS = 5
/** Messages the ceiling's client keeps in flight (its pool's connections). */
const CEILING_IN_FLIGHT = 50
/** Wait after the last expected mail for late duplicates, ms. */
const DUPLICATE_GRACE_MS = 2000
/** A public GET unanswered after this long counts as an error, ms. */
const GET_TIMEOUT_MS = 30_000
/** Connections per answer and origin of the public GET load. */
const GET_CONNECTIONS = 4
/** Longest an origin may take to migrate, seed and listen, ms. */
const ORIGIN_START_MS = 180_000
/** Longest an origin may take to close before it is killed, ms. */
const ORIGIN_STOP_MS = 10_000
const SUBSCRIBER_PREFIX = 'storm-subscriber-'
const CACHED_PATH = '/api/incident?cloud=auroraedge&page=1'
/** The incident's summary: about what a first incident post says, so a mail is about 3 KB as in {@link ceilingMail}. */
const INCIDENT_SUMMARY =
  'We are investigating degraded performance of a core service of AuroraEdge in several regions. Customers may see ' +
  'elevated error rates and latency when signing in, creating or updating resources, and calling the management API. ' +
  'Workloads that are already running are not affected. Our engineers have identified a faulty configuration change ' +
  'and are rolling it back region by region; the first regions already show recovery. The next update follows within ' +
  '30 minutes, or sooner when the state changes.'

export type StormDatabase = 'sqlite' | 'postgres'

export interface StormOptions {
  subscribers: number[]
  /** (database, origins) pairs, in run order. */
  shapes: Array<{ db: StormDatabase; origins: number }>
  delays: number[]
  /** Longest storm, seconds. */
  capSeconds: number
  /** Public GETs per second per answer and origin. */
  rate: number
}

/** The issue's matrix. */
export const DEFAULT_STORM: StormOptions = {
  subscribers: [1000, 10_000, 100_000],
  shapes: [
    { db: 'sqlite', origins: 1 },
    { db: 'postgres', origins: 1 },
    { db: 'postgres', origins: 2 },
  ],
  delays: [0, 20],
  capSeconds: 300,
  rate: 20,
}

/** Epoch ms with sub-millisecond precision; the sink uses the same clock. */
const clock = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

// ---------------------------------------------------------------------------------------------
// Everything started here, stopped on the way out whatever happens.

const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()
let cluster: string | null = null

/** Kills what is left, synchronously (also from `exit`). */
function cleanupNow(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  children.clear()
  if (cluster) {
    try {
      execFileSync(process.execPath, [join(root, 'scripts/pg-cluster.mjs'), 'stop', cluster], { stdio: 'ignore' })
    } catch {
      // already stopped
    }
    tempDirs.add(cluster)
    cluster = null
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `trust-storm-${name}-`))
  tempDirs.add(dir)
  return dir
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

/** SIGTERM, then SIGKILL after `ms`; resolves once it has exited. */
async function stopChild(child: ChildProcess, ms = ORIGIN_STOP_MS): Promise<void> {
  if (!exited(child)) {
    const gone = new Promise<void>((done) => child.once('exit', () => done()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), ms)
    await gone
    clearTimeout(timer)
  }
  children.delete(child)
}

// ---------------------------------------------------------------------------------------------
// The SMTP sink (bench/storm-sink.mjs).

interface SinkStats {
  accepted: number
  recipients: number
  unique: number
  others: number
  first: number | null
  last: number | null
  bytes: number
  concurrent: number
}

interface Sink {
  port: number
  reset(prefix: string): void
  /** Resolves once `n` distinct recipients with the prefix are in. */
  reached(n: number): Promise<void>
  stats(): Promise<SinkStats>
  stop(): Promise<void>
}

async function startSink(delay: number): Promise<Sink> {
  const child = fork(join(root, 'bench/storm-sink.mjs'), ['--delay', String(delay)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  children.add(child)
  const statsWaiters: Array<(s: SinkStats) => void> = []
  let reachedWaiter: (() => void) | null = null
  const port = await new Promise<number>((resolvePort, reject) => {
    child.on('message', (message: any) => {
      if (message.type === 'ready') resolvePort(message.port)
      else if (message.type === 'stats') statsWaiters.shift()?.(message)
      else if (message.type === 'reached') reachedWaiter?.()
    })
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code}) before listening`)))
  })
  return {
    port,
    reset: (prefix) => child.send({ type: 'reset', prefix }),
    reached: (n) =>
      new Promise<void>((done) => {
        reachedWaiter = done
        child.send({ type: 'expect', n })
      }),
    stats: () =>
      new Promise<SinkStats>((done) => {
        statsWaiters.push(done)
        child.send({ type: 'stats' })
      }),
    stop: () => stopChild(child, 2000),
  }
}

// ---------------------------------------------------------------------------------------------
// The ceiling.

/** A mail like a notification: ~1 KB of text, ~2 KB of HTML, the one-click unsubscribe headers. */
function ceilingMail(i: number) {
  const token = randomBytes(32).toString('base64url')
  const paragraph =
    'We are investigating degraded performance of Compute in several regions of AuroraEdge. Customers may see elevated ' +
    'error rates and latency when creating or updating instances. The next update follows within 30 minutes. '
  return {
    from: 'AuroraEdge <no-reply@localhost>',
    to: `ceiling-${i}@example.com`,
    subject: '[AuroraEdge] Incident: Degraded performance of Compute (In Progress)',
    text: `${paragraph.repeat(3)}\n\nUnsubscribe: http://localhost/unsubscribe/${token}\n`,
    html: `<!doctype html><html><body><div style="font-family:sans-serif;max-width:600px"><h1>Degraded performance of Compute</h1>${`<p style="margin:0 0 12px">${paragraph}</p>`.repeat(
      5,
    )}<p><a href="http://localhost/unsubscribe/${token}">Unsubscribe</a></p></div></body></html>`,
    headers: {
      'List-Unsubscribe': `<http://localhost/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: `<ceiling-${i}.${Date.now()}@localhost>`,
  }
}

interface Ceiling {
  /** Median of {@link CEILING_ROUNDS} rounds, mails/s. */
  rate: number
  rounds: number[]
  /** Mean message size, bytes. */
  bytes: number
}

/** The sink's ceiling at `delay`: see the module comment. */
export async function measureCeiling(delay: number): Promise<Ceiling> {
  const sink = await startSink(delay)
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CEILING_IN_FLIGHT,
    maxMessages: Number.POSITIVE_INFINITY,
  })
  try {
    sink.reset('ceiling-')
    await Promise.all(Array.from({ length: CEILING_WARMUP }, (_, i) => transport.sendMail(ceilingMail(i))))
    const rounds: number[] = []
    let bytes = 0
    for (let round = 0; round < CEILING_ROUNDS; round++) {
      sink.reset('ceiling-')
      const start = clock()
      await Promise.all(Array.from({ length: CEILING_MAILS }, (_, i) => transport.sendMail(ceilingMail(i))))
      const stats = await sink.stats()
      rounds.push(stats.accepted / (((stats.last ?? clock()) - start) / 1000))
      bytes = stats.bytes / Math.max(1, stats.accepted)
    }
    return { rate: [...rounds].sort((a, b) => a - b)[Math.floor(CEILING_ROUNDS / 2)], rounds, bytes }
  } finally {
    transport.close()
    await sink.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// Databases and origins.

/** The server of the PostgreSQL databases: `TEST_DATABASE_URL`, else a throw-away cluster started once. */
function postgresServer(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  if (!cluster) {
    const folder = mkdtempSync(join(tmpdir(), 'trust-storm-pg-'))
    cluster = folder
    postgresAdmin = execFileSync(process.execPath, [join(root, 'scripts/pg-cluster.mjs'), 'start', folder])
      .toString()
      .trim()
  }
  return postgresAdmin
}
let postgresAdmin = ''

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

interface Origin {
  child: ChildProcess
  base: string
  /** The last few KB of its output, for errors. */
  output(): string
}

/** Starts `server/main.ts` with `env` on a free port; resolves once it listens. */
async function startOrigin(env: Record<string, string>, started: ChildProcess[]): Promise<Origin> {
  const clean = { ...process.env }
  for (const name of [
    'DATABASE_URL',
    'DATA_DIR',
    'SMTP_URL',
    'PUBLIC_URL',
    'MAIL_FROM',
    'RESPONSE_CACHE_BYTES',
    'LOG_LEVEL',
    'PORT',
    'HOST',
  ]) {
    delete clean[name]
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...clean, ...env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', SCHEDULER_INTERVAL_MS: '86400000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  started.push(child)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
    if (process.env.STORM_DEBUG) process.stderr.write(`[origin ${child.pid}] ${chunk}`)
  }
  child.stderr!.on('data', keep)
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`origin did not listen within ${ORIGIN_START_MS} ms: ${output}`)), ORIGIN_START_MS)
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk)
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolvePort(Number(m[1]))
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`origin exited (${code ?? signal}) before listening: ${output}`))
    })
  })
  return { child, base: `http://127.0.0.1:${port}`, output: () => output }
}

/** The storm's subscribers and the incident's term, written straight into the database. */
async function seedSubscribers(
  db: StormDatabase,
  location: string,
  n: number,
): Promise<{ serviceTid: number; serviceName: string; insertMs: number }> {
  const start = clock()
  const pick = `select cs.service_tid as tid, s.name as name from cloud_services cs join services s on s.tid = cs.service_tid
     where cs.cloud_id = $cloud and cs.active = 1 order by cs.sort, cs.service_tid limit 1`
  if (db === 'sqlite') {
    const sqlite = new SQLite(location)
    try {
      sqlite.pragma('busy_timeout = 10000')
      const cloud = sqlite.prepare("select id from clouds where machine_name = 'auroraedge'").get() as { id: number }
      const service = sqlite.prepare(pick.replace('$cloud', '?')).get(cloud.id) as { tid: number; name: string }
      sqlite.transaction(() => {
        sqlite
          .prepare(
            `with recursive g(i) as (select 1 union all select i + 1 from g where i < ?)
             insert into users (name, mail, pass_hash, verified, timezone, created)
             select '${SUBSCRIBER_PREFIX}' || i, '${SUBSCRIBER_PREFIX}' || i || '@example.com', 'x', 1, 'UTC', 0 from g`,
          )
          .run(n)
        sqlite
          .prepare(
            `insert into subscriptions (uid, cloud_id, target, created)
             select uid, ?, 'core_cloud_services', 0 from users where name like '${SUBSCRIBER_PREFIX}%'`,
          )
          .run(cloud.id)
      })()
      return { serviceTid: service.tid, serviceName: service.name, insertMs: clock() - start }
    } finally {
      sqlite.close()
    }
  }
  const client = new pg.Client({ connectionString: location })
  await client.connect()
  try {
    const cloud = (await client.query("select id from clouds where machine_name = 'auroraedge'")).rows[0] as { id: number }
    const service = (await client.query(pick.replace('$cloud', '$1'), [cloud.id])).rows[0] as { tid: number; name: string }
    await client.query('begin')
    await client.query(
      `insert into users (name, mail, pass_hash, verified, timezone, created)
       select '${SUBSCRIBER_PREFIX}' || g, '${SUBSCRIBER_PREFIX}' || g || '@example.com', 'x', 1, 'UTC', 0
       from generate_series(1, $1::int) g`,
      [n],
    )
    await client.query(
      `insert into subscriptions (uid, cloud_id, target, created)
       select uid, $1, 'core_cloud_services', 0 from users where name like '${SUBSCRIBER_PREFIX}%'`,
      [cloud.id],
    )
    await client.query('commit')
    await client.query('analyze users')
    await client.query('analyze subscriptions')
    return { serviceTid: service.tid, serviceName: service.name, insertMs: clock() - start }
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------------------------
// Public GET load.

interface GetLoad {
  /** Stops sending and resolves once every request has ended. */
  stop(): Promise<void>
  latencies: number[]
  errors: number
  /** Error kinds and counts, e.g. `ECONNRESET (socket hang up)`, `HTTP 503`, `no answer within 30 s`. */
  kinds: Map<string, number>
}

/** `rate` GETs per second to `pathOf(n)` on `base` over a keep-alive agent of {@link GET_CONNECTIONS} connections. */
function startGetLoad(base: string, pathOf: (n: number) => string, rate: number): GetLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: GET_CONNECTIONS })
  const url = new URL(base)
  const load: GetLoad = {
    latencies: [],
    errors: 0,
    kinds: new Map(),
    stop: async () => undefined,
  }
  const running = new Set<Promise<void>>()
  const fail = (kind: string) => {
    load.errors++
    load.kinds.set(kind, (load.kinds.get(kind) ?? 0) + 1)
  }
  let n = 0
  const one = () => {
    const start = clock()
    const path = pathOf(n++)
    const done = new Promise<void>((settle) => {
      // One outcome per request: destroying a timed-out request also emits an error.
      let over = false
      const end = (error?: string) => {
        if (over) return
        over = true
        if (error === undefined) load.latencies.push(clock() - start)
        else fail(error)
        settle()
      }
      const failure = (error: NodeJS.ErrnoException) => end(error.code ? `${error.code} (${error.message})` : error.message)
      const req = httpRequest(
        { host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'br, gzip' }, timeout: GET_TIMEOUT_MS },
        (res) => {
          res.on('data', () => undefined)
          res.on('end', () => end(res.statusCode === 200 ? undefined : `HTTP ${res.statusCode}`))
          res.on('error', failure)
        },
      )
      req.on('timeout', () => {
        end(`no answer within ${GET_TIMEOUT_MS / 1000} s`)
        req.destroy()
      })
      req.on('error', failure)
      req.end()
    })
    running.add(done)
    done.then(() => running.delete(done))
  }
  // A fixed schedule: requests are sent on time whether or not earlier ones have been answered.
  const period = 1000 / rate
  const begun = clock()
  let sent = 0
  let timer: NodeJS.Timeout
  const tick = () => {
    while (sent * period <= clock() - begun) {
      one()
      sent++
    }
    timer = setTimeout(tick, Math.max(1, begun + sent * period - clock()))
  }
  tick()
  load.stop = async () => {
    clearTimeout(timer)
    // Requests still in flight are settled by their own timeout at the latest.
    await Promise.all(running)
    agent.destroy()
  }
  return load
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

// ---------------------------------------------------------------------------------------------
// One run.

interface LatencySummary {
  p50: number
  p99: number
  max: number
  count: number
  errors: number
  kinds: Map<string, number>
}

function summarise(loads: GetLoad[]): LatencySummary {
  const all = loads.flatMap((l) => l.latencies).sort((a, b) => a - b)
  const kinds = new Map<string, number>()
  for (const l of loads) for (const [k, v] of l.kinds) kinds.set(k, (kinds.get(k) ?? 0) + v)
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all.at(-1) ?? Number.NaN,
    count: all.length,
    errors: loads.reduce((s, l) => s + l.errors, 0),
    kinds,
  }
}

export interface StormResult {
  subscribers: number
  db: StormDatabase
  origins: number
  delay: number
  /** Null: no answer within the cap. */
  publishMs: number | null
  /** Seconds from the publish request to the first / last subscriber mail; null: none. */
  firstS: number | null
  lastS: number | null
  /** Subscribers reached (distinct). */
  unique: number
  capped: boolean
  capS: number
  rate: number
  duplicates: number
  missing: number
  others: number
  mailBytes: number
  cached: LatencySummary
  uncached: LatencySummary
  insertMs: number
  /** The 1-minute load average just before the publish (the machine may be shared). */
  load: number
}

/** POSTs `body` as JSON; no time limit (a publish may take minutes), `signal` aborts it. */
function post(url: string, headers: Record<string, string>, body: unknown, signal: AbortSignal): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const payload = Buffer.from(JSON.stringify(body))
    const req = httpRequest(
      url,
      { method: 'POST', signal, headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }))
        res.on('error', fail)
      },
    )
    req.on('error', fail)
    req.end(payload)
  })
}

async function login(base: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'admin', pass: 'Admin12345' }),
  })
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
  const cookie = /^[^;]+/.exec(response.headers.getSetCookie().find((c) => c.startsWith('trust_session=')) ?? '')?.[0] ?? ''
  const csrf = ((await response.json()) as { data: { csrf_token: string } }).data.csrf_token
  return { cookie, csrf }
}

/** One storm run: see the module comment. Cleans up after itself, also on errors. */
export async function runStorm(
  subscribers: number,
  db: StormDatabase,
  originCount: number,
  delay: number,
  options: StormOptions,
): Promise<StormResult> {
  const capMs = options.capSeconds * 1000
  const dataDir = tempDir('data')
  const sink = await startSink(delay)
  const origins: Origin[] = []
  const started: ChildProcess[] = []
  let databaseUrl: string | null = null
  let databaseName: string | null = null
  try {
    const env: Record<string, string> = {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DATA_DIR: dataDir,
      STATIC_DIR: existsSync(join(root, 'dist/site')) ? join(root, 'dist/site') : join(dataDir, 'no-site'),
    }
    if (db === 'postgres') {
      const server = postgresServer()
      databaseName = `trust_storm_${randomBytes(4).toString('hex')}`
      await adminQuery(server, `create database ${databaseName} template template0`)
      const url = new URL(server)
      url.pathname = `/${databaseName}`
      databaseUrl = url.toString()
      env.DATABASE_URL = databaseUrl
    }
    // Together, as in production: the start-up lock lets one migrate and seed while the others wait.
    const starts = await Promise.allSettled(Array.from({ length: originCount }, () => startOrigin(env, started)))
    for (const s of starts) if (s.status === 'rejected') throw s.reason
    origins.push(...starts.map((s) => (s as PromiseFulfilledResult<Origin>).value))
    const seeded = await seedSubscribers(db, databaseUrl ?? join(dataDir, 'trust.sqlite'), subscribers)

    const [first] = origins
    const session = await login(first.base)
    // Warm-up: every origin has generated both answers once (JIT, statement caches).
    for (const o of origins) {
      for (const path of [CACHED_PATH, `${CACHED_PATH}&storm=warm`]) {
        const response = await fetch(o.base + path)
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
        await response.arrayBuffer()
      }
    }

    const load = loadavg()[0]
    sink.reset(SUBSCRIBER_PREFIX)
    const reached = sink.reached(subscribers)
    const start = clock()
    const cached = origins.map((o) => startGetLoad(o.base, () => CACHED_PATH, options.rate))
    const uncached = origins.map((o, i) => startGetLoad(o.base, (n) => `${CACHED_PATH}&storm=${i}-${n}`, options.rate))
    // The cap counts from the publish request: a publish that has not answered by then ends the run too.
    let capTimer: NodeJS.Timeout | undefined
    const cap = new Promise<'cap'>((done) => {
      capTimer = setTimeout(() => done('cap'), capMs)
    })
    const abort = new AbortController()
    const publish = post(
      `${first.base}/api/admin/records`,
      { cookie: session.cookie, 'x-csrf-token': session.csrf },
      {
        type: 'incident',
        title: `Storm: degraded ${seeded.serviceName} (${subscribers} subscribers)`,
        summary: INCIDENT_SUMMARY,
        status: 'In Progress',
        clouds: ['auroraedge'],
        terms: [seeded.serviceTid],
        from: new Date(Date.now() - 60_000).toISOString(),
      },
      abort.signal,
    ).then(({ status, text }) => {
      if (status !== 201) throw new Error(`the publish answered ${status}: ${text}`)
      return clock() - start
    })
    const publishedOrCap = await Promise.race([publish, cap])
    let publishMs: number | null = null
    let capped = true
    if (publishedOrCap === 'cap') {
      publish.catch(() => undefined)
      abort.abort()
    } else {
      publishMs = publishedOrCap
      capped = await Promise.race([reached.then(() => false), cap.then(() => true)])
    }
    clearTimeout(capTimer)
    await Promise.all([...cached, ...uncached].map((l) => l.stop()))
    if (!capped) await sleep(DUPLICATE_GRACE_MS)
    const stats = await sink.stats()
    const unique = stats.unique
    const rate = unique === 0 ? 0 : capped ? unique / options.capSeconds : unique / (((stats.last ?? start) - start) / 1000)
    return {
      subscribers,
      db,
      origins: originCount,
      delay,
      publishMs,
      firstS: stats.first === null ? null : (stats.first - start) / 1000,
      lastS: stats.last === null || capped ? null : (stats.last - start) / 1000,
      unique,
      capped,
      capS: options.capSeconds,
      rate,
      duplicates: stats.recipients - stats.unique,
      missing: subscribers - unique,
      others: stats.others,
      mailBytes: stats.bytes / Math.max(1, stats.accepted),
      cached: summarise(cached),
      uncached: summarise(uncached),
      insertMs: seeded.insertMs,
      load,
    }
  } catch (error) {
    const outputs = origins.map((o) => o.output().trim()).filter(Boolean)
    if (outputs.length && error instanceof Error) error.message += `\norigin output:\n${outputs.join('\n---\n')}`
    throw error
  } finally {
    await Promise.all(started.map((child) => stopChild(child)))
    await sink.stop()
    if (databaseName) await adminQuery(postgresServer(), `drop database if exists ${databaseName} with (force)`).catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    tempDirs.delete(dataDir)
  }
}

// ---------------------------------------------------------------------------------------------
// The table.

const COLUMNS = [
  ['subscribers', 11],
  ['database', 10],
  ['orig', 4],
  ['delay', 5],
  ['publish ms', 10],
  ['first mail s', 12],
  ['all mails s', 34],
  ['mails/s', 7],
  ['ratio', 5],
  ['cached p50/p99/max ms', 22],
  ['uncached p50/p99/max ms', 24],
  ['errors c/u', 10],
  ['dup', 4],
  ['missing', 7],
] as const

const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0))
const triple = (l: LatencySummary) => `${ms(l.p50)}/${ms(l.p99)}/${ms(l.max)}`

function row(cells: string[]): string {
  return cells.map((cell, i) => (i === 1 || i === 6 ? cell.padEnd(COLUMNS[i][1]) : cell.padStart(COLUMNS[i][1]))).join('  ')
}

function formatRow(r: StormResult, ceiling: Ceiling | undefined): string {
  const all = r.capped ? `capped: ${r.unique} of ${r.subscribers} in ${r.capS} s` : r.lastS === null ? '–' : r.lastS.toFixed(1)
  return row([
    r.subscribers.toLocaleString('en'),
    r.db === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    String(r.origins),
    `${r.delay}`,
    r.publishMs === null ? `> ${r.capS * 1000}` : r.publishMs.toFixed(0),
    r.firstS === null ? '–' : r.firstS.toFixed(2),
    all,
    r.rate.toFixed(0),
    ceiling ? (r.rate / ceiling.rate).toFixed(2) : '–',
    triple(r.cached),
    triple(r.uncached),
    `${r.cached.errors}/${r.uncached.errors}`,
    String(r.duplicates),
    String(r.missing),
  ])
}

function uptime(): string {
  try {
    return execFileSync('uptime').toString().trim()
  } catch {
    return '(uptime unavailable)'
  }
}

/** Runs the whole bench for `options` and prints it; see the module comment. */
export async function runStormBench(options: StormOptions = DEFAULT_STORM): Promise<StormResult[]> {
  const onSignal = () => {
    cleanupNow()
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  process.once('exit', cleanupNow)
  const results: StormResult[] = []
  try {
    console.log(
      '\nNotification storm (docs/operating/scaling.md): one incident published to N subscribers; SMTP server of the bench on loopback',
    )
    console.log(`  uptime before: ${uptime()}`)
    const ceilings = new Map<number, Ceiling>()
    for (const delay of options.delays) {
      const ceiling = await measureCeiling(delay)
      ceilings.set(delay, ceiling)
      console.log(
        `  SMTP server ceiling, answer delay ${delay} ms: ${ceiling.rate.toFixed(0)} mails/s (median of ${ceiling.rounds.map((r) => r.toFixed(0)).join(', ')}; ${CEILING_MAILS} mails of ${(ceiling.bytes / 1000).toFixed(1)} KB each, nodemailer pool, ${CEILING_IN_FLIGHT} in flight)`,
      )
    }
    console.log(
      `  times from the publish request; public GETs: ${options.rate}/s per answer and origin, cached ${CACHED_PATH}, uncached the same with &storm={n}`,
    )
    console.log(`  ${row(COLUMNS.map(([name]) => name))}`)
    const notes: string[] = []
    for (const subscribers of options.subscribers) {
      for (const shape of options.shapes) {
        if (shape.db === 'sqlite' && shape.origins > 1) continue
        for (const delay of options.delays) {
          try {
            const r = await runStorm(subscribers, shape.db, shape.origins, delay, options)
            results.push(r)
            console.log(`  ${formatRow(r, ceilings.get(delay))}`)
            const kinds = [
              ...[...r.cached.kinds].map(([k, v]) => `cached ${k} ×${v}`),
              ...[...r.uncached.kinds].map(([k, v]) => `uncached ${k} ×${v}`),
            ]
            notes.push(
              `${subscribers}/${shape.db}/${shape.origins}/${delay}: mails ${(r.mailBytes / 1000).toFixed(1)} KB, ${r.others} to other accounts, ` +
                `GETs answered ${r.cached.count}+${r.uncached.count}${kinds.length ? `, errors: ${kinds.join(', ')}` : ''}, subscribers inserted in ${(r.insertMs / 1000).toFixed(1)} s, ` +
                `load average ${r.load.toFixed(2)} at the publish`,
            )
          } catch (error) {
            console.log(
              `  ${subscribers} ${shape.db} ${shape.origins} origin(s) delay ${delay}: failed: ${error instanceof Error ? error.message : error}`,
            )
          }
        }
      }
    }
    const skipped = options.shapes.filter((s) => s.db === 'sqlite' && s.origins > 1)
    if (skipped.length) console.log('  (SQLite with more than one origin skipped: several origins need PostgreSQL)')
    if (notes.length) console.log(`  notes:\n${notes.map((n) => `    ${n}`).join('\n')}`)
    console.log(`  uptime after: ${uptime()}`)
  } finally {
    cleanupNow()
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    process.off('exit', cleanupNow)
  }
  return results
}

/** The options of the command line (see the module comment). */
export function parseStormArgs(argv: string[]): StormOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      subscribers: { type: 'string' },
      db: { type: 'string' },
      origins: { type: 'string' },
      delay: { type: 'string' },
      cap: { type: 'string' },
      rate: { type: 'string' },
    },
    strict: true,
  })
  const numbers = (name: string, raw: string | undefined, fallback: number[], min: number): number[] => {
    if (raw === undefined) return fallback
    const list = raw.split(',').map((s) => Number(s.trim()))
    if (list.some((n) => !Number.isInteger(n) || n < min))
      throw new Error(`--${name} takes a comma list of integers ≥ ${min}, got "${raw}"`)
    return list
  }
  const dbs = values.db?.split(',').map((s) => s.trim())
  if (dbs?.some((d) => d !== 'sqlite' && d !== 'postgres')) throw new Error(`--db takes sqlite, postgres or both, got "${values.db}"`)
  const origins = numbers('origins', values.origins, [1, 2], 1)
  const shapes =
    dbs === undefined && values.origins === undefined
      ? DEFAULT_STORM.shapes
      : (dbs ?? ['sqlite', 'postgres']).flatMap((db) => origins.map((o) => ({ db: db as StormDatabase, origins: o })))
  const [cap] = numbers('cap', values.cap, [DEFAULT_STORM.capSeconds], 1)
  const [rate] = numbers('rate', values.rate, [DEFAULT_STORM.rate], 1)
  return {
    subscribers: numbers('subscribers', values.subscribers, DEFAULT_STORM.subscribers, 1),
    shapes,
    delays: numbers('delay', values.delay, DEFAULT_STORM.delays, 0),
    capSeconds: cap,
    rate,
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let options: StormOptions
  try {
    options = parseStormArgs(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  }
  await runStormBench(options)
}
