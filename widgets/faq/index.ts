export { fetchFaq, isBasicPageData } from './api'
export { FaqElement } from './element'
export { Faq, FaqContent, FaqWidget } from './Faq'
export type { FaqContentProps, FaqProps, FaqWidgetProps } from './Faq'
export {
  allOpen,
  effectiveTerm,
  HASH_OPEN_DELAY_MS,
  hashId,
  isAllOpen,
  matchRanges,
  matchSummary,
  openAnchor,
  parseFaq,
  searchFaq,
  SEARCH_MIN_LENGTH,
  slugify,
  splitMatches,
} from './model'
export type { FaqQuestion, FaqSearch, FaqSection, OpenState } from './model'
