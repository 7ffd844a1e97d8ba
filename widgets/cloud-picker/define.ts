import { defineElement } from '../core/element'
import { CloudPickerElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/cloud-picker/define` types
// `document.createElement('trust-cloud-picker')` too (the HTMLElementTagNameMap entry in element.ts).
export type { CloudPickerElement } from './element'

defineElement('trust-cloud-picker', CloudPickerElement)
