// `trust-site-kit/status-badge`: the public surface (side-effect free; `./define` registers the tag).
// React hosts render `OverallStatusLine`; other pages define `<trust-status-badge>`.
export { fetchOverallStatus } from '../overall-status/api'
export { OVERALL_ICONS, type OverallKind, type OverallStatus, overallKind } from '../overall-status/model'
export { OverallStatusLine, type OverallStatusLineProps } from '../overall-status/OverallStatusLine'
export { StatusBadgeElement } from './element'
