import { useState, type FormEvent } from 'react'
import { escapeHtml } from '../../contract/text'
import type { AdminCompliancePage } from '../../contract/admin'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { Field } from '../accounts/Field'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { fetchContent, saveCompliance } from './api'
import { useCloudChoices } from './clouds'
import { MoveButtons, moveButtonIds, Select, DataTable, TextArea } from './controls'
import { HtmlPreview } from './HtmlPreview'
import { useFocusLater } from './ListEditor'
import { LoadProblem } from './LoadProblem'
import { adminContentMessages, adminMessages, adminNavMessages } from './messages'
import { addRow, moveItem, removeAt, replaceAt, rowsOf, type Row } from './model'
import { SaveBar } from './SaveMessages'
import { useSave } from './save'
import { useUnsavedChanges } from './unsaved'
import { useLoad } from './use-load'
import { ConsoleScreen } from './ConsoleScreen'

type ComplianceRow = AdminCompliancePage['rows'][number]

/** The form's own checks of the rows: a description and a `YYYY-MM-DD` date each. */
export function complianceErrors(rows: readonly ComplianceRow[], locale: Locale = DEFAULT_LOCALE): string[] {
  const t = adminContentMessages.in(locale).get()
  const errors: string[] = []
  rows.forEach((row, i) => {
    const n = String(i + 1)
    if (!row.description.trim()) errors.push(t.rowDescriptionRequired({ n }))
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.date)) errors.push(t.rowDateRequired({ n }))
  })
  return errors
}

/**
 * The page as visitors will see it: the top HTML, then the table of rows (descriptions are HTML,
 * dates text), sanitised together by the preview.
 */
function previewHtml(top: string, rows: ReadonlyArray<{ description: string; date: string }>, locale: Locale): string {
  const t = adminContentMessages.in(locale).get()
  const description = adminMessages.in(locale).get().description
  const body = rows.map((r) => `<tr><td>${r.description}</td><td>${escapeHtml(r.date)}</td></tr>`).join('')
  const table = `<table><caption>${escapeHtml(t.previewCaption)}</caption><thead><tr><th scope="col">${escapeHtml(description)}</th><th scope="col">${escapeHtml(t.estimatedApproval)}</th></tr></thead><tbody>${body}</tbody></table>`
  return `${top}${rows.length ? table : `<p>${escapeHtml(t.noRowsPreview)}</p>`}`
}

