import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/react-dom'
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import type { CloudStatusFlags } from '../../contract/global'
import { aliasHref } from '../../contract/links'
import type { CloudStatusData, StatusIssue, StatusItem } from '../../contract/status'
import type { HostProps } from '../core/element'
import { SignInRequiredEvent, signInPath } from '../core/events'
import { useLocale, useMessages } from '../core/i18n/react'
import { LiveNotice } from '../core/LiveNotice'
import { apiUrl } from '../core/request'
import { errorMessage } from '../core/resource'
import { showToast } from '../core/toast'
import { itemToast, starCall } from '../core/subscribe'
import { useResource, useWidgetContext } from '../core/react'
import { safeHtml } from '../core/safe-html'
import { termName } from '../core/terms'
import { formatTimestamp } from '../core/time'
import { LoadState } from '../core/ui'
import { fetchCloudStatus, subscribeStar } from './api'
import { cloudStatusMessages } from './messages'
import {
  barKind,
  canGoNext,
  canGoPrevious,
  dayHeaders,
  FIRST_RENDER_BUDGET,
  firstBarIn,
  INITIAL_PAGING,
  legendEntries,
  moveFocus,
  nextRowLimit,
  nowPercent,
  pagingReducer,
  severityName,
  timelineRows,
  weekRangeLabel,
  type BarPosition,
  type DataCenterTab,
  type LegendEntry,
} from './model'
import { rowsHtml } from './row-html'
import * as styles from './cloud-status.css'

/** How long a popover stays after the pointer leaves its bar or itself, ms (spec §9). */
export const POPOVER_CLOSE_DELAY_MS = 300

/** How long after the full-post modal opens its week is fetched again, ms (spec §9). */
export const MODAL_REFRESH_DELAY_MS = 1500

export { SignInRequiredEvent } from '../core/events'
export type { SignInRequiredDetail } from '../core/events'

/** Flags used when the cloud is not in the global data (or that load failed): both blocks, no premium. */
const DEFAULT_FLAGS: CloudStatusFlags = { core_cloud_services: '1', datacenter: '1', premium_datacenter: '0' }

/** Props of {@link CloudStatus}. */
export interface CloudStatusProps {
  /** Cloud machine name (the API's `cloud`). */
  cloud: string
  /** The cloud's domain, first segment of record links (`/{cloudDomain}{alias}`). */
  cloudDomain: string
  /** Which blocks and tabs show (spec §3 Cloud.cloud_status). */
  flags: CloudStatusFlags
  /** Government variant: no premium legend (spec §1 Variants). */
  isGov: boolean
  /** Whether the visitor is signed in (subscribe stars, spec §4). */
  isLoggedIn: boolean
  /** Disaster-recovery variant: no subscribe stars (subscriptions are unavailable, spec §1 Variants). */
  isTrustDR?: boolean
  /** IANA zone timestamps are shown in. @default 'UTC' */
  timezone?: string
  /** Origin of the API and record links on foreign pages. @default '' (same origin) */
  apiBase?: string
  /**
   * Show the degraded-mode notice above the blocks while a shown week is a stale or kept copy
   * (widgets/core/live.ts). The shell passes false: it shows one notice for the whole page.
   * @default true
   */
  liveNotice?: boolean
  /**
   * Show the cloud's overall status line above the blocks, as a `<trust-status-badge>` (issue 24;
   * the drop-in loads its script, widgets/core/companion.ts). The shell passes false: its page
   * shows the full line itself.
   * @default true
   */
  statusBadge?: boolean
}

type BlockKind = 'core' | 'datacenter'

/**
 * The cloud status page's content (spec §2 Cloud status page): the cloud's overall status line
 * (issue 24 item 2, `<trust-status-badge>`), then a 'Core Cloud Services' block
 * and an 'Individual Data Centers' block (with 'Public Data Center' / 'Premium Data Center'
 * tabs), each shown per the cloud's `cloud_status` flags and each loading its own week
 * (`GET /api/cloud-status`, paged 0…12 weeks back).
 */
