import type { CatalogProduct } from '../../../contract/catalog'
import { useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import { draftsAsValue, type ItemFormProps, type ListSpec } from '../ListEditor'
import { adminMessages } from '../messages'
import { KeyField, KeyHint } from './KeyHint'
import { adminFormsMessages } from './messages'

/** A product's fields: machine name (only while new) and title. */
export function ProductForm({ value, onChange, isNew, idPrefix }: ItemFormProps<CatalogProduct>) {
  const t = useMessages(adminFormsMessages)
  const a = useMessages(adminMessages)
  return (
    <div className={styles.grid}>
      <KeyField
        idPrefix={idPrefix}
        name="machine-name"
        label={t.machineName}
        value={value.machine_name}
        isNew={isNew}
        onChange={(v) => onChange({ ...value, machine_name: v })}
      />
      <Field id={`${idPrefix}-title`} label={a.title} value={value.title} onChange={(e) => onChange({ ...value, title: e.target.value })} />
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="machineName" />
    </div>
  )
}

/** The products section. */
export const PRODUCTS: ListSpec<CatalogProduct> = {
  noun: 'nounProduct',
  fromCatalog: (c) => c.products,
  toValue: draftsAsValue,
  label: (p) => p.title || p.machine_name,
  detail: (p) => p.machine_name,
  blank: () => ({ machine_name: '', title: '' }),
  Form: ProductForm,
}
