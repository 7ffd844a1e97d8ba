/** Texts of the overall status line (docs/statuspage-api.md; docs/languages-and-themes.md), by the line's kind. */
import { OVERALL_STATUS_TEXT } from '../../contract/constants'
import { defineMessages } from '../../contract/i18n/index.js'

export const overallMessages = /* @__PURE__ */ defineMessages('overallStatus', {
  ...OVERALL_STATUS_TEXT,
  checking: 'Checking the overall status…',
  failed: 'The overall status could not be loaded.',
})
