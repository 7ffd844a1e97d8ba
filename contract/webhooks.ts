/**
 * Webhook, Slack and Microsoft Teams subscriptions (docs/subscriptions.md): a signed-in user adds HTTPS endpoints that
 * receive one delivery per record event their subscriptions cover (the same matching as the
 * notification emails), and the payloads those endpoints receive.
 *
 * Routes (session; writes carry `X-CSRF-Token`: 403 `not_signed_in` / `csrf` / `cross_site`):
 * - `GET /api/webhooks` → `{ data: WebhooksData }` (the secret is never shown again).
 * - `POST /api/webhooks {kind, url}` → 201 `{ data: AddWebhookData }` with the signing secret, once.
 *   400 `invalid_url` / `not_https` / `not_slack_url` / `not_teams_url` / `forbidden_address` / `unresolvable_host`,
 *   403 `not_verified`, 409 `too_many_endpoints` / `duplicate_endpoint`.
 * - `DELETE /api/webhooks/{id}` → `{ data: { id, deleted: true } }`; 404 `not_found`.
 * - `POST /api/webhooks/{id}/test {}` → `{ data: WebhookTestData }`: one `webhook.test` delivery
 *   now, not retried; a successful one enables a disabled endpoint again. 429 `too_many_requests`.
 *
 * Deliveries: `POST` of {@link WebhookPayload} (kind `webhook`, signed per Standard Webhooks:
 * `webhook-id`, `webhook-timestamp`, `webhook-signature`), of {@link SlackMessage} (kind
 * `slack`) or of {@link TeamsMessage} (kind `teams`), `Content-Type: application/json`. Any 2xx answer is a delivery; anything else
 * (redirects are not followed) is retried with backoff, and the endpoint is disabled after
 * repeated failures (docs/subscriptions.md#webhooks-slack-and-teams).
 */
import Type, { type Static } from 'typebox'
import { CvssRating } from './advisories.js'
import { Nullable } from './common.js'
import { RecordType } from './records.js'

/** Most endpoints per user. */
export const MAX_WEBHOOK_ENDPOINTS = 5
/** Longest endpoint URL, characters. */
export const MAX_WEBHOOK_URL = 2000

/** An ISO 8601 instant in UTC, e.g. `2026-03-15T09:30:00.000Z`. */
const Instant = Type.String({ format: 'date-time' })

/**
 * `webhook`: signed JSON to any HTTPS receiver; `slack`: a Block Kit message to a Slack incoming
 * webhook; `teams`: an Adaptive Card to a Microsoft Teams incoming webhook or Workflows URL.
 */
export const WebhookKind = Type.Union([Type.Literal('webhook'), Type.Literal('slack'), Type.Literal('teams')])
export type WebhookKind = Static<typeof WebhookKind>

/** An endpoint as its owner sees it. */
export const WebhookEndpoint = Type.Object(
  {
    id: Type.Integer(),
    kind: WebhookKind,
    /**
     * The URL; for Slack and Teams endpoints (whose URL is itself the credential) its last path
     * segment is masked, and a Teams URL's query (its `sig`) too.
     */
    url: Type.String(),
    created: Instant,
    /** Failed attempts since the last successful one. */
    consecutive_failures: Type.Integer(),
    /** When it was disabled after repeated failures; `null` while enabled. */
    disabled_at: Nullable(Instant),
    /** Why it was disabled; `null` while enabled. */
    disabled_reason: Nullable(Type.String()),
    /** Deliveries waiting (to be retried, or held while the endpoint is disabled). */
    pending: Type.Integer(),
    /** When the last delivery arrived; `null` for none yet. */
    last_delivered_at: Nullable(Instant),
  },
  { additionalProperties: false },
)
export type WebhookEndpoint = Static<typeof WebhookEndpoint>

/** `GET /api/webhooks` → `{ data: WebhooksData }`: the user's endpoints, oldest first. */
export const WebhooksData = Type.Object({
  endpoints: Type.Array(WebhookEndpoint),
  /** Most endpoints per user ({@link MAX_WEBHOOK_ENDPOINTS}). */
  limit: Type.Integer(),
})
export type WebhooksData = Static<typeof WebhooksData>

/**
 * `POST /api/webhooks` body. `url`: absolute `https://` (plain `http://` only outside production);
 * for `slack` an incoming-webhook URL `https://hooks.slack.com/…`; for `teams` a Teams incoming-webhook
 * URL (`https://{tenant}.webhook.office.com/…`) or a Workflows URL (`https://….logic.azure.com/…`,
 * `https://….api.powerplatform.com/…`), on the default port. Hosts resolving to loopback,
 * private, link-local, metadata or other reserved addresses are refused.
 */
export const AddWebhookBody = Type.Object({
  kind: WebhookKind,
  url: Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL }),
})
export type AddWebhookBody = Static<typeof AddWebhookBody>

