import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useState } from 'react'
import type { Catalog } from '../../../contract/catalog'
import type { DeskRecordDetail } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { $session } from '../../../widgets/core/session'
import { formatTimestamp } from '../../../contract/time.js'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { fetchCatalog } from '../api'
import { HtmlPreview } from '../HtmlPreview'
import { LoadProblem } from '../LoadProblem'
import { adminMessages, adminNavMessages } from '../messages'
import { SaveBar } from '../SaveMessages'
import { useLoad } from '../use-load'
import { fetchDeskRecord, updateRecord } from './api'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { changesOf, detailDraft, draftErrors, isClosed, mailsText, mayChange, notificationTypeName, typeName, valueName } from './model'
import { $deskNotice } from './notice'
import { DESK_PATH } from './paths'
import { PostmortemForm } from './PostmortemForm'
import { PostPreview } from './PostPreview'
import { CancelForm, PostponeForm, ResolveForm, UpdateForm } from './RecordActions'
import { RecordFields } from './RecordFields'
import { useRecordForm } from './record-form'
import { EventList, UpdateHistory } from './UpdateHistory'
import { ConsoleScreen } from '../ConsoleScreen'
import { AdvisoryFacts, AdvisoryForm } from './advisory/AdvisoryForm'

/** The record's fields in words (read-only roles, and the top of the screen). */
function Facts({ detail, catalog, zone }: { detail: DeskRecordDetail; catalog?: Pick<Catalog, 'clouds' | 'severities'>; zone: string }) {
  const t = useMessages(deskMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  const severityName = catalog?.severities.find((s) => s.tid === detail.severity)?.name
  const severity = severityName ? valueName(severityName, locale) : detail.severity === null ? t.none : `#${detail.severity}`
  const cloudName = (m: string) => catalog?.clouds.find((c) => c.machine_name === m)?.title ?? m
  return (
    <dl className={styles.definitions} data-testid="desk-facts">
      <dt>{t.type}</dt>
      <dd>
        {typeName(detail.type, locale)}
        {detail.notification_type ? ` (${notificationTypeName(detail.notification_type, locale)})` : ''}
      </dd>
      <dt>{t.status}</dt>
      <dd>
        <span className={styles.state}>{valueName(detail.status, locale)}</span>
      </dd>
      {detail.type !== 'notification' && (
        <>
          <dt>{t.severity}</dt>
          <dd>{severity}</dd>
        </>
      )}
      {detail.event_type && (
        <>
          <dt>{t.eventType}</dt>
          <dd>{valueName(detail.event_type, locale)}</dd>
        </>
      )}
      <dt>{nav.clouds}</dt>
      <dd>{detail.clouds.map(cloudName).join(', ') || t.none}</dd>
      <dt>{t.start}</dt>
      <dd>{formatTimestamp(detail.from, zone, locale)}</dd>
      <dt>{t.end}</dt>
      <dd>{detail.to ? formatTimestamp(detail.to, zone, locale) : t.ongoing}</dd>
      <dt>{t.publicPost}</dt>
      <dd>
        <a href={detail.href} data-testid="desk-public-link">
          {t.viewPublicPost}
        </a>
      </dd>
    </dl>
  )
}

/** "Edit the record" (a disclosure): the stored fields (texts as HTML) → `PATCH` of what changed, with notify. */
function EditForm({
  detail,
  catalog,
  permissions,
  zone,
  onDone,
}: {
  detail: DeskRecordDetail
  catalog: Pick<Catalog, 'clouds' | 'severities'>
  permissions: ReadonlySet<Permission>
  zone: string
  onDone: (message: string) => void
}) {
  const form = useRecordForm(() => detailDraft(detail, zone), {
    permissions,
    catalog,
    zone,
    reminderDefault: detail.reminder_default_minutes,
  })
  const { draft, save } = form
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const locale = useLocale()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.refuse(draftErrors(draft, zone, { locale }))) return
    const body = changesOf(detail, form.pruned(), zone)
    if (!body) {
      form.refuse([t.nothingChanged])
      return
    }
    void save.run(async () => {
      const done = await updateRecord(detail.id, body)
      onDone(mailsText(a.saved, done.mails, locale))
      return undefined
    })
  }
  return (
    <div className={desk.split}>
      <form className={styles.group} onSubmit={submit} noValidate aria-label={t.editRecord}>
        <RecordFields {...form.fields} prefix="desk-edit" mode="edit" format="html" />
        <SaveBar state={save.state.kind === 'saved' ? { kind: 'idle' } : save.state} saving={save.saving} label={t.saveChanges} />
      </form>
      <div className={desk.previewColumn}>
        <PostPreview id="desk-edit-preview" draft={draft} format="html" severities={catalog.severities} zone={zone} />
      </div>
    </div>
  )
}

