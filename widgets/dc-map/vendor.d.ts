/**
 * Types for the parts of two untyped packages the data center map uses. Only what this widget
 * touches is declared; svgmap's internals (`init`, `createMap`, the element fields) are pinned
 * to the 2.21 line in package.json because map-view.ts builds on them.
 */

declare module 'd3-geo-projection' {
  /**
   * Robinson's raw projection: λ and φ in radians → `[λ·X(φ), 1.5934·Y(φ)]` (unitless).
   * The default export of d3's `robinson.js`, without d3-geo's projection pipeline.
   */
  export function geoRobinsonRaw(lambda: number, phi: number): [number, number]
}

declare module 'svgmap' {
  /** svg-pan-zoom's public instance, as far as the map uses it. */
  export interface SvgPanZoom {
    /** Real zoom: CSS px per SVG unit. */
    getSizes(): { width: number; height: number; realZoom: number; viewBox: { x: number; y: number; width: number; height: number } }
    setOnUpdatedCTM(fn: ((ctm: DOMMatrix) => void) | null): SvgPanZoom
    zoomAtPointBy(scale: number, point: { x: number; y: number }): SvgPanZoom
    panBy(point: { x: number; y: number }): SvgPanZoom
    /** Re-measures the SVG and recomputes the fitted state (without applying it). */
    resize(): SvgPanZoom
    /** Back to the fitted, centred state. */
    reset(): SvgPanZoom
    destroy(): void
  }

  /** The options this widget passes (svgmap has many more). */
  export interface SvgMapOptions {
    targetElementID: string
    data: { data: Record<string, unknown>; applyData: string; values: Record<string, unknown> }
    allowInteraction?: boolean
    minZoom?: number
    maxZoom?: number
    initialZoom?: number
    mouseWheelZoomEnabled?: boolean
    mouseWheelZoomWithKey?: boolean
    colorNoData?: string
    flagType?: 'image' | 'emoji'
    flagURL?: string
    hideFlag?: boolean
    showTooltips?: boolean
    showZoomReset?: boolean
    resetZoomOnResize?: boolean
    staticPins?: boolean
    [option: string]: unknown
  }

  export default class SvgMap {
    constructor(options: SvgMapOptions)
    options: SvgMapOptions
    id: string
    wrapper: HTMLElement
    container: HTMLElement
    mapContainer: HTMLElement
    mapWrapper: HTMLElement
    mapImage: SVGSVGElement
    mapPanZoom: SvgPanZoom
    /** Where svgmap inserts raised (hovered) countries before; its static pins' group. */
    pinGroup?: SVGGElement
    zoomControlIn?: HTMLButtonElement
    zoomControlOut?: HTMLButtonElement
    zoomControlReset?: HTMLButtonElement
    init(): void
    createMap(): void
    applyData(data: SvgMapOptions['data']): void
  }
}

/** svgmap's stylesheet (package export `./style.min`); the build collects plain CSS imports. */
declare module 'svgmap/style.min' {}
