import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { ApiError } from '../../../../widgets/core/request'
import { useLocale, useMessages } from '../../../../widgets/core/i18n/react'
import { accountError } from '../../../accounts/errors'
import * as accountStyles from '../../../accounts/accounts.css'
import { validateNewPassword } from '../../../accounts/validate'
import { AccountForm, newPasswordFields, useAccountForm } from '../AccountPage'
import { $sessions, changePassword } from './api'
import { passwordChangeMessages, sessionsMessages } from './messages'
import * as styles from './sessions.css'

/**
 * The settings page's Change password section (docs/operating/staff-sign-in.md "Sessions";
 * docs/requirements/validation.md): the current password, a new one and its confirmation →
 * `POST /api/user/password/change`. Every other session of the account ends (the Sessions section
 * shows the list again); this one goes on. An account of single sign-on has no password here: the
 * section says where to change it instead.
 */
export function PasswordSection() {
  const t = useMessages(passwordChangeMessages)
  const sessionTexts = useMessages(sessionsMessages)
  const locale = useLocale()
  const sessions = useStore($sessions)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [sso, setSso] = useState(false)
  const form = useAccountForm(
    { current: '', pass: '', confirm: '' },
    {
      busy,
      validate: (values, at) => ({ current: values.current === '' ? t.required : undefined, ...validateNewPassword(values, at) }),
      send: async ({ current, pass }) => {
        setBusy(true)
        setError('')
        setDone('')
        try {
          const ended = await changePassword(current, pass)
          setDone(ended > 0 ? t.changed(ended) : t.changedAlone)
          for (const name of ['current', 'pass', 'confirm'] as const) form.onChange(name, '')
        } catch (e) {
          const code = e instanceof ApiError ? e.code : undefined
          if (code === 'sso_account') setSso(true)
          else if (code === 'bad_current_password') setError(t.badCurrent)
          else if (code === 'second_factor_required') setError(sessionTexts.secondFactor)
          else setError(accountError(e, { locale }))
        } finally {
          setBusy(false)
        }
      },
    },
  )
  const singleSignOn = sso || sessions?.find((s) => s.current)?.auth_method === 'sso'

  return (
    <section className={styles.section} aria-labelledby="password-change-title" data-testid="settings-password">
      <h2 id="password-change-title" className={styles.heading}>
        {t.title}
      </h2>
      {singleSignOn ? (
        <p className={styles.intro} data-testid="password-sso">
          {t.sso}
        </p>
      ) : (
        <>
          {done ? (
            <p className={accountStyles.successBox} role="status" data-testid="password-changed">
              {done}
            </p>
          ) : null}
          <AccountForm
            {...form}
            prefix="password-change"
            fields={[
              { name: 'current', label: t.current, type: 'password', autoComplete: 'current-password' },
              ...newPasswordFields(t.newPassword, t.confirm),
            ]}
            error={error}
            errorId="password-change-error"
            busy={busy}
            submitLabel={busy ? t.saving : t.save}
          />
        </>
      )}
    </section>
  )
}
