import { defineElement } from '../core/element'
import { RecordsElement } from './element'

// The element's type ships with the definition: importing only `<pkg>/records/define` types
// `document.createElement('trust-records')` too (the HTMLElementTagNameMap entry in element.ts).
export type { RecordsElement } from './element'

defineElement('trust-records', RecordsElement)
