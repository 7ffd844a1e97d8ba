import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { Catalog } from '../../../contract/catalog'
import type { RecordTemplate } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { $session } from '../../../widgets/core/session'
import { formatTimestamp } from '../../../contract/time.js'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { fetchCatalog } from '../api'
import { InlineConfirm } from '../controls'
import { LoadProblem } from '../LoadProblem'
import { adminMessages, adminNavMessages } from '../messages'
import { SaveBar, SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { useLoad } from '../use-load'
import { deleteTemplate, fetchTemplates, saveTemplate } from './api'
import { deskMessages } from './messages'
import { allowedTypes, applyTemplate, draftErrors, mayChange, newDraft, type RecordDraft, templateFields, typeName } from './model'
import { DESK_PATH, newPostPath } from './paths'
import { RecordFields } from './RecordFields'
import { useRecordForm } from './record-form'
import { ConsoleScreen } from '../ConsoleScreen'

/** The template being edited: a stored one, or a new one (`id` absent). */
interface Editing {
  /** Changes with each template opened (the form's key). */
  seq: number
  id?: number
  name: string
  draft: RecordDraft
}

/** The form of one template: its name and the record fields a template keeps. */
function TemplateForm({
  editing,
  catalog,
  permissions,
  zone,
  reminderDefault,
  onSaved,
  onClose,
}: {
  editing: Editing
  catalog: Pick<Catalog, 'clouds' | 'severities'>
  permissions: ReadonlySet<Permission>
  zone: string
  /** The server's reminder lead, minutes; `undefined` until known. */
  reminderDefault: number | undefined
  onSaved: (template: RecordTemplate) => void
  onClose: () => void
}) {
  const [name, setName] = useState(editing.name)
  const form = useRecordForm(editing.draft, { permissions, catalog, zone, reminderDefault })
  const { draft, save } = form
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const invalid = form.fields.invalid
  const t = useMessages(deskMessages)
  const locale = useLocale()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.refuse([...(name.trim() ? [] : [`name: ${t.nameTemplate}`]), ...draftErrors(draft, zone, { template: true, locale })])) return
    void save.run(async () => {
      const saved = await saveTemplate({ name: name.trim(), fields: templateFields(form.pruned()) }, editing.id)
      onSaved(saved)
      return { message: t.templateSaved({ name: saved.name }) }
    })
  }
  const title = editing.id === undefined ? t.newTemplate : t.editTemplate({ name: editing.name })
  return (
    <section className={styles.panel} aria-labelledby="desk-template-form">
      <h2 className={styles.subTitle} id="desk-template-form" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-template-form">
        <Field
          id="desk-template-edit-name"
          label={t.templateName}
          value={name}
          maxLength={200}
          aria-invalid={invalid?.has('name') || undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <RecordFields {...form.fields} prefix="desk-template" mode="template" format="markdown" />
        <SaveBar state={save.state} saving={save.saving} label={t.saveTemplate}>
          <button type="button" className={forms.secondary} onClick={onClose}>
            {t.close}
          </button>
        </SaveBar>
      </form>
    </section>
  )
}

