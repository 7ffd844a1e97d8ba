/**
 * Opening the embedded database and bringing its schema up to date.
 */
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { migrationProvider } from './migrations/index.js'
import type { Database } from './schema.js'

/** File name of the database inside the data directory. */
export const DATABASE_FILE = 'trust.sqlite'

/**
 * Opens (creating it if needed) the SQLite file at `file` and wraps it in Kysely.
 *
 * The connection runs in WAL mode (readers never block the writer), enforces foreign keys and
 * waits up to 5 s for a lock instead of failing at once. Close it with `db.destroy()`.
 *
 * @param file Path of the database file; its folder must exist.
 * @throws When the file cannot be opened (permissions, not a database).
 */
export function openDatabase(file: string): Kysely<Database> {
  const sqlite = new SQLite(file)
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

/**
 * Runs every migration not yet applied (see `./migrations/index.ts`).
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
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
