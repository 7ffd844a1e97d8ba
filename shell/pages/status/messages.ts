/** Texts of the status pages of the shell: Home, Cloud Status, Data Center Map (spec §2; issue 25). */
import { defineMessages, params } from '../../../widgets/core/i18n/index'

export const homeMessages = /* @__PURE__ */ defineMessages('shell.pages.home', {
  loading: 'Loading cloud information…',
  activity: 'Activity in the last 24 hours',
  /** `{link}` stands for the link named `policy`. */
  note: 'Our commitment to keeping the service available is described in the {link}.',
  policy: 'service continuity policy',
  scriptFailed: params('The widget script {src} could not be loaded.'),
})

export const cloudStatusPageMessages = /* @__PURE__ */ defineMessages('shell.pages.cloudStatus', {
  title: 'Cloud Status',
})

export const dcMapPageMessages = /* @__PURE__ */ defineMessages('shell.pages.dcMap', {
  title: 'Data Center Map',
})
