import { useDeferredValue, useMemo } from 'react'
import type { CatalogSeverity } from '../../../contract/catalog'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { sanitizeHtml } from '../../../widgets/core/sanitize'
import { RecordArticle } from '../../../widgets/record-view/parts'
import * as view from '../../../widgets/record-view/record-view.css'
import * as styles from '../admin.css'
import { adminMessages } from '../messages'
import { markdownToHtml } from './markdown'
import { previewRecord, type RecordDraft, statusLook, type TextFormat } from './model'

/** Props of {@link PostPreview}. */
export interface PostPreviewProps {
  id: string
  draft: RecordDraft
  format: TextFormat
  severities: readonly CatalogSeverity[]
  /** The operator's zone: the times as they will read to a visitor in it. */
  zone: string
}

/**
 * The post as visitors will see it: the public record view's article (title, severity, status,
 * times, body, customer impact, workaround) of the draft, its texts rendered as the server will
 * store them (Markdown through `marked`, then the site's sanitiser). Rendering follows typing with
 * React's deferred value, so long bodies never slow the fields down.
 */
export function PostPreview({ id, draft, format, severities, zone }: PostPreviewProps) {
  const deferred = useDeferredValue(draft)
  const render = format === 'markdown' ? markdownToHtml : sanitizeHtml
  const body = useMemo(() => render(deferred.body), [render, deferred.body])
  const impact = useMemo(() => render(deferred.customer_impact), [render, deferred.customer_impact])
  const workaround = useMemo(() => render(deferred.available_workaround), [render, deferred.available_workaround])
  const a = useMessages(adminMessages)
  const locale = useLocale()
  const record = previewRecord(deferred, zone, { body, impact, workaround }, undefined, locale)
  const severity = severities.find((s) => String(s.tid) === deferred.severity)
  return (
    <section className={styles.preview} aria-labelledby={id} data-testid="post-preview">
      <h2 className={styles.previewTitle} id={id}>
        {a.preview}
      </h2>
      <div className={view.root}>
        <RecordArticle
          record={record}
          severities={severity ? [{ tid: String(severity.tid), name: severity.name, color_code: severity.color_code }] : []}
          statuses={[statusLook(deferred.status)]}
          timezone={zone}
          level={3}
          full
        />
      </div>
    </section>
  )
}