export function CloudStatus(props: CloudStatusProps) {
  const { flags, liveNotice = true, statusBadge = true } = props
  // The URL of the week each block shows: the notice speaks for these answers only.
  const [shownUrls, setShownUrls] = useState<Partial<Record<BlockKind, string>>>({})
  const onShownUrl = useCallback(
    (kind: BlockKind, url: string) => setShownUrls((urls) => (urls[kind] === url ? urls : { ...urls, [kind]: url })),
    [],
  )
  const showCore = flags.core_cloud_services === '1'
  const showDc = flags.datacenter === '1'
  const t = useMessages(cloudStatusMessages)
  return (
    <section className={styles.root} aria-label={t.label} data-testid="cloud-status">
      {liveNotice && <LiveNotice timezone={props.timezone} urls={Object.values(shownUrls)} />}
      {statusBadge && (showCore || showDc) && (
        <trust-status-badge cloud={props.cloud} api-base={props.apiBase || undefined} className={styles.badge} />
      )}
      {showCore && <StatusBlock {...props} kind="core" title={t.core} hasPremium={false} onShownUrl={onShownUrl} />}
      {showDc && (
        <StatusBlock {...props} kind="datacenter" title={t.dcs} hasPremium={flags.premium_datacenter === '1'} onShownUrl={onShownUrl} />
      )}
      {!showCore && !showDc && <p role="status">{t.none}</p>}
    </section>
  )
}

/** Status loading failures are logged as well as shown (spec §8 "status loads log"). */
function logFailure(error: unknown): never {
  if ((error as Error | undefined)?.name !== 'AbortError') console.error('Cloud status: loading failed.', error)
  throw error
}

interface BlockProps extends CloudStatusProps {
  kind: BlockKind
  title: string
  hasPremium: boolean
  /** Reports the URL of the week the block asks for (the degraded-mode notice's scope). */
  onShownUrl: (kind: BlockKind, url: string) => void
}

/**
 * One block: heading, data-center tabs, paging bar with the week's range, the timeline and the
 * legend; loading, error-with-Retry and reloading states through {@link LoadState}.
 */
