import { createWidgetElement } from '../core/element'
import { ComplianceWidget, type ComplianceWidgetProps } from './Compliance'

/**
 * `<trust-compliance>`: a cloud's compliance page top and its rows of description and estimated
 * approval date, or 'No rows' (docs/requirements/screens.md#compliance). Fires no events.
 *
 * @element trust-compliance
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API when embedded elsewhere.
 * @csspart root - The widget's outer box.
 * @csspart top - The page top (the cloud's HTML above the table).
 * @csspart table - The table of descriptions and estimated approval dates.
 */
export class ComplianceElement extends createWidgetElement<ComplianceWidgetProps>({
  component: ComplianceWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-compliance': ComplianceElement
  }
}
