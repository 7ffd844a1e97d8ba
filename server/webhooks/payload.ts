/**
 * What webhook endpoints receive (`contract/webhooks.ts`): the JSON document of a record event
 * ({@link recordEventPayload}), the owner's test message ({@link testPayload}), the Block Kit
 * message Slack endpoints get instead ({@link slackMessage}) and the Adaptive Card Teams endpoints
 * get ({@link teamsMessage}). Pure functions.
 */
import type {
  SlackBlock,
  SlackMessage,
  TeamsCard,
  TeamsCardElement,
  TeamsMessage,
  WebhookEventType,
  WebhookAdvisory,
  WebhookPayload,
  WebhookRecordEvent,
} from '../../contract/webhooks.js'
import type { AdvisorySummary } from '../../contract/advisories.js'
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
  /** An advisory's tracking id, CVE ids and highest score; null or absent without security details. */
  advisory?: AdvisorySummary | null
}

/** The payload's advisory facts of an advisory `summary` (contract `WebhookAdvisory`). */
function advisoryOf(summary: AdvisorySummary): WebhookAdvisory {
  const { highest } = summary
  return {
    tracking_id: summary.tracking_id,
    cves: [...summary.cves],
    score: highest?.score ?? null,
    rating: highest?.rating ?? null,
    cvss_version: highest?.version ?? null,
    vector: highest?.vector ?? null,
  }
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
        ...(event.advisory ? { advisory: advisoryOf(event.advisory) } : {}),
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

/**
 * Escapes Slack's control characters (`&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`), as Slack asks for
 * text in `mrkdwn` objects and in a message's top-level `text`, where `<…>` is a link, a mention
 * (`<!channel>`, `<@U…>`) or a date. `plain_text` objects are not parsed for them and stay as they are.
 */
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
 * An advisory's facts as Slack fields and Teams lines: `Advisory ID`, `CVE IDs` (when there are
 * any) and `CVSS` (`9.8 Critical (CVSS v3.1)`, or `Not scored`); none for other records.
 */
function advisoryFacts(advisory: WebhookAdvisory | undefined): Array<[string, string]> {
  if (!advisory) return []
  const score =
    advisory.score === null || advisory.rating === null
      ? 'Not scored'
      : `${advisory.score.toFixed(1)} ${advisory.rating} (CVSS v${advisory.cvss_version})`
  return [
    ['Advisory ID', advisory.tracking_id],
    ...(advisory.cves.length > 0 ? [['CVE IDs', advisory.cves.join(', ')] as [string, string]] : []),
    ['CVSS', score],
  ]
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
    ...advisoryFacts(record.advisory).map(([label, value]) => ({
      type: 'mrkdwn' as const,
      text: cut(`*${label}*\n${slackEscape(value)}`, 2000),
    })),
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
  // The top-level text is parsed like mrkdwn (links, @channel): escaped, unlike the plain_text header.
  return { text: cut(slackEscape(`${headline} (${record.status})`), 3000), blocks }
}

/** A paragraph of plain text runs (`RichTextBlock`): Adaptive Cards render a `TextRun` without Markdown. */
const runs = (...inlines: Array<{ text: string; bold?: boolean; large?: boolean; subtle?: boolean }>): TeamsCardElement => ({
  type: 'RichTextBlock',
  inlines: inlines.map((r) => ({
    type: 'TextRun' as const,
    text: r.text,
    ...(r.bold ? { weight: 'Bolder' as const } : {}),
    ...(r.large ? { size: 'Large' as const } : {}),
    ...(r.subtle ? { isSubtle: true } : {}),
  })),
})

/** A line of the site's own text (`TextBlock`, whose Markdown subset and date functions apply). */
const own = (text: string, subtle = false): TeamsCardElement => ({
  type: 'TextBlock',
  text,
  wrap: true,
  ...(subtle ? { isSubtle: true, size: 'Small' as const } : {}),
})

/**
 * An instant as Teams shows it in each reader's language and time zone (the Adaptive Card
 * `{{DATE(…, SHORT)}} {{TIME(…)}}` functions take an RFC 3339 instant without milliseconds).
 */
const teamsTime = (ms: number) => {
  const at = `${iso(ms).slice(0, 19)}Z`
  return `{{DATE(${at}, SHORT)}} {{TIME(${at})}}`
}

/** The Adaptive Card envelope of {@link teamsMessage}. */
const teamsEnvelope = (card: Omit<TeamsCard, '$schema' | 'type' | 'version'>): TeamsMessage => ({
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', ...card },
    },
  ],
})

/**
 * The Teams message of a payload (`contract/webhooks.ts` `TeamsMessage`): one Adaptive Card 1.4 —
 * the event as a headline, status, severity and clouds, start and end (in the reader's time zone),
 * summary and update, the event type, and a "View on the trust site" `Action.OpenUrl`.
 *
 * Every text that comes from the record (title, status, severity, cloud titles, summary, update) is
 * a `TextRun` of a `RichTextBlock`, which Adaptive Cards render as plain text: a title such as
 * `[Sign in](https://evil.example)` or `<at>Everyone</at>` shows as typed, never as a link or a
 * mention (mentions also need `msteams.entities`, which is never sent). `TextBlock`s, whose text is
 * Markdown, carry the site's own words only. Summary and update are cut to 3,000 characters each,
 * the title to 500, far below Teams' 28 KB message limit.
 */
export function teamsMessage(payload: WebhookPayload): TeamsMessage {
  if (payload.type === 'webhook.test') {
    return teamsEnvelope({
      body: [
        runs({ text: 'Test delivery from the trust site', bold: true, large: true }),
        own('This channel will receive the events you subscribed to.'),
        own('webhook.test', true),
      ],
    })
  }
  const { record, update } = payload.data
  const kind = payload.type.slice(payload.type.indexOf('.') + 1) as RecordEventKind
  const label = `${LABELS[record.type]}${KIND_WORDS[kind] ? ` ${KIND_WORDS[kind]}` : ''}`
  const cloudNames = record.clouds.map((c) => c.title).join(', ')
  const body: TeamsCardElement[] = [
    runs({ text: `${label}: `, bold: true, large: true }, { text: cut(record.title, 500), bold: true, large: true }),
    runs({ text: 'Status: ', bold: true }, { text: record.status }),
  ]
  if (record.severity) body.push(runs({ text: 'Severity: ', bold: true }, { text: record.severity }))
  if (cloudNames) body.push(runs({ text: 'Clouds: ', bold: true }, { text: cut(cloudNames, 2000) }))
  for (const [label, value] of advisoryFacts(record.advisory))
    body.push(runs({ text: `${label}: `, bold: true }, { text: cut(value, 2000) }))
  body.push(own(`**Start:** ${teamsTime(Date.parse(record.from))}`))
  body.push(own(`**End:** ${record.to === null ? 'Ongoing' : teamsTime(Date.parse(record.to))}`))
  if (record.summary) body.push(runs({ text: cut(record.summary, 3000) }))
  if (update) body.push(runs({ text: 'Update: ', bold: true }, { text: cut(update, 3000) }))
  body.push(own(payload.type, true))
  return teamsEnvelope({ body, actions: [{ type: 'Action.OpenUrl', title: 'View on the trust site', url: record.url }] })
}

/** The body POSTed to an endpoint of `kind` for `payload`. */
export function bodyFor(kind: WebhookKind, payload: WebhookPayload): string {
  if (kind === 'slack') return JSON.stringify(slackMessage(payload))
  if (kind === 'teams') return JSON.stringify(teamsMessage(payload))
  return JSON.stringify(payload)
}
