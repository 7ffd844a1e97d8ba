/**
 * Operators' command line for the catalogue file (format: `contract/catalog.ts`).
 *
 *   npm run catalog -- export [FILE]   writes the database's catalogue as JSON (stdout without FILE)
 *   npm run catalog -- import FILE     checks FILE and applies it in one transaction
 *
 * It opens the database of `DATA_DIR` (default `./data`, resolved like `readConfig` in
 * `server/config.ts` does, without the rest of the server's settings) and applies pending
 * migrations first. A refused file changes nothing: every problem is printed, one line each, naming
 * the path of the bad field (`clouds[2].domain: must be a host name`). An import that changes rows
 * is recorded in the audit log (action `catalog.import`, actor `command line`, the changed sections
 * before and after) in its transaction. Exit status: 0 on success, 1 when the file is refused or
 * unreadable, 2 for bad arguments.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { COMMAND_LINE } from '../server/admin/audit.js'
import { exportCatalog } from '../server/catalog/export.js'
import { CatalogError, importCatalog } from '../server/catalog/import.js'
import { databaseLocation, migrateToLatest, openDatabase, withStartupLock } from '../server/db/connection.js'

const USAGE = `Usage:
  npm run catalog -- export [FILE]
  npm run catalog -- import FILE`

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args
  if ((command !== 'export' && command !== 'import') || rest.length > 0 || (command === 'import' && !file)) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  let input: unknown
  if (command === 'import') {
    try {
      input = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      process.stderr.write(`${file}: cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}\n`)
      return 1
    }
  }
  const { location, label: dataDir } = databaseLocation(process.env)
  const db = openDatabase(location)
  try {
    await withStartupLock(db, () => migrateToLatest(db))
    if (command === 'export') {
      const text = `${JSON.stringify(await exportCatalog(db), null, 2)}\n`
      if (file) writeFileSync(file, text)
      else process.stdout.write(text)
      if (file) process.stderr.write(`Catalogue of ${dataDir} written to ${file}.\n`)
      return 0
    }
    const changes = await importCatalog(db, input, new Date(), { audit: { actor: COMMAND_LINE, action: 'catalog.import' } })
    const written = Object.entries(changes)
    process.stdout.write(
      written.length === 0
        ? `${file}: the catalogue of ${dataDir} already matches; nothing changed.\n`
        : `${file}: imported into ${dataDir}; rows written: ${written.map(([table, n]) => `${table} ${n}`).join(', ')}.\n`,
    )
    return 0
  } catch (error) {
    if (error instanceof CatalogError) {
      process.stderr.write(
        `${file}: refused, nothing changed (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}):\n`,
      )
      for (const problem of error.problems) process.stderr.write(`  ${problem}\n`)
      return 1
    }
    throw error
  } finally {
    await db.destroy()
  }
}

// A reader that stops early (`npm run catalog -- export | head`) is not an error of the export.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

process.exitCode = await main(process.argv.slice(2))
