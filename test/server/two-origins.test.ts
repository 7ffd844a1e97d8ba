/**
 * Two origins, one PostgreSQL database (docs/operating/scaling.md#scaling-out): two server processes
 * (`server/main.ts`) on their own ports share a throw-away database. 500 subscribers, one publish
 * through origin A: every subscriber gets exactly one email although A is killed with SIGKILL in
 * the middle of the dispatch (origin B finishes, A's claimed rows included), and the publish is
 * visible through B within a second although B had the list in its response cache.
 *
 * Each origin sends through an SMTP server of the test's own (smtp-server); after 40 messages A's
 * stops answering, and A — several messages in flight — is killed once the 40 it handed over are
 * on record in the database (marked sent, or acknowledged in `outbox_acks`), so the messages in
 * flight are never accepted and B sends them.
 * Runs in the PostgreSQL pass only (`TRUST_TEST_DIALECT=postgres`, see `test/run.mjs`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SESSION_COOKIE } from '../../contract/constants.js'
import { freePort } from '../setup/ports.js'
import { createTestDatabase, TEST_DIALECT, type TestDatabase, until } from './helpers.js'

const SUBSCRIBERS = 500
/** Messages origin A hands over before it is killed in the middle of the next one. */
const KILL_AFTER = 40
const ROOT = join(import.meta.dirname, '..', '..')

interface Delivery {
  origin: 'A' | 'B'
  to: string
  messageId: string
}

/** An SMTP server that records every accepted message; `onMessage` may keep one from being answered. */
function smtpSink(origin: 'A' | 'B', deliveries: Delivery[], hold: () => boolean): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (hold()) return // never answered: the sender dies before the message is accepted
        const text = Buffer.concat(chunks).toString('utf8')
        const messageId = /^Message-ID:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? ''
        for (const to of session.envelope.rcptTo) deliveries.push({ origin, to: to.address, messageId })
        callback()
      })
    },
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({ port, close: () => new Promise<void>((done) => server.close(() => done())) })
    })
  })
}

/** Starts `server/main.ts` on `port` with `env`; resolves once it listens. */
async function origin(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (c) => {
    output += c
    if (process.env.DEBUG_ORIGINS) process.stderr.write(`[${port}] ${c}`)
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      output += c
      if (output.includes('listening on')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`origin on ${port} exited (${code}): ${output}`)))
  })
  return child
}

