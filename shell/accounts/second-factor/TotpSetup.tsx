import { type FormEvent, useId, useState } from 'react'
import type { TotpEnrolment } from '../../../contract/staff-identity'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { AccountAlert } from '../../pages/account/AccountPage'
import * as styles from '../accounts.css'
import { useInvalidFocus } from '../Field'
import { confirmTotp, secondFactorError, startTotp } from './api'
import { CodeField, codeDigits, codeProblem } from './SecondFactorProve'
import { secondFactorMessages } from './messages'
import * as sf from './second-factor.css'

/**
 * The QR code the server made (`TotpEnrolment.qr_svg`, SVG text) as an image: a `data:` address
 * of the SVG, never inserted as markup, so nothing in it can run or style the page.
 */
export const qrImageSrc = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** The base32 secret in groups of four, as people type it. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * Setting up an authenticator app (docs/operating/staff-sign-in.md "Second factor"):
 * "Set up an authenticator app" → `POST /api/user/totp/enrol`, then the QR code, the key for
 * typing by hand and the code field → `POST /api/user/totp/confirm`; `onDone` gets the recovery
 * codes to show once (empty when the account already had some).
 *
 * @param headingLevel its heading @default 2
 */
export function TotpSetup({ headingLevel = 2, onDone }: { headingLevel?: 2 | 3; onDone: (codes: string[]) => void }) {
  const t = useMessages(secondFactorMessages)
  const locale = useLocale()
  const id = useId()
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const { formRef, reportInvalid } = useInvalidFocus()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const errorId = `${id}-error`

  const start = async () => {
    if (busy) return
    setBusy(true)
    setError('')
    try {
      setEnrolment(await startTotp())
    } catch (e) {
      setError(secondFactorError(e, locale))
    } finally {
      setBusy(false)
    }
  }

  const confirm = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const digits = codeDigits(code)
    const invalid = codeProblem('totp', digits, t)
    setFieldError(invalid)
    setError('')
    if (invalid) return reportInvalid()
    setBusy(true)
    try {
      const codes = await confirmTotp(digits)
      setBusy(false)
      onDone(codes)
    } catch (e) {
      setBusy(false)
      setError(secondFactorError(e, locale))
      setCode('')
      formRef.current?.querySelector('input')?.focus()
    }
  }

  return (
    <section className={sf.part} aria-labelledby={`${id}-title`} data-testid="totp-setup">
      <Heading className={sf.heading} id={`${id}-title`}>
        {t.appTitle}
      </Heading>
      <AccountAlert message={error} id={errorId} />
      {!enrolment ? (
        <>
          <p className={sf.intro}>{t.appIntro}</p>
          <button type="button" className={styles.primary} onClick={start} aria-disabled={busy || undefined}>
            {busy ? t.starting : t.start}
          </button>
        </>
      ) : (
        <form ref={formRef} className={styles.form} noValidate onSubmit={confirm} aria-describedby={error ? errorId : undefined}>
          <p className={sf.intro}>{t.appSteps}</p>
          <img className={sf.qr} src={qrImageSrc(enrolment.qr_svg)} alt={t.qrAlt} width={192} height={192} data-testid="totp-qr" />
          <p className={sf.intro}>
            {t.manualKey}{' '}
            <code className={sf.key} data-testid="totp-secret" data-secret={enrolment.secret}>
              {groupedSecret(enrolment.secret)}
            </code>
          </p>
          <CodeField id={`${id}-code`} label={t.codeLabel} value={code} error={fieldError} onChange={setCode} />
          <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
            {busy ? t.confirming : t.turnOn}
          </button>
        </form>
      )}
    </section>
  )
}
