/**
 * The DOM layer of the data center map: an svgmap world map with data-center markers on top.
 *
 * Browser only — svgmap touches `window` when imported and needs layout — so DcMap.tsx loads this
 * module with a dynamic `import()` from an effect, and unit tests under happy-dom never load it.
 *
 * svgmap colours countries and has no latitude/longitude markers. Markers are SVG groups
 * appended to the `.svg-pan-zoom_viewport` group that svg-pan-zoom (inside svgmap) wraps around
 * the countries, so they pan and zoom with them; positions come from {@link project} (Robinson).
 */
import SvgMap from 'svgmap'
import 'svgmap/style.min'
import type { Locale } from '../../contract/locale'
import { dcMapMessages } from './messages'
import { MARKER_SHAPES, type MapMarker } from './model'
import * as styles from './dc-map.css'

const SVG_NS = 'http://www.w3.org/2000/svg'

/**
 * svgmap 2.21 finds its target (and, when colouring, each country) with
 * `document.getElementById`, which cannot see into the shadow root the drop-in widget renders
 * in. This subclass takes the element itself and leaves out `applyData` (countries are not
 * coloured by data here) and the zoom-with-key notice (it adds document listeners that are
 * never removed). Everything else is svgmap's own `createMap`.
 */
class EmbeddedSvgMap extends SvgMap {
  init(): void {
    const target = this.options.targetElement as HTMLElement
    this.id = this.options.targetElementID
    this.wrapper = target
    target.classList.add('svgMap-wrapper')
    this.container = document.createElement('div')
    this.container.classList.add('svgMap-container')
    target.appendChild(this.container)
    this.mapContainer = document.createElement('div')
    this.mapContainer.classList.add('svgMap-map-container')
    this.container.appendChild(this.mapContainer)
    this.createMap()
  }
}

/** What the map reports about its markers; ids are {@link MapMarker.id}. */
export interface MarkerEvents {
  /** The pointer entered a marker. */
  enter(id: string): void
  /** The pointer left a marker. */
  leave(id: string): void
  /** A marker got keyboard (or programmatic) focus. */
  focus(id: string): void
  /** A marker lost focus. */
  blur(id: string): void
  /** A marker was clicked or tapped, or Enter/Space was pressed on it. */
  toggle(id: string): void
  /** Escape was pressed on a marker. */
  escape(): void
  /** The map panned, zoomed or resized: anything anchored to a marker must follow. */
  viewChange(): void
}

/** A world map with markers, created by {@link createWorldMap}. */
export interface WorldMap {
  /** Replaces the markers (ordered west to east for the arrow keys). */
  setMarkers(markers: readonly MapMarker[]): void
  /** The SVG group of a marker, for anchoring its tooltip. */
  markerElement(id: string): SVGGElement | undefined
  /** Removes the map, its listeners and observers. */
  destroy(): void
}

/** Zoom range, relative to the fitted world (svgmap's defaults are 1…25). */
const MIN_ZOOM = 1
const MAX_ZOOM = 12
/** One wheel step with Ctrl/⌘ (or a pinch on a trackpad). */
const WHEEL_ZOOM_STEP = 1.2
/** A pointer that moved further than this between press and release dragged the map: no click. */
const CLICK_SLOP_PX = 4

let instances = 0

/**
 * Builds the world map inside `host` (which must be in the document and laid out: svg-pan-zoom
 * measures it) and returns a handle to put markers on it.
 *
 * Flags are off (svgmap's default `flagType: 'image'` would load them from a CDN) and so are
 * svgmap's country tooltips. The wheel zooms only with Ctrl or ⌘ held (and on trackpad pinch),
 * so scrolling a page that embeds the map keeps scrolling the page. The markers' group and the
 * zoom buttons are named in `locale` (the markers' own names come with them, `MapMarker.label`).
 */
