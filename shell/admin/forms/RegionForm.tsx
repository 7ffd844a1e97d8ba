import type { Locale } from '../../../contract/locale'
import { useMessages } from '../../../widgets/core/i18n/react'
import * as styles from '../admin.css'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { KeyField, KeyHint } from './KeyHint'
import { adminFormsMessages } from './messages'

/** A region's name (only while new: data centers refer to it by name). */
export function RegionForm({ value, onChange, isNew, idPrefix }: ItemFormProps<string>) {
  const t = useMessages(adminFormsMessages)
  return (
    <div className={styles.group}>
      <KeyField idPrefix={idPrefix} name="name" label={t.regionName} value={value} isNew={isNew} onChange={(v) => onChange(v)} />
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="name" />
    </div>
  )
}

/** The regions section (names in display order). */
export const REGIONS: ListSpec<string> = {
  noun: 'nounRegion',
  fromCatalog: (c) => c.regions,
  toValue: (value) => ({ value: value.map((r) => r.trim()), errors: [] }),
  label: (r) => r,
  detail: (r, c, locale: Locale) => {
    const n = c.data_centers.filter((dc) => dc.region === r).length
    return adminFormsMessages.in(locale).get().dataCentersCount(n)
  },
  blank: () => '',
  Form: RegionForm,
}
