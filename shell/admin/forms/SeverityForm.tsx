import type { CatalogSeverityEntry } from '../../../contract/catalog'
import { termName } from '../../../contract/terms'
import { useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import { Checkbox } from '../controls'
import * as styles from '../admin.css'
import { draftsAsValue, type ItemFormProps, type ListSpec } from '../ListEditor'
import { KeyHint } from './KeyHint'
import { adminFormsMessages } from './messages'

/** A severity as the form edits it: a new one has no id until the server assigns it on save. */
export type SeverityDraft = CatalogSeverityEntry

/**
 * A severity's fields: name, colour, icons, legend, and a saved one's id (read-only: records and
 * the API refer to it). A new severity has no id field: the server assigns the id when it is saved.
 */
export function SeverityForm({ value, onChange, isNew, idPrefix }: ItemFormProps<SeverityDraft>) {
  const t = useMessages(adminFormsMessages)
  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        {value.tid !== undefined && (
          <Field id={`${idPrefix}-tid`} label={t.tid} value={String(value.tid)} readOnly aria-describedby={`${idPrefix}-key-hint`} />
        )}
        <Field id={`${idPrefix}-name`} label={t.name} value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
        <Field
          id={`${idPrefix}-colour`}
          label={t.colour}
          value={value.color_code}
          placeholder="#d32f2f"
          onChange={(e) => onChange({ ...value, color_code: e.target.value })}
        />
        <Field id={`${idPrefix}-icon`} label={t.icon} value={value.icon} onChange={(e) => onChange({ ...value, icon: e.target.value })} />
        <Field
          id={`${idPrefix}-status-icon`}
          label={t.statusIcon}
          value={value.status_icon}
          onChange={(e) => onChange({ ...value, status_icon: e.target.value })}
        />
      </div>
      {value.tid === undefined ? (
        <p className={styles.hint} id={`${idPrefix}-key-hint`}>
          {t.idOnSave}
        </p>
      ) : (
        <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="id" />
      )}
      <Checkbox label={t.showLegend} checked={value.show_legend} onChange={(show_legend) => onChange({ ...value, show_legend })} />
    </div>
  )
}

/** The severities section, most severe first. */
export const SEVERITIES: ListSpec<SeverityDraft> = {
  noun: 'nounSeverity',
  fromCatalog: (c) => c.severities,
  // New severities go without an id: the server assigns it.
  toValue: draftsAsValue,
  // A default name (`Service Disruption`) in the console's language, as visitors see it; an operator's own as written.
  label: (s, locale) => termName(s.name, locale),
  detail: (s, _catalog, locale) => {
    const t = adminFormsMessages.in(locale).get()
    return t.severityDetail({
      id: s.tid === undefined ? t.idLater : String(s.tid),
      colour: s.color_code,
      legend: s.show_legend ? t.inLegend : t.notInLegend,
    })
  },
  blank: () => ({ name: '', color_code: '#1565c0', icon: 'info', status_icon: 'circle-info', show_legend: false }),
  Form: SeverityForm,
}
