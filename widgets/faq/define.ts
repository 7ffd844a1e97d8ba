import { defineElement } from '../core/element'
import { FaqElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/faq/define` types
// `document.createElement('trust-faq')` too (the HTMLElementTagNameMap entry in element.ts).
export type { FaqElement } from './element'

defineElement('trust-faq', FaqElement)
