import type { Cloud } from '../../contract/global'
import { defaultPagePath } from '../../widgets/core/cloud'
import { useMessages } from '../../widgets/core/i18n/react'
import * as styles from '../shell.css'
import { fallbackMessages } from './content/messages'

/** The fallback page for any path the site does not know (spec §2 Route table), in the page's locale. */
export function Fallback({ cloud }: { cloud: Cloud | null }) {
  const t = useMessages(fallbackMessages)
  return (
    <section aria-labelledby="fallback-title" data-testid="fallback">
      <h1 className={styles.pageTitle} id="fallback-title">
        {t.title}
      </h1>
      <p>{t.text}</p>
      <p>
        <a href={cloud ? defaultPagePath(cloud) : '/'}>{cloud ? t.home({ cloud: cloud.title }) : t.homeAny}</a>
      </p>
    </section>
  )
}
