// `trust-site-kit/compliance`: the public surface (side-effect free; `./define` registers the tag).
export { fetchCompliance } from './api'
export { Compliance, ComplianceWidget } from './Compliance'
export type { ComplianceProps, ComplianceWidgetProps } from './Compliance'
export { ComplianceElement } from './element'
