import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Kysely } from 'kysely'
import type { Static, TSchema } from 'typebox'
import Value from 'typebox/value'
import { MAX_REMINDER_MINUTES } from '../contract/constants.js'
import { PublishRecordBody, UpdateRecordBody } from '../contract/publishing.js'
import { RECORD_TYPES } from '../contract/reference-data.js'
import { loadProviderKey } from '../server/advisories/signing.js'
import { readConfig, type ServerConfig } from '../server/config.js'
import { databaseLocation, migrateToLatest, openDatabase, withStartupLock } from '../server/db/connection.js'
import type { Database } from '../server/db/schema.js'
import { HttpError } from '../server/http/errors.js'
import { createFanout } from '../server/publishing/fanout.js'
import { publishRecord, refusalOf, updateRecord } from '../server/publishing/publish.js'
import { ensureSubscriptionTopics } from '../server/subscriptions/topics.js'

const USAGE = `Usage:
  npm run publish:record -- --type <${RECORD_TYPES.join('|')}> --cloud <domain or machine name>
      --title <text> --status <status name> --from <ISO 8601> [--to <ISO 8601>] [--severity <tid or name>]
      [--dc <data center name>]... [--service <service name>]... [--category <notification category>]...
      [--event-type <advisory event type>] [--notification-type <type>] [--summary <text>] [--body <html>]
      [--reminder <minutes|none|default>]
  npm run publish:record -- --update <record id> [--status <name>] [--note <update text>] [--to <ISO>]
      [--title <text>] [--summary <text>] [--severity <tid or name>] [--reminder <minutes|none|default>]

--cloud, --dc, --service and --category may be repeated. Names are matched without regard to case.
--reminder (maintenance only): the reminder mail goes this many minutes before the start (0 to
${MAX_REMINDER_MINUTES}); none sends no reminder; default (or leaving it out) follows the server's
MAINTENANCE_REMINDER_MINUTES.
DATA_DIR selects the database (default ./data); PUBLIC_URL the origin of links in the emails.
The emails are queued; a running server sends them within 5 seconds.`

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  type: { type: 'string' },
  cloud: { type: 'string', multiple: true },
  title: { type: 'string' },
  status: { type: 'string' },
  severity: { type: 'string' },
  dc: { type: 'string', multiple: true },
  service: { type: 'string', multiple: true },
  category: { type: 'string', multiple: true },
  'event-type': { type: 'string' },
  'notification-type': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  summary: { type: 'string' },
  body: { type: 'string' },
  update: { type: 'string' },
  note: { type: 'string' },
  reminder: { type: 'string' },
} as const

/**
 * `--reminder`: `undefined` when not given, `null` for `default` (the server's setting), `0` for
 * `none`, else whole minutes.
 * @throws CliError (exit status 2) for anything else.
 */
function reminderOf(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined
  const v = value.trim().toLowerCase()
  if (v === 'default') return null
  if (v === 'none') return 0
  if (/^\d{1,6}$/.test(v)) return Number(v)
  throw new CliError(
    `--reminder: ${JSON.stringify(value)} is not a reminder lead: give whole minutes (0 to ${MAX_REMINDER_MINUTES}), none, or default.`,
    2,
  )
}

/** A refusal with exit status `code`. */
class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message)
  }
}

/**
 * `body` when it matches `schema`, the contract's schema the API checks it with; otherwise the API's
 * refusal (400 `invalid` naming the field: exit status 1).
 */
function checked<T extends TSchema>(schema: T, body: unknown): Static<T> {
  if (Value.Check(schema, body)) return body
  throw refusalOf(Value.Errors(schema, body))
}

/** The tid of the row of `table` named `name` (case-insensitive). */
async function tidByName(
  db: Kysely<Database>,
  table: 'data_centers' | 'services' | 'notification_categories',
  name: string,
  what: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('tid')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .executeTakeFirst()
  if (!row) throw new CliError(`--${what}: unknown ${what === 'dc' ? 'data center' : what} ${JSON.stringify(name)}.`)
  return row.tid
}

/** A severity tid from a tid or a name. */
async function severityOf(db: Kysely<Database>, value: string | undefined): Promise<number | null | undefined> {
  if (value === undefined) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value)
  const row = await db
    .selectFrom('severities')
    .select('tid')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', value.trim().toLowerCase()))
    .executeTakeFirst()
  if (!row) throw new CliError(`--severity: unknown severity ${JSON.stringify(value)}.`)
  return row.tid
}

