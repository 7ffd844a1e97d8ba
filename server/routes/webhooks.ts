/**
 * Webhook, Slack and Teams endpoints of the signed-in user (`contract/webhooks.ts`; README
 * "Webhooks, Slack and Teams"). Every route needs a session; writes also the `X-CSRF-Token` header (403
 * `not_signed_in` / `csrf`, and `cross_site` from the guard). Answers are `no-store`.
 *
 * - `GET /api/webhooks` → `{ data: WebhooksData }`: the user's endpoints, never their secrets.
 * - `POST /api/webhooks {kind, url}` → 201 `{ data: AddWebhookData }` with the signing secret (once).
 *   The URL passes the SSRF guard (`server/webhooks/ssrf.ts`); a Slack endpoint must be
 *   `https://hooks.slack.com/…`, a Teams endpoint `https://` on the default port on a host under
 *   one of {@link TEAMS_HOST_SUFFIXES} (in the test mode either may also be a loopback receiver).
 *   400 `invalid_url` / `not_https` / `not_slack_url` / `not_teams_url` / `forbidden_address` /
 *   `unresolvable_host`; 403 `not_verified`;
 *   409 `too_many_endpoints` (over {@link MAX_WEBHOOK_ENDPOINTS}) / `duplicate_endpoint`.
 * - `DELETE /api/webhooks/{id}` → `{ data: { id, deleted: true } }` (its deliveries go with it); 404.
 * - `POST /api/webhooks/{id}/test {}` → `{ data: WebhookTestData }`: one `webhook.test` delivery
 *   now (`sendTestDelivery`); 404; 429 `too_many_requests` over {@link WEBHOOK_TEST_RULE}.
 */
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import {
  AddWebhookBody,
  AddWebhookData,
  MAX_WEBHOOK_ENDPOINTS,
  WebhookDeletedData,
  WebhookIdParams,
  WebhooksData,
  WebhookTestBody,
  WebhookTestData,
  type WebhookKind,
} from '../../contract/webhooks.js'
import { type FloodRule, take } from '../accounts/flood.js'
import { requireSession } from '../accounts/sessions.js'
import { isPostgres } from '../db/dialect.js'
import { badRequest, HttpError, notFound } from '../http/errors.js'
import { sendTestDelivery } from '../webhooks/deliver.js'
import { listEndpoints, newSecret } from '../webhooks/endpoints.js'
import { checkWebhookUrl, forbiddenReason, parseWebhookUrl, WebhookUrlError, type WebhookUrlPolicy } from '../webhooks/ssrf.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Test deliveries per user: 10 an hour (each makes this server send a request to a URL of the user's choice). */
export const WEBHOOK_TEST_RULE: FloodRule = { event: 'webhook_test', limit: 10, windowMs: 3_600_000 }

/** The host of Slack's incoming webhooks. */
const SLACK_HOST = 'hooks.slack.com'

/**
 * The hosts a Teams endpoint may be on, by suffix (a name below it; `docs/decisions`, README
 * "Webhooks, Slack and Teams"): `{tenant}.webhook.office.com`, Teams' incoming webhooks (Microsoft
 * 365 connectors); `prod-NN.{region}.logic.azure.com`, the Workflows (Power Automate) trigger URLs;
 * `{environment}.environment.api.powerplatform.com`, the form Workflows URLs have moved to.
 */
export const TEAMS_HOST_SUFFIXES: readonly string[] = ['.webhook.office.com', '.logic.azure.com', '.api.powerplatform.com']

/** What a refused URL of each chat kind is told. */
const CHANNEL_URL_ERRORS = {
  slack: [`A Slack endpoint must be a Slack incoming-webhook URL, https://${SLACK_HOST}/services/….`, 'not_slack_url'],
  teams: [
    'A Microsoft Teams endpoint must be a Teams incoming-webhook URL (https://….webhook.office.com/…) or a Workflows URL ' +
      '(https://….logic.azure.com/… or https://….environment.api.powerplatform.com/…): copy it from the channel’s Workflows app.',
    'not_teams_url',
  ],
} as const

/** Whether `url` is on the service of a chat `kind`: https, the default port, its host. */
function onService(kind: 'slack' | 'teams', url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '') return false
  if (kind === 'slack') return url.hostname === SLACK_HOST
  return TEAMS_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix) && url.hostname.length > suffix.length)
}

const notFoundEndpoint = () => notFound('You have no webhook endpoint with this id.', 'not_found')

/**
 * `raw` checked for an endpoint of `kind` under `policy` (see the module comment), normalised.
 * @throws HttpError 400 with the guard's code and message.
 */
