import { computePosition, offset, shift } from '@floating-ui/react-dom'
import { useLayoutEffect, useRef } from 'react'
import type { StatusIssue } from '../../contract/status'
import { useMessages } from '../core/i18n/react'
import * as styles from './cloud-status.css'
import { IssueTimes } from './IssueTimes'
import { cloudStatusMessages } from './messages'

/** Props of {@link IssuePopover}. */
export interface IssuePopoverProps {
  id: string
  /** The bar the popover belongs to. */
  anchor: HTMLElement
  issue: StatusIssue
  timezone: string
  /** Set to the popover's element while it is shown (the timeline's outside-press check). */
  popoverRef: { current: HTMLElement | null }
  onEnter: () => void
  onLeave: () => void
  onFullPost: () => void
}

/**
 * The popover of a bar (docs/requirements/screens.md, cloud status page): title, short
 * description, 'Full Post', start and end; at most 420 × 340 px and scrollable. Placed by Floating
 * UI's `computePosition` below or above its bar, on the side with more room, shifted into the
 * viewport, again whenever the bar moves (scroll, resize, its own size); `fixed`, so it stays inside
 * the widget (the shadow root on foreign pages) and out of the scroller's clipping.
 * When it opens and closes is {@link usePopover}'s. `computePosition` through
 * `@floating-ui/react-dom`, the module the kit's other floating parts (the calendar) share.
 */
export function IssuePopover({ id, anchor, issue, timezone, popoverRef, onEnter, onLeave, onFullPost }: IssuePopoverProps) {
  const ref = useRef<HTMLDivElement>(null)
  const t = useMessages(cloudStatusMessages)
  useLayoutEffect(() => {
    const el = ref.current!
    popoverRef.current = el
    const place = () => {
      // Below the bar, or above it when there is more room there.
      const { top, bottom } = anchor.getBoundingClientRect()
      return computePosition(anchor, el, {
        strategy: 'fixed',
        placement: innerHeight - bottom >= top ? 'bottom' : 'top',
        middleware: [offset(6), shift({ padding: 8 })],
      }).then(({ x, y }) => Object.assign(el.style, { left: `${x}px`, top: `${y}px` }))
    }
    // Placed again when the bar moves: the page or the timeline's scroller inside the shadow root
    // scrolls (its `scroll` does not cross the shadow boundary), the window resizes, or the
    // popover's own size changes. (Floating UI's `autoUpdate` watches more, e.g. layout shifts
    // without a scroll, which a `fixed` popover over the timeline never meets; leaving it out keeps
    // the drop-in in its budget: docs/decisions/0108-drop-in-room-for-tenant-views.md.)
    const listening = new AbortController()
    const options = { capture: true, passive: true, signal: listening.signal }
    for (const target of [window, anchor.getRootNode()]) target.addEventListener('scroll', place, options)
    window.addEventListener('resize', place, options)
    const resized = new ResizeObserver(place)
    resized.observe(el)
    return () => {
      listening.abort()
      resized.disconnect()
      popoverRef.current = null
    }
  }, [anchor, popoverRef])
  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className={styles.popover}
      data-testid="issue-popover"
      part="popover"
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
    >
      <p className={styles.popoverTitle} id={`${id}-title`}>
        {issue.title}
      </p>
      {issue.short_description && <p className={styles.popoverText}>{issue.short_description}</p>}
      <button type="button" className={styles.linkButton} onClick={onFullPost} data-testid="full-post">
        {t.fullPost}
      </button>
      <IssueTimes issue={issue} timezone={timezone} />
    </div>
  )
}
