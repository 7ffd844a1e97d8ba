import type { Cloud } from '../../contract/global'
import { CloudStatusWidget } from '../../widgets/cloud-status/CloudStatus'
import * as styles from '../shell.css'

/**
 * Cloud Status page (spec §2 Cloud status page): the `<trust-cloud-status>` widget's React
 * component for the chosen cloud. Its subscribe stars raise `trust-sign-in-required`, which the
 * shell answers with an in-app move to /sign-in (see App.tsx). The degraded-mode notice is the
 * shell's page-level one, so the widget shows none of its own.
 */
export default function CloudStatusPage({ cloud }: { cloud: Cloud }) {
  return (
    <section aria-labelledby="cloud-status-title">
      <h1 className={styles.pageTitle} id="cloud-status-title">
        Cloud Status
      </h1>
      <CloudStatusWidget cloud={cloud.machine_name} liveNotice={false} />
    </section>
  )
}
