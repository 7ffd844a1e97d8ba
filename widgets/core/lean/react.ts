/**
 * The lean Preact flavour of `react` (README §Size budgets): Preact core and hooks without
 * `preact/compat`, for drop-ins whose widgets use nothing React-specific (rollup.config.mjs
 * `LEAN_DROP_INS`). It saves compat's option hooks, about 1.3 KB gzip, which the speedometer's
 * 12 KB budget needs. Widgets built this way write SVG attributes the DOM way (`stroke-width`
 * in CSS, not the `strokeWidth` prop) because compat's camelCase mapping is absent.
 */
import { createContext, createElement, Fragment } from 'preact'
import { useEffect, useLayoutEffect, useState } from 'preact/hooks'

export { createContext, createElement, Fragment }
export { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'

/**
 * React's `useSyncExternalStore` for Preact core, as preact/compat implements it: renders the
 * current snapshot and re-renders when `subscribe` reports a snapshot that differs
 * (`Object.is`) from the one rendered.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot()
  const [{ inst }, forceUpdate] = useState({ inst: { value, getSnapshot } })
  const changed = (): boolean => !Object.is(inst.value, inst.getSnapshot())
  // biome-ignore lint/correctness/useExhaustiveDependencies: preact/compat's dependency lists; `inst` is stable state, and a new `subscribe` re-checks the snapshot
  useLayoutEffect(() => {
    inst.value = value
    inst.getSnapshot = getSnapshot
    if (changed()) forceUpdate({ inst })
  }, [subscribe, value, getSnapshot])
  // biome-ignore lint/correctness/useExhaustiveDependencies: preact/compat's dependency list; `inst` is stable state and `changed` reads it, so only `subscribe` resubscribes
  useEffect(() => {
    if (changed()) forceUpdate({ inst })
    return subscribe(() => {
      if (changed()) forceUpdate({ inst })
    })
  }, [subscribe])
  return value
}
