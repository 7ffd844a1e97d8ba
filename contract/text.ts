/**
 * Text helpers both sides use at run time: plain functions without schemas, so a drop-in that
 * needs one does not carry `typebox` (see `common.ts`).
 */

/**
 * Escapes `&`, `<`, `>`, `"` and `'` as numeric character references, for HTML text and
 * attribute values (server mails, seeded record bodies, error messages shown as HTML; the
 * widgets' fallback where no DOM can sanitise).
 *
 * @example escapeHtml(`Tom & "Jerry's" <b>`) // 'Tom &#38; &#34;Jerry&#39;s&#34; &#60;b&#62;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
