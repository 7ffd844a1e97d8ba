import DOMPurify from 'dompurify'
import { HTML_POLICY, NEW_TAB_REL } from '../../contract/html-policy'
import { escapeHtml } from '../../contract/text'

let hooked = false

/**
 * Sanitises server-provided HTML (record bodies, summaries, banner and FAQ content) with
 * DOMPurify before it reaches `dangerouslySetInnerHTML` (spec standards: server HTML is always
 * sanitised), with the allow-list the server applies when operators save HTML
 * (`contract/html-policy.ts`). Scripts, event handlers, `javascript:` URLs, forms and inline styles
 * are dropped; links that open a new tab get `rel="noopener noreferrer"`. Where no DOM is available the
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
        node.setAttribute('rel', NEW_TAB_REL)
      }
    })
  }
  return DOMPurify.sanitize(String(html), HTML_POLICY)
}
