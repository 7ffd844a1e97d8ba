import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SMTPServer } from 'smtp-server'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { buildApp } from '../../server/app.js'
import { openDatabase } from '../../server/db/connection.js'
import { publishRecord } from '../../server/publishing/publish.js'
import { runScheduler } from '../../server/publishing/scheduler.js'
import { createTestDatabase, databaseEnv, FIXED_NOW, queryOn, type TestDatabase, until } from './helpers.js'

const test = suite('publishing: CLI and crash-safe delivery with the real process')
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A data folder with a seeded database (the server's own start-up), closed again. The seed's
 * maintenance windows are relative to FIXED_NOW, while the spawned servers run on the real clock:
 * the maintenance scheduler's catch-up is run here, on the real clock and before anyone subscribes,
 * so that a spawned server has no step left to mail and the outbox holds only a test's own mail.
 */
async function seededDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase()
  const app = await buildApp({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, now: () => FIXED_NOW })
  await app.close()
  const db = openDatabase(database.location)
  try {
    await runScheduler(db, Date.now(), {})
  } finally {
    await db.destroy()
  }
  return database
}

/** Runs `fn` on a connection of its own to `database`, closed again after. */
async function withDb<T>(database: TestDatabase, fn: (query: ReturnType<typeof queryOn>) => Promise<T>): Promise<T> {
  const db = openDatabase(database.location)
  try {
    return await fn(queryOn(db))
  } finally {
    await db.destroy()
  }
}

/** Adds verified users subscribed to `all` on auroraedge; returns their addresses. */
function addSubscribers(database: TestDatabase, mails: string[]): Promise<void> {
  return withDb(database, async (query) => {
    for (const mail of mails) {
      const [{ uid }] = await query<{ uid: number }>(
        "insert into users (name, mail, pass_hash, verified, timezone, created) values (?, ?, 'x', 1, 'UTC', 0) returning uid",
        mail,
        mail,
      )
      await query("insert into subscriptions (uid, cloud_id, target, created) values (?, 1, 'all', 0)", uid)
    }
  })
}

const pending = (database: TestDatabase) =>
  withDb(database, async (query) =>
    (
      await query<{ to_address: string }>(
        "select to_address from outbox where sent_at is null and event_key like 'record-event:%' order by id",
      )
    ).map((r) => r.to_address),
  )

/** The CLI's arguments for an incident "x" on auroraedge from 09:00 UTC, 15 March 2026, in `status`, with `more`. */
const incident = (status: string, ...more: string[]) => [
  ...['--type', 'incident', '--cloud', 'auroraedge', '--title', 'x', '--status', status],
  ...more,
  ...['--from', '2026-03-15T09:00:00Z'],
]

function cli(database: TestDatabase, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/publish.ts', ...args], {
    cwd: ROOT,
    env: { ...databaseEnv(database), PUBLIC_URL: 'https://trust.example' },
    encoding: 'utf8',
    timeout: 20_000,
  })
}

test('the CLI publishes a record and queues mail; bad input exits non-zero with a message', async () => {
  const database = await seededDatabase()
  try {
    await addSubscribers(database, ['cli-a@example.com', 'cli-b@example.com'])
    const ok = cli(database, [
      '--type',
      'incident',
      '--cloud',
      'auroraedge.net',
      '--title',
      'CLI incident',
      '--status',
      'In Progress',
      '--severity',
      '20',
      '--dc',
      'Amsterdam II',
      '--from',
      '2026-03-15T09:00:00Z',
      '--summary',
      'From the CLI.',
    ])
    assert.is(ok.status, 0, ok.stderr)
    const id = /^Record (\d+) published \(event \d+\)\.$/m.exec(ok.stdout)?.[1]
    assert.ok(id, ok.stdout)
    assert.match(ok.stdout, `Post: https://trust.example/auroraedge.net/posts/${id}`)
    assert.match(ok.stdout, 'Emails queued: 2')
    assert.equal((await pending(database)).sort(), ['cli-a@example.com', 'cli-b@example.com'])

    const update = cli(database, ['--update', id!, '--status', 'Resolved', '--note', 'Fixed.'])
    assert.is(update.status, 0, update.stderr)
    assert.match(update.stdout, `Record ${id} updated`)
    assert.match(update.stdout, 'Emails queued: 2')

    const badStatus = cli(database, incident('Exploded'))
    assert.is(badStatus.status, 1)
    assert.match(badStatus.stderr, 'status: unknown status "Exploded"')
    const badDc = cli(database, incident('In Progress', '--dc', 'Atlantis'))
    assert.is(badDc.status, 1)
    assert.match(badDc.stderr, 'unknown data center "Atlantis"')
    const missing = cli(database, ['--type', 'incident'])
    assert.is(missing.status, 2)
    assert.match(missing.stderr, 'Missing --cloud, --title, --status, --from')
    const unknownFlag = cli(database, ['--bogus'])
    assert.is(unknownFlag.status, 2)
    const help = cli(database, ['--help'])
    assert.is(help.status, 0)
    assert.match(help.stdout, 'Usage:')
  } finally {
    await database.drop()
  }
})

