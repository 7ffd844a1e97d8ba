/**
 * `nanostores` as @nanostores/react sees it in the lean drop-ins (rollup.config.mjs
 * `LEAN_DROP_INS`): everything the package exports, except that `listenKeys` — which `useStore`
 * calls only for its `keys` option, and which brings the deep-map path helpers — throws. No lean
 * widget passes `keys`; one that did would fail loudly on its first render.
 */
export * from 'nanostores'

export function listenKeys(): never {
  throw new Error('listenKeys')
}
