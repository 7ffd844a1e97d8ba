/**
 * Outgoing mail through an outbox table: code that sends mail inserts a row inside its own
 * transaction ({@link enqueueMail}), and the {@link Mailer} delivers pending rows after the commit
 * ({@link Mailer.kick}) and every {@link SEND_INTERVAL_MS}. A mail is therefore sent only if the
 * change that caused it was committed, and a failed delivery is retried.
 *
 * Transport: SMTP when `SMTP_URL` is configured, otherwise nodemailer's JSON transport — the
 * message is only rendered, marked sent, and stays readable in the outbox (see `/dev/mail`).
 */
import nodemailer from 'nodemailer'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.js'

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
/** Rows delivered per pass. */
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

/** What {@link createMailer} needs. */
export interface MailerOptions {
  db: Kysely<Database>
  /** SMTP URL, or null for the JSON transport. */
  smtpUrl: string | null
  /** The From header. */
  from: string
  now: () => Date
  /** Where delivery failures are reported. */
  log?: { warn(obj: object, msg: string): void }
}

/** Creates the mailer and starts its interval (unref'd, so it never keeps the process alive). */
export function createMailer({ db, smtpUrl, from, now, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true })
  let running: Promise<void> | null = null
  let again = false
  let closed = false

  async function pass(): Promise<void> {
    const rows = await db
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    for (const row of rows) {
      try {
        await transport.sendMail({
          from,
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          headers: JSON.parse(row.headers) as Record<string, string>,
        })
        await db
          .updateTable('outbox')
          .set({ sent_at: now().getTime(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute()
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        log?.warn({ outboxId: row.id, err: message }, 'mail delivery failed')
        await db
          .updateTable('outbox')
          .set({ attempts: row.attempts + 1, last_error: message.slice(0, 1000) })
          .where('id', '=', row.id)
          .execute()
      }
    }
  }

  function flush(): Promise<void> {
    if (closed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await pass()
        } while (again && !closed)
      } catch (error) {
        log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'mail outbox pass failed')
      } finally {
        running = null
      }
    })()
    return running
  }

  const timer = setInterval(() => void flush(), SEND_INTERVAL_MS)
  timer.unref()

  return {
    kick: () => {
      setImmediate(() => void flush())
    },
    flush,
    close: async () => {
      clearInterval(timer)
      if (running) await running
      closed = true
      transport.close()
    },
  }
}
