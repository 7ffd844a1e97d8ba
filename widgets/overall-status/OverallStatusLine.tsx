import { useLocale } from '../core/i18n/react'
import { useResource } from '../core/react'
import { fetchOverallStatus } from './api'
import { overallLineHtml, overallView } from './model'
import * as styles from './overall-status.css'

/** Props of {@link OverallStatusLine}. */
export interface OverallStatusLineProps {
  /** A cloud's machine name or domain; `null` for the whole site; `undefined` while unknown (the line waits). */
  cloud: string | null | undefined
  /** Origin of the trust site when embedded elsewhere. @default '' (same origin) */
  apiBase?: string
}

/**
 * The one line that says whether everything is fine (docs/statuspage-api.md: "All Systems Operational",
 * "Partial Service Disruption", "Major Service Disruption", "Under Maintenance"): an icon and the
 * text (in the subtree's locale), never colour alone, in a polite live region (`role="status"`), loaded from
 * `/{cloud}/api/v2/status.json`. Its room is kept while it loads (no layout shift); a failed
 * request says so in place. On the home and cloud-status pages and in `<trust-cloud-status>`;
 * `<trust-status-badge>` shows the same markup without React.
 */
export function OverallStatusLine({ cloud, apiBase = '' }: OverallStatusLineProps) {
  const state = useResource(
    (signal) => (cloud === undefined ? new Promise<never>(() => {}) : fetchOverallStatus(cloud, { apiBase, signal })),
    [cloud, apiBase],
  )
  const view = overallView(state.data, state.status === 'error', false, useLocale())
  return (
    <p
      className={styles.line}
      data-kind={view.kind}
      data-indicator={state.data?.indicator}
      aria-busy={state.status === 'loading' || undefined}
      role="status"
      data-testid="overall-status"
      part="status"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: overallLineHtml escapes the text and writes fixed markup around it
      dangerouslySetInnerHTML={{ __html: overallLineHtml(view, styles.icon) }}
    />
  )
}
