import { atom, type ReadableAtom } from 'nanostores'
import type { Locale } from '../../contract/locale'
import { coreMessages } from './messages'
import { ApiError } from './request'

/**
 * State of a loaded resource. While reloading, the previous `data` stays available. A failure
 * keeps its English sentence (`error`) and what failed (`cause`), which a page in another
 * language words again ({@link errorMessage} with its locale).
 */
export type ResourceState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: string; cause?: unknown; data?: T }

/** A store of one resource's load (architecture §Shared state). */
export interface Resource<T> extends ReadableAtom<ResourceState<T>> {
  /** Starts a load, aborting one under way (the first load, and the retry button of error states). */
  reload(): void
  /** Aborts the load under way, if any (a widget unmounting); the state stays as it is. */
  stop(): void
}

/**
 * A human sentence for a failed load. In English the server's own message (spec texts); in
 * another locale the server's English is not shown: the failure is worded from its code or HTTP
 * status (docs/languages-and-themes.md: "codes translated on the client").
 *
 * @param locale the language of the page or widget showing it @default 'en'
 */
export function errorMessage(error: unknown, locale: Locale = 'en'): string {
  if (locale !== 'en') {
    const t = coreMessages.in(locale).get()
    if (typeof error === 'string' || !(error instanceof ApiError)) return t.failed
    if (error.code === 'not_found' || error.status === 404) return t.notFound
    if (error.code === 'too_many_requests' || error.status === 429) return t.tooMany
    if (error.status > 0) return t.failedStatus({ status: String(error.status) })
    return error.statusText === 'Network error' ? t.unreachable : t.unreadable
  }
  if (typeof error === 'string' && error) return error
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong.'
}

/**
 * Creates a store that keeps `{ status, data, error }` of `load`: `reload()` runs it (aborting a
 * run under way), `stop()` aborts. It starts in `loading` and loads nothing by itself;
 * {@link useResource} (./react.ts) loads when its component mounts and stops when it unmounts.
 * (Not nanostores' `onMount`: its lifecycle helpers cost the speedometer's 12 KB budget 0.2 KB.)
 *
 * @param load fetches the data; must honour the `AbortSignal`
 * @example
 * const $banner = createResource(signal => fetchBanner(cloud, { signal }))
 * $banner.reload()
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
        if (!current.signal.aborted) $state.set({ status: 'error', error: errorMessage(error), cause: error, data: previous })
      }
    })()
  }

  return Object.assign($state, {
    reload: run,
    stop() {
      controller?.abort()
      controller = undefined
    },
  })
}
