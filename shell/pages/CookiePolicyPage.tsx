import { COOKIE } from '../../widgets/core/cookies'
import { SESSION_COOKIE } from '../../contract/constants'
import { LANG_COOKIE } from '../../contract/locale'
import { THEME_COOKIE } from '../../contract/theme'
import { useMessages } from '../../widgets/core/i18n/react'
import * as shell from '../shell.css'
import { TIMEZONE_COOKIE } from '../timezone/choice'
import { cookiePolicyMessages } from './content/messages'
import { rich } from './content/rich'
import * as styles from './cookie-policy.css'

type Key = keyof typeof cookiePolicyMessages.base

/** One cookie the site sets (docs/requirements/entities.md#cookies, docs/requirements/constants.md: token and cloud cookies live 86 400 s); texts are message keys. */
interface CookieRow {
  name: string
  purpose: Key
  lifetime: Key
  kind: Key
}

/** The cookies of the trust site, as set by `widgets/core` and the server (texts by their key in `cookiePolicyMessages`). */
export const SITE_COOKIES: readonly CookieRow[] = [
  { name: COOKIE.machineName, purpose: 'purposeCloud', lifetime: 'day', kind: 'necessary' },
  { name: TIMEZONE_COOKIE, purpose: 'purposeTimezone', lifetime: 'year', kind: 'chosen' },
  { name: THEME_COOKIE, purpose: 'purposeTheme', lifetime: 'year', kind: 'chosen' },
  { name: LANG_COOKIE, purpose: 'purposeLanguage', lifetime: 'year', kind: 'chosen' },
  { name: SESSION_COOKIE, purpose: 'purposeSession', lifetime: 'untilSignOut', kind: 'necessary' },
  { name: COOKIE.csrfToken, purpose: 'purposeCsrf', lifetime: 'day', kind: 'necessary' },
  { name: COOKIE.logoutToken, purpose: 'purposeLogout', lifetime: 'day', kind: 'necessary' },
  { name: COOKIE.securityString, purpose: 'purposeSecurity', lifetime: 'day', kind: 'necessary' },
  { name: COOKIE.sessionTimeout, purpose: 'purposeTimeout', lifetime: 'day', kind: 'necessary' },
]

const code = (name: string) => <code>{name}</code>

/**
 * Static cookie policy (docs/requirements/screens.md#route-table `/privacy-compliance/cookie-policy`), in the page's
 * locale: which cookies the site sets, why and for how long, and how the cookie-consent banner
 * works.
 */
export default function CookiePolicyPage() {
  const t = useMessages(cookiePolicyMessages)
  const text = (key: Key) => t[key] as string
  return (
    <section className={styles.policy} aria-labelledby="cookie-policy-title" data-testid="cookie-policy">
      <h1 className={shell.pageTitle} id="cookie-policy-title">
        {t.title}
      </h1>
      <p>{t.intro}</p>

      <h2>{t.setHeading}</h2>
      <p>{t.setText}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="cookie-table">
          <caption>{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.purpose}</th>
              <th scope="col">{t.lifetime}</th>
              <th scope="col">{t.category}</th>
            </tr>
          </thead>
          <tbody>
            {SITE_COOKIES.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td data-label={t.purpose}>{text(c.purpose)}</td>
                <td data-label={t.lifetime}>{text(c.lifetime)}</td>
                <td data-label={t.category}>{text(c.kind)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        {rich(t.signInText, {
          session: code(SESSION_COOKIE),
          csrf: code(COOKIE.csrfToken),
          logout: code(COOKIE.logoutToken),
          security: code(COOKIE.securityString),
          timeout: code(COOKIE.sessionTimeout),
          cloud: code(COOKIE.machineName),
          timezone: code(TIMEZONE_COOKIE),
          theme: code(THEME_COOKIE),
          language: code(LANG_COOKIE),
        })}
      </p>

      <h2>{t.bannerHeading}</h2>
      <p>{t.bannerText}</p>

      <h2>{t.widgetsHeading}</h2>
      <p>{t.widgetsText}</p>

      <h2>{t.manageHeading}</h2>
      <p>{t.manageText}</p>

      <h2>{t.contactHeading}</h2>
      <p>{t.contactText}</p>
      <p className={shell.note}>{t.updated}</p>
    </section>
  )
}
