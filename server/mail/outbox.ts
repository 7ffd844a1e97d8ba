/**
 * Outgoing mail through an outbox table: code that sends mail inserts a row inside its own
 * transaction ({@link enqueueMail}), and the {@link Mailer} delivers pending rows after the commit
 * ({@link Mailer.kick}) and every {@link SEND_INTERVAL_MS}. A mail is therefore sent only if the
 * change that caused it was committed, and a failed delivery is retried.
 *
 * Delivery keeps {@link MailerOptions.concurrency} mails in flight (K, `MAIL_CONCURRENCY`, default
 * {@link DEFAULT_MAIL_CONCURRENCY}) over as many pooled SMTP connections, taking pending rows in
 * batches (20 per mail in flight) through an index of the unsent rows only (migration 013), so a
 * batch costs the same however long the sent history grows; sent rows older than the retention
 * (`MAIL_RETENTION_DAYS`) are pruned ({@link pruneDelivered}).
 *
 * Several origins on one PostgreSQL database deliver the same outbox (docs/operating/scaling.md#scaling-out): each
 * batch is taken in a transaction of its own with `select … for update skip locked`, held while
 * the batch is sent. Each mail the SMTP server accepts is acknowledged at once in `outbox_acks`,
 * outside that transaction, and the transaction's commit marks the batch sent. Two origins never
 * take the same row; the rows of an origin that dies are free again the moment its connection
 * drops (PostgreSQL rolls the transaction back), and the next pass of another origin marks its
 * acknowledged mails sent and sends the rest: nothing is lost, nothing waits for a timeout. A
 * mail is sent twice only if its origin dies between the SMTP server's acceptance and the
 * acknowledgement's commit (one INSERT); its `Message-ID` is the same both times
 * (`<outbox-{id}.{created}@…>`), so receivers can tell. On SQLite one server delivers, reading
 * pending rows without holding a transaction across the SMTP conversation (that would stop every
 * other writer) and marking accepted mails sent a group at a time.
 *
 * Transport ({@link mailDelivery}): SMTP when `SMTP_URL` is configured. Without it, in development,
 * nodemailer's JSON transport — the message is only rendered, marked sent, and stays readable in
 * the outbox (see `/dev/mail`); in production nothing is delivered: mail stays queued (the
 * console's dashboard says so and how old the oldest queued message is) and goes out once the
 * server is started with `SMTP_URL`.
 *
 * Sender ({@link mailSender}): `MAIL_FROM`, or by default the vendor's name at the host of
 * `PUBLIC_URL` (`'Nimbus Security <no-reply@status.nimbus.example>'`), the name read from the
 * settings at each delivery pass, so a vendor name set later is used without a restart.
 */
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import { originHost, siteName } from '../../contract/site-name.js'
import type { Mode } from '../config.js'
import { isPostgres, skipLockedRows } from '../db/dialect.js'
import type { Database, OutboxTable } from '../db/schema.js'
import { createPassRunner } from '../lib/pass-runner.js'
import { vendorName } from '../repo/settings.js'
import type { ProviderKey } from '../advisories/signing.js'
import { signedMessage } from './pgp-mime.js'

/** A mail to enqueue. */
export interface OutgoingMail {
  /** One address. */
  to: string
  subject: string
  /** Plain-text body. */
  text: string
  /** HTML body (optional alternative). */
  html?: string
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>
  /**
   * Idempotency key: a second mail with the same key is not enqueued (e.g. one notification per
   * record update and subscriber).
   */
  eventKey?: string
  /**
   * Sign it with the provider's OpenPGP key when it is sent (PGP/MIME, RFC 3156;
   * {@link MailerOptions.provider}): the advisory mails. Without a key it goes out unsigned.
   */
  sign?: boolean
}

/** How often pending mail is retried, ms. */
export const SEND_INTERVAL_MS = 5_000
/** After this many failed attempts a row is left alone (its `last_error` says why). */
export const MAX_ATTEMPTS = 5
/**
 * Mails in flight at once when `MAIL_CONCURRENCY` is not set, and the SMTP pool's connections:
 * enough to keep a relay 20 ms away busy, few enough for any relay's per-client connection limit.
 */