/** `POST /api/webhooks` → 201 `{ data: AddWebhookData }`. */
export const AddWebhookData = Type.Object({
  endpoint: WebhookEndpoint,
  /**
   * The Standard Webhooks signing secret (`whsec_` + base64), shown this once: store it to verify
   * deliveries. `null` for Slack and Teams endpoints, which are not signed.
   */
  secret: Nullable(Type.String()),
})
export type AddWebhookData = Static<typeof AddWebhookData>

/** `DELETE /api/webhooks/{id}`, `POST /api/webhooks/{id}/test` path. */
export const WebhookIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type WebhookIdParams = Static<typeof WebhookIdParams>

/** `DELETE /api/webhooks/{id}` → `{ data: WebhookDeletedData }`. */
export const WebhookDeletedData = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) })
export type WebhookDeletedData = Static<typeof WebhookDeletedData>

/** `POST /api/webhooks/{id}/test` body: nothing (`{}`). */
export const WebhookTestBody = Type.Object({}, { additionalProperties: false })
export type WebhookTestBody = Static<typeof WebhookTestBody>

/** `POST /api/webhooks/{id}/test` → `{ data: WebhookTestData }`: the outcome of one attempt. */
export const WebhookTestData = Type.Object({
  /** A 2xx answer came back. */
  delivered: Type.Boolean(),
  /** The answer's HTTP status; `null` when none came (refused address, timeout, connection error). */
  status: Nullable(Type.Integer()),
  /** What went wrong; `null` when delivered. */
  error: Nullable(Type.String()),
  /** The `webhook-id` of the test message. */
  message_id: Type.String(),
  /** The endpoint after the test (a successful test enables a disabled endpoint again). */
  endpoint: WebhookEndpoint,
})
export type WebhookTestData = Static<typeof WebhookTestData>

// ---------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------

/**
 * The event types: `{record type}.{event kind}`. Every record type has `published` and `updated`
 * (an update entry, a resolve, a change); maintenance also `reminder`, `started`, `completed`,
 * `postponed` and `cancelled`. `webhook.test` is the owner's test delivery.
 */
export const WEBHOOK_EVENT_TYPES = [
  'incident.published',
  'incident.updated',
  'maintenance.published',
  'maintenance.updated',
  'maintenance.reminder',
  'maintenance.started',
  'maintenance.completed',
  'maintenance.postponed',
  'maintenance.cancelled',
  'advisory.published',
  'advisory.updated',
  'notification.published',
  'notification.updated',
] as const

/** A record event's type (see {@link WEBHOOK_EVENT_TYPES}). */
export const WebhookEventType = Type.Enum(WEBHOOK_EVENT_TYPES)
export type WebhookEventType = Static<typeof WebhookEventType>

/** A cloud a record concerns. */
export const WebhookCloud = Type.Object({
  machine_name: Type.String(),
  domain: Type.String(),
  title: Type.String(),
})
export type WebhookCloud = Static<typeof WebhookCloud>

/**
 * What a security advisory with security details adds to its record (docs/operating/security-advisories.md):
 * the tracking id, the CVE ids and the highest CVSS base score of its vectors (v4.0 preferred when
 * both are there) with its rating, version and vector; the four are `null` without any vector.
 */
export const WebhookAdvisory = Type.Object({
  /** e.g. `NIMBUS-SA-2026-0001`. */
  tracking_id: Type.String(),
  /** e.g. `['CVE-2026-90001']`; `[]` for none. */
  cves: Type.Array(Type.String()),
  /** 0.0–10.0. */
  score: Nullable(Type.Number({ minimum: 0, maximum: 10 })),
  rating: Nullable(CvssRating),
  cvss_version: Nullable(Type.Union([Type.Literal('3.1'), Type.Literal('4.0')])),
  vector: Nullable(Type.String()),
})
export type WebhookAdvisory = Static<typeof WebhookAdvisory>

/** The record an event is about, as it is after the event. */
export const WebhookRecord = Type.Object({
  id: Type.Integer(),
  type: RecordType,
  title: Type.String(),
  /** Status name: `Scheduled`, `In Progress`, `Resolved`, … */
  status: Type.String(),
  /** Severity name; `null` for none. */
  severity: Nullable(Type.String()),
  /** The clouds it concerns, in the catalogue's order. */
  clouds: Type.Array(WebhookCloud),
  /** When the event starts / ends; `to` is `null` while ongoing. */
  from: Instant,
  to: Nullable(Instant),
  /** Plain text, a few sentences (`''` for none). */
  summary: Type.String(),
  /** The record's page on the site. */
  url: Type.String(),
  /** An advisory's security details; absent for other records and for advisories without any. */
  advisory: Type.Optional(WebhookAdvisory),
})
export type WebhookRecord = Static<typeof WebhookRecord>

/** A record event (`type` one of {@link WEBHOOK_EVENT_TYPES}). */
export const WebhookRecordEvent = Type.Object({
  type: WebhookEventType,
  /** When the event happened. */
  timestamp: Instant,
  data: Type.Object({
    /** The event's id: one delivery per endpoint and event id. */
    event_id: Type.Integer(),
    record: WebhookRecord,
    /** The update's text (plain text) the event announces; `null` for none. */
    update: Nullable(Type.String()),
  }),
})
export type WebhookRecordEvent = Static<typeof WebhookRecordEvent>

