/** Texts of `<trust-cloud-picker>` (docs/requirements/states.md#cloud-choice; docs/languages-and-themes.md). */
import { defineMessages } from '../../contract/i18n/index.js'

export const cloudPickerMessages = /* @__PURE__ */ defineMessages('cloudPicker', {
  label: 'Cloud',
  choose: 'Choose a cloud',
  loading: 'Loading clouds…',
})
