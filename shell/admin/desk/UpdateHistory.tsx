import type { DeskRecordDetail, RecordEventKind } from '../../../contract/desk'
import { sanitizeHtml } from '../../../widgets/core/sanitize'
import { formatTimestamp } from '../../../widgets/core/time'
import * as styles from '../admin.css'
import { TableWrap } from '../controls'
import * as desk from './desk.css'

/** What each record event is called. */
export const EVENT_NAMES: Readonly<Record<RecordEventKind, string>> = {
  published: 'Published',
  updated: 'Updated',
  reminder: 'Reminder',
  started: 'Started',
  completed: 'Completed',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
}

/**
 * A record's update history, newest first (contract `RecordUpdate`): time in the operator's zone,
 * the status it set (a word, never a colour alone), the resolved-update marker on the entry that
 * closed it, and its text (sanitised HTML).
 */
export function UpdateHistory({ updates, zone }: { updates: DeskRecordDetail['updates']; zone: string }) {
  const sorted = [...updates].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  return (
    <section aria-labelledby="desk-history" data-testid="desk-history">
      <h2 className={styles.sectionTitle} id="desk-history">
        Update history
      </h2>
      {sorted.length === 0 ? (
        <p className={styles.note}>No updates yet.</p>
      ) : (
        <ol className={desk.history}>
          {sorted.map((u, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; two may share an instant, and the list is only ever replaced whole
            <li key={`${u.at}-${i}`} className={desk.entry} data-resolved={u.resolved} data-testid="desk-update">
              <div className={desk.entryHead}>
                <time dateTime={u.at}>{formatTimestamp(u.at, zone)}</time>
                <span className={styles.state} data-status={u.statusClass}>
                  {u.status}
                </span>
                {u.resolved && (
                  <span className={desk.resolved} data-testid="desk-resolved-marker">
                    <span aria-hidden="true">✓</span> Resolved update
                  </span>
                )}
              </div>
              {u.text && (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the site's one allow-list
                <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(u.text) }} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The record's events (published, updated, reminder, …) with the emails each queued, newest first. */
export function EventList({ events, zone }: { events: DeskRecordDetail['events']; zone: string }) {
  const sorted = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id)
  return (
    <section aria-labelledby="desk-events" data-testid="desk-events">
      <h2 className={styles.sectionTitle} id="desk-events">
        Events
      </h2>
      {sorted.length === 0 ? (
        <p className={styles.note}>No events yet.</p>
      ) : (
        <TableWrap label="Events">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">When</th>
                <th scope="col">Emails</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((e) => (
                <tr key={e.id}>
                  <td>{EVENT_NAMES[e.kind] ?? e.kind}</td>
                  <td>{formatTimestamp(e.at, zone)}</td>
                  <td>{e.mails}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  )
}