/** An SMTP capture: `accept` decides whether DATA is ever answered; accepted mails are counted by recipient. */
function captureServer() {
  const state = { accept: false, accepted: [] as string[], dataSeen: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      state.dataSeen += 1
      const to = session.envelope.rcptTo.map((r) => r.address)
      stream.on('data', () => {})
      stream.on('end', () => {
        // Not accepting: never answer the DATA command (the sender waits until it is killed).
        if (!state.accept) return
        state.accepted.push(...to)
        callback()
      })
    },
  })
  // The crash test kills a client in the middle of DATA: its reset connection (ECONNRESET) is expected,
  // not an error of the test process.
  server.on('error', () => {})
  return { server, state }
}

function startServer(
  database: TestDatabase,
  smtpPort: number,
): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...databaseEnv(database),
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: join(database.dataDir, 'no-site'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'https://trust.example',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (c) => (stderr += c))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    // A bound for a loaded machine (each start compiles the server with tsx), not a delay.
    const timer = setTimeout(() => reject(new Error(`no start line after 60 s; stderr: ${stderr}`)), 60_000)
    child.stdout!.on('data', (c) => {
      stdout += c
      if (/listening on/.test(stdout)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', () => reject(new Error(`exited early; stderr: ${stderr}`)))
  })
  return { child, ready, exited }
}

test('crash safety: a SIGKILL while mail is pending loses nothing and sends nothing twice', async () => {
  const database = await seededDatabase()
  const recipients = ['crash-a@example.com', 'crash-b@example.com', 'crash-c@example.com']
  await addSubscribers(database, recipients)
  const db = openDatabase(database.location)
  try {
    const result = await publishRecord(
      db,
      { type: 'incident', title: 'Crash test', status: 'In Progress', clouds: ['auroraedge'], terms: [], from: '2026-03-15T09:00:00Z' },
      Date.now(),
      'test',
      {},
    )
    assert.is(result.mails, 3)
  } finally {
    await db.destroy()
  }

  const { server, state } = captureServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const smtpPort = (server.server.address() as AddressInfo).port
  const children: ChildProcess[] = []
  try {
    // Run 1: the capture never answers DATA; kill the server while the first mail is in flight.
    const first = startServer(database, smtpPort)
    children.push(first.child)
    await first.ready
    await until(() => state.dataSeen >= 1, 'the first DATA', 30_000)
    first.child.kill('SIGKILL')
    await first.exited
    assert.is(state.accepted.length, 0)
    assert.equal((await pending(database)).sort(), recipients, 'every mail is still pending after the crash')

    // Run 2: the capture accepts; every pending mail is delivered exactly once.
    state.accept = true
    const second = startServer(database, smtpPort)
    children.push(second.child)
    await second.ready
    await until(async () => state.accepted.length >= recipients.length && (await pending(database)).length === 0, 'delivery', 30_000)
    second.child.kill('SIGTERM')
    assert.is(await second.exited, 0)
    assert.equal([...state.accepted].sort(), recipients)

    // Run 3: a further start sends only what is new — a second record's mails, one to each —
    // and nothing of the first again (its pass reaches the older mails before the new ones).
    const later = openDatabase(database.location)
    try {
      const result = await publishRecord(
        later,
        {
          type: 'incident',
          title: 'Crash test, later',
          status: 'In Progress',
          clouds: ['auroraedge'],
          terms: [],
          from: '2026-03-15T10:00:00Z',
        },
        Date.now(),
        'test',
        {},
      )
      assert.is(result.mails, 3)
    } finally {
      await later.destroy()
    }
    const third = startServer(database, smtpPort)
    children.push(third.child)
    await third.ready
    // The record's mails reach the outbox through the server's fan-out after the start, so "none
    // pending" alone can hold before they exist: wait for them to be accepted, then for none pending.
    await until(
      async () => state.accepted.length >= 2 * recipients.length && (await pending(database)).length === 0,
      "the second record's mails",
      30_000,
    )
    third.child.kill('SIGTERM')
    assert.is(await third.exited, 0)
    assert.equal([...state.accepted].sort(), [...recipients, ...recipients].sort(), 'a further start sends the new mails only')
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await database.drop()
  }
})

test.run()