function StatusBlock(props: BlockProps) {
  const { kind, title, cloud, apiBase = '', hasPremium, onShownUrl, timezone: tz } = props
  const locale = useLocale()
  const t = useMessages(cloudStatusMessages)
  const [paging, dispatch] = useReducer(pagingReducer, INITIAL_PAGING)
  const tab: DataCenterTab = hasPremium ? paging.tab : 'public'
  const requestType = kind === 'core' ? 'core_cloud_services' : tab
  const { offset } = paging
  // The same URL fetchCloudStatus asks for (same query order), so the notice matches its answer.
  const url = apiUrl('/api/cloud-status', apiBase, { cloud, requestType, dateOffset: offset, tz })
  useEffect(() => onShownUrl(kind, url), [onShownUrl, kind, url])
  // The block's week: loaded here, and fetched again by the full-post modal.
  const refresh = useCallback(
    (signal: AbortSignal) => fetchCloudStatus({ cloud, requestType, dateOffset: offset, tz, apiBase, signal }),
    [cloud, requestType, offset, tz, apiBase],
  )
  const state = useResource((signal) => refresh(signal).catch(logFailure), [refresh])
  // A week fetched again while the full-post modal is open replaces the loaded one (of the same URL).
  const [fresh, setFresh] = useState<{ key: string; data: CloudStatusData }>()
  const onRefreshed = useCallback((data: CloudStatusData) => setFresh({ key: url, data }), [url])
  const shown = fresh?.key === url && state.status === 'ready' ? { ...state, data: fresh.data } : state

  const id = useId()
  const panelId = `${id}-panel`
  const tabsRef = useRef<HTMLDivElement>(null)
  // Two tabs: either arrow moves to the other one, Home to the first and End to the last.
  const onTabKey = (e: KeyboardEvent) => {
    const next: DataCenterTab | undefined =
      e.key === 'ArrowRight' || e.key === 'ArrowLeft'
        ? tab === 'public'
          ? 'premium'
          : 'public'
        : e.key === 'Home'
          ? 'public'
          : e.key === 'End'
            ? 'premium'
            : undefined
    if (!next) return
    e.preventDefault()
    dispatch({ type: 'tab', tab: next })
    tabsRef.current?.querySelector<HTMLElement>(`[data-testid="tab-${next}"]`)?.focus()
  }

  const data = shown.data
  const content = (
    <>
      <div className={styles.pager}>
        <button
          type="button"
          className={styles.pagerButton}
          data-testid="previous-week"
          disabled={!canGoPrevious(offset)}
          onClick={() => dispatch({ type: 'previous' })}
        >
          {t.prev}
        </button>
        <p className={styles.range} data-testid="week-range" aria-live="polite">
          {data ? weekRangeLabel(data.start_date, data.end_date, tz, locale) : ''}
        </p>
        <button
          type="button"
          className={styles.pagerButton}
          data-testid="next-week"
          disabled={!canGoNext(offset)}
          onClick={() => dispatch({ type: 'next' })}
        >
          {t.next}
        </button>
      </div>
      <LoadState state={shown} loadingLabel={t.loading}>
        {(week) => (
          <Timeline
            {...props}
            data={week}
            premiumRows={kind === 'datacenter' && tab === 'premium'}
            refresh={refresh}
            onRefreshed={onRefreshed}
          />
        )}
      </LoadState>
    </>
  )

  return (
    <section className={styles.block} aria-labelledby={`${id}-title`} data-testid={`status-block-${kind}`} part="block">
      <h2 className={styles.blockTitle} id={`${id}-title`}>
        {title}
      </h2>
      {kind === 'datacenter' ? (
        <>
          <div className={styles.tabs} role="tablist" aria-label={t.dcType} ref={tabsRef} onKeyDown={onTabKey}>
            {(hasPremium ? (['public', 'premium'] as const) : (['public'] as const)).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                id={`${id}-tab-${k}`}
                className={styles.tab}
                aria-selected={tab === k}
                aria-controls={panelId}
                tabIndex={tab === k ? 0 : -1}
                data-testid={`tab-${k}`}
                onClick={() => dispatch({ type: 'tab', tab: k })}
              >
                {k === 'public' ? t.pub : t.prem}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={panelId} aria-labelledby={`${id}-tab-${tab}`}>
            {content}
          </div>
        </>
      ) : (
        content
      )}
    </section>
  )
}

interface TimelineProps extends BlockProps {
  data: CloudStatusData
  /** Rows are premium data centers (premium tab). */
  premiumRows: boolean
  /** Fetches the block's current week again (full-post modal refresh). */
  refresh: (signal: AbortSignal) => Promise<CloudStatusData>
  onRefreshed: (data: CloudStatusData) => void
}

/** The element matching `selector` that a DOM event happened in, if any. */
function closest(target: EventTarget | null, selector: string): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(selector) : null
}

/** The bar a DOM event happened on, if any. */
const barOf = (target: EventTarget | null) => closest(target, '[data-col]')

const positionOf = (el: HTMLElement): BarPosition => ({ row: Number(el.dataset.row), col: Number(el.dataset.col) })

/** The element focused inside `node`'s document or shadow root. */
function focusedIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement ?? null
}

/**
 * The week's timeline: day headers, the current-time marker, one row per service or data center
 * with its subscribe star and bars, the popover and the full-post modal. All bars of the block
 * are one tab stop (roving tabindex; arrows, Home and End move, see `moveFocus`).
 *
 * Rows are plain elements from markup built once per answer, a slice's rows as one string
 * (`rowsHtml`) that the list holds outside the component tree; the grid handles the
 * events of every bar, star and name, and the few states that change while a row is shown (the
 * tab stop, the bar whose popover is open, stars pressed or pending, a name's tooltip) are set on
 * those elements after each render. One popover, one name tooltip and one modal serve the block.
 */
