/**
 * Operators' command line for the speedometer's daily figures (docs/requirements/screens.md#home; `contract/traffic.ts`).
 *
 *   npm run traffic -- import FILE.csv   checks FILE and writes its days in one transaction
 *
 * The file is CSV, UTF-8 (a byte-order mark is skipped), with the header line
 * `cloud,day,transactions,threats_blocked,policy_enforcements` and one line per cloud and day:
 * the cloud's machine name or domain, the UTC day `YYYY-MM-DD` (no later than today), and three
 * whole numbers of 0 or more written as digits only (no thousands separators). A field may be
 * wrapped in double quotes; none may contain a comma or a quote. Blank lines are skipped.
 *
 * A day already stored for the cloud is replaced, the others are added; days not in the file are
 * left alone (upsert, as `PUT /api/admin/traffic/{cloud}` does). A file with a bad row changes
 * nothing: every bad row is printed on standard error, one line each, saying what is wrong
 * (`line 4: transactions "1,2" is not a whole number: …`). Changed days are recorded in the audit
 * log (action `traffic.import`, actor `command line`, one entry per cloud). A running server
 * shows the new figures within a second (`server/db/changes.ts`).
 *
 * It opens the database of `DATA_DIR` / `DATABASE_URL` like `npm run catalog` and applies pending
 * migrations first. Exit status: 0 on success, 1 when the file is refused or unreadable, 2 for bad
 * arguments.
 */
import { readFileSync } from 'node:fs'
import { TRAFFIC_COUNTS, type TrafficDay } from '../contract/traffic.js'
import { COMMAND_LINE } from '../server/admin/audit.js'
import { databaseLocation, migrateToLatest, openDatabase, withStartupLock } from '../server/db/connection.js'
import { type CloudRow, cloudKey, listCloudRows } from '../server/repo/clouds.js'
import { dayProblem, saveTraffic, type TrafficBatch } from '../server/repo/traffic.js'

const USAGE = 'Usage:\n  npm run traffic -- import FILE.csv'
const COLUMNS = ['cloud', 'day', ...TRAFFIC_COUNTS] as const
const HEADER = COLUMNS.join(',')

/** The fields of one CSV line: split at commas, trimmed, one pair of surrounding quotes removed. */
function fieldsOf(line: string): string[] {
  return line.split(',').map((raw) => {
    const field = raw.trim()
    return field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).trim() : field
  })
}

/** What is wrong with a count field written in CSV, or `undefined`. */
function countProblem(name: string, text: string): string | undefined {
  if (text === '') return `${name} is empty: write a whole number of 0 or more`
  if (!/^\d+$/.test(text)) {
    return `${name} ${JSON.stringify(text.slice(0, 40))} is not a whole number: write digits only (0 or more, no separators), e.g. 1200000`
  }
  if (Number(text) > Number.MAX_SAFE_INTEGER) return `${name} ${text} is too large: the largest count taken is ${Number.MAX_SAFE_INTEGER}`
  return undefined
}

/**
 * The batches of a CSV text (see the module comment), checked against `clouds` at `now`:
 * `{ batches }`, or `{ problems }` with one line per bad line (`line 4: …; …`).
 */
