import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { FIRST_RENDER_BUDGET, nextRowLimit, type TimelineRow } from './model'
import { rowsHtml, type RowHtmlOptions } from './row-html'

/** The rows' elements matching a selector, found in the list as it is after the render that returned the function. */
export type FindInRows = (selector: string) => NodeListOf<HTMLElement>

/**
 * The timeline's rows as markup (row-html.ts): each slice's rows parsed as one string after the
 * rows already there, the list emptied first when none of this answer's rows is in it. The list
 * has no children in the component tree, so React and Preact leave them alone.
 *
 * A long week first renders in slices of rows, one task each, so the page never stalls on a long
 * task; once every row is there, later weeks render whole. `aria-busy` marks the gap
 * (`shown < rows.length`).
 *
 * @returns the list's ref, the count of rows in it, and {@link FindInRows}: a new function whenever
 *   the rows' elements change (a slice added, rows rebuilt), for the effects that set the states
 *   the markup does not carry (the tab stop, the open popover's bar, the stars)
 */
export function useRowMarkup(
  rows: readonly TimelineRow[],
  options: RowHtmlOptions,
): [{ current: HTMLUListElement | null }, number, FindInRows] {
  // One builder per answer and per change of what the markup shows (`options` is memoised by the
  // timeline), with the count of its rows in the list.
  const markup = useMemo(() => ({ rows: 0, html: (from: number, to: number) => rowsHtml(rows, from, to, options) }), [rows, options])
  const [rowLimit, setRowLimit] = useState(() => nextRowLimit(rows, 0, FIRST_RENDER_BUDGET))
  useEffect(() => {
    if (rowLimit >= rows.length) return
    const timer = setTimeout(() => setRowLimit((limit) => nextRowLimit(rows, limit)), 0)
    return () => clearTimeout(timer)
  }, [rowLimit, rows])
  const shown = Math.min(rowLimit, rows.length)

  const listRef = useRef<HTMLUListElement>(null)
  useLayoutEffect(() => {
    const list = listRef.current!
    if (!markup.rows) list.textContent = ''
    list.insertAdjacentHTML('beforeend', markup.html(markup.rows, shown))
    markup.rows = shown
  }, [markup, shown])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `markup` and `shown` stand for the row elements the queries find
  const find = useCallback<FindInRows>((selector) => listRef.current!.querySelectorAll<HTMLElement>(selector), [markup, shown])
  return [listRef, shown, find]
}
