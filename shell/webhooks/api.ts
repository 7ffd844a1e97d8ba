import type { ApiAnswer } from '../../contract/common'
import type { AddWebhookData, WebhookEndpoint, WebhookKind, WebhooksData, WebhookTestData } from '../../contract/webhooks'
import { dataOf, is, request } from '../../widgets/core/request'

/**
 * The signed-in user's webhook, Slack and Teams endpoints (`contract/webhooks.ts`, README "Webhooks,
 * Slack and Teams"). Same-origin calls through the kit's one client, which sends the session cookie and, on
 * every call, the `X-CSRF-Token` the writes need. Each throws an `ApiError` (HTTP status, the
 * server's `error.code` and message) on failure, and on an answer of another shape.
 */

const nullable = <T>(v: unknown, guard: (x: unknown) => x is T): boolean => v === null || guard(v)

/** An endpoint as the owner sees it (never its secret). */
export function isEndpoint(d: unknown): d is WebhookEndpoint {
  return (
    is.object(d) &&
    is.number(d.id) &&
    (d.kind === 'webhook' || d.kind === 'slack' || d.kind === 'teams') &&
    is.string(d.url) &&
    is.number(d.consecutive_failures) &&
    is.number(d.pending) &&
    nullable(d.disabled_at, is.string) &&
    nullable(d.disabled_reason, is.string) &&
    nullable(d.last_delivered_at, is.string)
  )
}

function isWebhooksData(d: unknown): d is WebhooksData {
  return is.object(d) && is.array(d.endpoints) && d.endpoints.every(isEndpoint) && is.number(d.limit)
}

function isAddData(d: unknown): d is AddWebhookData {
  return is.object(d) && isEndpoint(d.endpoint) && nullable(d.secret, is.string)
}

function isTestData(d: unknown): d is WebhookTestData {
  return (
    is.object(d) &&
    typeof d.delivered === 'boolean' &&
    nullable(d.status, is.number) &&
    nullable(d.error, is.string) &&
    is.string(d.message_id) &&
    isEndpoint(d.endpoint)
  )
}

/** `GET /api/webhooks`: the user's endpoints, oldest first, and the most they may have. */
export async function fetchWebhooks(signal?: AbortSignal): Promise<WebhooksData> {
  return dataOf(await request<ApiAnswer<WebhooksData>>('/api/webhooks', { signal }), isWebhooksData)
}

/**
 * `POST /api/webhooks {kind, url}` → the new endpoint and, for `webhook`, its signing secret
 * (`whsec_…`), which the server shows this once; `null` for Slack and Teams.
 *
 * @throws ApiError 400 `invalid_url` / `not_https` / `not_slack_url` / `not_teams_url` / `forbidden_address` /
 *   `unresolvable_host`, 403 `not_verified`, 409 `too_many_endpoints` / `duplicate_endpoint`
 */
export async function addWebhook(kind: WebhookKind, url: string): Promise<AddWebhookData> {
  return dataOf(await request<ApiAnswer<AddWebhookData>>('/api/webhooks', { method: 'POST', body: { kind, url } }), isAddData)
}

/** `DELETE /api/webhooks/{id}` (its waiting deliveries go with it). @throws ApiError 404 `not_found` */
export async function deleteWebhook(id: number): Promise<void> {
  await request(`/api/webhooks/${id}`, { method: 'DELETE' })
}

/**
 * `POST /api/webhooks/{id}/test {}`: one `webhook.test` delivery now; the outcome and the endpoint
 * after it (a delivered test enables a disabled endpoint again).
 *
 * @throws ApiError 404 `not_found`, 429 `too_many_requests` (10 an hour)
 */
export async function testWebhook(id: number): Promise<WebhookTestData> {
  return dataOf(await request<ApiAnswer<WebhookTestData>>(`/api/webhooks/${id}/test`, { method: 'POST', body: {} }), isTestData)
}
