/**
 * Telling a record event's subscribers, after the event is committed (docs/operating/scaling.md, "the notification
 * storm"; docs/operating/scaling.md#notification-storm; docs/decisions/0010-fan-out-after-commit.md).
 *
 * - **In the event's transaction** ({@link enqueueFanout}): one `fanout_jobs` row, with the number
 *   of subscribers the event matches. Publishing answers as fast with 100,000 subscribers as with
 *   none, and the record is never committed without its job, nor a job without its record.
 * - **After the commit** ({@link createFanout}): each pass takes the oldest running job and
 *   expands it in chunks of {@link FANOUT_CHUNK} users in uid order, one transaction per chunk
 *   (`./dispatch.ts`: the chunk's recipients, their unsubscribe tokens, outbox rows and webhook
 *   deliveries in multi-row inserts, and the job's cursor). After each chunk the mailer is kicked,
 *   so the first mails leave while later chunks are expanded, and the event loop gets a turn, so
 *   the site answers between chunks (on SQLite a transaction holds the process while it runs).
 * - **Exactly once.** A chunk's rows and the cursor move in one transaction: a crash loses the
 *   chunk and the next pass does it again. On PostgreSQL the chunk's transaction holds the job row
 *   `for update skip locked`, so two origins never expand the same chunk, and one that dies
 *   releases it at once. The outbox's unique `event_key` (`record-event:{event}:uid:{uid}`) keeps a
 *   second expansion from adding anything, whatever happens.
 */
import type { Kysely, Transaction } from 'kysely'
import { isPostgres, skipLockedRows } from '../db/dialect.js'
import type { Database } from '../db/schema.js'
import { createPassRunner } from '../lib/pass-runner.js'
import { countRecipients, type EventPlan, enqueueRecipients, planEvent, recipientsBetween } from './dispatch.js'

/** Users per chunk: on SQLite a chunk's transaction holds the process (about 7 ms for 100 on a 2-core machine). */
export const FANOUT_CHUNK = { sqlite: 100, postgres: 1000 } as const

/** How often running jobs are looked for without a kick, ms. */
export const FANOUT_INTERVAL_MS = 5_000

/**
 * In `trx` (the record event's transaction): the fan-out job of event `eventId`, counting the
 * subscribers it will mail. A second call for the same event adds nothing.
 *
 * @param now Epoch ms, the job's `created`.
 * @param linkOrigin The origin of the links in the mails (no trailing slash); null or absent for
 *   the expanding server's own.
 * @returns The number of subscribers the event matches (each mailed once).
 * @throws When the event does not exist.
 */
export async function enqueueFanout(
  trx: Transaction<Database>,
  eventId: number,
  now: number,
  linkOrigin: string | null = null,
): Promise<number> {
  const plan = await planEvent(trx, eventId)
  const recipients = await countRecipients(trx, plan)
  await trx
    .insertInto('fanout_jobs')
    .values({ event_id: eventId, recipients, created: now, finished_at: recipients === 0 ? now : null, link_origin: linkOrigin })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute()
  return recipients
}

/** What {@link createFanout} needs. */
export interface FanoutOptions {
  db: Kysely<Database>
  now: () => Date
  /** The origin for links, asked at each chunk (the listening port may be known only later). */
  publicUrl: () => string
  /** Called after a chunk enqueued mail (kick the mailer and the webhook worker). */
  onEnqueued: () => void
  /** Users per chunk. @default FANOUT_CHUNK for the database */
  chunk?: number
  /**
   * The fingerprint of the provider's OpenPGP key, named in the advisory mails the mailer signs
   * with it (`server/advisories/signing.ts`); null or absent without a key.
   */
  signer?: string | null
  log?: { warn(obj: object, msg: string): void }
}

/** Runs the fan-out jobs. */
export interface Fanout {
  /** Starts a pass soon (after committing a record event). */
  kick(): void
  /** Runs passes until no job is running; resolves then. */
  flush(): Promise<void>
  /** Stops the interval and waits for a running chunk. */
  close(): Promise<void>
}

/** One chunk's outcome. */
interface ChunkResult {
  jobId: number
  mails: number
  finished: boolean
}

/** Lets timers and I/O run (a waiting request is answered) before the next chunk. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Expands the oldest running job by one chunk in `trx`: the users with uid in (cursor, bound],
 * bound the `chunk`-th verified user after the cursor (none: the rest, and the job finishes).
 * @returns What it did, or null when no job is running (or, on PostgreSQL, every running job is
 *   being expanded by another origin).
 */
export async function expandChunk(
  trx: Transaction<Database>,
  o: { publicUrl: string; now: number; chunk: number; plans?: Map<number, EventPlan>; signer?: string | null },
): Promise<ChunkResult | null> {
  const running = trx.selectFrom('fanout_jobs').selectAll().where('finished_at', 'is', null).orderBy('id').limit(1)
  const job = await (isPostgres(trx) ? skipLockedRows(trx, running) : running).executeTakeFirst()
  if (!job) return null
  let plan = o.plans?.get(job.event_id)
  if (!plan) {
    plan = await planEvent(trx, job.event_id, o.signer ?? null)
    o.plans?.set(job.event_id, plan)
  }
  const bound = await trx
    .selectFrom('users')
    .select('uid')
    .where('verified', '=', 1)
    .where('uid', '>', job.cursor_uid)
    .orderBy('uid')
    .offset(o.chunk - 1)
    .limit(1)
    .executeTakeFirst()
  const recipients = await recipientsBetween(trx, plan, job.cursor_uid, bound?.uid ?? null)
  const mails = await enqueueRecipients(trx, plan, recipients, job.link_origin ?? o.publicUrl, o.now)
  const finished = bound === undefined
  await trx
    .updateTable('fanout_jobs')
    .set({ cursor_uid: bound?.uid ?? job.cursor_uid, mails: job.mails + mails, finished_at: finished ? o.now : null })
    .where('id', '=', job.id)
    .execute()
  if (finished) o.plans?.delete(job.event_id)
  return { jobId: job.id, mails, finished }
}

/**
 * Starts the fan-out runner (see the module comment): a pass on `kick()` and every
 * {@link FANOUT_INTERVAL_MS} (unref'd), expanding running jobs chunk by chunk until none is left.
 */
export function createFanout({ db, now, publicUrl, onEnqueued, chunk, signer, log }: FanoutOptions): Fanout {
  const size = chunk ?? (isPostgres(db) ? FANOUT_CHUNK.postgres : FANOUT_CHUNK.sqlite)
  /** Plans of the jobs this process is expanding, by event id (their mails rendered once). */
  const plans = new Map<number, EventPlan>()
  const runner = createPassRunner({
    pass: async () => {
      while (!runner.closed) {
        const done = await db
          .transaction()
          .execute((trx) => expandChunk(trx, { publicUrl: publicUrl(), now: now().getTime(), chunk: size, plans, signer }))
        if (!done) return
        if (done.mails > 0) onEnqueued()
        await yieldToLoop()
      }
    },
    intervalMs: FANOUT_INTERVAL_MS,
    failure: 'notification fan-out pass failed',
    log,
  })
  return { kick: runner.kick, flush: runner.flush, close: runner.close }
}
