import DOMPurify from 'dompurify'
import { escapeHtml } from '../../contract/text'

/** Tags never kept, even though DOMPurify's HTML profile allows some of them. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed']

let hooked = false

/**
 * Sanitises server-provided HTML (record bodies, summaries, banner and FAQ content) with
 * DOMPurify before it reaches `dangerouslySetInnerHTML` (spec standards: server HTML is always
 * sanitised). Scripts, event handlers, `javascript:` URLs, forms and inline styles are dropped;
 * links that open a new tab get `rel="noopener noreferrer"`. Where no DOM is available the
 * input is returned as escaped text, never unsanitised.
 *
 * @param html untrusted HTML
 * @returns HTML safe to insert
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  if (!DOMPurify.isSupported) return escapeHtml(String(html))
  if (!hooked) {
    hooked = true
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer')
      }
    })
  }
  return DOMPurify.sanitize(String(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  })
}