/** The owner's test delivery. */
export const WebhookTestEvent = Type.Object({
  type: Type.Literal('webhook.test'),
  timestamp: Instant,
  data: Type.Object({ endpoint_id: Type.Integer(), message: Type.String() }),
})
export type WebhookTestEvent = Static<typeof WebhookTestEvent>

/**
 * The JSON body POSTed to `webhook` endpoints (Standard Webhooks' `{ type, timestamp, data }`),
 * signed: `webhook-id` (`msg_…`, the same on every retry of one delivery; deduplicate on it),
 * `webhook-timestamp` (Unix seconds of the attempt), `webhook-signature` (`v1,<base64 HMAC-SHA256
 * of "{id}.{timestamp}.{body}">` with the endpoint's secret).
 */
export const WebhookPayload = Type.Union([WebhookRecordEvent, WebhookTestEvent])
export type WebhookPayload = Static<typeof WebhookPayload>

/** A Block Kit text object. */
const SlackText = Type.Object({ type: Type.Union([Type.Literal('plain_text'), Type.Literal('mrkdwn')]), text: Type.String() })

/** The Block Kit blocks this site sends. */
export const SlackBlock = Type.Union([
  Type.Object({ type: Type.Literal('header'), text: SlackText }),
  Type.Object({ type: Type.Literal('section'), text: Type.Optional(SlackText), fields: Type.Optional(Type.Array(SlackText)) }),
  Type.Object({
    type: Type.Literal('actions'),
    elements: Type.Array(Type.Object({ type: Type.Literal('button'), text: SlackText, url: Type.String() })),
  }),
  Type.Object({ type: Type.Literal('context'), elements: Type.Array(SlackText) }),
])
export type SlackBlock = Static<typeof SlackBlock>

/**
 * The body POSTed to `slack` endpoints: a Block Kit message — a header (the event), the status,
 * severity, clouds and times as fields, the summary and update, a "View on the trust site" link
 * button and a context line with the event type. `text` is the notification fallback.
 */
export const SlackMessage = Type.Object({ text: Type.String(), blocks: Type.Array(SlackBlock) })
export type SlackMessage = Static<typeof SlackMessage>

/** A text run of a `RichTextBlock`: plain text, never Markdown. */
const TeamsTextRun = Type.Object({
  type: Type.Literal('TextRun'),
  text: Type.String(),
  weight: Type.Optional(Type.Literal('Bolder')),
  size: Type.Optional(Type.Literal('Large')),
  isSubtle: Type.Optional(Type.Boolean()),
})

/** The Adaptive Card elements this site sends. */
export const TeamsCardElement = Type.Union([
  /** Text of the site's own only (labels, times with `{{DATE()}}` / `{{TIME()}}`, the event type). */
  Type.Object({
    type: Type.Literal('TextBlock'),
    text: Type.String(),
    wrap: Type.Boolean(),
    isSubtle: Type.Optional(Type.Boolean()),
    size: Type.Optional(Type.Literal('Small')),
  }),
  /** Any text that comes from a record (title, status, severity, clouds, summary, update). */
  Type.Object({ type: Type.Literal('RichTextBlock'), inlines: Type.Array(TeamsTextRun) }),
])
export type TeamsCardElement = Static<typeof TeamsCardElement>

/** An Adaptive Card 1.4 (`http://adaptivecards.io/schemas/adaptive-card.json`) as this site sends it. */
export const TeamsCard = Type.Object({
  $schema: Type.Literal('http://adaptivecards.io/schemas/adaptive-card.json'),
  type: Type.Literal('AdaptiveCard'),
  version: Type.Literal('1.4'),
  body: Type.Array(TeamsCardElement),
  actions: Type.Optional(Type.Array(Type.Object({ type: Type.Literal('Action.OpenUrl'), title: Type.String(), url: Type.String() }))),
})
export type TeamsCard = Static<typeof TeamsCard>

/**
 * The body POSTed to `teams` endpoints: the message envelope Teams incoming webhooks and the
 * Workflows "post to a channel when a webhook request is received" flow take, with one Adaptive
 * Card — the event as a headline, status, severity, clouds, start and end, the summary and update,
 * the event type, and a "View on the trust site" `Action.OpenUrl`. Text from the record is sent
 * in `TextRun`s only, which Adaptive Cards render as plain text (no Markdown, no links, no mentions).
 */
export const TeamsMessage = Type.Object({
  type: Type.Literal('message'),
  attachments: Type.Array(
    Type.Object({
      contentType: Type.Literal('application/vnd.microsoft.card.adaptive'),
      contentUrl: Type.Null(),
      content: TeamsCard,
    }),
    { minItems: 1, maxItems: 1 },
  ),
})
export type TeamsMessage = Static<typeof TeamsMessage>
