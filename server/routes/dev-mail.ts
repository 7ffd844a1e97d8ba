/**
 * Development-only mail viewer (registered only when the mode is not `'production'`):
 *
 * - `GET /dev/mail` — an HTML page listing the outbox, newest first: recipient, subject, creation
 *   time, delivery state and the plain-text body, whose http(s) links are real links. Everything
 *   is escaped; the page has no scripts or style attributes (the site's CSP applies).
 * - `GET /api/dev/mail` → `{ data: DevMail[] }` (contract "Publishing"), newest first (at most {@link DEV_MAIL_LIMIT}).
 */
import Type from 'typebox'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { DevMail } from '../../contract/publishing.js'
import { escapeHtml } from '../mail/messages.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** At most this many messages are listed. */
export const DEV_MAIL_LIMIT = 200

const LINK = /https?:\/\/[^\s<>"']+/g

/** `text` as escaped HTML whose http(s) URLs are `<a href>` links. */
export function linkify(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(LINK)) {
    const url = match[0]
    out += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    last = match.index + url.length
  }
  return out + escapeHtml(text.slice(last))
}

/** Registers the two routes above. */
export function registerDevMailRoutes(app: TrustApp, { db, mode }: RouteDeps): void {
  if (mode === 'production') return
  const load = (): Promise<DevMail[]> =>
    db
      .selectFrom('outbox')
      .select(['id', 'to_address as to', 'subject', 'text', 'html', 'created', 'sent_at'])
      .orderBy('id', 'desc')
      .limit(DEV_MAIL_LIMIT)
      .execute()

  app.get('/api/dev/mail', { schema: { response: { 200: answer(Type.Array(DevMail)), ...ERROR_RESPONSES } } }, async () => ({
    data: await load(),
  }))

  app.get('/dev/mail', { schema: { response: { 200: Type.String(), ...ERROR_RESPONSES } } }, async (_request, reply) => {
    const mails = await load()
    const items = mails.map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Created</dt><dd><time datetime="${new Date(m.created).toISOString()}">${new Date(m.created).toISOString()}</time></dd>
<dt>Delivered</dt><dd>${m.sent_at === null ? 'not yet' : new Date(m.sent_at).toISOString()}</dd>
</dl>
<pre>${linkify(m.text)}</pre>
</article>`,
    )
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Development mail</title>
</head>
<body>
<main>
<h1>Development mail</h1>
<p>Messages in the outbox, newest first (${mails.length}). This page exists only outside production.</p>
${items.length ? items.join('\n<hr>\n') : '<p>No messages yet.</p>'}
</main>
</body>
</html>
`
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  })
}