export const DEFAULT_MAIL_CONCURRENCY = 20
/** Rows claimed at a time: 20 per mail in flight, at least this many. */
const MIN_BATCH = 100
/** Ids per marking statement. */
const MARK_ROWS = 1000

/**
 * Inserts `mail` into the outbox within `trx` (the caller's transaction) at `now` (epoch ms).
 * @returns The new row's id, or null when `eventKey` was already enqueued.
 */
export async function enqueueMail(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail, now: number): Promise<number | null> {
  const row = await trx
    .insertInto('outbox')
    .values(outboxRow(mail, now))
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

/** The outbox row of `mail` enqueued at `now` (epoch ms). */
const outboxRow = (mail: OutgoingMail, now: number) => ({
  to_address: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
  headers: JSON.stringify(mail.headers ?? {}),
  created: now,
  event_key: mail.eventKey ?? null,
  sign: mail.sign ? 1 : 0,
})

/** Rows per multi-row insert (well under SQLite's and PostgreSQL's bound-parameter limits). */
export const INSERT_ROWS = 200

/**
 * Inserts `mails` into the outbox within `trx` at `now` (epoch ms), {@link INSERT_ROWS} rows per
 * statement; a mail whose `eventKey` is already enqueued is left out.
 * @returns The `eventKey`s of the rows added (mails without a key are added and not listed).
 */
export async function enqueueMails(
  trx: Kysely<Database> | Transaction<Database>,
  mails: readonly OutgoingMail[],
  now: number,
): Promise<string[]> {
  const added: string[] = []
  for (let i = 0; i < mails.length; i += INSERT_ROWS) {
    const rows = await trx
      .insertInto('outbox')
      .values(mails.slice(i, i + INSERT_ROWS).map((mail) => outboxRow(mail, now)))
      .onConflict((oc) => oc.column('event_key').doNothing())
      .returning('event_key')
      .execute()
    for (const row of rows) if (row.event_key !== null) added.push(row.event_key)
  }
  return added
}

/** Rows deleted per statement when pruning. */
const PRUNE_ROWS = 1000

/**
 * Deletes what was delivered before `before` (epoch ms): outbox rows sent then and webhook
 * deliveries delivered then, {@link PRUNE_ROWS} rows per statement (a short write lock each,
 * however much history there is). Unsent mail, failed mail and undelivered deliveries are kept,
 * whatever their age; so are the fan-out jobs (one row per record event: the console's count of
 * an event's emails).
 * @returns The rows deleted, per table.
 */
export async function pruneDelivered(db: Kysely<Database>, before: number): Promise<{ outbox: number; webhook_deliveries: number }> {
  const pruned = { outbox: 0, webhook_deliveries: 0 }
  for (;;) {
    const ids = (await db.selectFrom('outbox').select('id').where('sent_at', '<', before).limit(PRUNE_ROWS).execute()).map((r) => r.id)
    if (ids.length === 0) break
    await db.deleteFrom('outbox').where('id', 'in', ids).execute()
    pruned.outbox += ids.length
  }
  for (;;) {
    const ids = (await db.selectFrom('webhook_deliveries').select('id').where('delivered_at', '<', before).limit(PRUNE_ROWS).execute()).map(
      (r) => r.id,
    )
    if (ids.length === 0) break
    await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute()
    pruned.webhook_deliveries += ids.length
  }
  return pruned
}

/** Delivers the outbox. */
export interface Mailer {
  /** Starts a delivery pass soon (call it after committing a transaction that enqueued mail). */
  kick(): void
  /** Runs one delivery pass now; resolves when it is done. */
  flush(): Promise<void>
  /** Stops the interval and waits for a running pass; closes the transport. */
  close(): Promise<void>
}

/**
 * How mail leaves the site: `'smtp'` through the `SMTP_URL` server; `'dev_mail'` not at all, only
 * rendered and listed at `/dev/mail` (development without `SMTP_URL`); `'off'` not at all, queued
 * until the server runs with `SMTP_URL` (production without it).
 */
export type MailDelivery = 'smtp' | 'dev_mail' | 'off'

/** The {@link MailDelivery} of a server in `mode` with `smtpUrl` (`SMTP_URL`, null when unset). */
export function mailDelivery(smtpUrl: string | null, mode: Mode): MailDelivery {
  if (smtpUrl) return 'smtp'
  return mode === 'production' ? 'off' : 'dev_mail'
}

/** The mail settings of the configuration (`server/config.ts` `AccountsConfig`) the sender is made from. */
export interface SenderSettings {
  /** `MAIL_FROM`; null = {@link defaultMailFrom}. */
  mailFrom: string | null
  /** `PUBLIC_URL`; null in development without it. */
  publicUrl: string | null
}

/** Control characters (a header line break among them) become spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removes exactly the control characters
const controlChars = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

/** A display name as RFC 5322 writes it: as it is when it is plain words, else quoted. */
function displayName(name: string): string {
  const clean = controlChars(name)
  return /^[\w!#$%&'*+\-/=?^`{|}~ ]+$/.test(clean) ? clean : `"${clean.replace(/["\\]/g, '\\$&')}"`
}

/**
 * The From of mail when `MAIL_FROM` is not set: `'{name} <no-reply@{host of publicUrl}>'`, the
 * host `localhost` without a `publicUrl` (development). Names that are not plain words (a host
 * name's dots, quotes) are quoted; control characters become spaces.
 *
 * @param name who the mail is from: the vendor's name, or while none is set the site's host
 * @example defaultMailFrom('Nimbus Security', 'https://status.nimbus.example') // 'Nimbus Security <no-reply@status.nimbus.example>'
 */
export function defaultMailFrom(name: string, publicUrl: string | null): string {
  return `${displayName(name)} <no-reply@${originHost(publicUrl) || 'localhost'}>`
}

/**
 * The From header mail goes out with now: `MAIL_FROM` when set, else {@link defaultMailFrom} of
 * the vendor's name as the settings hold it at this moment — while none is set, of the site's
 * name without one (`contract/site-name.ts`: the host of `PUBLIC_URL`, else 'Trust site').
 */
export async function mailSender(db: Kysely<Database>, { mailFrom, publicUrl }: SenderSettings): Promise<string> {
  if (mailFrom) return mailFrom
  const vendor = await vendorName(db)
  return defaultMailFrom(vendor || siteName('', originHost(publicUrl)), publicUrl)
}

/** What {@link createMailer} needs. */
export interface MailerOptions extends SenderSettings {
  db: Kysely<Database>
  /** SMTP URL, or null (see {@link mailDelivery}). */
  smtpUrl: string | null
  /** Decides what happens without `smtpUrl` ({@link mailDelivery}). @default 'development' */
  mode?: Mode
  now: () => Date
  /** Where delivery failures are reported. */
  log?: { warn(obj: object, msg: string): void }
  /**
   * Mails in flight at once (`MAIL_CONCURRENCY`), each on its own pooled SMTP connection.
   * @default DEFAULT_MAIL_CONCURRENCY
   */
  concurrency?: number
  /** Days sent mail and delivered webhook deliveries are kept (`MAIL_RETENTION_DAYS`). @default 30 */
  retentionDays?: number
  /**
   * The provider's OpenPGP key (`server/advisories/signing.ts`): rows marked `sign` (the advisory
   * mails) go out signed with it as PGP/MIME (`./pgp-mime.ts`); without it they go out unsigned.
   */
  provider?: Pick<ProviderKey, 'sign'> | null
}

/** Time between two prunings of delivered rows, ms (the first comes with the first pass). */
export const PRUNE_INTERVAL_MS = 3_600_000

/**
 * `smtpUrl` with nodemailer's connection pool on (`pool=true`), `connections` connections
 * (`maxConnections`) and up to 1,000 mails per connection (`maxMessages`), each unless the URL says
 * otherwise: one SMTP connection carries many mails, about 7 ms each instead of about 100 ms for a
 * connection per mail (measured on loopback), and the connections carry mails side by side.
 */
export function pooledSmtpUrl(smtpUrl: string, connections: number = DEFAULT_MAIL_CONCURRENCY): string {
  const url = new URL(smtpUrl)
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true')
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(connections))
  if (!url.searchParams.has('maxMessages')) url.searchParams.set('maxMessages', '1000')
  return url.toString()
}

/**
 * Ids written behind the sending: `add` collects them and `write` runs once per turn of the event
 * loop with all collected since (one statement for many mails); `drain` waits for every write.
 */
interface WriteBehind {
  add(id: number): void
  drain(): Promise<void>
}

function writeBehind(write: (ids: number[]) => Promise<void>): WriteBehind {
  let pending: number[] = []
  let chain: Promise<void> = Promise.resolve()
  let scheduled = false
  const flush = () => {
    scheduled = false
    const ids = pending
    pending = []
    if (ids.length > 0) chain = chain.then(() => write(ids))
  }
  return {
    add(id) {
      pending.push(id)
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
    async drain() {
      if (scheduled) flush()
      await chain
    },
  }
}

/**
 * PostgreSQL: marks sent the acknowledged mails no live claim holds (their server died between the
 * acknowledgement and its commit) and forgets acknowledgements of rows already marked.
 */
async function settleAcks(db: Kysely<Database>): Promise<void> {
  await sql`with settled as (
      select a.id, a.sent_at from outbox_acks a join outbox o on o.id = a.id
      where o.sent_at is null for update of o skip locked
    ), done as (
      update outbox o set sent_at = s.sent_at, attempts = o.attempts + 1, last_error = null
      from settled s where o.id = s.id returning o.id
    )
    delete from outbox_acks where id in (select id from done)`.execute(db)
  await sql`delete from outbox_acks a where not exists (select 1 from outbox o where o.id = a.id and o.sent_at is null)`.execute(db)
}

/** The address of a From header (`Nimbus Security <no-reply@…>` → `no-reply@…`), for the SMTP envelope. */
function envelopeAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true })
  return first?.address || from
}

