import { createWidgetElement } from '../core/element'
import type { TokenProvider } from '../core/token'
import { CloudStatusWidget, type CloudStatusWidgetProps } from './CloudStatus'

/**
 * `<trust-cloud-status>`: the cloud status timeline (docs/requirements/screens.md#cloud-status-page, docs/requirements/states.md#timeline-paging
 * docs/requirements/constants.md) — the cloud's overall status line (a `<trust-status-badge>`, whose script the
 * drop-in loads from beside its own; docs/statuspage-api.md), a 'Core Cloud Services' block and an 'Individual Data Centers' block ('Public
 * Data Center' / 'Premium Data Center' tabs), each with a 7-day timeline (date headers, a "Now"
 * marker, one row per service or data center with a subscribe star), paging 12 weeks back, a
 * popover per issue bar on hover and focus, a full-post modal on click, Enter or Space, and a
 * legend. All bars of a block are one tab stop: arrow keys, Home and End move between them.
 * Bar colours are the theme's `--trust-severity-disruption`, `--trust-severity-degradation` and
 * `--trust-severity-informational`.
 *
 * Subscribe stars: signed in, a star posts `POST /api/subscribe {cloud, tid, action}`, is
 * disabled while the call runs, then flips its `aria-pressed` and shows the success toast in the
 * page's shared toast store ('You have successfully subscribed to the {name} notifications.');
 * a failed call shows an alert and keeps the state.
 *
 * @element trust-cloud-status
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API (and of record links) when embedded elsewhere.
 * @attr {string} [timezone=UTC] - IANA time zone for the shown times, overriding the session's.
 * @attr {string} datacenters - Only these data centers show: comma-separated term ids or machine names
 * (`frankfurt-i,12`; docs/embedding.md#showing-some-data-centers-and-services); the overall status line is
 * computed from the rows shown. Every data center when absent.
 * @attr {string} services - Only these core services show, named the same way; the overall line is
 * computed from the rows shown. Every service when absent.
 * @attr {string} token - A console token: a short-lived JWT the vendor's console signed for the customer
 * viewing it (docs/embedding.md#a-customers-own-status). Sent as `Authorization: Bearer` on the status
 * reads, never in a URL, never stored; the answers then include the customer's private data centers,
 * services and records. A token the site refuses shows the public status and logs why with `console.warn`.
 * @attr {string} token-provider - The name of a global function that is a token provider (see `tokenProvider`),
 * for pages that write the element in their markup; the property wins when both are set.
 * @prop {() => Promise<string>} tokenProvider - An async function returning a fresh console token, called when
 * there is no `token` and again when the site refused the token as expired; setting it loads the status anew.
 * @fires {SignInRequiredEvent} trust-sign-in-required - Bubbles, composed, cancelable; detail
 * `{ reason: 'subscribe', tid }`: a signed-out visitor pressed a subscribe star. Unless the event
 * is cancelled, the widget opens `{api-base}/sign-in?subscribe=1`.
 * @csspart root - The widget's outer box.
 * @csspart block - Each block (Core Cloud Services, Individual Data Centers).
 * @csspart timeline - The scrolling 7-day timeline of a block.
 * @csspart bar - An issue bar.
 * @csspart star - A subscribe star.
 * @csspart legend - The legend of a block.
 * @csspart popover - The popover of an issue bar.
 * @csspart modal - The full-post dialog.
 */
export class CloudStatusElement extends createWidgetElement<CloudStatusWidgetProps>({
  component: CloudStatusWidget,
  attributes: {
    cloud: 'cloud',
    'api-base': 'apiBase',
    timezone: 'timezone',
    datacenters: 'datacenters',
    services: 'services',
    token: 'token',
    'token-provider': 'tokenProviderName',
  },
  properties: ['tokenProvider'],
}) {
  declare tokenProvider?: TokenProvider
}

declare global {
  interface HTMLElementTagNameMap {
    'trust-cloud-status': CloudStatusElement
  }
}
