import { createWidgetElement } from '../core/element'
import { DcMapWidget, type DcMapWidgetProps } from './DcMap'

/**
 * `<trust-dc-map>`: the data center map (spec §2 Data Center Map, §9 Map) — a 650 px world map
 * with a marker per group of nearby data centers (within 0.5°), a tooltip per marker on hover,
 * tap and keyboard focus (arrow keys move between markers, Escape closes), a legend and the
 * disclaimer; 'Data is not available for this cloud.' when the cloud has no data centers.
 * It loads nothing from other sites (no flag images, no web fonts).
 *
 * Attributes:
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API when embedded on another site.
 *
 * Events: none.
 *
 * CSS parts: `root`, `map` (the 650 px frame), `tooltip`, `legend`.
 *
 * Custom properties: `--trust-dc-normal`, `--trust-dc-surcharge`, `--trust-dc-premium`,
 * `--trust-dc-multiple` (marker colours), `--trust-dc-land`, `--trust-dc-ocean` (map colours),
 * and the theme's `--trust-color-*`, `--trust-font-body`, `--trust-radius-*`, `--trust-space-*`.
 */
export const DcMapElement = createWidgetElement<DcMapWidgetProps>({
  component: DcMapWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
})
