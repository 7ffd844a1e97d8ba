import { defineElement } from '../core/element'
import { ComplianceElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/compliance/define` types
// `document.createElement('trust-compliance')` too (the HTMLElementTagNameMap entry in element.ts).
export type { ComplianceElement } from './element'

defineElement('trust-compliance', ComplianceElement)
