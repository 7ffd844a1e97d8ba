export { fetchDcMap, parseDcMapAnswer } from './api'
export { DcMap, DcMapWidget, DISCLAIMER, Legend, MarkerDetails, NO_DATA_MESSAGE } from './DcMap'
export type { DcMapProps, DcMapWidgetProps, WorldMapFactory } from './DcMap'
export { DcMapElement } from './element'
export {
  legendEntries,
  MARKER_SHAPES,
  markerKind,
  markerLabel,
  MERGE_DISTANCE_DEG,
  mergeMarkers,
  placeTooltip,
  project,
  ROBINSON_FIT,
  VIEWBOX,
} from './model'
export type { Box, LegendEntry, MapMarker, MarkerKind, SvgPoint, TooltipPlacement, VariantOptions } from './model'
