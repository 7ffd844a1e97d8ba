import { createWidgetElement } from '../core/element'
import { FaqWidget, type FaqWidgetProps } from './Faq'

/**
 * `<trust-faq>`: the FAQ with search, expand/collapse-all and deep links (docs/requirements/screens.md#faq, docs/requirements/validation.md, docs/requirements/constants.md).
 * Deep links: the host page's `location.hash` (`#how-to-manage-your-subscription`) opens that
 * question 1 s after load or on `hashchange`. Fires no events.
 *
 * @element trust-faq
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API when embedded elsewhere.
 * @csspart root - The widget's outer box.
 * @csspart search - The toolbar: search field and 'Expand all' / 'Collapse all'.
 * @csspart section - One section of questions.
 * @csspart question - One question with its answer.
 * @csspart answer - The answer of a question.
 */
export class FaqElement extends createWidgetElement<FaqWidgetProps>({
  component: FaqWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-faq': FaqElement
  }
}
