import { useStore } from '@nanostores/react'
import { useEffect, useMemo } from 'react'
import { $cloud, $cloudName, chooseCloud } from './cloud'
import { COOKIE, readCookie } from './cookies'
import { $global, loadGlobal } from './global'
import { createResource, type ResourceState } from './resource'
import { $session } from './session'

/**
 * Loads a resource for the lifetime of the calling component: a new load when a dependency
 * changes, the request aborted on unmount (architecture §The API client).
 *
 * @returns the resource state plus `reload` for retry buttons
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): ResourceState<T> & { reload: () => void } {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const $resource = useMemo(() => createResource(load), deps)
  const state = useStore($resource)
  return { ...state, reload: $resource.reload }
}

/**
 * The cloud a widget shows: its own `cloud` attribute when set (machine name or domain),
 * otherwise the page's chosen cloud (loading the global data if nobody has yet).
 *
 * @returns the cloud key for API calls, or `undefined` while it is not known yet
 */
export function useCloudKey(cloudAttribute: string | undefined, apiBase = ''): string | undefined {
  const cloud = useStore($cloud)
  const global = useStore($global)
  useEffect(() => {
    if (!cloudAttribute) void loadGlobal(apiBase)
  }, [cloudAttribute, apiBase])
  useEffect(() => {
    // An embedded widget on a page without the shell: nobody chose a cloud yet, so apply the
    // spec's rules (cookie, else first cloud) without writing a cookie on the host's site.
    if (cloudAttribute || !global.data || $cloudName.get()) return
    const chosen = chooseCloud(global.data.clouds, {
      pathname: location.pathname,
      cookie: readCookie(COOKIE.machineName),
    })
    if (chosen) $cloudName.set(chosen.machine_name)
  }, [cloudAttribute, global.data])
  return cloudAttribute || cloud?.machine_name
}

/** The global data and variant flags, loading them when needed. */
export function useGlobal(apiBase = '') {
  const global = useStore($global)
  useEffect(() => {
    void loadGlobal(apiBase)
  }, [apiBase])
  return global
}

/** The user's time zone (default UTC). */
export function useTimezone(): string {
  return useStore($session).timezone
}
