/**
 * The notification storm (docs/operating/scaling.md; `server/publishing/fanout.ts`, `server/mail/outbox.ts`):
 * - chunked expansion after the commit: the same recipients, each mailed exactly once with an
 *   unsubscribe token of its own, however small the chunks, and a second expansion adds nothing;
 * - K mails in flight: an SMTP server of the test's own answers only when K messages are waiting,
 *   so delivery finishes only if the mailer keeps exactly K in flight, and never more;
 * - batch claims: two mailers racing over one outbox (one on SQLite) send each mail once; on
 *   PostgreSQL a mail acknowledged by a server that died is marked sent, not sent again, and the
 *   claim reads the pending rows through their own index however many sent rows there are;
 * - pruning of delivered rows after the retention;
 * - the site answers during a large expansion: requests made while 20,000 recipients expand are
 *   answered before the expansion ends (an order of events, not a time).
 * Runs on SQLite and on PostgreSQL (`TRUST_TEST_DIALECT`).
 */
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { openDatabase } from '../../server/db/connection.js'
import { createMailer, enqueueMails, pruneDelivered } from '../../server/mail/outbox.js'
import { body, FIXED_NOW, startApp, TEST_DIALECT, type TestApp } from './helpers.js'
import { login, send } from './staff-helpers.js'
import { startSmtpSink } from './smtp-sink.js'

const PUBLIC_URL = 'https://trust.example'
const DAY = 86_400_000

/** Adds verified (or not) users `mails` in one statement per 500; returns their uids in order. */
async function addUsers(t: TestApp, mails: string[], verified = 1): Promise<number[]> {
  const uids: number[] = []
  for (let i = 0; i < mails.length; i += 500) {
    const rows = await t
      .db()
      .insertInto('users')
      .values(mails.slice(i, i + 500).map((mail) => ({ name: mail, mail, pass_hash: 'x', verified, timezone: 'UTC', created: 0 })))
      .returning('uid')
      .execute()
    uids.push(...rows.map((r) => r.uid))
  }
  return uids
}

/** Subscribes `uids` to `target` on cloud `cloudId`. */
async function subscribe(t: TestApp, uids: number[], cloudId: number, target: string | number): Promise<void> {
  for (let i = 0; i < uids.length; i += 500) {
    await t
      .db()
      .insertInto('subscriptions')
      .values(uids.slice(i, i + 500).map((uid) => ({ uid, cloud_id: cloudId, target: String(target), created: 0 })))
      .execute()
  }
}

/** A data center of auroraedge (cloud 1), its region and another data center of the same region. */
async function places(t: TestApp) {
  const [d] = await t.query(
    `select dc.tid, dc.region_tid from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid
     where cdc.cloud_id = 1 and cdc.active = 1 order by dc.tid limit 1`,
  )
  const [sibling] = await t.query(
    `select dc.tid from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid
     where cdc.cloud_id = 1 and cdc.active = 1 and dc.region_tid = ? and dc.tid != ? order by dc.tid limit 1`,
    d.region_tid,
    d.tid,
  )
  return { d: Number(d.tid), region: Number(d.region_tid), sibling: Number(sibling.tid) }
}

/** Publishes an incident on auroraedge about data center `d` as the admin; returns the answer's data. */
async function publishIncident(t: TestApp, d: number, title = 'Packet loss') {
  const admin = await login(t, 'admin', 'Admin12345')
  const res = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: {
      type: 'incident',
      title,
      status: 'In Progress',
      severity: 20,
      clouds: ['auroraedge'],
      terms: [d],
      from: '2026-03-15T09:00:00Z',
    },
  })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data as { id: number; event_id: number; mails: number }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const expansion = suite('fan-out: chunked expansion after the commit')
let t: TestApp

expansion.after.each(async () => {
  await t?.close()
})

