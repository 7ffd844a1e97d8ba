/**
 * Shared set-up of the server tests: a fresh database per app (a SQLite file in a fresh data
 * directory, or with `TRUST_TEST_DIALECT=postgres` a fresh PostgreSQL database), a fixed clock,
 * direct access to the database for checks computed independently of the server's code, and the
 * operator's processes on a test database (the `scripts/` commands, `server/main.ts`).
 *
 * The same tests run on both databases: SQL written in tests is portable (`?` placeholders, no
 * SQLite-only functions or syntax, aggregates aliased), see {@link TestApp.query}.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { CompiledQuery, type Kysely } from 'kysely'
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { suite, type Test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Catalog } from '../../contract/catalog.js'
import { buildApp, type BuildAppOptions } from '../../server/app.js'
import { DATABASE_FILE, migrateToLatest, openDatabase } from '../../server/db/connection.js'
import type { Database } from '../../server/db/schema.js'

/**
 * The database the tests run on: `postgres` when `TRUST_TEST_DIALECT=postgres` (then
 * `TEST_DATABASE_URL` names a PostgreSQL database the tests may use to create and drop their own
 * databases), else `sqlite`.
 */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.TRUST_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

/** The clock of every test app unless a test says otherwise: mid-morning UTC. */
export const FIXED_NOW = new Date('2026-03-15T09:30:00.000Z')

/** A new empty folder in the system's temp folder. */
export function tempDir(prefix = 'trust-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

/** One test's database: a data folder, and on PostgreSQL a database of its own. */
export interface TestDatabase {
  /** The app's data folder (holds `trust.sqlite` on SQLite; empty on PostgreSQL). */
  dataDir: string
  /** The `postgres://` URL of the database (PostgreSQL only). */
  databaseUrl?: string
  /** What `openDatabase` takes: the SQLite file's path or the PostgreSQL URL. */
  location: string
  /**
   * Drops the database and removes the data folder; later calls do nothing. Close every connection
   * to it first: PostgreSQL's `DROP DATABASE … WITH (FORCE)` ends open ones, and an idle `pg` client
   * or pool without an error listener then throws in the test process.
   */
  drop(): Promise<void>
}

/** The admin connection's URL of a PostgreSQL run. */
function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TRUST_TEST_DIALECT=postgres needs TEST_DATABASE_URL (a PostgreSQL database to create test databases from)')
  return url
}

/** Runs one statement on the admin connection (`TEST_DATABASE_URL`). */
async function adminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The name of the PostgreSQL database of a `postgres://` URL. */
const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''))

/** A {@link TestDatabase} over an existing data folder (and PostgreSQL database, if given). */
function existingDatabase(dataDir: string, databaseUrl?: string): TestDatabase {
  let dropped: Promise<void> | undefined
  return {
    dataDir,
    databaseUrl,
    location: databaseUrl ?? join(dataDir, DATABASE_FILE),
    drop() {
      dropped ??= (async () => {
        try {
          if (databaseUrl) await adminStatement(`DROP DATABASE IF EXISTS "${databaseName(databaseUrl)}" WITH (FORCE)`)
        } finally {
          removeDir(dataDir)
        }
      })()
      return dropped
    },
  }
}

/**
 * A new empty database: on SQLite a fresh data folder (the file is created when first opened); on
 * PostgreSQL also a new database `trust_test_<hex>` (UTF-8, "C" collation like SQLite's binary order).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = tempDir()
  if (TEST_DIALECT === 'sqlite') return existingDatabase(dataDir)
  const name = `trust_test_${randomBytes(8).toString('hex')}`
  try {
    await adminStatement(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`)
  } catch (error) {
    removeDir(dataDir)
    throw error
  }
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return existingDatabase(dataDir, url.toString())
}

/** A new database with the schema and no rows, and the test's connection to it. */
export interface EmptyDatabase {
  database: TestDatabase
  /** Destroy it before `database.drop()`. */
  db: Kysely<Database>
}

/**
 * A new database ({@link createTestDatabase}) migrated to the latest schema, with no rows; on a
 * failed migration the connection is closed and the database dropped before the error is thrown.
 */
export async function emptyDatabase(): Promise<EmptyDatabase> {
  const database = await createTestDatabase()
  const db = openDatabase(database.location)
  try {
    await migrateToLatest(db)
  } catch (error) {
    await db.destroy()
    await database.drop()
    throw error
  }
  return { database, db }
}

/**
 * A uvu suite named `title` whose every test gets an {@link emptyDatabase} of its own as
 * `database` and `db` in its context; the connection is destroyed and the database dropped after
 * the test.
 */
export function suiteOnEmptyDatabase(title: string): Test<EmptyDatabase> {
  const test = suite<EmptyDatabase>(title, {} as never)
  test.before.each(async (ctx) => {
    Object.assign(ctx, await emptyDatabase())
  })
  test.after.each(async (ctx) => {
    await ctx.db.destroy()
    await ctx.database.drop()
  })
  return test
}