/** The domain of the From address (for Message-IDs), `localhost` when there is none. */
function senderDomain(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost'
}

/**
 * Creates the mailer and starts its interval (unref'd, so it never keeps the process alive). With
 * delivery `'off'` ({@link mailDelivery}) its passes deliver nothing and every mail stays queued.
 */
export function createMailer({
  db,
  smtpUrl,
  mailFrom,
  publicUrl,
  mode = 'development',
  now,
  log,
  concurrency = DEFAULT_MAIL_CONCURRENCY,
  retentionDays = 30,
  provider = null,
}: MailerOptions): Mailer {
  const delivery = mailDelivery(smtpUrl, mode)
  const transport =
    delivery === 'off'
      ? null
      : smtpUrl
        ? nodemailer.createTransport(pooledSmtpUrl(smtpUrl, concurrency))
        : nodemailer.createTransport({ jsonTransport: true })
  const batchSize = Math.max(MIN_BATCH, concurrency * 20)
  /** The From of this pass and its Message-ID domain (the site's name may have changed since the last). */
  const sender = async () => {
    const from = await mailSender(db, { mailFrom, publicUrl })
    return { from, domain: senderDomain(from) }
  }

  /** Deliverable rows, oldest first, but `failed` (rows that failed in this pass wait for the next). */
  const deliverable = (q: Kysely<Database>, failed: ReadonlySet<number>, limit: number) => {
    let query = q
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('id')
      .limit(limit)
    if (failed.size > 0) query = query.where('id', 'not in', [...failed])
    return query
  }

  /**
   * Hands `row` to the SMTP server.
   * @returns null when it was accepted, else what went wrong.
   */
  async function send(row: Selectable<OutboxTable>, { from, domain }: { from: string; domain: string }): Promise<string | null> {
    if (!transport) return 'no transport'
    try {
      const messageId = `<outbox-${row.id}.${row.created}@${domain}>`
      const headers = JSON.parse(row.headers) as Record<string, string>
      if (row.sign === 1 && provider) {
        // Sent as built: the envelope is given, as nodemailer needs with a raw message.
        const raw = await signedMessage(
          { from, to: row.to_address, subject: row.subject, text: row.text, html: row.html, headers, messageId },
          provider,
        )
        await transport.sendMail({ envelope: { from: envelopeAddress(from), to: [row.to_address] }, raw })
        return null
      }
      await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers,
        messageId,
      })
      return null
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log?.warn({ outboxId: row.id, err: message }, 'mail delivery failed')
      return message
    }
  }

  /** Records a failed attempt of `row` through `q`. */
  const recordFailure = (q: Kysely<Database>, row: Selectable<OutboxTable>, message: string) =>
    q
      .updateTable('outbox')
      .set({ attempts: row.attempts + 1, last_error: message.slice(0, 1000) })
      .where('id', '=', row.id)
      .execute()

  /** Marks rows `ids` sent at `at` through `q`. */
  const markSent = async (q: Kysely<Database>, ids: readonly number[], at: number) => {
    for (let i = 0; i < ids.length; i += MARK_ROWS) {
      await q
        .updateTable('outbox')
        .set((eb) => ({ sent_at: at, attempts: eb('attempts', '+', 1), last_error: null }))
        .where('id', 'in', ids.slice(i, i + MARK_ROWS))
        .execute()
    }
  }

  /**
   * One batch: sends `rows` with {@link MailerOptions.concurrency} in flight; each accepted row's
   * id goes to `accepted`, written in groups ({@link writeBehind}); failures are recorded
   * through `q`.
   */
  async function sendBatch(
    q: Kysely<Database>,
    rows: readonly Selectable<OutboxTable>[],
    from: { from: string; domain: string },
    accepted: WriteBehind,
    failed: Set<number>,
  ): Promise<void> {
    let next = 0
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]
        const error = await send(row, from)
        if (error === null) accepted.add(row.id)
        else {
          failed.add(row.id)
          await recordFailure(q, row, error)
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane))
    await accepted.drain()
  }

  /**
   * PostgreSQL (see the module comment): a batch of rows claimed `for update skip locked` in a
   * transaction held while they are sent; each accepted mail is acknowledged at once in
   * `outbox_acks` (committed outside the claim), and the claim's commit marks the batch sent.
   */
  async function passLocked(): Promise<void> {
    await settleAcks(db)
    const failed = new Set<number>()
    let from: Awaited<ReturnType<typeof sender>> | undefined
    while (!runner.closed) {
      const outcome = await db.transaction().execute(async (trx) => {
        const rows = await skipLockedRows(
          trx,
          deliverable(trx, failed, batchSize).where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('outbox_acks as a').select('a.id').whereRef('a.id', '=', 'outbox.id'))),
          ),
        ).execute()
        if (rows.length === 0) return 'done'
        from ??= await sender()
        const sent: number[] = []
        const acks = writeBehind(async (ids) => {
          sent.push(...ids)
          const at = now().getTime()
          await db
            .insertInto('outbox_acks')
            .values(ids.map((id) => ({ id, sent_at: at })))
            .onConflict((oc) => oc.column('id').doNothing())
            .execute()
        })
        await sendBatch(trx, rows, from, acks, failed)
        await markSent(trx, sent, now().getTime())
        for (let i = 0; i < sent.length; i += MARK_ROWS) {
          await trx
            .deleteFrom('outbox_acks')
            .where('id', 'in', sent.slice(i, i + MARK_ROWS))
            .execute()
        }
        return 'more'
      })
      if (outcome === 'done') return
    }
  }

  /** SQLite: pending rows in batches, sent with K in flight, each group of accepted ones marked at once. */
  async function passPlain(): Promise<void> {
    const failed = new Set<number>()
    let from: Awaited<ReturnType<typeof sender>> | undefined
    while (!runner.closed) {
      const rows = await deliverable(db, failed, batchSize).execute()
      if (rows.length === 0) return
      from ??= await sender()
      await sendBatch(
        db,
        rows,
        from,
        writeBehind((ids) => markSent(db, ids, now().getTime())),
        failed,
      )
    }
  }

  /** When delivered rows were last pruned (epoch ms of the clock; never: -Infinity). */
  let prunedAt = Number.NEGATIVE_INFINITY
  const prune = async () => {
    const at = now().getTime()
    if (at - prunedAt < PRUNE_INTERVAL_MS) return
    prunedAt = at
    await pruneDelivered(db, at - retentionDays * 86_400_000)
  }
  // Delivery off: nothing leaves, nothing is marked; the rows wait for a server with SMTP_URL.
  const deliver = delivery === 'off' ? async () => undefined : isPostgres(db) ? passLocked : passPlain
  const runner = createPassRunner({
    pass: async () => {
      await deliver()
      await prune()
    },
    intervalMs: SEND_INTERVAL_MS,
    failure: 'mail outbox pass failed',
    log,
  })

  return {
    kick: runner.kick,
    flush: runner.flush,
    close: async () => {
      await runner.close()
      transport?.close()
    },
  }
}
