import { Fragment, useState, type FormEvent } from 'react'
import type { CatalogData } from '../../contract/admin'
import type { CatalogSettings } from '../../contract/catalog'
import { Field } from '../accounts/Field'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { saveCatalogSection } from './api'
import { Checkbox } from './controls'
import { SaveMessages } from './SaveMessages'
import { IDLE, useSave } from './save'

type TextKey = Exclude<keyof CatalogSettings, 'is_gov' | 'is_trust_dr'>

/** Every text setting with its label (keys of `contract/catalog.ts` CatalogSettings). */
const TEXT_SETTINGS: ReadonlyArray<[TextKey, string, string?]> = [
  ['vendor', 'Vendor name'],
  ['sso_alias', 'Single sign-on path', '/sso/login'],
  ['help_site', 'Help site URL', 'https://'],
  ['help_site_gov', 'Help site URL (government)', 'https://'],
  ['continuity_policy', 'Service continuity policy URL', 'https://'],
  ['feedback_email', 'Feedback email address'],
  ['cookie_consent_id', 'Cookie-consent domain id (commercial)'],
  ['cookie_consent_gov_id', 'Cookie-consent domain id (government)'],
  ['status_vm_url', 'Vulnerability management status page URL', 'https://'],
  ['status_branch_url', 'Zero trust branch status page URL', 'https://'],
]

const FLAG_SETTINGS: ReadonlyArray<['is_gov' | 'is_trust_dr', string]> = [
  ['is_gov', 'Government variant of the site'],
  ['is_trust_dr', 'Disaster-recovery variant of the site'],
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
 * /api/admin/catalog/settings`). Without the `catalog` permission the values show as a list.
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
  if (base !== data.revision) {
    setBase(data.revision)
    setDraft(data.catalog.settings)
    if (save.state.kind === 'stale') save.setState(IDLE)
  }

  if (!canEdit) {
    return (
      <dl className={styles.definitions} data-testid="settings-list">
        {TEXT_SETTINGS.map(([key, label]) => (
          <Fragment key={key}>
            <dt>{label}</dt>
            <dd>{data.catalog.settings[key] || '(not set)'}</dd>
          </Fragment>
        ))}
        {FLAG_SETTINGS.map(([key, label]) => (
          <Fragment key={key}>
            <dt>{label}</dt>
            <dd>{data.catalog.settings[key] ? 'Yes' : 'No'}</dd>
          </Fragment>
        ))}
      </dl>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run(async () => {
      const next = await saveCatalogSection('settings', data.revision, settingsOf(draft))
      onSaved(next)
      return { revision: next.revision }
    })
  }

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-label="Edit settings">
      <div className={styles.grid}>
        {TEXT_SETTINGS.map(([key, label, placeholder]) => (
          <Field
            key={key}
            id={`admin-setting-${key}`}
            label={label}
            placeholder={placeholder}
            value={draft[key] ?? ''}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
          />
        ))}
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Variant</legend>
        {FLAG_SETTINGS.map(([key, label]) => (
          <Checkbox key={key} label={label} checked={!!draft[key]} onChange={(on) => setDraft({ ...draft, [key]: on })} />
        ))}
      </fieldset>
      <p className={styles.hint}>An empty field removes its setting.</p>
      <SaveMessages state={save.state} onReload={onReload} />
      <p className={styles.actions}>
        <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
          Save settings
        </button>
      </p>
    </form>
  )
}
