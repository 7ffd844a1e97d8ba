import { createWidgetElement } from '../core/element'
import { FaqWidget, type FaqWidgetProps } from './Faq'

/**
 * `<trust-faq>`: the FAQ with search, expand/collapse-all and deep links (spec §2 FAQ, §5, §9).
 *
 * Attributes:
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API when embedded elsewhere.
 *
 * Deep links: the host page's `location.hash` (`#how-to-manage-your-subscription`) opens that
 * question 1 s after load or on `hashchange`. Events: none. CSS parts: `root`. Custom properties:
 * the theme's `--trust-*` properties.
 */
export const FaqElement = createWidgetElement<FaqWidgetProps>({
  component: FaqWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
})