export function createWorldMap(host: HTMLElement, events: MarkerEvents, locale: Locale): WorldMap {
  const t = dcMapMessages.in(locale).get()
  const map = new EmbeddedSvgMap({
    targetElementID: `trust-dc-map-${++instances}`,
    targetElement: host,
    data: { data: {}, applyData: '', values: {} },
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    initialZoom: 1,
    mouseWheelZoomEnabled: false,
    mouseWheelZoomWithKey: false,
    showTooltips: false,
    showZoomReset: true,
    hideFlag: true,
    flagType: 'emoji',
    flagURL: '',
    staticPins: false,
  })
  const panZoom = map.mapPanZoom
  const svg = map.mapImage
  const viewport = svg.querySelector<SVGGElement>('.svg-pan-zoom_viewport') ?? svg

  const group = document.createElementNS(SVG_NS, 'g')
  group.setAttribute('class', styles.markers)
  group.setAttribute('role', 'group')
  group.setAttribute('aria-label', t.markers)
  viewport.appendChild(group)
  // svgmap raises a hovered country by re-inserting it before its pin group (or at the end):
  // naming the markers its pin group keeps countries underneath them.
  map.pinGroup = group
  // svgmap names its zoom in/out buttons (in English) but not the reset button.
  map.zoomControlIn?.setAttribute('aria-label', t.zoomIn)
  map.zoomControlOut?.setAttribute('aria-label', t.zoomOut)
  map.zoomControlReset?.setAttribute('aria-label', t.reset)

  let items: { el: SVGGElement; marker: MapMarker }[] = []
  const byId = new Map<string, SVGGElement>()
  let scale = 1 / (panZoom.getSizes().realZoom || 1)

  /** Markers keep their size in CSS px whatever the zoom: spread-out cities separate as you zoom in. */
  function placeAll(): void {
    for (const { el, marker } of items) {
      el.setAttribute('transform', `translate(${marker.x.toFixed(2)} ${marker.y.toFixed(2)}) scale(${scale.toFixed(4)})`)
    }
  }

  panZoom.setOnUpdatedCTM((ctm) => {
    const next = 1 / (ctm.a || 1)
    if (Math.abs(next - scale) > 1e-6) {
      scale = next
      placeAll()
    }
    events.viewChange()
  })

  function idOf(target: EventTarget | null): string | undefined {
    const el = target instanceof Element ? target.closest<SVGGElement>('[data-marker]') : null
    return el && group.contains(el) ? (el.dataset.marker ?? undefined) : undefined
  }

  function focusAt(index: number): void {
    const item = items[(index + items.length) % items.length]
    if (!item) return
    for (const other of items) other.el.setAttribute('tabindex', other === item ? '0' : '-1')
    item.el.focus()
    bringIntoView(item.el)
  }

  /** Pans a marker that keyboard focus reached outside the visible map back to the centre. */
  function bringIntoView(el: SVGGElement): void {
    const frame = svg.getBoundingClientRect()
    const box = el.getBoundingClientRect()
    const cx = box.x + box.width / 2
    const cy = box.y + box.height / 2
    if (cx >= frame.left && cx <= frame.right && cy >= frame.top && cy <= frame.bottom) return
    panZoom.panBy({ x: frame.left + frame.width / 2 - cx, y: frame.top + frame.height / 2 - cy })
  }

  let pressedAt: { x: number; y: number } | undefined
  const listeners: [EventTarget, string, EventListener, AddEventListenerOptions?][] = [
    [
      group,
      'pointerover',
      (e) => {
        const id = idOf(e.target)
        const from = idOf((e as PointerEvent).relatedTarget)
        if (id && id !== from) events.enter(id)
      },
    ],
    [
      group,
      'pointerout',
      (e) => {
        const id = idOf(e.target)
        const to = idOf((e as PointerEvent).relatedTarget)
        if (id && id !== to) events.leave(id)
      },
    ],
    [
      group,
      'focusin',
      (e) => {
        const id = idOf(e.target)
        if (!id) return
        // Roving tabindex: the focused marker is the one Tab comes back to.
        for (const { el } of items) el.setAttribute('tabindex', el.dataset.marker === id ? '0' : '-1')
        events.focus(id)
      },
    ],
    [
      group,
      'focusout',
      (e) => {
        const id = idOf(e.target)
        if (id) events.blur(id)
      },
    ],
    [
      group,
      'pointerdown',
      (e) => {
        pressedAt = { x: (e as PointerEvent).clientX, y: (e as PointerEvent).clientY }
      },
    ],
    // pointerup rather than click: svg-pan-zoom cancels touchstart, which suppresses a tap's click.
    [
      group,
      'pointerup',
      (e) => {
        const id = idOf(e.target)
        const pe = e as PointerEvent
        const pressed = pressedAt
        pressedAt = undefined
        if (!id || !pressed || (pe.pointerType === 'mouse' && pe.button !== 0)) return
        if (Math.hypot(pe.clientX - pressed.x, pe.clientY - pressed.y) <= CLICK_SLOP_PX) events.toggle(id)
      },
    ],
    [
      group,
      'keydown',
      (e) => {
        const ke = e as KeyboardEvent
        const id = idOf(ke.target)
        if (!id) return
        const index = items.findIndex((i) => i.marker.id === id)
        let handled = true
        if (ke.key === 'ArrowRight' || ke.key === 'ArrowDown') focusAt(index + 1)
        else if (ke.key === 'ArrowLeft' || ke.key === 'ArrowUp') focusAt(index - 1)
        else if (ke.key === 'Home') focusAt(0)
        else if (ke.key === 'End') focusAt(items.length - 1)
        else if (ke.key === 'Enter' || ke.key === ' ') events.toggle(id)
        else if (ke.key === 'Escape') events.escape()
        else handled = false
        if (handled) ke.preventDefault()
      },
    ],
    [
      host,
      'wheel',
      (e) => {
        const we = e as WheelEvent
        if (!we.ctrlKey && !we.metaKey) return
        we.preventDefault()
        const r = svg.getBoundingClientRect()
        panZoom.zoomAtPointBy(we.deltaY < 0 ? WHEEL_ZOOM_STEP : 1 / WHEEL_ZOOM_STEP, { x: we.clientX - r.left, y: we.clientY - r.top })
      },
      { passive: false },
    ],
  ]
  for (const [target, type, fn, options] of listeners) target.addEventListener(type, fn, options)

  // A new size refits the world. Not svgmap's resetZoomOnResize: its observer is never
  // disconnected, and its reset does nothing while the zoom is at its initial value.
  let lastSize = `${host.clientWidth}x${host.clientHeight}`
  const resize = new ResizeObserver(() => {
    const size = `${host.clientWidth}x${host.clientHeight}`
    if (size === lastSize || host.clientWidth === 0) return
    lastSize = size
    panZoom.resize()
    panZoom.reset()
  })
  resize.observe(host)

  return {
    setMarkers(markers) {
      group.replaceChildren()
      byId.clear()
      const sorted = [...markers].sort((a, b) => a.x - b.x || a.y - b.y)
      items = sorted.map((marker, i) => {
        const el = document.createElementNS(SVG_NS, 'g')
        el.setAttribute('class', `${styles.marker} ${styles.markerKind[marker.kind]}`)
        el.dataset.marker = marker.id
        el.dataset.kind = marker.kind
        el.setAttribute('role', 'button')
        el.setAttribute('aria-label', marker.label)
        el.setAttribute('aria-expanded', 'false')
        el.setAttribute('tabindex', i === 0 ? '0' : '-1')
        const shape = document.createElementNS(SVG_NS, 'path')
        shape.setAttribute('d', MARKER_SHAPES[marker.kind])
        el.appendChild(shape)
        if (marker.kind === 'multiple') {
          const count = document.createElementNS(SVG_NS, 'text')
          count.setAttribute('class', styles.markerCount)
          count.setAttribute('aria-hidden', 'true')
          count.textContent = String(marker.datacenters.length)
          el.appendChild(count)
        }
        group.appendChild(el)
        byId.set(marker.id, el)
        return { el, marker }
      })
      placeAll()
    },
    markerElement: (id) => byId.get(id),
    destroy() {
      resize.disconnect()
      for (const [target, type, fn, options] of listeners) target.removeEventListener(type, fn, options)
      panZoom.setOnUpdatedCTM(null)
      panZoom.destroy()
      host.replaceChildren()
      host.classList.remove('svgMap-wrapper')
    },
  }
}
