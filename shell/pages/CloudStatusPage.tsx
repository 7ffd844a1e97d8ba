import { type CSSProperties, useMemo } from 'react'
import type { Cloud } from '../../contract/global'
import type { CloudStatusData } from '../../contract/status'
import { takeAnswer } from '../page-data'
import { coreStatusPath } from './api'
import { cloudStatusPageMessages } from './status/messages'
import { useMessages } from '../../widgets/core/i18n/react'
import { CloudStatusWidget } from '../../widgets/cloud-status/CloudStatus'
import { OverallStatusLine } from '../../widgets/overall-status/OverallStatusLine'
import { useWidgetContext } from '../../widgets/core/react'
import { ThirdPartyBlock } from './status/ThirdParty'
import * as styles from '../shell.css'

/** Rows of a week's answer (every group's services), 8 when unknown or malformed. */
function coreRows(week: CloudStatusData | undefined): number {
  const rows = Array.isArray(week?.category)
    ? week.category.reduce((n, c) => n + (Array.isArray(c.subCategory) ? c.subCategory.length : 0), 0)
    : 0
  return rows > 0 ? rows : 8
}

/**
 * Cloud Status page (docs/requirements/screens.md#cloud-status-page): the `<trust-cloud-status>` widget's React
 * component for the chosen cloud, under the cloud's overall status line (docs/statuspage-api.md). Its subscribe stars raise `trust-sign-in-required`, which the
 * shell answers with an in-app move to /sign-in (see App.tsx). The degraded-mode notice is the
 * shell's page-level one, so the widget shows none of its own. Below the timeline, the cloud's
 * third-party components (docs/operating/console-and-desk.md#third-party-components; the site's page only, so the
 * `<trust-cloud-status>` drop-in stays within its size budget).
 */
export default function CloudStatusPage({ cloud }: { cloud: Cloud }) {
  // The server-rendered page says how many core services the week has: the core block keeps their
  // rows' room until the widget has loaded them (no layout shift). Unknown: a typical 8.
  const rows = useMemo(() => coreRows(takeAnswer<CloudStatusData>(coreStatusPath(cloud.machine_name))), [cloud.machine_name])
  const t = useMessages(cloudStatusPageMessages)
  const ctx = useWidgetContext(cloud.machine_name)
  return (
    <section
      aria-labelledby="cloud-status-title"
      className={styles.cloudStatusPage}
      style={{ [styles.coreRowsVar.slice(4, -1)]: rows } as CSSProperties}
    >
      <h1 className={styles.pageTitle} id="cloud-status-title">
        {t.title}
      </h1>
      <OverallStatusLine cloud={cloud.domain} />
      <CloudStatusWidget cloud={cloud.machine_name} liveNotice={false} statusBadge={false} />
      <ThirdPartyBlock cloud={cloud.machine_name} timezone={ctx.timezone} isLoggedIn={ctx.isLoggedIn} isTrustDR={ctx.isTrustDR} />
    </section>
  )
}