async function endpointUrl(kind: WebhookKind, raw: string, policy: WebhookUrlPolicy): Promise<string> {
  try {
    const parsed = parseWebhookUrl(raw, policy)
    const foreign = kind !== 'webhook' && !onService(kind, parsed)
    const refused = () => {
      const [message, code] = CHANNEL_URL_ERRORS[kind as 'slack' | 'teams']
      return badRequest(message, code)
    }
    if (foreign && !policy.allowLoopback) throw refused()
    const checked = await checkWebhookUrl(parsed.toString(), policy)
    // The test mode lets a Slack or Teams endpoint be a loopback receiver, nothing else.
    if (foreign && forbiddenReason(checked.address.address) !== 'loopback') throw refused()
    return checked.url.toString()
  } catch (error) {
    if (error instanceof WebhookUrlError) throw badRequest(error.message, error.code)
    throw error
  }
}

/** Registers the routes described in the module comment. */
export function registerWebhookRoutes(app: TrustApp, { db, now, webhooks }: RouteDeps): void {
  app.get('/api/webhooks', { schema: { response: { 200: answer(WebhooksData), ...ERROR_RESPONSES } } }, async (request) => {
    const session = requireSession(request, { csrf: false })
    return { data: { endpoints: await listEndpoints(db, session.uid), limit: MAX_WEBHOOK_ENDPOINTS } }
  })

  app.post(
    '/api/webhooks',
    { schema: { body: AddWebhookBody, response: { 201: answer(AddWebhookData), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const session = requireSession(request)
      if (!session.verified) {
        throw new HttpError(403, 'not_verified', 'Confirm your email address before adding a webhook endpoint.')
      }
      const { kind } = request.body
      const url = await endpointUrl(kind, request.body.url, webhooks.policy)
      const secret = kind === 'webhook' ? newSecret() : null
      const id = await db.transaction().execute(async (trx) => {
        // One add at a time per user (PostgreSQL; SQLite's writers take turns anyway), so the limit holds.
        const user = trx.selectFrom('users').select('uid').where('uid', '=', session.uid)
        await (isPostgres(trx) ? user.forUpdate() : user).executeTakeFirst()
        const mine = await trx.selectFrom('webhook_endpoints').select(['id', 'url']).where('uid', '=', session.uid).execute()
        if (mine.length >= MAX_WEBHOOK_ENDPOINTS) {
          throw new HttpError(
            409,
            'too_many_endpoints',
            `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one before adding another.`,
          )
        }
        if (mine.some((e) => e.url === url)) throw new HttpError(409, 'duplicate_endpoint', 'This URL is already one of your endpoints.')
        const row = await trx
          .insertInto('webhook_endpoints')
          .values({ uid: session.uid, kind, url, secret, created: now().getTime() })
          .returning('id')
          .executeTakeFirstOrThrow()
        return row.id
      })
      const [endpoint] = await listEndpoints(db, session.uid, id)
      reply.code(201)
      return { data: { endpoint, secret } }
    },
  )

  app.delete(
    '/api/webhooks/:id',
    { schema: { params: WebhookIdParams, response: { 200: answer(WebhookDeletedData), ...ERROR_RESPONSES } } },
    async (request) => {
      const session = requireSession(request)
      const { id } = request.params
      const gone = await db.deleteFrom('webhook_endpoints').where('id', '=', id).where('uid', '=', session.uid).executeTakeFirst()
      if (Number(gone.numDeletedRows) === 0) throw notFoundEndpoint()
      return { data: { id, deleted: true as const } }
    },
  )

  app.post(
    '/api/webhooks/:id/test',
    {
      schema: { params: WebhookIdParams, body: WebhookTestBody, response: { 200: answer(WebhookTestData), ...ERROR_RESPONSES } },
    },
    async (request) => {
      const session = requireSession(request)
      if (!(await take(db, WEBHOOK_TEST_RULE, String(session.uid), now().getTime()))) {
        throw new HttpError(429, 'too_many_requests', `At most ${WEBHOOK_TEST_RULE.limit} test deliveries an hour. Please try again later.`)
      }
      const outcome = await sendTestDelivery(db, session.uid, request.params.id, webhooks.policy, now)
      if (!outcome) throw notFoundEndpoint()
      // A successful test may have enabled the endpoint again: its waiting deliveries go now.
      if (outcome.result.delivered) webhooks.worker.kick()
      return {
        data: {
          delivered: outcome.result.delivered,
          status: outcome.result.status,
          error: outcome.result.error,
          message_id: outcome.messageId,
          endpoint: outcome.endpoint,
        },
      }
    },
  )
}
