import { useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react'
import { aliasHref } from '../../contract/links'
import { textDirection } from '../../contract/locale'
import type { CloudStatusData, StatusItem } from '../../contract/status'
import { useLocale, useMessages } from '../core/i18n/react'
import { safeHtml } from '../core/safe-html'
import * as styles from './cloud-status.css'
import { barOf, closest, focusedIn, positionOf } from './dom'
import { IssueModal } from './IssueModal'
import { IssuePopover } from './IssuePopover'
import { Legend } from './Legend'
import { cloudStatusMessages } from './messages'
import { dayHeaders, legendEntries, moveFocus, nowPercent, severityName, timelineRows, weekRangeLabel, type BarPosition } from './model'
import { usePopover } from './use-popover'
import { useRowMarkup } from './use-row-markup'
import { useStars } from './use-stars'
import { barSelector, useTabStop } from './use-tab-stop'

/** Props of {@link Timeline}: the block's and the week's. */
export interface TimelineProps {
  data: CloudStatusData
  /** The block's title (the list's accessible name). */
  title: string
  kind: 'core' | 'datacenter'
  hasPremium: boolean
  /** Rows are premium data centers (premium tab). */
  premiumRows: boolean
  cloud: string
  cloudDomain: string
  isGov: boolean
  isLoggedIn: boolean
  isTrustDR?: boolean
  timezone?: string
  apiBase?: string
  /** Fetches the block's current week again (full-post modal refresh). */
  refresh: (signal: AbortSignal) => Promise<CloudStatusData>
  onRefreshed: (data: CloudStatusData) => void
}

/**
 * The week's timeline (docs/requirements/screens.md, cloud status page): day headers, the
 * current-time marker, one row per service or data center with its subscribe star and bars, the
 * popover, the full-post modal and the legend. All bars of the block are one tab stop
 * ({@link useTabStop}; arrows, Home and End move, see `moveFocus`).
 *
 * Rows are plain elements from markup built once per answer, a slice's rows as one string
 * ({@link useRowMarkup}, row-html.ts) that the list holds outside the component tree: far faster
 * than a component per row or bar. The grid handles the events of every bar, star and name, and
 * the few states that change while a row is shown (the tab stop, the bar whose popover is open,
 * stars pressed or pending, a name's tooltip) are set on those elements after each render. One
 * popover ({@link usePopover}), one name tooltip and one modal serve the block.
 */
export function Timeline(props: TimelineProps) {
  const { data, timezone = 'UTC', isGov, hasPremium, kind, premiumRows, isTrustDR = false, apiBase = '' } = props
  const locale = useLocale()
  // The week runs in the reading direction: right to left in Arabic (docs/languages-and-themes.md).
  const rtl = textDirection(locale) === 'rtl'
  const t = useMessages(cloudStatusMessages)
  const rows = useMemo(() => timelineRows(data.category), [data])
  const itemRows = useMemo(() => rows.filter((r) => r.type === 'item'), [rows])
  const centres = useMemo(() => itemRows.map((r) => r.layout!.bars.map((b) => b.left + b.width / 2)), [itemRows])
  const headers = useMemo(() => dayHeaders(data.start_date, timezone, locale), [data.start_date, timezone, locale])
  const legend = useMemo(
    () => legendEntries(data.severity, { block: kind, hasPremium, isGov, locale }),
    [data.severity, kind, hasPremium, isGov, locale],
  )
  const now = nowPercent(data.current_time)

  const rowOptions = useMemo(
    () => ({ severities: data.severity, timeZone: timezone, premium: premiumRows, noStar: isTrustDR, locale }),
    [data.severity, timezone, premiumRows, isTrustDR, locale],
  )
  const [listRef, shown, find] = useRowMarkup(rows, rowOptions)
  const scrollerRef = useRef<HTMLDivElement>(null)
  const nowRef = useRef<HTMLDivElement>(null)
  const setTabStop = useTabStop(centres, scrollerRef, nowRef, now, data.start_date, find, rtl)
  const [active, open, popoverRef, show, closePopover, scheduleClose, cancelClose] = usePopover()
  const gridRef = useRef<HTMLDivElement>(null)
  const [press, starError] = useStars(data, itemRows, find, props.cloud, apiBase, props.isLoggedIn, locale, t)

  const [modal, setModal] = useState<{ pos: BarPosition; opener: HTMLElement } | null>(null)
  // The name whose info tooltip shows (hover or focus), and where, px from the viewport's top and
  // inline start (its right edge right to left): under the name, from the name's start.
  const [tip, setTip] = useState<{ el: HTMLElement; item: StatusItem; start: number; top: number } | null>(null)
  const popoverId = useId()
  const tipId = useId()

  const issueAt = (pos: BarPosition | null | undefined) => (pos ? itemRows[pos.row]?.layout?.bars[pos.col]?.issue : undefined)
  const barAt = (pos: BarPosition | null | undefined) => (pos ? find(barSelector(pos))[0] : null)
  /** The item of the row `el` is in. */
  const itemOf = (el: HTMLElement) => {
    const li = el.closest('li')!
    return rows[[...li.parentNode!.children].indexOf(li)].item!
  }

  const openModal = (el: HTMLElement) => {
    closePopover()
    setModal({ pos: positionOf(el), opener: el })
  }
  const showTip = (el: HTMLElement | null) => {
    if (!el) return
    const r = el.getBoundingClientRect()
    setTip({ el, item: itemOf(el), start: Math.max(8, rtl ? document.documentElement.clientWidth - r.right : r.left), top: r.bottom + 4 })
  }

  const onMouseOver = (e: MouseEvent) => {
    const el = barOf(e.target)
    if (el) show(el)
    showTip(closest(e.target, '[data-info]'))
  }
  const onMouseOut = (e: MouseEvent) => {
    const to = e.relatedTarget
    const left = (el: HTMLElement | null) => el && !(to instanceof Node && el.contains(to))
    const el = barOf(e.target)
    // A bar that keeps the keyboard focus keeps its popover.
    if (left(el) && focusedIn(el!) !== el) scheduleClose()
    if (left(closest(e.target, '[data-info]'))) setTip(null)
  }
  const onFocusIn = (e: FocusEvent) => {
    showTip(closest(e.target, '[data-info]'))
    const el = barOf(e.target)
    if (!el) return
    setTabStop(positionOf(el))
    show(el)
  }
  const onFocusOut = (e: FocusEvent) => {
    if (closest(e.target, '[data-info]')) setTip(null)
    const el = barOf(e.target)
    const to = e.relatedTarget
    if (!el || (to instanceof Node && (popoverRef.current?.contains(to) || barOf(to)))) return
    closePopover()
  }
  // Escape on a bar closes its popover as anywhere else (usePopover).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && closest(e.target, '[data-info]')) setTip(null)
    const el = barOf(e.target)
    if (!el) return
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      openModal(el)
      return
    }
    // At an edge `next` is the bar itself: the key is still taken, so the page does not scroll.
    const next = moveFocus(centres, positionOf(el), e.key, rtl)
    if (!next) return
    e.preventDefault()
    barAt(next)?.focus()
  }
  const onClick = (e: MouseEvent) => {
    const el = barOf(e.target)
    if (el) openModal(el)
    const star = closest(e.target, '[data-testid="subscribe-star"]')
    if (star) press(itemOf(star), star)
  }
  // Focus moving among the bars and names reaches the grid as the DOM's bubbling `focusin` and
  // `focusout` (React's onFocus and onBlur bubble; Preact core's, in the lean drop-in, do not):
  // this render's handlers, in place as soon as it is committed.
  useLayoutEffect(() => {
    const grid = gridRef.current!
    const listening = new AbortController()
    const { signal } = listening
    grid.addEventListener('focusin', onFocusIn, { signal })
    grid.addEventListener('focusout', onFocusOut, { signal })
    return () => listening.abort()
  })

  // The open popover's bar is described by it.
  useLayoutEffect(() => {
    const el = open && active ? find(barSelector(active.pos))[0] : null
    if (!el) return
    el.setAttribute('aria-describedby', popoverId)
    el.dataset.active = 'true'
    return () => {
      el.removeAttribute('aria-describedby')
      delete el.dataset.active
    }
  }, [open, active, popoverId, find])
  useLayoutEffect(() => {
    if (!tip) return
    tip.el.setAttribute('aria-describedby', tipId)
    return () => tip.el.removeAttribute('aria-describedby')
  }, [tip, tipId])

  const popIssue = open ? issueAt(active?.pos) : undefined
  const modalIssue = issueAt(modal?.pos)

  return (
    <>
      {starError && (
        <div className={styles.starError} role="alert" data-testid="star-error">
          {starError}
        </div>
      )}
      <div className={styles.scroller} part="timeline" ref={scrollerRef}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates the events of the bars, stars and names inside, which are the focusable elements (roving tabindex for the bars) */}
        {/* biome-ignore lint/a11y/useKeyWithMouseEvents: focus is delegated too, by the grid's `focusin` listener (above) */}
        <div
          className={styles.grid}
          ref={gridRef}
          onMouseOver={onMouseOver}
          onMouseOut={onMouseOut}
          onKeyDown={onKeyDown}
          onClick={onClick}
        >
          <div className={styles.headerRow} aria-hidden="true">
            <div className={styles.headerName} />
            <div className={styles.days}>
              {headers.map((h) => (
                <div key={h.date} className={styles.day} data-testid="day-header">
                  <span className={styles.dayText}>{h.label}</span>
                </div>
              ))}
            </div>
          </div>
          {now !== null && (
            <div className={styles.nowLayer} data-testid="now-marker" ref={nowRef}>
              <div className={styles.nowLine} style={{ insetInlineStart: `${now}%` }}>
                {/* Near the week's end the label sits before the line so it stays inside the block. */}
                <span className={styles.nowLabel} style={now > 95 ? { insetInlineStart: 'auto', insetInlineEnd: '2px' } : undefined}>
                  {t.now}
                </span>
              </div>
            </div>
          )}
          <ul
            className={now === null ? styles.rowList : `${styles.rowList} ${styles.withNow}`}
            style={now === null ? undefined : ({ '--now': `${now}%` } as CSSProperties)}
            aria-label={t.week({ title: props.title, range: weekRangeLabel(data.start_date, data.end_date, timezone, locale) })}
            aria-busy={shown < rows.length}
            ref={listRef}
          />
        </div>
      </div>
      {tip && (
        <div
          id={tipId}
          role="tooltip"
          className={styles.tooltip}
          style={{ insetInlineStart: `${tip.start}px`, top: `${tip.top}px` }}
          data-testid="item-info"
        >
          {safeHtml(tip.item.info)}
        </div>
      )}
      <Legend entries={legend} />
      {/* One popover and one modal for the block, after its rows: both are fixed to the viewport. */}
      {popIssue && active && (
        <IssuePopover
          id={popoverId}
          anchor={active.el}
          issue={popIssue}
          timezone={timezone}
          popoverRef={popoverRef}
          onEnter={cancelClose}
          onLeave={scheduleClose}
          onFullPost={() => openModal(active.el)}
        />
      )}
      {modal && modalIssue && (
        <IssueModal
          issue={modalIssue}
          itemName={itemRows[modal.pos.row]?.title ?? ''}
          severity={severityName(data.severity, modalIssue.severityTid, locale)}
          timezone={timezone}
          href={aliasHref(props.cloudDomain, modalIssue.alias, apiBase)}
          refresh={props.refresh}
          onRefreshed={props.onRefreshed}
          onClose={() => {
            const { opener, pos } = modal
            setModal(null)
            // The bar that opened it, or the one now in its place when the week was fetched again.
            const target = opener.isConnected ? opener : barAt(pos)
            target?.focus()
          }}
        />
      )}
    </>
  )
}
