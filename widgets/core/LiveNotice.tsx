import { useStore } from '@nanostores/react'
import { useLocale } from './i18n/react'
import { $staleAnswers, liveNoticeText, staleAsOf } from './live'
import * as styles from './live.css'

/** Props of {@link LiveNotice}. */
export interface LiveNoticeProps {
  /** IANA zone of the shown time (the zone the page shows every time in). @default 'UTC' */
  timezone?: string
  /** Only these answers (absolute URLs, as `apiUrl` builds them) count; every stale answer of the page when absent. */
  urls?: readonly string[]
}

/**
 * The degraded-mode notice (docs/operating/cdn.md): "Live updates are unavailable; showing status as of
 * HH:MM (zone)" while an answer the page shows is a stale copy or was kept from an earlier visit,
 * with the oldest generation time among them. The `role="status"` region is always there (empty
 * while everything is live), so assistive technology announces the notice when it appears.
 */
export function LiveNotice({ timezone = 'UTC', urls }: LiveNoticeProps) {
  const since = staleAsOf(useStore($staleAnswers), urls)
  const locale = useLocale()
  return (
    <div role="status" data-testid="live-notice">
      {since !== undefined && <p className={styles.notice}>{liveNoticeText(since, timezone, locale)}</p>}
    </div>
  )
}
