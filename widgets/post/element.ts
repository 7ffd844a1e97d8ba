import { createWidgetElement } from '../core/element'
import { PostWidget, type PostWidgetProps } from './Post'

/**
 * `<trust-post>`: one record or notification in full (docs/requirements/screens.md#single-post), or 'Post not
 * available on this cloud.' / 'No records found.'. Fires no events.
 *
 * @element trust-post
 * @attr {string} post-id - The record id.
 * @attr {"post" | "notification"} [kind=post] - `post` loads `GET /api/posts/{id}?cloud=`,
 * `notification` loads `GET /api/notification/{id}/{cloud}`.
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API when embedded elsewhere (a
 * notification's `url_redirect` is then not followed).
 * @attr {string} [timezone=UTC] - IANA time zone for the shown times, overriding the session's.
 * @csspart root - The widget's outer box.
 * @csspart article - The record or notification.
 * @csspart postmortem - A resolved incident's published postmortem (absent when it has none).
 * @csspart updates - The record's update history (absent when it has none).
 */
export const PostElement = createWidgetElement<PostWidgetProps>({
  component: PostWidget,
  attributes: { 'post-id': 'postId', kind: 'kind', cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})

declare global {
  interface HTMLElementTagNameMap {
    'trust-post': InstanceType<typeof PostElement>
  }
}
