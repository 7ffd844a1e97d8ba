// `trust-site-kit/faq`: the public surface (side-effect free; `./define` registers the tag).
export { fetchFaq } from './api'
export { FaqElement } from './element'
export { Faq, FaqWidget } from './Faq'
export type { FaqProps, FaqWidgetProps } from './Faq'
