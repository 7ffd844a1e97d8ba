/** Texts of the compliance widget (spec §2 Compliance, §8; issue 25). */
import { defineMessages } from '../core/i18n/index'

export const complianceMessages = /* @__PURE__ */ defineMessages('compliance', {
  loading: 'Loading compliance information…',
  empty: 'No rows',
  caption: 'Authorizations and estimated approval dates',
  description: 'Description',
  date: 'Estimated approval date',
})
