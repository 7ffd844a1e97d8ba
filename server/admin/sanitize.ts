/**
 * The server's HTML sanitiser: operator HTML (FAQ bodies, compliance page tops and descriptions,
 * record bodies) is cleaned when it is saved, with the allow-list the browser applies again before
 * display (`contract/html-policy.ts`, `widgets/core/sanitize.ts`): DOMPurify over a jsdom window,
 * the same configuration and the same {@link NEW_TAB_REL} rule, so what is stored is what visitors see.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify'
import { JSDOM } from 'jsdom'
import { HTML_POLICY, NEW_TAB_REL } from '../../contract/html-policy.js'

let purifier: DOMPurify | undefined

/** The DOMPurify instance, made on first use over one jsdom window (kept for the process's life). */
function instance(): DOMPurify {
  if (purifier) return purifier
  const { window } = new JSDOM('<!doctype html><html><body></body></html>')
  const made = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0])
  if (!made.isSupported) throw new Error('DOMPurify cannot run on this jsdom window.')
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', NEW_TAB_REL)
  })
  purifier = made
  return made
}

/**
 * Cleans operator HTML with the site's one allow-list (`HTML_POLICY`): scripts, event handlers,
 * `javascript:` URLs, inline styles, forms, frames and objects are dropped; allowed markup is kept;
 * a link with `target="_blank"` gets `rel="noopener noreferrer"`. Plain text without markup comes
 * back as it went in, except that `<`, `>` and `&` are HTML-escaped.
 *
 * @param html untrusted HTML (any length; callers cap it)
 * @returns the sanitised HTML, `''` for empty input
 */
export function sanitizeOperatorHtml(html: string): string {
  if (!html) return ''
  return instance().sanitize(String(html), HTML_POLICY)
}

/** Elements whose text is set apart from its neighbours by spaces ("<p>a</p><p>b</p>" reads "a b"). */
const BREAKS =
  'address,article,aside,blockquote,br,dd,details,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,main,nav,ol,p,pre,section,summary,table,td,th,tr,ul'

/**
 * The text a piece of HTML shows, without any markup: the sanitised fragment's text content
 * (entities decoded, tags dropped, script and style contents left out, a space between blocks),
 * whitespace runs collapsed to one space and trimmed. For feeds and other plain-text channels.
 *
 * @param html untrusted HTML or plain text
 * @returns plain text, not escaped: escape it for the medium it goes into (it may contain `<`, `&`)
 */
export function htmlToText(html: string): string {
  if (!html) return ''
  // Without `<` or `&` there is no markup and no entity: the text is what it shows.
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim()
  const fragment = instance().sanitize(String(html), { ...HTML_POLICY, RETURN_DOM_FRAGMENT: true })
  for (const element of fragment.querySelectorAll(BREAKS)) {
    element.before(' ')
    element.after(' ')
  }
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim()
}
