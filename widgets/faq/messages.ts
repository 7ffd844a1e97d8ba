/** Texts of the FAQ widget (spec §2 FAQ, §5 FAQ search; issue 25). */
import { count, defineMessages, params } from '../core/i18n/index'

export const faqMessages = /* @__PURE__ */ defineMessages('faq', {
  faq: 'FAQ',
  search: 'Search the FAQ',
  hint: params('At least {min} characters; Enter goes to the first match.'),
  expand: 'Expand all',
  collapse: 'Collapse all',
  none: 'No matches',
  matches: count({ one: '{count} match', other: '{count} matches' }),
  question: 'Question',
  loading: 'Loading the FAQ…',
})
