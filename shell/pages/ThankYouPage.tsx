import * as styles from '../accounts/accounts.css'
import { useMessages } from '../../widgets/core/i18n/react'
import { AccountPage } from './account/AccountPage'
import { accountPageMessages, thankYouMessages } from './account/messages'

/** Texts of the thank-you page in English (the first two quoted by the brief; the hint is ours); the page shows them in its language. */
export const THANK_YOU = {
  done: thankYouMessages.base.done,
  invalid: thankYouMessages.base.invalid,
  hint: thankYouMessages.base.hint,
} as const

/**
 * Where the verification email's link leads (docs/requirements/screens.md#route-table): sign-up complete, with a link
 * to the subscriptions page; `?status=invalid` when the link was refused.
 */
export default function ThankYouPage({ search }: { search: string }) {
  const invalid = new URLSearchParams(search).get('status') === 'invalid'
  const t = useMessages(thankYouMessages)
  const common = useMessages(accountPageMessages)
  return (
    <AccountPage name="thank-you" title={invalid ? t.failedTitle : t.title}>
      {invalid ? (
        <>
          <p className={styles.warningBox}>{t.invalid}</p>
          <p>
            {t.hint} <a href="/sign-in">{common.signIn}</a>
          </p>
        </>
      ) : (
        <>
          <p className={styles.successBox}>{t.done}</p>
          <p>
            <a href="/subscribe">{t.manage}</a>
          </p>
        </>
      )}
    </AccountPage>
  )
}
