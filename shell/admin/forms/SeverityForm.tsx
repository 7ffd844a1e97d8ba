import type { CatalogSeverity } from '../../../contract/catalog'
import { Field } from '../../accounts/Field'
import { Checkbox } from '../controls'
import * as styles from '../admin.css'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { parseNumber } from '../model'
import { KeyHint } from './KeyHint'

/** A severity's fields: id (only while new), name, colour, icons, legend. */
export function SeverityForm({ value, onChange, isNew, idPrefix }: ItemFormProps<CatalogSeverity>) {
  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        <Field
          id={`${idPrefix}-tid`}
          label="Id (tid)"
          type="number"
          min={1}
          max={999}
          step={1}
          value={Number.isFinite(value.tid) ? String(value.tid) : ''}
          readOnly={!isNew}
          aria-describedby={`${idPrefix}-key-hint`}
          onChange={(e) => onChange({ ...value, tid: parseNumber(e.target.value) })}
        />
        <Field id={`${idPrefix}-name`} label="Name" value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
        <Field
          id={`${idPrefix}-colour`}
          label="Colour (#rrggbb)"
          value={value.color_code}
          placeholder="#d32f2f"
          onChange={(e) => onChange({ ...value, color_code: e.target.value })}
        />
        <Field id={`${idPrefix}-icon`} label="Icon" value={value.icon} onChange={(e) => onChange({ ...value, icon: e.target.value })} />
        <Field
          id={`${idPrefix}-status-icon`}
          label="Status icon"
          value={value.status_icon}
          onChange={(e) => onChange({ ...value, status_icon: e.target.value })}
        />
      </div>
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="id" />
      <Checkbox
        label="Show in the status page's legend"
        checked={value.show_legend}
        onChange={(show_legend) => onChange({ ...value, show_legend })}
      />
    </div>
  )
}

/** The severities section, most severe first. */
export const SEVERITIES: ListSpec<CatalogSeverity> = {
  noun: 'severity',
  fromCatalog: (c) => c.severities,
  toValue: (value) => ({
    value,
    errors: value
      .filter((s) => !Number.isInteger(s.tid))
      .map((s) => `${s.name || 'New severity'}: the id must be a whole number from 1 to 999.`),
  }),
  label: (s) => s.name,
  detail: (s) =>
    `Id ${Number.isFinite(s.tid) ? s.tid : '—'} · colour ${s.color_code} · ${s.show_legend ? 'in the legend' : 'not in the legend'}`,
  blank: () => ({ tid: Number.NaN, name: '', color_code: '#1565c0', icon: 'info', status_icon: 'circle-info', show_legend: false }),
  Form: SeverityForm,
}
