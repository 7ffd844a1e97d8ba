// `trust-site-kit/dc-map`: the public surface (side-effect free; `./define` registers the tag).
export { fetchDcMap } from './api'
export { DcMap, DcMapWidget } from './DcMap'
export type { DcMapProps, DcMapWidgetProps, WorldMapFactory } from './DcMap'
export { DcMapElement } from './element'
