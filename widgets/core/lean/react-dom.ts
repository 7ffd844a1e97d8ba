/**
 * The lean Preact flavour of `react-dom` (rollup.config.mjs `LEAN_DROP_INS`): the one function
 * @floating-ui/react-dom's `useFloating` calls, `flushSync`. Preact core renders a state update on
 * its next tick whatever the caller asks; preact/compat's `flushSync` likewise only calls back.
 */
export function flushSync<R>(callback: () => R): R {
  return callback()
}

/** Not in the lean flavour: only Floating UI's `FloatingPortal` calls it, which no lean drop-in uses. */
export function createPortal(): never {
  throw new Error('createPortal needs preact/compat: this drop-in is built without it (rollup.config.mjs LEAN_DROP_INS)')
}