function readTrafficCsv(
  text: string,
  clouds: readonly CloudRow[],
  now: Date,
): { batches: TrafficBatch[]; rows: number } | { problems: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const numbered = lines.map((line, i) => ({ n: i + 1, line })).filter(({ line }) => line.trim() !== '')
  if (numbered.length === 0) return { problems: [`the file is empty: write the header ${HEADER}, then one line per cloud and day`] }
  const [header, ...rows] = numbered
  if (fieldsOf(header.line).join(',') !== HEADER) {
    return {
      problems: [`line ${header.n}: the first line must be the header ${HEADER}, not ${JSON.stringify(header.line.slice(0, 120))}`],
    }
  }
  if (rows.length === 0) return { problems: [`the file has no rows after the header: add one line per cloud and day (${HEADER})`] }

  const byKey = new Map<string, CloudRow>()
  for (const cloud of clouds) {
    byKey.set(cloud.machine_name, cloud)
    byKey.set(cloudKey(cloud.domain), cloud)
  }
  const names = clouds.map((c) => c.machine_name)
  const unknownCloud = (name: string) =>
    names.length === 0
      ? `unknown cloud ${JSON.stringify(name.slice(0, 60))}: the site has no clouds yet; import the catalogue first (npm run catalog -- import FILE)`
      : `unknown cloud ${JSON.stringify(name.slice(0, 60))}: write a cloud's machine name or domain, one of: ${names.join(', ')}`

  const problems: string[] = []
  const firstLine = new Map<string, number>()
  const batches = new Map<number, TrafficBatch>()
  for (const { n, line } of rows) {
    const fields = fieldsOf(line)
    const here: string[] = []
    if (fields.length !== COLUMNS.length) {
      here.push(
        `${fields.length} fields, expected ${COLUMNS.length} (${HEADER}): a count has no thousands separators (write 1200000, not 1,200,000)`,
      )
    } else if (fields.some((f) => f.includes('"'))) {
      here.push('a field holds a quote: write plain values (machine name, YYYY-MM-DD, digits)')
    } else {
      const [name, day, ...counts] = fields
      const cloud = name === '' ? undefined : byKey.get(cloudKey(name))
      if (name === '') here.push('cloud is empty: write the machine name or domain of a cloud')
      else if (!cloud) here.push(unknownCloud(name))
      const badDay = day === '' ? 'day is empty: write a UTC day as YYYY-MM-DD' : dayProblem(day, now)
      if (badDay) here.push(badDay)
      TRAFFIC_COUNTS.forEach((count, i) => {
        const problem = countProblem(count, counts[i])
        if (problem) here.push(problem)
      })
      if (cloud && !badDay) {
        const key = `${cloud.id} ${day}`
        const first = firstLine.get(key)
        if (first !== undefined)
          here.push(`${cloud.machine_name} ${day} is given again (first on line ${first}): give each cloud's day once`)
        else firstLine.set(key, n)
      }
      if (here.length === 0 && cloud) {
        const batch = batches.get(cloud.id) ?? { cloudId: cloud.id, machineName: cloud.machine_name, days: [] as TrafficDay[] }
        batches.set(cloud.id, batch)
        batch.days.push({
          day,
          transactions: Number(counts[0]),
          threats_blocked: Number(counts[1]),
          policy_enforcements: Number(counts[2]),
        })
      }
    }
    if (here.length > 0) problems.push(`line ${n}: ${here.join('; ')}`)
  }
  return problems.length > 0 ? { problems } : { batches: [...batches.values()], rows: rows.length }
}

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args
  if (command !== 'import' || !file || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    process.stderr.write(`${file}: cannot be read: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  const { location, label: dataDir } = databaseLocation(process.env)
  const db = openDatabase(location)
  try {
    await withStartupLock(db, () => migrateToLatest(db))
    const now = new Date()
    const read = readTrafficCsv(text, await listCloudRows(db), now)
    if ('problems' in read) {
      const n = read.problems.length
      process.stderr.write(`${file}: refused, nothing changed (${n} problem${n === 1 ? '' : 's'}):\n`)
      for (const problem of read.problems) process.stderr.write(`  ${problem}\n`)
      return 1
    }
    const changed = await saveTraffic(db, read.batches, { actor: COMMAND_LINE, action: 'traffic.import' }, now)
    const clouds = read.batches.map((b) => b.machineName).join(', ')
    process.stdout.write(
      `${file}: ${read.rows} day${read.rows === 1 ? '' : 's'} of ${clouds} read into ${dataDir}; ${changed} new or changed.\n`,
    )
    return 0
  } finally {
    await db.destroy()
  }
}

process.exitCode = await main(process.argv.slice(2))
