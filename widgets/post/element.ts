import { createWidgetElement } from '../core/element'
import { PostWidget, type PostWidgetProps } from './Post'

/**
 * `<trust-post>`: one record or notification in full (spec §2 Single post), or 'Post not
 * available on this cloud.' / 'No records found.'.
 *
 * Attributes:
 * - `post-id` — the record id.
 * - `kind` — `post` (default, `GET /api/posts/{id}?cloud=`) | `notification` (`GET /api/notification/{id}/{cloud}`).
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API when embedded elsewhere (a notification's
 *   `url_redirect` is then not followed).
 * - `timezone` — IANA time zone for the shown times, overriding the session's (default UTC).
 *
 * Events: none. CSS parts: `root`. Custom properties: the theme's `--trust-*` properties.
 */
export const PostElement = createWidgetElement<PostWidgetProps>({
  component: PostWidget,
  attributes: { 'post-id': 'postId', kind: 'kind', cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})