expansion(
  'chunks of 7 users: exactly the subscribers of the data center, its region and all, once each, each with its own unsubscribe token; again adds nothing',
  async () => {
    t = await startApp({ accounts: { publicUrl: PUBLIC_URL }, fanoutChunk: 7 })
    const p = await places(t)
    const all = await addUsers(
      t,
      Array.from({ length: 13 }, (_, i) => `all-${i}@example.com`),
    )
    const dc = await addUsers(
      t,
      Array.from({ length: 11 }, (_, i) => `dc-${i}@example.com`),
    )
    const region = await addUsers(
      t,
      Array.from({ length: 9 }, (_, i) => `region-${i}@example.com`),
    )
    const both = await addUsers(t, ['both@example.com'])
    const sibling = await addUsers(
      t,
      Array.from({ length: 8 }, (_, i) => `sibling-${i}@example.com`),
    )
    const otherCloud = await addUsers(
      t,
      Array.from({ length: 5 }, (_, i) => `other-cloud-${i}@example.com`),
    )
    const unverified = await addUsers(
      t,
      Array.from({ length: 6 }, (_, i) => `unverified-${i}@example.com`),
      0,
    )
    await subscribe(t, all, 1, 'all')
    await subscribe(t, dc, 1, p.d)
    await subscribe(t, region, 1, p.region)
    await subscribe(t, both, 1, 'all')
    await subscribe(t, both, 1, p.d)
    await subscribe(t, sibling, 1, p.sibling)
    await subscribe(t, otherCloud, 2, 'all')
    await subscribe(t, unverified, 1, 'all')
    const expected = [...all, ...dc, ...region, ...both]

    const published = await publishIncident(t, p.d)
    assert.is(published.mails, expected.length, 'the answer counts the subscribers to mail')
    await t.settled()

    const rows = await t.query<{ to_address: string; event_key: string; headers: string; text: string }>(
      "select to_address, event_key, headers, text from outbox where event_key like 'record-event:%' order by id",
    )
    const uidOf = new Map((await t.query<{ uid: number; mail: string }>('select uid, mail from users')).map((u) => [u.mail, Number(u.uid)]))
    assert.equal(
      rows.map((r) => uidOf.get(r.to_address)).sort((a, b) => a! - b!),
      [...expected].sort((a, b) => a - b),
    )
    assert.ok(
      rows.every((r) => r.event_key === `record-event:${published.event_id}:uid:${uidOf.get(r.to_address)}`),
      'each mail is keyed by its event and user',
    )
    const tokens = rows.map((r) => /\/api\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(JSON.parse(r.headers)['List-Unsubscribe'])?.[1] ?? '')
    assert.is(new Set(tokens).size, rows.length, 'one token per mail')
    assert.ok(
      rows.every((r, i) => r.text.includes(`${PUBLIC_URL}/unsubscribe/${tokens[i]}`)),
      'the body links the same token',
    )
    const stored = new Map(
      (await t.query<{ token_hash: string; uid: number }>('select token_hash, uid from unsubscribe_tokens')).map((r) => [
        r.token_hash,
        Number(r.uid),
      ]),
    )
    assert.ok(
      rows.every((r, i) => stored.get(sha256(tokens[i])) === uidOf.get(r.to_address)),
      "each token is stored, hashed, for its mail's user",
    )
    const both0 = rows.find((r) => r.to_address === 'both@example.com')!
    assert.match(both0.text, 'All subscriptions of auroraedge.net')
    const [job] = await t.query('select recipients, mails, finished_at from fanout_jobs where event_id = ?', published.event_id)
    assert.equal(
      { ...job, recipients: Number(job.recipients), mails: Number(job.mails), finished_at: Number(job.finished_at) },
      {
        recipients: expected.length,
        mails: expected.length,
        finished_at: FIXED_NOW.getTime(),
      },
    )

    // The same job expanded again from the start (a crash before its last commit): nothing is added.
    const tokensBefore = stored.size
    await t.exec('update fanout_jobs set finished_at = null, cursor_uid = 0 where event_id = ?', published.event_id)
    t.app.fanout.kick()
    await t.settled()
    assert.is((await t.query("select id from outbox where event_key like 'record-event:%'")).length, expected.length)
    assert.is((await t.query('select token_hash from unsubscribe_tokens')).length, tokensBefore)
  },
)

