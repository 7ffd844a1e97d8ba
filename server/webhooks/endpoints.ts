/**
 * Webhook endpoints and their outbox (`webhook_endpoints`, `webhook_deliveries`; migration 009):
 * secrets and message ids, enqueueing one delivery per endpoint and event inside the caller's
 * transaction ({@link enqueueDeliveries}), and the owner's view of an endpoint.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { WebhookEndpoint, WebhookPayload } from '../../contract/webhooks.js'
import type { Database, WebhookEndpointsTable, WebhookKind } from '../db/schema.js'
import { bodyFor } from './payload.js'

type Db = Kysely<Database> | Transaction<Database>

/** A new Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** A new `webhook-id`: `msg_` + 22 random base64url characters. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`
}

/** Uids per query when looking endpoints up (far below both databases' parameter limits). */
const UID_CHUNK = 500

/**
 * Enqueues `payloadOf(uid)` for every enabled endpoint of each of `uids`, keyed `eventKey` (unique
 * per endpoint: enqueueing the same event again adds nothing), due at `now`. Runs in the caller's
 * transaction, so the deliveries exist exactly when the change that caused them was committed.
 * @returns How many deliveries this call added.
 */
export async function enqueueDeliveries(
  trx: Db,
  uids: readonly number[],
  eventKey: string,
  payloadOf: (uid: number) => WebhookPayload,
  now: number,
): Promise<number> {
  let added = 0
  for (let i = 0; i < uids.length; i += UID_CHUNK) {
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'uid', 'kind'])
      .where('uid', 'in', uids.slice(i, i + UID_CHUNK))
      .where('disabled_at', 'is', null)
      .orderBy('id')
      .execute()
    for (const endpoint of endpoints) {
      const row = await trx
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          event_key: eventKey,
          message_id: newMessageId(),
          payload: bodyFor(endpoint.kind, payloadOf(endpoint.uid)),
          created: now,
          next_attempt_at: now,
        })
        .onConflict((oc) => oc.columns(['endpoint_id', 'event_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (row) added += 1
    }
  }
  return added
}

/**
 * The URL as its owner is shown it again. Slack and Teams URLs are themselves the credential, so
 * their last path segment is masked (`https://hooks.slack.com/services/T0/B0/••••`,
 * `https://contoso.webhook.office.com/webhookb2/…/IncomingWebhook/…/••••`), and a Teams URL's query,
 * where a Workflows URL carries its signature, too (`…/triggers/manual/paths/••••?••••`).
 */
export function displayUrl(kind: WebhookKind, url: string): string {
  if (kind === 'webhook') return url
  try {
    const parsed = new URL(url)
    const parts = parsed.pathname.split('/')
    if (parts.length > 2) parts[parts.length - 1] = '••••'
    const query = kind === 'teams' && parsed.search ? '?••••' : ''
    return `${parsed.origin}${parts.join('/')}${query}`
  } catch {
    return '••••'
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The endpoints of `uid` (or one of them), as the API shows them: never the secret. */
export async function listEndpoints(db: Db, uid: number, id?: number): Promise<WebhookEndpoint[]> {
  let query = db.selectFrom('webhook_endpoints').selectAll().where('uid', '=', uid).orderBy('id')
  if (id !== undefined) query = query.where('id', '=', id)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const stats = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      'endpoint_id',
      eb.fn.count<number>(eb.case().when('delivered_at', 'is', null).then(1).end()).as('pending'),
      eb.fn.max('delivered_at').as('last_delivered_at'),
    ])
    .where(
      'endpoint_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('endpoint_id')
    .execute()
  const byId = new Map(stats.map((s) => [s.endpoint_id, s]))
  return rows.map((row) => endpointView(row, byId.get(row.id)))
}

/** One endpoint row as the API shows it. */
export function endpointView(
  row: Selectable<WebhookEndpointsTable>,
  stats?: { pending: number | string | bigint; last_delivered_at: number | string | bigint | null },
): WebhookEndpoint {
  const last = stats?.last_delivered_at
  return {
    id: row.id,
    kind: row.kind,
    url: displayUrl(row.kind, row.url),
    created: new Date(Number(row.created)).toISOString(),
    consecutive_failures: Number(row.consecutive_failures),
    disabled_at: iso(row.disabled_at === null ? null : Number(row.disabled_at)),
    disabled_reason: row.disabled_reason,
    pending: Number(stats?.pending ?? 0),
    last_delivered_at: iso(last === null || last === undefined ? null : Number(last)),
  }
}
