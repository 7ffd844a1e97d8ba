import { useId, useReducer, useRef } from 'react'
import { notificationHref, trimBase } from '../../contract/links'
import type { NotificationType, PrivilegedNotificationListData } from '../../contract/records'
import type { HostProps } from '../core/element'
import { useMessages } from '../core/i18n/react'
import { useResource, useWidgetContext } from '../core/react'
import { LoadState } from '../core/ui'
import { recordViewMessages } from '../record-view/messages'
import { filtersReducer, INITIAL_FILTERS } from '../record-view/model'
import { Heading, Pagination, RecordArticle, RssBadge, StatusFilter } from '../record-view/parts'
import * as styles from '../record-view/record-view.css'
import { fetchNotifications } from './api'
import { notificationsMessages } from './messages'
import { apiPage, NOTIFICATION_HEADINGS, notificationType, shownPage } from './model'

/** Props of {@link Notifications}. */
export interface NotificationsProps {
  /** Which notification list (docs/requirements/calls.md `notification_type`). */
  type: NotificationType
  /** Cloud machine name; sent to the API only for `cloud_app`. */
  cloud?: string
  /** When set, record links are `/{cloudDomain}/notification/{id}`; otherwise `/notification/{id}`. */
  cloudDomain?: string
  /** IANA zone for times. @default 'UTC' */
  timezone?: string
  /** Origin of the API, feed and record links on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** Level of the heading. @default 2 */
  headingLevel?: 1 | 2 | 3
}

/**
 * A notification list page's content (docs/requirements/screens.md#notification-list-page, docs/requirements/entities.md#notification-list, docs/requirements/errors.md):
 * the type's heading with its RSS badge, the 'Status' filter (All Statuses plus the answer's
 * statuses; a change reloads the first page), the notifications, pagination, and the empty
 * state 'There are no records.'. Loads `GET /api/notifications` with ZERO-based pages (the pager
 * shows them 1-based). A new `type` or `cloud` starts again from All Statuses, page 1.
 */
export function Notifications(props: NotificationsProps) {
  return <NotificationsView key={`${props.type}|${props.type === 'cloud_app' ? props.cloud : ''}`} {...props} />
}

function NotificationsView({ type, cloud = '', cloudDomain = '', timezone = 'UTC', apiBase = '', headingLevel = 2 }: NotificationsProps) {
  const t = useMessages(notificationsMessages)
  const v = useMessages(recordViewMessages)
  const [filters, dispatch] = useReducer(filtersReducer, INITIAL_FILTERS)
  const list = useResource(
    (signal) => fetchNotifications({ type, cloud, status: filters.status, page: apiPage(filters.page), apiBase, signal }),
    [type, cloud, filters.status, filters.page, apiBase],
  )
  const last = useRef<PrivilegedNotificationListData | undefined>(undefined)
  if (list.data) last.current = list.data
  const shown = list.status === 'loading' && !list.data && last.current ? { ...list, data: last.current } : list
  const headingId = useId()
  const heading = t[NOTIFICATION_HEADINGS[type]]
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="notifications" data-type={type}>
      <div className={styles.header}>
        <Heading level={headingLevel} id={headingId} className={styles.heading}>
          {heading}
        </Heading>
        <RssBadge segment={type} apiBase={apiBase} cloud={type === 'cloud_app' && cloud ? cloud : undefined} />
      </div>
      <div className={styles.toolbar} part="filters">
        <StatusFilter
          statuses={last.current?.statuses ?? []}
          value={filters.status}
          onChange={(status) => dispatch({ type: 'status', status })}
        />
      </div>
      <LoadState state={shown} loadingLabel={t.loading}>
        {(data) => (
          <div aria-busy={shown !== list} data-testid="notifications-content">
            {data.records.length === 0 ? (
              <p className={styles.empty} role="status" data-testid="notifications-empty">
                {t.empty}
              </p>
            ) : (
              <ul
                className={styles.list}
                part="list"
                aria-label={v.ofPages({ list: heading, page: shownPage(data.currentPage), total: Math.max(1, data.totalPages) })}
              >
                {data.records.map((record) => (
                  <li key={record.id} part="item">
                    <RecordArticle
                      part="article"
                      record={record}
                      statuses={data.statuses}
                      timezone={timezone}
                      href={notificationHref(record.id, cloudDomain, apiBase)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              part="pager"
              current={shownPage(data.currentPage)}
              total={data.totalPages}
              onPage={(page) => dispatch({ type: 'page', page })}
              label={v.pages({ list: heading })}
            />
          </div>
        )}
      </LoadState>
    </section>
  )
}

/** Props of {@link NotificationsWidget} (and attributes of `<trust-notifications>`). */
export interface NotificationsWidgetProps extends HostProps {
  /** `url_change_notification` (default) | `cloud_app` | `privacy_notification`. */
  type?: string
  /** Cloud machine name or domain (used by `cloud_app`); the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** IANA zone overriding the session's (invalid zones are ignored). */
  timezone?: string
}

/**
 * `<trust-notifications>`'s component: the list type from `type`, the cloud (attribute or the
 * page's choice; needed by `cloud_app` only) and the session's time zone, then
 * {@link Notifications}.
 */
export function NotificationsWidget({ type, cloud, apiBase = '', timezone }: NotificationsWidgetProps) {
  const t = useMessages(notificationsMessages)
  const listType = notificationType(type)
  const ctx = useWidgetContext(cloud, apiBase, timezone)
  if (listType === 'cloud_app' && !ctx.key) {
    return (
      <section className={styles.root} aria-label={t[NOTIFICATION_HEADINGS[listType]]}>
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </section>
    )
  }
  return <Notifications type={listType} cloud={ctx.cloud} timezone={ctx.timezone} apiBase={trimBase(apiBase)} />
}