function Timeline(props: TimelineProps) {
  const { data, timezone = 'UTC', isGov, hasPremium, kind, premiumRows, isLoggedIn, isTrustDR = false, apiBase = '' } = props
  const locale = useLocale()
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
  // The rows are markup (rowsHtml) the list holds outside the component tree: a token for each
  // answer and each change of what the markup shows, with the count of its rows in the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token for each answer and each change of what the markup shows
  const markup = useMemo(() => ({ rows: 0 }), [rows, data.severity, timezone, premiumRows, isTrustDR, locale])

  // On a narrow screen the week scrolls inside its block: it opens scrolled so that now is in
  // view (centred in the visible days as far as the week allows; the names column stays put),
  // once per week shown.
  const scrollerRef = useRef<HTMLDivElement>(null)
  const nowRef = useRef<HTMLDivElement>(null)
  const hasNow = now !== null
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another week is shown, not on every tick of `now`
  useLayoutEffect(() => {
    const scroller = scrollerRef.current
    if (!scroller || !hasNow || typeof ResizeObserver === 'undefined') return
    // Measured once the browser has laid the week out, before it paints: reading sizes here
    // instead would force a layout inside the render.
    const observer = new ResizeObserver(() => {
      observer.disconnect()
      const layer = nowRef.current
      if (!layer || scroller.scrollWidth <= scroller.clientWidth) return
      const week = layer.offsetWidth
      const shown = scroller.clientWidth - layer.offsetLeft
      scroller.scrollLeft = ((now ?? 0) / 100) * week - 0.5 * shown
      // Until the visitor moves it, the tab stop is the first bar in view, its centre at least
      // `TARGET_CLEARANCE_PX` right of the names column (the first bar of all may be under them),
      // else the first one scrolled away to the left of the names, else the first of all.
      const at = (px: number) => ((scroller.scrollLeft + px) / week) * 100
      setTabStop(
        (s) => s ?? firstBarIn(centres, at(styles.TARGET_CLEARANCE_PX), at(shown)) ?? firstBarIn(centres, 0, at(-layer.offsetLeft)),
      )
    })
    observer.observe(scroller)
    return () => observer.disconnect()
  }, [data.start_date, hasNow])

  // A long week first renders in slices of rows, one task each, so the page never stalls on a
  // long task; once every row is there, later weeks render whole. `aria-busy` marks the gap.
  const [rowLimit, setRowLimit] = useState(() => nextRowLimit(rows, 0, FIRST_RENDER_BUDGET))
  useEffect(() => {
    if (rowLimit >= rows.length) return
    const timer = setTimeout(() => setRowLimit((limit) => nextRowLimit(rows, limit)), 0)
    return () => clearTimeout(timer)
  }, [rowLimit, rows])
  const shown = Math.min(rowLimit, rows.length)

  // The list's rows: each slice's as one string after the rows already there, the list emptied
  // first when none of this answer's rows is in it (see `markup`). The list has no children in
  // the component tree, so React and Preact leave them alone.
  const listRef = useRef<HTMLUListElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `markup` stands for the answer and options the rows are built from
  useLayoutEffect(() => {
    const list = listRef.current!
    if (!markup.rows) list.textContent = ''
    list.insertAdjacentHTML(
      'beforeend',
      rowsHtml(rows, markup.rows, shown, {
        severities: data.severity,
        timeZone: timezone,
        premium: premiumRows,
        noStar: isTrustDR,
        locale,
      }),
    )
    markup.rows = shown
  }, [markup, shown])

  const [tabStopState, setTabStop] = useState<BarPosition | null>(null)
  const tabStop = tabStopState && centres[tabStopState.row]?.[tabStopState.col] !== undefined ? tabStopState : firstBarIn(centres, 0, 100)

  const [active, setActive] = useState<{ pos: BarPosition; el: HTMLElement } | null>(null)
  const [open, setOpen] = useState(false)
  const [modal, setModal] = useState<{ pos: BarPosition; opener: HTMLElement } | null>(null)
  // The name whose info tooltip shows (hover or focus), and where, px from the viewport.
  const [tip, setTip] = useState<{ el: HTMLElement; item: StatusItem; left: number; top: number } | null>(null)
  const gridRef = useRef<HTMLDivElement>(null)
  const popoverRef = useRef<HTMLElement | null>(null)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const popoverId = useId()
  const tipId = useId()

  const issueAt = (pos: BarPosition | null | undefined) => (pos ? itemRows[pos.row]?.layout?.bars[pos.col]?.issue : undefined)
  const barAt = (pos: BarPosition | null | undefined) =>
    pos ? gridRef.current?.querySelector<HTMLElement>(`[data-row="${pos.row}"][data-col="${pos.col}"]`) : null
  /** The item of the row `el` is in. */
  const itemOf = (el: HTMLElement) => {
    const li = el.closest('li')!
    return rows[Array.prototype.indexOf.call(li.parentNode!.children, li)].item!
  }

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), [])
  const scheduleClose = useCallback(() => {
    clearTimeout(closeTimer.current)
    closeTimer.current = setTimeout(() => setOpen(false), POPOVER_CLOSE_DELAY_MS)
  }, [])
  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const show = (el: HTMLElement) => {
    cancelClose()
    const pos = positionOf(el)
    setActive((a) => (a?.el === el ? a : { pos, el }))
    setOpen(true)
  }
  const openModal = (el: HTMLElement) => {
    cancelClose()
    setOpen(false)
    setModal({ pos: positionOf(el), opener: el })
  }
  const showTip = (el: HTMLElement | null) => {
    if (!el) return
    const r = el.getBoundingClientRect()
    setTip({ el, item: itemOf(el), left: Math.max(8, r.left), top: r.bottom + 4 })
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
    setOpen(false)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && closest(e.target, '[data-info]')) setTip(null)
    const el = barOf(e.target)
    if (!el) return
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      openModal(el)
      return
    }
    if (e.key === 'Escape') {
      setOpen(false)
      return
    }
    const next = moveFocus(centres, positionOf(el), e.key)
    if (!next) return
    e.preventDefault()
    barAt(next)?.focus()
  }
  const onClick = (e: MouseEvent) => {
    const el = barOf(e.target)
    if (el) openModal(el)
    const star = closest(e.target, '[data-testid="subscribe-star"]')
    if (star) {
      const item = itemOf(star)
      onStar(item, isSubscribed(item), star)
    }
  }
  // Focus moving among the bars and names reaches the grid as the DOM's bubbling `focusin` and
  // `focusout` (React's onFocus and onBlur bubble; Preact core's, in the lean drop-in, do not):
  // this render's handlers, in place as soon as it is committed.
  useLayoutEffect(() => {
    const grid = gridRef.current!
    grid.addEventListener('focusin', onFocusIn)
    grid.addEventListener('focusout', onFocusOut)
    return () => {
      grid.removeEventListener('focusin', onFocusIn)
      grid.removeEventListener('focusout', onFocusOut)
    }
  })

  // Escape anywhere, or a press outside the bar and the popover, closes the popover.
  useEffect(() => {
    if (!open) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    const onDown = (e: PointerEvent) => {
      const path = e.composedPath()
      if ((active && path.includes(active.el)) || (popoverRef.current && path.includes(popoverRef.current))) return
      setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onDown, true)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onDown, true)
    }
  }, [open, active])

  // Signed in, a star subscribes or unsubscribes its row (spec §4 Subscribe star): the new state
  // is kept here per tid until the week is loaded again with the server's flags.
  const [starState, setStarState] = useState<{ flags: Record<number, boolean>; pending: number | null; error: string }>({
    flags: {},
    pending: null,
    error: '',
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new week's data is the trigger: its server flags replace the kept ones
  useEffect(() => setStarState((s) => (Object.keys(s.flags).length ? { ...s, flags: {} } : s)), [data])
  const isSubscribed = (item: StatusItem) => starState.flags[item.tid] ?? item.subscribed === '1'

  const onStar = (item: StatusItem, subscribed: boolean, button: HTMLElement) => {
    if (!isLoggedIn) {
      const event = new SignInRequiredEvent({ reason: 'subscribe', tid: item.tid })
      button.dispatchEvent(event)
      if (!event.defaultPrevented) location.assign(signInPath(apiBase))
      return
    }
    const call = starCall(item.tid, subscribed)
    setStarState((s) => ({ ...s, pending: item.tid, error: '' }))
    // Settled after the timeline is gone (another week or page shown), the state update does
    // nothing and the toast still says what the press did.
    subscribeStar(props.cloud, call.tid, call.action, apiBase).then(
      () => {
        setStarState((s) => ({ flags: { ...s.flags, [item.tid]: call.action === 'subscribe' }, pending: null, error: '' }))
        showToast(itemToast(call.action, item.name, locale))
      },
      (error) => setStarState((s) => ({ ...s, pending: null, error: t.starError({ name: item.name, error: errorMessage(error) }) })),
    )
  }

  // The states the rows' markup does not carry, set on its elements after each render that may
  // change them (a slice added, rows rebuilt, or the state itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `markup` and `shown` stand for the row elements the query finds
  useLayoutEffect(() => {
    const el = barAt(tabStop)
    if (!el) return
    el.tabIndex = 0
    return () => {
      el.tabIndex = -1
    }
  }, [tabStop?.row, tabStop?.col, markup, shown])
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useLayoutEffect(() => {
    const el = open ? barAt(active?.pos) : null
    if (!el) return
    el.setAttribute('aria-describedby', popoverId)
    el.dataset.active = 'true'
    return () => {
      el.removeAttribute('aria-describedby')
      delete el.dataset.active
    }
  }, [open, active, popoverId, markup, shown])
  useLayoutEffect(() => {
    if (!tip) return
    tip.el.setAttribute('aria-describedby', tipId)
    return () => tip.el.removeAttribute('aria-describedby')
  }, [tip, tipId])
  // Stars a press changed (or is changing) show their state; the markup has the answer's.
  const starsSet = useRef(new Set<number>())
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useLayoutEffect(() => {
    const tids = starsSet.current
    for (const tid in starState.flags) tids.add(Number(tid))
    if (starState.pending !== null) tids.add(starState.pending)
    for (const tid of tids) {
      const item = itemRows.find((r) => r.item!.tid === tid)?.item
      const stars = gridRef.current?.querySelectorAll<HTMLButtonElement>(`[data-tid="${tid}"] [data-testid="subscribe-star"]`) ?? []
      for (const star of stars) {
        star.setAttribute('aria-pressed', String(item ? isSubscribed(item) : false))
        star.disabled = starState.pending === tid || !item?.status
      }
    }
  }, [starState, markup, shown])

  const popIssue = open ? issueAt(active?.pos) : undefined
  const modalIssue = issueAt(modal?.pos)
  const rowName = (pos: BarPosition) => itemRows[pos.row]?.title ?? ''

  return (
    <>
      {starState.error && (
        <div className={styles.starError} role="alert" data-testid="star-error">
          {starState.error}
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
              <div className={styles.nowLine} style={{ left: `${now}%` }}>
                {/* Near the week's end the label sits left of the line so it stays inside the block. */}
                <span className={styles.nowLabel} style={now > 95 ? { left: 'auto', right: '2px' } : undefined}>
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
          style={{ left: `${tip.left}px`, top: `${tip.top}px` }}
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
          itemName={rowName(modal.pos)}
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

/** The legend: each severity, 'Ongoing' and (data centers, not government) 'Premium data center'. */
export function Legend({ entries }: { entries: readonly LegendEntry[] }) {
  const t = useMessages(cloudStatusMessages)
  return (
    <ul className={styles.legend} aria-label={t.legend} part="legend" data-testid="legend">
      {entries.map((e) => (
        <li key={e.key} className={styles.legendItem} data-kind={e.kind}>
          {e.kind === 'premium' ? (
            <span className={styles.premiumBadge} aria-hidden="true" />
          ) : (
            <span
              className={`${styles.bar} ${styles.swatch} ${styles.kind[e.kind === 'live' ? 'informational' : e.kind]}${e.kind === 'live' ? ` ${styles.live}` : ''}`}
              aria-hidden="true"
            />
          )}
          <span>{e.label}</span>
        </li>
      ))}
    </ul>
  )
}

interface PopoverProps {
  id: string
  anchor: HTMLElement
  issue: StatusIssue
  timezone: string
  popoverRef: { current: HTMLElement | null }
  onEnter: () => void
  onLeave: () => void
  onFullPost: () => void
}

/** Start and end of an issue in the visitor's zone ('Started at' / 'Ended at' in the modal); 'Ongoing' while it has no end. */
function Times({ issue, timezone, modal }: { issue: StatusIssue; timezone: string; modal?: boolean }) {
  const locale = useLocale()
  const t = useMessages(cloudStatusMessages)
  return (
    <dl className={styles.times}>
      <dt>{modal ? t.startedAt : t.start}</dt>
      <dd>{formatTimestamp(issue.startTime, timezone, locale)}</dd>
      <dt>{modal ? t.endedAt : t.end}</dt>
      <dd>{issue.endTime === null ? t.ongoing : formatTimestamp(issue.endTime, timezone, locale)}</dd>
    </dl>
  )
}

/**
 * The popover of a bar (spec §2, §9): title, short description, 'Full Post', start and end;
 * at most 420 × 340 px and scrollable; positioned by Floating UI (`computePosition`) next to its
 * bar, inside the widget (the shadow root on foreign pages).
 */
function IssuePopover({ id, anchor, issue, timezone, popoverRef, onEnter, onLeave, onFullPost }: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null)
  const t = useMessages(cloudStatusMessages)
  // Below the bar, above it when there is no room below, shifted into the viewport; placed again
  // whenever the bar moves (scroll, resize, layout).
  useLayoutEffect(() => {
    const el = ref.current!
    popoverRef.current = el
    const stop = autoUpdate(anchor, el, () =>
      computePosition(anchor, el, {
        strategy: 'fixed',
        placement: 'bottom',
        middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
      }).then(({ x, y }) => {
        el.style.left = `${x}px`
        el.style.top = `${y}px`
      }),
    )
    return () => {
      stop()
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
      <Times issue={issue} timezone={timezone} />
    </div>
  )
}

interface ModalProps {
  issue: StatusIssue
  itemName: string
  severity: string
  timezone: string
  href: string
  refresh: (signal: AbortSignal) => Promise<CloudStatusData>
  onRefreshed: (data: CloudStatusData) => void
  onClose: () => void
}

/** The issue with `id` in a week's answer, if it is still there. */
function findIssue(data: CloudStatusData, id: number): StatusIssue | undefined {
  for (const c of data.category) for (const i of c.subCategory) for (const issue of i.issues) if (issue.id === id) return issue
  return undefined
}

/**
 * The full-post modal (spec §2): severity icon, title linking to the record, Status,
 * description (server HTML through the allow-list of `safeHtml`), Started at, Ended at.
 * Focus moves in and returns to the bar; Escape, the Close button and the backdrop close it;
 * Tab stays inside. 1500 ms after opening the week is fetched again so the modal shows the
 * latest status (spec §9); closing aborts that request.
 */
function IssueModal({ issue: initial, itemName, severity, timezone, href, refresh, onRefreshed, onClose }: ModalProps) {
  const [issue, setIssue] = useState(initial)
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const kind = barKind(issue.severityTid)
  const t = useMessages(cloudStatusMessages)
  const locale = useLocale()

  useLayoutEffect(() => {
    dialogRef.current?.focus()
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: one refresh per opened issue, not again when the parent passes new callbacks
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      refresh(controller.signal)
        .then((data) => {
          if (controller.signal.aborted) return
          const latest = findIssue(data, initial.id)
          if (latest) setIssue(latest)
          onRefreshed(data)
        })
        .catch(() => {
          // The modal keeps what it shows; the timeline's own error state covers failed loads.
        })
    }, MODAL_REFRESH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [initial.id])

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      onClose()
      return
    }
    if (e.key !== 'Tab') return
    const focusable = dialogRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? []
    if (!focusable.length) return
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    const current = focusedIn(dialogRef.current!)
    if (e.shiftKey && (current === first || current === dialogRef.current)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && current === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes the modal for mouse users; keyboard users have Escape and the Close button
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.modal}
        data-testid="issue-modal"
        part="modal"
        onKeyDown={onKeyDown}
      >
        <h3 className={styles.modalTitle} id={titleId}>
          <span className={`${styles.modalIcon} ${styles.kind[kind]}`} aria-hidden="true" />
          <span className={styles.hidden}>{severity}: </span>
          <a href={href}>{issue.title}</a>
        </h3>
        <button type="button" className={styles.close} onClick={onClose} data-testid="modal-close">
          {t.close}
        </button>
        <p className={styles.popoverText}>
          <strong>{itemName}</strong>
        </p>
        <p className={styles.popoverText}>
          <strong>{t.status}</strong> <span data-testid="modal-status">{termName(issue.status, locale)}</span>
        </p>
        <div className={styles.body}>{safeHtml(issue.description)}</div>
        <Times issue={issue} timezone={timezone} modal />
      </div>
    </div>
  )
}

/** Props of {@link CloudStatusWidget} (and attributes of `<trust-cloud-status>`). */
export interface CloudStatusWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** IANA zone overriding the session's (invalid zones are ignored). */
  timezone?: string
  /** See {@link CloudStatusProps.liveNotice} (not an attribute: the shell's React use only). @default true */
  liveNotice?: boolean
  /** See {@link CloudStatusProps.statusBadge} (not an attribute: the shell's React use only). @default true */
  statusBadge?: boolean
}

/**
 * `<trust-cloud-status>`'s component: resolves the cloud (attribute or the page's choice) against
 * the global data for its `cloud_status` flags, domain and the government flag, reads the session
 * (signed in, time zone), and renders {@link CloudStatus}. A failed global load shows both blocks
 * without premium tab (spec §4: failure clears the flags).
 */
export function CloudStatusWidget({ cloud, apiBase = '', timezone, liveNotice, statusBadge }: CloudStatusWidgetProps) {
  const ctx = useWidgetContext(cloud, apiBase, timezone)
  const t = useMessages(cloudStatusMessages)
  if (!ctx.key || ctx.loadingGlobal) {
    return (
      <section className={styles.root} aria-label={t.label}>
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </section>
    )
  }
  return (
    <CloudStatus
      cloud={ctx.cloud!}
      cloudDomain={ctx.cloudDomain!}
      flags={ctx.found?.cloud_status ?? DEFAULT_FLAGS}
      isGov={ctx.isGov}
      isLoggedIn={ctx.isLoggedIn}
      isTrustDR={ctx.isTrustDR}
      timezone={ctx.timezone}
      apiBase={apiBase}
      liveNotice={liveNotice}
      statusBadge={statusBadge}
    />
  )
}