/**
 * The environment of a server or command-line process working on `database`: this process's, with
 * `DATA_DIR` and, on PostgreSQL, `DATABASE_URL` (without one on SQLite).
 */
export function databaseEnv(database: Pick<TestDatabase, 'dataDir' | 'databaseUrl'>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: database.dataDir }
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl
  else delete env.DATABASE_URL
  return env
}

/**
 * `sql` for the test dialect: on PostgreSQL each `?` outside quoted strings and identifiers becomes
 * `$1`, `$2`, …; on SQLite it is unchanged.
 */
export function placeholders(sql: string): string {
  if (TEST_DIALECT === 'sqlite') return sql
  let out = ''
  let quote: string | undefined
  let n = 0
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = undefined // a doubled quote closes and reopens: the same text
    } else if (ch === "'" || ch === '"') {
      quote = ch
    } else if (ch === '?') {
      out += `$${++n}`
      continue
    }
    out += ch
  }
  return out
}

/** Runs portable SQL with `?` parameters on a connection and returns the rows (see {@link TestApp.query}). */
export type QueryFn = <T = any>(sql: string, ...params: unknown[]) => Promise<T[]>

/** {@link TestApp.query} on any connection (one opened with `openDatabase`, for instance). */
export function queryOn(db: Kysely<Database>): QueryFn {
  return async <T>(sql: string, ...params: unknown[]) =>
    (await db.executeQuery<T>(CompiledQuery.raw(placeholders(sql), params))).rows as T[]
}

export interface TestApp {
  app: FastifyInstance
  /** The app's clock (its `now` option, else {@link FIXED_NOW}). */
  now(): Date
  /** The app's database (its data folder, and its PostgreSQL URL if any). */
  database: TestDatabase
  /** The app's data folder (`database.dataDir`). */
  dataDir: string
  /** What `openDatabase` takes to reach the app's database: a SQLite file path or a PostgreSQL URL. */
  location: string
  /**
   * Runs one read-only SQL query on the app's database (a connection of the test's own, not the
   * app's) and returns its rows. Portable SQL only; parameters are `?`.
   */
  query<T = any>(sql: string, ...params: unknown[]): Promise<T[]>
  /**
   * Runs one writing SQL statement (portable, `?` parameters) on the test's connection, then
   * empties the app's response cache: such a write stands for another process (the CLI), whose
   * changes the running server shows once its entries expire — tests do not wait.
   */
  exec(sql: string, ...params: unknown[]): Promise<void>
  /**
   * The test's own connection to the app's database (opened on first use, shared by `query` and
   * `exec`, closed by `stop`/`close`: do not destroy it). Writes through it do not empty the app's
   * response cache; call `app.responseCache.clear()` where that matters.
   */
  db(): Kysely<Database>
  /**
   * Waits until every record event committed so far has its emails and webhook deliveries in the
   * outboxes (the app's fan-out, `server/publishing/fanout.ts`, has expanded every running job).
   */
  settled(): Promise<void>
  /** Closes the app and the test's connection, keeping the database (see {@link reopen}); later calls do nothing. */
  stop(): Promise<void>
  /** Closes the app and the test's connection, and drops the database (removes the data folder). */
  close(): Promise<void>
}

/**
 * The maintenance scheduler's interval in test apps unless a test says otherwise: a day, so that
 * only the start-up pass and the passes a test runs itself happen (no pass in the middle of a test).
 */
export const TEST_SCHEDULER_INTERVAL_MS = 86_400_000

/**
 * Builds an app with {@link FIXED_NOW} as its clock and {@link TEST_SCHEDULER_INTERVAL_MS} between
 * scheduler passes, on a fresh database ({@link createTestDatabase}) unless `dataDir` (and, when it
 * had one, `databaseUrl`) names an existing app's — then the new app's `close()` drops that database
 * too, so of two apps on one database only the last is closed, the others stopped (see {@link reopen}).
 */
export async function startApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  if (options.dataDir && TEST_DIALECT === 'postgres' && !options.databaseUrl) {
    throw new Error('startApp: on PostgreSQL pass the databaseUrl of the app whose dataDir is reused (or use reopen)')
  }
  const database = options.dataDir ? existingDatabase(options.dataDir, options.databaseUrl) : await createTestDatabase()
  let app: FastifyInstance
  try {
    app = await buildApp({
      now: () => FIXED_NOW,
      schedulerIntervalMs: TEST_SCHEDULER_INTERVAL_MS,
      ...options,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    })
  } catch (error) {
    if (!options.dataDir) await database.drop()
    throw error
  }
  let connection: Kysely<Database> | undefined
  let stopped: Promise<void> | undefined
  const db = () => {
    if (stopped) throw new Error('the test app was stopped: open a connection of your own on its location')
    connection ??= openDatabase(database.location)
    return connection
  }
  const query: QueryFn = (text, ...params) => queryOn(db())(text, ...params)
  const stop = () => {
    stopped ??= (async () => {
      try {
        await app.close()
      } finally {
        const open = connection
        connection = undefined
        await open?.destroy()
      }
    })()
    return stopped
  }
  return {
    app,
    now: options.now ?? (() => FIXED_NOW),
    database,
    dataDir: database.dataDir,
    location: database.location,
    query,
    exec: async (text, ...params) => {
      await query(text, ...params)
      app.responseCache.clear()
    },
    db,
    settled: () => app.fanout.flush(),
    stop,
    close: async () => {
      try {
        await stop()
      } finally {
        await database.drop()
      }
    },
  }
}

