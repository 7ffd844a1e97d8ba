import { useLayoutEffect, useState } from 'react'
import * as styles from './cloud-status.css'
import { firstBarIn, type BarPosition } from './model'
import type { FindInRows } from './use-row-markup'

/** The bar at `pos` among the rows' elements. */
export const barSelector = ({ row, col }: BarPosition): string => `[data-row="${row}"][data-col="${col}"]`

/**
 * The block's one tab stop among its bars (roving tabindex: the bar at the returned position has
 * `tabindex="0"`, every other `-1`; the arrow keys move it, see `moveFocus`).
 *
 * On a narrow screen the week scrolls inside its block: it opens scrolled so that now is in view
 * (centred in the visible days as far as the week allows; the names column stays put), once per
 * week shown. Until the visitor moves it, the tab stop is then the first bar in view, its centre
 * at least `TARGET_CLEARANCE_PX` past the names column (the first bar of all may be under them),
 * else the first one scrolled away behind the names, else the first of all. Distances count from
 * the week's start, its left edge or, right to left, its right one (where a right-to-left
 * scroller's `scrollLeft` is 0 and goes negative).
 *
 * @param centres the bars' centres per row, % of the week
 * @param scrollerRef the week's scroller; `nowLayer` its Now layer
 * @param now now, % of the week; null for a past week
 * @param week the week shown (its first day): the scroll to now runs once per week
 * @param rtl the week runs right to left
 * @returns the tab stop's setter (the bar focused becomes the tab stop)
 */
export function useTabStop(
  centres: readonly (readonly number[])[],
  scrollerRef: { current: HTMLElement | null },
  nowLayer: { current: HTMLElement | null },
  now: number | null,
  week: string,
  find: FindInRows,
  rtl: boolean,
) {
  const [chosen, setTabStop] = useState<BarPosition | null>(null)
  const tabStop = chosen && centres[chosen.row]?.[chosen.col] !== undefined ? chosen : firstBarIn(centres, 0, 100)

  const hasNow = now !== null
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another week is shown, not on every tick of `now`
  useLayoutEffect(() => {
    const scroller = scrollerRef.current
    if (!scroller || !hasNow) return
    // Measured once the browser has laid the week out, before it paints: reading sizes here
    // instead would force a layout inside the render.
    const observer = new ResizeObserver(() => {
      observer.disconnect()
      const layer = nowLayer.current
      if (!layer || scroller.scrollWidth <= scroller.clientWidth) return
      const width = layer.offsetWidth
      // The names column's width: the days' layer spans the rest of the grid.
      const names = (layer.offsetParent as HTMLElement).offsetWidth - width
      const shown = scroller.clientWidth - names
      const sign = rtl ? -1 : 1
      scroller.scrollLeft = sign * (((now ?? 0) / 100) * width - 0.5 * shown)
      const at = (px: number) => ((sign * scroller.scrollLeft + px) / width) * 100
      setTabStop((s) => s ?? firstBarIn(centres, at(styles.TARGET_CLEARANCE_PX), at(shown)) ?? firstBarIn(centres, 0, at(-names)))
    })
    observer.observe(scroller)
    return () => observer.disconnect()
  }, [week, hasNow])

  const row = tabStop?.row
  const col = tabStop?.col
  useLayoutEffect(() => {
    const el = row === undefined ? null : find(barSelector({ row, col: col! }))[0]
    if (!el) return
    el.tabIndex = 0
    return () => {
      el.tabIndex = -1
    }
  }, [row, col, find])

  return setTabStop
}
