import { useStore } from '@nanostores/react'
import { useMemo, useState, type FormEvent } from 'react'
import { fieldValue, saveSettings } from '../accounts/account'
import { errorMessage } from '../../widgets/core/resource'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import * as shell from '../shell.css'
import { timeZoneOptions } from '../timezone/zones'
import { showToast, TOASTS } from '../toast'

/**
 * User settings (/user/{uid}/edit and /account-settings; spec §2 Route table, §6): the account's
 * email address and the time zone every timestamp is shown in → `POST /api/user/settings`.
 */
export default function SettingsPage() {
  const session = useStore($session)
  const user = session.apiData?.user
  const saved = user ? String(fieldValue(user.timezone, 'UTC') || 'UTC') : session.timezone
  const [zone, setZone] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const zones = useMemo(timeZoneOptions, [])
  const value = zone ?? saved
  const options = zones.includes(value) ? zones : [value, ...zones]

  if (!user) {
    return (
      <p role="status" data-testid="settings-loading">
        Loading your settings…
      </p>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError('')
    try {
      await saveSettings(value)
      showToast(TOASTS.settingsSaved)
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.formPage} aria-labelledby="settings-title" data-testid="settings">
      <h1 className={shell.pageTitle} id="settings-title">
        Settings
      </h1>
      {error && (
        <div className={styles.errorBox} role="alert" id="settings-error">
          {error}
        </div>
      )}
      <dl className={styles.details}>
        <dt>Email</dt>
        <dd style={{ margin: 0 }} data-testid="settings-mail">
          {String(fieldValue(user.mail, ''))}
        </dd>
      </dl>
      <form className={styles.form} onSubmit={submit} aria-describedby={error ? 'settings-error' : undefined}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="settings-timezone">
            Time zone
          </label>
          <select id="settings-timezone" className={styles.select} value={value} onChange={(e) => setZone(e.target.value)}>
            {options.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
          Save
        </button>
      </form>
    </section>
  )
}
