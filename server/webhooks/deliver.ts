/**
 * Delivering the webhook outbox (`webhook_deliveries`, filled by `./endpoints.ts` inside the
 * transaction of the record event; docs/subscriptions.md#webhooks-slack-and-teams).
 *
 * - **Order and backoff per endpoint.** An endpoint's deliveries go out one at a time, oldest
 *   first: only the oldest undelivered delivery of an enabled endpoint is due (when its
 *   `next_attempt_at` has come). A 2xx answer delivers it and resets the endpoint's
 *   `consecutive_failures`; anything else (no answer within {@link WEBHOOK_TIMEOUT_MS}, a refused
 *   address, a redirect, a 4xx or 5xx) counts one more failure and moves the delivery's next
 *   attempt by {@link WEBHOOK_BACKOFF_MS} (30 s, 2 min, 10 min, 1 h, 6 h after the 1st…5th failure
 *   in a row). The endpoint's later deliveries wait behind it, so a broken receiver costs one
 *   attempt per step, not one per queued event.
 * - **Disabling.** The {@link WEBHOOK_FAILURE_LIMIT}th failure in a row (about 7 h 12 min after the
 *   first) disables the endpoint (`disabled_at`, `disabled_reason`) and mails its owner, in the
 *   same transaction, through the mail outbox. Its deliveries are kept; a successful test
 *   delivery (`sendTestDelivery`) enables it again and they resume.
 * - **Several origins** (docs/operating/scaling.md#scaling-out): on PostgreSQL each attempt runs in a transaction
 *   that took its delivery and endpoint rows with `for update skip locked` and records the outcome
 *   before committing — two origins never send the same delivery, nor two deliveries of one
 *   endpoint at once, and the rows of an origin that dies are free at once. A delivery is sent
 *   twice only if its origin dies between the receiver's answer and the commit; its `webhook-id`
 *   is the same both times, so receivers can tell. On SQLite one server reads due rows without
 *   holding a transaction across the HTTP request and records each outcome in a transaction.
 * - **Each attempt** checks the URL again (`./ssrf.ts`: DNS answers change) and connects to the
 *   address it checked, signs `webhook` endpoints' bodies per Standard Webhooks (`standardwebhooks`:
 *   `webhook-id`, `webhook-timestamp`, `webhook-signature`; Slack and Teams check no signature, so
 *   theirs go unsigned), follows no redirect, and reads at most 1 KB of the answer. Times come from the app's clock (`now`), so tests move them.
 */
import { Webhook } from 'standardwebhooks'
import http from 'node:http'
import https from 'node:https'
import type { Kysely, Transaction } from 'kysely'
import type { WebhookEndpoint } from '../../contract/webhooks.js'
import { isPostgres, skipLockedRows } from '../db/dialect.js'
import type { Database, WebhookKind } from '../db/schema.js'
import { escapeHtml } from '../mail/messages.js'
import { createPassRunner } from '../lib/pass-runner.js'
import { enqueueMail } from '../mail/outbox.js'
import { displayUrl, listEndpoints, newMessageId } from './endpoints.js'
import { bodyFor, testPayload } from './payload.js'
import { type CheckedUrl, checkWebhookUrl, pinnedLookup, WebhookUrlError, type WebhookUrlPolicy } from './ssrf.js'

/**
 * The wait before the next attempt after the 1st, 2nd, … 5th failure in a row of an endpoint, ms:
 * 30 s, 2 min, 10 min, 1 h, 6 h.
 */
export const WEBHOOK_BACKOFF_MS: readonly number[] = [30_000, 120_000, 600_000, 3_600_000, 21_600_000]
/** The failure in a row that disables an endpoint: the one after the last backoff step (6). */
export const WEBHOOK_FAILURE_LIMIT = WEBHOOK_BACKOFF_MS.length + 1
/** Time an attempt may take, connection and answer included, ms. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How often due deliveries are looked for, ms (also right after a kick). */
export const WEBHOOK_POLL_MS = 5_000
/**
 * Attempts in parallel per pass, to different endpoints (one slow receiver does not hold up the
 * others). On PostgreSQL each holds a pool connection while its request is in flight.
 */
