import { requireElement } from '../core/companion'
import { defineElement } from '../core/element'
import { installLiveFetch } from '../core/live'
import { CloudStatusElement } from './element'

// The class's type ships with the definition: importing only `<pkg>/cloud-status/define` types
// `document.createElement('trust-cloud-status')` too (the HTMLElementTagNameMap entry in element.ts).
export type { CloudStatusElement } from './element'

/**
 * The answers whose staleness the timeline's notice speaks for: its weeks, and the global data
 * its blocks and tabs come from; and the overall status line above them (its badge's
 * `/{cloud}/api/v2/status.json`, or `components.json` when narrowed), kept like them so that the line too shows the last status
 * while the API is down. Other widgets of the page (the kit's) show no notice, so their answers
 * are neither kept nor replaced by kept copies.
 */
const TIMELINE_ANSWERS = /\/api\/(?:cloud-status|global|v2\/(?:status|components)\.json)$/

// Degraded mode (widgets/core/live.ts): stale weeks are announced, and a week kept from an
// earlier visit stands in when the API cannot be reached. A page's first install wins (the
// shell's, or another script's), so loading this script twice changes nothing.
installLiveFetch({ inScope: (url) => TIMELINE_ANSWERS.test(new URL(url).pathname) })

defineElement('trust-cloud-status', CloudStatusElement)
// The overall status line above the blocks is `<trust-status-badge>`, from its own script.
requireElement('trust-status-badge', 'status-badge')
