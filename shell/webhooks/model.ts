import type { WebhookEndpoint, WebhookKind, WebhookTestData } from '../../contract/webhooks'
import { ApiError } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import { formatTimestamp } from '../../contract/time.js'
import type { Locale } from '../../contract/locale'
import { webhooksMessages } from './messages'

/**
 * The pure part of the "Webhooks, Slack and Teams" panel (`./WebhooksPanel.tsx`): what each server error
 * says to the user and where it is shown, and the text of an endpoint's status and a test's outcome.
 */

/** What the kinds are called on the page. */
export const KIND_NAMES: Readonly<Record<WebhookKind, string>> = { webhook: 'Webhook', slack: 'Slack', teams: 'Microsoft Teams' }

/** The address each kind's URL field suggests. */
export const URL_EXAMPLES: Readonly<Record<WebhookKind, string>> = {
  webhook: 'https://example.com/hooks/trust',
  slack: 'https://hooks.slack.com/services/T000/B000/XXXX',
  teams: 'https://prod-00.westeurope.logic.azure.com/workflows/…',
}

/** A failed call, as the panel shows it: `field` errors go under the URL field, the others above the form. */
export interface PanelError {
  text: string
  /** True when the URL is what the user must change (shown next to the field, which is marked invalid). */
  field: boolean
}

/** The panel's texts in a locale. */
const textsIn = (locale: Locale) => webhooksMessages.in(locale).get()

/** Error codes that are about the URL the user typed, and their texts. */
const URL_ERRORS: Readonly<Record<string, keyof typeof webhooksMessages.base>> = {
  invalid_url: 'invalidUrl',
  not_https: 'notHttps',
  not_slack_url: 'notSlackUrl',
  not_teams_url: 'notTeamsUrl',
  forbidden_address: 'forbiddenAddress',
  unresolvable_host: 'unresolvableHost',
  duplicate_endpoint: 'duplicateEndpoint',
}

/**
 * The sentence for a failed call of the panel (`contract/webhooks.ts` codes), and whether it is
 * about the URL field. `limit` is the most endpoints a user may have (for `too_many_endpoints`).
 * Another code gives the server's message on an English page, else a text with the HTTP status
 * (docs/languages-and-themes.md "codes translated on the client").
 *
 * @param locale the page's language @default 'en'
 */
export function webhookError(error: unknown, limit: number, locale: Locale = 'en'): PanelError {
  const t = textsIn(locale)
  const code = error instanceof ApiError ? error.code : undefined
  const status = error instanceof ApiError ? error.status : -1
  if (code && URL_ERRORS[code]) return { text: t[URL_ERRORS[code]] as string, field: true }
  const text = (s: string): PanelError => ({ text: s, field: false })
  if (code === 'not_verified') return text(t.notVerified)
  if (code === 'too_many_endpoints') return text(t.tooManyEndpoints({ limit }))
  if (status === 429) return text(t.rateLimited)
  if (code === 'not_found') return text(t.notFound)
  if (code === 'not_signed_in' || code === 'csrf' || code === 'cross_site' || status === 401) return text(t.sessionEnded)
  if (status === 0) return text(t.unreachable)
  if (locale === 'en' || !(error instanceof ApiError)) return text(errorMessage(error))
  return text(t.failed({ status }))
}

/**
 * When and why a disabled endpoint was disabled: `since Tue, 03 Mar 2026 10:00:00 UTC: 6 delivery attempts …`
 * (the reason is the server's).
 * @param locale the page's language @default 'en'
 */
export function disabledDetail(
  endpoint: Pick<WebhookEndpoint, 'disabled_at' | 'disabled_reason'>,
  zone: string,
  locale: Locale = 'en',
): string {
  if (!endpoint.disabled_at) return ''
  const t = textsIn(locale)
  const time = formatTimestamp(endpoint.disabled_at, zone, locale)
  return endpoint.disabled_reason ? t.sinceBecause({ time, reason: endpoint.disabled_reason }) : t.since({ time })
}

/**
 * An endpoint's status line: `Active`, or `Disabled since …: why`. Always words, never colour alone.
 * @param locale the page's language @default 'en'
 */
export function statusText(
  endpoint: Pick<WebhookEndpoint, 'disabled_at' | 'disabled_reason'>,
  zone: string,
  locale: Locale = 'en',
): string {
  const t = textsIn(locale)
  return endpoint.disabled_at ? t.disabledStatus({ detail: disabledDetail(endpoint, zone, locale) }) : t.active
}

/**
 * What a test delivery did: `Delivered (HTTP 200).` or `Not delivered: the connection was refused.` (the reason is the server's).
 * @param locale the page's language @default 'en'
 */
export function testOutcomeText(result: Pick<WebhookTestData, 'delivered' | 'status' | 'error'>, locale: Locale = 'en'): string {
  const t = textsIn(locale)
  if (result.delivered) return t.delivered({ status: result.status ?? '2xx' })
  return t.notDelivered({ reason: result.error ?? (result.status ? `HTTP ${result.status}` : t.noAnswer) })
}

/**
 * `1 endpoint of 5`, `3 endpoints of 5`.
 * @param locale the page's language (its plural rules) @default 'en'
 */
export function countText(count: number, limit: number, locale: Locale = 'en'): string {
  const t = textsIn(locale)
  return t.ofLimit({ endpoints: t.endpoints(count), limit })
}