/**
 * Stops `t` (keeping its database) and starts a new app on the same database with `options`; the new
 * app's `close()` drops the database.
 */
export async function reopen(t: TestApp, options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  await t.stop()
  return startApp({ ...options, dataDir: t.database.dataDir, databaseUrl: t.database.databaseUrl })
}

/** The parsed JSON body of an answer. */
export function body<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T
}

/** The repository's root folder: the working directory of the processes the tests start. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Runs one of the operator's commands, `script` (a path below the repository such as
 * `scripts/catalog.ts`, what `npm run …` runs) with `args`, as a production process
 * (`NODE_ENV=production`) at `publicUrl` on `database` ({@link databaseEnv}); waits for it to end,
 * a minute at the most. Returns its exit status and its output as text.
 */
export function runCommand(
  database: Pick<TestDatabase, 'dataDir' | 'databaseUrl'>,
  publicUrl: string,
  script: string,
  args: string[],
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...databaseEnv(database), NODE_ENV: 'production', PUBLIC_URL: publicUrl },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

/**
 * Imports `catalog` into `t`'s database as an operator does: written to a file in the app's data
 * folder and read by `npm run catalog -- import FILE` ({@link runCommand} at `publicUrl`), which
 * must succeed; then empties the app's response cache (the command is another process).
 */
export function importByCommand(t: TestApp, publicUrl: string, catalog: Catalog): void {
  const file = join(t.dataDir, 'own-catalog.json')
  writeFileSync(file, JSON.stringify(catalog, null, 2))
  const run = runCommand(t.database, publicUrl, 'scripts/catalog.ts', ['import', file])
  assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`)
  t.app.responseCache.clear()
}

/** A `server/main.ts` process started by {@link startServer}, listening. */
export interface ServerProcess {
  /** Its address line on standard output: `Trust site listening on http://localhost:<port>`. */
  line: string
  /** The port it listens on (on 127.0.0.1). */
  port: number
  /** All it has written to standard output so far. */
  stdout(): string
  /** All it has written to standard error so far. */
  stderr(): string
  /** Sends SIGTERM and resolves to its exit code once it has ended. */
  stop(): Promise<number | null>
  /**
   * Kills it if it still runs and removes its static folder; call it in a `finally` (it does not
   * drop the database).
   */
  close(): void
}

/** The line `server/main.ts` prints once it listens. */
const LISTENING = /^Trust site listening on http:\/\/localhost:(\d+)$/m

/**
 * Starts `server/main.ts` as a process with the environment `env` (start from
 * {@link databaseEnv}, which names the database), on a free port of 127.0.0.1 unless `env` says
 * otherwise, serving a static folder of its own whose `index.html` is
 * `<!doctype html><title>Trust</title>`, without a server build; resolves once it prints its
 * address line. Rejects with its standard error when it ends before that or prints nothing within
 * 20 s (then it is killed).
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const staticDir = tempDir('trust-static-')
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Trust</title>')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      SSR_DIR: join(staticDir, 'no-server-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const close = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    removeDir(staticDir)
  }
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line; stderr: ${stderr}`)), 20_000)
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        const found = LISTENING.exec(stdout)
        if (found) {
          clearTimeout(timer)
          resolve(found)
        }
      })
      child.on('exit', () => {
        clearTimeout(timer)
        reject(new Error(`exited early; stderr: ${stderr}`))
      })
    })
    return {
      line: match[0],
      port: Number(match[1]),
      stdout: () => stdout,
      stderr: () => stderr,
      stop: () => {
        child.kill('SIGTERM')
        return exited
      },
      close,
    }
  } catch (error) {
    close()
    throw error
  }
}

/** `run` fails with an error whose message matches `pattern`. */
export async function rejects(run: () => Promise<unknown>, pattern: RegExp): Promise<void> {
  let error: unknown
  try {
    await run()
  } catch (caught) {
    error = caught
  }
  assert.ok(error instanceof Error, 'it fails')
  assert.match((error as Error).message, pattern)
}

/**
 * Polls `check` (a query, a counter, a process state) every 20 ms until it holds; throws naming
 * `what` if it still does not after `ms`. The deadline bounds a slow machine; the test goes on the
 * moment the condition holds, never after a fixed time.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Gives each test of `group` a fresh app built with `options`, handed to `use`, closed after the test. */
export function appPerTest(group: Test, use: (t: TestApp) => void, options: Partial<BuildAppOptions> = {}): void {
  let app: TestApp | undefined
  group.before.each(async () => {
    app = await startApp(options)
    use(app)
  })
  group.after.each(async () => {
    await app?.close()
  })
}