/** Props of {@link RecordScreen}. */
export interface RecordScreenProps {
  /** The record id of the path. */
  id: string
  permissions: ReadonlySet<Permission>
}

/**
 * One record of the desk (`/admin/desk/{id}`, `GET /api/admin/records/{id}`): its facts and a link
 * to the public post; for roles with the permission of its type "Post an update", "Resolve" (while
 * open), for maintenance "Postpone" and "Cancel maintenance", for advisories their "Security details"
 * (`./advisory/AdvisoryForm.tsx`), and "Edit the record" (a disclosure); its update
 * history (newest first, with the resolved-update marker) and its events with their mail counts.
 * Other roles read it. What the last change did ("Published. 3 emails queued.") is said in a
 * status line.
 */
export function RecordScreen({ id, permissions }: RecordScreenProps) {
  const zone = useStore($session).timezone
  const record = useLoad((signal) => fetchDeskRecord(id, signal), id)
  const catalog = useLoad(fetchCatalog)
  const [notice, setNotice] = useState(() => $deskNotice.get())
  const [editing, setEditing] = useState(false)
  useEffect(() => $deskNotice.set(''), [])
  const detail = record.state.data
  const catalogData = catalog.state.data?.catalog
  const canChange = detail ? mayChange(permissions, detail.type, detail.notification_type) : false
  const done = (message: string) => {
    setNotice(message)
    record.reload()
  }
  const open = detail ? !isClosed(detail.status) : false
  // The forms start again from each new state of the record (every change adds an event).
  const version = detail
    ? JSON.stringify([
        detail.status,
        detail.from,
        detail.to,
        detail.events.length,
        detail.updates.length,
        detail.title,
        detail.postmortem?.updated_at,
        detail.advisory?.revisions.length,
      ])
    : ''
  const maintenance = detail?.type === 'maintenance' && open
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)

  return (
    <ConsoleScreen testId="desk-record" title={detail?.title ?? t.recordN({ id })} back={{ href: DESK_PATH, label: nav.desk }}>
      <div role="status" data-testid="desk-notice">
        {notice && <p className={forms.successBox}>{notice}</p>}
      </div>
      {(!detail || record.state.status === 'error') && <LoadProblem state={record.state} what={t.theRecord} onRetry={record.reload} />}
      {detail && (
        <>
          <Facts detail={detail} catalog={catalogData} zone={zone} />
          {!canChange && (
            <p className={styles.note} data-testid="desk-read-only">
              {t.mayNotChange}
            </p>
          )}
          {canChange && (
            <div key={`actions-${version}`}>
              <UpdateForm detail={detail} zone={zone} onDone={done} />
              {open && <ResolveForm detail={detail} zone={zone} onDone={done} />}
              {maintenance && <PostponeForm detail={detail} zone={zone} onDone={done} />}
              {maintenance && <CancelForm detail={detail} zone={zone} onDone={done} />}
              {detail.type === 'incident' && !open && <PostmortemForm detail={detail} zone={zone} onDone={done} />}
            </div>
          )}
          {canChange && detail.type === 'advisory' && (
            <AdvisoryForm key={`advisory-${version}`} detail={detail} clouds={catalogData?.clouds ?? []} zone={zone} onDone={done} />
          )}
          {!canChange && detail.type === 'advisory' && <AdvisoryFacts advisory={detail.advisory} zone={zone} />}
          <UpdateHistory updates={detail.updates} zone={zone} />
          <EventList events={detail.events} zone={zone} />
          {canChange && (
            // Closed at first: the form asks for the services and data centers of every cloud of the record.
            <details className={desk.disclosure} data-testid="desk-edit" onToggle={(e) => setEditing(e.currentTarget.open)}>
              <summary>{t.editRecord}</summary>
              {editing && catalogData && (
                <EditForm
                  key={`edit-${version}`}
                  detail={detail}
                  catalog={catalogData}
                  permissions={permissions}
                  zone={zone}
                  onDone={done}
                />
              )}
              {editing && !catalogData && <LoadProblem state={catalog.state} what={a.theCatalogue} onRetry={catalog.reload} />}
            </details>
          )}
          {!canChange && <HtmlPreview id="desk-body" label={t.body} html={detail.body} />}
        </>
      )}
    </ConsoleScreen>
  )
}
