import { createWidgetElement } from '../core/element'
import { DcMapWidget, type DcMapWidgetProps } from './DcMap'

/**
 * `<trust-dc-map>`: the data center map (docs/requirements/screens.md#data-center-map, docs/requirements/constants.md#map) — a 650 px world map
 * with a marker per group of nearby data centers (within 0.5°), a tooltip per marker on hover,
 * tap and keyboard focus (arrow keys move between markers, Escape closes), a legend and the
 * disclaimer; 'Data is not available for this cloud.' when the cloud has no data centers.
 * It loads nothing from other sites (no flag images, no web fonts). Fires no events.
 *
 * @element trust-dc-map
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API when embedded on another site.
 * @csspart root - The widget's outer box.
 * @csspart map - The 650 px map frame.
 * @csspart tooltip - The tooltip of a marker.
 * @csspart legend - The legend.
 * @cssprop [--trust-dc-normal=#1f6fc5] - Marker colour of a data center.
 * @cssprop [--trust-dc-surcharge=#b35900] - Marker colour of a data center with a surcharge.
 * @cssprop [--trust-dc-premium=#6a3fb0] - Marker colour of a premium data center.
 * @cssprop [--trust-dc-multiple=#16324f] - Marker colour of a group of data centers.
 * @cssprop [--trust-dc-land=light-dark(#e2e2e2, #373e47)] - Fill of the land.
 * @cssprop [--trust-dc-ocean=light-dark(#d9ecff, #12263a)] - Background of the map (the ocean).
 */
export class DcMapElement extends createWidgetElement<DcMapWidgetProps>({
  component: DcMapWidget,
  attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-dc-map': DcMapElement
  }
}
