import { createWidgetElement } from '../core/element'
import { SpeedometerWidget, type SpeedometerWidgetProps } from './Speedometer'

/**
 * `<trust-speedometer>`: the home page's three gauges (docs/requirements/screens.md#home) — transactions, threats
 * blocked and policies enforced in the last 24 hours against the 365-day peak. Fires no events.
 *
 * @element trust-speedometer
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API when embedded on another site.
 * @csspart root - The widget's outer box.
 * @csspart gauge - One gauge card (dial, value, label and period).
 * @csspart dial - The half-circle dial (SVG) of a gauge.
 * @csspart value - A gauge's count (compact, e.g. `1.2M`).
 * @csspart label - A gauge's name.
 * @cssprop [--trust-gauge-color=var(--trust-color-accent)] - Fill of the dial arc.
 */
export class SpeedometerElement extends createWidgetElement<SpeedometerWidgetProps>({
  component: SpeedometerWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-speedometer': SpeedometerElement
  }
}
