import { defineElement } from '../core/element'
import { SubscriptionsElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/subscriptions/define` types
// `document.createElement('trust-subscriptions')` too (the HTMLElementTagNameMap entry in element.ts).
export type { SubscriptionsElement } from './element'

defineElement('trust-subscriptions', SubscriptionsElement)
