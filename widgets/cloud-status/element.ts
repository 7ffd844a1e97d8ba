import { createWidgetElement } from '../core/element'
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
  attributes: { cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-cloud-status': CloudStatusElement
  }
}
