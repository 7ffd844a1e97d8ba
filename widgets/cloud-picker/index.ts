// `trust-site-kit/cloud-picker`: the public surface (side-effect free; `./define` registers the tag).
export { CloudPicker } from './CloudPicker'
export type { CloudPickerProps } from './CloudPicker'
export { CloudPickerElement } from './element'
export { CloudChangeEvent } from './events'
export type { CloudChangeDetail } from './events'
