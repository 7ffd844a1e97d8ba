import { useStore } from '@nanostores/react'
import type { Cloud } from '../../contract/global'
import type { PrivilegedPostData } from '../../contract/records'
import { $session } from '../../widgets/core/session'
import { Post } from '../../widgets/post/Post'
import { $router } from '../routes'
import { parseAdvisory } from './advisories/model'
import { AdvisoryFacts, AdvisorySecurityDetails } from './advisories/parts'

/** The checked security details of an advisory post, once per answer. */
const details = new WeakMap<PrivilegedPostData, ReturnType<typeof parseAdvisory>>()
function advisoryOf(record: PrivilegedPostData) {
  if (!details.has(record)) details.set(record, record.type === 'advisory' ? parseAdvisory(record.advisory) : null)
  return details.get(record) ?? null
}

/**
 * A single post (`/{domain}/posts/{id}`) or notification (`/notification/{id}`,
 * `/{domain}/notification/{id}`), docs/requirements/screens.md#single-post. A notification's `url_redirect` that
 * stays on this origin moves in-app, replacing the history entry so Back does not bounce. An
 * advisory with security details shows its key facts under the title and its details after the
 * record (docs/operating/security-advisories.md#the-public-pages).
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
      head={(record) => {
        const advisory = advisoryOf(record)
        return advisory && <AdvisoryFacts details={advisory} />
      }}
      tail={(record) => {
        const advisory = advisoryOf(record)
        return advisory && <AdvisorySecurityDetails details={advisory} vexHref={`/${cloud.domain}/vex`} timezone={timezone} level={1} />
      }}
    />
  )
}
