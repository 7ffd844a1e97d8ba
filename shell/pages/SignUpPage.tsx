import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import { clearEmailError, resetAccountErrors, signUp } from '../accounts/account'
import type { Cloud } from '../../contract/global'
import { safeHtml } from '../../widgets/core/safe-html'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import { Field, useInvalidFocus } from '../accounts/Field'
import { validateSignUp, type FieldErrors } from '../accounts/validate'
import { $router, signInPathFor } from '../routes'
import * as shell from '../shell.css'
import { showToast } from '../toast'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { accountMessages } from '../accounts/messages'
import { accountPageMessages, signUpMessages } from './account/messages'

type Fields = 'email' | 'pass' | 'confirm'

/**
 * The sign-up page (spec §2 Sign-up, §4 Sign-up, §5): Email, Password, Confirm Password with
 * client validation; the server's email check shows under the email field and blocks submitting
 * until the address changes; a registration error shows as sanitised HTML above the form. On
 * success the visitor is signed in automatically, sees the account-created toast and goes to
 * /subscribe.
 */
export default function SignUpPage({ cloud }: { cloud: Cloud | null }) {
  const session = useStore($session)
  const [form, setForm] = useState({ email: '', pass: '', confirm: '' })
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const { formRef, reportInvalid } = useInvalidFocus()
  const locale = useLocale()
  const t = useMessages(signUpMessages)
  const common = useMessages(accountPageMessages)
  const toasts = useMessages(accountMessages)

  useEffect(() => resetAccountErrors(), [])

  const change = (key: Fields) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: event.target.value }))
    if (key === 'email') clearEmailError()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (session.signingUp) return
    if (session.emailError) {
      // Blocked until the address changes (spec §5).
      reportInvalid()
      return
    }
    const found = validateSignUp(form, locale)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      reportInvalid()
      return
    }
    const result = await signUp(form.email.trim(), form.pass, cloud?.machine_name ?? '')
    if (result === 'signed-in' || result === 'registered') {
      showToast(toasts.accountCreated)
      $router.open(result === 'signed-in' ? '/subscribe' : signInPathFor('/subscribe'))
    } else {
      reportInvalid()
    }
  }

  const emailError = errors.email ?? (session.emailError || undefined)
  return (
    <section className={styles.formPage} aria-labelledby="sign-up-title" data-testid="sign-up">
      <h1 className={shell.pageTitle} id="sign-up-title">
        {t.title}
      </h1>
      {session.errorSignUp && (
        <div className={styles.errorBox} role="alert" id="sign-up-error" data-testid="sign-up-error">
          {safeHtml(session.errorSignUp)}
        </div>
      )}
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={submit}
        aria-describedby={session.errorSignUp ? 'sign-up-error' : undefined}
      >
        <Field
          id="sign-up-email"
          label={common.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          error={emailError}
          onChange={change('email')}
        />
        <Field
          id="sign-up-pass"
          label={common.password}
          name="pass"
          type="password"
          autoComplete="new-password"
          required
          value={form.pass}
          error={errors.pass}
          onChange={change('pass')}
        />
        <Field
          id="sign-up-confirm"
          label={common.confirmPassword}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirm}
          error={errors.confirm}
          onChange={change('confirm')}
        />
        <button type="submit" className={styles.primary} aria-disabled={session.signingUp || !!session.emailError || undefined}>
          {session.signingUp ? t.signingUp : t.title}
        </button>
      </form>
      <div className={styles.links}>
        <span>
          {t.haveAccount} <a href="/sign-in">{common.signIn}</a>
        </span>
      </div>
    </section>
  )
}
