import type { CatalogSeverity } from '../../../contract/catalog'
import { useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import { Checkbox } from '../controls'
import * as styles from '../admin.css'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { parseNumber } from '../model'
import { KeyHint } from './KeyHint'
import { adminFormsMessages } from './messages'

/** A severity's fields: id (only while new), name, colour, icons, legend. */
export function SeverityForm({ value, onChange, isNew, idPrefix }: ItemFormProps<CatalogSeverity>) {
  const t = useMessages(adminFormsMessages)
  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        <Field
          id={`${idPrefix}-tid`}
          label={t.tid}
          type="number"
          min={1}
          max={999}
          step={1}
          value={Number.isFinite(value.tid) ? String(value.tid) : ''}
          readOnly={!isNew}
          aria-describedby={`${idPrefix}-key-hint`}
          onChange={(e) => onChange({ ...value, tid: parseNumber(e.target.value) })}
        />
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
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="id" />
      <Checkbox label={t.showLegend} checked={value.show_legend} onChange={(show_legend) => onChange({ ...value, show_legend })} />
    </div>
  )
}

/** The severities section, most severe first. */
export const SEVERITIES: ListSpec<CatalogSeverity> = {
  noun: 'nounSeverity',
  fromCatalog: (c) => c.severities,
  toValue: (value, locale) => {
    const t = adminFormsMessages.in(locale).get()
    return {
      value,
      errors: value.filter((s) => !Number.isInteger(s.tid)).map((s) => t.idNotWhole({ name: s.name || t.newSeverity })),
    }
  },
  label: (s) => s.name,
  detail: (s, _catalog, locale) => {
    const t = adminFormsMessages.in(locale).get()
    return t.severityDetail({
      id: Number.isFinite(s.tid) ? String(s.tid) : '—',
      colour: s.color_code,
      legend: s.show_legend ? t.inLegend : t.notInLegend,
    })
  },
  blank: () => ({ tid: Number.NaN, name: '', color_code: '#1565c0', icon: 'info', status_icon: 'circle-info', show_legend: false }),
  Form: SeverityForm,
}
