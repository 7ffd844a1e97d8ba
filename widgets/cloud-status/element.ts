import { createWidgetElement } from '../core/element'
import { CloudStatusWidget, type CloudStatusWidgetProps } from './CloudStatus'

/**
 * `<trust-cloud-status>`: the cloud status timeline (spec §2 Cloud status page, §4 Timeline
 * paging, §9) — a 'Core Cloud Services' block and an 'Individual Data Centers' block ('Public
 * Data Center' / 'Premium Data Center' tabs), each with a 7-day timeline (date headers, a "Now"
 * marker, one row per service or data center with a subscribe star), paging 12 weeks back, a
 * popover per issue bar on hover and focus, a full-post modal on click, Enter or Space, and a
 * legend. All bars of a block are one tab stop: arrow keys, Home and End move between them.
 *
 * Attributes:
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API (and of record links) when embedded elsewhere.
 * - `timezone` — IANA time zone for the shown times, overriding the session's (default UTC).
 *
 * Subscribe stars: signed in, a star posts `POST /api/subscribe {cloud, tid, action}`, is
 * disabled while the call runs, then flips its `aria-pressed` and shows the success toast in the
 * page's shared toast store ('You have successfully subscribed to the {name} notifications.');
 * a failed call shows an alert and keeps the state.
 *
 * Events:
 * - `trust-sign-in-required` (`SignInRequiredEvent`, bubbles, composed, cancelable;
 *   `detail: { reason: 'subscribe', tid }`) — a signed-out visitor pressed a subscribe star.
 *   Unless the event is cancelled, the widget opens `{api-base}/sign-in?subscribe=1`.
 *
 * CSS parts: `root`, `block` (each block), `timeline` (the scrolling timeline), `bar`, `star`,
 * `legend`, `popover`, `modal`.
 *
 * Custom properties: `--trust-severity-disruption`, `--trust-severity-degradation`,
 * `--trust-severity-informational` (bar colours), and the theme's `--trust-color-*`,
 * `--trust-font-body`, `--trust-radius-*`, `--trust-space-*`.
 */
export const CloudStatusElement = createWidgetElement<CloudStatusWidgetProps>({
  component: CloudStatusWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})
