import * as styles from '../accounts/accounts.css'
import * as shell from '../shell.css'
import { useMessages } from '../../widgets/core/i18n/react'
import { accountPageMessages, thankYouMessages } from './account/messages'

/** Texts of the thank-you page in English (the first two quoted by the brief; the hint is ours); the page shows them in its language. */
export const THANK_YOU = {
  done: thankYouMessages.base.done,
  invalid: thankYouMessages.base.invalid,
  hint: thankYouMessages.base.hint,
} as const

/**
 * Where the verification email's link leads (spec §2 Route table): sign-up complete, with a link
 * to the subscriptions page; `?status=invalid` when the link was refused.
 */
export default function ThankYouPage({ search }: { search: string }) {
  const invalid = new URLSearchParams(search).get('status') === 'invalid'
  const t = useMessages(thankYouMessages)
  const common = useMessages(accountPageMessages)
  return (
    <section className={styles.formPage} aria-labelledby="thank-you-title" data-testid="thank-you">
      <h1 className={shell.pageTitle} id="thank-you-title">
        {invalid ? t.failedTitle : t.title}
      </h1>
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
    </section>
  )
}
