/** Texts of the status pages of the shell: Home, Cloud Status, Data Center Map (docs/requirements/screens.md; docs/languages-and-themes.md). */
import { defineMessages, params } from '../../../contract/i18n/index.js'

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

/** Texts of the third-party block (docs/operating/console-and-desk.md#third-party-components): upstream pages the vendor depends on. */
export const thirdPartyMessages = /* @__PURE__ */ defineMessages('shell.pages.cloudStatus.thirdParty', {
  title: 'Third-party components',
  intro: 'Services this cloud depends on, as their own status pages report them.',
  badge: 'Third-party',
  source: params('Source: {url}'),
  checked: params('Checked {time}'),
  unknownSince: params('Status unknown since {time}: the provider’s status page cannot be read.'),
  unknown: 'Status unknown',
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  subscribe: params('Subscribe to {name}'),
  unsubscribe: params('Unsubscribe from {name}'),
  subscribed: 'Subscribed',
  notSubscribed: 'Subscribe',
  failed: params('{name}: the change was not saved. {error}'),
})
