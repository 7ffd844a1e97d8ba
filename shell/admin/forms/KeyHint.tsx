import { useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import { adminFormsMessages } from './messages'

/** The keys that name an item: its messages while new and once saved. */
const HINTS = {
  machineName: ['keyNewMachineName', 'keySavedMachineName'],
  name: ['keyNewName', 'keySavedName'],
  id: ['keyNewId', 'keySavedId'],
} as const

/**
 * Why a saved item's natural key cannot be typed over: the catalogue refers to items by it, so a
 * new key would be a new item and the old one a removal (`contract/catalog.ts`).
 */
export function KeyHint({ id, isNew, what }: { id: string; isNew: boolean; what: keyof typeof HINTS }) {
  const t = useMessages(adminFormsMessages)
  const [whileNew, saved] = HINTS[what]
  return (
    <p className={styles.hint} id={id}>
      {isNew ? t[whileNew] : t[saved]}
    </p>
  )
}

/**
 * The input of an item's natural key (a machine name, a name): typed while the item is new,
 * read-only once saved, described by the {@link KeyHint} of id `{idPrefix}-key-hint`.
 * @param name the input's id is `{idPrefix}-{name}`
 */
export function KeyField({
  idPrefix,
  name,
  label,
  value,
  isNew,
  onChange,
}: {
  idPrefix: string
  name: 'name' | 'machine-name'
  label: string
  value: string
  isNew: boolean
  onChange: (value: string) => void
}) {
  return (
    <Field
      id={`${idPrefix}-${name}`}
      label={label}
      value={value}
      readOnly={!isNew}
      aria-describedby={`${idPrefix}-key-hint`}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}
