import { useStore } from '@nanostores/react'
import type { DashboardRecord, SubscriberCount } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { formatTimestamp } from '../../contract/time.js'
import * as styles from './admin.css'
import { DataTable } from './controls'
import { fetchDashboard } from './api'
import { LoadProblem } from './LoadProblem'
import { valueName } from './desk/model'
import { adminMessages, adminNavMessages } from './messages'
import { Outbox } from './Outbox'
import { SetupSteps } from './SetupSteps'
import { useLoad } from './use-load'
import { ConsoleScreen, ListSection } from './ConsoleScreen'

/** The message of each record type's name. */
const TYPE_NAMES: Record<DashboardRecord['type'], keyof typeof adminMessages.base> = {
  incident: 'typeIncident',
  maintenance: 'typeMaintenance',
  advisory: 'typeAdvisory',
  notification: 'typeNotification',
}

/** One live or upcoming record: its title links to the public post; type, status, severity and times in words. */
function RecordLine({ record, timezone }: { record: DashboardRecord; timezone: string }) {
  const t = useMessages(adminMessages)
  const locale = useLocale()
  const to = record.to ? formatTimestamp(record.to, timezone, locale) : t.ongoing
  const type = TYPE_NAMES[record.type]
  return (
    <li>
      <a href={record.href}>{record.title}</a>
      <span className={styles.itemDetail}>
        {t.recordLine({
          type: type ? (t[type] as string) : record.type,
          status: record.status ? valueName(record.status, locale) : t.none,
          severity: record.severity ? valueName(record.severity, locale) : t.none,
          from: formatTimestamp(record.from, timezone, locale),
          to,
        })}
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
  const t = useMessages(adminMessages)
  if (!counts.length) return <p className={styles.note}>{t.noSubscribers({ caption })}</p>
  return (
    <DataTable label={caption} columns={[t.topic, t.subscribers]}>
      {counts.map((c) => (
        <tr key={c.target}>
          <th scope="row">{c.label}</th>
          <td>{c.count}</td>
        </tr>
      ))}
    </DataTable>
  )
}

/**
 * The dashboard (`GET /api/admin/dashboard`): the setup steps of a new site (`./SetupSteps.tsx`,
 * folded away once all are done); per cloud what is going on now and in the next 7 days and who
 * subscribes to what; notification subscribers; the mail outbox.
 */
export function Dashboard({ canRetry }: { canRetry: boolean }) {
  const dashboard = useLoad(fetchDashboard)
  const timezone = useStore($session).timezone
  const data = dashboard.state.data
  const t = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()

  return (
    <ConsoleScreen testId="admin-dashboard" title={nav.dashboard}>
      {/* Site-wide banners (mail not sent, …) go here, above the setup steps. */}
      <SetupSteps />
      {(!data || dashboard.state.status === 'error') && (
        <LoadProblem state={dashboard.state} what={t.theDashboard} onRetry={dashboard.reload} />
      )}
      {data && (
        <>
          <p className={styles.note}>{t.asOf({ time: formatTimestamp(data.now, timezone, locale) })}</p>
          <Outbox outbox={data.outbox} canRetry={canRetry} timezone={timezone} onChanged={dashboard.reload} />
          <h2 className={styles.sectionTitle}>{t.notificationSubscribers}</h2>
          <SubscriberTable caption={t.notificationSubscribersAll} counts={data.notification_subscribers} />
          {data.clouds.map((cloud) => (
            <ListSection
              key={cloud.machine_name}
              id={`admin-cloud-${cloud.machine_name}`}
              testId={false}
              title={
                <>
                  {cloud.title} <span className={styles.itemDetail}>{cloud.domain}</span>
                </>
              }
            >
              <Records title={t.liveNow} records={cloud.live} empty={t.nothingNow} timezone={timezone} />
              <Records title={t.nextDays} records={cloud.upcoming} empty={t.nothingNext} timezone={timezone} />
              <h3 className={styles.subTitle}>{t.subscribers}</h3>
              <SubscriberTable caption={t.cloudSubscribers({ cloud: cloud.title })} counts={cloud.subscribers} />
            </ListSection>
          ))}
        </>
      )}
    </ConsoleScreen>
  )
}
