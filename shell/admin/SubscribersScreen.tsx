import { type FormEvent, useId, useState } from 'react'
import type { SubscriberImportData, SubscriberImportProblem } from '../../contract/subscribers'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { consoleErrorText } from './errors'
import { adminNavMessages, adminSubscriberMessages } from './messages'
import { EXPORT_PATH, importSubscribers, type ImportResult } from './subscribers-api'
import { ConsoleScreen } from './ConsoleScreen'

/** What the import form shows: nothing yet, sending, the outcome, the bad rows, or a failure's sentence. */
type ImportState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; data: SubscriberImportData }
  | { kind: 'rows'; rows: SubscriberImportProblem[] }
  | { kind: 'failed'; message: string }

/**
 * The subscribers screen (docs/subscriptions.md#subscriber-import-and-export): "Export CSV" downloads
 * `GET /api/admin/subscribers/export`; the import form sends a chosen CSV file to
 * `POST /api/admin/subscribers/import` and shows how many people were invited, or every bad row
 * with its line and reason (nothing is imported then). Without the `subscribers` permission the
 * screen says so and shows neither.
 */
export function SubscribersScreen({ canEdit }: { canEdit: boolean }) {
  const t = useMessages(adminSubscriberMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [state, setState] = useState<ImportState>({ kind: 'idle' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      setState({ kind: 'failed', message: t.chooseFile })
      return
    }
    setState({ kind: 'busy' })
    const result: ImportResult = await importSubscribers(await file.text())
    if (result.kind === 'done') setState({ kind: 'done', data: result.data })
    else if (result.kind === 'rows') setState({ kind: 'rows', rows: result.rows })
    else setState({ kind: 'failed', message: result.status === 413 ? t.tooLarge : consoleErrorText(result.error, locale) })
  }

  return (
    <ConsoleScreen testId="admin-subscribers" title={nav.subscribers}>
      {!canEdit ? (
        <p className={styles.note}>{notPermittedText('subscribers', locale)}</p>
      ) : (
        <>
          <p>{t.intro}</p>
          <h2 className={styles.sectionTitle}>{t.exportTitle}</h2>
          <p className={styles.hint}>{t.exportText}</p>
          <p>
            {/* A named `download` (an empty one would be taken by the router): the server's file name wins. */}
            <a className={forms.secondary} href={EXPORT_PATH} download="subscribers.csv" data-testid="subscribers-export">
              {t.exportLink}
            </a>
          </p>
          <h2 className={styles.sectionTitle}>{t.importTitle}</h2>
          <p className={styles.hint}>{t.importText}</p>
          <form className={forms.form} onSubmit={(e) => void submit(e)} data-testid="subscribers-import">
            <div className={forms.field}>
              <label className={forms.label} htmlFor={fileId}>
                {t.fileLabel}
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null)
                  setState({ kind: 'idle' })
                }}
              />
            </div>
            <p>
              <button type="submit" className={forms.primary} disabled={state.kind === 'busy'}>
                {state.kind === 'busy' ? t.importing : t.importButton}
              </button>
            </p>
          </form>
          {state.kind === 'done' && (
            <div className={forms.successBox} role="status" data-testid="subscribers-result">
              <p>{t.invited(state.data.invited)}</p>
              <p>
                {t.details({
                  invited: String(state.data.already_invited),
                  subscribed: String(state.data.already_subscribed),
                  created: String(state.data.new_accounts),
                })}
              </p>
            </div>
          )}
          {state.kind === 'rows' && (
            <div className={forms.errorBox} role="alert" data-testid="subscribers-problems">
              <p>{t.badRows(state.rows.length)}</p>
              <ul>
                {state.rows.map((r) => (
                  <li key={`${r.line}:${r.reason}`}>
                    <strong>
                      {r.row === r.line ? t.line({ line: String(r.line) }) : t.lineAndRow({ line: String(r.line), row: String(r.row) })}
                    </strong>
                    {': '}
                    <bdi>{r.reason}</bdi>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {state.kind === 'failed' && (
            <p className={forms.errorBox} role="alert">
              {state.message}
            </p>
          )}
        </>
      )}
    </ConsoleScreen>
  )
}
