import { useMessages } from '../../widgets/core/i18n/react'
import { sanitizeHtml } from '../../widgets/core/sanitize'
import * as styles from './admin.css'
import { adminMessages } from './messages'

/**
 * Operator HTML as visitors will see it: cleaned by {@link sanitizeHtml} with the allow-list the
 * server applies when it saves (`contract/html-policy.ts`), so scripts, event handlers, styles and
 * `javascript:` links never reach the page, here or there.
 */
export function HtmlPreview({ id, html, label }: { id: string; html: string; label?: string }) {
  const t = useMessages(adminMessages)
  return (
    <section className={styles.preview} aria-labelledby={id} data-testid="html-preview">
      <h2 className={styles.previewTitle} id={id}>
        {label ?? t.preview}
      </h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the site's one allow-list just above */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </section>
  )
}
