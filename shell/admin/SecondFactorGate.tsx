import { useStore } from '@nanostores/react'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { signOut } from '../accounts/account'
import * as accountStyles from '../accounts/accounts.css'
import { PasskeyEnrol } from '../accounts/passkeys'
import { fetchSecurity, secondFactorError } from '../accounts/second-factor/api'
import { secondFactorMessages } from '../accounts/second-factor/messages'
import { $secondFactorOwed } from '../accounts/second-factor/owed'
import { RecoveryCodes } from '../accounts/second-factor/RecoveryCodes'
import { SecondFactorProve } from '../accounts/second-factor/SecondFactorProve'
import * as sf from '../accounts/second-factor/second-factor.css'
import { TotpSetup } from '../accounts/second-factor/TotpSetup'
import * as ui from '../../widgets/core/ui.css'
import { ConsoleScreen } from './ConsoleScreen'

/** What the gate shows while the session owes its factor. */
type Gate = { step: 'checking' } | { step: 'failed'; error: string } | { step: 'verify'; passkeys: boolean } | { step: 'enrol' }

/**
 * The console's second-factor gate (docs/operating/staff-sign-in.md "Second factor"). Once the
 * session is known to owe its second factor ({@link $secondFactorOwed}: the sign-in's answer, or
 * an admin call's 403 `second_factor_required` / `second_factor_enrolment_required`), the gate
 * reads `GET /api/user/security` and shows instead of the console:
 *
 * - "Confirm it's you": the authenticator code, a recovery code or a passkey;
 * - "Set up a second factor": an authenticator app (QR code, key, first code) or a passkey, then
 *   the recovery codes once, with copy, download and "I have saved my recovery codes".
 *
 * Then the console opens (its screens load again). The server refuses every admin route either
 * way; the gate turns those refusals into the steps that lift them.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const t = useMessages(secondFactorMessages)
  const locale = useLocale()
  const session = useStore($session)
  const owed = useStore($secondFactorOwed)
  const [gate, setGate] = useState<Gate>({ step: 'checking' })
  const [codes, setCodes] = useState<string[] | null>(null)
  const [attempt, setAttempt] = useState(0)
  const account = session.apiData?.user?.name?.[0]?.value ?? ''

  // biome-ignore lint/correctness/useExhaustiveDependencies: checks when the session turns out to owe its factor, and on Retry
  useEffect(() => {
    if (!owed) return
    const controller = new AbortController()
    setGate({ step: 'checking' })
    fetchSecurity(controller.signal).then(
      (security) => {
        if (controller.signal.aborted) return
        if (security.due === 'verify') setGate({ step: 'verify', passkeys: security.passkeys.length > 0 })
        else if (security.due === 'enrol') setGate({ step: 'enrol' })
        else $secondFactorOwed.set(null)
      },
      (error) => {
        if (!controller.signal.aborted) setGate({ step: 'failed', error: secondFactorError(error, locale) })
      },
    )
    return () => controller.abort()
  }, [owed, attempt])

  const opened = () => {
    setCodes(null)
    $secondFactorOwed.set(null)
  }
  const enrolled = (fresh: string[]) => {
    if (fresh.length) setCodes(fresh)
    else opened()
  }
  const signOutButton = (
    <p>
      <button type="button" className={accountStyles.inlineButton} onClick={() => void signOut()}>
        {t.signOut}
      </button>
    </p>
  )

  if (codes) {
    return (
      <ConsoleScreen testId="second-factor-codes" title={t.enrolTitle}>
        <div className={accountStyles.formPage}>
          <RecoveryCodes codes={codes} account={account} onDone={opened} />
        </div>
      </ConsoleScreen>
    )
  }
  if (!owed) return children
  switch (gate.step) {
    case 'checking':
      return <p role="status">{t.checking}</p>
    case 'failed':
      return (
        <div className={ui.error} role="alert">
          <span>
            {t.checkFailed} {gate.error}
          </span>
          <button type="button" className={ui.retry} onClick={() => setAttempt((a) => a + 1)}>
            {t.retry}
          </button>
        </div>
      )
    case 'verify':
      return (
        <ConsoleScreen testId="second-factor-gate" title={t.proveTitle}>
          <div className={accountStyles.formPage}>
            <SecondFactorProve idPrefix="gate" passkey={gate.passkeys} onProved={opened} />
            {signOutButton}
          </div>
        </ConsoleScreen>
      )
    default:
      return (
        <ConsoleScreen testId="second-factor-enrol" title={t.enrolTitle}>
          <div className={accountStyles.formPage}>
            <p className={sf.intro}>{t.enrolIntro}</p>
            <TotpSetup onDone={enrolled} />
            <section className={sf.part} aria-labelledby="gate-passkey-title">
              <h2 className={sf.heading} id="gate-passkey-title">
                {t.passkeyTitle}
              </h2>
              <p className={sf.intro}>{t.passkeyIntro}</p>
              <PasskeyEnrol locale={locale} onEnrolled={enrolled} />
            </section>
            {signOutButton}
          </div>
        </ConsoleScreen>
      )
  }
}
