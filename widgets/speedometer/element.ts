import { createWidgetElement } from '../core/element'
import { SpeedometerWidget, type SpeedometerWidgetProps } from './Speedometer'

/**
 * `<trust-speedometer>`: the home page's three gauges (spec §2 Home) — transactions, threats
 * blocked and policies enforced in the last 24 hours against the 365-day peak.
 *
 * Attributes:
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API when embedded on another site.
 *
 * Events: none.
 *
 * CSS parts: `root`, `gauge`.
 *
 * Custom properties: `--trust-gauge-color` (dial fill), and the theme's `--trust-color-*`,
 * `--trust-font-body`, `--trust-radius-*`, `--trust-space-*`.
 */
export const SpeedometerElement = createWidgetElement<SpeedometerWidgetProps>({
  component: SpeedometerWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
})