async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values']
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, 2)
  }
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const reminder = reminderOf(values.reminder)
  const isUpdate = values.update !== undefined
  if (isUpdate && !/^\d+$/.test(values.update!)) throw new CliError('--update: a record id is a positive integer.', 2)
  if (!isUpdate) {
    const missing = (['type', 'cloud', 'title', 'status', 'from'] as const).filter((k) => values[k] === undefined)
    if (missing.length > 0) throw new CliError(`Missing ${missing.map((k) => `--${k}`).join(', ')}.\n\n${USAGE}`, 2)
  }

  const config = readConfig(process.env)
  const publicUrl = config.accounts.publicUrl ?? `http://localhost:${config.port}`
  const { location, label } = databaseLocation(process.env)
  const db = openDatabase(location)
  try {
    await withStartupLock(db, async () => {
      await migrateToLatest(db)
      await ensureSubscriptionTopics(db)
    })
    const anyCloud = await db.selectFrom('clouds').select('id').limit(1).executeTakeFirst()
    if (!anyCloud) {
      throw new CliError(
        `The database in ${label} has no clouds yet: import your catalogue first (npm run catalog -- import FILE) or add one on the admin console's Clouds screen.`,
      )
    }

    const terms: number[] = []
    for (const name of values.dc ?? []) terms.push(await tidByName(db, 'data_centers', name, 'dc'))
    for (const name of values.service ?? []) terms.push(await tidByName(db, 'services', name, 'service'))
    for (const name of values.category ?? []) terms.push(await tidByName(db, 'notification_categories', name, 'category'))
    const severity = await severityOf(db, values.severity)
    const now = Date.now()
    const actor = `cli:${process.env.USER ?? 'operator'}`

    const result = isUpdate
      ? await updateRecord(
          db,
          Number(values.update),
          checked(UpdateRecordBody, {
            ...(values.status !== undefined && { status: values.status }),
            ...(values.title !== undefined && { title: values.title }),
            ...(values.summary !== undefined && { summary: values.summary }),
            ...(values.body !== undefined && { body: values.body }),
            ...(values.from !== undefined && { from: values.from }),
            ...(values.to !== undefined && { to: values.to }),
            ...(severity !== undefined && { severity }),
            ...(values.cloud !== undefined && { clouds: values.cloud }),
            ...(terms.length > 0 && { terms }),
            ...(values.note !== undefined && { update: values.note }),
            ...(reminder !== undefined && { reminder_minutes: reminder }),
          }),
          now,
          actor,
          {},
        )
      : await publishRecord(
          db,
          checked(PublishRecordBody, {
            type: values.type,
            title: values.title,
            ...(values.summary !== undefined && { summary: values.summary }),
            ...(values.body !== undefined && { body: values.body }),
            status: values.status,
            severity: severity ?? null,
            event_type: values['event-type'] ?? null,
            notification_type: values['notification-type'] ?? null,
            clouds: values.cloud,
            terms,
            from: values.from,
            to: values.to ?? null,
            ...(reminder !== undefined && { reminder_minutes: reminder }),
          }),
          now,
          actor,
          {},
        )
    const cloud = await db
      .selectFrom('record_clouds as rc')
      .innerJoin('clouds as c', 'c.id', 'rc.cloud_id')
      .select('c.domain')
      .where('rc.record_id', '=', result.id)
      .orderBy('c.sort')
      .executeTakeFirst()
    console.log(`Record ${result.id} ${isUpdate ? 'updated' : 'published'} (event ${result.event_id}).`)
    console.log(`Post: ${publicUrl}${cloud ? `/${cloud.domain}` : ''}${result.alias}`)
    // The subscribers' emails are expanded here, chunk by chunk (server/publishing/fanout.ts), so
    // they are queued when this command exits; a running server sends them.
    const signer = await signerOf(config)
    const fanout = createFanout({ db, now: () => new Date(), publicUrl: () => publicUrl, onEnqueued: () => undefined, signer })
    await fanout.flush()
    await fanout.close()
    const queued = await db.selectFrom('fanout_jobs').select('mails').where('event_id', '=', result.event_id).executeTakeFirst()
    console.log(`Emails queued: ${queued?.mails ?? 0} (a running server sends them within 5 seconds).`)
    return 0
  } finally {
    await db.destroy()
  }
}

/**
 * The fingerprint advisory mails name (docs/subscriptions.md#advisories-by-severity-and-signed-mail):
 * the provider key's as the server loads it (`CSAF_OPENPGP_KEY_FILE`, or a development site's
 * key in `DATA_DIR`); null without one. The running server's mailer signs the mails.
 */
async function signerOf(config: ServerConfig): Promise<string | null> {
  const armoredKey = config.openpgpKeyFile ? readFileSync(config.openpgpKeyFile, 'utf8') : null
  const key = await loadProviderKey({
    armoredKey,
    passphrase: config.openpgpPassphrase,
    production: config.mode === 'production',
    dataDir: config.dataDir,
  })
  return key?.fingerprint ?? null
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliError) {
      console.error(`publish:record: ${error.message}`)
      process.exit(error.code)
    }
    if (error instanceof HttpError) {
      console.error(`publish:record: ${error.message}`)
      process.exit(1)
    }
    console.error('publish:record failed:', error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
