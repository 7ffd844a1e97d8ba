import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import { type ReactNode, useState } from 'react'
import * as shell from '../shell.css'
import * as styles from '../timezone/timezone.css'
import { useLateReference } from './use-hover-popup'

/** Props of {@link HeaderPanelButton}. */
export interface HeaderPanelButtonProps {
  /** The button's accessible name, e.g. "Time zone: UTC. Change time zone"; without it, its content names it. */
  label?: string
  /** The button's tooltip. */
  title: string
  /** The button's `data-testid`. */
  testId: string
  /** The panel's accessible name (a dialog). */
  panelLabel: string
  /** The panel's `data-testid`. */
  panelTestId: string
  /** What the button shows (an icon and a short text; the ▾ is added). */
  children: ReactNode
  /** What the panel holds (a labelled control). */
  panel: ReactNode
}

/**
 * A compact header-bar control that opens a panel (docs/languages-and-themes.md: the time zone and the language),
 * desktop only (below 1200 px the folded menu shows the controls themselves), so the bar keeps one
 * row in every language. Like the cloud selector it opens by click, Enter or Space,
 * focuses the panel's first control, and closes with Escape or a click outside; the panel stays
 * open after a choice (arrow keys on a closed select choose as they move).
 */
export function HeaderPanelButton({ label, title, testId, panelLabel, panelTestId, children, panel }: HeaderPanelButtonProps) {
  const [open, setOpen] = useState(false)
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-end',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  })
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ])
  const reference = useLateReference(refs.setReference, open)
  return (
    <div className={shell.selectorWrap}>
      <button
        type="button"
        ref={reference}
        className={`${shell.headerButton} ${styles.zoneButton}`}
        aria-label={label}
        title={title}
        data-testid={testId}
        {...getReferenceProps()}
      >
        {children}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false} initialFocus={0}>
          <div
            ref={refs.setFloating}
            style={floatingStyles}
            className={styles.panel}
            role="dialog"
            aria-label={panelLabel}
            data-testid={panelTestId}
            {...getFloatingProps()}
          >
            {panel}
          </div>
        </FloatingFocusManager>
      )}
    </div>
  )
}
