import { type ReactNode, useEffect } from 'react'
import { trimBase } from '../../contract/links'
import type { PrivilegedPostData } from '../../contract/records'
import type { HostProps } from '../core/element'
import { useMessages } from '../core/i18n/react'
import { useResource, useWidgetContext } from '../core/react'
import { redirectFromRecord } from '../core/redirect'
import { LoadState } from '../core/ui'
import { RecordArticle } from '../record-view/parts'
import * as styles from '../record-view/record-view.css'
import { fetchPost, type PostKind } from './api'
import { postMessages } from './messages'
import { Postmortem } from './Postmortem'
import { Updates } from './Updates'

/** Props of {@link Post}. */
export interface PostProps {
  /** Record id from the route (`/posts/{id}`, `/notification/{id}`). */
  id: string | number
  /** Record post or notification. @default 'post' */
  kind?: PostKind
  /** Cloud machine name. */
  cloud: string
  /** IANA zone for times. @default 'UTC' */
  timezone?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** Level of the title. @default 1 */
  headingLevel?: 1 | 2 | 3
  /**
   * Called with a same-origin path (`/{url_redirect}`) when a notification says to go elsewhere
   * (docs/requirements/screens.md#route-table). Without it the widget navigates itself, and only when it runs on the
   * trust site (no `apiBase`). Unsafe targets (other origins, `//host`, `/\host`, schemes) are
   * never followed; the notification is shown instead.
   */
  onRedirect?: (path: string) => void
  /** What a page adds to the loaded record: `head` under the title's tags, `tail` after the record (the site's advisory details). */
  head?: (record: PrivilegedPostData) => ReactNode
  tail?: (record: PrivilegedPostData) => ReactNode
}

/**
 * The single post page's content (docs/requirements/screens.md#single-post, docs/requirements/errors.md): the record in full (title, severity,
 * status, resolved-update marker, times, body, customer impact, workaround, internal-use block)
 * and its update history (newest first, {@link Updates}),
 * or 'Post not available on this cloud.' (`not_on_cloud`) / 'No records found.' (`not_found`).
 * Other failures show an error with Retry. A notification with a safe `url_redirect` redirects.
 */
export function Post({ id, kind = 'post', cloud, timezone = 'UTC', apiBase = '', headingLevel = 1, onRedirect, head, tail }: PostProps) {
  const t = useMessages(postMessages)
  const state = useResource((signal) => fetchPost({ kind, id, cloud, apiBase, signal }), [kind, id, cloud, apiBase])
  const result = state.status === 'ready' ? state.data : undefined
  const redirect = result?.kind === 'record' && kind === 'notification' ? redirectFromRecord(result.record.url_redirect) : undefined
  const follows = redirect !== undefined && (onRedirect !== undefined || !apiBase)
  useEffect(() => {
    if (!redirect || !follows) return
    if (onRedirect) onRedirect(redirect)
    else location.assign(redirect)
  }, [redirect, follows, onRedirect])
  return (
    <section className={styles.root} aria-label={t[kind]} data-testid="post">
      <LoadState state={state} loadingLabel={t.loading}>
        {(data) =>
          data.kind === 'missing' ? (
            <p className={styles.empty} role="status" data-testid="post-missing" data-code={data.code}>
              {t[data.code === 'not_on_cloud' ? 'notOnCloud' : 'notFound']}
            </p>
          ) : follows ? (
            <p className={styles.note} role="status" data-testid="post-redirecting">
              {t.redirecting}
            </p>
          ) : (
            <>
              <RecordArticle
                part="article"
                record={data.record}
                severities={data.record.severity ? [data.record.severity] : []}
                statuses={[data.record.statusDetail]}
                timezone={timezone}
                level={headingLevel}
                full
              >
                {head?.(data.record)}
              </RecordArticle>
              {tail?.(data.record)}
              {data.record.postmortem && (
                <Postmortem part="postmortem" postmortem={data.record.postmortem} timezone={timezone} level={headingLevel} />
              )}
              <Updates part="updates" updates={data.record.updates ?? []} timezone={timezone} level={headingLevel} />
            </>
          )
        }
      </LoadState>
    </section>
  )
}

/** Props of {@link PostWidget} (and attributes of `<trust-post>`). */
export interface PostWidgetProps extends HostProps {
  /** Record id. */
  postId?: string
  /** `post` (default) | `notification`. */
  kind?: string
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  apiBase?: string
  timezone?: string
}

/** `<trust-post>`'s component: resolves the cloud and zone, then renders {@link Post}. */
export function PostWidget({ postId, kind, cloud, apiBase = '', timezone }: PostWidgetProps) {
  const t = useMessages(postMessages)
  const ctx = useWidgetContext(cloud, apiBase, timezone)
  if (!ctx.key || !postId) {
    return (
      <section className={styles.root} aria-label={t.post}>
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </section>
    )
  }
  return (
    <Post
      id={postId}
      kind={kind === 'notification' ? 'notification' : 'post'}
      cloud={ctx.cloud!}
      timezone={ctx.timezone}
      apiBase={trimBase(apiBase)}
    />
  )
}
