import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { DeskRecordDetail } from '../../../contract/desk'
import type { PublishData } from '../../../contract/publishing'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox, Select, TextArea } from '../controls'
import { HtmlPreview } from '../HtmlPreview'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { cancelRecord, postponeRecord, resolveRecord, updateRecord } from './api'
import { DateTimeField } from './DateTimeField'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { markdownToHtml } from './markdown'
import { CLOSING_STATUS, mailsText, statusOptions, valueName } from './model'
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
  const locale = useLocale()
  const run = (done: string, action: () => Promise<PublishData>, after?: () => void) =>
    void save.run(async () => {
      const result = await action()
      after?.()
      onDone(mailsText(done, result.mails, locale))
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
  const t = useMessages(deskMessages)
  const locale = useLocale()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim() && status === detail.status) {
      save.setState({ kind: 'invalid', messages: [`update: ${t.writeUpdate}`] })
      return
    }
    run(
      t.updatePosted,
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
    <ActionBox id="desk-update-title" title={t.postAnUpdate}>
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-update-title">
        <Select
          id="desk-update-status"
          label={t.newStatus}
          value={status}
          options={statusOptions(detail.type, detail.status).map((s) => ({
            value: s,
            label: s === detail.status ? t.unchanged({ status: valueName(s, locale) }) : valueName(s, locale),
          }))}
          onChange={setStatus}
        />
        <TextArea id="desk-update-text" label={t.updateMarkdown} rows={5} value={text} onChange={setText} />
        {text.trim() && <HtmlPreview id="desk-update-preview" label={t.updatePreview} html={markdownToHtml(text)} />}
        <Checkbox label={t.notify} checked={notify} onChange={setNotify} />
        <SaveMessages state={state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            {t.postUpdate}
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
  const t = useMessages(deskMessages)
  const locale = useLocale()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    run(t.resolved, () => resolveRecord(detail.id, { ...(text.trim() ? { update: text } : {}), notify }))
  }
  return (
    <ActionBox id="desk-resolve-title" title={t.resolve}>
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-resolve-title">
        <p className={styles.hint}>{t.resolveHint({ status: valueName(CLOSING_STATUS[detail.type], locale) })}</p>
        <TextArea id="desk-resolve-text" label={t.closingUpdate} rows={3} value={text} onChange={setText} />
        <Checkbox label={t.notify} checked={notify} onChange={setNotify} />
        <SaveMessages state={state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            {t.resolve}
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
  const t = useMessages(deskMessages)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const start = fromLocalInput(from, zone)
    const end = fromLocalInput(to, zone)
    const errors: string[] = []
    if (!start) errors.push(`from: ${t.newFromRequired}`)
    if (!end) errors.push(`to: ${t.newToRequired}`)
    if (start && end && end < start) errors.push(`to: ${t.toBeforeFrom}`)
    if (errors.length || !start || !end) {
      save.setState({ kind: 'invalid', messages: errors })
      return
    }
    run(t.postponed, () => postponeRecord(detail.id, { from: start, to: end, ...(text.trim() ? { update: text } : {}), notify }))
  }
  return (
    <ActionBox id="desk-postpone-title" title={t.postpone}>
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-postpone-title">
        <div className={styles.grid}>
          <DateTimeField id="desk-postpone-from" label={t.newStart} value={from} zone={zone} onChange={setFrom} />
          <DateTimeField id="desk-postpone-to" label={t.newEnd} value={to} zone={zone} onChange={setTo} />
        </div>
        <TextArea id="desk-postpone-text" label={t.reason} rows={3} value={text} onChange={setText} />
        <Checkbox label={t.notify} checked={notify} onChange={setNotify} />
        <SaveMessages state={state} />
        <p className={styles.actions}>
          <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
            {t.postpone}
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
  const t = useMessages(deskMessages)
  useEffect(() => {
    if (confirming) warning.current?.focus()
    else if (asked.current) opener.current?.focus()
    asked.current = confirming
  }, [confirming])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    run(t.maintenanceCancelled, () => cancelRecord(detail.id, { ...(text.trim() ? { update: text } : {}), notify }))
  }
  return (
    <ActionBox id="desk-cancel-title" title={t.cancelMaintenance}>
      {!confirming ? (
        <p className={styles.actions}>
          <button ref={opener} type="button" className={forms.secondary} onClick={() => setConfirming(true)}>
            {t.cancelMaintenance}
          </button>
        </p>
      ) : (
        <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-cancel-title">
          <p ref={warning} tabIndex={-1} className={forms.warningBox} data-testid="desk-cancel-confirm">
            {t.cancelConfirm}
          </p>
          <TextArea id="desk-cancel-text" label={t.reason} rows={3} value={text} onChange={setText} />
          <Checkbox label={t.notify} checked={notify} onChange={setNotify} />
          <SaveMessages state={state} />
          <p className={styles.actions}>
            <button type="submit" className={forms.primary} aria-disabled={save.saving || undefined}>
              {t.yesCancel}
            </button>
            <button type="button" className={forms.secondary} onClick={() => setConfirming(false)}>
              {t.keepMaintenance}
            </button>
          </p>
        </form>
      )}
    </ActionBox>
  )
}
