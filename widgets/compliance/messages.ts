/** Texts of the compliance widget (docs/requirements/screens.md#compliance, docs/requirements/errors.md; docs/languages-and-themes.md). */
import { defineMessages } from '../../contract/i18n/index.js'

export const complianceMessages = /* @__PURE__ */ defineMessages('compliance', {
  loading: 'Loading compliance information…',
  empty: 'No rows',
  caption: 'Authorizations and estimated approval dates',
  description: 'Description',
  date: 'Estimated approval date',
})
