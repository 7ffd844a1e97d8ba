import { LanguageOptions } from '../header/LanguagePicker'
import { useStore } from '@nanostores/react'
import { useMemo, useState, type FormEvent } from 'react'
import { fieldValue, saveSettings } from '../accounts/account'
import { toLocale } from '../../contract/locale'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { accountError } from '../accounts/errors'
import { accountMessages } from '../accounts/messages'
import { AccountAlert, AccountPage } from './account/AccountPage'
import { SecondFactorSection } from './account/SecondFactorSection'
import { PasswordSection } from './account/sessions/PasswordSection'
import { SessionsSection } from './account/sessions/SessionsSection'
import { accountPageMessages, settingsMessages } from './account/messages'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import { timeZoneOptions } from '../timezone/zones'
import { showToast } from '../toast'

/**
 * User settings (/user/{uid}/edit and /account-settings; docs/requirements/screens.md#route-table, docs/requirements/roles.md): the account's
 * email address, the time zone every timestamp is shown in and the language of the site and of
 * the emails (docs/languages-and-themes.md; each language by its own name, the saved one or else the page's shown) →
 * `POST /api/user/settings`, one Save for both (the language only once chosen here). After saving,
 * the page switches to the saved language when it differs. Below, each in its own section: Change
 * password, the second factor, and the account's Sessions (docs/operating/staff-sign-in.md).
 */
export default function SettingsPage() {
  const session = useStore($session)
  const user = session.apiData?.user
  const saved = user ? String(fieldValue(user.timezone, 'UTC') || 'UTC') : session.timezone
  const page = useLocale()
  const t = useMessages(settingsMessages)
  const common = useMessages(accountPageMessages)
  const userLocale = toLocale(user?.locale?.[0]?.value)
  const savedLocale = userLocale ?? page
  const [zone, setZone] = useState<string>()
  const [language, setLanguage] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const zones = useMemo(timeZoneOptions, [])
  const value = zone ?? saved
  const options = zones.includes(value) ? zones : [value, ...zones]

  if (!user) {
    return (
      <p role="status" data-testid="settings-loading">
        {t.loading}
      </p>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError('')
    try {
      // The language is saved once it is chosen here: an untouched select saves nothing new.
      const locale = language !== undefined && language !== userLocale ? language : undefined
      await saveSettings(value, true, locale)
      // The toast in the language the page now speaks.
      showToast(accountMessages.in(toLocale(locale) ?? page).get().settingsSaved)
    } catch (e) {
      setError(accountError(e, { locale: page }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountPage name="settings" title={t.title}>
      <AccountAlert message={error} id="settings-error" />
      <dl className={styles.details}>
        <dt>{common.email}</dt>
        <dd style={{ margin: 0 }} data-testid="settings-mail">
          {String(fieldValue(user.mail, ''))}
        </dd>
      </dl>
      <form className={styles.form} onSubmit={submit} aria-describedby={error ? 'settings-error' : undefined}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="settings-timezone">
            {t.timezone}
          </label>
          <select id="settings-timezone" className={styles.select} value={value} onChange={(e) => setZone(e.target.value)}>
            {options.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="settings-language">
            {t.language}
          </label>
          <select
            id="settings-language"
            className={styles.select}
            value={language ?? savedLocale}
            onChange={(e) => setLanguage(e.target.value)}
            data-testid="settings-language"
          >
            <LanguageOptions />
          </select>
        </div>
        <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
          {t.save}
        </button>
      </form>
      <PasswordSection />
      <SecondFactorSection />
      <SessionsSection />
    </AccountPage>
  )
}
