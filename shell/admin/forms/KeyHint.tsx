import * as styles from '../admin.css'

/**
 * Why a saved item's natural key cannot be typed over: the catalogue refers to items by it, so a
 * new key would be a new item and the old one a removal (`contract/catalog.ts`).
 */
export function KeyHint({ id, isNew, what }: { id: string; isNew: boolean; what: string }) {
  return (
    <p className={styles.hint} id={id}>
      {isNew
        ? `The ${what} cannot change once saved: the catalogue refers to it by this ${what}.`
        : `The ${what} of a saved item cannot change: the catalogue refers to it by this ${what}.`}
    </p>
  )
}