/** A cloud's compliance page: page-top HTML with its preview, and the rows (description, date) in order. */
function ComplianceForm({
  page,
  canEdit,
  onSaved,
}: {
  page: AdminCompliancePage
  canEdit: boolean
  onSaved: (page: AdminCompliancePage) => void
}) {
  const [top, setTop] = useState(page.page_top)
  const [rows, setRows] = useState<Row<ComplianceRow>[]>(() => rowsOf(page.rows))
  const save = useSave()
  const focusLater = useFocusLater()
  const prefix = `admin-compliance-${page.cloud}`
  const t = useMessages(adminContentMessages)
  const a = useMessages(adminMessages)
  const locale = useLocale()
  useUnsavedChanges(canEdit && (top !== page.page_top || JSON.stringify(rows.map((r) => r.value)) !== JSON.stringify(page.rows)))

  if (!canEdit) {
    return (
      <>
        <HtmlPreview id={`${prefix}-preview`} html={page.page_top} />
        <DataTable label={t.approvals} columns={[a.description, t.estimatedDate]}>
          {page.rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no key of their own; the list is read-only here
            <tr key={i}>
              <td>{r.description}</td>
              <td>{r.date}</td>
            </tr>
          ))}
        </DataTable>
      </>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const values = rows.map((r) => ({ description: r.value.description.trim(), date: r.value.date }))
    const errors = complianceErrors(values, locale)
    if (errors.length) {
      save.setState({ kind: 'invalid', messages: errors })
      return
    }
    void save.run(async () => {
      const saved = await saveCompliance(page.cloud, { page_top: top, rows: values })
      setTop(saved.page_top)
      setRows(rowsOf(saved.rows))
      onSaved(saved)
      return undefined
    })
  }
  const set = (i: number, value: ComplianceRow) => setRows(replaceAt(rows, i, { ...rows[i], value }))
  const move = (i: number, delta: number) => {
    const id = rows[i].id
    setRows(moveItem(rows, i, delta))
    focusLater(...moveButtonIds(`${prefix}-${id}`, delta))
  }
  const add = () => {
    const row = addRow(rows, { description: '', date: '' })
    setRows([...rows, row])
    focusLater(`${prefix}-${row.id}-description`)
  }

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-label={t.editCompliance}>
      <TextArea id={`${prefix}-top`} label={t.pageTop} hint={t.pageTopHint} rows={6} value={top} onChange={setTop} />
      <h2 className={styles.sectionTitle}>{t.rows}</h2>
      {rows.length === 0 && <p className={styles.note}>{t.noRows}</p>}
      {rows.map((row, i) => (
        <fieldset key={row.id} className={styles.panel}>
          <legend className={styles.legend}>{t.rowN({ n: String(i + 1) })}</legend>
          <TextArea
            id={`${prefix}-${row.id}-description`}
            label={t.rowDescription({ n: String(i + 1) })}
            rows={2}
            value={row.value.description}
            onChange={(description) => set(i, { ...row.value, description })}
          />
          <Field
            id={`${prefix}-${row.id}-date`}
            label={t.rowDate({ n: String(i + 1) })}
            type="date"
            value={row.value.date}
            onChange={(e) => set(i, { ...row.value, date: e.target.value })}
          />
          <p className={styles.actions}>
            <MoveButtons
              id={`${prefix}-${row.id}`}
              upLabel={t.moveRowUp({ n: String(i + 1) })}
              downLabel={t.moveRowDown({ n: String(i + 1) })}
              atTop={i === 0}
              atBottom={i === rows.length - 1}
              onMove={(delta) => move(i, delta)}
            />
            <button
              type="button"
              className={styles.small}
              aria-label={t.removeRow({ n: String(i + 1) })}
              onClick={() => {
                setRows(removeAt(rows, i))
                focusLater(`${prefix}-add`)
              }}
            >
              {a.remove}
            </button>
          </p>
        </fieldset>
      ))}
      <p className={styles.actions}>
        <button type="button" id={`${prefix}-add`} className={forms.secondary} onClick={add}>
          {t.addRow}
        </button>
      </p>
      <HtmlPreview
        id={`${prefix}-preview`}
        html={previewHtml(
          top,
          rows.map((r) => r.value),
          locale,
        )}
      />
      <SaveBar state={save.state} saving={save.saving} label={t.saveCompliance} />
    </form>
  )
}

/**
 * The compliance screen (`/admin/content/compliance`): a cloud's page top and approval rows,
 * saved with `PUT /api/admin/compliance/{cloud}`. Without the `compliance` permission: read-only.
 */
export function ComplianceScreen({ canEdit }: { canEdit: boolean }) {
  const content = useLoad(fetchContent)
  const data = content.state.data
  const clouds = useCloudChoices(data?.compliance.map((c) => c.cloud) ?? []).filter((c) =>
    data?.compliance.some((p) => p.cloud === c.value),
  )
  const [choice, setChoice] = useState('')
  const cloud = clouds.some((c) => c.value === choice) ? choice : (clouds[0]?.value ?? '')
  const page = data?.compliance.find((p) => p.cloud === cloud)
  const t = useMessages(adminContentMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()

  const saved = (next: AdminCompliancePage) => {
    if (data) content.replace({ ...data, compliance: data.compliance.map((p) => (p.cloud === next.cloud ? next : p)) })
  }

  return (
    <ConsoleScreen testId="admin-compliance" title={nav.compliance}>
      {!canEdit && <p className={styles.note}>{notPermittedText('compliance', locale)}</p>}
      {(!data || content.state.status === 'error') && (
        <LoadProblem state={content.state} what={t.theCompliancePages} onRetry={content.reload} />
      )}
      {data && (
        <>
          <div className={styles.chooser}>
            <Select id="admin-compliance-cloud" label={a.cloud} value={cloud} options={clouds} onChange={setChoice} />
          </div>
          {page ? (
            <ComplianceForm key={cloud} page={page} canEdit={canEdit} onSaved={saved} />
          ) : (
            <p className={styles.note}>{t.noCompliancePage}</p>
          )}
        </>
      )}
    </ConsoleScreen>
  )
}
