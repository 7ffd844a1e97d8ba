/**
 * Shared set-up of the server tests: a fresh data directory per app, a fixed clock, and direct
 * read access to the database for checks computed independently of the server's code.
 */
import SQLite from 'better-sqlite3'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, type BuildAppOptions } from '../../server/app.js'

/** The clock of every test app unless a test says otherwise: mid-morning UTC. */
export const FIXED_NOW = new Date('2026-03-15T09:30:00.000Z')

/** A new empty folder in the system's temp folder. */
export function tempDir(prefix = 'trust-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

export interface TestApp {
  app: FastifyInstance
  dataDir: string
  /**
   * Opens the app's database file directly (read-only unless asked). Close it after use. Every
   * statement run on a writable one empties the app's response cache: such a write stands for
   * another process (the CLI), whose changes the running server shows once its entries expire —
   * tests do not wait.
   */
  openDb(options?: { write?: boolean }): SQLite.Database
  /** Runs one read-only SQL query on the app's database and returns its rows. */
  query<T = any>(sql: string, ...params: unknown[]): T[]
  /** Closes the app and removes its data folder. */
  close(): Promise<void>
}

/**
 * The maintenance scheduler's interval in test apps unless a test says otherwise: a day, so that
 * only the start-up pass and the passes a test runs itself happen (no pass in the middle of a test).
 */
export const TEST_SCHEDULER_INTERVAL_MS = 86_400_000

/**
 * Builds an app on a fresh data folder with {@link FIXED_NOW} as its clock and
 * {@link TEST_SCHEDULER_INTERVAL_MS} between scheduler passes.
 */
export async function startApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? tempDir()
  const app = await buildApp({ now: () => FIXED_NOW, schedulerIntervalMs: TEST_SCHEDULER_INTERVAL_MS, ...options, dataDir })
  const openDb = ({ write = false } = {}) => {
    const db = new SQLite(join(dataDir, 'trust.sqlite'), { readonly: !write })
    if (write) {
      // Every statement run on it empties the app's response cache (see `TestApp.openDb`).
      const clear = () => app.responseCache.clear()
      const prepare = db.prepare.bind(db)
      db.prepare = ((source: string) => {
        const statement = prepare(source)
        const run = statement.run.bind(statement)
        statement.run = ((...params: unknown[]) => {
          const result = run(...params)
          clear()
          return result
        }) as typeof statement.run
        return statement
      }) as typeof db.prepare
      const exec = db.exec.bind(db)
      db.exec = (source: string) => {
        const result = exec(source)
        clear()
        return result
      }
    }
    return db
  }
  return {
    app,
    dataDir,
    openDb,
    query: <T>(sql: string, ...params: unknown[]) => {
      const db = openDb()
      try {
        return db.prepare(sql).all(...params) as T[]
      } finally {
        db.close()
      }
    },
    close: async () => {
      await app.close()
      removeDir(dataDir)
    },
  }
}

/** The parsed JSON body of an answer. */
export function body<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T
}
