import type { Cloud } from '../../contract/global'
import { defaultPagePath } from '../../widgets/core/cloud'
import * as styles from '../shell.css'

/** The fallback page for any path the site does not know (spec §2 Route table). */
export function Fallback({ cloud }: { cloud: Cloud | null }) {
  return (
    <section aria-labelledby="fallback-title" data-testid="fallback">
      <h1 className={styles.pageTitle} id="fallback-title">
        Page not found
      </h1>
      <p>The page you are looking for does not exist or is not available yet.</p>
      <p>
        <a href={cloud ? defaultPagePath(cloud) : '/'}>Go to the {cloud ? `${cloud.title} ` : ''}status page</a>
      </p>
    </section>
  )
}
