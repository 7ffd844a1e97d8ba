import type { StatusIssue } from '../../contract/status'
import { useLocale, useMessages } from '../core/i18n/react'
import { formatTimestamp } from '../../contract/time.js'
import * as styles from './cloud-status.css'
import { cloudStatusMessages } from './messages'

/**
 * Start and end of an issue in the visitor's zone ('Start' / 'End' in the popover, 'Started at' /
 * 'Ended at' in the modal); 'Ongoing' while it has no end.
 */
export function IssueTimes({ issue, timezone, modal }: { issue: StatusIssue; timezone: string; modal?: boolean }) {
  const locale = useLocale()
  const t = useMessages(cloudStatusMessages)
  return (
    <dl className={styles.times}>
      <dt>{modal ? t.startedAt : t.start}</dt>
      <dd>{formatTimestamp(issue.startTime, timezone, locale)}</dd>
      <dt>{modal ? t.endedAt : t.end}</dt>
      <dd>{issue.endTime === null ? t.ongoing : formatTimestamp(issue.endTime, timezone, locale)}</dd>
    </dl>
  )
}
