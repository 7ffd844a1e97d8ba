import { createWidgetElement } from '../core/element'
import { CloudPicker, type CloudPickerProps } from './CloudPicker'

/**
 * `<trust-cloud-picker>`: a labelled select of the trust site's clouds (by title) for partner
 * pages embedding several drop-in widgets. It shows the page's chosen cloud (when none is chosen
 * yet, the same rules as the other widgets: the `machineName` cookie, else the first cloud);
 * choosing another sets the page-wide shared cloud and the `machineName` cookie, so every widget
 * without a `cloud` attribute, in any drop-in script on the page, reloads for it.
 *
 * @element trust-cloud-picker
 * @attr {string} api-base - Origin of the trust site's API when embedded on another site.
 * @attr {string} [label=Cloud] - Visible label of the select.
 * @fires {CloudChangeEvent} trust-cloud-change - Bubbles, composed; detail `{ cloud, domain, title }` (machine name, domain and title of the cloud just chosen), dispatched after the shared cloud store and cookie are updated.
 * @csspart root - The widget's outer box.
 * @csspart label - The visible label of the select.
 * @csspart select - The native select of clouds.
 */
export class CloudPickerElement extends createWidgetElement<CloudPickerProps>({
  component: CloudPicker,
  attributes: { 'api-base': 'apiBase', label: 'label' },
}) {}

declare global {
  interface HTMLElementTagNameMap {
    'trust-cloud-picker': CloudPickerElement
  }
}
