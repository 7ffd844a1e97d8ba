import { useMessages } from '../../widgets/core/i18n/react'
import type { ResourceState } from '../../widgets/core/resource'
import * as ui from '../../widgets/core/ui.css'
import { adminMessages } from './messages'

/**
 * A screen's data while it loads (role="status") or when it failed (role="alert", with Retry).
 *
 * @param what what is loading, in the page's language, as "Could not load {what}" names it (`the dashboard`)
 */
export function LoadProblem({ state, what, onRetry }: { state: ResourceState<unknown>; what: string; onRetry: () => void }) {
  const t = useMessages(adminMessages)
  if (state.status === 'error') {
    return (
      <div className={ui.error} role="alert">
        <span>{t.loadFailed({ what, error: state.error ?? '' })}</span>
        <button type="button" className={ui.retry} onClick={onRetry}>
          {t.retry}
        </button>
      </div>
    )
  }
  if (state.status === 'loading') return <p role="status">{t.loadingWhat({ what })}</p>
  return null
}
