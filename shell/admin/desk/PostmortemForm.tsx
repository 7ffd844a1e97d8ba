import { type FormEvent, useState } from 'react'
import type { DeskRecordDetail } from '../../../contract/desk'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { formatTimestamp } from '../../../contract/time.js'
import * as styles from '../admin.css'
import { Checkbox, TextArea } from '../controls'
import { HtmlPreview } from '../HtmlPreview'
import { SaveBar } from '../SaveMessages'
import { useSave } from '../save'
import { savePostmortem } from './api'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { markdownToHtml } from './markdown'
import { mailsText } from './model'

/** Props of {@link PostmortemForm}. */
export interface PostmortemFormProps {
  /** A resolved incident. */
  detail: DeskRecordDetail
  /** The operator's IANA zone. */
  zone: string
  /** After the server accepted it: what to say; the screen reloads the record. */
  onDone: (message: string) => void
}

/**
 * "Postmortem" of a resolved incident (docs/operating/console-and-desk.md#postmortems): Markdown with its preview, "Publish
 * on the post" and "Notify subscribers (once)" → `PUT /api/admin/records/{id}/postmortem`. Says
 * whether it is a draft or published, and when subscribers were notified (then the notify box is
 * gone: a postmortem is mailed once).
 */
export function PostmortemForm({ detail, zone, onDone }: PostmortemFormProps) {
  const saved = detail.postmortem
  const [text, setText] = useState(saved?.body ?? '')
  const [publish, setPublish] = useState(saved ? saved.published_at !== null : true)
  const [notify, setNotify] = useState(false)
  const save = useSave()
  const t = useMessages(deskMessages)
  const locale = useLocale()
  const notified = saved?.notified_at ?? null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      save.setState({ kind: 'invalid', messages: [`${t.postmortem}: ${t.writePostmortem}`] })
      return
    }
    void save.run(async () => {
      const sending = notify && publish && notified === null
      const result = await savePostmortem(detail.id, { body: text, publish, ...(sending ? { notify: true } : {}) })
      const done = publish ? t.postmortemPublished : t.postmortemSaved
      onDone(sending ? mailsText(done, result.mails, locale) : done)
      return undefined
    })
  }
  const state = save.state.kind === 'saved' ? { kind: 'idle' as const } : save.state
  return (
    <section className={desk.action} aria-labelledby="desk-postmortem-title" data-testid="desk-postmortem">
      <h2 className={desk.actionTitle} id="desk-postmortem-title">
        {t.postmortem}
      </h2>
      <p className={styles.note}>{t.postmortemHint}</p>
      <p className={styles.note} data-testid="desk-postmortem-state">
        {saved?.published_at
          ? t.postmortemStatePublished({ time: formatTimestamp(saved.published_at, zone, locale) })
          : saved
            ? t.postmortemStateDraft
            : ''}
        {notified && ` ${t.postmortemNotified({ time: formatTimestamp(notified, zone, locale) })}`}
      </p>
      <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="desk-postmortem-title">
        <TextArea id="desk-postmortem-text" label={t.postmortemMarkdown} rows={10} value={text} onChange={setText} />
        {text.trim() && <HtmlPreview id="desk-postmortem-preview" label={t.postmortemPreview} html={markdownToHtml(text)} />}
        <Checkbox label={t.postmortemPublish} checked={publish} onChange={setPublish} />
        {notified === null && (
          <>
            <Checkbox label={t.postmortemNotify} checked={notify && publish} disabled={!publish} onChange={setNotify} />
            <p className={styles.note}>{t.postmortemNotifyHint}</p>
          </>
        )}
        <SaveBar state={state} saving={save.saving} label={t.savePostmortem} />
      </form>
    </section>
  )
}
