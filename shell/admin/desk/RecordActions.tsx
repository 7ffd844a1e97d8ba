import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { DeskRecordDetail } from '../../../contract/desk'
import type { PublishData } from '../../../contract/publishing'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox, Select, TextArea } from '../controls'
import { HtmlPreview } from '../HtmlPreview'
import { SaveBar } from '../SaveMessages'
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
export function ActionBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={desk.action} aria-labelledby={id}>
      <h2 className={desk.actionTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * An action's state: its text and notify choice (on by default), and `run`, which saves with the
 * save machinery and then reports the action's mails to the screen.
 */
function useAction(onDone: (message: string) => void) {
  const save = useSave()
  const locale = useLocale()
  const [text, setText] = useState('')
  const [notify, setNotify] = useState(true)
  const run = (done: string, action: () => Promise<PublishData>, after?: () => void) =>
    void save.run(async () => {
      const result = await action()
      after?.()
      onDone(mailsText(done, result.mails, locale))
      return undefined
    })
  // The screen says what happened; the form only shows refusals and progress.
  const state = save.state.kind === 'saved' ? { kind: 'idle' as const } : save.state
  /** The text as an update when there is one, and the notify choice: the body of resolve, postpone and cancel. */
  const closing = () => ({ ...(text.trim() ? { update: text } : {}), notify })
  return { save, run, state, text, setText, notify, setNotify, closing }
}

/** Props of {@link ActionForm}. */
interface ActionFormProps {
  /** The action's name: ids `desk-{name}-title` (its box's heading) and `desk-{name}-text`. */
  name: string
  action: ReturnType<typeof useAction>
  onSubmit: (event: FormEvent) => void
  /** The text's label and height. */
  textLabel: string
  rows?: number
  /** The submit button's text. */
  label: string
  /** Above the text … */
  children?: ReactNode
  /** … below it (a preview) … */
  afterText?: ReactNode
  /** … and beside the submit button. */
  buttons?: ReactNode
}

/** The form of a record action: its own fields, a text, notify, what the save said and submit. */
function ActionForm({ name, action, onSubmit, textLabel, rows = 3, label, children, afterText, buttons }: ActionFormProps) {
  const t = useMessages(deskMessages)
  return (
    <form className={styles.group} onSubmit={onSubmit} noValidate aria-labelledby={`desk-${name}-title`}>
      {children}
      <TextArea id={`desk-${name}-text`} label={textLabel} rows={rows} value={action.text} onChange={action.setText} />
      {afterText}
      <Checkbox label={t.notify} checked={action.notify} onChange={action.setNotify} />
      <SaveBar state={action.state} saving={action.save.saving} label={label}>
        {buttons}
      </SaveBar>
    </form>
  )
}

/**
 * "Post an update": a status and a Markdown text (with its preview) → `PATCH
 * /api/admin/records/{id}` `{ status, update, body_format: 'markdown', notify }`; a new entry of
 * the update history and its email. A new status or a text is needed.
 */
export function UpdateForm({ detail, onDone }: ActionProps) {
  const [status, setStatus] = useState(detail.status)
  const action = useAction(onDone)
  const { text, notify } = action
  const t = useMessages(deskMessages)
  const locale = useLocale()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim() && status === detail.status) {
      action.save.setState({ kind: 'invalid', messages: [`update: ${t.writeUpdate}`] })
      return
    }
    action.run(
      t.updatePosted,
      () =>
        updateRecord(detail.id, {
          ...(status !== detail.status ? { status } : {}),
          ...(text.trim() ? { update: text, body_format: 'markdown' as const } : {}),
          notify,
        }),
      () => action.setText(''),
    )
  }
  return (
    <ActionBox id="desk-update-title" title={t.postAnUpdate}>
      <ActionForm
        name="update"
        action={action}
        onSubmit={submit}
        textLabel={t.updateMarkdown}
        rows={5}
        label={t.postUpdate}
        afterText={text.trim() && <HtmlPreview id="desk-update-preview" label={t.updatePreview} html={markdownToHtml(text)} />}
      >
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
      </ActionForm>
    </ActionBox>
  )
}

/** "Resolve": closes the record now (`POST …/resolve`, status {@link CLOSING_STATUS}) with an optional closing text. */
export function ResolveForm({ detail, onDone }: ActionProps) {
  const action = useAction(onDone)
  const t = useMessages(deskMessages)
  const locale = useLocale()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    action.run(t.resolved, () => resolveRecord(detail.id, action.closing()))
  }
  return (
    <ActionBox id="desk-resolve-title" title={t.resolve}>
      <ActionForm name="resolve" action={action} onSubmit={submit} textLabel={t.closingUpdate} label={t.resolve}>
        <p className={styles.hint}>{t.resolveHint({ status: valueName(CLOSING_STATUS[detail.type], locale) })}</p>
      </ActionForm>
    </ActionBox>
  )
}

/** "Postpone" (maintenance): a new window in the operator's zone (`POST …/postpone`, status Postponed). */
export function PostponeForm({ detail, zone, onDone }: ActionProps) {
  const [from, setFrom] = useState(() => toLocalInput(detail.from, zone))
  const [to, setTo] = useState(() => (detail.to ? toLocalInput(detail.to, zone) : ''))
  const action = useAction(onDone)
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
      action.save.setState({ kind: 'invalid', messages: errors })
      return
    }
    action.run(t.postponed, () => postponeRecord(detail.id, { from: start, to: end, ...action.closing() }))
  }
  return (
    <ActionBox id="desk-postpone-title" title={t.postpone}>
      <ActionForm name="postpone" action={action} onSubmit={submit} textLabel={t.reason} label={t.postpone}>
        <div className={styles.grid}>
          <DateTimeField id="desk-postpone-from" label={t.newStart} value={from} zone={zone} onChange={setFrom} />
          <DateTimeField id="desk-postpone-to" label={t.newEnd} value={to} zone={zone} onChange={setTo} />
        </div>
      </ActionForm>
    </ActionBox>
  )
}

/** "Cancel maintenance": asks first, then `POST …/cancel` (status Archived, shown as cancelled). */
export function CancelForm({ detail, onDone }: ActionProps) {
  const [confirming, setConfirming] = useState(false)
  const action = useAction(onDone)
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
    action.run(t.maintenanceCancelled, () => cancelRecord(detail.id, action.closing()))
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
        <ActionForm
          name="cancel"
          action={action}
          onSubmit={submit}
          textLabel={t.reason}
          label={t.yesCancel}
          buttons={
            <button type="button" className={forms.secondary} onClick={() => setConfirming(false)}>
              {t.keepMaintenance}
            </button>
          }
        >
          <p ref={warning} tabIndex={-1} className={forms.warningBox} data-testid="desk-cancel-confirm">
            {t.cancelConfirm}
          </p>
        </ActionForm>
      )}
    </ActionBox>
  )
}
