import { useStore } from '@nanostores/react'
import type { Cloud } from '../../contract/global'
import type { RecordListType } from '../../contract/records'
import { $session } from '../../widgets/core/session'
import { Records } from '../../widgets/records/Records'
import * as styles from '../shell.css'

/**
 * The Incidents, Maintenance and Security Advisories pages (docs/requirements/screens.md): the `<trust-records>`
 * widget's component with its calendar, in the page's time zone (shell/timezone/choice.ts). A new
 * path or cloud mounts a fresh list, so the filter goes back to All Statuses (docs/requirements/states.md#lists).
 */
export default function RecordsPage({ cloud, list }: { cloud: Cloud; list: RecordListType }) {
  const { timezone } = useStore($session)
  return (
    <div className={styles.recordsPage}>
      <Records
        key={`${list}|${cloud.machine_name}`}
        type={list}
        cloud={cloud.machine_name}
        cloudDomain={cloud.domain}
        timezone={timezone}
        headingLevel={1}
      />
    </div>
  )
}
