import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $toast, registerToastRegion } from '../toast'
import * as styles from './accounts.css'

/**
 * The shell's toast region (docs/requirements/errors.md#success-toasts, 1000 ms): always in the DOM as a polite live
 * region so screen readers announce each toast {@link showToast} puts in it. Registered with core
 * while mounted, so drop-in widgets' toasts land here and core creates no fallback region.
 */
export function Toaster() {
  const toast = useStore($toast)
  useEffect(() => registerToastRegion(), [])
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
