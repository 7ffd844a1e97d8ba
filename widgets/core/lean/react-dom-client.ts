/**
 * The lean Preact flavour of `react-dom/client` (see ./react.ts): `createRoot` over Preact's
 * `render`, the two calls the custom-element wrapper (widgets/core/element.ts) makes.
 */
import { render, type ComponentChild } from 'preact'

/** A root rendering into `container`; `unmount` empties it. */
export function createRoot(container: Element) {
  return {
    render(vnode: ComponentChild): void {
      render(vnode, container)
    },
    unmount(): void {
      render(null, container)
    },
  }
}
