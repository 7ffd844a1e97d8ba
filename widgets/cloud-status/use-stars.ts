import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CloudStatusData, StatusItem } from '../../contract/status'
import { SignInRequiredEvent, signInPath } from '../core/events'
import { errorMessage } from '../core/resource'
import { itemToast, starCall } from '../core/subscribe'
import { showToast } from '../core/toast'
import { subscribeStar } from './api'
import type { cloudStatusMessages } from './messages'
import type { FindInRows } from './use-row-markup'
import type { Locale } from '../../contract/locale'
import type { TimelineRow } from './model'

/** The texts of the timeline, as `useMessages(cloudStatusMessages)` gives them. */
type CloudStatusTexts = ReturnType<ReturnType<typeof cloudStatusMessages.in>['get']>

interface StarState {
  /** Subscribed or not per tid, as the presses left them (until the week is loaded again). */
  flags: Record<number, boolean>
  /** The tid whose call runs. */
  pending: number | null
  /** The failed press's alert text. */
  error: string
}

/**
 * The subscribe stars (docs/requirements/screens.md, subscribe star): signed in, a press
 * subscribes or unsubscribes its row, the star disabled while the call runs, then pressed or not
 * with the success toast; a failed call gives an alert and keeps the state. Signed out, a press
 * dispatches the cancelable `trust-sign-in-required` event and, unless cancelled, opens the
 * sign-in page. The new states are kept per tid until the week is loaded again with the server's
 * flags, and set on the stars of the rows' markup after each render that may change them.
 *
 * @param find the rows' elements (the stars are in their markup)
 * @returns `press(item, star)` for the grid's click handler, and the alert text ('' when none)
 */
export function useStars(
  data: CloudStatusData,
  itemRows: readonly TimelineRow[],
  find: FindInRows,
  cloud: string,
  apiBase: string,
  isLoggedIn: boolean,
  locale: Locale,
  t: CloudStatusTexts,
): [press: (item: StatusItem, star: HTMLElement) => void, error: string] {
  const [state, setState] = useState<StarState>({ flags: {}, pending: null, error: '' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new week's data is the trigger: its server flags replace the kept ones
  useEffect(() => setState((s) => (Object.keys(s.flags).length ? { ...s, flags: {} } : s)), [data])
  const isSubscribed = (item: StatusItem) => state.flags[item.tid] ?? item.subscribed === '1'

  const press = (item: StatusItem, button: HTMLElement) => {
    if (!isLoggedIn) {
      const event = new SignInRequiredEvent({ reason: 'subscribe', tid: item.tid })
      button.dispatchEvent(event)
      if (!event.defaultPrevented) location.assign(signInPath(apiBase))
      return
    }
    const call = starCall(item.tid, isSubscribed(item))
    setState((s) => ({ ...s, pending: item.tid, error: '' }))
    // Settled after the timeline is gone (another week or page shown), the state update does
    // nothing and the toast still says what the press did.
    subscribeStar(cloud, call.tid, call.action, apiBase).then(
      () => {
        setState((s) => ({ flags: { ...s.flags, [item.tid]: call.action === 'subscribe' }, pending: null, error: '' }))
        showToast(itemToast(call.action, item.name, locale))
      },
      (error) => setState((s) => ({ ...s, pending: null, error: t.starError({ name: item.name, error: errorMessage(error) }) })),
    )
  }

  // Stars a press changed (or is changing) show their state; the markup has the answer's.
  const touched = useRef(new Set<number>())
  useLayoutEffect(() => {
    const tids = touched.current
    for (const tid in state.flags) tids.add(Number(tid))
    if (state.pending !== null) tids.add(state.pending)
    for (const tid of tids) {
      const item = itemRows.find((r) => r.item!.tid === tid)?.item
      for (const star of find(`[data-tid="${tid}"] [data-testid="subscribe-star"]`) as NodeListOf<HTMLButtonElement>) {
        star.setAttribute('aria-pressed', String(item ? (state.flags[tid] ?? item.subscribed === '1') : false))
        star.disabled = state.pending === tid || !item?.status
      }
    }
  }, [state, find, itemRows])

  return [press, state.error]
}
