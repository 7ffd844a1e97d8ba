import type { ResourceState } from '../../widgets/core/resource'
import * as ui from '../../widgets/core/ui.css'

/** A screen's data while it loads (role="status") or when it failed (role="alert", with Retry). */
export function LoadProblem({ state, what, onRetry }: { state: ResourceState<unknown>; what: string; onRetry: () => void }) {
  if (state.status === 'error') {
    return (
      <div className={ui.error} role="alert">
        <span>
          Could not load {what}: {state.error}
        </span>
        <button type="button" className={ui.retry} onClick={onRetry}>
          Retry
        </button>
      </div>
    )
  }
  if (state.status === 'loading') return <p role="status">Loading {what}…</p>
  return null
}
