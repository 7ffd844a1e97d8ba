import type { WebhookEndpoint, WebhookKind, WebhookTestData } from '../../contract/webhooks'
import { ApiError } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import { formatTimestamp } from '../../widgets/core/time'

/**
 * The pure part of the "Webhooks and Slack" panel (`./WebhooksPanel.tsx`): what each server error
 * says to the user and where it is shown, and the text of an endpoint's status and a test's outcome.
 */

/** What the kinds are called on the page. */
export const KIND_NAMES: Readonly<Record<WebhookKind, string>> = { webhook: 'Webhook', slack: 'Slack' }

/** The address each kind's URL field suggests. */
export const URL_EXAMPLES: Readonly<Record<WebhookKind, string>> = {
  webhook: 'https://example.com/hooks/trust',
  slack: 'https://hooks.slack.com/services/T000/B000/XXXX',
}

/** A failed call, as the panel shows it: `field` errors go under the URL field, the others above the form. */
export interface PanelError {
  text: string
  /** True when the URL is what the user must change (shown next to the field, which is marked invalid). */
  field: boolean
}

/** Error codes that are about the URL the user typed. */
const URL_ERRORS: Readonly<Record<string, string>> = {
  invalid_url: 'Enter a full web address that starts with https://, for example https://example.com/hooks/trust.',
  not_https: 'The address must start with https:// — events are only sent over an encrypted connection.',
  not_slack_url: 'A Slack endpoint must be a Slack incoming-webhook address, which starts with https://hooks.slack.com/services/.',
  forbidden_address:
    'This address leads to a private, local or reserved network (such as 10.x.x.x, 192.168.x.x or localhost). ' +
    'Events can only be sent to public addresses on the internet.',
  unresolvable_host: 'The host name of this address could not be found. Check it for typing mistakes.',
  duplicate_endpoint: 'This address is already one of your endpoints.',
}

/**
 * The sentence for a failed call of the panel (`contract/webhooks.ts` codes), and whether it is
 * about the URL field. `limit` is the most endpoints a user may have (for `too_many_endpoints`).
 */
export function webhookError(error: unknown, limit: number): PanelError {
  const code = error instanceof ApiError ? error.code : undefined
  const status = error instanceof ApiError ? error.status : -1
  if (code && URL_ERRORS[code]) return { text: URL_ERRORS[code], field: true }
  const text = (t: string): PanelError => ({ text: t, field: false })
  if (code === 'not_verified') {
    return text('Confirm your email address before adding an endpoint: open the link in the verification email we sent you.')
  }
  if (code === 'too_many_endpoints') return text(`You already have ${limit} endpoints, the most allowed. Remove one before adding another.`)
  if (status === 429) return text('Too many attempts in a short time: at most 10 test deliveries an hour. Please try again later.')
  if (code === 'not_found') return text('This endpoint no longer exists; the list has been refreshed.')
  if (code === 'not_signed_in' || code === 'csrf' || code === 'cross_site' || status === 401) {
    return text('Your session has ended. Sign in again to manage your endpoints.')
  }
  if (status === 0) return text('The trust site could not be reached. Check your connection and try again.')
  return text(errorMessage(error))
}

/** When and why a disabled endpoint was disabled: `since Tue, 03 Mar 2026 10:00:00 UTC: 6 delivery attempts …`. */
export function disabledDetail(endpoint: Pick<WebhookEndpoint, 'disabled_at' | 'disabled_reason'>, zone: string): string {
  if (!endpoint.disabled_at) return ''
  const since = `since ${formatTimestamp(endpoint.disabled_at, zone)}`
  return endpoint.disabled_reason ? `${since}: ${endpoint.disabled_reason}` : since
}

/** An endpoint's status line: `Active`, or `Disabled since …: why`. Always words, never colour alone. */
export function statusText(endpoint: Pick<WebhookEndpoint, 'disabled_at' | 'disabled_reason'>, zone: string): string {
  return endpoint.disabled_at ? `Disabled ${disabledDetail(endpoint, zone)}` : 'Active'
}

/** What a test delivery did: `Delivered (HTTP 200).` or `Not delivered: the connection was refused.` */
export function testOutcomeText(result: Pick<WebhookTestData, 'delivered' | 'status' | 'error'>): string {
  if (result.delivered) return `Delivered (HTTP ${result.status ?? '2xx'}).`
  const why = result.error ?? (result.status ? `HTTP ${result.status}` : 'no answer')
  return `Not delivered: ${why}`
}

/** `1 endpoint of 5`, `3 endpoints of 5`. */
export function countText(count: number, limit: number): string {
  return `${count} ${count === 1 ? 'endpoint' : 'endpoints'} of ${limit}`
}
