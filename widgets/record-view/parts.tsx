import { termName } from '../../contract/terms.js'
import { type HTMLAttributes, useId, type ReactNode } from 'react'
import { feedHref } from '../../contract/links'
import type { ListSeverity, PrivilegedRecord, RecordStatus } from '../../contract/records'
import { useLocale, useMessages } from '../core/i18n/react'
import { isSafeUrl, safeHtml } from '../core/safe-html'
import { formatTimestamp } from '../../contract/time.js'
import { RssIcon, SeverityIcon, StatusIcon } from './icons'
import { recordViewMessages } from './messages'
import { internalEntries, paginationWindow, severityKind, timeLabels, type PageItem } from './model'
import * as styles from './record-view.css'

/*
 * Building blocks shared by the record lists (`widgets/records`), the notification lists
 * (`widgets/notifications`) and the single post (`widgets/post`).
 */

/** A heading element of the given level (h1–h4), with the other attributes given. */
export function Heading({
  level,
  children,
  ...attributes
}: { level: 1 | 2 | 3 | 4; children: ReactNode } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${level}` as 'h1'
  return <Tag {...attributes}>{children}</Tag>
}

/**
 * The feed badges: RSS (docs/requirements/screens.md#route-table `/rss-feed/{name}`) and beside it Atom
 * (`/atom-feed/{name}`, the same feed); with `cloud`, the feeds of that cloud's records only
 * (lists of all clouds, e.g. URL category notifications, leave it out).
 */
export function RssBadge({ segment, apiBase = '', cloud }: { segment: string; apiBase?: string; cloud?: string }) {
  return (['rss', 'atom'] as const).map((format) => (
    <a key={format} className={styles.badge} href={feedHref(format, segment, apiBase, cloud)} data-testid={`${format}-link`}>
      <RssIcon className={styles.icon} />
      <span>{format === 'rss' ? 'RSS' : 'Atom'}</span>
    </a>
  ))
}

/** Props of {@link StatusFilter}. */
export interface StatusFilterProps {
  statuses: readonly RecordStatus[]
  /** Selected `RecordStatus.id`; '' = All Statuses. */
  value: string
  onChange: (status: string) => void
  disabled?: boolean
}

/** The labelled 'Status' dropdown: 'All Statuses' plus the answer's statuses (docs/requirements/screens.md). */
export function StatusFilter({ statuses, value, onChange, disabled }: StatusFilterProps) {
  const t = useMessages(recordViewMessages)
  const locale = useLocale()
  const id = useId()
  // A selected status missing from the answer (e.g. still loading) keeps an option so the
  // select shows it rather than silently jumping to All Statuses.
  const known = value === '' || statuses.some((s) => s.id === value)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t.status}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
        data-testid="status-filter"
      >
        <option value="">{t.all}</option>
        {!known && <option value={value}>{value}</option>}
        {statuses.map((s) => (
          <option key={s.id} value={s.id}>
            {termName(s.name, locale)}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** 1-based page shown. */
  current: number
  total: number
  onPage: (page: number) => void
  /** Accessible name of the navigation. @default 'Pagination' (in the subtree's locale) */
  label?: string
  /** `part` name of the `nav` (each widget names its parts in its own markup). */
  part?: string
}

/**
 * The pager (docs/requirements/states.md#pagination): a `nav` with First, Previous, up to 5 page numbers (with
 * ellipses), Next and Last, from {@link paginationWindow}. The current page is
 * `aria-current="page"`. Nothing for fewer than 2 pages.
 */
export function Pagination({ current, total, onPage, label, part }: PaginationProps) {
  const t = useMessages(recordViewMessages)
  const items = paginationWindow(current, total)
  if (!items.length) return null
  return (
    <nav className={styles.pager} part={part} aria-label={label ?? t.pager} data-testid="pagination">
      <ul className={styles.pagerList}>
        {items.map((item) => (
          <li key={itemKey(item)}>
            {item.kind === 'ellipsis' ? (
              <span className={styles.ellipsis} aria-hidden="true">
                …
              </span>
            ) : item.kind === 'page' ? (
              <button
                type="button"
                className={styles.pageButton}
                aria-current={item.current ? 'page' : undefined}
                aria-label={t.page({ page: item.page })}
                data-testid={`page-${item.page}`}
                onClick={() => !item.current && onPage(item.page)}
              >
                {item.page}
              </button>
            ) : (
              <button
                type="button"
                className={styles.pageButton}
                aria-label={t[`${item.kind}Page`]}
                disabled={item.disabled}
                data-testid={`page-${item.kind}`}
                onClick={() => onPage(item.page)}
              >
                {t[item.kind]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

function itemKey(item: PageItem): string {
  return item.kind === 'ellipsis' ? `e-${item.key}` : item.kind === 'page' ? `p-${item.page}` : item.kind
}

/** Props of {@link RecordArticle}. */
export interface RecordArticleProps {
  /** The record; its internal-use fields (a privileged viewer's answer) show in the 'Internal use only' block. */
  record: PrivilegedRecord
  /** The list's severities (names by `severityId`); none for notifications. */
  severities?: readonly ListSeverity[]
  /** The list's statuses (icons by `statusId` or name). */
  statuses?: readonly RecordStatus[]
  timezone: string
  /** Link of the title; plain text when absent (the post page itself). */
  href?: string
  /** Heading level of the title. @default 3 */
  level?: 1 | 2 | 3 | 4
  /** Show `body` (the post) instead of `summary` (lists). @default false */
  full?: boolean
  /** `part` name of the `article` (each widget names its parts in its own markup). */
  part?: string
  /** Shown under the title's tags: what a page adds to a record (the site's advisory key facts). */
  children?: ReactNode
}

/** An HTML field through the allow-list sanitiser, under a small heading. */
function HtmlSection({ title, html, testId }: { title: string; html: string | null | undefined; testId: string }) {
  if (!html?.trim()) return null
  return (
    <div className={styles.section} data-testid={testId}>
      <p className={styles.sectionTitle}>{title}</p>
      <div className={styles.body} dir="auto">
        {safeHtml(html)}
      </div>
    </div>
  )
}

/**
 * One record (docs/requirements/screens.md lists and Single post, docs/requirements/entities.md#record): title (linked to its post), severity
 * with its icon and name, status with its icon and name, the resolved-update marker, times in
 * `timezone` (docs/requirements/constants.md format), summary or body, customer impact and workaround (all server HTML
 * through `safeHtml`), data centers, and the 'Internal use only' block whenever any internal
 * field is present.
 */
export function RecordArticle({
  record,
  severities = [],
  statuses = [],
  timezone,
  href,
  level = 3,
  full = false,
  part,
  children,
}: RecordArticleProps) {
  const t = useMessages(recordViewMessages)
  const locale = useLocale()
  const titleId = useId()
  const severity = record.severityId ? severities.find((s) => s.tid === record.severityId) : undefined
  const kind = severityKind(record.severityId)
  const status = statuses.find((s) => s.id === record.statusId) ?? statuses.find((s) => s.name === record.status)
  const labels = timeLabels(record.type, locale)
  const internal = internalEntries(record, locale)
  return (
    <article className={styles.record} part={part} aria-labelledby={titleId} data-testid="record" data-record-id={record.id}>
      <Heading level={level} id={titleId} className={styles.recordTitle}>
        {href ? (
          <a href={href} data-testid="record-link">
            {record.title}
          </a>
        ) : (
          record.title
        )}
      </Heading>
      <div className={styles.tags}>
        {severity && (
          <span className={`${styles.pill} ${styles.severity[kind]}`} data-testid="record-severity" data-kind={kind}>
            <SeverityIcon kind={kind} className={styles.icon} />
            <span>{termName(severity.name, locale)}</span>
          </span>
        )}
        {record.status && (
          <span className={`${styles.pill} ${styles.status}`} data-testid="record-status" data-status={status?.class}>
            <StatusIcon icon={status?.icon ?? ''} className={styles.icon} />
            <span>
              <span className={styles.hidden}>{t.status}: </span>
              {termName(record.status, locale)}
            </span>
          </span>
        )}
        {record.event_type && (
          <span className={styles.pill} data-testid="record-event-type">
            {termName(record.event_type, locale)}
          </span>
        )}
        {record.resolved && (
          <span className={`${styles.pill} ${styles.resolved}`} data-testid="resolved-marker">
            <StatusIcon icon="check" className={styles.icon} />
            <span>{t.resolved}</span>
          </span>
        )}
      </div>
      {children}
      <dl className={styles.meta}>
        {record.fromTime && (
          <>
            <dt>{labels.from}</dt>
            <dd>{formatTimestamp(record.fromTime, timezone, locale)}</dd>
          </>
        )}
        {record.fromTime && record.type !== 'notification' && (
          <>
            <dt>{labels.to}</dt>
            <dd>{record.toTime ? formatTimestamp(record.toTime, timezone, locale) : t.ongoing}</dd>
          </>
        )}
        {record.posted_on && (
          <>
            <dt>{t.posted}</dt>
            <dd>{formatTimestamp(record.posted_on, timezone, locale)}</dd>
          </>
        )}
        {record.updated_on && record.updated_on !== record.posted_on && (
          <>
            <dt>{t.updated}</dt>
            <dd>{formatTimestamp(record.updated_on, timezone, locale)}</dd>
          </>
        )}
        {record.clusters.length > 0 && (
          <>
            <dt>{t.dcs}</dt>
            <dd>{record.clusters.join(', ')}</dd>
          </>
        )}
        {record.categories && record.categories.length > 0 && (
          <>
            <dt>{t.cats}</dt>
            <dd>{record.categories.join(', ')}</dd>
          </>
        )}
      </dl>
      {/* The vendor's text keeps its own direction on a page in another script (docs/decisions/0071-right-to-left-and-what-stays-left-to-right.md). */}
      <div className={styles.body} data-testid="record-body" dir="auto">
        {safeHtml(full ? record.body || record.summary : record.summary || record.body)}
      </div>
      <HtmlSection title={t.impact} html={record.customer_impact} testId="customer-impact" />
      <HtmlSection title={t.fix} html={record.available_workaround} testId="workaround" />
      {internal.length > 0 && (
        <section className={styles.internal} aria-label={t.internal} data-testid="internal-block">
          <p className={styles.sectionTitle}>{t.internal}</p>
          <dl className={styles.meta}>
            {internal.map((e) => (
              <InternalRow key={e.field} label={e.label} value={e.value} link={e.link} />
            ))}
          </dl>
        </section>
      )}
    </article>
  )
}

function InternalRow({ label, value, link }: { label: string; value: string; link: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {link && isSafeUrl(value) ? (
          <a href={value} target="_blank" rel="noopener noreferrer">
            {value}
          </a>
        ) : link ? (
          value
        ) : (
          safeHtml(value)
        )}
      </dd>
    </>
  )
}
