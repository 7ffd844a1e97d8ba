import type { CatalogService } from '../../../contract/catalog'
import { useMessages } from '../../../widgets/core/i18n/react'
import { TextArea } from '../controls'
import * as styles from '../admin.css'
import { draftsAsValue, type ItemFormProps, type ListSpec } from '../ListEditor'
import { adminMessages } from '../messages'
import { KeyField, KeyHint } from './KeyHint'
import { adminFormsMessages } from './messages'

/** A core cloud service's fields: name (only while new) and its one-sentence description. */
export function ServiceForm({ value, onChange, isNew, idPrefix }: ItemFormProps<CatalogService>) {
  const t = useMessages(adminFormsMessages)
  const a = useMessages(adminMessages)
  return (
    <div className={styles.group}>
      <KeyField
        idPrefix={idPrefix}
        name="name"
        label={t.name}
        value={value.name}
        isNew={isNew}
        onChange={(v) => onChange({ ...value, name: v })}
      />
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="name" />
      <TextArea
        id={`${idPrefix}-description`}
        label={a.description}
        hint={t.serviceHint}
        rows={3}
        value={value.description}
        onChange={(description) => onChange({ ...value, description })}
      />
    </div>
  )
}

/** The core services section. */
export const CORE_SERVICES: ListSpec<CatalogService> = {
  noun: 'nounService',
  fromCatalog: (c) => c.core_services,
  toValue: draftsAsValue,
  label: (s) => s.name,
  detail: (s) => s.description,
  blank: () => ({ name: '', description: '' }),
  Form: ServiceForm,
}
