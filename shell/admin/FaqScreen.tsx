import { useState, type FormEvent } from 'react'
import type { AdminFaqPage, ContentData } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { Field } from '../accounts/Field'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { fetchContent, saveFaq } from './api'
import { useCloudChoices } from './clouds'
import { Select, TextArea } from './controls'
import { HtmlPreview } from './HtmlPreview'
import { LoadProblem } from './LoadProblem'
import { adminContentMessages, adminMessages, adminNavMessages } from './messages'
import { SaveBar } from './SaveMessages'
import { useSave } from './save'
import { useUnsavedChanges } from './unsaved'
import { useLoad } from './use-load'
import { ConsoleScreen } from './ConsoleScreen'

/** The `<select>` value of the shared page (a cloud's is its machine name). */
const SHARED = ''

/** One FAQ page's form: title, HTML body and its live, sanitised preview. */
function FaqForm({ page, canEdit, onSaved }: { page: AdminFaqPage; canEdit: boolean; onSaved: (page: AdminFaqPage) => void }) {
  const [draft, setDraft] = useState(page)
  const save = useSave()
  const prefix = `admin-faq-${page.cloud ?? 'shared'}`
  const t = useMessages(adminContentMessages)
  const a = useMessages(adminMessages)
  useUnsavedChanges(canEdit && (draft.title !== page.title || draft.body !== page.body))

  if (!canEdit) {
    return (
      <>
        <h2 className={styles.sectionTitle}>{page.title || t.noTitle}</h2>
        <HtmlPreview id={`${prefix}-preview`} html={page.body} />
      </>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const title = draft.title.trim()
    if (!title) {
      save.setState({ kind: 'invalid', messages: [`title: ${a.titleRequired}`] })
      return
    }
    void save.run(async () => {
      const saved = await saveFaq({ ...draft, title })
      setDraft(saved)
      onSaved(saved)
      return undefined
    })
  }

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-label={t.editFaq}>
      <Field
        id={`${prefix}-title`}
        label={a.title}
        value={draft.title}
        maxLength={200}
        onChange={(e) => setDraft({ ...draft, title: e.target.value })}
      />
      <TextArea
        id={`${prefix}-body`}
        label={a.bodyFormat({ format: 'HTML' })}
        hint={t.faqHint}
        rows={14}
        value={draft.body}
        onChange={(body) => setDraft({ ...draft, body })}
      />
      <HtmlPreview id={`${prefix}-preview`} html={draft.body} />
      <SaveBar state={save.state} saving={save.saving} label={t.saveFaq} />
    </form>
  )
}

/**
 * The FAQ screen (`/admin/content/faq`): the shared page or a cloud's own, edited as HTML with a
 * live preview and saved with `PUT /api/admin/faq`. Without the `faq` permission: read-only.
 */
export function FaqScreen({ canEdit }: { canEdit: boolean }) {
  const content = useLoad(fetchContent)
  const [choice, setChoice] = useState(SHARED)
  const data = content.state.data
  const clouds = useCloudChoices(data?.compliance.map((c) => c.cloud) ?? [])
  const cloud = choice === SHARED ? null : choice
  const page = data?.faq.find((p) => p.cloud === cloud) ?? { cloud, title: '', body: '' }
  const own = new Set(data?.faq.map((p) => p.cloud))
  const t = useMessages(adminContentMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()

  const saved = (next: AdminFaqPage) => {
    if (!data) return
    const faq = data.faq.some((p) => p.cloud === next.cloud)
      ? data.faq.map((p) => (p.cloud === next.cloud ? next : p))
      : [...data.faq, next]
    content.replace({ ...data, faq } satisfies ContentData)
  }

  return (
    <ConsoleScreen testId="admin-faq" title={nav.faq}>
      {!canEdit && <p className={styles.note}>{notPermittedText('faq', locale)}</p>}
      {(!data || content.state.status === 'error') && <LoadProblem state={content.state} what={t.theFaq} onRetry={content.reload} />}
      {data && (
        <>
          <div className={styles.chooser}>
            <Select
              id="admin-faq-page"
              label={t.page}
              value={choice}
              options={[
                { value: SHARED, label: t.sharedPage },
                ...clouds.map((c) => ({ value: c.value, label: own.has(c.value) ? c.label : t.usesShared({ cloud: c.label }) })),
              ]}
              onChange={setChoice}
            />
          </div>
          <FaqForm key={choice} page={page} canEdit={canEdit} onSaved={saved} />
        </>
      )}
    </ConsoleScreen>
  )
}
