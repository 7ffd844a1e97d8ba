import { termName } from '../../contract/terms.js'
import { useId } from 'react'
import type { RecordUpdate } from '../../contract/records'
import { useLocale, useMessages } from '../core/i18n/react'
import { safeHtml } from '../core/safe-html'
import { formatTimestamp } from '../../contract/time.js'
import { StatusIcon } from '../record-view/icons'
import { recordViewMessages } from '../record-view/messages'
import * as styles from '../record-view/record-view.css'
import { postMessages } from './messages'
import * as post from './post.css'

/** Props of {@link Updates}. */
export interface UpdatesProps {
  /** The record's update history (any order; shown newest first). */
  updates: readonly RecordUpdate[]
  /** IANA zone of the shown times. */
  timezone: string
  /** Level of the post's title; the history's heading is one below it. */
  level: 1 | 2 | 3
  /** `part` name of the history's box (the element names its parts in its own markup). */
  part?: string
}

/** Newest first by `at`; entries at the same instant keep their order. */
export function newestFirst(updates: readonly RecordUpdate[]): RecordUpdate[] {
  return [...updates].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
}

/**
 * A post's update history (contract `RecordUpdate`; docs/requirements/screens.md#single-post and Visual hints): an
 * "Updates" list, newest first, each entry with its time in `timezone` (docs/requirements/constants.md format; in the
 * subtree's locale), the
 * status it set (in words), the resolved-update marker on the entry that closed the record, and
 * its text (server HTML through the allow-list of `safeHtml`). Nothing when there are no entries.
 */
export function Updates({ updates, timezone, level, part }: UpdatesProps) {
  const t = useMessages(postMessages)
  const v = useMessages(recordViewMessages)
  const locale = useLocale()
  const id = useId()
  if (!updates.length) return null
  const Tag = `h${level + 1}` as 'h2' | 'h3' | 'h4'
  return (
    <section className={`${styles.record} ${post.history}`} part={part} aria-labelledby={id} data-testid="post-updates">
      <Tag id={id} className={post.heading}>
        {t.updates}
      </Tag>
      <ol className={post.updates}>
        {newestFirst(updates).map((u, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; two may share an instant, and the list is only ever replaced whole
          <li key={`${u.at}-${i}`} className={post.update} data-testid="post-update" data-resolved={u.resolved}>
            <div className={styles.tags}>
              <time className={post.when} dateTime={u.at}>
                {formatTimestamp(u.at, timezone, locale)}
              </time>
              <span className={`${styles.pill} ${styles.status}`} data-status={u.statusClass}>
                <span className={styles.hidden}>{v.status}: </span>
                {termName(u.status, locale)}
              </span>
              {u.resolved && (
                <span className={`${styles.pill} ${styles.resolved}`} data-testid="update-resolved">
                  <StatusIcon icon="check" className={styles.icon} />
                  <span>{v.resolved}</span>
                </span>
              )}
            </div>
            {u.text && <div className={styles.body}>{safeHtml(u.text)}</div>}
          </li>
        ))}
      </ol>
    </section>
  )
}
