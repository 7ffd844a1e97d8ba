/**
 * Text helpers both sides use at run time: plain functions without schemas, so a drop-in that
 * needs one does not carry `typebox` (see `common.ts`).
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values (server mails, seeded
 * records and pages, status tooltips, error messages shown as HTML; the widgets' fallback where
 * no DOM can sanitise).
 *
 * @example escapeHtml(`Tom & "Jerry's" <b>`) // 'Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c])
}
