import { useId, useState } from 'react'
import { browserStorage, readConsent, saveConsent, type ConsentChoice, type ConsentStorage } from './consent'
import * as styles from './consent.css'
import { useMessages } from '../widgets/core/i18n/react'
import { shellMessages } from './messages'

/** The banner's text in English (ours; the spec names only the banner's domain id). */
export const CONSENT_TEXT = shellMessages.base.consentText

/** Props of {@link CookieConsent}. */
export interface CookieConsentProps {
  /** The variant's cookie-consent domain id (`links.cookie_consent_id` of /api/global). */
  domainId: string
  /** Where the choice is kept; `localStorage` by default. */
  storage?: ConsentStorage
  /** Called after a choice (e.g. to move focus). */
  onChoice?: (choice: ConsentChoice) => void
}

/**
 * The first-visit cookie-consent banner (docs/requirements/product.md Variants): a labelled region in the page flow
 * above the header with the text, a link to the cookie policy and Accept / Reject buttons. The
 * choice is stored first-party for the variant's domain id (carried as `data-domain-id`) and the
 * banner goes away; no third-party script is loaded. Rendered in the flow, it never covers content.
 */
export function CookieConsent({ domainId, storage = browserStorage(), onChoice }: CookieConsentProps) {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => readConsent(storage, domainId))
  const titleId = useId()
  const t = useMessages(shellMessages)
  if (choice) return null
  const choose = (value: ConsentChoice) => {
    saveConsent(storage, value, domainId)
    setChoice(value)
    onChoice?.(value)
  }
  return (
    <section className={styles.banner} aria-labelledby={titleId} data-domain-id={domainId} data-testid="cookie-consent">
      <div className={styles.inner}>
        <p className={styles.text}>
          <strong className={styles.title} id={titleId}>
            {t.consentTitle}
          </strong>
          {t.consentText} {t.consentRead}{' '}
          <a className={styles.link} href="/privacy-compliance/cookie-policy">
            {t.cookiePolicy}
          </a>
          .
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.accept} onClick={() => choose('accepted')}>
            {t.accept}
          </button>
          <button type="button" className={styles.reject} onClick={() => choose('rejected')}>
            {t.reject}
          </button>
        </div>
      </div>
    </section>
  )
}
