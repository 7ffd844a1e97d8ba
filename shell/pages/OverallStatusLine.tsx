import { OVERALL_STATUS_TEXT } from '../../contract/statuspage'
import { useResource } from '../../widgets/core/react'
import * as styles from '../shell.css'
import { fetchOverallStatus, type OverallStatus } from './api'

/** The shape of each indicator's icon (24 × 24 viewBox): a check, an exclamation, a cross, a wrench. */
const ICONS: Record<string, string> = {
  operational: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  partial: 'M11 4h2v11h-2zm0 13h2v2h-2z',
  major: 'M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z',
  maintenance:
    'M22.7 19 13.6 9.9c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z',
}

/** Which look and icon a status line takes: by its meaning, so the text always says the same. */
export function overallKind(status: OverallStatus): 'operational' | 'partial' | 'major' | 'maintenance' {
  if (status.indicator === 'critical') return 'major'
  if (status.indicator !== 'none') return 'partial'
  return status.description === OVERALL_STATUS_TEXT.maintenance ? 'maintenance' : 'operational'
}

/**
 * The one line that says whether everything is fine (issue 24: "All Systems Operational",
 * "Partial Service Disruption", "Major Service Disruption", "Under Maintenance"), at the top of
 * the home and cloud-status pages: an icon and the text, never colour alone, in a polite live
 * region. Its room is kept while it loads (no layout shift); a failed request says so in place.
 */
export function OverallStatusLine({ domain }: { domain: string }) {
  const state = useResource((signal) => fetchOverallStatus(domain, signal), [domain])
  if (state.status !== 'ready' || !state.data) {
    return (
      <p className={styles.overallStatus} data-kind="pending" role="status" data-testid="overall-status">
        {state.status === 'error' ? 'The overall status could not be loaded.' : 'Checking the overall status…'}
      </p>
    )
  }
  const kind = overallKind(state.data)
  return (
    <p className={styles.overallStatus} data-kind={kind} data-indicator={state.data.indicator} role="status" data-testid="overall-status">
      <svg className={styles.overallStatusIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS[kind]} fill="currentColor" />
      </svg>
      <span>{state.data.description}</span>
    </p>
  )
}
