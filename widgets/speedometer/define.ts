import { defineElement } from '../core/element'
import { SpeedometerElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/speedometer/define` types
// `document.createElement('trust-speedometer')` too (the HTMLElementTagNameMap entry in element.ts).
export type { SpeedometerElement } from './element'

defineElement('trust-speedometer', SpeedometerElement)
