/**
 * The one allow-list for HTML on this site, shared by the server's sanitiser (operator HTML is
 * cleaned when it is saved: `server/admin/sanitize.ts`) and the browser's (everything server-provided
 * is cleaned again before display: `widgets/core/sanitize.ts`). Both run DOMPurify with this
 * configuration and the {@link NEW_TAB_REL} rule, so what an operator previews is what visitors see.
 *
 * DOMPurify's HTML profile, without styles, forms, embedded frames or objects; `target` kept on links
 * (and `rel="noopener noreferrer"` added when it opens a new tab); scripts, event handlers and
 * `javascript:` URLs are always dropped.
 */

/** Tags never kept, even though DOMPurify's HTML profile allows some of them. */
export const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed']

/** The DOMPurify configuration both sides use. */
export const HTML_POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS,
  FORBID_ATTR: ['style'],
  ADD_ATTR: ['target'],
}

/** The `rel` a link that opens a new tab (`target="_blank"`) gets. */
export const NEW_TAB_REL = 'noopener noreferrer'

/**
 * The `marked` options both sides render Markdown with (the server when it stores a text written
 * in Markdown, the console's live preview): GitHub-flavoured, a single newline is not a line break.
 */
export const MARKDOWN_OPTIONS = { gfm: true, breaks: false } as const
