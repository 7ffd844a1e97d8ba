import { useState } from 'react'
import { requestPasswordReset, resetPassword } from '../accounts/account'
import { accountError, accountNotice } from '../accounts/errors'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { AccountForm, AccountPage, newPasswordFields, useAccountForm } from './account/AccountPage'
import { accountPageMessages, passwordMessages } from './account/messages'
import * as styles from '../accounts/accounts.css'
import { validateEmail, validateNewPassword } from '../accounts/validate'

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
 * /user/password (docs/requirements/screens.md#route-table, the Forgot Password target): the account's email address
 * → `POST /api/user/password` → the server's message (the same whether or not the account
 * exists).
 */
export function PasswordRequestPage() {
  const { busy, outcome, post } = usePost()
  const form = useAccountForm(
    { mail: '' },
    {
      busy,
      validate: ({ mail }, locale) => ({ mail: validateEmail(mail, locale) }),
      send: ({ mail }) => post(() => requestPasswordReset(mail.trim())),
    },
  )
  const t = useMessages(passwordMessages)
  const common = useMessages(accountPageMessages)

  return (
    <AccountPage name="password" testId="user-password" title={t.requestTitle}>
      {outcome?.ok ? (
        <p className={styles.successBox} role="status" data-testid="password-message">
          {outcome.message}
        </p>
      ) : (
        <AccountForm
          {...form}
          prefix="password"
          intro={<p>{t.requestIntro}</p>}
          fields={[{ name: 'mail', label: common.email, type: 'email', autoComplete: 'email' }]}
          error={outcome?.message}
          busy={busy}
          submitLabel={t.send}
        />
      )}
      <div className={styles.links}>
        <a href="/sign-in">{t.back}</a>
      </div>
    </AccountPage>
  )
}

/**
 * /user/reset/{token}: a new password and its confirmation (the sign-up rules, docs/requirements/validation.md) →
 * `POST /api/user/reset {token, pass}` → the server's message and a link to sign in.
 */
export function PasswordResetPage({ token }: { token: string }) {
  const { busy, outcome, post } = usePost()
  const form = useAccountForm(
    { pass: '', confirm: '' },
    { busy, validate: validateNewPassword, send: ({ pass }) => post(() => resetPassword(token, pass)) },
  )
  const t = useMessages(passwordMessages)
  const common = useMessages(accountPageMessages)

  return (
    <AccountPage name="reset" testId="user-reset" title={t.resetTitle}>
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
        <AccountForm
          {...form}
          prefix="reset"
          fields={newPasswordFields(t.newPassword, common.confirmPassword)}
          error={outcome?.message}
          busy={busy}
          submitLabel={t.save}
        />
      )}
    </AccountPage>
  )
}

/** Lazy entry: /user/password, or /user/reset/{token} when `token` is given. */
export default function PasswordPage({ token }: { token?: string }) {
  return token ? <PasswordResetPage token={token} /> : <PasswordRequestPage />
}
