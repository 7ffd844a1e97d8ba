import { useId } from 'react'
import type { PostData } from '../../contract/records'
import { useLocale, useMessages } from '../core/i18n/react'
import { safeHtml } from '../core/safe-html'
import { formatTimestamp } from '../../contract/time.js'
import * as styles from '../record-view/record-view.css'
import { postMessages } from './messages'
import * as post from './post.css'

/** Props of {@link Postmortem}. */
export interface PostmortemProps {
  /** The post's published postmortem (contract `PostData.postmortem`). */
  postmortem: NonNullable<PostData['postmortem']>
  /** IANA zone of the shown time. */
  timezone: string
  /** Level of the post's title; the postmortem's heading is one below it. */
  level: 1 | 2 | 3
  /** `part` name of its box. */
  part?: string
}

/**
 * A resolved incident's postmortem (docs/operating/console-and-desk.md#postmortems): a "Postmortem" section under its own
 * heading, its publishing time in `timezone`, and its text (server HTML through the allow-list of
 * `safeHtml`).
 */
export function Postmortem({ postmortem, timezone, level, part }: PostmortemProps) {
  const t = useMessages(postMessages)
  const locale = useLocale()
  const id = useId()
  const Tag = `h${level + 1}` as 'h2' | 'h3' | 'h4'
  return (
    <section className={`${styles.record} ${post.history}`} part={part} aria-labelledby={id} data-testid="post-postmortem">
      <Tag id={id} className={post.heading}>
        {t.postmortem}
      </Tag>
      <p className={post.when}>
        {t.postmortemPublished} <time dateTime={postmortem.published_at}>{formatTimestamp(postmortem.published_at, timezone, locale)}</time>
      </p>
      <div className={styles.body}>{safeHtml(postmortem.html)}</div>
    </section>
  )
}
