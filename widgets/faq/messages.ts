/** Texts of the FAQ widget (docs/requirements/screens.md#faq, docs/requirements/validation.md#faq-search; docs/languages-and-themes.md). */
import { count, defineMessages, params } from '../../contract/i18n/index.js'

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
