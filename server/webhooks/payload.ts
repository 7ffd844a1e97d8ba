/**
 * What webhook endpoints receive (`contract/webhooks.ts`): the JSON document of a record event
 * ({@link recordEventPayload}), the owner's test message ({@link testPayload}), and the Block Kit
 * message Slack endpoints get instead ({@link slackMessage}). Pure functions.
 */
import type { SlackBlock, SlackMessage, WebhookEventType, WebhookPayload, WebhookRecordEvent } from '../../contract/webhooks.js'
import type { RecordEventKind, RecordType, WebhookKind } from '../db/schema.js'

/** A record event as dispatch reads it. */
export interface EventFacts {
  id: number
  kind: RecordEventKind
  /** Epoch ms. */
  at: number
  /** The update's text, plain (already converted from HTML), or ''. */
  update: string
  record_id: number
  type: RecordType
  title: string
  summary: string
  status: string
  severity: string | null
  from_time: number
  to_time: number | null
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The payload of a record event for one recipient (`url`: the record's page for them). */
export function recordEventPayload(
  event: EventFacts,
  clouds: ReadonlyArray<{ machine_name: string; domain: string; title: string }>,
  url: string,
): WebhookRecordEvent {
  return {
    type: `${event.type}.${event.kind}` as WebhookEventType,
    timestamp: iso(event.at),
    data: {
      event_id: event.id,
      record: {
        id: event.record_id,
        type: event.type,
        title: event.title,
        status: event.status,
        severity: event.severity,
        clouds: clouds.map((c) => ({ machine_name: c.machine_name, domain: c.domain, title: c.title })),
        from: iso(event.from_time),
        to: event.to_time === null ? null : iso(event.to_time),
        summary: event.summary,
        url,
      },
      update: event.update || null,
    },
  }
}

/** The owner's test message. */
export function testPayload(endpointId: number, now: number): WebhookPayload {
  return {
    type: 'webhook.test',
    timestamp: iso(now),
    data: {
      endpoint_id: endpointId,
      message: 'This is a test delivery from the trust site. Record events you subscribed to arrive in this shape.',
    },
  }
}

/** Escapes Slack's control characters in mrkdwn and plain text (`&`, `<`, `>`). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** `text` cut to `max` characters (Block Kit's limits), with an ellipsis. */
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/** An instant Slack shows in each reader's time zone, with a UTC fallback. */
const slackTime = (ms: number) =>
  `<!date^${Math.floor(ms / 1000)}^{date_short_pretty} {time}|${iso(ms).replace('T', ' ').slice(0, 16)} UTC>`

/** Headline words per event type: `Incident`, `Maintenance started`, … */
const LABELS: Record<RecordType, string> = {
  incident: 'Incident',
  maintenance: 'Maintenance',
  advisory: 'Security advisory',
  notification: 'Notification',
}

const KIND_WORDS: Record<RecordEventKind, string> = {
  published: '',
  updated: 'update',
  reminder: 'reminder',
  started: 'started',
  completed: 'completed',
  postponed: 'postponed',
  cancelled: 'cancelled',
}

/**
 * The Block Kit message of a payload (`contract/webhooks.ts` `SlackMessage`): header, facts as
 * fields, summary and update, a link button to the record's page and the event type as context.
 */
export function slackMessage(payload: WebhookPayload): SlackMessage {
  if (payload.type === 'webhook.test') {
    const text = 'Test delivery from the trust site: this channel will receive the events you subscribed to.'
    return {
      text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: slackEscape(text) } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'webhook.test' }] },
      ],
    }
  }
  const { record, update } = payload.data
  const kind = payload.type.slice(payload.type.indexOf('.') + 1) as RecordEventKind
  const headline = `${LABELS[record.type]}${KIND_WORDS[kind] ? ` ${KIND_WORDS[kind]}` : ''}: ${record.title}`
  const cloudNames = record.clouds.map((c) => c.title).join(', ')
  const fields = [
    { type: 'mrkdwn' as const, text: `*Status*\n${slackEscape(record.status)}` },
    ...(record.severity ? [{ type: 'mrkdwn' as const, text: `*Severity*\n${slackEscape(record.severity)}` }] : []),
    ...(cloudNames ? [{ type: 'mrkdwn' as const, text: cut(`*Clouds*\n${slackEscape(cloudNames)}`, 2000) }] : []),
    { type: 'mrkdwn' as const, text: `*Start*\n${slackTime(Date.parse(record.from))}` },
    { type: 'mrkdwn' as const, text: `*End*\n${record.to === null ? 'Ongoing' : slackTime(Date.parse(record.to))}` },
  ]
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(headline, 150) } },
    { type: 'section', fields },
  ]
  if (record.summary) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(slackEscape(record.summary), 3000) } })
  if (update) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(`*Update:* ${slackEscape(update)}`, 3000) } })
  blocks.push({
    type: 'actions',
    elements: [{ type: 'button', text: { type: 'plain_text', text: 'View on the trust site' }, url: record.url }],
  })
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `${payload.type} · ${slackTime(Date.parse(payload.timestamp))}` }] })
  return { text: cut(`${headline} (${record.status})`, 3000), blocks }
}

/** The body POSTed to an endpoint of `kind` for `payload`. */
export function bodyFor(kind: WebhookKind, payload: WebhookPayload): string {
  return JSON.stringify(kind === 'slack' ? slackMessage(payload) : payload)
}
