// `trust-site-kit/speedometer`: the public surface (side-effect free; `./define` registers the tag).
export { fetchSpeedometer } from './api'
export { SpeedometerElement } from './element'
export { Speedometer, SpeedometerWidget } from './Speedometer'
export type { SpeedometerProps, SpeedometerWidgetProps } from './Speedometer'
