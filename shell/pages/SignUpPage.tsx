import { useStore } from '@nanostores/react'
import { useEffect, type FormEvent } from 'react'
import { clearEmailError, resetAccountErrors, signUp } from '../accounts/account'
import type { Cloud } from '../../contract/global'
import { safeHtml } from '../../widgets/core/safe-html'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import { validateSignUp } from '../accounts/validate'
import { $router, signInPathFor } from '../routes'
import { showToast } from '../toast'
import { useMessages } from '../../widgets/core/i18n/react'
import { accountMessages } from '../accounts/messages'
import { AccountForm, AccountPage, newPasswordFields, useAccountForm } from './account/AccountPage'
import { accountPageMessages, signUpMessages } from './account/messages'

type Fields = 'email' | 'pass' | 'confirm'

/**
 * The sign-up page (docs/requirements/screens.md#sign-up, docs/requirements/states.md#sign-up, docs/requirements/validation.md): Email, Password, Confirm Password with
 * client validation; the server's email check shows under the email field and blocks submitting
 * until the address changes; a registration error shows as sanitised HTML above the form. On
 * success the visitor is signed in automatically, sees the account-created toast and goes to
 * /subscribe.
 */
export default function SignUpPage({ cloud }: { cloud: Cloud | null }) {
  const session = useStore($session)
  const t = useMessages(signUpMessages)
  const common = useMessages(accountPageMessages)
  const toasts = useMessages(accountMessages)

  useEffect(() => resetAccountErrors(), [])

  const form = useAccountForm<Fields>(
    { email: '', pass: '', confirm: '' },
    {
      busy: session.signingUp,
      validate: validateSignUp,
      send: async ({ email, pass }) => {
        const result = await signUp(email.trim(), pass, cloud?.machine_name ?? '')
        if (result === 'signed-in' || result === 'registered') {
          showToast(toasts.accountCreated)
          $router.open(result === 'signed-in' ? '/subscribe' : signInPathFor('/subscribe'))
        } else {
          form.reportInvalid()
        }
      },
    },
  )
  const submit = (event: FormEvent) => {
    if (session.emailError && !session.signingUp) {
      // Blocked until the address changes (docs/requirements/validation.md).
      event.preventDefault()
      form.reportInvalid()
      return
    }
    return form.onSubmit(event)
  }

  return (
    <AccountPage name="sign-up" title={t.title}>
      <AccountForm
        {...form}
        prefix="sign-up"
        fields={[
          { name: 'email', label: common.email, type: 'email', autoComplete: 'email' },
          ...newPasswordFields(common.password, common.confirmPassword),
        ]}
        errors={{ ...form.errors, email: form.errors.email ?? (session.emailError || undefined) }}
        onChange={(key, value) => {
          form.onChange(key, value)
          if (key === 'email') clearEmailError()
        }}
        onSubmit={submit}
        error={session.errorSignUp && safeHtml(session.errorSignUp)}
        errorId="sign-up-error"
        busy={session.signingUp || !!session.emailError}
        submitLabel={session.signingUp ? t.signingUp : t.title}
      />
      <div className={styles.links}>
        <span>
          {t.haveAccount} <a href="/sign-in">{common.signIn}</a>
        </span>
      </div>
    </AccountPage>
  )
}
