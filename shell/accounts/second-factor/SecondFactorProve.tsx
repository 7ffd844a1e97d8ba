import { type FormEvent, useState } from 'react'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { AccountAlert } from '../../pages/account/AccountPage'
import * as styles from '../accounts.css'
import { Field, useInvalidFocus } from '../Field'
import { PasskeyProve } from '../passkeys'
import { proveSession, secondFactorError } from './api'
import { secondFactorMessages } from './messages'
import { $secondFactorOwed } from './owed'
import * as sf from './second-factor.css'

/** The digits of an authenticator code as typed (spaces and dashes between groups are ignored). */
export const codeDigits = (code: string): string => code.replace(/[\s-]/g, '')

/**
 * The six-digit code field: the browser's one-time-code autofill (a code from a text message or
 * the password manager) and a number pad on phones.
 */
export function CodeField(props: { id: string; label: string; value: string; error: string; onChange: (value: string) => void }) {
  return (
    <Field
      id={props.id}
      label={props.label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      enterKeyHint="done"
      maxLength={9}
      required
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.target.value)}
    />
  )
}

/** What is wrong with a typed code before it is sent ('' when nothing). */
export function codeProblem(
  method: 'totp' | 'recovery',
  typed: string,
  t: Record<'recoveryRequired' | 'codeRequired' | 'codeFormat', string>,
): string {
  if (method === 'recovery') return typed ? '' : t.recoveryRequired
  if (!typed) return t.codeRequired
  return /^\d{6}$/.test(typed) ? '' : t.codeFormat
}

/**
 * "Confirm it's you" (docs/operating/staff-sign-in.md "Second factor"): the six-digit code of the
 * authenticator app (`autocomplete="one-time-code"`, numeric keyboard) or, on request, a recovery
 * code → `POST /api/user/second-factor`; and the passkey button. A refusal is an alert above
 * the form in words (a wrong code, too many wrong codes), the field keeps its focus.
 *
 * @param idPrefix prefix of the inputs' ids (`sign-in` → `sign-in-code`)
 * @param passkey whether to offer the passkey button @default true
 * @param onProved called once the server accepted the code or passkey
 */
export function SecondFactorProve({
  idPrefix,
  passkey = true,
  onProved: proved,
}: {
  idPrefix: string
  passkey?: boolean
  onProved: () => void
}) {
  const t = useMessages(secondFactorMessages)
  const locale = useLocale()
  const [method, setMethod] = useState<'totp' | 'recovery'>('totp')
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const { formRef, reportInvalid } = useInvalidFocus()
  const errorId = `${idPrefix}-second-factor-error`
  // Nothing is owed any more: the console's gate lets the console open.
  const onProved = () => {
    $secondFactorOwed.set(null)
    proved()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const typed = method === 'totp' ? codeDigits(code) : code.trim()
    const invalid = codeProblem(method, typed, t)
    setFieldError(invalid)
    setError('')
    if (invalid) return reportInvalid()
    setBusy(true)
    try {
      await proveSession(method, typed)
      setBusy(false)
      onProved()
    } catch (e) {
      setBusy(false)
      setError(secondFactorError(e, locale))
      setCode('')
      formRef.current?.querySelector('input')?.focus()
    }
  }

  const switchTo = (next: 'totp' | 'recovery') => {
    setMethod(next)
    setCode('')
    setFieldError('')
    setError('')
  }

  return (
    <div className={styles.form} data-testid="second-factor-prove">
      <AccountAlert message={error} id={errorId} />
      <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <p className={sf.intro}>{method === 'totp' ? t.proveIntro : t.recoveryIntro}</p>
        {method === 'totp' ? (
          <CodeField key="totp" id={`${idPrefix}-code`} label={t.codeLabel} value={code} error={fieldError} onChange={setCode} />
        ) : (
          <Field
            key="recovery"
            id={`${idPrefix}-recovery`}
            label={t.recoveryLabel}
            name="recovery"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            value={code}
            error={fieldError}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <div className={sf.actions}>
          <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
            {busy ? t.confirming : t.confirm}
          </button>
          <button type="button" className={styles.inlineButton} onClick={() => switchTo(method === 'totp' ? 'recovery' : 'totp')}>
            {method === 'totp' ? t.useRecovery : t.useCode}
          </button>
        </div>
      </form>
      {passkey && (
        <>
          <p className={sf.intro}>{t.orPasskey}</p>
          <PasskeyProve locale={locale} onProved={onProved} />
        </>
      )}
    </div>
  )
}