const PARALLEL = 4
/** Most answer bytes read. */
const ANSWER_BYTES = 1024
/** The `User-Agent` of deliveries. */
export const WEBHOOK_USER_AGENT = 'trust-site-webhooks/1'

type Db = Kysely<Database> | Transaction<Database>

/** The outcome of one attempt. */
export interface AttemptResult {
  delivered: boolean
  /** The answer's status; null when none came. */
  status: number | null
  /** What went wrong, for the user; null when delivered. */
  error: string | null
}

/** A due delivery with its endpoint. */
interface DueRow {
  id: number
  endpoint_id: number
  message_id: string
  payload: string
  attempts: number
  uid: number
  kind: WebhookKind
  url: string
  secret: string | null
}

/** Text of a network error. */
function networkError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string }
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || e?.code === 'ABORT_ERR') {
    return `No answer within ${timeoutMs / 1000} s.`
  }
  const known: Record<string, string> = {
    ECONNREFUSED: 'The connection was refused.',
    ECONNRESET: 'The connection was reset.',
    ETIMEDOUT: 'The connection timed out.',
    EHOSTUNREACH: 'The host is unreachable.',
    ENETUNREACH: 'The network is unreachable.',
  }
  if (e?.code && known[e.code]) return known[e.code]
  if (e?.code?.startsWith('ERR_TLS') || e?.code?.includes('CERT')) return `TLS failed: ${e.message ?? e.code}.`
  return (e?.message ?? String(error)).slice(0, 300)
}

/** POSTs `body` to the checked URL over a connection to the checked address; resolves with the answer's status and its first bytes. */
function postTo(
  target: CheckedUrl,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const client = target.url.protocol === 'https:' ? https : http
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target.address),
        // A fresh connection each time: a pooled one might lead to an address checked for another URL.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const done = () => {
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_BYTES) })
          res.destroy()
        }
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size >= ANSWER_BYTES) done()
        })
        res.on('end', done)
        res.on('error', (error) => (size > 0 ? done() : reject(error)))
        res.on('close', done)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The signing headers of Standard Webhooks for `payload` at `at`. */
export function signatureHeaders(secret: string, messageId: string, at: Date, payload: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, payload),
  }
}

/**
 * One attempt: checks the URL (`./ssrf.ts`), POSTs `payload` to the checked address, signed for
 * `webhook` endpoints. Never throws.
 */
