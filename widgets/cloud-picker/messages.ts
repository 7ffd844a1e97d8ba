/** Texts of `<trust-cloud-picker>` (spec §4 Cloud choice; issue 25). */
import { defineMessages } from '../core/i18n/index'

export const cloudPickerMessages = /* @__PURE__ */ defineMessages('cloudPicker', {
  label: 'Cloud',
  choose: 'Choose a cloud',
  loading: 'Loading clouds…',
})
