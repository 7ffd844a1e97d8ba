import { useStore } from '@nanostores/react'
import { useDeferredValue, useEffect, useMemo } from 'react'
import { $cloudName, chooseCloudForEmbed, cloudNamed } from './cloud'
import { $global, loadGlobal } from './global'
import { createResource, type ResourceState } from './resource'
import type { Cloud } from '../../contract/global'
import { $session, isTimeZone } from './session'

/**
 * Loads a resource for the lifetime of the calling component: a new load when a dependency
 * changes, the request aborted on unmount (architecture §The API client).
 *
 * The state is deferred (`useDeferredValue`): in the React shell the render an answer causes
 * (a list, a week of data centers, a calendar) runs in slices the browser can interrupt, instead
 * of one task as long as the whole render (docs/architecture.md#hydrating-less). Preact renders it at once.
 *
 * @returns the resource state plus `reload` for retry buttons
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): ResourceState<T> & { reload: () => void } {
  // biome-ignore lint/correctness/useExhaustiveDependencies: like useMemo itself, the caller's deps list decides when to load anew
  const $resource = useMemo(() => createResource(load), deps)
  useEffect(() => {
    $resource.reload()
    return $resource.stop
  }, [$resource])
  const state = useDeferredValue(useStore($resource))
  return { ...state, reload: $resource.reload }
}

/**
 * The cloud a widget shows: its own `cloud` attribute when set (machine name or domain),
 * otherwise the page's chosen cloud (loading the global data if nobody has yet).
 *
 * @returns the cloud key for API calls, or `undefined` while it is not known yet
 */
export function useCloudKey(cloudAttribute: string | undefined, apiBase = ''): string | undefined {
  const name = useStore($cloudName)
  const global = useStore($global)
  useEffect(() => {
    if (!cloudAttribute) void loadGlobal(apiBase)
  }, [cloudAttribute, apiBase])
  // An embedded widget on a page without the shell: once the global data is there, nobody
  // having chosen a cloud, the spec's rules choose one (no cookie written on the host's site).
  // biome-ignore lint/correctness/useExhaustiveDependencies: chooseCloudForEmbed reads the global data from its store; it runs again when that data arrives
  useEffect(() => {
    if (!cloudAttribute) chooseCloudForEmbed()
  }, [cloudAttribute, global.data])
  return cloudAttribute || cloudNamed(global.data?.clouds, name)?.machine_name
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

/** What {@link useWidgetContext} resolves for a drop-in widget. */
export interface WidgetContext {
  /** The cloud key (attribute or the page's choice); `undefined` until one is known. */
  key: string | undefined
  /** The cloud of `key` in the global data, when loaded and known. */
  found: Cloud | undefined
  /** Machine name and domain for API calls and links (both `key` when the cloud is not in the data). */
  cloud: string | undefined
  cloudDomain: string | undefined
  /** True until the global data has loaded or failed. */
  loadingGlobal: boolean
  /** The `timezone` attribute when it is a valid IANA name, else the session's (default UTC). */
  timezone: string
  isGov: boolean
  /** The disaster-recovery variant: no subscribe stars or subscription panel (docs/requirements/product.md Variants). */
  isTrustDR: boolean
  isLoggedIn: boolean
}

/**
 * Everything a drop-in widget resolves before it renders (docs/requirements/states.md#cloud-choice, docs/requirements/entities.md#session):
 * the cloud named by its `cloud` attribute (machine name or domain, any case) or the page's
 * chosen cloud, matched against `GET /api/global`; the time zone; the variant and session flags.
 */
export function useWidgetContext(cloudAttribute: string | undefined, apiBase = '', timezone?: string): WidgetContext {
  const key = useCloudKey(cloudAttribute, apiBase)
  const global = useGlobal(apiBase)
  const session = useStore($session)
  const lower = key?.toLowerCase()
  const found = key ? global.data?.clouds.find((c) => c.machine_name === key || c.domain.toLowerCase() === lower) : undefined
  return {
    key,
    found,
    cloud: found?.machine_name ?? key,
    cloudDomain: found?.domain ?? key,
    loadingGlobal: global.data === undefined && global.error === undefined,
    timezone: timezone && isTimeZone(timezone) ? timezone : session.timezone,
    isGov: global.data?.isGov ?? false,
    isTrustDR: global.data?.isTrustDR ?? false,
    isLoggedIn: session.isLoggedIn,
  }
}
