import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { MapDataCenter } from '../../contract/global'
import type { Locale } from '../../contract/locale'
import type { HostProps } from '../core/element'
import { useLocale, useMessages } from '../core/i18n/react'
import { useGlobal, useCloudKey, useResource } from '../core/react'
import { LoadState } from '../core/ui'
import { fetchDcMap } from './api'
import type { MarkerEvents, WorldMap } from './map-view'
import { dcMapMessages } from './messages'
import { legendEntries, MARKER_SHAPES, mergeMarkers, placeTooltip, type MapMarker, type MarkerKind } from './model'
import * as styles from './dc-map.css'

/** The empty state of the map, English (docs/requirements/screens.md#data-center-map, docs/requirements/errors.md#empty-states); shown in the widget's locale. */
export const NO_DATA_MESSAGE = dcMapMessages.base.noData

/** What the map shows and what it does not, English (docs/requirements/screens.md#data-center-map); shown in the widget's locale. */
export const DISCLAIMER = dcMapMessages.base.disclaimer

/** How long a tooltip stays after the pointer leaves its marker, ms (docs/requirements/constants.md: popover close delay 300 ms). */
const HIDE_DELAY_MS = 300

/** Builds the world map in `host`, its controls named in `locale`; see map-view.ts. */
export type WorldMapFactory = (host: HTMLElement, events: MarkerEvents, locale: Locale) => WorldMap

/** Loads svgmap and the map layer only in the browser, when a map is first shown. */
const loadWorldMap = (): Promise<WorldMapFactory> => import('./map-view').then((m) => m.createWorldMap)

/** Props of {@link DcMap}. */
export interface DcMapProps {
  /** The data centers of the cloud (`GET /api/dc_map/{cloud}` → `data.datacenters`). */
  datacenters: readonly MapDataCenter[]
  /** Government variant: no premium markers or legend entry (docs/requirements/product.md Variants). */
  isGov: boolean
  /**
   * Loads the map layer. Tests pass a fake; the default imports svgmap on first use.
   * @default dynamic import of map-view.ts
   */
  loadMap?: () => Promise<WorldMapFactory>
}

/**
 * The data center map (docs/requirements/screens.md#data-center-map, docs/requirements/constants.md#map): a 650 px world map with one marker per
 * group of nearby data centers, a tooltip per marker on hover, tap and keyboard focus, a legend
 * that names every symbol, and the disclaimer. With no data centers it shows the alert
 * 'Data is not available for this cloud.' instead.
 *
 * Nothing is loaded from other sites: svgmap's flags are off and its stylesheet is bundled.
 */
export function DcMap({ datacenters, isGov, loadMap = loadWorldMap }: DcMapProps) {
  const t = useMessages(dcMapMessages)
  if (datacenters.length === 0) {
    return (
      <p className={styles.noData} role="alert">
        {t.noData}
      </p>
    )
  }
  return <DcMapView datacenters={datacenters} isGov={isGov} loadMap={loadMap} />
}

/** Which marker's tooltip is open; `pinned` when opened by a click, tap, Enter or Space. */
type Active = { id: string; pinned: boolean } | null

