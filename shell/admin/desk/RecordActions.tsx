import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { DeskRecordDetail } from '../../../contract/desk'
import type { PublishData } from '../../../contract/publishing'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox, Select, TextArea } from '../controls'
import { HtmlPreview } from '../HtmlPreview'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { cancelRecord, postponeRecord, resolveRecord, updateRecord } from './api'
import { DateTimeField } from './DateTimeField'
import * as desk from './desk.css'
import { markdownToHtml } from './markdown'
import { CLOSING_STATUS, mailsText, statusOptions } from './model'
import { fromLocalInput, toLocalInput } from './zone'

/** Props every action of a record shares. */
interface ActionProps {
  detail: DeskRecordDetail
  /** The operator's IANA zone. */
  zone: string
  /** After the server accepted it: what to say ("Update posted. 3 emails queued."); the screen reloads the record. */
  onDone: (message: string) => void
}

/** One action's box: a heading naming its form. */
function ActionBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={desk.action} aria-labelledby={id}>
      <h2 className={desk.actionTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Runs an action with the save machinery, then reports its mails to the screen. */
function useAction(onDone: (message: string) => void) {
  const save = useSave()
  const run = (done: string, action: () => Promise<PublishData>, after?: () => void) =>
    void save.run(async () => {
      const result = await action()
      after?.()
      onDone(mailsText(done, result.mails))
      return undefined
    })
  // The screen says what happened; the form only shows refusals and progress.
  const state = save.state.kind === 'saved' ? { kind: 'idle' as const } : save.state
  return { save, run, state }
}

/**
 * "Post an update": a status and a Markdown text (with its preview) → `PATCH
 * /api/admin/records/{id}` `{ status, update, body_format: 'markdown', notify }`; a new entry of
 * the update history and its email. A new status or a text is needed.
 */
export function UpdateForm({ detail, onDone }: ActionProps) {
  const [status, setStatus] = useState(detail.status)
  const [text, setText] = useState('')
  const [notify, setNotify] = useState(true)
  const { save, run, state } = useAction(onDone)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim() && status === detail.status) {
      save.setState({ kind: 'invalid', messages: ['update: write the update, or choose a new status.'] })
      return
    }
    run(
      'Update posted.',
      () =>
        updateRecord(detail.id, {
          ...(status !== detail.status ? { status } : {}),
          ...(text.trim() ? { update: text, body_format: 'markdown' as const } : {}),
          notify,
        }),
      () => setText(''),
    )
  }
  return (
    <ActionBox id="desk-update-title" title="Post an update">
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-update-title">
        <Select
          id="desk-update-status"
          label="New status"
          value={status}
          options={statusOptions(detail.type, detail.status).map((s) => ({
            value: s,
            label: s === detail.status ? `${s} (unchanged)` : s,
          }))}
          onChange={setStatus}
        />
        <TextArea id="desk-update-text" label="Update (Markdown)" rows={5} value={text} onChange={setText} />
        {text.trim() && <HtmlPreview id="desk-update-preview" label="Update preview" html={markdownToHtml(text)} />}
        <Checkbox label="Notify subscribers" checked={notify} onChange={setNotify} />
        <SaveMessages state={state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            Post update
          </button>
        </p>
      </form>
    </ActionBox>
  )
}

/** "Resolve": closes the record now (`POST …/resolve`, status {@link CLOSING_STATUS}) with an optional closing text. */
export function ResolveForm({ detail, onDone }: ActionProps) {
  const [text, setText] = useState('')
  const [notify, setNotify] = useState(true)
  const { save, run, state } = useAction(onDone)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    run('Resolved.', () => resolveRecord(detail.id, { ...(text.trim() ? { update: text } : {}), notify }))
  }
  return (
    <ActionBox id="desk-resolve-title" title="Resolve">
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-resolve-title">
        <p className={styles.hint}>Sets the status to {CLOSING_STATUS[detail.type]} now and marks the entry as the resolved update.</p>
        <TextArea id="desk-resolve-text" label="Closing update (Markdown, optional)" rows={3} value={text} onChange={setText} />
        <Checkbox label="Notify subscribers" checked={notify} onChange={setNotify} />
        <SaveMessages state={state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            Resolve
          </button>
        </p>
      </form>
    </ActionBox>
  )
}

