/**
 * The lean Preact flavour of `react` (README §Size budgets): Preact core and hooks without
 * `preact/compat`, for drop-ins whose widgets use nothing React-specific (rollup.config.mjs
 * `LEAN_DROP_INS`). It saves compat's option hooks, about 1.3 KB gzip, which the speedometer's
 * 12 KB budget needs, and the records drop-in's 36 KB. Widgets built this way stay away from
 * what only compat maps: SVG attributes are written the DOM way (`stroke-width` in CSS, not the
 * `strokeWidth` prop), a text field's `onChange` is paired with `onInput` (Preact core's
 * `onChange` is the DOM's `change`, on commit), and a container that follows the focus of its
 * descendants listens to `focusout` itself (React's `onBlur` bubbles; the DOM's `blur` does not).
 * The calendar's `useFloating` (@floating-ui/react-dom) runs on what this module exports.
 */
import { cloneElement, Component, createContext, createElement, Fragment } from 'preact'
import { useEffect, useLayoutEffect, useState } from 'preact/hooks'

export { cloneElement, Component, createContext, createElement, Fragment }
export { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks'

/** Preact renders every update at once: the value itself, as preact/compat's `useDeferredValue`. */
export const useDeferredValue = <T>(value: T): T => value

/**
 * Not in the lean flavour: Floating UI's React components (`FloatingArrow`, `FloatingPortal`, …)
 * are `forwardRef` components; the drop-ins use only `useFloating`, so the build drops them.
 * Using one in a lean drop-in fails loudly when its script loads.
 */
export function forwardRef(): never {
  throw new Error('forwardRef needs preact/compat: this drop-in is built without it (rollup.config.mjs LEAN_DROP_INS)')
}

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
