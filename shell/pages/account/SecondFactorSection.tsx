import { useEffect, useId, useState } from 'react'
import { canReadAdmin } from '../../../contract/permissions'
import type { SecurityData } from '../../../contract/staff-identity'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { useStore } from '@nanostores/react'
import { $session } from '../../../widgets/core/session'
import * as styles from '../../accounts/accounts.css'
import { PasskeyEnrol, PasskeyList } from '../../accounts/passkeys'
import { fetchSecurity, removeTotp, renewRecoveryCodes, secondFactorError } from '../../accounts/second-factor/api'
import { secondFactorMessages } from '../../accounts/second-factor/messages'
import { RecoveryCodes } from '../../accounts/second-factor/RecoveryCodes'
import { SecondFactorProve } from '../../accounts/second-factor/SecondFactorProve'
import * as sf from '../../accounts/second-factor/second-factor.css'
import { TotpSetup } from '../../accounts/second-factor/TotpSetup'
import { AccountAlert } from './AccountPage'

/**
 * A change that asks first (removing the authenticator, new recovery codes): its button, and once
 * pressed, the question with its Yes and Cancel buttons.
 */
function AskFirst(props: {
  label: string
  question: string
  yes: string
  asking: boolean
  onAsk: () => void
  onYes: () => void
  onCancel: () => void
}) {
  const t = useMessages(secondFactorMessages)
  if (!props.asking) {
    return (
      <div className={sf.actions}>
        <button type="button" className={styles.secondary} onClick={props.onAsk}>
          {props.label}
        </button>
      </div>
    )
  }
  return (
    <div className={styles.warningBox} role="alert">
      <p className={sf.intro}>{props.question}</p>
      <div className={sf.actions}>
        <button type="button" className={styles.primary} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" className={styles.secondary} onClick={props.onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  )
}

/**
 * The account settings' "Second factor" section (docs/operating/staff-sign-in.md "Second
 * factor"), for an account with a privileged role (docs/requirements/roles.md): set up or remove the
 * authenticator app, make new recovery codes (shown once), and the passkeys (list, add, remove).
 * A session that has not proved the account's factor proves it here first (the server refuses
 * the changes otherwise). A session of single sign-on is told its identity provider asks for the
 * factor.
 */
export function SecondFactorSection() {
  const t = useMessages(secondFactorMessages)
  const locale = useLocale()
  const session = useStore($session)
  const id = useId()
  const [security, setSecurity] = useState<SecurityData | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)
  const [asking, setAsking] = useState<'remove' | 'codes' | null>(null)
  const account = session.apiData?.user?.name?.[0]?.value ?? ''
  const privileged = canReadAdmin(session.apiData?.roles ?? [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger (after each change)
  useEffect(() => {
    if (!privileged) return
    const controller = new AbortController()
    fetchSecurity(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSecurity(data)
      },
      (e) => {
        if (!controller.signal.aborted) setError(`${t.loadFailed} ${secondFactorError(e, locale)}`)
      },
    )
    return () => controller.abort()
  }, [attempt, privileged])

  const reload = () => setAttempt((a) => a + 1)
  const run = async (change: () => Promise<void>) => {
    setAsking(null)
    setError('')
    setNotice('')
    try {
      await change()
    } catch (e) {
      setError(secondFactorError(e, locale))
    }
    reload()
  }
  const showCodes = (fresh: string[], done: string) => {
    setNotice(done)
    if (fresh.length) setCodes(fresh)
    reload()
  }

  // The changes that ask first, and what each does once confirmed.
  const asks = {
    remove: { label: t.remove, question: t.confirmRemove, yes: t.removeYes, change: async () => void (await removeTotp()) },
    codes: { label: t.newCodes, question: t.confirmNewCodes, yes: t.makeCodes, change: async () => setCodes(await renewRecoveryCodes()) },
  }
  const ask = (which: keyof typeof asks) => (
    <AskFirst
      {...asks[which]}
      asking={asking === which}
      onAsk={() => setAsking(which)}
      onYes={() => run(asks[which].change)}
      onCancel={() => setAsking(null)}
    />
  )

  if (!privileged) return null
  if (!security) return error ? <AccountAlert message={error} id={`${id}-error`} /> : null
  const hasFactor = security.totp || security.passkeys.length > 0

  const title = (
    <h2 className={sf.heading} id={`${id}-title`}>
      {t.sectionTitle}
    </h2>
  )
  if (security.auth_method === 'sso') {
    return (
      <section className={sf.part} aria-labelledby={`${id}-title`} data-testid="settings-second-factor">
        {title}
        <p className={sf.intro}>{t.ssoNote}</p>
      </section>
    )
  }

  let body: React.ReactNode
  if (codes) {
    body = <RecoveryCodes codes={codes} account={account} headingLevel={3} onDone={() => setCodes(null)} />
  } else if (security.due === 'verify') {
    body = <SecondFactorProve idPrefix="settings" passkey={security.passkeys.length > 0} onProved={reload} />
  } else {
    body = (
      <>
        {security.totp ? (
          <div className={styles.form}>
            <h3 className={sf.heading}>{t.appTitle}</h3>
            <p className={sf.intro} data-testid="settings-totp-on">
              {t.appOn}
            </p>
            {ask('remove')}
          </div>
        ) : (
          <TotpSetup headingLevel={3} onDone={(fresh) => showCodes(fresh, t.appAdded)} />
        )}
        {hasFactor && (
          <div className={styles.form}>
            <p className={sf.intro} data-testid="settings-codes-left">
              {t.codesLeft({ count: security.recovery_codes_left })}
            </p>
            {ask('codes')}
          </div>
        )}
        <section className={sf.part} aria-labelledby={`${id}-passkeys`}>
          <h3 className={sf.heading} id={`${id}-passkeys`}>
            {t.passkeysTitle}
          </h3>
          <PasskeyList locale={locale} passkeys={security.passkeys} onChanged={reload} />
          <PasskeyEnrol locale={locale} onEnrolled={(fresh) => showCodes(fresh, '')} />
        </section>
      </>
    )
  }

  return (
    <section className={sf.part} aria-labelledby={`${id}-title`} data-testid="settings-second-factor">
      {title}
      <p className={sf.intro}>{t.sectionIntro}</p>
      {security.required && security.privileged && <p className={sf.intro}>{t.requiredNote}</p>}
      <AccountAlert message={error} id={`${id}-error`} />
      <p role="status" className={sf.intro}>
        {notice}
      </p>
      {body}
    </section>
  )
}
