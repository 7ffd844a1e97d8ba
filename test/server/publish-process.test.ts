import SQLite from 'better-sqlite3'
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
import { FIXED_NOW, removeDir, tempDir } from './helpers.js'

const test = suite('publishing: CLI and crash-safe delivery with the real process')
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A data folder with a seeded database (the server's own start-up), closed again. The seed's
 * maintenance windows are relative to FIXED_NOW, while the spawned servers run on the real clock:
 * the maintenance scheduler's catch-up is run here, on the real clock and before anyone subscribes,
 * so that a spawned server has no step left to mail and the outbox holds only a test's own mail.
 */
async function seededDataDir(): Promise<string> {
  const dataDir = tempDir('trust-publish-')
  const app = await buildApp({ dataDir, now: () => FIXED_NOW })
  await app.close()
  const db = openDatabase(join(dataDir, 'trust.sqlite'))
  try {
    await runScheduler(db, Date.now(), { publicUrl: 'https://trust.example' })
  } finally {
    await db.destroy()
  }
  return dataDir
}

/** Adds verified users subscribed to `all` on auroraedge; returns their addresses. */
function addSubscribers(dataDir: string, mails: string[]): void {
  const db = new SQLite(join(dataDir, 'trust.sqlite'))
  try {
    for (const mail of mails) {
      const uid = db
        .prepare("insert into users (name, mail, pass_hash, verified, timezone, created) values (?, ?, 'x', 1, 'UTC', 0)")
        .run(mail, mail).lastInsertRowid
      db.prepare("insert into subscriptions (uid, cloud_id, target, created) values (?, 1, 'all', 0)").run(uid)
    }
  } finally {
    db.close()
  }
}

const pending = (dataDir: string) => {
  const db = new SQLite(join(dataDir, 'trust.sqlite'), { readonly: true })
  try {
    return db
      .prepare("select to_address from outbox where sent_at is null and event_key like 'record-event:%' order by id")
      .pluck()
      .all() as string[]
  } finally {
    db.close()
  }
}

function cli(dataDir: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/publish.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://trust.example' },
    encoding: 'utf8',
    timeout: 20_000,
  })
}

test('the CLI publishes a record and queues mail; bad input exits non-zero with a message', async () => {
  const dataDir = await seededDataDir()
  try {
    addSubscribers(dataDir, ['cli-a@example.com', 'cli-b@example.com'])
    const ok = cli(dataDir, [
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
    assert.equal(pending(dataDir).sort(), ['cli-a@example.com', 'cli-b@example.com'])

    const update = cli(dataDir, ['--update', id!, '--status', 'Resolved', '--note', 'Fixed.'])
    assert.is(update.status, 0, update.stderr)
    assert.match(update.stdout, `Record ${id} updated`)
    assert.match(update.stdout, 'Emails queued: 2')

    const badStatus = cli(dataDir, [
      '--type',
      'incident',
      '--cloud',
      'auroraedge',
      '--title',
      'x',
      '--status',
      'Exploded',
      '--from',
      '2026-03-15T09:00:00Z',
    ])
    assert.is(badStatus.status, 1)
    assert.match(badStatus.stderr, 'status: unknown status "Exploded"')
    const badDc = cli(dataDir, [
      '--type',
      'incident',
      '--cloud',
      'auroraedge',
      '--title',
      'x',
      '--status',
      'In Progress',
      '--dc',
      'Atlantis',
      '--from',
      '2026-03-15T09:00:00Z',
    ])
    assert.is(badDc.status, 1)
    assert.match(badDc.stderr, 'unknown data center "Atlantis"')
    const missing = cli(dataDir, ['--type', 'incident'])
    assert.is(missing.status, 2)
    assert.match(missing.stderr, 'Missing --cloud, --title, --status, --from')
    const unknownFlag = cli(dataDir, ['--bogus'])
    assert.is(unknownFlag.status, 2)
    const help = cli(dataDir, ['--help'])
    assert.is(help.status, 0)
    assert.match(help.stdout, 'Usage:')
  } finally {
    removeDir(dataDir)
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
  return { server, state }
}

function startServer(dataDir: string, smtpPort: number): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-site'),
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
    const timer = setTimeout(() => reject(new Error(`no start line; stderr: ${stderr}`)), 15_000)
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

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

test('crash safety: a SIGKILL while mail is pending loses nothing and sends nothing twice', async () => {
  const dataDir = await seededDataDir()
  const recipients = ['crash-a@example.com', 'crash-b@example.com', 'crash-c@example.com']
  addSubscribers(dataDir, recipients)
  const db = openDatabase(join(dataDir, 'trust.sqlite'))
  try {
    const result = await publishRecord(
      db,
      { type: 'incident', title: 'Crash test', status: 'In Progress', clouds: ['auroraedge'], terms: [], from: '2026-03-15T09:00:00Z' },
      Date.now(),
      'test',
      { publicUrl: 'https://trust.example' },
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
    const first = startServer(dataDir, smtpPort)
    children.push(first.child)
    await first.ready
    await until(() => state.dataSeen >= 1, 8_000, 'the first DATA')
    first.child.kill('SIGKILL')
    await first.exited
    assert.is(state.accepted.length, 0)
    assert.equal(pending(dataDir).sort(), recipients, 'every mail is still pending after the crash')

    // Run 2: the capture accepts; every pending mail is delivered exactly once.
    state.accept = true
    const second = startServer(dataDir, smtpPort)
    children.push(second.child)
    await second.ready
    await until(() => state.accepted.length >= recipients.length && pending(dataDir).length === 0, 8_000, 'delivery')
    second.child.kill('SIGTERM')
    assert.is(await second.exited, 0)
    assert.equal([...state.accepted].sort(), recipients)

    // Run 3: nothing more is sent.
    const third = startServer(dataDir, smtpPort)
    children.push(third.child)
    await third.ready
    await new Promise((r) => setTimeout(r, 1_000))
    third.child.kill('SIGTERM')
    assert.is(await third.exited, 0)
    assert.equal([...state.accepted].sort(), recipients, 'a further start sends nothing')
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await new Promise<void>((resolve) => server.close(() => resolve()))
    removeDir(dataDir)
  }
})

test.run()
