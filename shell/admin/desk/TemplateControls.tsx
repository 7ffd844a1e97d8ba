import { type FormEvent, useState } from 'react'
import type { RecordTemplate } from '../../../contract/desk'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import { Select } from '../controls'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { saveTemplate } from './api'
import * as desk from './desk.css'
import { type RecordDraft, type TextFormat, templateFields, TYPE_NAMES } from './model'

/** "Start from template": a select of the templates the roles may use and Apply, which fills the form in (the window stays). */
export function TemplatePicker({
  templates,
  onApply,
}: {
  templates: readonly RecordTemplate[]
  onApply: (template: RecordTemplate) => void
}) {
  const [choice, setChoice] = useState('')
  if (!templates.length) return null
  const chosen = templates.find((t) => String(t.id) === choice)
  return (
    <div className={styles.chooser}>
      <Select
        id="desk-template"
        label="Start from template"
        value={choice}
        options={[
          { value: '', label: 'Choose a template…' },
          ...templates.map((t) => ({ value: String(t.id), label: `${t.name} (${TYPE_NAMES[t.fields.type]})` })),
        ]}
        onChange={setChoice}
      >
        <button type="button" className={styles.small} aria-disabled={!chosen || undefined} onClick={() => chosen && onApply(chosen)}>
          Apply template
        </button>
      </Select>
    </div>
  )
}

/** "Save as template": the form's fields (not its window, internal-use fields or notify) under a new name (`POST /api/admin/templates`). */
export function SaveAsTemplate({ draft, format }: { draft: RecordDraft; format: TextFormat }) {
  const [name, setName] = useState('')
  const save = useSave()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      save.setState({ kind: 'invalid', messages: ['name: give the template a name.'] })
      return
    }
    void save.run(async () => {
      const saved = await saveTemplate({ name: trimmed, fields: templateFields(draft, format) })
      setName('')
      return { message: `Template “${saved.name}” saved.` }
    })
  }
  return (
    <details className={desk.disclosure}>
      <summary>Save as template</summary>
      <form className={styles.group} onSubmit={submit} noValidate aria-label="Save as template">
        <p className={styles.hint}>Keeps every field of the form except the times, the internal-use fields and notify.</p>
        <Field
          id="desk-template-name"
          label="Template name"
          value={name}
          maxLength={200}
          aria-invalid={save.state.kind === 'invalid' || undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <SaveMessages state={save.state} />
        <p className={styles.actions}>
          <button type="submit" className={styles.small} aria-disabled={save.saving || undefined}>
            Save template
          </button>
        </p>
      </form>
    </details>
  )
}
