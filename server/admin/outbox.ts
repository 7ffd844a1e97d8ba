/**
 * The mail outbox as the admin console shows it (`contract/admin.ts` OutboxData, OutboxMessage,
 * OutboxFanout) and the retry of a message the mailer gave up on (`server/mail/outbox.ts`: a row
 * is left alone after {@link MAX_ATTEMPTS} failed attempts).
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { MailDelivery, OutboxData, OutboxFanout, OutboxMessage } from '../../contract/admin.js'
import type { Database, OutboxTable } from '../db/schema.js'
import { badRequest, notFound } from '../http/errors.js'
import { MAX_ATTEMPTS } from '../mail/outbox.js'
import { type Actor, recordAudit } from './audit.js'

/** How many messages {@link outboxData} lists. */
export const OUTBOX_LIST_SIZE = 50

/** The window of `sent_per_second`, ms: the mails sent in it, divided by its seconds. */
export const SENT_RATE_WINDOW_MS = 10_000

/** How long a finished fan-out stays on the dashboard, ms. */
export const FANOUT_SHOWN_MS = 15 * 60_000

/** How many fan-outs {@link outboxData} lists. */
export const FANOUT_LIST_SIZE = 5

/** Fan-out jobs {@link outboxData} looks at, at most, to find the {@link FANOUT_LIST_SIZE} it lists. */
const FANOUT_CANDIDATES = 2 * FANOUT_LIST_SIZE

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
 * The outbox `event_key` range of event `eventId`'s emails (`record-event:{id}:uid:{uid}`, see
 * `server/publishing/dispatch.ts` `recordMailKey`): every key of the event is at least the first
 * and below the second (`;` follows `:`).
 */
export const eventMailKeys = (eventId: number) => [`record-event:${eventId}:uid:`, `record-event:${eventId}:uid;`] as const

/** The unsent mail: queued and failed counts, and the ids between which the failed ones lie. */
interface Unsent {
  queued: number
  failed: number
  /** The lowest and highest id of a failed one; null when none failed. */
  failedIds: [number, number] | null
}

/**
 * The unsent rows counted (`sent_at is null`: the unsent rows only, through `outbox_sent_at` or the
 * partial `outbox_pending`). Reads `attempts` and the id of each unsent row, nothing of its body.
 */
async function unsentCounts(trx: Transaction<Database>): Promise<Unsent> {
  const row = await trx
    .selectFrom('outbox')
    .select([
      sql<number | string | null>`sum(case when attempts < ${MAX_ATTEMPTS} then 1 else 0 end)`.as('queued'),
      sql<number | string | null>`sum(case when attempts >= ${MAX_ATTEMPTS} then 1 else 0 end)`.as('failed'),
      sql<number | string | null>`min(case when attempts >= ${MAX_ATTEMPTS} then id end)`.as('first_failed'),
      sql<number | string | null>`max(case when attempts >= ${MAX_ATTEMPTS} then id end)`.as('last_failed'),
    ])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow()
  return {
    queued: Number(row.queued ?? 0),
    failed: Number(row.failed ?? 0),
    failedIds: row.first_failed === null || row.last_failed === null ? null : [Number(row.first_failed), Number(row.last_failed)],
  }
}

/**
 * When the first message in the queue (the unsent one of lowest id with attempts left) was
 * created, epoch ms; null when nothing is queued. Mail is enqueued with the clock of the moment
 * and delivered in id order, so this is the oldest queued message.
 */
