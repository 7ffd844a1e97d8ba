import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useState } from 'react'
import type { CatalogData } from '../../../contract/admin'
import type { RecordTemplate } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { $session } from '../../../widgets/core/session'
import { useInvalidFocus } from '../../accounts/Field'
import { $router } from '../../routes'
import * as styles from '../admin.css'
import { fetchCatalog } from '../api'
import { LoadProblem } from '../LoadProblem'
import { adminMessages, adminNavMessages } from '../messages'
import { SaveBar } from '../SaveMessages'
import { useLoad } from '../use-load'
import { fetchTemplates, publishRecord } from './api'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { allowedTypes, applyTemplate, draftErrors, mailsText, mayChange, newDraft, publishBody } from './model'
import { $deskNotice } from './notice'
import { DESK_PATH, deskRecordPath } from './paths'
import { PostPreview } from './PostPreview'
import { RecordFields } from './RecordFields'
import { useRecordForm } from './record-form'
import { SaveAsTemplate, TemplatePicker } from './TemplateControls'
import { ConsoleScreen } from '../ConsoleScreen'

/** Props of {@link NewPostScreen}. */
export interface NewPostScreenProps {
  permissions: ReadonlySet<Permission>
  /** The query string: `type` (incident, maintenance, advisory, notification) and `template` (an id). */
  query: Readonly<Record<string, string>>
}

/** The form once the catalogue is there. */
function NewPostForm({
  permissions,
  query,
  catalog,
  templates,
  reminderDefault,
}: NewPostScreenProps & {
  catalog: CatalogData['catalog']
  templates: readonly RecordTemplate[] | undefined
  /** The server's reminder lead, minutes; `undefined` until known. */
  reminderDefault: number | undefined
}) {
  const zone = useStore($session).timezone
  const form = useRecordForm(
    () =>
      newDraft(permissions, {
        type: query.type,
        severities: catalog.severities,
        clouds: catalog.clouds.length === 1 ? [catalog.clouds[0].machine_name] : [],
        zone,
      }),
    { permissions, catalog, zone, reminderDefault },
  )
  const [applied, setApplied] = useState(false)
  const { draft, setDraft, save } = form
  const { formRef, reportInvalid } = useInvalidFocus()
  const t = useMessages(deskMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()

  // `?template={id}`: filled in once, as soon as the templates are there.
  useEffect(() => {
    if (applied || !templates || !query.template) return
    setApplied(true)
    const template = templates.find((t) => String(t.id) === query.template)
    const next = template && applyTemplate(draft, template.fields, permissions, catalog.severities, zone)
    if (next) setDraft(next)
  }, [applied, templates, query.template, draft, setDraft, permissions, catalog.severities, zone])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.refuse(draftErrors(draft, zone, { locale }))) {
      reportInvalid()
      return
    }
    void save.run(async () => {
      const done = await publishRecord(publishBody(form.pruned(), zone, 'markdown'))
      $deskNotice.set(mailsText(t.published, done.mails, locale))
      $router.open(deskRecordPath(done.id))
      return undefined
    })
  }

  return (
    <>
      {templates && templates.length > 0 && (
        <TemplatePicker
          templates={templates.filter((t) => mayChange(permissions, t.fields.type, t.fields.notification_type))}
          onApply={(t) => {
            const next = applyTemplate(draft, t.fields, permissions, catalog.severities, zone)
            if (next) setDraft(next)
          }}
        />
      )}
      <div className={desk.split}>
        <form ref={formRef} className={styles.group} onSubmit={submit} noValidate aria-label={nav.newPost}>
          <RecordFields {...form.fields} prefix="desk-new" mode="new" format="markdown" />
          <SaveBar state={save.state.kind === 'saved' ? { kind: 'saving' } : save.state} saving={save.saving} label={t.publish}>
            <a href={DESK_PATH}>{t.backToDesk}</a>
          </SaveBar>
        </form>
        <div className={desk.previewColumn}>
          <PostPreview id="desk-new-preview" draft={draft} format="markdown" severities={catalog.severities} zone={zone} />
        </div>
      </div>
      <SaveAsTemplate draft={draft} format="markdown" />
    </>
  )
}

/**
 * The new post form (`/admin/desk/new?type=&template=`): the fields of {@link RecordFields} with
 * fast defaults (incident, In Progress, Service Degradation, starting now, notify on; only title,
 * clouds and status are needed; maintenance: the server's reminder lead, learnt from the templates
 * answer), a live preview, templates to start from and to save, and Publish
 * (`POST /api/admin/records`), which opens the new record with "Published. {n} emails queued.".
 * Roles that may publish nothing are told so.
 */
export function NewPostScreen({ permissions, query }: NewPostScreenProps) {
  const catalog = useLoad(fetchCatalog)
  const templates = useLoad(fetchTemplates)
  const data = catalog.state.data
  const allowed = allowedTypes(permissions).length > 0
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  return (
    <ConsoleScreen testId="desk-new" title={nav.newPost}>
      {!allowed && (
        <p className={styles.note} role="status">
          {t.mayNotPublishAny} <a href={DESK_PATH}>{t.backToDesk}</a>
        </p>
      )}
      {allowed && (!data || catalog.state.status === 'error') && (
        <LoadProblem state={catalog.state} what={a.theCatalogue} onRetry={catalog.reload} />
      )}
      {allowed && data && (
        <NewPostForm
          permissions={permissions}
          query={query}
          catalog={data.catalog}
          templates={templates.state.data?.templates}
          reminderDefault={templates.state.data?.reminderDefault}
        />
      )}
    </ConsoleScreen>
  )
}
