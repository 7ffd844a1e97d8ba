import * as styles from '../shell.css'

/** The sentence every page shows while the site has no catalogue (no cloud to show). */
export const NOT_CONFIGURED = 'This trust site is not configured yet'

/**
 * What every path shows while the site has no catalogue: a production start on an empty database
 * seeds nothing of the demo, and `/api/global` answers an empty, valid document until the operator
 * imports one (`npm run catalog -- import FILE`) or fills it in the admin console, which the
 * operators reach through the sign-in link here.
 */
export function NotConfigured() {
  return (
    <section aria-labelledby="not-configured-title" data-testid="not-configured">
      <h1 className={styles.pageTitle} id="not-configured-title">
        {NOT_CONFIGURED}
      </h1>
      <p>Its operator has not set up the products, clouds and data centers it reports on. Please check back later.</p>
      <p>
        Operators: <a href={`/sign-in?destination=${encodeURIComponent('/admin/dashboard')}`}>sign in to the admin console</a> to set it up.
      </p>
    </section>
  )
}
