import { atom, onMount, type ReadableAtom } from 'nanostores'
import { ApiError } from './request'

/** State of a loaded resource. While reloading, the previous `data` stays available. */
export type ResourceState<T> = { status: 'loading'; data?: T } | { status: 'ready'; data: T } | { status: 'error'; error: string; data?: T }

/** A store that loads one resource while it has listeners (architecture §Shared state). */
export interface Resource<T> extends ReadableAtom<ResourceState<T>> {
  /** Loads again (the retry button of error states). */
  reload(): void
}

/** A human sentence for a failed load. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong.'
}

/**
 * Creates a store that runs `load` when its first listener subscribes, aborts the request when
 * the last one leaves (a widget unmounting), and keeps `{ status, data, error }`.
 *
 * @param load fetches the data; must honour the `AbortSignal`
 * @example
 * const $banner = createResource(signal => fetchBanner(cloud, { signal }))
 */
export function createResource<T>(load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const $state = atom<ResourceState<T>>({ status: 'loading' })
  let controller: AbortController | undefined

  function run(): void {
    controller?.abort()
    const current = new AbortController()
    controller = current
    const previous = $state.get().data
    $state.set({ status: 'loading', data: previous })
    void (async () => {
      try {
        const data = await load(current.signal)
        if (!current.signal.aborted) $state.set({ status: 'ready', data })
      } catch (error) {
        if (!current.signal.aborted) $state.set({ status: 'error', error: errorMessage(error), data: previous })
      }
    })()
  }

  onMount($state, () => {
    run()
    return () => {
      controller?.abort()
      controller = undefined
    }
  })
  return Object.assign($state, { reload: run })
}