async function oldestQueued(trx: Transaction<Database>): Promise<number | null> {
  const row = await trx
    .selectFrom('outbox')
    .select('created')
    .where('sent_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row ? Number(row.created) : null
}

/**
 * The queued and failed emails of event `eventId`, counted over its `event_key` range in the
 * partial index of the unsent rows (`outbox_pending_event`, which holds `attempts` and `sent_at` too): one index
 * entry read per unsent email of the event, no row.
 */
async function eventUnsent(trx: Transaction<Database>, eventId: number): Promise<{ queued: number; failed: number }> {
  const [lo, hi] = eventMailKeys(eventId)
  const row = await trx
    .selectFrom('outbox')
    .select([
      sql<number | string | null>`sum(case when attempts < ${MAX_ATTEMPTS} then 1 else 0 end)`.as('queued'),
      sql<number | string | null>`sum(case when attempts >= ${MAX_ATTEMPTS} then 1 else 0 end)`.as('failed'),
    ])
    .where('sent_at', 'is', null)
    .where('event_key', '>=', lo)
    .where('event_key', '<', hi)
    .executeTakeFirstOrThrow()
  return { queued: Number(row.queued ?? 0), failed: Number(row.failed ?? 0) }
}

/**
 * When the last email of event `eventId` was sent at or after `since` (epoch ms), or null. Walks
 * the `outbox_sent_at` index back from the newest sent mail (the key is compared as an
 * expression, so the unique `event_key` index, which would read every email of the event, is not
 * chosen): it reads one row per email sent after the event's last one.
 */
async function lastSent(trx: Transaction<Database>, eventId: number, since: number): Promise<number | null> {
  const [lo, hi] = eventMailKeys(eventId)
  const key = sql<string>`(event_key || '')`
  const row = await trx
    .selectFrom('outbox')
    .select('sent_at')
    .where('sent_at', '>=', since)
    .where(key, '>=', lo)
    .where(key, '<', hi)
    .orderBy('sent_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.sent_at ?? null
}

/**
 * The fan-outs the dashboard lists at `now` (see `OutboxData.fanouts`). Candidates are the jobs
 * still expanding and those whose expansion finished at or after a bound: 15 minutes ago, or the
 * creation of the first queued message (`oldest`, epoch ms) or of the oldest email sent in these
 * 15 minutes (lowest id: the `outbox_sent_at` entries of the 15 minutes, on SQLite without reading
 * a row), when earlier — a job's emails are created before its expansion finishes, in id order.
 * Newest first, each candidate's queued and failed emails are counted ({@link eventUnsent}; not
 * when nothing in the outbox is unsent, `anyUnsent` false); one with nothing queued is kept when
 * its last email went out in the last 15 minutes ({@link lastSent}). `sent` is
 * `enqueued - queued - failed`: the event's outbox rows sent, and it stays right once sent rows
 * are pruned.
 */
async function fanouts(trx: Transaction<Database>, now: number, oldest: number | null, anyUnsent: boolean): Promise<OutboxFanout[]> {
  const since = now - FANOUT_SHOWN_MS
  // `id + 0`: read from the `outbox_sent_at` entries of the 15 minutes, not by walking every row
  // from the lowest id.
  const first = await trx
    .selectFrom('outbox')
    .select(sql<number | string | null>`min(id + 0)`.as('id'))
    .where('sent_at', '>=', since)
    .executeTakeFirst()
  const firstSent =
    first?.id == null ? undefined : await trx.selectFrom('outbox').select('created').where('id', '=', Number(first.id)).executeTakeFirst()
  const bound = Math.min(since, oldest ?? since, firstSent?.created ?? since)
  const jobs = await trx
    .selectFrom('fanout_jobs as j')
    .innerJoin('record_events as e', 'e.id', 'j.event_id')
    .innerJoin('records as r', 'r.id', 'e.record_id')
    .select(['j.id', 'j.event_id', 'j.recipients', 'j.mails', 'j.created', 'j.finished_at', 'e.kind', 'e.record_id', 'r.title', 'r.type'])
    .where((eb) => eb.or([eb('j.finished_at', 'is', null), eb.and([eb('j.mails', '>', 0), eb('j.finished_at', '>=', bound)])]))
    .orderBy('j.id', 'desc')
    .limit(FANOUT_CANDIDATES)
    .execute()
  const listed: OutboxFanout[] = []
  for (const job of jobs) {
    if (listed.length === FANOUT_LIST_SIZE) break
    const { queued, failed } = job.mails === 0 || !anyUnsent ? { queued: 0, failed: 0 } : await eventUnsent(trx, job.event_id)
    let finished: number | null = null
    if (job.finished_at !== null && queued === 0) {
      const last = await lastSent(trx, job.event_id, Math.max(job.finished_at, since))
      finished = Math.max(job.finished_at, last ?? job.finished_at)
      if (finished < since) continue
    }
    listed.push({
      event_id: job.event_id,
      record_id: job.record_id,
      title: job.title,
      type: job.type,
      kind: job.kind,
      recipients: job.recipients,
      enqueued: job.mails,
      sent: Math.max(0, job.mails - queued - failed),
      queued,
      failed,
      expanding: job.finished_at === null,
      started: new Date(job.created).toISOString(),
      finished: finished === null ? null : new Date(finished).toISOString(),
    })
  }
  return listed
}

/**
 * The outbox at `now`: how it is delivered (`mail`), its counts per state, when its oldest queued
 * message (the first in the queue) was created and how long ago (whole seconds, never negative),
 * the emails sent per second over the last {@link SENT_RATE_WINDOW_MS}, the notification fan-outs
 * running or finished in the last {@link FANOUT_SHOWN_MS} (at most {@link FANOUT_LIST_SIZE},
 * newest first), and its latest {@link OUTBOX_LIST_SIZE} messages: failed ones first (so a failure
 * is not pushed off the list by newer mail), then the rest, newest first.
 *
 * One read-only transaction (on PostgreSQL `repeatable read`, so the counts and the fan-out jobs
 * agree). What it costs, with `n` rows in the outbox, `u` of them unsent:
 * - the unsent rows' `attempts` (the rows with `sent_at` null only, no body read on SQLite): the
 *   queued and failed counts; the first queued row by id: the oldest;
 * - `count(*)` of the outbox (sent = all − unsent): an index counted on SQLite (well under a
 *   millisecond for 200,000 rows), `n` index entries on PostgreSQL, bounded by the retention;
 * - the sent rate: the `outbox_sent_at` entries of the last 10 seconds, no row read;
 * - the failed messages (only when there are any: unsent rows between the first and the last
 *   failed one, newest first) and the newest 50;
 * - the fan-out jobs (one row per record event), the `outbox_sent_at` entries of the last 15
 *   minutes, and per candidate fan-out its emails by the `event_key` range (`sent_at` and
 *   `attempts` of each, about 0.6 µs a row on SQLite: 60 ms for 100,000 emails), plus, for one
 *   with nothing queued, the mail sent after its last email.
 * Measured on SQLite with 200,000 rows of real size, 100,000 of them one fan-out's: see
 * docs/decisions (fan-out progress on the dashboard).
 */
export async function outboxData(db: Kysely<Database>, now: Date, mail: OutboxDelivery): Promise<OutboxData> {
  const at = now.getTime()
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { queued, failed, failedIds } = await unsentCounts(trx)
      const oldest = queued === 0 ? null : await oldestQueued(trx)
      const all = await trx
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      const recent = await trx
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('sent_at', '>', at - SENT_RATE_WINDOW_MS)
        .where('sent_at', '<=', at)
        .executeTakeFirstOrThrow()
      // Failed rows, newest first, among the unsent ones between the first and the last failed.
      const failedRows =
        failedIds === null
          ? []
          : await trx
              .selectFrom('outbox')
              .select(COLUMNS)
              .where('sent_at', 'is', null)
              .where('id', '>=', failedIds[0])
              .where('id', '<=', failedIds[1])
              .where('attempts', '>=', MAX_ATTEMPTS)
              .orderBy('id', 'desc')
              .limit(OUTBOX_LIST_SIZE)
              .execute()
      const newest = await trx.selectFrom('outbox').select(COLUMNS).orderBy('id', 'desc').limit(OUTBOX_LIST_SIZE).execute()
      const shown = new Set(failedRows.map((r) => r.id))
      const rows = [...failedRows, ...newest.filter((r) => !shown.has(r.id))].slice(0, OUTBOX_LIST_SIZE)
      return {
        delivery: mail.delivery,
        sender: mail.sender,
        queued,
        sent: Math.max(0, Number(all.n) - queued - failed),
        failed,
        oldest_queued: oldest === null ? null : new Date(oldest).toISOString(),
        oldest_queued_seconds: oldest === null ? null : Math.max(0, Math.floor((at - oldest) / 1000)),
        sent_per_second: Math.round((Number(recent.n) * 10_000) / SENT_RATE_WINDOW_MS) / 10,
        fanouts: await fanouts(trx, at, oldest, queued + failed > 0),
        messages: rows.map(toOutboxMessage),
      }
    })
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