function DcMapView({ datacenters, isGov, loadMap }: Required<DcMapProps>) {
  const locale = useLocale()
  const t = useMessages(dcMapMessages)
  const markers = useMemo(() => mergeMarkers(datacenters, { isGov, locale }), [datacenters, isGov, locale])
  const legend = useMemo(() => legendEntries(markers, { isGov, locale }), [markers, isGov, locale])
  const byId = useMemo(() => new Map(markers.map((m) => [m.id, m])), [markers])

  const frameRef = useRef<HTMLDivElement>(null)
  const hostRef = useRef<HTMLDivElement>(null)
  const tooltipRef = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<WorldMap | null>(null)
  const [failed, setFailed] = useState(false)
  const [active, setActive] = useState<Active>(null)
  const activeRef = useRef<Active>(null)
  activeRef.current = active
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const tooltipId = useId()

  const cancelHide = useCallback(() => clearTimeout(hideTimer.current), [])
  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current)
    hideTimer.current = setTimeout(() => {
      if (!activeRef.current?.pinned) setActive(null)
    }, HIDE_DELAY_MS)
  }, [])

  /** Puts the tooltip next to its marker, or hides it while the marker is panned out of view. */
  const position = useCallback(() => {
    const tip = tooltipRef.current
    const frame = frameRef.current
    const id = activeRef.current?.id
    const el = id ? map?.markerElement(id) : undefined
    if (!tip || !frame || !el) return
    const f = frame.getBoundingClientRect()
    const a = el.getBoundingClientRect()
    const anchor = { x: a.x - f.x, y: a.y - f.y, width: a.width, height: a.height }
    const outside = anchor.x + anchor.width < 0 || anchor.y + anchor.height < 0 || anchor.x > f.width || anchor.y > f.height
    const place = placeTooltip(anchor, { width: tip.offsetWidth, height: tip.offsetHeight }, { width: f.width, height: f.height })
    tip.style.transform = `translate(${Math.round(place.left)}px, ${Math.round(place.top)}px)`
    tip.style.visibility = outside ? 'hidden' : 'visible'
    tip.dataset.side = place.side
  }, [map])

  // Events from the map layer read the latest state through refs, so the map is built once.
  const positionRef = useRef(position)
  positionRef.current = position
  const events = useMemo<MarkerEvents>(
    () => ({
      enter(id) {
        cancelHide()
        if (!activeRef.current?.pinned) setActive({ id, pinned: false })
      },
      leave() {
        scheduleHide()
      },
      focus(id) {
        cancelHide()
        if (activeRef.current?.id !== id) setActive({ id, pinned: false })
      },
      blur() {
        if (!activeRef.current?.pinned) setActive(null)
      },
      toggle(id) {
        cancelHide()
        const current = activeRef.current
        setActive(current?.id === id && current.pinned ? null : { id, pinned: true })
      },
      escape() {
        setActive(null)
      },
      viewChange() {
        positionRef.current()
      },
    }),
    [cancelHide, scheduleHide],
  )

  // Build the map once; svgmap has no destroy of its own, map-view's handle removes everything.
  useEffect(() => {
    let cancelled = false
    let handle: WorldMap | undefined
    loadMap()
      .then((create) => {
        if (cancelled || !hostRef.current) return
        handle = create(hostRef.current, events, locale)
        setMap(handle)
      })
      .catch((error) => {
        console.error('Data center map: the map could not be loaded.', error)
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
      handle?.destroy()
      clearTimeout(hideTimer.current)
    }
  }, [loadMap, events, locale])

  // A layout effect, so the markers exist before the tooltip effect below looks them up.
  useLayoutEffect(() => {
    map?.setMarkers(markers)
  }, [map, markers])

  // A reload may drop the marker whose tooltip was open.
  useEffect(() => {
    if (active && !byId.has(active.id)) setActive(null)
  }, [active, byId])

  // Mirror the open tooltip on its marker and place the tooltip once it has its size.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markers are new elements, so the open tooltip's attributes are set again on them
  useLayoutEffect(() => {
    if (!map || !active) return
    const el = map.markerElement(active.id)
    el?.setAttribute('aria-expanded', 'true')
    el?.setAttribute('aria-describedby', tooltipId)
    position()
    return () => {
      el?.setAttribute('aria-expanded', 'false')
      el?.removeAttribute('aria-describedby')
    }
  }, [map, markers, active, position, tooltipId])

  // A pinned tooltip closes on a press anywhere but its marker or itself.
  useEffect(() => {
    if (!active?.pinned) return
    const onDown = (e: PointerEvent) => {
      const path = e.composedPath()
      const el = map?.markerElement(active.id)
      if ((el && path.includes(el)) || (tooltipRef.current && path.includes(tooltipRef.current))) return
      setActive(null)
    }
    document.addEventListener('pointerdown', onDown, true)
    return () => document.removeEventListener('pointerdown', onDown, true)
  }, [active, map])

  const shown = active ? byId.get(active.id) : undefined

  return (
    <div className={styles.root}>
      <p className={styles.disclaimer}>{t.disclaimer}</p>
      <div className={styles.frame} ref={frameRef} part="map">
        <div className={styles.mapHost} ref={hostRef} />
        {!map && !failed && (
          <div className={styles.status} role="status" aria-live="polite">
            {t.loadingMap}
          </div>
        )}
        {failed && (
          <div className={styles.status} role="alert">
            {t.failed}
          </div>
        )}
        {shown && (
          <div
            ref={tooltipRef}
            id={tooltipId}
            className={styles.tooltip}
            role="tooltip"
            part="tooltip"
            style={{ visibility: 'hidden' }}
            onPointerEnter={cancelHide}
            onPointerLeave={() => {
              if (!activeRef.current?.pinned) scheduleHide()
            }}
          >
            <MarkerDetails marker={shown} isGov={isGov} />
          </div>
        )}
      </div>
      <Legend entries={legend} />
    </div>
  )
}

