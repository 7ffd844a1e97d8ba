import { Marked } from 'marked'
import { MARKDOWN_OPTIONS } from '../../../contract/html-policy'
import { sanitizeHtml } from '../../../widgets/core/sanitize'

/** One `marked` instance with the shared options (the global `marked` is left alone). */
const markdown = new Marked(MARKDOWN_OPTIONS)

/**
 * Markdown as the server will store it: rendered by `marked` with the server's options
 * ({@link MARKDOWN_OPTIONS}; `body_format: 'markdown'`, contract/publishing.ts) and cleaned by the site's allow-list
 * ({@link sanitizeHtml}, the one the server applies when it saves). For the desk's live previews.
 */
export function markdownToHtml(text: string): string {
  if (!text.trim()) return ''
  return sanitizeHtml(markdown.parse(text, { async: false }))
}
