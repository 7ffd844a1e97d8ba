import { useState, type FormEvent } from 'react'
import { requestPasswordReset, resetPassword } from '../accounts/account'
import { accountError, accountNotice } from '../accounts/errors'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { accountPageMessages, passwordMessages } from './account/messages'
import * as styles from '../accounts/accounts.css'
import { Field, useInvalidFocus } from '../accounts/Field'
import { validateEmail, validateNewPassword, type FieldErrors } from '../accounts/validate'
import * as shell from '../shell.css'

/** The outcome of a form post: the server's message or its error (in the page's language, `../accounts/errors.ts`). */
type Outcome = { ok: true; message: string } | { ok: false; message: string } | null

/**
 * A form post's state: `busy` while `post(send)` runs, then `outcome` holds the message `send`
 * resolved to, or the message of its error.
 */
function usePost() {
  const locale = useLocale()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const post = async (send: () => Promise<string>) => {
    setBusy(true)
    setOutcome(null)
    try {
      setOutcome({ ok: true, message: accountNotice(await send(), locale) })
    } catch (e) {
      setOutcome({ ok: false, message: accountError(e, { locale }) })
    } finally {
      setBusy(false)
    }
  }
  return { busy, outcome, post }
}

/**
 * /user/password (spec §2 Route table, the Forgot Password target): the account's email address
 * → `POST /api/user/password` → the server's message (the same whether or not the account
 * exists).
 */
export function PasswordRequestPage() {
  const [mail, setMail] = useState('')
  const [error, setError] = useState<string>()
  const { busy, outcome, post } = usePost()
  const { formRef, reportInvalid } = useInvalidFocus()
  const locale = useLocale()
  const t = useMessages(passwordMessages)
  const common = useMessages(accountPageMessages)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = validateEmail(mail, locale)
    setError(found)
    if (found) return reportInvalid()
    await post(() => requestPasswordReset(mail.trim()))
  }

  return (
    <section className={styles.formPage} aria-labelledby="password-title" data-testid="user-password">
      <h1 className={shell.pageTitle} id="password-title">
        {t.requestTitle}
      </h1>
      {outcome && !outcome.ok && (
        <div className={styles.errorBox} role="alert">
          {outcome.message}
        </div>
      )}
      {outcome?.ok ? (
        <p className={styles.successBox} role="status" data-testid="password-message">
          {outcome.message}
        </p>
      ) : (
        <form ref={formRef} className={styles.form} noValidate onSubmit={submit}>
          <p>{t.requestIntro}</p>
          <Field
            id="password-mail"
            label={common.email}
            name="mail"
            type="email"
            autoComplete="email"
            required
            value={mail}
            error={error}
            onChange={(e) => setMail(e.target.value)}
          />
          <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
            {t.send}
          </button>
        </form>
      )}
      <div className={styles.links}>
        <a href="/sign-in">{t.back}</a>
      </div>
    </section>
  )
}

/**
 * /user/reset/{token}: a new password and its confirmation (the sign-up rules, spec §5) →
 * `POST /api/user/reset {token, pass}` → the server's message and a link to sign in.
 */
export function PasswordResetPage({ token }: { token: string }) {
  const [form, setForm] = useState({ pass: '', confirm: '' })
  const [errors, setErrors] = useState<FieldErrors<'pass' | 'confirm'>>({})
  const { busy, outcome, post } = usePost()
  const { formRef, reportInvalid } = useInvalidFocus()
  const locale = useLocale()
  const t = useMessages(passwordMessages)
  const common = useMessages(accountPageMessages)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = validateNewPassword(form, locale)
    setErrors(found)
    if (found.pass || found.confirm) return reportInvalid()
    await post(() => resetPassword(token, form.pass))
  }

  return (
    <section className={styles.formPage} aria-labelledby="reset-title" data-testid="user-reset">
      <h1 className={shell.pageTitle} id="reset-title">
        {t.resetTitle}
      </h1>
      {outcome && !outcome.ok && (
        <div className={styles.errorBox} role="alert">
          {outcome.message}
        </div>
      )}
      {outcome?.ok ? (
        <>
          <p className={styles.successBox} role="status" data-testid="reset-message">
            {outcome.message}
          </p>
          <p>
            <a href="/sign-in">{common.signIn}</a>
          </p>
        </>
      ) : (
        <form ref={formRef} className={styles.form} noValidate onSubmit={submit}>
          <Field
            id="reset-pass"
            label={t.newPassword}
            name="pass"
            type="password"
            autoComplete="new-password"
            required
            value={form.pass}
            error={errors.pass}
            onChange={(e) => setForm((f) => ({ ...f, pass: e.target.value }))}
          />
          <Field
            id="reset-confirm"
            label={common.confirmPassword}
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            value={form.confirm}
            error={errors.confirm}
            onChange={(e) => setForm((f) => ({ ...f, confirm: e.target.value }))}
          />
          <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
            {t.save}
          </button>
        </form>
      )}
    </section>
  )
}

/** Lazy entry: /user/password, or /user/reset/{token} when `token` is given. */
export default function PasswordPage({ token }: { token?: string }) {
  return token ? <PasswordResetPage token={token} /> : <PasswordRequestPage />
}
