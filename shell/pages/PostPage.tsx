import { useStore } from '@nanostores/react'
import type { Cloud } from '../../contract/global'
import { $session } from '../../widgets/core/session'
import { Post } from '../../widgets/post/Post'
import { $router } from '../routes'

/**
 * A single post (`/{domain}/posts/{id}`) or notification (`/notification/{id}`,
 * `/{domain}/notification/{id}`), docs/requirements/screens.md#single-post. A notification's `url_redirect` that
 * stays on this origin moves in-app, replacing the history entry so Back does not bounce.
 */
export default function PostPage({ cloud, id, kind }: { cloud: Cloud; id: string; kind: 'post' | 'notification' }) {
  const { timezone } = useStore($session)
  return (
    <Post
      key={`${kind}|${id}|${cloud.machine_name}`}
      id={id}
      kind={kind}
      cloud={cloud.machine_name}
      timezone={timezone}
      onRedirect={(path) => $router.open(path, true)}
    />
  )
}
