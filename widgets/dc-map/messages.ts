/** Texts of `<trust-dc-map>` (docs/requirements/screens.md#data-center-map, docs/requirements/constants.md#map; docs/languages-and-themes.md). City and data-center names are data. */
import { count, defineMessages } from '../../contract/i18n/index.js'

export const dcMapMessages = /* @__PURE__ */ defineMessages('dcMap', {
  label: 'Data center map',
  loading: 'Loading data centers…',
  noData: 'Data is not available for this cloud.',
  disclaimer: 'This map shows major cities with public data centers, not the full footprint of over 150 locations.',
  loadingMap: 'Loading map…',
  failed: 'The map could not be shown.',
  premium: 'Premium',
  legend: 'Legend',
  dc: 'Data center',
  surcharge: 'Regional surcharge',
  premiumDc: 'Premium data center',
  multiple: 'Multiple data centers',
  dcs: count({ one: '{count} data center', other: '{count} data centers' }),
  isDc: 'data center',
  isSurcharge: 'data center with regional surcharge',
  isPremium: 'premium data center',
  markers: 'Data center locations. Use the arrow keys to move between them.',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  reset: 'Reset zoom',
})
