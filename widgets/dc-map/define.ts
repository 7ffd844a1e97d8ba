import { defineElement } from '../core/element'
import { DcMapElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/dc-map/define` types
// `document.createElement('trust-dc-map')` too (the HTMLElementTagNameMap entry in element.ts).
export type { DcMapElement } from './element'

defineElement('trust-dc-map', DcMapElement)
