/**
 * The mail outbox as the admin console shows it (`contract/admin.ts` OutboxData, OutboxMessage) and
 * the retry of a message the mailer gave up on (`server/mail/outbox.ts`: a row is left alone after
 * {@link MAX_ATTEMPTS} failed attempts).
 */
import { type Kysely, type Selectable, sql } from 'kysely'
import type { MailDelivery, OutboxData, OutboxMessage } from '../../contract/admin.js'
import type { Database, OutboxTable } from '../db/schema.js'
import { badRequest, notFound } from '../http/errors.js'
import { MAX_ATTEMPTS } from '../mail/outbox.js'
import { type Actor, recordAudit } from './audit.js'

/** How many messages {@link outboxData} lists. */
export const OUTBOX_LIST_SIZE = 50

type OutboxRow = Pick<Selectable<OutboxTable>, 'id' | 'to_address' | 'subject' | 'attempts' | 'last_error' | 'created' | 'sent_at'>

const COLUMNS = ['id', 'to_address', 'subject', 'attempts', 'last_error', 'created', 'sent_at'] as const

/** The state of a row: `sent`, `failed` (unsent after {@link MAX_ATTEMPTS} attempts) or `queued`. */
export function outboxState(row: Pick<OutboxRow, 'sent_at' | 'attempts'>): OutboxMessage['state'] {
  if (row.sent_at !== null) return 'sent'
  return row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued'
}

/** A row in the contract's shape; epoch ms become ISO 8601 (UTC). */
export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    state: outboxState(row),
    attempts: row.attempts,
    error: row.last_error,
    created: new Date(row.created).toISOString(),
    sent_at: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  }
}

/** How the outbox is delivered (`server/mail/outbox.ts` `mailDelivery`, `mailSender`). */
export interface OutboxDelivery {
  delivery: MailDelivery
  /** The From header mail goes out with now. */
  sender: string
}

/**
 * The outbox at `now`: how it is delivered (`mail`), its counts per state, when its oldest queued
 * message was created and how long ago (whole seconds, never negative), and its latest
 * {@link OUTBOX_LIST_SIZE} messages: failed ones first (so a failure is not pushed off the list by
 * newer mail), then the rest, newest first. Two queries.
 */
export async function outboxData(db: Kysely<Database>, now: Date, mail: OutboxDelivery): Promise<OutboxData> {
  const failed = sql<number>`case when sent_at is null and attempts >= ${MAX_ATTEMPTS} then 1 else 0 end`
  const queued = sql<number>`sent_at is null and attempts < ${MAX_ATTEMPTS}`
  const [counts, rows] = await Promise.all([
    db
      .selectFrom('outbox')
      .select([
        sql<number>`coalesce(sum(case when sent_at is not null then 1 else 0 end), 0)`.as('sent'),
        sql<number>`coalesce(sum(case when ${queued} then 1 else 0 end), 0)`.as('queued'),
        sql<number>`coalesce(sum(${failed}), 0)`.as('failed'),
        sql<number | string | null>`min(case when ${queued} then created end)`.as('oldest_queued'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('outbox').select(COLUMNS).orderBy(failed, 'desc').orderBy('id', 'desc').limit(OUTBOX_LIST_SIZE).execute(),
  ])
  const oldest = counts.oldest_queued === null ? null : Number(counts.oldest_queued)
  return {
    delivery: mail.delivery,
    sender: mail.sender,
    queued: Number(counts.queued),
    sent: Number(counts.sent),
    failed: Number(counts.failed),
    oldest_queued: oldest === null ? null : new Date(oldest).toISOString(),
    oldest_queued_seconds: oldest === null ? null : Math.max(0, Math.floor((now.getTime() - oldest) / 1000)),
    messages: rows.map(toOutboxMessage),
  }
}

/**
 * Queues an unsent message again: `attempts` back to 0, `last_error` cleared, with an audit entry
 * (action `outbox.retry`, target the id, before / after `{ attempts, error }`) in the same
 * transaction. The caller kicks the mailer after it resolves.
 *
 * @param now Epoch ms of the audit entry.
 * @returns The message as it is now (state `queued`).
 * @throws {HttpError} 404 `not_found` for an unknown id; 400 `invalid` when it was already sent.
 */
export async function retryOutboxMessage(db: Kysely<Database>, id: number, actor: Actor, now: number): Promise<OutboxMessage> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('outbox').select(COLUMNS).where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(`There is no message ${id} in the outbox.`)
    if (row.sent_at !== null) throw badRequest(`Message ${id} was already sent; there is nothing to retry.`, 'invalid')
    await trx.updateTable('outbox').set({ attempts: 0, last_error: null }).where('id', '=', id).execute()
    await recordAudit(
      trx,
      {
        actor,
        action: 'outbox.retry',
        target: String(id),
        before: { attempts: row.attempts, error: row.last_error },
        after: { attempts: 0, error: null },
      },
      now,
    )
    return toOutboxMessage({ ...row, attempts: 0, last_error: null })
  })
}
