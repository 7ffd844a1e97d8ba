import { COOKIE } from '../../widgets/core/cookies'
import { SESSION_COOKIE } from '../../contract/constants'
import { THEME_COOKIE } from '../../contract/theme'
import * as shell from '../shell.css'
import { TIMEZONE_COOKIE } from '../timezone/choice'
import * as styles from './cookie-policy.css'

/** One cookie the site sets (spec §3 Cookies, §9: token and cloud cookies live 86 400 s). */
interface CookieRow {
  name: string
  purpose: string
  lifetime: string
  kind: string
}

/** The cookies of the trust site, as set by `widgets/core` and the server. */
export const SITE_COOKIES: readonly CookieRow[] = [
  {
    name: COOKIE.machineName,
    purpose: 'Remembers the cloud you selected, so every page shows that cloud.',
    lifetime: '1 day (86,400 seconds)',
    kind: 'Strictly necessary',
  },
  {
    name: TIMEZONE_COOKIE,
    purpose: 'Remembers the time zone you chose in the Time zone picker, so every time is shown in it. Set only when you choose one.',
    lifetime: '1 year',
    kind: 'Strictly necessary (a setting you chose)',
  },
  {
    name: THEME_COOKIE,
    purpose: 'Remembers the colour theme you chose in the header (light, dark or your system setting). Set only when you choose one.',
    lifetime: '1 year',
    kind: 'Strictly necessary (a setting you chose)',
  },
  {
    name: SESSION_COOKIE,
    purpose: 'Keeps you signed in. HttpOnly: scripts on the page cannot read it.',
    lifetime: '1 day, or until you sign out',
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.csrfToken,
    purpose: 'Protects your changes (subscriptions, settings) against cross-site request forgery.',
    lifetime: '1 day (86,400 seconds)',
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.logoutToken,
    purpose: 'Lets the site sign you out securely.',
    lifetime: '1 day (86,400 seconds)',
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.securityString,
    purpose: 'Ties the signed-in browser to its session.',
    lifetime: '1 day (86,400 seconds)',
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.sessionTimeout,
    purpose: 'Records when your session expires, so the site can sign you out after 2 hours without activity.',
    lifetime: '1 day (86,400 seconds)',
    kind: 'Strictly necessary',
  },
]

/**
 * Static cookie policy (spec §2 Route table `/privacy-compliance/cookie-policy`): which cookies
 * the site sets, why and for how long, and how the cookie-consent banner works.
 */
export default function CookiePolicyPage() {
  return (
    <section className={styles.policy} aria-labelledby="cookie-policy-title" data-testid="cookie-policy">
      <h1 className={shell.pageTitle} id="cookie-policy-title">
        Cookie Policy
      </h1>
      <p>
        This policy explains how the trust and service-status site uses cookies and similar technologies. Cookies are small text files a
        website stores in your browser. We keep them to the minimum the site needs to work.
      </p>

      <h2>Cookies we set</h2>
      <p>
        All cookies are first-party: they are set by this site and sent only to it. We do not use advertising cookies, and we do not sell or
        share cookie data.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="cookie-table">
          <caption>Cookies set by this site</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lifetime</th>
              <th scope="col">Category</th>
            </tr>
          </thead>
          <tbody>
            {SITE_COOKIES.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td data-label="Purpose">{c.purpose}</td>
                <td data-label="Lifetime">{c.lifetime}</td>
                <td data-label="Category">{c.kind}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        The sign-in cookies (<code>{SESSION_COOKIE}</code>, <code>{COOKIE.csrfToken}</code>, <code>{COOKIE.logoutToken}</code>,{' '}
        <code>{COOKIE.securityString}</code> and <code>{COOKIE.sessionTimeout}</code>) exist only while you are signed in and are removed
        when you sign out. Visitors who never sign in receive only <code>{COOKIE.machineName}</code>, <code>{TIMEZONE_COOKIE}</code> once
        they choose a time zone and <code>{THEME_COOKIE}</code> if they choose a theme.
      </p>

      <h2>The cookie-consent banner</h2>
      <p>
        On your first visit a banner at the top of the page asks whether you accept optional cookies. Your choice is stored in your
        browser&apos;s local storage, not in a cookie, and the banner does not appear again until you clear your browser data. Strictly
        necessary cookies are set whatever you choose, because the site cannot work without them. The government site keeps its own consent
        choice.
      </p>

      <h2>Embedded widgets</h2>
      <p>
        Partner pages may embed our status widgets. Those widgets read public data without cookies and set no cookies on the partner&apos;s
        site.
      </p>

      <h2>Managing cookies</h2>
      <p>
        You can delete or block cookies in your browser settings. If you block strictly necessary cookies you can still read the status
        pages, but you cannot sign in or manage subscriptions, and the site will not remember your cloud.
      </p>

      <h2>Contact</h2>
      <p>Questions about this policy? Use the feedback address in the footer of every page.</p>
      <p className={shell.note}>Last updated: 1 November 2026.</p>
    </section>
  )
}
