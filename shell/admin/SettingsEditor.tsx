import { Fragment, useState, type FormEvent } from 'react'
import type { CatalogData } from '../../contract/admin'
import type { CatalogSettings } from '../../contract/catalog'
import { useMessages } from '../../widgets/core/i18n/react'
import { Field } from '../accounts/Field'
import * as styles from './admin.css'
import { saveCatalogSection } from './api'
import { Checkbox, TextArea } from './controls'
import { adminCatalogMessages, adminMessages } from './messages'
import { catalogProblemsInWords } from './problems'
import { SaveBar } from './SaveMessages'
import { IDLE, useSave } from './save'
import { useUnsavedChanges } from './unsaved'

type TextKey = Exclude<keyof CatalogSettings, 'is_gov' | 'is_trust_dr'>

type Label = keyof typeof adminCatalogMessages.base

/** Every text setting with its label's message (keys of `contract/catalog.ts` CatalogSettings). */
const TEXT_SETTINGS: ReadonlyArray<[TextKey, Label, string?]> = [
  ['vendor', 'vendor'],
  ['sso_alias', 'ssoAlias', '/sso/login'],
  ['help_site', 'helpSite', 'https://'],
  ['help_site_gov', 'helpSiteGov', 'https://'],
  ['continuity_policy', 'continuityPolicy', 'https://'],
  ['feedback_email', 'feedbackEmail'],
  ['cookie_consent_id', 'cookieConsentId'],
  ['cookie_consent_gov_id', 'cookieConsentGovId'],
  ['status_vm_url', 'statusVmUrl', 'https://'],
  ['status_branch_url', 'statusBranchUrl', 'https://'],
]

/**
 * The console token settings (docs/operating/console-tokens.md): who signs the tokens embedded
 * widgets carry, for whom, and with which key; the public key is long, hence a textarea.
 */
const TOKEN_SETTINGS: ReadonlyArray<[TextKey, Label, string?]> = [
  ['console_token_issuer', 'consoleTokenIssuer', 'https://console.example.com'],
  ['console_token_audience', 'consoleTokenAudience'],
  ['console_token_jwks_url', 'consoleTokenJwksUrl', 'https://'],
]

const FLAG_SETTINGS: ReadonlyArray<['is_gov' | 'is_trust_dr', Label]> = [
  ['is_gov', 'isGov'],
  ['is_trust_dr', 'isTrustDr'],
]

/** The settings to save: an empty text leaves its key out (the server then removes it). */
export function settingsOf(draft: CatalogSettings): CatalogSettings {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(draft)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') out[key] = value.trim()
    } else if (value !== undefined) out[key] = value
  }
  return out as CatalogSettings
}

/**
 * The site settings: one labelled field per setting, saved together (`PUT
 * /api/admin/catalog/settings`); leaving with unsaved changes asks first (`./unsaved.ts`). Without
 * the `catalog` permission the values show as a list.
 */
export function SettingsEditor({
  data,
  canEdit,
  onSaved,
  onReload,
}: {
  data: CatalogData
  canEdit: boolean
  onSaved: (data: CatalogData) => void
  onReload: () => void
}) {
  const [base, setBase] = useState(data.revision)
  const [draft, setDraft] = useState<CatalogSettings>(data.catalog.settings)
  const save = useSave()
  const t = useMessages(adminCatalogMessages)
  const a = useMessages(adminMessages)
  if (base !== data.revision) {
    setBase(data.revision)
    setDraft(data.catalog.settings)
    if (save.state.kind === 'stale') save.setState(IDLE)
  }
  useUnsavedChanges(canEdit && JSON.stringify(settingsOf(draft)) !== JSON.stringify(settingsOf(data.catalog.settings)))

  if (!canEdit) {
    return (
      <dl className={styles.definitions} data-testid="settings-list">
        {[...TEXT_SETTINGS, ...TOKEN_SETTINGS].map(([key, label]) => (
          <Fragment key={key}>
            <dt>{t[label] as string}</dt>
            <dd>{data.catalog.settings[key] || t.notSet}</dd>
          </Fragment>
        ))}
        <dt>{t.consoleTokenPublicKey}</dt>
        <dd>{data.catalog.settings.console_token_public_key ? t.consoleTokenKeySet : t.notSet}</dd>
        {FLAG_SETTINGS.map(([key, label]) => (
          <Fragment key={key}>
            <dt>{t[label] as string}</dt>
            <dd>{data.catalog.settings[key] ? a.yes : a.no}</dd>
          </Fragment>
        ))}
      </dl>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = settingsOf(draft)
    void save.run(
      async () => {
        const next = await saveCatalogSection('settings', data.revision, value)
        onSaved(next)
        return undefined
      },
      (messages, locale) => catalogProblemsInWords(messages, data.catalog, 'settings', value, locale),
    )
  }

  // One labelled input per text setting of `list`, in a grid.
  const textFields = (list: typeof TEXT_SETTINGS) => (
    <div className={styles.grid}>
      {list.map(([key, label, placeholder]) => (
        <Field
          key={key}
          id={`admin-setting-${key}`}
          label={t[label] as string}
          placeholder={placeholder}
          value={draft[key] ?? ''}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      ))}
    </div>
  )

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-label={t.editSettings}>
      {textFields(TEXT_SETTINGS)}
      <fieldset className={styles.fieldset} data-testid="console-token-settings">
        <legend className={styles.legend}>{t.consoleTokens}</legend>
        <p className={styles.hint}>{t.consoleTokensHint}</p>
        {textFields(TOKEN_SETTINGS)}
        <TextArea
          id="admin-setting-console_token_public_key"
          label={t.consoleTokenPublicKey}
          hint={t.consoleTokenPublicKeyHint}
          rows={5}
          value={draft.console_token_public_key ?? ''}
          onChange={(value) => setDraft({ ...draft, console_token_public_key: value })}
        />
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.variant}</legend>
        {FLAG_SETTINGS.map(([key, label]) => (
          <Checkbox key={key} label={t[label] as string} checked={!!draft[key]} onChange={(on) => setDraft({ ...draft, [key]: on })} />
        ))}
      </fieldset>
      <p className={styles.hint}>{t.emptyRemoves}</p>
      <SaveBar state={save.state} onReload={onReload} saving={save.saving} label={t.saveSettings} />
    </form>
  )
}