/** The tooltip's content: the city (or cities) and each data center with its tags. */
export function MarkerDetails({ marker, isGov }: { marker: MapMarker; isGov: boolean }) {
  const t = useMessages(dcMapMessages)
  const cities = [...new Set(marker.datacenters.map((dc) => dc.city || dc.name))].join(', ')
  return (
    <>
      <p className={styles.tooltipTitle}>{cities}</p>
      <ul className={styles.tooltipList}>
        {marker.datacenters.map((dc) => (
          <li key={dc.name}>
            {dc.name}
            {dc.premium_dc === 1 && !isGov && <span className={styles.tooltipTag}>{t.premium}</span>}
            {dc.regional_surcharge === 1 && <span className={styles.tooltipTag}>{t.surcharge}</span>}
          </li>
        ))}
      </ul>
    </>
  )
}

/** One symbol as drawn on the map, at legend size. */
function LegendSymbol({ kind }: { kind: MarkerKind }) {
  return (
    <svg className={`${styles.legendSymbol} ${styles.markerKind[kind]}`} width="22" height="22" viewBox="-11 -11 22 22" aria-hidden="true">
      <path d={MARKER_SHAPES[kind]} />
    </svg>
  )
}

/** The legend: every symbol on the map with its name (never colour alone). */
export function Legend({ entries }: { entries: ReturnType<typeof legendEntries> }) {
  const t = useMessages(dcMapMessages)
  return (
    <ul className={styles.legend} aria-label={t.legend} part="legend">
      {entries.map((e) => (
        <li key={e.kind} className={styles.legendItem} data-kind={e.kind}>
          <LegendSymbol kind={e.kind} />
          <span>{e.label}</span>
        </li>
      ))}
    </ul>
  )
}

/** Map loading failures are logged as well as shown (docs/requirements/errors.md: banner, map and calendar log to the console). */
function logFailure(error: unknown): never {
  if ((error as Error | undefined)?.name !== 'AbortError') console.error('Data center map: loading failed.', error)
  throw error
}

/** Props of {@link DcMapWidget} (and attributes of `<trust-dc-map>`). */
export interface DcMapWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
}

/**
 * Loads `GET /api/dc_map/{cloud}` and shows the map, the 'Data is not available for this cloud.'
 * alert, or a retryable error (docs/requirements/screens.md#data-center-map, docs/requirements/errors.md). The government flag comes from the
 * global data load; the map waits for it so premium markers never flash on the government
 * variant, and a failed global load counts as not government (docs/requirements/states.md: failure clears the flags).
 */
export function DcMapWidget({ cloud, apiBase = '' }: DcMapWidgetProps) {
  const key = useCloudKey(cloud, apiBase)
  const global = useGlobal(apiBase)
  const state = useResource(
    (signal) => (key ? fetchDcMap(key, { apiBase, signal }).catch(logFailure) : new Promise<never>(() => {})),
    [key, apiBase],
  )
  const variantKnown = global.data !== undefined || global.error !== undefined
  const isGov = global.data?.isGov ?? false
  const gated = variantKnown || state.status === 'error' ? state : { ...state, status: 'loading' as const, data: undefined }
  const t = useMessages(dcMapMessages)
  return (
    <section className={styles.root} aria-label={t.label}>
      <LoadState state={gated} loadingLabel={t.loading}>
        {(data) => <DcMap datacenters={data.datacenters} isGov={isGov} />}
      </LoadState>
    </section>
  )
}
