import { useEffect, useRef, useState } from 'react'
import { positionOf } from './dom'
import type { BarPosition } from './model'

/** How long a popover stays after the pointer leaves its bar or itself, ms (docs/requirements/constants.md). */
export const POPOVER_CLOSE_DELAY_MS = 300

/** The bar whose popover is (or was last) shown: its place, and its element. */
export interface ActiveBar {
  pos: BarPosition
  el: HTMLElement
}

/**
 * What {@link usePopover} gives the timeline, in order: the bar of the popover (kept after it
 * closes); whether it is open; the ref the popover sets to its element while shown (the
 * outside-press check); `show(el)`, opening the popover of the bar `el` at once; `close()`, at
 * once; `scheduleClose()`, {@link POPOVER_CLOSE_DELAY_MS} from now unless shown or kept first;
 * `cancelClose()`, keeping it (the pointer came back onto the popover).
 */
export type PopoverState = [
  active: ActiveBar | null,
  open: boolean,
  popoverRef: { current: HTMLElement | null },
  show: (el: HTMLElement) => void,
  close: () => void,
  scheduleClose: () => void,
  cancelClose: () => void,
]

/**
 * The one popover of a block: open on a bar's hover or focus, closed 300 ms after the pointer
 * leaves the bar and the popover, at once by Escape anywhere or a press outside the bar and the
 * popover. Hand-written rather than @floating-ui/react's `useHover` and `useDismiss`: their bytes
 * do not fit the drop-in's budget (docs/decisions/0078-timeline-popover-and-dialog.md), and the
 * bars are markup, not elements that could take their props.
 */
export function usePopover(): PopoverState {
  const [active, setActive] = useState<ActiveBar | null>(null)
  const [open, setOpen] = useState(false)
  const popoverRef = useRef<HTMLElement | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const cancelClose = () => clearTimeout(timer.current)
  const close = () => {
    cancelClose()
    setOpen(false)
  }
  const scheduleClose = () => {
    cancelClose()
    timer.current = setTimeout(() => setOpen(false), POPOVER_CLOSE_DELAY_MS)
  }
  const show = (el: HTMLElement) => {
    cancelClose()
    setActive((a) => (a?.el === el ? a : { pos: positionOf(el), el }))
    setOpen(true)
  }

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    const onDown = (e: PointerEvent) => {
      const path = e.composedPath()
      if ((active && path.includes(active.el)) || (popoverRef.current && path.includes(popoverRef.current))) return
      setOpen(false)
    }
    const listening = new AbortController()
    const { signal } = listening
    document.addEventListener('keydown', onKey, { signal })
    document.addEventListener('pointerdown', onDown, { capture: true, signal })
    return () => listening.abort()
  }, [open, active])

  return [active, open, popoverRef, show, close, scheduleClose, cancelClose]
}