/** "Delete “name”?" with Yes, delete and Keep it; focus moves to Keep it, the safe answer. */
function ConfirmDelete({ name, busy, onYes, onNo }: { name: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const t = useMessages(deskMessages)
  return <InlineConfirm question={t.deleteConfirm({ name })} yes={t.yesDelete} no={t.keepIt} busy={busy} onYes={onYes} onNo={onNo} />
}

/**
 * The templates of the desk (`/admin/desk/templates`, `GET /api/admin/templates`): each with Use
 * (a new post from it), Edit (its name and fields, `PUT`) and Delete (after a confirmation,
 * `DELETE`), and New template (`POST`). Templates of types the roles may not publish are read-only.
 */
export function TemplatesScreen({ permissions }: { permissions: ReadonlySet<Permission> }) {
  const zone = useStore($session).timezone
  const templates = useLoad(fetchTemplates)
  const catalog = useLoad(fetchCatalog)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [confirming, setConfirming] = useState<number | null>(null)
  const [message, setMessage] = useState('')
  const removal = useSave()
  const list = templates.state.data?.templates
  const cat = catalog.state.data?.catalog
  const canCreate = allowedTypes(permissions).length > 0
  const mayEdit = (t: RecordTemplate) => mayChange(permissions, t.fields.type, t.fields.notification_type)
  const m = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()

  const edit = (t: RecordTemplate) => {
    if (!cat) return
    const base = newDraft(permissions, { type: t.fields.type, severities: cat.severities, zone })
    const draft = applyTemplate(base, t.fields, permissions, cat.severities, zone) ?? base
    setMessage('')
    setEditing({ seq: (editing?.seq ?? 0) + 1, id: t.id, name: t.name, draft })
  }
  const create = () => {
    if (!cat) return
    setMessage('')
    setEditing({ seq: (editing?.seq ?? 0) + 1, name: '', draft: newDraft(permissions, { severities: cat.severities, zone }) })
  }
  const remove = (t: RecordTemplate) =>
    void removal.run(async () => {
      await deleteTemplate(t.id)
      setConfirming(null)
      if (editing?.id === t.id) setEditing(null)
      setMessage(m.templateDeleted({ name: t.name }))
      templates.reload()
      return undefined
    })

  return (
    <ConsoleScreen testId="desk-templates" title={nav.templates} back={{ href: DESK_PATH, label: nav.desk }}>
      <p className={styles.note}>{m.templatesIntro}</p>
      {!canCreate && <p className={styles.note}>{m.mayNotChangeTemplates}</p>}
      <div role="status">{message && <p className={forms.successBox}>{message}</p>}</div>
      <SaveMessages state={removal.state.kind === 'saved' ? { kind: 'idle' } : removal.state} />
      {(!list || templates.state.status === 'error') && (
        <LoadProblem state={templates.state} what={m.theTemplates} onRetry={templates.reload} />
      )}
      {list && list.length === 0 && <p className={styles.note}>{m.noTemplates}</p>}
      {list && list.length > 0 && (
        <ul className={styles.list} data-testid="desk-template-list">
          {list.map((t) => (
            <li key={t.id} className={styles.listItem} data-editing={editing?.id === t.id || undefined}>
              <span className={styles.itemText}>
                <strong>{t.name}</strong>
                <span className={styles.itemDetail}>
                  {m.templateDetail({
                    type: typeName(t.fields.type, locale),
                    time: formatTimestamp(t.updated, zone, locale),
                    user: t.updated_by,
                  })}
                  {!mayEdit(t) && m.readOnlyDetail}
                </span>
              </span>
              {confirming === t.id ? (
                <ConfirmDelete name={t.name} busy={removal.saving} onYes={() => remove(t)} onNo={() => setConfirming(null)} />
              ) : (
                <span className={styles.actions}>
                  {mayEdit(t) && (
                    <a className={styles.small} href={newPostPath(t.fields.type, t.id)} aria-label={m.pickName({ name: t.name })}>
                      {m.pick}
                    </a>
                  )}
                  {mayEdit(t) && cat && (
                    <button type="button" className={styles.small} aria-label={a.editItem({ name: t.name })} onClick={() => edit(t)}>
                      {a.edit}
                    </button>
                  )}
                  {mayEdit(t) && (
                    <button
                      type="button"
                      className={styles.small}
                      aria-label={m.deleteName({ name: t.name })}
                      onClick={() => setConfirming(t.id)}
                    >
                      {m.delete}
                    </button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canCreate && cat && !editing && (
        <p className={styles.actions}>
          <button type="button" className={forms.primary} onClick={create}>
            {m.newTemplate}
          </button>
        </p>
      )}
      {!cat && canCreate && catalog.state.status === 'error' && (
        <LoadProblem state={catalog.state} what={a.theCatalogue} onRetry={catalog.reload} />
      )}
      {editing && cat && (
        <TemplateForm
          key={editing.seq}
          editing={editing}
          catalog={cat}
          permissions={permissions}
          zone={zone}
          reminderDefault={templates.state.data?.reminderDefault}
          onSaved={(saved) => {
            setEditing((e) => e && { ...e, id: saved.id, name: saved.name })
            templates.reload()
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </ConsoleScreen>
  )
}
