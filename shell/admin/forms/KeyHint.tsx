import { useMessages } from '../../../widgets/core/i18n/react'
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