expansion('the site answers while 20,000 recipients expand: requests made during the expansion are answered before it ends', async () => {
  t = await startApp({ accounts: { publicUrl: PUBLIC_URL } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (t.app.server.address() as { port: number }).port
  const p = await places(t)
  const uids = await addUsers(
    t,
    Array.from({ length: 20_000 }, (_, i) => `storm-${i}@example.com`),
  )
  await subscribe(t, uids, 1, 'all')
  const published = await publishIncident(t, p.d, 'Storm')
  assert.is(published.mails, 20_000)
  const finished = async () =>
    (await t.query('select finished_at from fanout_jobs where event_id = ?', published.event_id))[0].finished_at !== null
  // Probes one after the other while the expansion runs; each notes whether it was answered first.
  let answeredDuring = 0
  const gaps: number[] = []
  while (!(await finished())) {
    const started = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/api/incident?cloud=auroraedge&page=1`)
    assert.is(res.status, 200)
    await res.arrayBuffer()
    gaps.push(performance.now() - started)
    if (!(await finished())) answeredDuring += 1
  }
  await t.settled()
  const mails = Number((await t.query('select mails from fanout_jobs where event_id = ?', published.event_id))[0].mails)
  assert.is(mails, 20_000)
  gaps.sort((a, b) => a - b)
  console.log(
    `  20,000 recipients expanded: ${answeredDuring} requests answered during the expansion (median ${gaps[gaps.length >> 1]?.toFixed(1)} ms, worst ${gaps.at(-1)?.toFixed(1)} ms)`,
  )
  assert.ok(answeredDuring >= 3, `only ${answeredDuring} requests were answered while the expansion ran`)
})

expansion.run()

const delivery = suite('outbox delivery: K in flight, batch claims, pruning')

delivery.after.each(async () => {
  await t?.close()
})

/** An SMTP server that answers a message only once `k` are waiting (then all of them), recording the most waiting at once. */
async function barrierSink(k: number) {
  const waiting: Array<() => void> = []
  let most = 0
  let accepted = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        waiting.push(() => {
          accepted += 1
          callback()
        })
        most = Math.max(most, waiting.length)
        if (waiting.length >= k) for (const answer of waiting.splice(0)) answer()
      })
    },
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  )
  return {
    url: `smtp://127.0.0.1:${port}`,
    most: () => most,
    accepted: () => accepted,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

const mails = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    to: `${prefix}-${i}@example.com`,
    subject: `Mail ${i}`,
    text: 'Hello.',
    eventKey: `${prefix}:${i}`,
  }))

delivery('K = 4: delivery goes on only with 4 mails in flight at once, and never more', async () => {
  const sink = await barrierSink(4)
  t = await startApp({ accounts: { publicUrl: PUBLIC_URL, smtpUrl: sink.url }, mailConcurrency: 4 })
  try {
    await enqueueMails(t.db(), mails(12, 'k'), FIXED_NOW.getTime())
    await t.app.notifications.flush()
    assert.is(sink.accepted(), 12)
    assert.is(sink.most(), 4)
    const sent = await t.query("select sent_at, attempts from outbox where event_key like 'k:%'")
    assert.equal(
      sent.map((r) => [Number(r.sent_at), Number(r.attempts)]),
      Array.from({ length: 12 }, () => [FIXED_NOW.getTime(), 1]),
    )
  } finally {
    await t.close()
    await sink.close()
  }
})

delivery(
  'mailers on connections of their own (two on PostgreSQL, one on SQLite) deliver 600 mails: each is sent once and marked sent once',
  async () => {
    const sink = await startSmtpSink()
    // Production without SMTP_URL: the app's own mailer sends nothing and leaves the race to the two.
    t = await startApp({ mode: 'production', accounts: { publicUrl: PUBLIC_URL } })
    await enqueueMails(t.db(), mails(600, 'race'), FIXED_NOW.getTime())
    const dbs = TEST_DIALECT === 'postgres' ? [openDatabase(t.location), openDatabase(t.location)] : [openDatabase(t.location)]
    const mailers = dbs.map((db) =>
      createMailer({
        db,
        smtpUrl: sink.url,
        mailFrom: 'Trust <no-reply@trust.example>',
        publicUrl: PUBLIC_URL,
        now: () => FIXED_NOW,
        concurrency: 8,
      }),
    )
    try {
      await Promise.all(mailers.map((m) => m.flush()))
      const to = sink.received.flatMap((m) => m.to).filter((a) => a.startsWith('race-'))
      assert.is(to.length, 600)
      assert.is(new Set(to).size, 600)
      const rows = await t.query("select attempts from outbox where event_key like 'race:%' and sent_at is not null")
      assert.is(rows.length, 600)
      assert.ok(rows.every((r) => Number(r.attempts) === 1))
    } finally {
      for (const m of mailers) await m.close()
      for (const db of dbs) await db.destroy()
      await sink.close()
    }
  },
)

if (TEST_DIALECT === 'postgres') {
  delivery('PostgreSQL: a mail acknowledged by a server that died is marked sent, not sent again', async () => {
    const sink = await startSmtpSink()
    t = await startApp({ mode: 'production', accounts: { publicUrl: PUBLIC_URL } })
    const [acked, pending] = await enqueueMails(t.db(), mails(2, 'ack'), FIXED_NOW.getTime())
    const [{ id }] = await t.query('select id from outbox where event_key = ?', acked)
    await t
      .db()
      .insertInto('outbox_acks')
      .values({ id: Number(id), sent_at: FIXED_NOW.getTime() - 1000 })
      .execute()
    const mailer = createMailer({
      db: t.db(),
      smtpUrl: sink.url,
      mailFrom: 'Trust <no-reply@trust.example>',
      publicUrl: PUBLIC_URL,
      now: () => FIXED_NOW,
    })
    try {
      await mailer.flush()
      assert.equal(
        sink.received.flatMap((m) => m.to).filter((a) => a.startsWith('ack-')),
        ['ack-1@example.com'],
      )
      const rows = await t.query('select event_key, sent_at from outbox where event_key in (?, ?) order by event_key', acked, pending)
      assert.equal(
        rows.map((r) => [r.event_key, Number(r.sent_at)]),
        [
          ['ack:0', FIXED_NOW.getTime() - 1000],
          ['ack:1', FIXED_NOW.getTime()],
        ],
      )
      assert.is((await t.query('select id from outbox_acks')).length, 0)
    } finally {
      await mailer.close()
      await sink.close()
    }
  })

  delivery('PostgreSQL: the claim reads the pending rows through their own index, however many rows were sent', async () => {
    t = await startApp({ accounts: { publicUrl: PUBLIC_URL } })
    await sql`insert into outbox (to_address, subject, text, headers, created, sent_at, attempts)
      select 'old-' || g || '@example.com', 'Old', 'Sent long ago.', '{}', 0, 1, 1 from generate_series(1, 20000) g`.execute(t.db())
    await enqueueMails(t.db(), mails(2000, 'new'), FIXED_NOW.getTime())
    await sql`analyze outbox`.execute(t.db())
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select * from outbox
      where sent_at is null and attempts < 5 order by id limit 200 for update skip locked`.execute(t.db())
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
    // Not the primary key filtered row by row (what grew with the history), but an index of the pending rows.
    assert.not.match(plan, /outbox_pkey/, plan)
    assert.match(plan, /outbox_pending|Index Cond: \(sent_at IS NULL\)/, plan)
  })
}

delivery(
  'pruning: sent mail and delivered webhook deliveries older than the retention go; unsent, failed and recent ones stay',
  async () => {
    t = await startApp({ mode: 'production', accounts: { publicUrl: PUBLIC_URL } })
    // The app's own first pass (and its pruning) is over before the rows go in.
    await t.app.notifications.flush()
    const now = FIXED_NOW.getTime()
    const db = t.db()
    await db
      .insertInto('outbox')
      .values([
        { to_address: 'old-sent@example.com', subject: 's', text: 't', created: now - 40 * DAY, sent_at: now - 40 * DAY, attempts: 1 },
        { to_address: 'recent-sent@example.com', subject: 's', text: 't', created: now - DAY, sent_at: now - DAY, attempts: 1 },
        { to_address: 'old-queued@example.com', subject: 's', text: 't', created: now - 40 * DAY, sent_at: null, attempts: 0 },
        { to_address: 'old-failed@example.com', subject: 's', text: 't', created: now - 40 * DAY, sent_at: null, attempts: 5 },
      ])
      .execute()
    const pruned = await pruneDelivered(db, now - 30 * DAY)
    assert.equal(pruned, { outbox: 1, webhook_deliveries: 0 })
    assert.equal(
      (await t.query('select to_address from outbox order by to_address')).map((r) => r.to_address),
      ['old-failed@example.com', 'old-queued@example.com', 'recent-sent@example.com'],
    )
    // The mailer prunes with its retention (here 1 day) on its first pass.
    const mailer = createMailer({
      db,
      smtpUrl: null,
      mailFrom: null,
      publicUrl: PUBLIC_URL,
      mode: 'production',
      now: () => FIXED_NOW,
      retentionDays: 1,
    })
    try {
      await db
        .updateTable('outbox')
        .set({ sent_at: now - DAY - 1 })
        .where('to_address', '=', 'recent-sent@example.com')
        .execute()
      await mailer.flush()
      assert.equal(
        (await t.query('select to_address from outbox order by to_address')).map((r) => r.to_address),
        ['old-failed@example.com', 'old-queued@example.com'],
      )
    } finally {
      await mailer.close()
    }
  },
)

delivery.run()
