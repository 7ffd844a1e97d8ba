/** Texts of the overall status line (issue 24 item 2; issue 25), by the line's kind. */
import { OVERALL_STATUS_TEXT } from '../../contract/constants'
import { defineMessages } from '../core/i18n/index'

export const overallMessages = /* @__PURE__ */ defineMessages('overallStatus', {
  ...OVERALL_STATUS_TEXT,
  checking: 'Checking the overall status…',
  failed: 'The overall status could not be loaded.',
})