if (TEST_DIALECT !== 'postgres') {
  test('two origins on one PostgreSQL database (PostgreSQL pass only)', () => {
    assert.ok(true)
  })
} else {
  test('two origins, one database: one publish mails 500 subscribers exactly once though origin A dies mid-dispatch; B shows it within a second', async () => {
    const database: TestDatabase = await createTestDatabase()
    const deliveries: Delivery[] = []
    let handedByA = 0
    let killedA = false
    const children: ChildProcess[] = []
    let a: ChildProcess | undefined
    const client = new pg.Client({ connectionString: database.databaseUrl })
    // A keeps several mails in flight: it dies once the mails it handed over before are on record
    // (sent, or acknowledged in outbox_acks), with the next ones in flight and never accepted.
    const recordedByA = async () => {
      const ids = deliveries.filter((d) => d.origin === 'A').map((d) => Number(/^<outbox-(\d+)\./.exec(d.messageId)?.[1]))
      const { rows } = await client.query(
        `select count(*)::int as n from outbox o
         where o.id = any($1::bigint[]) and (o.sent_at is not null or exists (select 1 from outbox_acks a where a.id = o.id))`,
        [ids],
      )
      return rows[0].n as number
    }
    const sinkA = await smtpSink('A', deliveries, () => {
      handedByA += 1
      if (handedByA <= KILL_AFTER) return false
      if (!killedA) {
        killedA = true
        void until(async () => (await recordedByA()) >= KILL_AFTER, "origin A's accepted mails on record", 20_000).then(
          () => a?.kill('SIGKILL'),
          () => a?.kill('SIGKILL'),
        )
      }
      return true
    })
    const sinkB = await smtpSink('B', deliveries, () => false)
    try {
      const [portA, portB] = [await freePort(), await freePort()]
      const common = { DATABASE_URL: database.databaseUrl!, SCHEDULER_INTERVAL_MS: '86400000', STATIC_DIR: join(database.dataDir, 'none') }
      // Both start together: the start-up lock lets one migrate and seed while the other waits.
      const started = await Promise.all([
        origin(portA, { ...common, SMTP_URL: `smtp://127.0.0.1:${sinkA.port}` }),
        origin(portB, { ...common, SMTP_URL: `smtp://127.0.0.1:${sinkB.port}` }),
      ])
      children.push(...started)
      a = started[0]

      await client.connect()
      const migrations = await client.query('select count(*)::int as n from kysely_migration')
      assert.ok(migrations.rows[0].n > 0)
      const { rows: clouds } = await client.query("select id from clouds where machine_name = 'auroraedge'")
      await client.query(
        `insert into users (name, mail, pass_hash, verified, timezone, created)
         select 'subscriber' || g, 'subscriber' || g || '@example.com', 'x', 1, 'UTC', 0 from generate_series(1, $1::int) g`,
        [SUBSCRIBERS],
      )
      await client.query(
        `insert into subscriptions (uid, cloud_id, target, created)
         select uid, $1, 'all', 0 from users where mail like 'subscriber%@example.com'`,
        [clouds[0].id],
      )

      // B has the incident list in its response cache before the publish.
      const listB = `http://127.0.0.1:${portB}/api/incident?cloud=auroraedge`
      const title = `Two-origin outage ${Date.now()}`
      assert.not.ok((await (await fetch(listB)).text()).includes(title))
      assert.ok((await (await fetch(listB)).text()).length > 0)

      // Sign in and publish through A.
      const login = await fetch(`http://127.0.0.1:${portA}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'admin', pass: 'Admin12345' }),
      })
      assert.is(login.status, 200)
      const cookie = /^[^;]+/.exec(login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '')?.[0] ?? ''
      const csrf = ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token
      const published = await fetch(`http://127.0.0.1:${portA}/api/admin/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify({
          type: 'incident',
          title,
          summary: 'Published through origin A.',
          status: 'In Progress',
          clouds: ['auroraedge'],
          terms: [],
          from: new Date(Date.now() - 60_000).toISOString(),
        }),
      })
      assert.is(published.status, 201, await published.clone().text())
      const publishedAt = Date.now()
      await until(async () => (await (await fetch(listB)).text()).includes(title), 'the record through origin B', 5000)
      const visibleMs = Date.now() - publishedAt
      assert.ok(visibleMs < 1000, `visible through B after ${visibleMs} ms`)

      await until(() => a?.signalCode === 'SIGKILL', 'origin A to be killed mid-dispatch', 20_000)
      const unique = () => new Set(deliveries.map((d) => d.to)).size
      await until(() => unique() >= SUBSCRIBERS, `${SUBSCRIBERS} distinct recipients`, 60_000).catch((error: Error) => {
        throw new Error(`${error.message} (have ${unique()})`)
      })
      const dispatchMs = Date.now() - publishedAt
      // Every mail on record as sent, then B stopped (A is dead): nothing can arrive after this, so
      // a duplicate still in flight is counted below.
      const sent = async () =>
        (await client.query("select count(sent_at)::int as n from outbox where to_address like 'subscriber%@example.com'")).rows[0].n ===
        SUBSCRIBERS
      await until(sent, 'every mail on record as sent', 60_000)
      const b = started[1]
      b.kill('SIGKILL')
      if (b.exitCode === null && b.signalCode === null) await once(b, 'exit')

      const perRecipient = new Map<string, number>()
      for (const d of deliveries) perRecipient.set(d.to, (perRecipient.get(d.to) ?? 0) + 1)
      const duplicates = deliveries.length - perRecipient.size
      const expected = Array.from({ length: SUBSCRIBERS }, (_, i) => `subscriber${i + 1}@example.com`)
      const lost = expected.filter((to) => !perRecipient.has(to)).length
      const byA = deliveries.filter((d) => d.origin === 'A').length
      console.log(
        `  two origins: ${SUBSCRIBERS} subscribers, ${deliveries.length} emails delivered (A ${byA} before SIGKILL, B ${deliveries.length - byA}) in ${(dispatchMs / 1000).toFixed(1)} s, ${duplicates} duplicates, ${lost} lost; publish visible through B after ${visibleMs} ms`,
      )
      assert.is(lost, 0)
      assert.is(duplicates, 0)
      assert.is(byA, KILL_AFTER)
      const outbox = await client.query(
        "select count(*)::int as n, count(sent_at)::int as sent from outbox where to_address like 'subscriber%@example.com'",
      )
      assert.equal(outbox.rows[0], { n: SUBSCRIBERS, sent: SUBSCRIBERS })
    } finally {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? once(c, 'exit') : null)))
      await client.end().catch(() => undefined)
      await sinkA.close()
      await sinkB.close()
      await database.drop()
    }
  })
}

test.run()
