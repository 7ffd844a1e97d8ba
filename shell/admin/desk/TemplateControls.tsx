import { type FormEvent, useState } from 'react'
import type { RecordTemplate } from '../../../contract/desk'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import { Select } from '../controls'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { saveTemplate } from './api'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { type RecordDraft, type TextFormat, templateFields, typeName } from './model'

/** "Start from template": a select of the templates the roles may use and Apply, which fills the form in (the window stays). */
export function TemplatePicker({
  templates,
  onApply,
}: {
  templates: readonly RecordTemplate[]
  onApply: (template: RecordTemplate) => void
}) {
  const [choice, setChoice] = useState('')
  const t = useMessages(deskMessages)
  const locale = useLocale()
  if (!templates.length) return null
  const chosen = templates.find((t) => String(t.id) === choice)
  return (
    <div className={styles.chooser}>
      <Select
        id="desk-template"
        label={t.startFromTemplate}
        value={choice}
        options={[
          { value: '', label: t.chooseTemplate },
          ...templates.map((x) => ({
            value: String(x.id),
            label: t.templateOption({ name: x.name, type: typeName(x.fields.type, locale) }),
          })),
        ]}
        onChange={setChoice}
      >
        <button type="button" className={styles.small} aria-disabled={!chosen || undefined} onClick={() => chosen && onApply(chosen)}>
          {t.applyTemplate}
        </button>
      </Select>
    </div>
  )
}

/** "Save as template": the form's fields (not its window, internal-use fields or notify) under a new name (`POST /api/admin/templates`). */
export function SaveAsTemplate({ draft, format }: { draft: RecordDraft; format: TextFormat }) {
  const [name, setName] = useState('')
  const save = useSave()
  const t = useMessages(deskMessages)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      save.setState({ kind: 'invalid', messages: [`name: ${t.nameTemplate}`] })
      return
    }
    void save.run(async () => {
      const saved = await saveTemplate({ name: trimmed, fields: templateFields(draft, format) })
      setName('')
      return { message: t.templateSaved({ name: saved.name }) }
    })
  }
  return (
    <details className={desk.disclosure}>
      <summary>{t.saveAsTemplate}</summary>
      <form className={styles.group} onSubmit={submit} noValidate aria-label={t.saveAsTemplate}>
        <p className={styles.hint}>{t.saveAsTemplateHint}</p>
        <Field
          id="desk-template-name"
          label={t.templateName}
          value={name}
          maxLength={200}
          aria-invalid={save.state.kind === 'invalid' || undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <SaveMessages state={save.state} />
        <p className={styles.actions}>
          <button type="submit" className={styles.small} aria-disabled={save.saving || undefined}>
            {t.saveTemplate}
          </button>
        </p>
      </form>
    </details>
  )
}
