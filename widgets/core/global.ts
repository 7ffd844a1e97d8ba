import { atom } from 'nanostores'
import type { ApiAnswer } from '../../contract/common'
import type { GlobalData } from '../../contract/global'
import { dataOf, is, request } from './request'
import { errorMessage, type ResourceState } from './resource'
import { shared } from './shared'

/** The global data load (docs/requirements/entities.md#global, docs/requirements/states.md#global-data-load). */
export interface GlobalState {
  loading: boolean
  data?: GlobalData
  error?: string
}

/** Menus, clouds, products, sso and the variant flags, shared by every widget on the page. */
export const $global = shared('global', () => atom<GlobalState>({ loading: false }))

/** Whether `d` has the shape of `GlobalData` (docs/requirements/entities.md#global); used on every answer of `/api/global`. */
export function isGlobalData(d: unknown): d is GlobalData {
  return (
    is.object(d) &&
    is.array(d.clouds) &&
    d.clouds.every((c) => is.object(c) && is.string(c.machine_name) && is.string(c.domain) && is.string(c.title)) &&
    is.array(d.products) &&
    is.object(d.menu) &&
    is.array(d.menu.main_menu) &&
    is.array(d.menu.top_menu) &&
    typeof d.isGov === 'boolean' &&
    typeof d.isTrustDR === 'boolean'
  )
}

const inflight = shared('globalInflight', () => ({ promise: undefined as Promise<void> | undefined }))

/**
 * Loads `GET /api/global` once per page (later calls share the first load; `force` loads
 * again). Success stores menu, clouds, products, sso, isGov, isTrustDR; failure stores the
 * error and clears them (docs/requirements/states.md).
 *
 * @param apiBase origin of the API for widgets on foreign pages; same origin when empty
 */
export function loadGlobal(apiBase = '', force = false): Promise<void> {
  if (!force && (inflight.promise || $global.get().data)) return inflight.promise ?? Promise.resolve()
  $global.set({ ...$global.get(), loading: true, error: undefined })
  const promise = (async () => {
    try {
      const answer = await request<ApiAnswer<GlobalData>>('/api/global', { apiBase })
      $global.set({ loading: false, data: dataOf(answer, isGlobalData) })
    } catch (error) {
      $global.set({ loading: false, error: errorMessage(error) })
    } finally {
      inflight.promise = undefined
    }
  })()
  inflight.promise = promise
  return promise
}

/**
 * The global data as a resource state for `<LoadState>` (widgets/core/ui.tsx): `ready` with the
 * data, `error` with the load's message, else `loading`; `reload` loads it again (Retry).
 *
 * @param apiBase origin of the API, as passed to {@link loadGlobal}
 */
export function globalResourceState(global: GlobalState, apiBase = ''): ResourceState<GlobalData> & { reload: () => void } {
  const reload = () => void loadGlobal(apiBase, true)
  if (global.error) return { status: 'error', error: global.error, reload }
  return global.data ? { status: 'ready', data: global.data, reload } : { status: 'loading', reload }
}
