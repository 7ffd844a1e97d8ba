import type { DeskRecordDetail, RecordEventKind } from '../../../contract/desk'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { sanitizeHtml } from '../../../widgets/core/sanitize'
import { formatTimestamp } from '../../../contract/time.js'
import * as styles from '../admin.css'
import { ListSection } from '../ConsoleScreen'
import { DataTable } from '../controls'
import { adminMessages } from '../messages'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { valueName } from './model'

/** The message of what each record event is called; the events named by the status they set in {@link STATUS_EVENTS}. */
const EVENT_NAMES: Readonly<Record<Exclude<RecordEventKind, 'completed' | 'postponed'>, keyof typeof deskMessages.base>> = {
  published: 'eventPublished',
  updated: 'eventUpdated',
  reminder: 'eventReminder',
  started: 'eventStarted',
  cancelled: 'eventCancelled',
}

/** The events called by the status they set (named by `valueName`, as the statuses are). */
const STATUS_EVENTS: Readonly<Partial<Record<RecordEventKind, string>>> = { completed: 'Completed', postponed: 'Postponed' }

/**
 * A record's update history, newest first (contract `RecordUpdate`): time in the operator's zone,
 * the status it set (a word, never a colour alone), the resolved-update marker on the entry that
 * closed it, and its text (sanitised HTML).
 */
export function UpdateHistory({ updates, zone }: { updates: DeskRecordDetail['updates']; zone: string }) {
  const sorted = [...updates].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  const t = useMessages(deskMessages)
  const locale = useLocale()
  return (
    <ListSection id="desk-history" title={t.updateHistory} empty={sorted.length === 0 && t.noUpdates}>
      {sorted.length > 0 && (
        <ol className={desk.history}>
          {sorted.map((u, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; two may share an instant, and the list is only ever replaced whole
            <li key={`${u.at}-${i}`} className={desk.entry} data-resolved={u.resolved} data-testid="desk-update">
              <div className={desk.entryHead}>
                <time dateTime={u.at}>{formatTimestamp(u.at, zone, locale)}</time>
                <span className={styles.state} data-status={u.statusClass}>
                  {valueName(u.status, locale)}
                </span>
                {u.resolved && (
                  <span className={desk.resolved} data-testid="desk-resolved-marker">
                    <span aria-hidden="true">✓</span> {t.resolvedUpdate}
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
    </ListSection>
  )
}

/** The record's events (published, updated, reminder, …) with the emails each queued, newest first. */
export function EventList({ events, zone }: { events: DeskRecordDetail['events']; zone: string }) {
  const sorted = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id)
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const locale = useLocale()
  const eventName = (kind: RecordEventKind): string => {
    const status = STATUS_EVENTS[kind]
    if (status) return valueName(status, locale)
    const key = EVENT_NAMES[kind as keyof typeof EVENT_NAMES]
    return key ? (t[key] as string) : kind
  }
  return (
    <ListSection id="desk-events" title={t.events} empty={sorted.length === 0 && t.noEvents}>
      {sorted.length > 0 && (
        <DataTable label={t.events} caption={false} columns={[t.event, a.when, t.emails]}>
          {sorted.map((e) => (
            <tr key={e.id}>
              <td>{e.postmortem ? t.eventPostmortem : eventName(e.kind)}</td>
              <td>{formatTimestamp(e.at, zone, locale)}</td>
              <td>{e.mails}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListSection>
  )
}
