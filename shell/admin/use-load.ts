import { useEffect, useRef, useState } from 'react'
import { useLocale } from '../../widgets/core/i18n/react'
import type { ResourceState } from '../../widgets/core/resource'
import { dueOfError } from '../accounts/second-factor/api'
import { $secondFactorOwed } from '../accounts/second-factor/owed'
import { consoleErrorText } from './errors'

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
  // Failures are said in the page's language (the server's code translated; errors.ts).
  const current = useLocale()
  const locale = useRef(current)
  locale.current = current

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are the triggers; `load` is read through the ref
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ status: 'loading', data: s.data }))
    latest.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data })
      },
      (error) => {
        if (controller.signal.aborted) return
        // A session that owes its second factor: the console's gate takes over (./SecondFactorGate.tsx).
        const due = dueOfError(error)
        if (due) $secondFactorOwed.set(due)
        setState((s) => ({ status: 'error', error: consoleErrorText(error, locale.current), data: s.data }))
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
