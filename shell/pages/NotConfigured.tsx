import { useMessages } from '../../widgets/core/i18n/react'
import * as styles from '../shell.css'
import { notConfiguredMessages } from './content/messages'
import { rich } from './content/rich'

/**
 * What every path shows while the site has no catalogue: a production start on an empty database
 * seeds nothing of the demo, and `/api/global` answers an empty, valid document until the operator
 * imports one (`npm run catalog -- import FILE`) or fills it in the admin console, which the
 * operators reach through the sign-in link here. In the page's locale ('This trust site is not
 * configured yet' in English).
 */
export function NotConfigured() {
  const t = useMessages(notConfiguredMessages)
  return (
    <section aria-labelledby="not-configured-title" data-testid="not-configured">
      <h1 className={styles.pageTitle} id="not-configured-title">
        {t.title}
      </h1>
      <p>{t.text}</p>
      <p>
        {rich(t.operators, {
          link: <a href={`/sign-in?destination=${encodeURIComponent('/admin/dashboard')}`}>{t.signIn}</a>,
        })}
      </p>
    </section>
  )
}
