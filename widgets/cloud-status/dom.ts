/**
 * DOM helpers of the timeline's delegated handlers: its rows are markup (row-html.ts), so the
 * grid finds the bar, star or name an event happened on from the event's target.
 */
import type { BarPosition } from './model'

/** The element matching `selector` that a DOM event happened in, if any. */
export function closest(target: EventTarget | null, selector: string): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(selector) : null
}

/** The bar a DOM event happened on, if any. */
export const barOf = (target: EventTarget | null): HTMLElement | null => closest(target, '[data-col]')

/** A bar's place in the timeline, from its `data-row` / `data-col`. */
export const positionOf = (el: HTMLElement): BarPosition => ({ row: Number(el.dataset.row), col: Number(el.dataset.col) })

/** The element focused inside `node`'s document or shadow root. */
export function focusedIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement ?? null
}
