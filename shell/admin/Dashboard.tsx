import { useStore } from '@nanostores/react'
import type { DashboardRecord, SubscriberCount } from '../../contract/admin'
import { $session } from '../../widgets/core/session'
import { formatTimestamp } from '../../widgets/core/time'
import * as shell from '../shell.css'
import * as styles from './admin.css'
import { TableWrap } from './controls'
import { fetchDashboard } from './api'
import { LoadProblem } from './LoadProblem'
import { Outbox } from './Outbox'
import { useLoad } from './use-load'

const TYPE_NAMES: Record<DashboardRecord['type'], string> = {
  incident: 'Incident',
  maintenance: 'Maintenance',
  advisory: 'Security advisory',
  notification: 'Notification',
}

/** One live or upcoming record: its title links to the public post; type, status, severity and times in words. */
function RecordLine({ record, timezone }: { record: DashboardRecord; timezone: string }) {
  const to = record.to ? formatTimestamp(record.to, timezone) : 'ongoing'
  return (
    <li>
      <a href={record.href}>{record.title}</a>
      <span className={styles.itemDetail}>
        {TYPE_NAMES[record.type] ?? record.type} · Status: {record.status || 'none'} · Severity: {record.severity || 'none'} ·{' '}
        {formatTimestamp(record.from, timezone)} to {to}
      </span>
    </li>
  )
}

function Records({ title, records, empty, timezone }: { title: string; records: DashboardRecord[]; empty: string; timezone: string }) {
  return (
    <>
      <h3 className={styles.subTitle}>{title}</h3>
      {records.length ? (
        <ul className={styles.records}>
          {records.map((r) => (
            <RecordLine key={`${r.type}-${r.id}`} record={r} timezone={timezone} />
          ))}
        </ul>
      ) : (
        <p className={styles.note}>{empty}</p>
      )}
    </>
  )
}

/** Subscriber counts per topic as a table. */
export function SubscriberTable({ caption, counts }: { caption: string; counts: SubscriberCount[] }) {
  if (!counts.length) return <p className={styles.note}>{caption}: no subscribers.</p>
  return (
    <TableWrap label={caption}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Subscribers</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((c) => (
            <tr key={c.target}>
              <th scope="row">{c.label}</th>
              <td>{c.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

/**
 * The dashboard (`GET /api/admin/dashboard`): per cloud what is going on now and in the next
 * 7 days and who subscribes to what; notification subscribers; the mail outbox.
 */
export function Dashboard({ canRetry }: { canRetry: boolean }) {
  const dashboard = useLoad(fetchDashboard)
  const timezone = useStore($session).timezone
  const data = dashboard.state.data

  return (
    <section aria-labelledby="admin-title" data-testid="admin-dashboard">
      <h1 className={shell.pageTitle} id="admin-title">
        Dashboard
      </h1>
      {(!data || dashboard.state.status === 'error') && (
        <LoadProblem state={dashboard.state} what="the dashboard" onRetry={dashboard.reload} />
      )}
      {data && (
        <>
          <p className={styles.note}>As of {formatTimestamp(data.now, timezone)}.</p>
          <Outbox outbox={data.outbox} canRetry={canRetry} timezone={timezone} onChanged={dashboard.reload} />
          <h2 className={styles.sectionTitle}>Notification subscribers</h2>
          <SubscriberTable caption="Notification subscribers, every cloud" counts={data.notification_subscribers} />
          {data.clouds.map((cloud) => (
            <section key={cloud.machine_name} aria-labelledby={`admin-cloud-${cloud.machine_name}`}>
              <h2 className={styles.sectionTitle} id={`admin-cloud-${cloud.machine_name}`}>
                {cloud.title} <span className={styles.itemDetail}>{cloud.domain}</span>
              </h2>
              <Records title="Live now" records={cloud.live} empty="Nothing going on now." timezone={timezone} />
              <Records title="Next 7 days" records={cloud.upcoming} empty="Nothing scheduled in the next 7 days." timezone={timezone} />
              <h3 className={styles.subTitle}>Subscribers</h3>
              <SubscriberTable caption={`Subscribers of ${cloud.title}, per topic`} counts={cloud.subscribers} />
            </section>
          ))}
        </>
      )}
    </section>
  )
}
