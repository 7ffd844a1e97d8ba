import { createWidgetElement } from '../core/element'
import { SubscriptionsWidget, type SubscriptionsWidgetProps } from './Subscriptions'

/**
 * `<trust-subscriptions>`: the subscriptions page (docs/requirements/screens.md#subscriptions-page, docs/requirements/states.md#subscribe-star,
 * docs/requirements/errors.md toasts) for signed-in users — heading 'Manage Subscriptions' with the shown tab's count, the
 * help link 'How to Manage Your Subscription?' (when the site has an FAQ page), a tab per cloud
 * plus a 'Notifications' tab (arrow keys, Home and End move between tabs). A cloud tab has Subscribe All / Unsubscribe All and
 * the Maintenance, Advisory and Cloud Status sections (Core Cloud Services and data centers by
 * region, each with an All / Individual choice and subscribe stars); the Notifications tab lists
 * each notification type with its categories. Success toasts go to the page's shared toast store.
 *
 * @element trust-subscriptions
 * @attr {string} cloud - Cloud machine name or domain of the tab selected first; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API (and of the sign-in and default-page redirects) when embedded elsewhere.
 * @attr {string} faq-href - Target of the help link; by default the FAQ page of the site's main
 * menu at its question `#how-to-manage-your-subscription`, and no link when the menu has no FAQ page.
 * @fires {SignInRequiredEvent} trust-sign-in-required - Bubbles, composed, cancelable; detail
 * `{ reason: 'subscribe' }`: the visitor is signed out (or the server says so). Unless cancelled,
 * the widget opens `{api-base}/sign-in?subscribe=1`.
 * @fires {SubscriptionsErrorEvent} trust-subscriptions-error - Bubbles, composed, cancelable;
 * detail `{ error, tab, redirect }`: a signed-in user's subscriptions could not be loaded. Unless
 * cancelled, the widget opens `detail.redirect`, the cloud's default page.
 * @csspart root - The widget's outer box.
 * @csspart help - The help link.
 * @csspart tabs - The tab list.
 * @csspart panel - The tab panel.
 * @csspart star - Every subscribe star.
 */
export class SubscriptionsElement extends createWidgetElement<SubscriptionsWidgetProps>({
  component: SubscriptionsWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase', 'faq-href': 'faqHref' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-subscriptions': SubscriptionsElement
  }
}
