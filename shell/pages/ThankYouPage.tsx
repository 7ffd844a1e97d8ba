import * as styles from '../accounts/accounts.css'
import * as shell from '../shell.css'

/** Texts of the thank-you page (the first two quoted by the brief; the hint is ours). */
export const THANK_YOU = {
  done: 'Thank you! Your email address is verified and your sign-up is complete.',
  invalid: 'This verification link is invalid or has expired.',
  hint: 'Sign in and use the link in the banner at the top of the page to receive a new verification email.',
} as const

/**
 * Where the verification email's link leads (spec §2 Route table): sign-up complete, with a link
 * to the subscriptions page; `?status=invalid` when the link was refused.
 */
export default function ThankYouPage({ search }: { search: string }) {
  const invalid = new URLSearchParams(search).get('status') === 'invalid'
  return (
    <section className={styles.formPage} aria-labelledby="thank-you-title" data-testid="thank-you">
      <h1 className={shell.pageTitle} id="thank-you-title">
        {invalid ? 'Verification failed' : 'Thank You'}
      </h1>
      {invalid ? (
        <>
          <p className={styles.warningBox}>{THANK_YOU.invalid}</p>
          <p>
            {THANK_YOU.hint} <a href="/sign-in">Sign In</a>
          </p>
        </>
      ) : (
        <>
          <p className={styles.successBox}>{THANK_YOU.done}</p>
          <p>
            <a href="/subscribe">Manage your subscriptions</a>
          </p>
        </>
      )}
    </section>
  )
}
