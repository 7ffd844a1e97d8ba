import { useMessages } from '../../widgets/core/i18n/react'
import { notConfiguredMessages } from './content/messages'
import { rich } from './content/rich'
import { TitledPage } from './TitledPage'

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
    <TitledPage name="not-configured" testId="not-configured" title={t.title}>
      <p>{t.text}</p>
      <p>
        {rich(t.operators, {
          link: <a href={`/sign-in?destination=${encodeURIComponent('/admin/dashboard')}`}>{t.signIn}</a>,
        })}
      </p>
    </TitledPage>
  )
}
