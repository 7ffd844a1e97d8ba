/**
 * Outgoing mail through an outbox table: code that sends mail inserts a row inside its own
 * transaction ({@link enqueueMail}), and the {@link Mailer} delivers pending rows after the commit
 * ({@link Mailer.kick}) and every {@link SEND_INTERVAL_MS}. A mail is therefore sent only if the
 * change that caused it was committed, and a failed delivery is retried.
 *
 * Several origins on one PostgreSQL database deliver the same outbox (README "Scaling out"): each
 * mail is taken in a transaction of its own with `select … for update skip locked`, sent, and
 * marked sent before the transaction commits. Two origins never take the same row, and the row
 * of an origin that dies is free again the moment its connection drops (PostgreSQL rolls the
 * transaction back), so another origin sends it: nothing is lost, nothing waits for a timeout.
 * A mail is sent twice only if its origin dies between the SMTP server's acceptance and the
 * commit (a window of one UPDATE); its `Message-ID` is the same both times
 * (`<outbox-{id}.{created}@…>`), so receivers can tell. On SQLite one server delivers, reading
 * pending rows without holding a transaction across the SMTP conversation (that would stop every
 * other writer).
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
import type { Kysely, Selectable, Transaction } from 'kysely'
import { originHost, siteName } from '../../contract/site-name.js'
import type { Mode } from '../config.js'
import { isPostgres, skipLockedRows } from '../db/dialect.js'
import type { Database, OutboxTable } from '../db/schema.js'
import { createPassRunner } from '../lib/pass-runner.js'
import { vendorName } from '../repo/settings.js'

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
}

/** How often pending mail is retried, ms. */
export const SEND_INTERVAL_MS = 5_000
/** After this many failed attempts a row is left alone (its `last_error` says why). */
export const MAX_ATTEMPTS = 5
/** Rows read at a time on SQLite. */
const BATCH = 50

/**
 * Inserts `mail` into the outbox within `trx` (the caller's transaction) at `now` (epoch ms).
 * @returns The new row's id, or null when `eventKey` was already enqueued.
 */
export async function enqueueMail(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail, now: number): Promise<number | null> {
  const row = await trx
    .insertInto('outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: JSON.stringify(mail.headers ?? {}),
      created: now,
      event_key: mail.eventKey ?? null,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
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
}

/**
 * `smtpUrl` with nodemailer's connection pool on (`pool=true`) unless the URL says otherwise: one
 * SMTP connection carries many mails, about 7 ms each instead of about 100 ms for a connection
 * per mail (measured on loopback), which is what a dispatch to every subscriber needs.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true')
  return url.toString()
}

/** The domain of the From address (for Message-IDs), `localhost` when there is none. */
function senderDomain(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost'
}

/**
 * Creates the mailer and starts its interval (unref'd, so it never keeps the process alive). With
 * delivery `'off'` ({@link mailDelivery}) its passes deliver nothing and every mail stays queued.
 */
export function createMailer({ db, smtpUrl, mailFrom, publicUrl, mode = 'development', now, log }: MailerOptions): Mailer {
  const delivery = mailDelivery(smtpUrl, mode)
  const transport =
    delivery === 'off'
      ? null
      : smtpUrl
        ? nodemailer.createTransport(pooledSmtpUrl(smtpUrl))
        : nodemailer.createTransport({ jsonTransport: true })
  /** The From of this pass and its Message-ID domain (the site's name may have changed since the last). */
  const sender = async () => {
    const from = await mailSender(db, { mailFrom, publicUrl })
    return { from, domain: senderDomain(from) }
  }

  /** Deliverable rows, oldest first, but `failed` (rows that failed in this pass wait for the next). */
  const deliverable = (q: Kysely<Database>, failed: readonly number[], limit: number) => {
    let query = q
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('id')
      .limit(limit)
    if (failed.length > 0) query = query.where('id', 'not in', failed)
    return query
  }

  /**
   * Sends `row` and records the outcome through `q` (the row's transaction on PostgreSQL).
   * @returns Whether the SMTP server accepted it.
   */
  async function deliver(
    q: Kysely<Database>,
    row: Selectable<OutboxTable>,
    { from, domain }: { from: string; domain: string },
  ): Promise<boolean> {
    if (!transport) return false
    try {
      await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: JSON.parse(row.headers) as Record<string, string>,
        messageId: `<outbox-${row.id}.${row.created}@${domain}>`,
      })
      await q
        .updateTable('outbox')
        .set({ sent_at: now().getTime(), attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute()
      return true
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log?.warn({ outboxId: row.id, err: message }, 'mail delivery failed')
      await q
        .updateTable('outbox')
        .set({ attempts: row.attempts + 1, last_error: message.slice(0, 1000) })
        .where('id', '=', row.id)
        .execute()
      return false
    }
  }

  /** PostgreSQL: one row per transaction, locked while it is sent (see the module comment). */
  async function passLocked(): Promise<void> {
    const failed: number[] = []
    let from: Awaited<ReturnType<typeof sender>> | undefined
    while (!runner.closed) {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await skipLockedRows(trx, deliverable(trx, failed, 1)).executeTakeFirst()
        if (!row) return 'done'
        from ??= await sender()
        if (!(await deliver(trx, row, from))) failed.push(row.id)
        return 'more'
      })
      if (outcome === 'done') return
    }
  }

  /** SQLite: pending rows in batches, each marked after its delivery. */
  async function passPlain(): Promise<void> {
    const failed: number[] = []
    let from: Awaited<ReturnType<typeof sender>> | undefined
    while (!runner.closed) {
      const rows = await deliverable(db, failed, BATCH).execute()
      if (rows.length === 0) return
      from ??= await sender()
      for (const row of rows) {
        if (!(await deliver(db, row, from))) failed.push(row.id)
      }
    }
  }

  const runner = createPassRunner({
    // Delivery off: nothing leaves, nothing is marked; the rows wait for a server with SMTP_URL.
    pass: delivery === 'off' ? async () => undefined : isPostgres(db) ? passLocked : passPlain,
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
