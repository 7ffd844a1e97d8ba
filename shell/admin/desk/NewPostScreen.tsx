import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useState } from 'react'
import type { CatalogData } from '../../../contract/admin'
import type { RecordTemplate } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { $session } from '../../../widgets/core/session'
import { useInvalidFocus } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import { $router } from '../../routes'
import * as shell from '../../shell.css'
import * as styles from '../admin.css'
import { fetchCatalog } from '../api'
import { LoadProblem } from '../LoadProblem'
import { adminMessages, adminNavMessages } from '../messages'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { useLoad } from '../use-load'
import { fetchTemplates, publishRecord } from './api'
import { useFormChoices } from './choices'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import {
  allowedTypes,
  applyTemplate,
  draftErrors,
  invalidFields,
  mailsText,
  mayChange,
  newDraft,
  publishBody,
  type RecordDraft,
} from './model'
import { $deskNotice } from './notice'
import { DESK_PATH, deskRecordPath } from './paths'
import { PostPreview } from './PostPreview'
import { RecordFields } from './RecordFields'
import { SaveAsTemplate, TemplatePicker } from './TemplateControls'

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
  const [draft, setDraft] = useState<RecordDraft>(() =>
    newDraft(permissions, {
      type: query.type,
      severities: catalog.severities,
      clouds: catalog.clouds.length === 1 ? [catalog.clouds[0].machine_name] : [],
      zone,
    }),
  )
  const [applied, setApplied] = useState(false)
  const choices = useFormChoices(draft)
  const save = useSave()
  const { formRef, reportInvalid } = useInvalidFocus()
  const invalid = save.state.kind === 'invalid' ? invalidFields(save.state.messages) : undefined
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
  }, [applied, templates, query.template, draft, permissions, catalog.severities, zone])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const errors = draftErrors(draft, zone, { locale })
    if (errors.length) {
      save.setState({ kind: 'invalid', messages: errors })
      reportInvalid()
      return
    }
    void save.run(async () => {
      const done = await publishRecord(publishBody({ ...draft, terms: choices.prune(draft) }, zone, 'markdown'))
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
          <RecordFields
            prefix="desk-new"
            draft={draft}
            onChange={setDraft}
            mode="new"
            format="markdown"
            permissions={permissions}
            catalog={catalog}
            choices={choices}
            zone={zone}
            invalid={invalid}
            reminderDefault={reminderDefault}
          />
          <SaveMessages state={save.state.kind === 'saved' ? { kind: 'saving' } : save.state} />
          <p className={styles.actions}>
            <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
              {t.publish}
            </button>
            <a href={DESK_PATH}>{t.backToDesk}</a>
          </p>
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
    <section aria-labelledby="admin-title" data-testid="desk-new">
      <h1 className={shell.pageTitle} id="admin-title">
        {nav.newPost}
      </h1>
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
    </section>
  )
}
