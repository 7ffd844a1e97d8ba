import { useRef } from 'react'
import type { NotificationType } from '../../../contract/records'
import type { ResourceState } from '../../../widgets/core/resource'
import { useLoad } from '../use-load'
import { fetchCloudTerms, fetchNotificationCategories, mergeTerms, type TermChoice, type TermChoices } from './api'
import type { RecordDraft } from './model'

/** What the record form offers for the draft's terms: services and data centers of its clouds, or a notification type's categories. */
export interface FormChoices {
  /** Services and data centers of the draft's clouds (empty without clouds). */
  terms: ResourceState<TermChoices>
  /** Categories of the draft's notification type. */
  categories: ResourceState<TermChoice[]>
  /** Loads what failed again. */
  reload(): void
  /**
   * The draft's terms that the loaded choices offer (the others would be refused by the server: a
   * data center of a cloud no longer chosen); all of them while the choices load.
   */
  prune(draft: RecordDraft): number[]
}

const NONE: TermChoices = { services: [], regions: [] }

/**
 * Loads the choices of the draft's terms when its clouds or type change: one cloud's services and
 * data centers are asked for once per screen (`GET /api/cloud-status`, three answers per cloud),
 * the notification categories once.
 */
export function useFormChoices(draft: Pick<RecordDraft, 'type' | 'clouds' | 'notification_type'>): FormChoices {
  const cache = useRef(new Map<string, Promise<TermChoices>>())
  const categoriesOnce = useRef<Promise<Record<NotificationType, TermChoice[]>> | null>(null)
  const isNotification = draft.type === 'notification'
  const clouds = isNotification ? [] : [...draft.clouds].sort()

  const terms = useLoad(async (signal) => {
    if (!clouds.length) return NONE
    const each = clouds.map((cloud) => {
      let pending = cache.current.get(cloud)
      if (!pending) {
        // Not aborted with the screen's signal: the answer is kept for the next change of clouds.
        pending = fetchCloudTerms(cloud)
        pending.catch(() => cache.current.delete(cloud))
        cache.current.set(cloud, pending)
      }
      return pending
    })
    const all = await Promise.all(each)
    signal.throwIfAborted()
    return mergeTerms(all)
  }, clouds.join(','))

  const categories = useLoad(async () => {
    if (!isNotification || !draft.notification_type) return []
    if (!categoriesOnce.current) {
      categoriesOnce.current = fetchNotificationCategories()
      categoriesOnce.current.catch(() => {
        categoriesOnce.current = null
      })
    }
    return (await categoriesOnce.current)[draft.notification_type]
  }, `${isNotification}:${draft.notification_type}`)

  return {
    terms: terms.state,
    categories: categories.state,
    reload() {
      terms.reload()
      categories.reload()
    },
    prune(d) {
      const state = d.type === 'notification' ? categories.state : terms.state
      if (state.status !== 'ready' || !state.data) return d.terms
      const known = new Set(
        Array.isArray(state.data)
          ? state.data.map((c) => c.tid)
          : [...state.data.services, ...state.data.regions.flatMap((r) => r.items)].map((c) => c.tid),
      )
      return d.terms.filter((t) => known.has(t))
    },
  }
}
