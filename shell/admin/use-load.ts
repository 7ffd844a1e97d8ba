import { useEffect, useRef, useState } from 'react'
import { errorMessage, type ResourceState } from '../../widgets/core/resource'

/** What {@link useLoad} gives a screen. */
export interface Loaded<T> {
  state: ResourceState<T>
  /** Loads again (the data shown so far stays until the answer). */
  reload(): void
  /** Puts data the server answered a write with in place, without another request. */
  replace(data: T): void
}

/**
 * Loads a screen's data while it is shown: again whenever `key` changes or {@link Loaded.reload}
 * is called; the request is aborted when the screen goes or a newer one starts.
 *
 * @param load fetches the data; must honour the `AbortSignal`
 * @param key what the data depends on (e.g. the audit log's page) @default ''
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string | number = ''): Loaded<T> {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // The newest `load` runs, without making each render's new function a reason to load again.
  const latest = useRef(load)
  latest.current = load

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are the triggers; `load` is read through the ref
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ status: 'loading', data: s.data }))
    latest.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data })
      },
      (error) => {
        if (!controller.signal.aborted) setState((s) => ({ status: 'error', error: errorMessage(error), data: s.data }))
      },
    )
    return () => controller.abort()
  }, [key, attempt])

  return {
    state,
    reload: () => setAttempt((a) => a + 1),
    replace: (data) => setState({ status: 'ready', data }),
  }
}
