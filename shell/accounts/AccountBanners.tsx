import { useStore } from '@nanostores/react'
import { fieldValue, resendVerification } from './account'
import { $session } from '../../widgets/core/session'
import * as styles from './accounts.css'
import { useMessages } from '../../widgets/core/i18n/react'
import { accountMessages } from './messages'

/**
 * The banners under the header (docs/requirements/screens.md#header-and-menus): a warning while the signed-in
 * account is not verified, whose 'here' button resends the verification email, and a success
 * banner with the resend answer for 10 seconds.
 */
export function AccountBanners({ hidden = false }: { hidden?: boolean }) {
  const session = useStore($session)
  const t = useMessages(accountMessages)
  if (hidden) return null
  const verified = session.apiData ? fieldValue(session.apiData.user.verified, true) : true
  const unverified = session.isLoggedIn && session.apiData !== null && verified === false
  if (!unverified && !session.resendMessage) return null
  return (
    <div className={styles.banners}>
      {unverified && (
        <p className={styles.warningBox} data-testid="verify-banner">
          {t.verifyBefore}{' '}
          <button type="button" className={styles.inlineButton} onClick={() => void resendVerification()}>
            {t.verifyHere}
          </button>{' '}
          {t.verifyAfter}
        </p>
      )}
      {session.resendMessage && (
        <p className={styles.successBox} role="status" data-testid="resend-message">
          {session.resendMessage}
        </p>
      )}
    </div>
  )
}
