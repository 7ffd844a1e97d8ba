/**
 * The text formats of publishing (contract `PublishRecordBody.body_format`): operators write a
 * record's body, customer impact, workaround and update texts as HTML (the default) or as Markdown,
 * which the server renders to HTML with `marked` (GitHub-flavoured). Either way the HTML is
 * sanitised with the site's one allow-list ({@link sanitizeOperatorHtml}) before it is stored:
 * Markdown may carry raw HTML, and that goes through the same sanitiser.
 */
import { Marked } from 'marked'
import { MARKDOWN_OPTIONS } from '../../contract/html-policy.js'
import { sanitizeOperatorHtml } from '../admin/sanitize.js'

/** How a text field is written. */
export type TextFormat = 'html' | 'markdown'

/** One `marked` instance with its own options (the global `marked` is left alone). */
const markdown = new Marked({ ...MARKDOWN_OPTIONS, async: false })

/** Markdown to (unsanitised) HTML, synchronously. */
export function markdownToHtml(text: string): string {
  return markdown.parse(text, { async: false }).trim()
}

/**
 * Stored HTML of a text written in `format`: Markdown rendered, then sanitised; HTML sanitised.
 * `''` stays `''`.
 */
export function renderOperatorText(text: string, format: TextFormat = 'html'): string {
  if (text === '') return ''
  return sanitizeOperatorHtml(format === 'markdown' ? markdownToHtml(text) : text)
}
