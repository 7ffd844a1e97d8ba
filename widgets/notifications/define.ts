import { defineElement } from '../core/element'
import { NotificationsElement } from './element'

// The element's type ships with the definition: importing only `<pkg>/notifications/define` types
// `document.createElement('trust-notifications')` too (the HTMLElementTagNameMap entry in element.ts).
export type { NotificationsElement } from './element'

defineElement('trust-notifications', NotificationsElement)
