import { NOTIFICATION_TYPES } from '../desk/model'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { adminCatalogMessages } from '../messages'
import {
  blankCategory,
  type CategoryDraft,
  categoriesOf,
  categoryDrafts,
  categoryNoun,
  categoryTypeHeading,
} from '../notification-categories'
import { adminFormsMessages } from './messages'

/**
 * A notification category's fields: its type (fixed: the group it was added in), its name (a new
 * name keeps the category, its notifications and subscribers) and, once saved, its id, which the
 * publishing API's `terms` name.
 */
export function NotificationCategoryForm({ value, onChange, idPrefix }: ItemFormProps<CategoryDraft>) {
  const t = useMessages(adminFormsMessages)
  const locale = useLocale()
  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        <Field
          id={`${idPrefix}-name`}
          label={t.name}
          value={value.name}
          aria-describedby={`${idPrefix}-id-hint`}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        <Field id={`${idPrefix}-type`} label={t.notificationType} value={categoryTypeHeading(value.type, locale)} readOnly />
      </div>
      <p className={styles.hint} id={`${idPrefix}-id-hint`}>
        {value.tid === undefined ? t.categoryIdOnSave : t.categoryId({ id: String(value.tid) })}
      </p>
      <p className={styles.hint}>{t.categoryRemoveHint}</p>
    </div>
  )
}

/** The notification categories section: one group per notification type, each in display order. */
export const NOTIFICATION_CATEGORIES: ListSpec<CategoryDraft> = {
  noun: 'nounNotificationCategory',
  fromCatalog: categoryDrafts,
  toValue: categoriesOf,
  label: (c) => c.name,
  detail: (c, _catalog, locale) => {
    const t = adminFormsMessages.in(locale).get()
    return t.categoryDetail({ id: c.tid === undefined ? t.idLater : String(c.tid) })
  },
  blank: () => blankCategory(NOTIFICATION_TYPES[0]),
  removable: true,
  groups: {
    keys: NOTIFICATION_TYPES,
    of: (c) => c.type,
    heading: categoryTypeHeading,
    noun: categoryNoun,
    empty: (_key, locale) => adminCatalogMessages.in(locale).get().noCategoryYet,
    blank: (key) => blankCategory(key),
  },
  Form: NotificationCategoryForm,
}
