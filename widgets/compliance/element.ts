import { createWidgetElement } from '../core/element'
import { ComplianceWidget, type ComplianceWidgetProps } from './Compliance'

/**
 * `<trust-compliance>`: a cloud's compliance page top and its rows of description and estimated
 * approval date, or 'No rows' (spec §2 Compliance).
 *
 * Attributes:
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API when embedded elsewhere.
 *
 * Events: none. CSS parts: `root`. Custom properties: the theme's `--trust-*` properties.
 */
export const ComplianceElement = createWidgetElement<ComplianceWidgetProps>({
  component: ComplianceWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
})
