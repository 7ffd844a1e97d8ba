import { defineElement } from '../core/shadow'
import { StatusBadgeElement } from './element'

// The class's type ships with the definition (the HTMLElementTagNameMap entry in element.ts).
export type { StatusBadgeElement } from './element'

defineElement('trust-status-badge', StatusBadgeElement)
