import type { CatalogService } from '../../../contract/catalog'
import { useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import { TextArea } from '../controls'
import * as styles from '../admin.css'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { adminMessages } from '../messages'
import { KeyHint } from './KeyHint'
import { adminFormsMessages } from './messages'

/** A core cloud service's fields: name (only while new) and its one-sentence description. */
export function ServiceForm({ value, onChange, isNew, idPrefix }: ItemFormProps<CatalogService>) {
  const t = useMessages(adminFormsMessages)
  const a = useMessages(adminMessages)
  return (
    <div className={styles.group}>
      <Field
        id={`${idPrefix}-name`}
        label={t.name}
        value={value.name}
        readOnly={!isNew}
        aria-describedby={`${idPrefix}-key-hint`}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
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
  toValue: (value) => ({ value, errors: [] }),
  label: (s) => s.name,
  detail: (s) => s.description,
  blank: () => ({ name: '', description: '' }),
  Form: ServiceForm,
}
