import { defineElement } from '../core/element'
import { CloudStatusElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/cloud-status/define` types
// `document.createElement('trust-cloud-status')` too (the HTMLElementTagNameMap entry in element.ts).
export type { CloudStatusElement } from './element'

defineElement('trust-cloud-status', CloudStatusElement)
