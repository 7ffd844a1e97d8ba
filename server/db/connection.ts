/**
 * Opening the database and bringing its schema up to date: the embedded SQLite file (default) or
 * PostgreSQL when a `postgres://` URL is given (`DATABASE_URL`; docs/operating/scaling.md#scaling-out). What the two
 * say differently lives in `./dialect.ts`.
 */
import SQLite from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { isPostgres, PostgresSchemaPlugin, syncIdentitySequences } from './dialect.js'
import { migrationProvider } from './migrations/index.js'
import type { Database } from './schema.js'

/** File name of the database inside the data directory. */
export const DATABASE_FILE = 'trust.sqlite'

/** Connections per process to PostgreSQL unless `DATABASE_POOL_MAX` says otherwise. */
export const DEFAULT_POOL_MAX = 10

/** The error of a `DATABASE_URL` that is not a PostgreSQL URL. */
export const DATABASE_URL_MALFORMED =
  'DATABASE_URL must be a PostgreSQL URL such as postgres://trust:secret@db.internal:5432/trust (unset it to use the SQLite file in DATA_DIR)'

/** Whether `location` names a PostgreSQL database (`postgres://` or `postgresql://`). */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location)
}

/** Options of {@link openDatabase} that concern PostgreSQL only. */
export interface OpenOptions {
  /** Most connections of the pool (default {@link DEFAULT_POOL_MAX}). */
  poolMax?: number
}

/**
 * PostgreSQL's 64-bit integers (`bigint`, `count(*)`) and `numeric` (`sum()` of bigints) as JS
 * numbers, like SQLite's: every value the server stores (epoch ms, counts, ids) is below 2^53.
 * Set on this pool only, not process-wide.
 */
function numberTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides()
  types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
  types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))
  return types
}

/**
 * Opens the database at `location` and wraps it in Kysely. Close it with `db.destroy()`.
 *
 * - A `postgres://…` URL: a `pg` pool of at most `poolMax` connections; 64-bit integers read as
 *   numbers; CREATE/ALTER TABLE adapted by `PostgresSchemaPlugin` (`./dialect.ts`). Connecting
 *   happens at the first query.
 * - Anything else is the path of an SQLite file, created when missing (its folder must exist); the
 *   connection runs in WAL mode (readers never block the writer), enforces foreign keys and waits
 *   up to 5 s for a lock instead of failing at once.
 *
 * @throws When the SQLite file cannot be opened (permissions, not a database).
 */
export function openDatabase(location: string, options: OpenOptions = {}): Kysely<Database> {
  if (isPostgresUrl(location)) {
    const pool = new pg.Pool({ connectionString: location, max: options.poolMax ?? DEFAULT_POOL_MAX, types: numberTypes() })
    // An idle connection that breaks (database restart) must not crash the process; the next
    // query opens a new one.
    pool.on('error', () => undefined)
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new PostgresSchemaPlugin()] })
  }
  const sqlite = new SQLite(location)
  try {
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
  } catch (error) {
    sqlite.close()
    throw error
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

/** The advisory lock key of {@link withStartupLock} (any constant 64-bit number of this app's own). */
const STARTUP_LOCK = 7_305_774_201

/**
 * Runs `work` while holding the database's start-up lock, so that several processes starting
 * together migrate, seed and install their triggers one after the other (the second finds
 * everything done). PostgreSQL: a session advisory lock on a connection of its own, released
 * even when `work` throws. SQLite: `work` runs as it is (its writers take turns anyway).
 */
export async function withStartupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work()
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection)
    }
  })
}

/**
 * Runs every migration not yet applied (see `./migrations/index.ts`); on PostgreSQL it then moves
 * the id sequences past ids a migration copied (`syncIdentitySequences`).
 *
 * @returns The names of the migrations applied by this call, in order (empty when up to date).
 * @throws The first migration's error; migrations applied before it stay applied.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) {
    const failed = results.find((r) => r.status === 'Error')
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error })
  }
  const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
  if (applied.length > 0) await syncIdentitySequences(db)
  return applied
}

/**
 * Where the command-line tools (`npm run catalog`, `npm run publish:record`) find the server's
 * database: `DATABASE_URL` when set, else `${DATA_DIR:-./data}/trust.sqlite` (the folder is created).
 *
 * @returns `location` for {@link openDatabase}, and `label` naming it in messages: the data folder,
 *   or `PostgreSQL database <name> on <host>` (never the password).
 * @throws When `DATABASE_URL` is set but not a PostgreSQL URL.
 */
export function databaseLocation(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): { location: string; label: string } {
  const url = env.DATABASE_URL?.trim()
  if (url) {
    if (!isPostgresUrl(url)) throw new Error(DATABASE_URL_MALFORMED)
    const parsed = new URL(url)
    return { location: url, label: `PostgreSQL database ${parsed.pathname.slice(1) || '(default)'} on ${parsed.host}` }
  }
  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || './data')
  mkdirSync(dataDir, { recursive: true })
  return { location: join(dataDir, DATABASE_FILE), label: dataDir }
}