export async function attemptDelivery(
  endpoint: { kind: WebhookKind; url: string; secret: string | null },
  messageId: string,
  payload: string,
  at: Date,
  policy: WebhookUrlPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptResult> {
  let target: CheckedUrl
  try {
    target = await checkWebhookUrl(endpoint.url, policy)
  } catch (error) {
    return { delivered: false, status: null, error: error instanceof WebhookUrlError ? `Refused: ${error.message}` : String(error) }
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT }
  if (endpoint.kind === 'webhook' && endpoint.secret) Object.assign(headers, signatureHeaders(endpoint.secret, messageId, at, payload))
  try {
    const answer = await postTo(target, headers, payload, timeoutMs)
    if (answer.status >= 200 && answer.status < 300) return { delivered: true, status: answer.status, error: null }
    const text = answer.text.replace(/\s+/g, ' ').trim().slice(0, 200)
    const redirect = answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : ''
    return { delivered: false, status: answer.status, error: `HTTP ${answer.status}${redirect}${text ? `: ${text}` : ''}` }
  } catch (error) {
    return { delivered: false, status: null, error: networkError(error, timeoutMs) }
  }
}

/** The mail telling an endpoint's owner it was disabled. */
function disabledMail(o: { to: string; kind: WebhookKind; url: string; reason: string; publicUrl: string }) {
  const what = o.kind === 'slack' ? 'Slack endpoint' : o.kind === 'teams' ? 'Microsoft Teams endpoint' : 'webhook endpoint'
  const shown = displayUrl(o.kind, o.url)
  const link = `${o.publicUrl}/subscribe`
  const paragraphs = [
    `Your ${what} ${shown} has been disabled: ${o.reason}`,
    'It receives no more events until it works again. Events that could not be delivered are kept. Fix the receiver, then send a ' +
      'test delivery to it from your subscriptions: when the test succeeds, the endpoint is enabled again and the kept events follow. ' +
      'You can also remove the endpoint.',
  ]
  return {
    to: o.to,
    subject: `Your ${what} was disabled`,
    text: `${paragraphs.join('\n\n')}\n\nYour subscriptions: ${link}\n`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}\n<p><a href="${escapeHtml(link)}">Your subscriptions</a></p>`,
  }
}

/**
 * Records the outcome of an attempt of `row` at `at` through `q` (the attempt's transaction): see
 * the module comment. Disabling enqueues the owner's mail in the same transaction.
 * @returns `'delivered'`, `'retry'` or `'disabled'`.
 */
async function recordOutcome(
  q: Db,
  row: DueRow,
  result: AttemptResult,
  at: number,
  publicUrl: string,
): Promise<'delivered' | 'retry' | 'disabled'> {
  const attempts = Number(row.attempts) + 1
  if (result.delivered) {
    await q
      .updateTable('webhook_deliveries')
      .set({ delivered_at: at, attempts, last_status: result.status, last_error: null })
      .where('id', '=', row.id)
      .execute()
    await q.updateTable('webhook_endpoints').set({ consecutive_failures: 0 }).where('id', '=', row.endpoint_id).execute()
    return 'delivered'
  }
  const counted = await q
    .updateTable('webhook_endpoints')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
    .where('id', '=', row.endpoint_id)
    .returning('consecutive_failures')
    .executeTakeFirst()
  const failures = Number(counted?.consecutive_failures ?? 1)
  const disable = failures >= WEBHOOK_FAILURE_LIMIT
  const wait = WEBHOOK_BACKOFF_MS[Math.min(failures, WEBHOOK_BACKOFF_MS.length) - 1]
  await q
    .updateTable('webhook_deliveries')
    .set({
      attempts,
      last_status: result.status,
      last_error: result.error?.slice(0, 1000) ?? null,
      next_attempt_at: disable ? at : at + wait,
    })
    .where('id', '=', row.id)
    .execute()
  if (!disable) return 'retry'
  const reason = `${failures} delivery attempts in a row failed; the last one: ${result.error ?? 'no answer'}`
  const disabled = await q
    .updateTable('webhook_endpoints')
    .set({ disabled_at: at, disabled_reason: reason.slice(0, 1000) })
    .where('id', '=', row.endpoint_id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
  if (Number(disabled.numUpdatedRows) === 1) {
    const user = await q.selectFrom('users').select('mail').where('uid', '=', row.uid).executeTakeFirst()
    if (user) {
      const mail = disabledMail({ to: user.mail, kind: row.kind, url: row.url, reason, publicUrl })
      await enqueueMail(q, { ...mail, eventKey: `webhook-disabled:${row.endpoint_id}:${at}` }, at)
    }
  }
  return 'disabled'
}

/** The oldest undelivered delivery of each enabled endpoint, when it is due at `at`; oldest due first. */
function dueHeads(q: Db, at: number, limit: number) {
  return q
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.endpoint_id', 'd.message_id', 'd.payload', 'd.attempts', 'e.uid', 'e.kind', 'e.url', 'e.secret'])
    .where('d.delivered_at', 'is', null)
    .where('d.next_attempt_at', '<=', at)
    .where('e.disabled_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as p')
            .select('p.id')
            .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
            .where('p.delivered_at', 'is', null)
            .whereRef('p.id', '<', 'd.id'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit)
}

/** What {@link createWebhookWorker} needs. */
export interface WebhookWorkerOptions {
  db: Kysely<Database>
  now: () => Date
  policy: WebhookUrlPolicy
  /** The site's origin for the link in the disabling mail, asked when needed. */
  publicUrl: () => string
  /** Called after a pass that enqueued mail (an endpoint was disabled). */
  onMail: () => void
  /** Time an attempt may take, ms; default {@link WEBHOOK_TIMEOUT_MS}. */
  timeoutMs?: number
  log?: { warn(obj: object, msg: string): void }
}

/** Delivers the webhook outbox. */
export interface WebhookWorker {
  /** Starts a pass soon (after committing a transaction that enqueued deliveries). */
  kick(): void
  /** Runs a pass now (after the running one); resolves when it is done. */
  flush(): Promise<void>
  /** Stops the interval and waits for a running pass. */
  close(): Promise<void>
}

/** Creates the worker and starts its interval (unref'd, so it never keeps the process alive). */
export function createWebhookWorker(o: WebhookWorkerOptions): WebhookWorker {
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  let mailed = false

  /**
   * Sends `row`, then records the outcome through `record` (PostgreSQL: the transaction holding the
   * row; SQLite: a transaction of its own, after the request).
   */
  const attempt = async (row: DueRow, record: <T>(work: (q: Db) => Promise<T>) => Promise<T>) => {
    const result = await attemptDelivery(row, row.message_id, row.payload, o.now(), o.policy, timeoutMs)
    if (!result.delivered) o.log?.warn({ deliveryId: row.id, endpointId: row.endpoint_id, err: result.error }, 'webhook delivery failed')
    const outcome = await record((q) => recordOutcome(q, row, result, o.now().getTime(), o.publicUrl()))
    if (outcome === 'disabled') mailed = true
  }

  /** PostgreSQL: one delivery per transaction, its rows locked while it is sent; {@link PARALLEL} loops. */
  async function passLocked(): Promise<void> {
    const loop = async () => {
      while (!runner.closed) {
        const more = await o.db.transaction().execute(async (trx) => {
          const row = await skipLockedRows(trx, dueHeads(trx, o.now().getTime(), 1)).executeTakeFirst()
          if (!row) return false
          await attempt(row, (work) => work(trx))
          return true
        })
        if (!more) return
      }
    }
    // Every loop ends before the pass does (a failing one must not leave the others running).
    const ends = await Promise.allSettled(Array.from({ length: PARALLEL }, loop))
    const failed = ends.find((end) => end.status === 'rejected')
    if (failed) throw failed.reason
  }

  /** SQLite: due heads in batches (at most one per endpoint), sent in parallel. */
  async function passPlain(): Promise<void> {
    while (!runner.closed) {
      const rows = await dueHeads(o.db, o.now().getTime(), PARALLEL).execute()
      if (rows.length === 0) return
      const ends = await Promise.allSettled(rows.map((row) => attempt(row, (work) => o.db.transaction().execute(work))))
      const failed = ends.find((end) => end.status === 'rejected')
      if (failed) throw failed.reason
    }
  }

  const runner = createPassRunner({
    pass: isPostgres(o.db) ? passLocked : passPlain,
    intervalMs: WEBHOOK_POLL_MS,
    failure: 'webhook outbox pass failed',
    log: o.log,
    // A disabled endpoint's note to its owner went into the mail outbox: send it now.
    after: () => {
      if (!mailed) return
      mailed = false
      o.onMail()
    },
  })

  return { kick: runner.kick, flush: runner.flush, close: runner.close }
}

/**
 * The owner's test delivery to endpoint `id` of `uid`: a `webhook.test` message sent now, once
 * (not queued, not retried, not counted as a failure). A successful one resets the failure count,
 * enables a disabled endpoint again and makes its waiting deliveries due now.
 * @returns The outcome and the endpoint after it, or null for no such endpoint of `uid`.
 */
export async function sendTestDelivery(
  db: Kysely<Database>,
  uid: number,
  id: number,
  policy: WebhookUrlPolicy,
  now: () => Date,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<{ result: AttemptResult; messageId: string; endpoint: WebhookEndpoint } | null> {
  const endpoint = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('uid', '=', uid).executeTakeFirst()
  if (!endpoint) return null
  const at = now()
  const messageId = newMessageId()
  const result = await attemptDelivery(endpoint, messageId, bodyFor(endpoint.kind, testPayload(id, at.getTime())), at, policy, timeoutMs)
  if (result.delivered) {
    const t = now().getTime()
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_endpoints')
        .set({ consecutive_failures: 0, disabled_at: null, disabled_reason: null })
        .where('id', '=', id)
        .execute()
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: t })
        .where('endpoint_id', '=', id)
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '>', t)
        .execute()
    })
  }
  const [view] = await listEndpoints(db, uid, id)
  return { result, messageId, endpoint: view }
}
