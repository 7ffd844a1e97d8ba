import { useStore } from '@nanostores/react'
import { $toast } from '../toast'
import * as styles from './accounts.css'

/**
 * The shell's toast region (spec §8 success toasts, 1000 ms): always in the DOM as a polite live
 * region so screen readers announce each toast {@link showToast} puts in it.
 */
export function Toaster() {
  const toast = useStore($toast)
  return (
    <div className={styles.toastRegion} role="status" aria-live="polite" aria-atomic="true" data-testid="toasts">
      {toast && (
        <div key={toast.id} className={styles.toast}>
          {toast.text}
        </div>
      )}
    </div>
  )
}
