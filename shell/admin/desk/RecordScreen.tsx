import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useState } from 'react'
import type { Catalog } from '../../../contract/catalog'
import type { DeskRecordDetail } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import { $session } from '../../../widgets/core/session'
import { formatTimestamp } from '../../../widgets/core/time'
import * as forms from '../../accounts/accounts.css'
import * as shell from '../../shell.css'
import * as styles from '../admin.css'
import { fetchCatalog } from '../api'
import { HtmlPreview } from '../HtmlPreview'
import { LoadProblem } from '../LoadProblem'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { useLoad } from '../use-load'
import { fetchDeskRecord, updateRecord } from './api'
import { useFormChoices } from './choices'
import * as desk from './desk.css'
import {
  changesOf,
  detailDraft,
  draftErrors,
  invalidFields,
  isClosed,
  mailsText,
  mayChange,
  NOTIFICATION_TYPE_NAMES,
  type RecordDraft,
  TYPE_NAMES,
} from './model'
import { $deskNotice } from './notice'
import { DESK_PATH } from './paths'
import { PostPreview } from './PostPreview'
import { CancelForm, PostponeForm, ResolveForm, UpdateForm } from './RecordActions'
import { RecordFields } from './RecordFields'
import { EventList, UpdateHistory } from './UpdateHistory'

/** The record's fields in words (read-only roles, and the top of the screen). */
function Facts({ detail, catalog, zone }: { detail: DeskRecordDetail; catalog?: Pick<Catalog, 'clouds' | 'severities'>; zone: string }) {
  const severity =
    catalog?.severities.find((s) => s.tid === detail.severity)?.name ?? (detail.severity === null ? 'None' : `#${detail.severity}`)
  const cloudName = (m: string) => catalog?.clouds.find((c) => c.machine_name === m)?.title ?? m
  return (
    <dl className={styles.definitions} data-testid="desk-facts">
      <dt>Type</dt>
      <dd>
        {TYPE_NAMES[detail.type]}
        {detail.notification_type ? ` (${NOTIFICATION_TYPE_NAMES[detail.notification_type]})` : ''}
      </dd>
      <dt>Status</dt>
      <dd>
        <span className={styles.state}>{detail.status}</span>
      </dd>
      {detail.type !== 'notification' && (
        <>
          <dt>Severity</dt>
          <dd>{severity}</dd>
        </>
      )}
      {detail.event_type && (
        <>
          <dt>Event type</dt>
          <dd>{detail.event_type}</dd>
        </>
      )}
      <dt>Clouds</dt>
      <dd>{detail.clouds.map(cloudName).join(', ') || 'None'}</dd>
      <dt>Start</dt>
      <dd>{formatTimestamp(detail.from, zone)}</dd>
      <dt>End</dt>
      <dd>{detail.to ? formatTimestamp(detail.to, zone) : 'Ongoing'}</dd>
      <dt>Public post</dt>
      <dd>
        <a href={detail.href} data-testid="desk-public-link">
          View the public post
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
  const [draft, setDraft] = useState<RecordDraft>(() => detailDraft(detail, zone))
  const choices = useFormChoices(draft)
  const save = useSave()
  const invalid = save.state.kind === 'invalid' ? invalidFields(save.state.messages) : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const errors = draftErrors(draft, zone)
    if (errors.length) {
      save.setState({ kind: 'invalid', messages: errors })
      return
    }
    const body = changesOf(detail, { ...draft, terms: choices.prune(draft) }, zone)
    if (!body) {
      save.setState({ kind: 'invalid', messages: ['Nothing changed: edit a field first.'] })
      return
    }
    void save.run(async () => {
      const done = await updateRecord(detail.id, body)
      onDone(mailsText('Saved.', done.mails))
      return undefined
    })
  }
  return (
    <div className={desk.split}>
      <form className={styles.group} onSubmit={submit} noValidate aria-label="Edit the record">
        <RecordFields
          prefix="desk-edit"
          draft={draft}
          onChange={setDraft}
          mode="edit"
          format="html"
          permissions={permissions}
          catalog={catalog}
          choices={choices}
          zone={zone}
          invalid={invalid}
        />
        <SaveMessages state={save.state.kind === 'saved' ? { kind: 'idle' } : save.state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            Save changes
          </button>
        </p>
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
 * open), for maintenance "Postpone" and "Cancel maintenance", and "Edit the record" (a disclosure); its update
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
    ? JSON.stringify([detail.status, detail.from, detail.to, detail.events.length, detail.updates.length, detail.title])
    : ''
  const maintenance = detail?.type === 'maintenance' && open

  return (
    <section aria-labelledby="admin-title" data-testid="desk-record">
      <p className={styles.subNav}>
        <a href={DESK_PATH}>← Incident desk</a>
      </p>
      <h1 className={shell.pageTitle} id="admin-title">
        {detail?.title ?? `Record ${id}`}
      </h1>
      <div role="status" data-testid="desk-notice">
        {notice && <p className={forms.successBox}>{notice}</p>}
      </div>
      {(!detail || record.state.status === 'error') && <LoadProblem state={record.state} what="the record" onRetry={record.reload} />}
      {detail && (
        <>
          <Facts detail={detail} catalog={catalogData} zone={zone} />
          {!canChange && (
            <p className={styles.note} data-testid="desk-read-only">
              Your roles do not allow you to change this record; you can read it.
            </p>
          )}
          {canChange && (
            <div key={`actions-${version}`}>
              <UpdateForm detail={detail} zone={zone} onDone={done} />
              {open && <ResolveForm detail={detail} zone={zone} onDone={done} />}
              {maintenance && <PostponeForm detail={detail} zone={zone} onDone={done} />}
              {maintenance && <CancelForm detail={detail} zone={zone} onDone={done} />}
            </div>
          )}
          <UpdateHistory updates={detail.updates} zone={zone} />
          <EventList events={detail.events} zone={zone} />
          {canChange && (
            // Closed at first: the form asks for the services and data centers of every cloud of the record.
            <details className={desk.disclosure} data-testid="desk-edit" onToggle={(e) => setEditing(e.currentTarget.open)}>
              <summary>Edit the record</summary>
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
              {editing && !catalogData && <LoadProblem state={catalog.state} what="the catalogue" onRetry={catalog.reload} />}
            </details>
          )}
          {!canChange && <HtmlPreview id="desk-body" label="Body" html={detail.body} />}
        </>
      )}
    </section>
  )
}
