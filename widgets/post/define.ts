import { defineElement } from '../core/element'
import { PostElement } from './element'

// The element's type ships with the definition: importing only `<pkg>/post/define` types
// `document.createElement('trust-post')` too (the HTMLElementTagNameMap entry in element.ts).
export type { PostElement } from './element'

defineElement('trust-post', PostElement)