/** "Postpone" (maintenance): a new window in the operator's zone (`POST …/postpone`, status Postponed). */
export function PostponeForm({ detail, zone, onDone }: ActionProps) {
  const [from, setFrom] = useState(() => toLocalInput(detail.from, zone))
  const [to, setTo] = useState(() => (detail.to ? toLocalInput(detail.to, zone) : ''))
  const [text, setText] = useState('')
  const [notify, setNotify] = useState(true)
  const { save, run, state } = useAction(onDone)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const start = fromLocalInput(from, zone)
    const end = fromLocalInput(to, zone)
    const errors: string[] = []
    if (!start) errors.push('from: enter the new start date and time.')
    if (!end) errors.push('to: enter the new end date and time.')
    if (start && end && end < start) errors.push('to: must not be before the start.')
    if (errors.length || !start || !end) {
      save.setState({ kind: 'invalid', messages: errors })
      return
    }
    run('Postponed.', () => postponeRecord(detail.id, { from: start, to: end, ...(text.trim() ? { update: text } : {}), notify }))
  }
  return (
    <ActionBox id="desk-postpone-title" title="Postpone">
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-postpone-title">
        <div className={styles.grid}>
          <DateTimeField id="desk-postpone-from" label="New start time" value={from} zone={zone} onChange={setFrom} />
          <DateTimeField id="desk-postpone-to" label="New end time" value={to} zone={zone} onChange={setTo} />
        </div>
        <TextArea id="desk-postpone-text" label="Reason (Markdown, optional)" rows={3} value={text} onChange={setText} />
        <Checkbox label="Notify subscribers" checked={notify} onChange={setNotify} />
        <SaveMessages state={state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            Postpone
          </button>
        </p>
      </form>
    </ActionBox>
  )
}

/** "Cancel maintenance": asks first, then `POST …/cancel` (status Archived, shown as cancelled). */
export function CancelForm({ detail, onDone }: ActionProps) {
  const [confirming, setConfirming] = useState(false)
  const [text, setText] = useState('')
  const [notify, setNotify] = useState(true)
  const { save, run, state } = useAction(onDone)
  const warning = useRef<HTMLParagraphElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  useEffect(() => {
    if (confirming) warning.current?.focus()
    else if (asked.current) opener.current?.focus()
    asked.current = confirming
  }, [confirming])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    run('Maintenance cancelled.', () => cancelRecord(detail.id, { ...(text.trim() ? { update: text } : {}), notify }))
  }
  return (
    <ActionBox id="desk-cancel-title" title="Cancel maintenance">
      {!confirming ? (
        <p className={styles.actions}>
          <button ref={opener} type="button" className={forms.secondary} onClick={() => setConfirming(true)}>
            Cancel maintenance
          </button>
        </p>
      ) : (
        <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-cancel-title">
          <p ref={warning} tabIndex={-1} className={forms.warningBox} data-testid="desk-cancel-confirm">
            Cancel this maintenance? It will show as cancelled, and subscribers are told it will not take place. This cannot be undone.
          </p>
          <TextArea id="desk-cancel-text" label="Reason (Markdown, optional)" rows={3} value={text} onChange={setText} />
          <Checkbox label="Notify subscribers" checked={notify} onChange={setNotify} />
          <SaveMessages state={state} />
          <p className={styles.actions}>
            <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
              Yes, cancel maintenance
            </button>
            <button type="button" className={forms.secondary} onClick={() => setConfirming(false)}>
              Keep the maintenance
            </button>
          </p>
        </form>
      )}
    </ActionBox>
  )
}
