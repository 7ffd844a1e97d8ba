// `trust-site-kit/cloud-status`: the public surface (side-effect free; `./define` registers the tag).
export { fetchCloudStatus, subscribeStar } from './api'
export type { CloudStatusQuery } from './api'
export { CloudStatus, CloudStatusWidget, SignInRequiredEvent } from './CloudStatus'
export type { CloudStatusProps, CloudStatusWidgetProps, SignInRequiredDetail } from './CloudStatus'
export { CloudStatusElement } from './element'
