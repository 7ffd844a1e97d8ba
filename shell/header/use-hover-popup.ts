import {
  autoUpdate,
  flip,
  offset,
  safePolygon,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

/** How a header popup opens, closes and sits. */
export interface HoverPopupOptions {
  /** How long the popup stays after the pointer leaves the button and the popup, ms. */
  closeDelay: number
  /** Space between the button and the popup, px. */
  gap: number
  /** Flip above the button when there is no room below. @default false */
  flips?: boolean
  /** The popup's ARIA role (`useRole`); none by default. */
  role?: 'dialog'
}

/**
 * A header popup of the cloud selector and the main menu's sub-menus, on @floating-ui/react: below
 * its button (start-aligned, shifted into the viewport, placed again on scroll and resize); with a
 * pointer it opens on hover and closes `closeDelay` ms after the pointer leaves (through a safe
 * polygon towards the popup); a click, Enter or Space toggles it; Escape and a press outside close
 * it (`useDismiss`).
 *
 * @returns the open state and its setter, Floating UI's refs, the button's ref ({@link useLateReference}),
 *   styles and context, and the props of the button and the popup
 */
export function useHoverPopup({ closeDelay, gap, flips = false, role }: HoverPopupOptions) {
  const [open, setOpen] = useState(false)
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    middleware: [offset(gap), flips && flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  })
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { mouseOnly: true, delay: { open: 0, close: closeDelay }, handleClose: safePolygon() }),
    useClick(context),
    useDismiss(context),
    useRole(context, { enabled: role !== undefined, role }),
  ])
  const reference = useLateReference(refs.setReference, open)
  return { open, setOpen, refs, reference, floatingStyles, context, getReferenceProps, getFloatingProps }
}

/**
 * The ref of a popup's button that hands its element to Floating UI after the page has hydrated,
 * in a transition (docs/architecture.md#hydrating-less). Floating UI keeps the element in state, so
 * handing it over from the ref itself re-renders the header synchronously inside the hydrating
 * commit; a popup opened before the hand-over gets its element at once.
 *
 * @param setReference Floating UI's `refs.setReference`
 * @param open whether the popup is open
 * @returns the ref callback for the button
 */
export function useLateReference(setReference: (node: HTMLElement | null) => void, open: boolean): (node: HTMLElement | null) => void {
  const node = useRef<HTMLElement | null>(null)
  const handed = useRef(false)
  const handOver = useCallback(() => {
    handed.current = true
    setReference(node.current)
  }, [setReference])
  useEffect(() => {
    if (!handed.current) startTransition(handOver)
  }, [handOver])
  useLayoutEffect(() => {
    if (open && !handed.current) handOver()
  }, [open, handOver])
  return useCallback(
    (element: HTMLElement | null) => {
      node.current = element
      if (handed.current) setReference(element)
    },
    [setReference],
  )
}
